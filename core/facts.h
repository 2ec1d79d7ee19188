/* core/facts.h: the names of the fairness facts a manifest records per subject
 * (docs/FORMATS.md, results/manifest.json "subjects"), in the order the report shows
 * them: analyze writes them (analyze/provenance/manifest_facts.c), render shows them
 * (render/report/report_prov.c), so the two cannot disagree. */
#ifndef CORE_FACTS_H
#define CORE_FACTS_H

#include <stddef.h>

/* FACT_UNKNOWN: the value of a fact no run records. */
#define FACT_UNKNOWN "unknown"

extern const char *const fact_names[];
extern const size_t fact_count;

/* fact_setting[k]: 1 when fact k is a setting that changes what is measured (the endpoint's
 * scheme, addressing and region, TLS and HTTP versions, signing, checksums, client count,
 * connections, TCP_NODELAY, the upload data), 0 for a fact of the place (endpoint host, the
 * client machine, library versions, certificate checking): in a merge of vantages a subject
 * whose setting differs between vantages ran differently there (docs/FORMATS.md,
 * "vantages_differ"). */
extern const unsigned char fact_setting[];

#endif

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

#endif

/* core/results/results_staleness.h: aggregate.json staleness[] (docs/FORMATS.md,
 * "staleness[]"; docs/METHODOLOGY.md, "Consistency windows"): what each subject's
 * consistency probes found, as analyze summed them from the campaign's consistency.json.
 * One record per subject probed (a subject is an index of the document's subjects[]), its
 * kinds of probe in the probes' order, each with its counts and the inconsistency windows
 * of its violations. Absent in files analyzed without a consistency.json: none. */
#ifndef CORE_RESULTS_STALENESS_H
#define CORE_RESULTS_STALENESS_H

#include <stddef.h>

#include <jansson.h>

#include "core/jread.h"

struct results;

/* staleness[].kinds[]: one kind of probe. */
struct results_stale_kind {
	char *kind;           /* "read-after-overwrite", ... (consistency.json's names) */
	long long probes;     /* the probes judged: strong, stale or timed out */
	long long violations; /* those that saw the old state at least once */
	long long timeouts;   /* of those, the ones still seeing it at max_wait */
	long long untested;   /* probes with no verdict (a failed request) */
	double max_ms;        /* the longest window (NAN: no violation) */
	double median_ms;     /* the violations' median window (NAN: none) */
	double stale_max_ms;  /* the longest the old state was seen (the last stale poll; NAN:
				 none) */
	double *windows_ms;   /* each violation's window, ascending */
	size_t n_windows;
};

/* staleness[]: one subject's consistency probes. */
struct results_staleness {
	int subject;
	char *probed;   /* when the probes started (RFC 3339 UTC) */
	char *error;    /* "" when they ran, else why not */
	char *cleanup;  /* "" when everything they wrote was removed, else what was left */
	double poll_ms; /* the interval between polls (the windows' resolution) */
	double max_wait_ms;
	long long repeat;
	struct results_stale_kind *kinds;
	size_t n_kinds;
};

/* The functions of the record, as results_head.h says. */
json_t *results_staleness_to_json(const struct results_staleness *s, const struct results *doc);
int results_staleness_from_json(struct jread *r, const json_t *o, const char *where,
				struct results_staleness *s);
void results_staleness_free(struct results_staleness *s);

#endif

/* analyze/cells/inclusion.h: which runs count, and which figure a cell shows.
 *
 * The rule and the policies are stated in docs/METHODOLOGY.md; inclusion_rule_text
 * is the same rule in one paragraph, copied into aggregate.json for the report. */
#ifndef ANALYZE_INCLUSION_H
#define ANALYZE_INCLUSION_H

#include <stddef.h>

#include "analyze/read/runlog.h"
#include "analyze/cells/stats.h"

enum policy {
	POLICY_MEAN,         /* arithmetic mean of the valid runs */
	POLICY_MEDIAN,       /* median of the valid runs */
	POLICY_BEST,         /* best-of-N: the highest single valid run */
	POLICY_BEST_OF_MEANS /* the highest mean of a group of `repeat` consecutive cycles
				(analyze/cells/groups.h) */
};

/* inclusion_policy_parse: "mean", "median", "best" or "best-of-means" into *out; -1 for
 * anything else. */
int inclusion_policy_parse(const char *s, enum policy *out);

/* inclusion_policy_name: the policy as spelled on the command line and in aggregate.json. */
const char *inclusion_policy_name(enum policy p);

/* inclusion_policy_value: the figure policy p picks from the statistics of a cell's valid
 * runs: st->mean, st->median or st->max; st->mean for best-of-means, whose cells of
 * cycle runs then take the figure of their groups of cycles (analyze/cells/groups.h). NaN (no value)
 * when st->n is 0 or below min_samples. */
double inclusion_policy_value(enum policy p, const struct stats *st, size_t min_samples);

/* inclusion_rule_text: the default inclusion rule in one paragraph (static). */
const char *inclusion_rule_text(void);

struct verdict {
	int included;     /* 1 when the run counts */
	char cls[32];     /* failure class of an excluded run ("timeout"), else "" */
	char reason[512]; /* why an excluded run does not count, else "" */
};

/* inclusion_decide: apply the default rule to r. A run counts when it has a final
 * summary whose obj/s is finite and > 0 and whose MiB/s is finite and >= 0, and
 * > 0 unless the run moved no body bytes (HEAD, LIST, DELETE, zero-byte PUT).
 * The wrapper's exit code and timeout are not looked at when a summary exists.
 * An excluded run gets its class (errors.class; else "timeout" when the wrapper
 * timed out, "killed" on a signal, else "crashed") and a reason ("no final
 * summary: " + the first error text, or what was invalid). Never fails. */
void inclusion_decide(const struct runlog *r, struct verdict *out);

#endif

/* analyze/cells/inclusion.c: see inclusion.h. */
#include "analyze/cells/inclusion.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const policy_names[] = {
	[POLICY_MEAN] = "mean",
	[POLICY_MEDIAN] = "median",
	[POLICY_BEST] = "best",
	[POLICY_BEST_OF_MEANS] = "best-of-means",
};

int inclusion_policy_parse(const char *s, enum policy *out)
{
	for (size_t i = 0; i < sizeof(policy_names) / sizeof(policy_names[0]); i++)
		if (strcmp(s, policy_names[i]) == 0) {
			*out = (enum policy)i;
			return 0;
		}
	return -1;
}

const char *inclusion_policy_name(enum policy p)
{
	if ((int)p < 0 || (size_t)p >= sizeof(policy_names) / sizeof(policy_names[0]))
		return "";
	return policy_names[p];
}

double inclusion_policy_value(enum policy p, const struct stats *st, size_t min_samples)
{
	if (st->n == 0 || st->n < min_samples)
		return NAN;
	switch (p) {
	case POLICY_MEAN:
	case POLICY_BEST_OF_MEANS:
		return st->mean;
	case POLICY_MEDIAN:
		return st->median;
	case POLICY_BEST:
		return st->max;
	}
	return NAN;
}

const char *inclusion_rule_text(void)
{
	return "A run counts when it has a complete final summary with a valid numeric "
	       "throughput (obj/s finite and above zero; MiB/s finite and above zero, or "
	       "zero when the operation moves no body bytes). A non-zero wrapper exit code "
	       "or a wrapper timeout does not by itself exclude a run that has a final "
	       "summary. Runs without a final summary (failed prepare, service unavailable, "
	       "DNS or I/O timeouts, killed or crashed runs) are excluded, listed with their "
	       "failure class and first error, and never counted as zero, and so is a run "
	       "whose reads = once objects ran out before its bound (class exhausted: it "
	       "measured a shorter run than asked); each cell shows its number of valid runs "
	       "(n) against the number of cycles (expected).";
}

/* exclusion_class: the class an excluded run is listed under. */
static const char *exclusion_class(const struct runlog *r)
{
	if (r->err_class != NULL && r->err_class[0] != '\0')
		return r->err_class;
	if (r->timed_out)
		return "timeout";
	if (r->signal != 0)
		return "killed";
	return "crashed";
}

void inclusion_decide(const struct runlog *r, struct verdict *out)
{
	const struct run_summary *s = &r->summary;

	memset(out, 0, sizeof(*out));
	if (!r->has_summary) {
		snprintf(out->cls, sizeof(out->cls), "%s", exclusion_class(r));
		if (strcmp(out->cls, "budget") == 0)
			snprintf(out->reason, sizeof(out->reason),
				 "not run: its subject's spend had passed max_cost (never run, "
				 "not a failure)");
		else if (r->first_error != NULL)
			snprintf(out->reason, sizeof(out->reason), "no final summary: %s",
				 r->first_error);
		else if (r->timed_out)
			snprintf(out->reason, sizeof(out->reason),
				 "no final summary: the run exceeded its time limit");
		else if (r->signal != 0)
			snprintf(out->reason, sizeof(out->reason),
				 "no final summary: killed by signal %d", r->signal);
		else
			snprintf(out->reason, sizeof(out->reason),
				 "no final summary (benchmark phase: %s, exit code %d)",
				 r->bench_phase ? r->bench_phase : "unknown", r->exit_code);
		return;
	}
	if (r->err_class != NULL && strcmp(r->err_class, "exhausted") == 0) {
		snprintf(out->cls, sizeof(out->cls), "exhausted");
		snprintf(out->reason, sizeof(out->reason),
			 "reads = once: the prepared objects ran out before the run's bound, so "
			 "it measured a shorter run than asked%s%s",
			 r->first_error ? ": " : "", r->first_error ? r->first_error : "");
		return;
	}
	if (!isfinite(s->obj_s) || s->obj_s <= 0) {
		snprintf(out->cls, sizeof(out->cls), "invalid");
		snprintf(out->reason, sizeof(out->reason),
			 "summary has no valid throughput: obj_s = %g", s->obj_s);
		return;
	}
	if (!isfinite(s->mib_s) || s->mib_s < 0 || (s->mib_s == 0 && s->bytes > 0)) {
		snprintf(out->cls, sizeof(out->cls), "invalid");
		snprintf(out->reason, sizeof(out->reason),
			 "summary has no valid throughput: mib_s = %g with %llu bytes moved",
			 s->mib_s, (unsigned long long)s->bytes);
		return;
	}
	out->included = 1;
}

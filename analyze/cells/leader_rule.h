/* analyze/cells/leader_rule.h: each category's leader verdict from its comparisons: the
 * leader's family (the leader against every other subject with a value, Holm's
 * step-down at alpha, each comparison's interval at the level of the step that decided
 * it), the status clear / tie / unresolved / untested with the tie group, the detectable
 * ratio that tells a tie from an unresolved lead, the counterpart the wording needs, and
 * the leader counts. Formulas: docs/METHODOLOGY.md, "Leader rule" and "Detectable ratio". */
#ifndef ANALYZE_LEADER_RULE_H
#define ANALYZE_LEADER_RULE_H

#include "analyze/cells/aggregate.h"

/* A set of leaders to judge: each leader's category (and metric) among the comparisons
 * cmp[0..n_cmp-1] (built, moderated and adjusted pairwise, their figure higher-is-better);
 * value: subject s's figure in leader l's category, higher is better (NaN: none). */
struct leader_set {
	const struct aggregate *a;
	struct agg_comparison *cmp;
	size_t n_cmp;
	struct agg_leader *leaders;
	size_t n_leaders;
	double (*value)(const struct aggregate *a, const struct agg_leader *l, size_t s);
};

/* leader_rule_judge: the verdict of every leader of set: the comparisons' lead_* fields,
 * each leader's status, tied_with (in *tied_pool, allocated here: the caller frees it),
 * family, detectable_ratio and versus. A comparison marked unsupported is in no family.
 * -1 when memory runs out. */
int leader_rule_judge(const struct leader_set *set, size_t **tied_pool);

/* leader_rule_build: the verdict of every leader of a (its comparisons built, moderated
 * and adjusted pairwise): the comparisons' lead_* fields, each leader's status, tied_with
 * (in a->tied_pool, allocated here), family, detectable_ratio and versus, and the leader
 * counts' clear, tied and unresolved. -1 when memory runs out. */
int leader_rule_build(struct aggregate *a);

/* leader_rule_free: what leader_rule_build allocated in a. */
void leader_rule_free(struct aggregate *a);

#endif

/* analyze/cells/vantage.h: place as a measured factor (docs/METHODOLOGY.md, "Vantages"): the
 * same campaign measured from several client machines or regions (analyze DIR1 DIR2 ...),
 * each run's vantage in its log (runlog.vantage, the index of its DATA_DIR).
 *
 * Per matrix cell and vantage: the valid runs' figure (MiB/s; obj/s when the size is 0)
 * under the value policy, the mean's 95 % t interval, the geometric mean and the subject's
 * rank in its vantage and category by it (1 the fastest).
 *
 * Per matrix category (op, size, concurrency): the subject x vantage interaction of the
 * two-way analysis of variance of the runs' ln figures, over the subjects with a run in
 * every vantage: SS_int = SS_resid(additive: mu + a_s + b_v) - SS_resid(cell means), df1 =
 * (S - 1)(V - 1), against SS_resid(cell means) on df2 = N - S V; F = (SS_int / df1) /
 * (SS_resid / df2), p = Q_F(F; df1, df2) (the interaction's Type II = Type III sum of
 * squares; the additive fit by alternating means, which converges to least squares),
 * judged at alpha / the categories tested (Bonferroni). When it is significant, each pair
 * of subjects and pair of vantages whose order by geometric mean reverses is tested by its
 * 2 x 2 contrast (ybar_sv - ybar_tv) - (ybar_sw - ybar_tw), t on df2 with s^2 = SS_resid /
 * df2, at the same alpha over the pairs tested; the subjects flagged as the ones whose
 * rank flips are the fewest that take part in every reversed pair (each time the one in
 * the most pairs left). */
#ifndef ANALYZE_VANTAGE_H
#define ANALYZE_VANTAGE_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/cells/aggregate.h"

/* A matrix cell in one vantage. */
struct vantage_cell {
	size_t subject, vantage;
	const char *op; /* borrowed from the aggregate */
	uint64_t size;
	int concurrency;
	size_t n;                   /* valid runs with a figure above 0 */
	double value, ci_lo, ci_hi; /* the policy's figure; the mean's 95 % t interval (NaN:
				       n < 2) */
	double gmean;               /* exp(mean ln figure); NaN: n 0 */
	int rank;                   /* 1 the highest gmean of its vantage and category; 0: none */
};

enum vantage_verdict {
	VANTAGE_UNTESTED,     /* fewer than 2 subjects with runs in every vantage, or df2 < 1 */
	VANTAGE_CONSISTENT,   /* no interaction found */
	VANTAGE_INTERACTION,  /* an interaction, but no order reversed significantly */
	VANTAGE_RANK_CHANGES, /* an interaction, and some subjects' order reverses */
};

/* One category's interaction test. */
struct vantage_test {
	const char *op;
	uint64_t size;
	int concurrency;
	int headline;              /* PUT or GET at the largest size and highest concurrency */
	size_t subjects, left_out; /* subjects tested; those without a run in some vantage */
	size_t runs;
	double f, df1, df2, p, alpha; /* NaN: untested */
	enum vantage_verdict verdict;
	size_t pairs_reversed; /* pairs (of subjects and vantages) reversed significantly */
	size_t *flagged;       /* the subjects whose rank flips (owned) */
	size_t n_flagged;
};

/* A matrix category's leader in one vantage: the vantage's runs analyzed alone
 * (aggregate_build), its leader rule's verdict (docs/METHODOLOGY.md, "Vantages": leads). */
struct vantage_lead {
	size_t vantage;
	const char *op; /* borrowed from the merged aggregate */
	uint64_t size;
	int concurrency;
	size_t subject;     /* of the merged aggregate */
	const char *status; /* "clear", "tie", "unresolved", "blocked", "untested" (static) */
};

struct vantage_set {
	size_t n;                   /* vantages (0: none, a single DATA_DIR) */
	const char *const *names;   /* borrowed: the vantages' names, in DATA_DIR order */
	const char *const *dirs;    /* borrowed: their DATA_DIRs */
	const char *const *from;    /* borrowed: where each name came from: "option"
				     (--vantage), "campaign.vantage" or "directory" */
	struct vantage_cell *cells; /* by category, then subject, then vantage */
	size_t n_cells;
	struct vantage_test *tests; /* one per matrix category */
	size_t n_tests;
	struct vantage_lead *leads; /* per vantage, its matrix categories' leaders */
	size_t n_leads;
};

/* vantage_build: v's cells and tests (v->n and the names set by the caller, at least 2) from
 * a's matrix cells and their runs' vantages. -1 when memory runs out (v then holds what was
 * built; vantage_clear frees it). */
int vantage_build(const struct aggregate *a, struct vantage_set *v);

/* How the leads of one category's vantages agree with its pooled leader. */
enum vantage_agree {
	VANTAGE_AGREE_NONE,      /* no vantage has a lead in the category */
	VANTAGE_AGREE_EVERY,     /* every vantage's leader is the pooled one, clear in each */
	VANTAGE_AGREE_DEPENDS,   /* some vantage's leader is another subject */
	VANTAGE_AGREE_NOT_EVERY, /* no vantage names another leader, but some vantage's lead
				    is not clear or it has no lead */
};

/* vantage_leads: v's leads (vantage_build done): per vantage, the runs of logs[0..n) of that
 * vantage (each vantage's runs contiguous, as the merge puts them) analyzed alone with opt
 * (its cycles the vantage's, cycles), the leader of each matrix category of v's tests.
 * -1 with a message when aggregate_build fails or memory runs out. */
int vantage_leads(const struct aggregate *a, const struct runlog *logs, size_t n,
		  const struct agg_options *opt, int cycles, struct vantage_set *v, struct err *e);

/* vantage_agreement: how v's leads of the category (op, size, conc) agree with its pooled
 * leader pooled (a subject of the merged aggregate): DEPENDS when some vantage's leader is
 * another subject, whatever its verdict; EVERY when every vantage's leader is pooled and
 * clear; NOT_EVERY when none names another but some vantage's lead is not clear or missing;
 * NONE when no vantage has a lead. */
enum vantage_agree vantage_agreement(const struct vantage_set *v, const char *op, uint64_t size,
				     int conc, size_t pooled);

/* vantage_agree_name: "every-vantage", "depends", "not-every-vantage"; NULL for NONE. */
const char *vantage_agree_name(enum vantage_agree g);

/* vantage_varcomp: each matrix cell's var (varcomp_build done) with the between-vantage
 * component of its n_vantages vantages: the one-way random-effects split of its valid runs'
 * ln figures by vantage, var_vantage = max(0, (MSB - MSW) / n0) with n0 = (N - sum n_k^2 /
 * N) / (K - 1) (Searle, Casella & McCulloch 1992, 3.5), and var_between from MSW (the
 * variance within a vantage) instead of var_cycles. Cells with runs in fewer than 2
 * vantages keep their split (vantages 0). */
void vantage_varcomp(struct aggregate *a, size_t n_vantages);

/* vantage_contrast_t: the t of the 2 x 2 contrast of two subjects' (s, t) means in two
 * vantages (v, w): ((m_sv - m_tv) - (m_sw - m_tw)) / sqrt(s2 (1/n_sv + 1/n_tv + 1/n_sw +
 * 1/n_tw)); m and n in the order sv, tv, sw, tw. Test seam. */
double vantage_contrast_t(const double m[4], const size_t n[4], double s2);

/* vantage_verdict_name: "untested", "consistent", "interaction", "rank-changes". */
const char *vantage_verdict_name(enum vantage_verdict v);

/* vantage_clear: what v owns (not the names); v zeroed. */
void vantage_clear(struct vantage_set *v);

#endif

/* analyze/cells/vantage.c: see vantage.h. */
#include "analyze/cells/vantage.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "analyze/cells/stats.h"

#define BACKFIT_ROUNDS 10000
#define BACKFIT_TOL 1e-13

/* figure: valid run r's figure (MiB/s; obj/s when it moved no bytes); 0 when it has none. */
static double figure(const struct agg_run *r)
{
	const struct run_summary *s = &r->log->summary;
	double x = s->mib_s > 0 ? s->mib_s : s->obj_s;

	return r->v.included && x > 0 && isfinite(x) ? x : 0;
}

/* One category's sufficient statistics: per subject s and vantage v (index s * V + v) the
 * runs, the sum of their ln figures and of its squares. */
struct cat {
	size_t S, V;
	size_t *n;
	double *sum, *ss, *m; /* m: the cell means (NaN: no run) */
};

/* fill_cell: the vantage cell of matrix cell c in vantage v into *vc, its runs' ln sums
 * into the category's k-th entry. vals: scratch of c->n_runs doubles. */
static void fill_cell(const struct aggregate *a, const struct agg_cell *c, size_t v,
		      struct vantage_cell *vc, struct cat *k, size_t idx, double *vals)
{
	struct stats st;
	size_t n = 0;

	memset(vc, 0, sizeof(*vc));
	vc->subject = c->subject;
	vc->vantage = v;
	vc->op = c->op;
	vc->size = c->size;
	vc->concurrency = c->concurrency;
	for (size_t j = 0; j < c->n_runs; j++) {
		const struct agg_run *r = &a->runs[c->runs[j]];
		double x = figure(r);

		if (x > 0 && (size_t)r->log->vantage == v) {
			vals[n++] = x;
			k->sum[idx] += log(x);
			k->ss[idx] += log(x) * log(x);
		}
	}
	k->n[idx] = vc->n = n;
	k->m[idx] = n ? k->sum[idx] / (double)n : NAN;
	vc->gmean = n ? exp(k->m[idx]) : NAN;
	vc->value = vc->ci_lo = vc->ci_hi = NAN;
	if (n == 0 || stats_compute(vals, n, &st) < 0)
		return;
	vc->value = a->policy == POLICY_MEDIAN ? st.median
		    : a->policy == POLICY_BEST ? st.max
					       : st.mean;
	if (n >= 2) {
		double h = gsl_cdf_tdist_Pinv(0.975, (double)(n - 1)) * st.stddev / sqrt((double)n);

		vc->ci_lo = st.mean - h;
		vc->ci_hi = st.mean + h;
	}
}

/* rank: the ranks of the category's cells vc[s * V + v] within each vantage. */
static void rank(struct vantage_cell *vc, size_t S, size_t V)
{
	for (size_t v = 0; v < V; v++)
		for (size_t s = 0; s < S; s++) {
			struct vantage_cell *x = &vc[s * V + v];

			if (x->n == 0)
				continue;
			x->rank = 1;
			for (size_t t = 0; t < S; t++)
				x->rank += t != s && vc[t * V + v].n > 0 &&
					   vc[t * V + v].gmean > x->gmean;
		}
}

double vantage_contrast_t(const double m[4], const size_t n[4], double s2)
{
	double inv = 0;

	for (int i = 0; i < 4; i++)
		inv += 1 / (double)n[i];
	return ((m[0] - m[1]) - (m[2] - m[3])) / sqrt(s2 * inv);
}

/* interaction_ss: the interaction's sum of squares: the cell means' weighted squared distance
 * (n_sv) from the additive fit a_s + b_v over the subjects in use[] (alternating means),
 * which is SS_resid(additive) - SS_resid(cell means). */
static double interaction_ss(const struct cat *k, const int *use, double *as, double *bv)
{
	double ss = 0;

	memset(bv, 0, k->V * sizeof(*bv));
	for (int round = 0; round < BACKFIT_ROUNDS; round++) {
		double moved = 0;

		for (size_t s = 0; s < k->S; s++) {
			double num = 0, den = 0;

			for (size_t v = 0; use[s] && v < k->V; v++) {
				num += (double)k->n[s * k->V + v] * (k->m[s * k->V + v] - bv[v]);
				den += (double)k->n[s * k->V + v];
			}
			as[s] = use[s] ? num / den : 0;
		}
		for (size_t v = 0; v < k->V; v++) {
			double num = 0, den = 0, b;

			for (size_t s = 0; s < k->S; s++)
				if (use[s]) {
					num += (double)k->n[s * k->V + v] *
					       (k->m[s * k->V + v] - as[s]);
					den += (double)k->n[s * k->V + v];
				}
			b = num / den;
			moved = fmax(moved, fabs(b - bv[v]));
			bv[v] = b;
		}
		if (moved < BACKFIT_TOL)
			break;
	}
	for (size_t s = 0; s < k->S; s++)
		for (size_t v = 0; use[s] && v < k->V; v++) {
			double d = k->m[s * k->V + v] - as[s] - bv[v];

			ss += (double)k->n[s * k->V + v] * d * d;
		}
	return ss;
}

/* flips: the pairs of t whose order reverses significantly, and the fewest subjects that
 * take part in every one of them (t->flagged). cnt: scratch of S entries. -1: no memory. */
static int flips(struct vantage_test *t, const struct cat *k, const int *use, double s2,
		 size_t *cnt, unsigned char *rev)
{
	size_t S = k->S, V = k->V, tested = 0;

	memset(rev, 0, S * S);
	for (size_t s = 0; s < S; s++)
		for (size_t u = s + 1; u < S; u++)
			tested += use[s] && use[u];
	tested *= V * (V - 1) / 2;
	for (size_t s = 0; s < S; s++)
		for (size_t u = s + 1; use[s] && u < S; u++)
			for (size_t v = 0; use[u] && v < V; v++)
				for (size_t w = v + 1; w < V; w++) {
					double m[4] = {k->m[s * V + v], k->m[u * V + v],
						       k->m[s * V + w], k->m[u * V + w]};
					size_t n[4] = {k->n[s * V + v], k->n[u * V + v],
						       k->n[s * V + w], k->n[u * V + w]};
					double tt = vantage_contrast_t(m, n, s2);

					if ((m[0] - m[1]) * (m[2] - m[3]) >= 0 ||
					    2 * gsl_cdf_tdist_Q(fabs(tt), t->df2) >=
						    t->alpha / (double)tested)
						continue;
					t->pairs_reversed++;
					rev[s * S + u] = rev[u * S + s] = 1;
				}
	if ((t->flagged = calloc(S, sizeof(*t->flagged))) == NULL)
		return -1;
	for (;;) {
		size_t best = 0;

		for (size_t s = 0; s < S; s++) {
			cnt[s] = 0;
			for (size_t u = 0; u < S; u++)
				cnt[s] += rev[s * S + u];
			best = cnt[s] > best ? cnt[s] : best;
		}
		if (best == 0)
			return 0;
		for (size_t s = 0; s < S; s++)
			if (cnt[s] == best)
				t->flagged[t->n_flagged++] = s;
		for (size_t i = 0; i < t->n_flagged; i++)
			for (size_t u = 0; u < S; u++)
				rev[t->flagged[i] * S + u] = rev[u * S + t->flagged[i]] = 0;
	}
}

/* test: category k's interaction test into t (its key set); scratch as flips'. -1: no
 * memory. */
static int test(struct vantage_test *t, const struct cat *k, int *use, double *scratch, size_t *cnt,
		unsigned char *rev)
{
	double ss_full = 0, ss_int;
	size_t S = 0, N = 0;

	t->f = t->df1 = t->df2 = t->p = NAN;
	t->verdict = VANTAGE_UNTESTED;
	for (size_t s = 0; s < k->S; s++) {
		size_t have = 0, runs = 0;

		for (size_t v = 0; v < k->V; v++) {
			have += k->n[s * k->V + v] > 0;
			runs += k->n[s * k->V + v];
		}
		use[s] = have == k->V;
		if (!use[s]) {
			t->left_out += runs > 0;
			continue;
		}
		S++;
		N += runs;
		for (size_t v = 0; v < k->V; v++) {
			size_t i = s * k->V + v;

			ss_full += k->ss[i] - k->sum[i] * k->sum[i] / (double)k->n[i];
		}
	}
	t->subjects = S;
	t->runs = N;
	if (S < 2 || N <= S * k->V)
		return 0;
	ss_int = interaction_ss(k, use, scratch, scratch + k->S);
	t->df1 = (double)((S - 1) * (k->V - 1));
	t->df2 = (double)(N - S * k->V);
	ss_full = fmax(ss_full, 0);
	if (ss_full > 0) {
		t->f = (ss_int / t->df1) / (ss_full / t->df2);
		t->p = gsl_cdf_fdist_Q(t->f, t->df1, t->df2);
	} else { /* no spread within a cell: any interaction is certain, none is none */
		t->f = ss_int > 0 ? INFINITY : 0;
		t->p = ss_int > 0 ? 0 : 1;
	}
	t->verdict = VANTAGE_CONSISTENT;
	if (!(t->p < t->alpha))
		return 0;
	if (flips(t, k, use, ss_full / t->df2, cnt, rev) < 0)
		return -1;
	t->verdict = t->n_flagged > 0 ? VANTAGE_RANK_CHANGES : VANTAGE_INTERACTION;
	return 0;
}

/* headline: 1 when (op, size, conc) is PUT or GET at a's largest size and highest
 * concurrency. */
static int headline(const struct aggregate *a, const char *op, uint64_t size, int conc)
{
	return (strcmp(op, "put") == 0 || strcmp(op, "get") == 0) && a->n_m_sizes > 0 &&
	       a->n_m_concs > 0 && size == a->m_sizes[a->n_m_sizes - 1] &&
	       conc == a->m_concs[a->n_m_concs - 1];
}

/* category: the vantage cells and the test of the category whose first cell is
 * a->cells[c0] (S cells, one per subject). */
static int category(const struct aggregate *a, size_t c0, struct vantage_set *v, struct cat *k,
		    double *vals, int *use, double *scratch, size_t *cnt, unsigned char *rev)
{
	const struct agg_cell *c = &a->cells[c0];
	struct vantage_test *t = &v->tests[v->n_tests++];
	size_t S = k->S, V = k->V;

	memset(k->n, 0, S * V * sizeof(*k->n));
	memset(k->sum, 0, S * V * sizeof(*k->sum));
	memset(k->ss, 0, S * V * sizeof(*k->ss));
	for (size_t s = 0; s < S; s++)
		for (size_t w = 0; w < V; w++)
			fill_cell(a, &a->cells[c0 + s], w, &v->cells[v->n_cells + s * V + w], k,
				  s * V + w, vals);
	rank(&v->cells[v->n_cells], S, V);
	v->n_cells += S * V;
	t->op = c->op;
	t->size = c->size;
	t->concurrency = c->concurrency;
	t->headline = headline(a, c->op, c->size, c->concurrency);
	return test(t, k, use, scratch, cnt, rev);
}

int vantage_build(const struct aggregate *a, struct vantage_set *v)
{
	size_t S = a->n_subjects, V = v->n, ncat = S ? a->n_cells / S : 0;
	struct cat k = {S, V, NULL, NULL, NULL, NULL};
	double *vals = malloc((a->n_runs + 1) * sizeof(*vals));
	double *scratch = malloc((S + V + 1) * sizeof(*scratch));
	size_t *cnt = malloc((S + 1) * sizeof(*cnt));
	unsigned char *rev = malloc(S * S + 1);
	int *use = malloc((S + 1) * sizeof(*use)), rc = -1;

	k.n = malloc((S * V + 1) * sizeof(*k.n));
	k.sum = malloc((S * V + 1) * sizeof(*k.sum));
	k.ss = malloc((S * V + 1) * sizeof(*k.ss));
	k.m = malloc((S * V + 1) * sizeof(*k.m));
	v->cells = calloc(a->n_cells * V + 1, sizeof(*v->cells));
	v->tests = calloc(ncat + 1, sizeof(*v->tests));
	if (vals == NULL || scratch == NULL || cnt == NULL || rev == NULL || use == NULL ||
	    k.n == NULL || k.sum == NULL || k.ss == NULL || k.m == NULL || v->cells == NULL ||
	    v->tests == NULL)
		goto done;
	for (size_t i = 0; i < ncat; i++)
		v->tests[i].alpha = (a->alpha > 0 ? a->alpha : 0.05) / (double)ncat;
	for (size_t i = 0; i < ncat; i++)
		if (category(a, i * S, v, &k, vals, use, scratch, cnt, rev) < 0)
			goto done;
	rc = 0;
done:
	free(vals);
	free(scratch);
	free(cnt);
	free(rev);
	free(use);
	free(k.n);
	free(k.sum);
	free(k.ss);
	free(k.m);
	return rc;
}

/* leads_of: the matrix leaders of sub (vantage k's own analysis) into v->leads. */
static void leads_of(const struct aggregate *a, const struct aggregate *sub, size_t k,
		     struct vantage_set *v)
{
	for (size_t i = 0; i < sub->n_leaders; i++) {
		const struct agg_leader *l = &sub->leaders[i];

		for (size_t j = 0; l->metric == NULL && j < v->n_tests; j++) {
			const struct vantage_test *t = &v->tests[j];
			size_t s = 0;

			if (t->size != l->size || t->concurrency != l->concurrency ||
			    strcmp(t->op, l->op) != 0)
				continue;
			while (s < a->n_subjects &&
			       strcmp(a->subjects[s].id, sub->subjects[l->subject].id) != 0)
				s++;
			if (s == a->n_subjects)
				continue;
			v->leads[v->n_leads++] = (struct vantage_lead){
				k,
				t->op,
				t->size,
				t->concurrency,
				s,
				l->climit.blocked ? "blocked" : compare_leader_name(l->status)};
		}
	}
}

int vantage_leads(const struct aggregate *a, const struct runlog *logs, size_t n,
		  const struct agg_options *opt, int cycles, struct vantage_set *v, struct err *e)
{
	struct agg_options o = *opt;
	size_t from = 0;

	o.cycles = cycles;
	if ((v->leads = calloc(v->n * v->n_tests + 1, sizeof(*v->leads))) == NULL)
		return err_set(e, "vantages: out of memory");
	for (size_t k = 0; k < v->n; k++) {
		struct aggregate *sub;
		size_t to = from;

		while (to < n && (size_t)logs[to].vantage == k)
			to++;
		if (to == from)
			continue;
		if ((sub = aggregate_build(logs + from, to - from, &o, e)) == NULL)
			return -1;
		leads_of(a, sub, k, v);
		aggregate_free(sub);
		from = to;
	}
	return 0;
}

enum vantage_agree vantage_agreement(const struct vantage_set *v, const char *op, uint64_t size,
				     int conc, size_t pooled)
{
	size_t found = 0, clear = 0;

	for (size_t i = 0; i < v->n_leads; i++) {
		const struct vantage_lead *l = &v->leads[i];

		if (l->size != size || l->concurrency != conc || strcmp(l->op, op) != 0)
			continue;
		if (l->subject != pooled)
			return VANTAGE_AGREE_DEPENDS;
		found++;
		clear += strcmp(l->status, "clear") == 0;
	}
	return found == 0                       ? VANTAGE_AGREE_NONE
	       : found == v->n && clear == v->n ? VANTAGE_AGREE_EVERY
						: VANTAGE_AGREE_NOT_EVERY;
}

const char *vantage_agree_name(enum vantage_agree g)
{
	switch (g) {
	case VANTAGE_AGREE_EVERY:
		return "every-vantage";
	case VANTAGE_AGREE_DEPENDS:
		return "depends";
	case VANTAGE_AGREE_NOT_EVERY:
		return "not-every-vantage";
	default:
		return NULL;
	}
}

/* cell_varcomp: c's between-vantage split (vantage.h); buf: scratch of 3 * V doubles. */
static void cell_varcomp(const struct aggregate *a, struct agg_cell *c, size_t V, double *buf)
{
	double *n = buf, *sum = buf + V, *ss = buf + 2 * V, N = 0, T = 0, sw = 0, sn2 = 0, sb = 0;
	size_t K = 0;

	memset(buf, 0, 3 * V * sizeof(*buf));
	for (size_t j = 0; j < c->n_runs; j++) {
		const struct agg_run *r = &a->runs[c->runs[j]];
		double x = figure(r);
		size_t w = (size_t)r->log->vantage;

		if (x > 0 && w < V) {
			n[w]++;
			sum[w] += log(x);
			ss[w] += log(x) * log(x);
		}
	}
	for (size_t w = 0; w < V; w++) {
		if (n[w] == 0)
			continue;
		K++;
		N += n[w];
		T += sum[w];
		sn2 += n[w] * n[w];
		sw += ss[w] - sum[w] * sum[w] / n[w];
	}
	if (!c->var.on || K < 2 || N <= (double)K)
		return;
	for (size_t w = 0; w < V; w++)
		if (n[w] > 0)
			sb += n[w] * (sum[w] / n[w] - T / N) * (sum[w] / n[w] - T / N);
	{
		double msb = sb / (double)(K - 1), msw = fmax(sw, 0) / (N - (double)K);
		double n0 = (N - sn2 / N) / (double)(K - 1);
		double noise = c->var.var_within / c->var.seconds;

		c->var.vantages = K;
		c->var.var_vantage = fmax(0, (msb - msw) / n0);
		c->var.var_between = msw > noise ? msw - noise : 0;
	}
}

void vantage_varcomp(struct aggregate *a, size_t n_vantages)
{
	double *buf = malloc((3 * n_vantages + 1) * sizeof(*buf));

	for (size_t i = 0; buf != NULL && n_vantages >= 2 && i < a->n_cells; i++)
		cell_varcomp(a, &a->cells[i], n_vantages, buf);
	free(buf);
}

const char *vantage_verdict_name(enum vantage_verdict v)
{
	switch (v) {
	case VANTAGE_CONSISTENT:
		return "consistent";
	case VANTAGE_INTERACTION:
		return "interaction";
	case VANTAGE_RANK_CHANGES:
		return "rank-changes";
	default:
		return "untested";
	}
}

void vantage_clear(struct vantage_set *v)
{
	for (size_t i = 0; v->tests != NULL && i < v->n_tests; i++)
		free(v->tests[i].flagged);
	free(v->tests);
	free(v->cells);
	free(v->leads);
	v->tests = NULL;
	v->cells = NULL;
	v->leads = NULL;
	v->n_tests = v->n_cells = v->n_leads = 0;
}

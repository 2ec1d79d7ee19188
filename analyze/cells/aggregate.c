/* analyze/cells/aggregate.c: see aggregate.h. */
#include "analyze/cells/aggregate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/clients.h"
#include "analyze/cells/compare.h"
#include "analyze/cells/condcheck.h"
#include "analyze/cells/kept_window.h"
#include "analyze/cells/planner.h"
#include "analyze/cells/stats.h"
#include "analyze/cells/workload_cells.h"

static int cmp_op(const char *a, const char *b)
{
	int ra = op_rank(a), rb = op_rank(b);

	return ra != rb ? (ra > rb) - (ra < rb) : strcmp(a, b);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int cmp_opname(const void *a, const void *b)
{
	return cmp_op(*(const char *const *)a, *(const char *const *)b);
}

/* find_subject: index of id in a->subjects; a->n_subjects when absent. */
static size_t find_subject(const struct aggregate *a, const char *id)
{
	size_t i;

	for (i = 0; i < a->n_subjects; i++)
		if (strcmp(a->subjects[i].id, id) == 0)
			break;
	return i;
}

static const struct runlog *first_log_of(const struct runlog *logs, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(logs[i].subject, id) == 0)
			return &logs[i];
	return NULL;
}

static void subject_from_log(struct agg_subject *s, const struct runlog *r)
{
	s->id = r->subject;
	s->label = r->label ? r->label : r->subject;
	s->color = r->color;
	s->endpoint = r->endpoint;
	s->region = r->region;
}

/* note_dotted: s->dotted_bucket when r asked for virtual-hosted addressing and went
 * path-style. */
static void note_dotted(struct agg_subject *s, const struct runlog *r)
{
	if (s->dotted_bucket == NULL && r->addressing != NULL && r->addressing_used != NULL &&
	    strcmp(r->addressing, "virtual") == 0 && strcmp(r->addressing_used, "path") == 0)
		s->dotted_bucket = r->bucket != NULL ? r->bucket : "";
}

static int cmp_subject_id(const void *a, const void *b)
{
	return strcmp(((const struct agg_subject *)a)->id, ((const struct agg_subject *)b)->id);
}

/* merge_modes: each subject's send: the modes of all its runs (a section's retries or stop
 * rule may differ from the first run's). 0, or -1 out of memory. */
static int merge_modes(struct aggregate *a, const struct runlog *logs, size_t n)
{
	const char **sends = malloc((n ? n : 1) * sizeof(*sends));

	if (sends == NULL)
		return -1;
	for (size_t s = 0; s < a->n_subjects; s++) {
		size_t k = 0;
		for (size_t i = 0; i < n; i++)
			if (strcmp(logs[i].subject, a->subjects[s].id) == 0)
				sends[k++] = logs[i].workload.send;
		if (runlog_workload_modes_merge(sends, k, &a->subjects[s].send_own) < 0) {
			free(sends);
			return -1;
		}
		a->subjects[s].send = a->subjects[s].send_own;
	}
	free(sends);
	return 0;
}

/* is_planned: id is one of opt->planned. */
static int is_planned(const struct agg_options *opt, const char *id)
{
	for (size_t i = 0; i < opt->n_planned; i++)
		if (strcmp(opt->planned[i], id) == 0)
			return 1;
	return 0;
}

/* build_subjects: the campaign's order first (ids that have runs, and planned ids that
 * have none: no_run), the rest by id. */
static int build_subjects(struct aggregate *a, const struct runlog *logs, size_t n,
			  const struct agg_options *opt)
{
	size_t listed;

	a->subjects = calloc(n + opt->n_subject_order + 1, sizeof(*a->subjects));
	if (a->subjects == NULL)
		return -1;
	for (size_t i = 0; i < opt->n_subject_order; i++) {
		const char *id = opt->subject_order[i];
		const struct runlog *r = first_log_of(logs, n, id);
		struct agg_subject *s = &a->subjects[a->n_subjects];

		if (find_subject(a, id) < a->n_subjects)
			continue;
		if (r != NULL) {
			subject_from_log(s, r);
			a->n_subjects++;
		} else if (is_planned(opt, id)) {
			s->id = id;
			s->label = opt->subject_labels && opt->subject_labels[i]
					   ? opt->subject_labels[i]
					   : id;
			s->no_run = 1;
			a->n_subjects++;
		}
	}
	listed = a->n_subjects;
	for (size_t i = 0; i < n; i++)
		if (find_subject(a, logs[i].subject) == a->n_subjects)
			subject_from_log(&a->subjects[a->n_subjects++], &logs[i]);
	qsort(a->subjects + listed, a->n_subjects - listed, sizeof(*a->subjects), cmp_subject_id);
	return merge_modes(a, logs, n);
}

/* build_matrix: distinct ops, sizes and concurrency levels of the cycle runs. */
static int build_matrix(struct aggregate *a, const struct runlog *logs, size_t n)
{
	size_t cap = n ? n : 1;

	a->m_ops = calloc(cap, sizeof(*a->m_ops));
	a->m_sizes = calloc(cap, sizeof(*a->m_sizes));
	a->m_concs = calloc(cap, sizeof(*a->m_concs));
	if (a->m_ops == NULL || a->m_sizes == NULL || a->m_concs == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const struct runlog *r = &logs[i];
		size_t k;

		if (r->cycle <= 0 || !cell_plain_run(r))
			continue;
		for (k = 0; k < a->n_m_ops && strcmp(a->m_ops[k], r->op) != 0; k++)
			;
		if (k == a->n_m_ops)
			a->m_ops[a->n_m_ops++] = r->op;
		for (k = 0; k < a->n_m_sizes && a->m_sizes[k] != r->size; k++)
			;
		if (k == a->n_m_sizes)
			a->m_sizes[a->n_m_sizes++] = r->size;
		for (k = 0; k < a->n_m_concs && a->m_concs[k] != r->concurrency; k++)
			;
		if (k == a->n_m_concs)
			a->m_concs[a->n_m_concs++] = r->concurrency;
	}
	qsort(a->m_ops, a->n_m_ops, sizeof(*a->m_ops), cmp_opname);
	qsort(a->m_sizes, a->n_m_sizes, sizeof(*a->m_sizes), cmp_u64);
	qsort(a->m_concs, a->n_m_concs, sizeof(*a->m_concs), cmp_int);
	return 0;
}

static int build_cells(struct aggregate *a, size_t *valid, double *vm, double *vo)
{
	size_t total = a->n_m_ops * a->n_m_concs * a->n_m_sizes * a->n_subjects;

	a->cells = calloc(total ? total : 1, sizeof(*a->cells));
	if (a->cells == NULL)
		return -1;
	for (size_t o = 0; o < a->n_m_ops; o++)
		for (size_t c = 0; c < a->n_m_concs; c++)
			for (size_t z = 0; z < a->n_m_sizes; z++)
				for (size_t s = 0; s < a->n_subjects; s++) {
					struct agg_cell *cell = &a->cells[a->n_cells++];

					cell->subject = s;
					cell->op = a->m_ops[o];
					cell->size = a->m_sizes[z];
					cell->concurrency = a->m_concs[c];
					cell->expected = (size_t)a->cycles;
					if (cell_fill(a, cell, cell_matrix_member, valid, vm, vo) <
					    0)
						return -1;
				}
	return 0;
}

static int cmp_agg_op(const void *x, const void *y)
{
	const struct agg_op *p = x, *q = y;
	int c = cmp_op(p->op, q->op);

	if (c)
		return c;
	if (p->subject != q->subject)
		return (p->subject > q->subject) - (p->subject < q->subject);
	if (p->size != q->size)
		return (p->size > q->size) - (p->size < q->size);
	if (p->concurrency != q->concurrency)
		return (p->concurrency > q->concurrency) - (p->concurrency < q->concurrency);
	return (p->objects > q->objects) - (p->objects < q->objects); /* datasets, smallest first */
}

enum op_field {
	OF_OBJ_S,
	OF_COMPLETION,
	OF_SEG_MEDIAN,
	OF_SEG_FASTEST,
	OF_SEG_SLOWEST
};

/* op_field: one figure of a valid run's summary; NaN when the run has none
 * (segment figures of a run too short to have segments). */
static double op_field(const struct run_summary *s, enum op_field f)
{
	switch (f) {
	case OF_OBJ_S:
		return s->obj_s;
	case OF_COMPLETION:
		return s->completion_s;
	case OF_SEG_MEDIAN:
		return s->seg_count > 0 ? s->median.obj_s : NAN;
	case OF_SEG_FASTEST:
		return s->seg_count > 0 ? s->fastest.obj_s : NAN;
	case OF_SEG_SLOWEST:
		return s->seg_count > 0 ? s->slowest.obj_s : NAN;
	}
	return NAN;
}

/* op_mean: the mean of figure f over the runs sel[0..k-1] (v: k doubles of scratch). */
static double op_mean(const struct aggregate *a, const size_t *sel, size_t k, enum op_field f,
		      double *v)
{
	for (size_t i = 0; i < k; i++)
		v[i] = op_field(&a->runs[sel[i]].log->summary, f);
	return stats_mean_of(v, k);
}

/* fill_op: one one-off row from the runs at its point (sel, v: scratch). */
static void fill_op(struct aggregate *a, struct agg_op *o, size_t *sel, double *v)
{
	size_t k = 0;

	o->clients = 0;
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct agg_run *ar = &a->runs[i];

		if (ar->log->cycle > 0 ||
		    !cell_same_point(ar->log, o->subject, ar->subject, o->op, o->size,
				     o->concurrency) ||
		    !cell_same_dataset(ar->log->dataset, o->dataset))
			continue;
		o->total++;
		if (o->clients == 0 || (ar->v.included && k == 0))
			o->clients = runlog_clients_count(&ar->log->clients);
		if (ar->v.included) {
			sel[k++] = i;
			o->delete_markers += ar->log->delete_markers;
		}
	}
	o->n = k;
	o->obj_s = op_mean(a, sel, k, OF_OBJ_S, v);
	o->completion_s = op_mean(a, sel, k, OF_COMPLETION, v);
	o->seg_median = op_mean(a, sel, k, OF_SEG_MEDIAN, v);
	o->seg_fastest = op_mean(a, sel, k, OF_SEG_FASTEST, v);
	o->seg_slowest = op_mean(a, sel, k, OF_SEG_SLOWEST, v);
	cell_mean_lat(a, sel, k, 0, v, &o->lat);
	cell_mean_lat(a, sel, k, 1, v, &o->ttfb);
}

static int build_ops(struct aggregate *a, size_t *sel, double *v)
{
	a->ops = calloc(a->n_runs ? a->n_runs : 1, sizeof(*a->ops));
	if (a->ops == NULL)
		return -1;
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *r = a->runs[i].log;
		size_t j;

		if (r->cycle > 0 || !cell_plain_run(r)) /* a sweep's runs: workload_cells.c */
			continue;
		for (j = 0; j < a->n_ops; j++)
			if (cell_same_point(r, a->ops[j].subject, a->runs[i].subject, a->ops[j].op,
					    a->ops[j].size, a->ops[j].concurrency) &&
			    cell_same_dataset(r->dataset, a->ops[j].dataset))
				break;
		if (j < a->n_ops)
			continue;
		a->ops[j].subject = a->runs[i].subject;
		a->ops[j].op = r->op;
		a->ops[j].size = r->size;
		a->ops[j].concurrency = r->concurrency;
		a->ops[j].objects = r->objects;
		a->ops[j].dataset = r->dataset;
		a->n_ops++;
	}
	qsort(a->ops, a->n_ops, sizeof(*a->ops), cmp_agg_op);
	for (size_t j = 0; j < a->n_ops; j++)
		fill_op(a, &a->ops[j], sel, v);
	return 0;
}

static int build_consistency(struct aggregate *a)
{
	a->consistency = calloc(a->n_subjects ? a->n_subjects : 1, sizeof(*a->consistency));
	if (a->consistency == NULL)
		return -1;
	for (size_t s = 0; s < a->n_subjects; s++) {
		struct agg_consistency *k = &a->consistency[s];
		double sum = 0;

		k->subject = s;
		for (size_t i = 0; i < a->n_cells; i++) {
			const struct agg_cell *c = &a->cells[i];

			if (c->subject != s || c->n < 2 || !isfinite(cell_key(c)->cv))
				continue;
			sum += cell_key(c)->cv;
			k->cells++;
		}
		k->cv_mean = k->cells ? sum / (double)k->cells : NAN;
	}
	return 0;
}

/* build_leaders: cells come grouped by (op, concurrency, size) with the subjects
 * in order inside each group, so one pass finds each group's leader; a cell whose
 * conditional writes broke their promise (condcheck_violated) competes for none. */
static int build_leaders(struct aggregate *a)
{
	size_t ns = a->n_subjects;

	a->leaders = calloc(a->n_cells ? a->n_cells : 1, sizeof(*a->leaders));
	a->leader_counts = calloc(a->n_m_ops * ns + 1, sizeof(*a->leader_counts));
	if (a->leaders == NULL || a->leader_counts == NULL)
		return -1;
	for (size_t o = 0; o < a->n_m_ops; o++)
		for (size_t s = 0; s < ns; s++) {
			struct agg_leader_count *lc = &a->leader_counts[a->n_leader_counts++];

			lc->op = a->m_ops[o];
			lc->subject = s;
		}
	for (size_t g = 0; ns && g < a->n_cells; g += ns) {
		const struct agg_cell *best = NULL;
		size_t o;

		for (size_t s = 0; s < ns; s++) {
			const struct agg_cell *c = &a->cells[g + s];

			if (isfinite(cell_key(c)->value) && !condcheck_violated(c) &&
			    (best == NULL || cell_key(c)->value > cell_key(best)->value))
				best = c;
		}
		if (best == NULL)
			continue;
		a->leaders[a->n_leaders++] = (struct agg_leader){
			.op = best->op,
			.size = best->size,
			.concurrency = best->concurrency,
			.subject = best->subject,
			.by_obj = best->size == 0,
			.value = cell_key(best)->value,
		};
		for (o = 0; o < a->n_m_ops && strcmp(a->m_ops[o], best->op) != 0; o++)
			;
		for (size_t s = 0; s < ns; s++)
			a->leader_counts[o * ns + s].of++;
		a->leader_counts[o * ns + best->subject].led++;
	}
	return 0;
}

struct aggregate *aggregate_build(const struct runlog *logs, size_t n,
				  const struct agg_options *opt, struct err *e)
{
	struct aggregate *a = calloc(1, sizeof(*a));
	size_t *sel = malloc((n ? n : 1) * sizeof(*sel));
	double *v1 = malloc((n ? n : 1) * sizeof(*v1));
	double *v2 = malloc((n ? n : 1) * sizeof(*v2));
	int ok = 0;

	if (a == NULL || sel == NULL || v1 == NULL || v2 == NULL)
		goto done;
	a->policy = opt->policy;
	a->repeat = opt->policy == POLICY_BEST_OF_MEANS ? (opt->repeat > 0 ? opt->repeat : 1) : 0;
	a->min_samples = opt->min_samples ? opt->min_samples : 1;
	a->cycles = opt->cycles;
	for (size_t i = 0; i < n; i++) {
		if (opt->cycles <= 0 && logs[i].campaign_cycles > a->cycles)
			a->cycles = logs[i].campaign_cycles;
		if (opt->cycles <= 0 && logs[i].cycle > a->cycles)
			a->cycles = logs[i].cycle;
		if (a->campaign_name == NULL && logs[i].campaign_name != NULL) {
			a->campaign_name = logs[i].campaign_name;
			a->campaign_title = logs[i].campaign_title;
			a->campaign_client = logs[i].campaign_client;
		}
		if (a->campaign_order == NULL)
			a->campaign_order = logs[i].campaign_order;
	}
	if (build_subjects(a, logs, n, opt) < 0 || build_matrix(a, logs, n) < 0)
		goto done;
	a->runs = calloc(n ? n : 1, sizeof(*a->runs));
	if (a->runs == NULL)
		goto done;
	for (size_t i = 0; i < n; i++) {
		a->runs[i].log = &logs[i];
		a->runs[i].subject = find_subject(a, logs[i].subject);
		note_dotted(&a->subjects[a->runs[i].subject], &logs[i]);
		inclusion_decide(&logs[i], &a->runs[i].v);
	}
	a->n_runs = n;
	if (clients_reconcile(a) < 0 || build_cells(a, sel, v1, v2) < 0 ||
	    workload_cells_build(a, sel, v1, v2) < 0 || clients_build(a) < 0 ||
	    build_ops(a, sel, v1) < 0 || build_consistency(a) < 0)
		goto done;
	if (opt->runs_dir != NULL && condcheck_build(a, opt->runs_dir, e) < 0) {
		aggregate_free(a);
		a = NULL;
		ok = 1; /* the message is condcheck's */
		goto done;
	}
	if (build_leaders(a) < 0 ||
	    compare_build(a, opt->alpha > 0 ? opt->alpha : COMPARE_ALPHA_DEFAULT, e) < 0)
		goto done;
	if (climit_cells_build(a, &opt->climit, e) < 0 || cost_cells_build(a, e) < 0) {
		aggregate_free(a);
		a = NULL;
		ok = 1; /* the message is the record's, not "out of memory" */
		goto done;
	}
	workload_cells_steps(a);
	kept_window_build(a);
	ok = 1;
done:
	free(sel);
	free(v1);
	free(v2);
	if (!ok) {
		err_set(e, "aggregate: out of memory");
		aggregate_free(a);
		return NULL;
	}
	return a;
}

void aggregate_free(struct aggregate *a)
{
	if (a == NULL)
		return;
	for (size_t i = 0; i < a->n_cells; i++) {
		free(a->cells[i].runs);
		free(a->cells[i].cond);
		free(a->cells[i].groups);
	}
	free(a->cells);
	workload_cells_free(a);
	for (size_t i = 0; a->subjects != NULL && i < a->n_subjects; i++)
		free(a->subjects[i].send_own);
	free(a->subjects);
	free(a->m_ops);
	free(a->m_sizes);
	free(a->m_concs);
	free(a->ops);
	free(a->consistency);
	climit_cells_free(a);
	cost_cells_free(a);
	free(a->leaders);
	free(a->leader_counts);
	free(a->runs);
	clients_free(a);
	compare_free(a);
	planner_free(a);
	free(a);
}

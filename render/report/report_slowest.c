/* render/report/report_slowest.c: who answered: the report's "Front ends" section (each
 * cell answered from more than one address: per address its requests, share, throughput
 * and latency; aggregate.json slowest[].front_ends[], docs/METHODOLOGY.md, "Front ends")
 * and its "Slowest requests" section (aggregate.json slowest[]; docs/METHODOLOGY.md,
 * "Slowest requests"): per cell a table of its slowest
 * requests, each with where its time went (DNS, connect, TLS, send, wait for the first
 * byte, transfer), the connection it used (its number, the request's place on it and the
 * connection's age), its attempt, the address that answered and the provider's request id,
 * so that the reader sees whether the cell's tail is set-up, server time or transfer and
 * can look each request up in the server's log. Nothing when no cell has one. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/model/model_query.h"
#include "render/report/report_int.h"

#define NCOL 14

/* cols: the columns of a cell's table: col[i] is column i's place in the table, or -1 when
 * no row has a value there (left out). */
struct cols {
	struct doc_table *t;
	int col[NCOL];
};

/* put: column i of the last row, unless it is left out. */
static void put(const struct cols *c, size_t i, const char *text, unsigned flags)
{
	if (c->col[i] >= 0)
		doc_table_cell(c->t, (size_t)c->col[i], text, flags, NULL, NULL);
}

/* ms_text: a figure (ms, s) to 2 decimals, none from 1,000 on ("–" when NAN) into b. */
static const char *ms_text(struct report_builder *r, double v, char *b)
{
	return isnan(v) ? TEXT_NULL : text_num(r->nf, v, fabs(v) >= 999.5 ? 0 : 2, b, TEXT_NUM_MAX);
}

/* ms_cell: cell i of t's last row: ms_text, muted when NAN. */
static void ms_cell(struct report_builder *r, struct doc_table *t, size_t i, double v)
{
	char b[TEXT_NUM_MAX];

	doc_table_cell(t, i, ms_text(r, v, b), CELL_NUM | (isnan(v) ? CELL_MUTED : 0), NULL, NULL);
}

/* ms_col: column i of a cell's table (struct cols): ms_text, muted when NAN. */
static void ms_col(struct report_builder *r, const struct cols *c, size_t i, double v)
{
	char b[TEXT_NUM_MAX];

	put(c, i, ms_text(r, v, b), CELL_NUM | (isnan(v) ? CELL_MUTED : 0));
}

/* str_cell: a string, muted "–" when NULL. */
static void str_cell(const struct cols *c, size_t i, const char *s)
{
	put(c, i, s != NULL ? s : TEXT_NULL, s != NULL ? 0 : CELL_MUTED);
}

/* has_value: 1 when request q has a value in column i (rank and latency always do). */
static int has_value(const struct results_slow_req *q, size_t i)
{
	switch (i) {
	case 8:
		return q->conn_id > 0;
	case 9:
		return q->conn_req > 0;
	case 10:
		return !isnan(q->conn_age_s);
	case 11:
		return q->attempt > 0;
	case 12:
		return q->remote != NULL;
	case 13:
		return q->request_id != NULL;
	default:
		return i < 2 || !isnan(q->phase_ms[i - 2]);
	}
}

/* caption: "SUBJECT, OP SIZE, W workers: the N slowest of R requests" of s into b (W the
 * cell's total workers, with its split for a distributed run: "24 workers (3 × 8)"). */
static const char *caption(struct report_builder *r, const struct results_slowest *s,
			   struct strbuf *b)
{
	const struct report_model *m = r->m;
	char op[32], sz[64], n[32], k[TEXT_NUM_MAX];
	struct report_workers wk;
	const char *names[] = {"subject", "op", "size", "workers", "per_client", "n", "requests"};
	const char *vals[] = {m->subjects[s->subject].label,
			      report_op_name(r->l, s->op, op, sizeof(op)),
			      *model_str(s->size_spec)
				      ? s->size_spec
				      : model_size_text(m, r->nf, s->size, sz, sizeof(sz)),
			      wk.total,
			      wk.per_client,
			      n,
			      text_num(r->nf, (double)s->requests, 0, k, sizeof(k))};

	if (report_workers_at(m, r->l, s->op, s->concurrency, REPORT_WORKERS_BRIEF, &wk) < 0)
		b->failed = 1;
	snprintf(n, sizeof(n), "%zu", s->n_slowest);
	b->len = 0;
	text_subst(b, rb_str(r, strcmp(wk.total, "1") == 0 ? "table.slowest1" : "table.slowest"),
		   names, vals, 7);
	return rb_text(r, b);
}

/* cell: the table of s (the idx-th one). */
static void cell(struct report_builder *r, const struct results_slowest *s, size_t idx)
{
	static const char *const heads[NCOL] = {"col.rank",       "col.latency_ms",  "phases.dns",
						"phases.connect", "phases.tls",      "phases.send",
						"phases.wait",    "phases.transfer", "col.conn_id",
						"col.conn_req",   "col.conn_age_s",  "col.attempt",
						"col.front_end",  "col.request_id"};
	static const double widths[NCOL] = {0.3, 0.7, 0.5, 0.5, 0.5, 0.5, 0.5,
					    0.6, 0.9, 0.5, 0.6, 0.5, 0.9, 2.2};
	struct strbuf b = {0}, out = {0};
	char id[32], k[16], a[16], c[24], n[24];
	struct cols x;
	size_t ncol = 0;

	for (size_t i = 0; i < NCOL; i++) {
		size_t j = 0;

		while (j < s->n_slowest && !has_value(&s->slowest[j], i))
			j++;
		x.col[i] = j < s->n_slowest || i < 2 ? (int)ncol++ : -1;
		if (x.col[i] < 0)
			strbuf_addf(&out, "%s%s", out.len ? ", " : "", rb_str(r, heads[i]));
	}
	snprintf(id, sizeof(id), "t-slow-%zu", idx);
	x.t = doc_table(r->d, id, caption(r, s, &b), ncol);
	if (x.t == NULL) {
		fail_oom(r);
		goto done;
	}
	for (size_t i = 0; i < NCOL; i++)
		if (x.col[i] >= 0)
			doc_table_head(x.t, (size_t)x.col[i], rb_str(r, heads[i]), widths[i]);
	for (size_t i = 0; i < s->n_slowest; i++) {
		const struct results_slow_req *q = &s->slowest[i];

		doc_table_row(x.t);
		snprintf(k, sizeof(k), "%zu", i + 1);
		put(&x, 0, k, CELL_ROWHEAD | CELL_NUM);
		ms_col(r, &x, 1, q->latency_ms);
		for (size_t p = 0; p < 6; p++)
			ms_col(r, &x, 2 + p, q->phase_ms[p]);
		snprintf(c, sizeof(c), "%llu", (unsigned long long)q->conn_id);
		snprintf(n, sizeof(n), "%llu", (unsigned long long)q->conn_req);
		put(&x, 8, q->conn_id > 0 ? c : TEXT_NULL,
		    CELL_NUM | (q->conn_id > 0 ? 0 : CELL_MUTED));
		put(&x, 9, q->conn_req > 0 ? n : TEXT_NULL,
		    CELL_NUM | (q->conn_req > 0 ? 0 : CELL_MUTED));
		ms_col(r, &x, 10, q->conn_age_s);
		snprintf(a, sizeof(a), "%d", q->attempt);
		put(&x, 11, q->attempt > 0 ? a : TEXT_NULL,
		    CELL_NUM | (q->attempt > 0 ? 0 : CELL_MUTED));
		str_cell(&x, 12, q->remote);
		str_cell(&x, 13, q->request_id);
	}
	b.len = 0;
	strbuf_adds(&b, rb_str(r, "table.slowest_foot"));
	if (out.len || out.failed) {
		strbuf_adds(&b, " ");
		subst(&b, rb_str(r, "table.slowest_left_out"), "cols", rb_text(r, &out), NULL,
		      NULL);
	}
	doc_table_foot(x.t, rb_text(r, &b));
done:
	strbuf_free(&b);
	strbuf_free(&out);
}

/* key_cells: cell s's key in the first four columns of t's last row (empty cells when not
 * first: a later row of the same cell). */
static void key_cells(struct report_builder *r, struct doc_table *t,
		      const struct results_slowest *s, int first)
{
	const struct report_model *m = r->m;
	char op[32], sz[64], w[64];

	doc_table_cell(t, 0, first ? m->subjects[s->subject].label : "", CELL_ROWHEAD, NULL,
		       first ? m->subjects[s->subject].color : NULL);
	doc_table_cell(t, 1, first ? report_op_name(r->l, s->op, op, sizeof(op)) : "", 0, NULL,
		       NULL);
	doc_table_cell(t, 2,
		       !first ? ""
		       : *model_str(s->size_spec)
			       ? s->size_spec
			       : model_size_text(m, r->nf, s->size, sz, sizeof(sz)),
		       0, NULL, NULL);
	doc_table_cell(t, 3,
		       first ? report_workers_cell(r->l, s->concurrency, 1, w, sizeof(w)) : "",
		       CELL_NUM, NULL, NULL);
}

/* front_rows: the rows of cell s's front ends (its key on the first). */
static void front_rows(struct report_builder *r, struct doc_table *t,
		       const struct results_slowest *s)
{
	char k[TEXT_NUM_MAX], v[TEXT_NUM_MAX];

	for (size_t i = 0; i < s->n_front_ends; i++) {
		const struct results_front_end *f = &s->front_ends[i];

		doc_table_row(t);
		key_cells(r, t, s, i == 0);
		doc_table_cell(t, 4, f->remote, 0, NULL, NULL);
		doc_table_cell(t, 5, text_num(r->nf, (double)f->requests, 0, k, sizeof(k)),
			       CELL_NUM, NULL, NULL);
		doc_table_cell(t, 6, text_num(r->nf, f->share * 100, 1, v, sizeof(v)),
			       CELL_NUM | (isnan(f->share) ? CELL_MUTED : 0), NULL, NULL);
		ms_cell(r, t, 7, f->mib_s);
		ms_cell(r, t, 8, f->p50_ms);
		ms_cell(r, t, 9, f->p99_ms);
	}
}

/* report_front_ends: the "Front ends" section; nothing when every cell was answered from
 * one address. */
static void report_front_ends(struct report_builder *r)
{
	static const char *const heads[10] = {
		"col.subject",  "col.op",    "col.size", "col.workers_short", "col.front_end",
		"col.requests", "col.share", "col.mibs", "col.p50",           "col.p99"};
	static const double widths[10] = {1.4, 0.6, 0.8, 0.5, 1.2, 0.8, 0.7, 0.8, 0.8, 0.8};
	const struct report_model *m = r->m;
	struct doc_table *t = NULL;

	for (size_t i = 0; i < m->doc.n_slowest; i++) {
		if (m->doc.slowest[i].n_front_ends < 2)
			continue;
		if (t == NULL) {
			doc_heading(r->d, 1, "front-ends", rb_str(r, "section.front_ends"));
			doc_para(r->d, rb_str(r, "front_ends.intro"), 0);
			t = doc_table(r->d, "t-front-ends", rb_str(r, "table.front_ends"), 10);
			if (t == NULL) {
				fail_oom(r);
				return;
			}
			for (size_t c = 0; c < 10; c++)
				doc_table_head(t, c, rb_str(r, heads[c]), widths[c]);
		}
		front_rows(r, t, &m->doc.slowest[i]);
	}
	if (t != NULL)
		doc_table_foot(t, rb_str(r, "table.front_ends_foot"));
}

/* report_server: the "Server time" section (analyze --server-log: slowest[].server): per
 * cell the join share and the parts' means and p99s; nothing without a join. */
static void report_server(struct report_builder *r)
{
	static const char *const heads[11] = {
		"col.subject",  "col.op",          "col.size",       "col.workers_short",
		"col.joined",   "col.server_mean", "col.server_p99", "col.turn_mean",
		"col.turn_p99", "col.rest_mean",   "col.rest_p99"};
	static const double widths[11] = {1.4, 0.6, 0.8, 0.5, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8};
	const struct report_model *m = r->m;
	struct doc_table *t = NULL;
	char v[TEXT_NUM_MAX];

	for (size_t i = 0; i < m->doc.n_slowest && !r->failed; i++) {
		const struct results_server *j = m->doc.slowest[i].server;

		if (j == NULL)
			continue;
		if (t == NULL) {
			doc_heading(r->d, 1, "server-time", rb_str(r, "section.server_time"));
			doc_para(r->d, rb_str(r, "server_time.intro"), 0);
			t = doc_table(r->d, "t-server-time", rb_str(r, "table.server_time"), 11);
			if (t == NULL) {
				fail_oom(r);
				return;
			}
			for (size_t c = 0; c < 11; c++)
				doc_table_head(t, c, rb_str(r, heads[c]), widths[c]);
		}
		doc_table_row(t);
		key_cells(r, t, &m->doc.slowest[i], 1);
		doc_table_cell(t, 4, text_num(r->nf, j->share * 100, 1, v, sizeof(v)),
			       CELL_NUM | (isnan(j->share) ? CELL_MUTED : 0), NULL, NULL);
		ms_cell(r, t, 5, j->total.mean_ms);
		ms_cell(r, t, 6, j->total.p99_ms);
		ms_cell(r, t, 7, j->turnaround.mean_ms);
		ms_cell(r, t, 8, j->turnaround.p99_ms);
		ms_cell(r, t, 9, j->rest.mean_ms);
		ms_cell(r, t, 10, j->rest.p99_ms);
	}
	if (t != NULL)
		doc_table_foot(t, rb_str(r, "table.server_time_foot"));
}

void report_who_answered(struct report_builder *r)
{
	report_front_ends(r);
	if (!r->failed)
		report_server(r);
}

void report_slowest(struct report_builder *r)
{
	const struct report_model *m = r->m;
	size_t n = 0;

	for (size_t i = 0; i < m->doc.n_slowest; i++)
		n += m->doc.slowest[i].n_slowest > 0;
	if (n == 0 || r->failed)
		return;
	doc_heading(r->d, 1, "slowest", rb_str(r, "section.slowest"));
	doc_para(r->d, rb_str(r, "slowest.intro"), 0);
	for (size_t i = 0; i < m->doc.n_slowest && !r->failed; i++)
		if (m->doc.slowest[i].n_slowest > 0)
			cell(r, &m->doc.slowest[i], i);
}

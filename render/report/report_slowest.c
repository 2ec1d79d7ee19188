/* render/report/report_slowest.c: the report's "Slowest requests" section (aggregate.json
 * slowest[]; docs/METHODOLOGY.md, "Slowest requests"): per cell a table of its slowest
 * requests, each with where its time went (DNS, connect, TLS, send, wait for the first
 * byte, transfer), its attempt, the address that answered and the provider's request id,
 * so that the reader sees whether the cell's tail is set-up, server time or transfer and
 * can look each request up in the server's log. Nothing when no cell has one. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/model/model_query.h"
#include "render/report/report_int.h"

#define NCOL 11

/* ms_cell: a figure in ms (muted "–" when NAN). */
static void ms_cell(struct report_builder *r, struct doc_table *t, size_t i, double v)
{
	char b[TEXT_NUM_MAX];

	doc_table_cell(t, i, isnan(v) ? TEXT_NULL : text_num(r->nf, v, 2, b, sizeof(b)),
		       CELL_NUM | (isnan(v) ? CELL_MUTED : 0), NULL, NULL);
}

/* str_cell: a string, muted "–" when NULL. */
static void str_cell(struct doc_table *t, size_t i, const char *s)
{
	doc_table_cell(t, i, s != NULL ? s : TEXT_NULL, s != NULL ? 0 : CELL_MUTED, NULL, NULL);
}

/* caption: "SUBJECT, OP SIZE, W workers: the N slowest of R requests" of s into b. */
static const char *caption(struct report_builder *r, const struct results_slowest *s,
			   struct strbuf *b)
{
	const struct report_model *m = r->m;
	char op[32], sz[64], w[64], n[32], k[TEXT_NUM_MAX];
	const char *names[] = {"subject", "op", "size", "workers", "n", "requests"};
	const char *vals[] = {m->subjects[s->subject].label,
			      report_op_name(r->l, s->op, op, sizeof(op)),
			      *model_str(s->size_spec)
				      ? s->size_spec
				      : model_size_text(m, r->nf, s->size, sz, sizeof(sz)),
			      report_workers_cell(r->l, s->concurrency, 1, w, sizeof(w)),
			      n,
			      text_num(r->nf, (double)s->requests, 0, k, sizeof(k))};

	snprintf(n, sizeof(n), "%zu", s->n_slowest);
	b->len = 0;
	text_subst(b, rb_str(r, "table.slowest"), names, vals, 6);
	return rb_text(r, b);
}

/* cell: the table of s (the idx-th one). */
static void cell(struct report_builder *r, const struct results_slowest *s, size_t idx)
{
	static const char *const heads[NCOL] = {"col.rank",       "col.latency_ms",  "phases.dns",
						"phases.connect", "phases.tls",      "phases.send",
						"phases.wait",    "phases.transfer", "col.attempt",
						"col.front_end",  "col.request_id"};
	static const double widths[NCOL] = {0.3, 0.7, 0.5, 0.5, 0.5, 0.5, 0.5, 0.6, 0.5, 0.9, 2.2};
	struct strbuf b = {0};
	char id[32], k[16], a[16];
	struct doc_table *t;

	snprintf(id, sizeof(id), "t-slow-%zu", idx);
	t = doc_table(r->d, id, caption(r, s, &b), NCOL);
	strbuf_free(&b);
	if (t == NULL) {
		fail_oom(r);
		return;
	}
	for (size_t i = 0; i < NCOL; i++)
		doc_table_head(t, i, rb_str(r, heads[i]), widths[i]);
	for (size_t i = 0; i < s->n_slowest; i++) {
		const struct results_slow_req *q = &s->slowest[i];

		doc_table_row(t);
		snprintf(k, sizeof(k), "%zu", i + 1);
		doc_table_cell(t, 0, k, CELL_ROWHEAD | CELL_NUM, NULL, NULL);
		ms_cell(r, t, 1, q->latency_ms);
		for (size_t p = 0; p < 6; p++)
			ms_cell(r, t, 2 + p, q->phase_ms[p]);
		snprintf(a, sizeof(a), "%d", q->attempt);
		doc_table_cell(t, 8, q->attempt > 0 ? a : TEXT_NULL,
			       CELL_NUM | (q->attempt > 0 ? 0 : CELL_MUTED), NULL, NULL);
		str_cell(t, 9, q->remote);
		str_cell(t, 10, q->request_id);
	}
	doc_table_foot(t, rb_str(r, "table.slowest_foot"));
}

void report_slowest(struct report_builder *r)
{
	const struct report_model *m = r->m;
	size_t n = 0;

	for (size_t i = 0; i < m->doc.n_slowest; i++)
		n += m->doc.slowest[i].n_slowest > 0;
	if (n == 0)
		return;
	doc_heading(r->d, 1, "slowest", rb_str(r, "section.slowest"));
	doc_para(r->d, rb_str(r, "slowest.intro"), 0);
	for (size_t i = 0; i < m->doc.n_slowest && !r->failed; i++)
		if (m->doc.slowest[i].n_slowest > 0)
			cell(r, &m->doc.slowest[i], i);
}

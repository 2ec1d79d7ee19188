/* render/report/report_hedge.c: the report's "What hedging would buy" section
 * (aggregate.json hedge[]; docs/METHODOLOGY.md, "What hedging would buy"): per GET and HEAD
 * cell its p99 and p99.9 unhedged and if every request still unanswered after a threshold
 * were sent again on a new connection, with the extra requests, the assumption stated; a
 * live-hedged cell's measured tail beside what the unhedged cell of its point predicted; a
 * cell's subject marked as its figures are elsewhere (report_flag_cells).
 * Nothing when no cell has enough requests for a what-if or a live measure. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/model/model_query.h"
#include "render/report/report_int.h"

#define NCOL 9

/* shown: 1 when h has something to show (a what-if, or a live measure). */
static int shown(const struct results_hedge *h)
{
	return h->n_at > 0 || (h->live != NULL && h->p99_supported);
}

/* ms: the text of a figure in ms, or "too few requests (n = N)" when not supported. */
static const char *ms(struct report_builder *r, const struct results_hedge *h, double v,
		      int supported, char *buf, size_t n)
{
	if (!supported) {
		struct strbuf t = {0};
		char k[TEXT_NUM_MAX];
		text_num(r->nf, (double)h->requests, 0, k, sizeof(k));
		subst(&t, rb_str(r, "lat.too_few"), "n", k, NULL, NULL);
		snprintf(buf, n, "%s", rb_text(r, &t));
		strbuf_free(&t);
		return buf;
	}
	return text_num(r->nf, v, -1, buf, n);
}

/* row: one row of cell h: its key (first row only), the threshold's words, p99, p99.9 and
 * the extra share (NAN: none) and, on the first row, the new connections' set-up. */
static void row(struct report_builder *r, struct doc_table *t, const struct results_hedge *h,
		int first, const char *what, double p99, double p999, double extra)
{
	const struct report_model *m = r->m;
	char opname[32], sz[64], w[64], a[96], b[96], v[TEXT_NUM_MAX];

	doc_table_row(t);
	if (first) {
		const struct results_cell key = {.subject = h->subject,
						 .op = h->op,
						 .size = h->size,
						 .concurrency = h->concurrency,
						 .size_spec = h->size_spec,
						 .range = h->range,
						 .rate = h->rate};

		report_flag_cell(r, t, 0, m->subjects[h->subject].label, CELL_ROWHEAD,
				 m->subjects[h->subject].color, h->subject, &key, 1);
	} else {
		doc_table_cell(t, 0, "", CELL_ROWHEAD, NULL, NULL);
	}
	doc_table_cell(t, 1, first ? report_op_name(r->l, h->op, opname, sizeof(opname)) : "", 0,
		       NULL, NULL);
	doc_table_cell(t, 2,
		       !first ? ""
		       : *model_str(h->size_spec)
			       ? h->size_spec
			       : model_size_text(m, r->nf, h->size, sz, sizeof(sz)),
		       0, NULL, NULL);
	doc_table_cell(t, 3,
		       first ? report_workers_cell(r->l, h->concurrency, 1, w, sizeof(w)) : "",
		       CELL_NUM, NULL, NULL);
	doc_table_cell(t, 4, what, 0, NULL, NULL);
	doc_table_cell(t, 5, ms(r, h, p99, h->p99_supported, a, sizeof(a)),
		       CELL_NUM | (h->p99_supported ? 0 : CELL_MUTED), NULL, NULL);
	doc_table_cell(t, 6, ms(r, h, p999, h->p999_supported, b, sizeof(b)),
		       CELL_NUM | (h->p999_supported ? 0 : CELL_MUTED), NULL, NULL);
	char pct[TEXT_NUM_MAX + 8];
	snprintf(pct, sizeof(pct), "%s %%", text_num(r->nf, extra * 100, 1, v, sizeof(v)));
	doc_table_cell(t, 7, isnan(extra) ? TEXT_NULL : pct,
		       CELL_NUM | (isnan(extra) ? CELL_MUTED : 0), NULL, NULL);
	doc_table_cell(t, 8, first ? text_num(r->nf, h->new_connection_ms, -1, v, sizeof(v)) : "",
		       CELL_NUM | (first && isnan(h->new_connection_ms) ? CELL_MUTED : 0), NULL,
		       NULL);
}

/* words: the words of threshold a under key ("hedge.at": "p95 (2.55 ms)") into s. */
static const char *words(struct report_builder *r, const char *key, const char *name, double t_ms,
			 struct strbuf *s)
{
	char v[TEXT_NUM_MAX];

	s->len = 0;
	subst(s, rb_str(r, key), "name", name, "ms", text_num(r->nf, t_ms, -1, v, sizeof(v)));
	return rb_text(r, s);
}

/* cell: the rows of h: unhedged, then each threshold's what-if, or a live cell's measure
 * and the what-if at its threshold. */
static void cell(struct report_builder *r, struct doc_table *t, const struct results_hedge *h)
{
	struct strbuf s = {0};

	if (h->live != NULL) {
		const struct results_hedge_at *w = h->live->whatif;
		row(r, t, h, 1, words(r, "hedge.live", h->hedge, h->live->threshold_ms, &s),
		    h->p99_ms, h->p999_ms, h->live->extra);
		if (w != NULL)
			row(r, t, h, 0, words(r, "hedge.whatif", w->threshold, w->t_ms, &s),
			    w->p99_ms, w->p999_ms, w->extra);
		strbuf_free(&s);
		return;
	}
	row(r, t, h, 1, rb_str(r, "hedge.unhedged"), h->p99_ms, h->p999_ms, NAN);
	for (size_t i = 0; i < h->n_at; i++)
		row(r, t, h, 0, words(r, "hedge.at", h->at[i].threshold, h->at[i].t_ms, &s),
		    h->at[i].p99_ms, h->at[i].p999_ms, h->at[i].extra);
	strbuf_free(&s);
}

void report_hedge(struct report_builder *r)
{
	static const char *const heads[NCOL] = {"col.subject",       "col.op",    "col.size",
						"col.workers_short", "col.hedge", "col.p99",
						"col.p999",          "col.extra", "col.setup"};
	static const double widths[NCOL] = {1.4, 0.6, 0.8, 0.5, 1.6, 1.0, 1.0, 0.8, 0.9};
	const struct report_model *m = r->m;
	size_t n = 0;

	for (size_t i = 0; i < m->doc.n_hedge; i++)
		n += shown(&m->doc.hedge[i]);
	if (n == 0)
		return;
	doc_heading(r->d, 1, "hedge", rb_str(r, "section.hedge"));
	doc_para(r->d, rb_str(r, "hedge.intro"), 0);
	struct doc_table *t = doc_table(r->d, "t-hedge", rb_str(r, "table.hedge"), NCOL);
	for (size_t i = 0; i < NCOL; i++)
		doc_table_head(t, i, rb_str(r, heads[i]), widths[i]);
	for (size_t i = 0; i < m->doc.n_hedge; i++)
		if (shown(&m->doc.hedge[i]))
			cell(r, t, &m->doc.hedge[i]);
	doc_table_foot(t, rb_str(r, "table.hedge_foot"));
}

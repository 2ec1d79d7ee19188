/* render/report/report_errors.c: the report's Errors section: one table of the cells whose
 * requests failed (render/model/model_errors.h), a row per subject, op, size, workers (and
 * offered rate), with the count and share of the requests for each HTTP status or
 * transport class that occurred, and the retries table (cells whose runs retried: the
 * share retried, attempts per request, first-attempt and end-to-end latency). Absent
 * when no request failed and none was retried. report_retries_note: the methodology's
 * sentence on whether retries were on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/report/findings.h"
#include "render/model/model_clients.h"
#include "render/model/model_errors.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

/* keys: the statuses and classes of every row, in errstat's (key) order. */
static void keys(const struct rm_errors *x, struct errstat *all)
{
	memset(all, 0, sizeof(*all));
	for (size_t i = 0; i < x->nrows; i++)
		errstat_merge(all, &x->rows[i].by);
}

static void cell_key(struct report_builder *r, struct doc_table *t, int subject, const char *op,
		     double rate, const char *size_spec, uint64_t size, int conc, int clients);

static void row(struct report_builder *r, struct doc_table *t, const struct rm_err_row *er,
		const struct errstat *all)
{
	char v[TEXT_NUM_MAX], sh[TEXT_NUM_MAX], cell[160];

	cell_key(r, t, er->subject, er->op, er->rate, er->size_spec, er->size, er->concurrency,
		 er->clients);
	doc_table_cell(t, 4, text_num(r->nf, (double)er->requests, 0, v, sizeof(v)), CELL_NUM, NULL,
		       NULL);
	for (int k = 0; k < all->n; k++) {
		uint64_t n = errstat_get(&er->by, all->e[k].key);
		double share = er->requests ? 100.0 * (double)n / (double)er->requests : 0;

		if (n == 0) {
			doc_table_cell(t, 5 + (size_t)k, "0", CELL_NUM | CELL_MUTED, NULL, NULL);
			continue;
		}
		snprintf(cell, sizeof(cell), "%s (%s %%)",
			 text_num(r->nf, (double)n, 0, v, sizeof(v)),
			 text_num(r->nf, share, share < 10 ? 2 : 1, sh, sizeof(sh)));
		doc_table_cell(t, 5 + (size_t)k, cell, CELL_NUM, NULL, NULL);
	}
}

/* cell_key: the subject, op (@ rate), size and workers cells of a row. */
static void cell_key(struct report_builder *r, struct doc_table *t, int subject, const char *op,
		     double rate, const char *size_spec, uint64_t size, int conc, int clients)
{
	const struct report_model *m = r->m;
	char opname[32], sz[64], w[64], v[TEXT_NUM_MAX], cell[160];

	doc_table_row(t);
	doc_table_cell(t, 0, m->subjects[subject].label, CELL_ROWHEAD, NULL,
		       m->subjects[subject].color);
	findings_op_name(r->l, op, opname, sizeof(opname));
	if (rate > 0) {
		snprintf(cell, sizeof(cell), "%s @ %s/s", opname,
			 text_num(r->nf, rate, -1, v, sizeof(v)));
		doc_table_cell(t, 1, cell, 0, NULL, NULL);
	} else {
		doc_table_cell(t, 1, opname, 0, NULL, NULL);
	}
	doc_table_cell(t, 2,
		       size_spec[0] ? size_spec : model_size_text(m, r->nf, size, sz, sizeof(sz)),
		       0, NULL, NULL);
	doc_table_cell(t, 3, model_workers_cell(r->l, conc, clients, w, sizeof(w)), CELL_NUM, NULL,
		       NULL);
}

static void retries_table(struct report_builder *r, const struct rm_errors *x)
{
	const char *heads[] = {"col.subject",   "col.op",      "col.size",     "col.workers_short",
			       "col.retries",   "col.retried", "col.attempts", "col.first_p50",
			       "col.first_p99", "col.e2e_p50", "col.e2e_p99"};
	struct doc_table *t = doc_table(r->d, "t-retries", rb_str(r, "table.retries"), 11);
	char v[TEXT_NUM_MAX];

	if (t == NULL) {
		fail_oom(r);
		return;
	}
	for (size_t i = 0; i < 11; i++)
		doc_table_head(t, i, rb_str(r, heads[i]), i == 0 ? 1.5 : 1);
	for (size_t i = 0; i < x->nretries; i++) {
		const struct rm_retry_row *q = &x->retries[i];
		const double lat[] = {q->first_p50, q->first_p99, q->e2e_p50, q->e2e_p99};

		cell_key(r, t, q->subject, q->op, q->rate, q->size_spec, q->size, q->concurrency,
			 q->clients);
		doc_table_cell(t, 4, text_num(r->nf, q->max, 0, v, sizeof(v)), CELL_NUM, NULL,
			       NULL);
		doc_table_cell(t, 5, text_num(r->nf, q->share * 100, 1, v, sizeof(v)), CELL_NUM,
			       NULL, NULL);
		doc_table_cell(t, 6, text_num(r->nf, q->per_request, 2, v, sizeof(v)), CELL_NUM,
			       NULL, NULL);
		for (size_t k = 0; k < 4; k++)
			doc_table_cell(t, 7 + k, text_num(r->nf, lat[k], -1, v, sizeof(v)),
				       CELL_NUM, NULL, NULL);
	}
	doc_table_foot(t, rb_str(r, "table.retries_foot"));
}

void report_retries_note(struct report_builder *r)
{
	const struct rm_errors *x = r->m->errors;

	if (r->m->warp_engine && *r->m->warp_engine)
		return; /* Warp's logs do not say */
	doc_para(r->d, rb_str(r, x && x->nretries ? "retries.on" : "retries.off"), 0);
}

void report_errors(struct report_builder *r)
{
	const struct rm_errors *x = r->m->errors;
	struct errstat all;
	char head[64];

	if (x == NULL || (x->nrows == 0 && x->nretries == 0))
		return;
	keys(x, &all);
	doc_heading(r->d, 1, "errors", rb_str(r, "section.errors"));
	doc_para(r->d, rb_str(r, "errors.intro"), 0);
	if (x->nretries)
		retries_table(r, x);
	if (x->nrows == 0)
		return;
	struct doc_table *t = doc_table(r->d, "t-errors", rb_str(r, "table.errors"),
					5 + (size_t)all.n);
	if (t == NULL) {
		fail_oom(r);
		return;
	}
	const char *heads[] = {"col.subject", "col.op", "col.size", "col.workers_short",
			       "col.requests"};
	for (size_t i = 0; i < 5; i++)
		doc_table_head(t, i, rb_str(r, heads[i]), i == 0 ? 1.5 : 1);
	for (int k = 0; k < all.n; k++) {
		const char *key = all.e[k].key;
		char sk[48];

		/* a status is shown as is ("503"); a class through its string ("timeout") */
		snprintf(sk, sizeof(sk), "errkey.%s", key);
		snprintf(head, sizeof(head), "%s",
			 key[0] >= '0' && key[0] <= '9' ? key : rb_str(r, sk));
		doc_table_head(t, 5 + (size_t)k, head, 1);
	}
	for (size_t i = 0; i < x->nrows; i++)
		row(r, t, &x->rows[i], &all);
	doc_table_foot(t, rb_str(r, "table.errors_foot"));
}

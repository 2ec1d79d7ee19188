/* render/report_errors.c: the report's Errors section: one table of the cells whose
 * requests failed (render/model_errors.h), a row per subject, op, size, workers (and
 * offered rate), with the count and share of the requests for each HTTP status or
 * transport class that occurred. Absent when no request failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/findings.h"
#include "render/model_clients.h"
#include "render/model_errors.h"
#include "render/model_query.h"
#include "render/report_int.h"

/* keys: the statuses and classes of every row, in errstat's (key) order. */
static void keys(const struct rm_errors *x, struct errstat *all)
{
	memset(all, 0, sizeof(*all));
	for (size_t i = 0; i < x->nrows; i++)
		errstat_merge(all, &x->rows[i].by);
}

static void row(struct report_builder *r, struct doc_table *t, const struct rm_err_row *er,
		const struct errstat *all)
{
	const struct report_model *m = r->m;
	char opname[32], sz[64], w[64], v[TEXT_NUM_MAX], sh[TEXT_NUM_MAX], cell[160];

	doc_table_row(t);
	doc_table_cell(t, 0, m->subjects[er->subject].label, CELL_ROWHEAD, NULL,
		       m->subjects[er->subject].color);
	findings_op_name(r->l, er->op, opname, sizeof(opname));
	if (er->rate > 0) {
		snprintf(cell, sizeof(cell), "%s @ %s/s", opname,
			 text_num(r->nf, er->rate, -1, v, sizeof(v)));
		doc_table_cell(t, 1, cell, 0, NULL, NULL);
	} else {
		doc_table_cell(t, 1, opname, 0, NULL, NULL);
	}
	doc_table_cell(t, 2,
		       er->size_spec[0] ? er->size_spec
					: model_size_text(m, r->nf, er->size, sz, sizeof(sz)),
		       0, NULL, NULL);
	doc_table_cell(t, 3, model_workers_cell(r->l, er->concurrency, er->clients, w, sizeof(w)),
		       CELL_NUM, NULL, NULL);
	doc_table_cell(t, 4, text_num(r->nf, (double)er->requests, 0, v, sizeof(v)), CELL_NUM,
		       NULL, NULL);
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

void report_errors(struct report_builder *r)
{
	const struct rm_errors *x = r->m->errors;
	struct errstat all;
	char head[64];

	if (x == NULL || x->nrows == 0)
		return;
	keys(x, &all);
	doc_heading(r->d, 1, "errors", rb_str(r, "section.errors"));
	doc_para(r->d, rb_str(r, "errors.intro"), 0);
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

/* render/report/report_errors.c: the report's Errors section: one table of the cells whose
 * requests failed (cells[].errors and workload_cells[].errors), a row per subject, op, size,
 * workers (and
 * offered rate), with the count and share of the requests for each HTTP status or
 * transport class that occurred, and the retries table (cells whose runs retried: the
 * share retried, attempts per request, first-attempt and end-to-end latency). Absent
 * when no request failed and none was retried. report_retries_note: the methodology's
 * sentence on whether retries were on. report_errors_findings: the key findings of the
 * failed requests (a 503 share above 1 %) and of the sweeps' throttling knees. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/model/model_query.h"
#include "render/report/findings.h"
#include "render/report/report_int.h"

#define ERR_SHARE_FINDING 0.01 /* a 503 share above this is a finding */

/* The cells the Errors section reads: the matrix's, then the workload cells, in the file's
 * order (cell i of n_cells()). */
static size_t n_cells(const struct report_model *m)
{
	return m->doc.n_cells + m->doc.n_workload_cells;
}

static const struct results_cell *cell(const struct report_model *m, size_t i)
{
	return i < m->doc.n_cells ? &m->doc.cells[i] : &m->doc.workload_cells[i - m->doc.n_cells];
}

/* keys: the statuses and classes of every cell that had failures, in errstat's (key) order;
 * *rows and *retried: how many had failures, and retries. */
static void keys(const struct report_model *m, struct errstat *all, size_t *rows, size_t *retried)
{
	memset(all, 0, sizeof(*all));
	*rows = *retried = 0;
	for (size_t i = 0; i < n_cells(m); i++) {
		const struct results_cell *c = cell(m, i);

		*retried += c->retries != NULL;
		if (c->errors == NULL)
			continue;
		errstat_merge(all, &c->errors->by);
		(*rows)++;
	}
}

static void cell_key(struct report_builder *r, struct doc_table *t, const struct results_cell *c);

static void row(struct report_builder *r, struct doc_table *t, const struct results_cell *c,
		const struct errstat *all)
{
	const struct results_errors *er = c->errors;
	char v[TEXT_NUM_MAX], sh[TEXT_NUM_MAX], cell[160];

	cell_key(r, t, c);
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
static void cell_key(struct report_builder *r, struct doc_table *t, const struct results_cell *c)
{
	const struct report_model *m = r->m;
	char opname[32], sz[64], w[64], v[TEXT_NUM_MAX], cell[160];

	doc_table_row(t);
	doc_table_cell(t, 0, m->subjects[c->subject].label, CELL_ROWHEAD, NULL,
		       m->subjects[c->subject].color);
	report_op_name(r->l, c->op, opname, sizeof(opname));
	if (c->rate > 0) {
		snprintf(cell, sizeof(cell), "%s @ %s/s", opname,
			 text_num(r->nf, c->rate, -1, v, sizeof(v)));
		doc_table_cell(t, 1, cell, 0, NULL, NULL);
	} else {
		doc_table_cell(t, 1, opname, 0, NULL, NULL);
	}
	doc_table_cell(t, 2,
		       *model_str(c->size_spec)
			       ? c->size_spec
			       : model_size_text(m, r->nf, c->size, sz, sizeof(sz)),
		       0, NULL, NULL);
	doc_table_cell(t, 3, report_workers_cell(r->l, c->concurrency, c->clients, w, sizeof(w)),
		       CELL_NUM, NULL, NULL);
}

static void retries_table(struct report_builder *r)
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
	for (size_t i = 0; i < n_cells(r->m); i++) {
		const struct results_cell *c = cell(r->m, i);
		const struct results_retries *q = c->retries;

		if (q == NULL)
			continue;
		const double lat[] = {q->first_attempt_ms.p50, q->first_attempt_ms.p99,
				      c->latency_ms.p50, c->latency_ms.p99};

		cell_key(r, t, c);
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
	struct errstat all;
	size_t rows, retried;

	if (r->m->doc.warp_engine && *r->m->doc.warp_engine)
		return; /* Warp's logs do not say */
	keys(r->m, &all, &rows, &retried);
	doc_para(r->d, rb_str(r, retried ? "retries.on" : "retries.off"), 0);
}

void report_errors(struct report_builder *r)
{
	struct errstat all;
	size_t rows, retried;
	char head[64];

	keys(r->m, &all, &rows, &retried);
	if (rows == 0 && retried == 0)
		return;
	doc_heading(r->d, 1, "errors", rb_str(r, "section.errors"));
	doc_para(r->d, rb_str(r, "errors.intro"), 0);
	if (retried)
		retries_table(r);
	if (rows == 0)
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
	for (size_t i = 0; i < n_cells(r->m); i++)
		if (cell(r->m, i)->errors != NULL)
			row(r, t, cell(r->m, i), &all);
	doc_table_foot(t, rb_str(r, "table.errors_foot"));
}

int report_errors_findings(const struct report_model *m, const struct text_lang *l,
			   struct findings *f)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	char opname[32], share[TEXT_NUM_MAX], workers[64], rate[TEXT_NUM_MAX];
	struct strbuf b = {0};

	for (size_t i = 0; i < n_cells(m); i++) {
		const struct results_cell *c = cell(m, i);
		const struct results_errors *er = c->errors;
		double sh;

		if (er == NULL)
			continue;
		sh = er->requests ? (double)errstat_get(&er->by, "503") / (double)er->requests : 0;
		if (!(sh > ERR_SHARE_FINDING))
			continue;
		report_op_name(l, c->op, opname, sizeof(opname));
		text_num(nf, sh * 100, sh < 0.1 ? 1 : 0, share, sizeof(share));
		report_workers_cell(l, c->concurrency, c->clients, workers, sizeof(workers));
		const char *names[] = {"subject", "share", "workers", "op"};
		const char *vals[] = {m->subjects[c->subject].label, share, workers, opname};
		text_subst(&b, text_lang_str(l, "finding.err503"), names, vals, 4);
		if (report_finding_add(f, &b) < 0)
			return -1;
	}
	for (size_t i = 0; i < m->doc.n_rate_sweeps; i++) {
		const struct results_sweep *k = &m->doc.rate_sweeps[i];

		if (isnan(k->throttle_knee))
			continue;
		report_op_name(l, k->op, opname, sizeof(opname));
		text_num(nf, k->throttle_knee, k->throttle_knee == floor(k->throttle_knee) ? 0 : -1,
			 rate, sizeof(rate));
		const char *names[] = {"subject", "op", "rate"};
		const char *vals[] = {m->subjects[k->subject].label, opname, rate};
		text_subst(&b, text_lang_str(l, "finding.knee"), names, vals, 3);
		if (report_finding_add(f, &b) < 0)
			return -1;
	}
	return 0;
}

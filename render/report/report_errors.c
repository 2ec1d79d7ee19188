/* render/report/report_errors.c: the report's Errors section: one table of the cells whose
 * requests failed (cells[].errors and workload_cells[].errors), a row per subject, op, size,
 * workers (and
 * offered rate), with the count and share of the requests for each HTTP status or
 * transport class that occurred, and the retries table (cells whose runs retried: the
 * share retried, attempts per request, first-attempt and end-to-end latency). Absent
 * when no request failed and none was retried. report_retries_note: the methodology's
 * sentence on whether retries were on. The throttling table: the cells whose attempts
 * were answered 503 or 429, with that share of the attempts (retried ones included) and of
 * the requests (their final answers). report_errors_findings: the errors and knee claims
 * worded as key findings. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/model/model_claims.h"
#include "render/model/model_query.h"
#include "render/report/findings.h"
#include "render/report/report_int.h"

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

/* share_cell: a share as "12.5 %" in column i, "–" for null. */
static void share_cell(struct report_builder *r, struct doc_table *t, size_t i, double share)
{
	char v[TEXT_NUM_MAX], cell[TEXT_NUM_MAX + 4];

	if (isnan(share)) {
		doc_table_cell(t, i, TEXT_NULL, CELL_NUM | CELL_MUTED, NULL, NULL);
		return;
	}
	snprintf(cell, sizeof(cell), "%s %%",
		 text_num(r->nf, share * 100, share < 0.1 ? 2 : 1, v, sizeof(v)));
	doc_table_cell(t, i, cell, CELL_NUM | (share > 0 ? 0 : CELL_MUTED), NULL, NULL);
}

/* throttled_table: the cells any of whose attempts were answered 503 or 429. */
static void throttled_table(struct report_builder *r)
{
	const char *heads[] = {"col.subject",
			       "col.op",
			       "col.size",
			       "col.workers_short",
			       "col.throttled_attempts",
			       "col.throttled_requests"};
	struct doc_table *t = NULL;

	for (size_t i = 0; i < n_cells(r->m); i++) {
		const struct results_cell *c = cell(r->m, i);

		if (!(c->throttled_attempt_share > 0))
			continue;
		if (t == NULL) {
			t = doc_table(r->d, "t-throttled", rb_str(r, "table.throttled"), 6);
			if (t == NULL) {
				fail_oom(r);
				return;
			}
			for (size_t k = 0; k < 6; k++)
				doc_table_head(t, k, rb_str(r, heads[k]), k == 0 ? 1.5 : 1);
		}
		cell_key(r, t, c);
		share_cell(r, t, 4, c->throttled_attempt_share);
		share_cell(r, t, 5, c->throttled_share);
	}
	if (t != NULL)
		doc_table_foot(t, rb_str(r, "table.throttled_foot"));
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
	throttled_table(r);
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

/* claim_cell: the cell (matrix or workload) whose claim of c's kind is c; NULL when none. */
static const struct results_cell *claim_cell(const struct report_model *m,
					     const struct results_claim *c)
{
	for (size_t i = 0; i < n_cells(m); i++)
		if (model_claim_cell(m, c->kind, cell(m, i)) == c)
			return cell(m, i);
	return NULL;
}

/* by_text: the failures of errors claim c by status or class ("503 30, timeout 2") into b. */
static void by_text(const struct numfmt *nf, const struct results_claim *c, struct strbuf *b)
{
	char v[TEXT_NUM_MAX];

	for (size_t i = 0; i < c->n_figures; i++)
		if (strncmp(c->figures[i].name, "by.", 3) == 0 && c->figures[i].text == NULL) {
			if (b->len)
				strbuf_adds(b, ", ");
			strbuf_addf(b, "%s %s", c->figures[i].name + 3,
				    text_num(nf, c->figures[i].num, 0, v, sizeof(v)));
		}
}

/* error_finding: errors claim c worded (finding.errors) into f. */
static int error_finding(const struct report_model *m, const struct text_lang *l,
			 const struct results_claim *c, struct findings *f)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	const struct results_cell *x = claim_cell(m, c);
	char opname[32], share[TEXT_NUM_MAX], workers[64];
	double sh = results_claim_num(c, "share");
	struct strbuf b = {0}, by = {0};

	report_op_name(l, model_str(c->op), opname, sizeof(opname));
	text_num(nf, sh * 100, sh < 0.1 ? 1 : 0, share, sizeof(share));
	report_workers_cell(l, c->concurrency, x ? x->clients : 1, workers, sizeof(workers));
	by_text(nf, c, &by);
	const char *names[] = {"subject", "share", "workers", "op", "by"};
	const char *vals[] = {m->subjects[c->subject].label, share, workers, opname,
			      by.p ? by.p : ""};
	text_subst(&b, text_lang_str(l, "finding.errors"), names, vals, 5);
	if (by.failed)
		b.failed = 1;
	strbuf_free(&by);
	return report_finding_claim(f, &b, c->id);
}

int report_errors_findings(const struct report_model *m, const struct text_lang *l,
			   struct findings *f)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	char opname[32], rate[TEXT_NUM_MAX];
	struct strbuf b = {0};

	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *c = &m->doc.claims[i];

		if (strcmp(c->kind, "errors") == 0 && c->subject >= 0) {
			if (error_finding(m, l, c, f) < 0)
				return -1;
			continue;
		}
		if (strcmp(c->kind, "knee") != 0 || strcmp(c->verdict, "found") != 0 ||
		    c->subject < 0)
			continue;
		double knee = results_claim_num(c, "rate");
		report_op_name(l, model_str(c->op), opname, sizeof(opname));
		text_num(nf, knee, knee == floor(knee) ? 0 : -1, rate, sizeof(rate));
		const char *names[] = {"subject", "op", "rate"};
		const char *vals[] = {m->subjects[c->subject].label, opname, rate};
		text_subst(&b, text_lang_str(l, "finding.knee"), names, vals, 3);
		if (report_finding_claim(f, &b, c->id) < 0)
			return -1;
	}
	return 0;
}

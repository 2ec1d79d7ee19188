/* render/report/report_cost.c: the "Cost" section and its key findings (render/report/report_int.h),
 * from aggregate.json's cost[] (docs/FORMATS.md, "Cost"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/strbuf.h"
#include "render/model/model_claims.h"
#include "render/report/report_int.h"

/* best_get: subject s's GET cell of the highest mean (MiB/s); NULL when none. */
static const struct results_cell *best_get(const struct report_model *m, int s)
{
	const struct results_cell *best = NULL;

	for (size_t i = 0; i < m->doc.n_cells; i++) {
		const struct results_cell *c = &m->doc.cells[i];
		if (c->subject != s || strcmp(c->op, "get") != 0 || !isfinite(c->mib_s.mean))
			continue;
		if (best == NULL || c->mib_s.mean > best->mib_s.mean)
			best = c;
	}
	return best;
}

/* example: the example workload's monthly total of cost entry c (NAN: none). */
static double example(const struct results_subject_cost *c)
{
	return c->example != NULL ? c->example->parts.total : NAN;
}

/* money: "12.34 USD" (4 decimals below 1) into buf. */
static const char *money(const struct report_builder *r, double v, const char *cur, char *buf,
			 size_t n)
{
	char num[TEXT_NUM_MAX];

	if (!isfinite(v))
		return TEXT_NULL;
	text_num(r->nf, v, fabs(v) < 1 ? 4 : 2, num, sizeof(num));
	snprintf(buf, n, "%s %s", num, cur);
	return buf;
}

/* date: the price date of cost entry c ("not given" when absent). */
static const char *date(const struct report_builder *r, const struct results_subject_cost *c)
{
	return *model_str(c->price_date) ? c->price_date : rb_str(r, "cost.no_date");
}

static void add(struct report_builder *r, struct findings *fd, const char *key,
		const char *const *names, const char *const *vals, size_t n, const char *ids)
{
	struct strbuf b = {0};

	text_subst(&b, rb_str(r, key), names, vals, n);
	if (report_finding_claim(fd, &b, ids) < 0)
		fail_oom(r);
	strbuf_free(&b);
}

/* cost_of: subject s's cost[] entry; NULL when none. */
static const struct results_subject_cost *cost_of(const struct report_model *m, int s)
{
	for (size_t i = 0; i < m->doc.n_cost; i++)
		if (m->doc.cost[i].subject == s)
			return &m->doc.cost[i];
	return NULL;
}

/* cheapest: the rank/cost claim worded when it ranks a subject first (finding.cost_cheapest),
 * the subject marked as its bill is. */
static void cheapest(struct report_builder *r, struct findings *fd)
{
	const struct report_model *m = r->m;
	const struct results_claim *c = model_claim(m, "rank/cost");
	const struct results_subject_cost *x;
	char key[300], a[64], lab[512];
	struct strbuf ids = {0};

	if (c == NULL || strcmp(c->verdict, "ranked") != 0 || c->subject < 0 ||
	    (x = cost_of(m, c->subject)) == NULL)
		return;
	snprintf(key, sizeof(key), "cost.%s", m->subjects[c->subject].id);
	snprintf(lab, sizeof(lab), "%s", m->subjects[c->subject].label);
	report_ids_add(&ids, c->id);
	report_flag_subject(m, c->subject, NULL, UINT64_MAX, -1, lab, sizeof(lab), &ids);
	const char *names[] = {"subject", "example", "cost", "date"};
	const char *vals[] = {lab, model_str(results_claim_text(c, "example")),
			      money(r, results_claim_num(c, key),
				    model_str(results_claim_text(c, "currency")), a, sizeof(a)),
			      date(r, x)};
	add(r, fd, "finding.cost_cheapest", names, vals, 4, ids.failed ? NULL : ids.p);
	strbuf_free(&ids);
}

/* per_tput: the rank/tput-per-cost claim worded: the subject that gives the most GET
 * throughput per monthly cost of the example when it ranks one (finding.cost_per_tput, the
 * subject marked as its best GET figure is), else
 * that none does clearly (finding.cost_per_tput_none, with the claim's reasons). */
static void per_tput(struct report_builder *r, struct findings *fd)
{
	const struct report_model *m = r->m;
	const struct results_claim *c = model_claim(m, "rank/tput-per-cost");
	char key[300], b[TEXT_NUM_MAX];
	struct strbuf why = {0};

	if (c == NULL)
		return;
	if (strcmp(c->verdict, "ranked") == 0 && c->subject >= 0 &&
	    (size_t)c->subject < m->nsubjects) {
		const struct results_cell *g = best_get(m, c->subject);
		char lab[512];
		struct strbuf ids = {0};

		snprintf(key, sizeof(key), "per_cost.%s", m->subjects[c->subject].id);
		text_num(r->nf, results_claim_num(c, key) * 100, -1, b, sizeof(b));
		snprintf(lab, sizeof(lab), "%s", m->subjects[c->subject].label);
		report_ids_add(&ids, c->id);
		report_flag_cells(m, c->subject, g, g != NULL, lab, sizeof(lab), &ids);
		const char *names[] = {"subject", "value", "currency"};
		const char *vals[] = {lab, b, model_str(results_claim_text(c, "currency"))};
		add(r, fd, "finding.cost_per_tput", names, vals, 3, ids.failed ? NULL : ids.p);
		strbuf_free(&ids);
		return;
	}
	report_claim_reasons(r->l, c, &why);
	const char *names[] = {"reasons"}, *vals[] = {rb_text(r, &why)};
	add(r, fd, "finding.cost_per_tput_none", names, vals, 1, c->id);
	strbuf_free(&why);
}

void report_cost_findings(struct report_builder *r, struct findings *fd)
{
	const struct report_model *m = r->m;

	if (m->doc.n_cost == 0)
		return;
	cheapest(r, fd);
	per_tput(r, fd);
	const char *names[] = {"date"}, *vals[] = {date(r, &m->doc.cost[0])};
	add(r, fd, "finding.cost_list_prices", names, vals, 1, NULL);
}

/* bill_table: the campaign's bill per subject with its parts. */
static void bill_table(struct report_builder *r)
{
	static const char *const parts[] = {"total",   "requests",      "egress",   "ingress",
					    "storage", "deleted_early", "retrieval"};
	enum {
		N_PARTS = sizeof(parts) / sizeof(parts[0])
	};
	const struct report_model *m = r->m;
	struct doc_table *t = doc_table(r->d, "t-cost-bill", rb_str(r, "table.cost_bill"),
					N_PARTS + 2);
	char buf[64], n[32];

	doc_table_head(t, 0, rb_str(r, "col.subject"), 1.4);
	for (int k = 0; k < N_PARTS; k++) {
		char key[40];
		snprintf(key, sizeof(key), "cost.%s", parts[k]);
		doc_table_head(t, (size_t)k + 1, rb_str(r, key), 1);
	}
	doc_table_head(t, N_PARTS + 1, rb_str(r, "cost.runs"), 0.7);
	for (size_t i = 0; i < m->doc.n_cost; i++) {
		const struct results_subject_cost *c = &m->doc.cost[i];
		const struct cost_parts *p = &c->bill.parts;
		const double v[N_PARTS] = {p->total,   p->requests,      p->egress,   p->ingress,
					   p->storage, p->deleted_early, p->retrieval};

		doc_table_row(t);
		report_flag_cell(r, t, 0, m->subjects[c->subject].label, CELL_ROWHEAD, NULL,
				 c->subject, NULL, REPORT_FLAG_ALL);
		for (int k = 0; k < N_PARTS; k++)
			doc_table_cell(
				t, (size_t)k + 1,
				money(r, v[k], model_str(c->bill.currency), buf, sizeof(buf)),
				CELL_NUM, NULL, NULL);
		snprintf(n, sizeof(n), "%lld", c->runs_priced);
		doc_table_cell(t, N_PARTS + 1, n, CELL_NUM, NULL, NULL);
	}
	doc_table_foot(t, rb_str(r, "table.cost_bill_foot"));
}

/* perf_table: price-performance per subject: reading 1 TB at each GET size, a million
 * GETs, the example workload's monthly cost beside the best GET throughput. */
static void perf_table(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct doc_table *t = doc_table(r->d, "t-cost-perf", rb_str(r, "table.cost_perf"), 5);
	char buf[64], sz[32], tp[TEXT_NUM_MAX];
	struct strbuf b = {0};

	doc_table_head(t, 0, rb_str(r, "col.subject"), 1.4);
	doc_table_head(t, 1, rb_str(r, "cost.read_1tb"), 2);
	doc_table_head(t, 2, rb_str(r, "cost.million"), 1);
	doc_table_head(t, 3, rb_str(r, "cost.example"), 1.2);
	doc_table_head(t, 4, rb_str(r, "cost.best_get"), 1);
	for (size_t i = 0; i < m->doc.n_cost; i++) {
		const struct results_subject_cost *c = &m->doc.cost[i];
		const char *cur = model_str(c->bill.currency);
		strbuf_reset(&b);
		for (size_t j = 0; j < c->n_read_1tb; j++) {
			if (j)
				strbuf_adds(&b, "; ");
			text_size(r->nf, c->read_1tb[j].size, sz, sizeof(sz));
			strbuf_addf(&b, "%s: %s", sz,
				    money(r, c->read_1tb[j].cost, cur, buf, sizeof(buf)));
		}
		doc_table_row(t);
		doc_table_cell(t, 0, m->subjects[c->subject].label, CELL_ROWHEAD, NULL, NULL);
		doc_table_cell(t, 1, b.len ? rb_text(r, &b) : TEXT_NULL, 0, NULL, NULL);
		doc_table_cell(t, 2, money(r, c->million_requests, cur, buf, sizeof(buf)), CELL_NUM,
			       NULL, NULL);
		doc_table_cell(t, 3, money(r, example(c), cur, buf, sizeof(buf)), CELL_NUM, NULL,
			       NULL);
		const struct results_cell *g = best_get(m, c->subject);
		if (g != NULL)
			report_flag_cell(r, t, 4, text_num(r->nf, g->mib_s.mean, 1, tp, sizeof(tp)),
					 CELL_NUM, NULL, c->subject, g, 1);
		else
			doc_table_cell(t, 4, TEXT_NULL, CELL_NUM, NULL, NULL);
	}
	strbuf_free(&b);
	const char *spec = model_str(m->doc.cost[0].example_spec);
	strbuf_reset(&b);
	const char *names[] = {"example"}, *vals[] = {*spec ? spec : TEXT_NULL};
	text_subst(&b, rb_str(r, "table.cost_perf_foot"), names, vals, 1);
	report_policy_rule(r, &b);
	doc_table_foot(t, rb_text(r, &b));
	strbuf_free(&b);
}

/* free_para: each subject's bill after the free allowances (cost[].free_allowance). */
static void free_para(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char t[64], sv[64];

	for (size_t i = 0; i < m->doc.n_cost; i++) {
		const struct results_subject_cost *c = &m->doc.cost[i];
		const struct results_free_allowance *f = c->free_allowance;
		struct strbuf b = {0};
		if (f == NULL)
			continue;
		const char *cur = model_str(c->bill.currency);
		const char *names[] = {"subject", "total", "saved"};
		const char *vals[] = {m->subjects[c->subject].label,
				      money(r, f->total, cur, t, sizeof(t)),
				      money(r, f->saved, cur, sv, sizeof(sv))};
		text_subst(&b, rb_str(r, "cost.free_allowance"), names, vals, 3);
		doc_para(r->d, rb_text(r, &b), 0);
		strbuf_free(&b);
	}
}

void report_cost(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0};

	if (m->doc.n_cost == 0)
		return;
	doc_heading(r->d, 1, "cost", rb_str(r, "section.cost"));
	const char *names[] = {"date"}, *vals[] = {date(r, &m->doc.cost[0])};
	text_subst(&b, rb_str(r, "cost.intro"), names, vals, 1);
	doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&b);
	for (size_t i = 0; i < m->doc.n_cost; i++) {
		if (m->doc.cost[i].logged_only) {
			doc_para(r->d, rb_str(r, "cost.logged_only"), 0);
			break;
		}
	}
	bill_table(r);
	free_para(r);
	perf_table(r);
}

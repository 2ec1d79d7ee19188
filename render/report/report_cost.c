/* render/report/report_cost.c: the "Cost" section and its key findings (render/report/report_int.h),
 * from aggregate.json's cost[] (docs/FORMATS.md, "Cost"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/strbuf.h"
#include "render/report/findings.h"
#include "render/report/report_int.h"

static const char *jstr(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static double jnum(const json_t *o, const char *k)
{
	const json_t *v = json_object_get(o, k);
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* label: the subject's label (its id when the model has no such subject). */
static const char *label(const struct report_model *m, const char *id)
{
	for (size_t i = 0; i < m->nsubjects; i++)
		if (strcmp(m->subjects[i].id, id) == 0)
			return m->subjects[i].label;
	return id;
}

/* best_get: the subject's highest GET cell mean (MiB/s), NAN when none. */
static double best_get(const struct report_model *m, const char *id)
{
	double best = NAN;

	for (size_t i = 0; i < m->ncells; i++) {
		const struct rm_cell *c = &m->cells[i];
		if (c->subject < 0 || (size_t)c->subject >= m->nsubjects ||
		    strcmp(m->subjects[c->subject].id, id) != 0 || strcmp(c->op, "get") != 0)
			continue;
		if (isfinite(c->mib_s.mean) && !(c->mib_s.mean <= best))
			best = c->mib_s.mean;
	}
	return best;
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
static const char *date(const struct report_builder *r, const json_t *c)
{
	const char *d = jstr(c, "price_date");
	return *d ? d : rb_str(r, "cost.no_date");
}

static void add(struct report_builder *r, struct findings *fd, const char *key,
		const char *const *names, const char *const *vals, size_t n)
{
	struct strbuf b = {0};

	text_subst(&b, rb_str(r, key), names, vals, n);
	if (findings_add(fd, &b) < 0)
		fail_oom(r);
	strbuf_free(&b);
}

void report_cost_findings(struct report_builder *r, struct findings *fd)
{
	const json_t *cost = r->m->cost, *c, *cheap = NULL, *fast = NULL;
	double cheap_v = INFINITY, fast_v = -1;
	char a[64], b[64];
	size_t i;

	if (cost == NULL)
		return;
	json_array_foreach(cost, i, c) {
		const json_t *x = json_object_get(c, "example");
		double m = jnum(x, "total"), t = best_get(r->m, jstr(c, "subject"));
		if (!isfinite(m))
			continue;
		if (m < cheap_v)
			cheap_v = m, cheap = c;
		if (isfinite(t) && m > 0 && t / m > fast_v)
			fast_v = t / m, fast = c;
	}
	if (cheap != NULL) {
		const char *names[] = {"subject", "example", "cost", "date"};
		const char *vals[] = {label(r->m, jstr(cheap, "subject")),
				      jstr(json_object_get(cheap, "example"), "spec"),
				      money(r, cheap_v, jstr(cheap, "currency"), a, sizeof(a)),
				      date(r, cheap)};
		add(r, fd, "finding.cost_cheapest", names, vals, 4);
	}
	if (fast != NULL) {
		const char *names[] = {"subject", "value", "currency"};
		text_num(r->nf, fast_v * 100, -1, b, sizeof(b));
		const char *vals[] = {label(r->m, jstr(fast, "subject")), b,
				      jstr(fast, "currency")};
		add(r, fd, "finding.cost_per_tput", names, vals, 3);
	}
	c = json_array_get(cost, 0);
	const char *names[] = {"date"}, *vals[] = {date(r, c)};
	add(r, fd, "finding.cost_list_prices", names, vals, 1);
}

/* bill_table: the campaign's bill per subject with its parts. */
static void bill_table(struct report_builder *r)
{
	static const char *const parts[] = {"total",   "requests",      "egress",   "ingress",
					    "storage", "deleted_early", "retrieval"};
	enum {
		N_PARTS = sizeof(parts) / sizeof(parts[0])
	};
	struct doc_table *t = doc_table(r->d, "t-cost-bill", rb_str(r, "table.cost_bill"),
					N_PARTS + 2);
	const json_t *c;
	char buf[64], n[32];
	size_t i;

	doc_table_head(t, 0, rb_str(r, "col.subject"), 1.4);
	for (int k = 0; k < N_PARTS; k++) {
		char key[40];
		snprintf(key, sizeof(key), "cost.%s", parts[k]);
		doc_table_head(t, (size_t)k + 1, rb_str(r, key), 1);
	}
	doc_table_head(t, N_PARTS + 1, rb_str(r, "cost.runs"), 0.7);
	json_array_foreach(r->m->cost, i, c) {
		doc_table_row(t);
		doc_table_cell(t, 0, label(r->m, jstr(c, "subject")), CELL_ROWHEAD, NULL, NULL);
		for (int k = 0; k < N_PARTS; k++)
			doc_table_cell(
				t, (size_t)k + 1,
				money(r, jnum(c, parts[k]), jstr(c, "currency"), buf, sizeof(buf)),
				CELL_NUM, NULL, NULL);
		snprintf(n, sizeof(n), "%lld",
			 (long long)json_integer_value(json_object_get(c, "runs_priced")));
		doc_table_cell(t, N_PARTS + 1, n, CELL_NUM, NULL, NULL);
	}
	doc_table_foot(t, rb_str(r, "table.cost_bill_foot"));
}

/* perf_table: price-performance per subject: reading 1 TB at each GET size, a million
 * GETs, the example workload's monthly cost beside the best GET throughput. */
static void perf_table(struct report_builder *r)
{
	struct doc_table *t = doc_table(r->d, "t-cost-perf", rb_str(r, "table.cost_perf"), 5);
	const json_t *c, *x;
	char buf[64], sz[32], tp[TEXT_NUM_MAX];
	struct strbuf b = {0};
	size_t i, j;

	doc_table_head(t, 0, rb_str(r, "col.subject"), 1.4);
	doc_table_head(t, 1, rb_str(r, "cost.read_1tb"), 2);
	doc_table_head(t, 2, rb_str(r, "cost.million"), 1);
	doc_table_head(t, 3, rb_str(r, "cost.example"), 1.2);
	doc_table_head(t, 4, rb_str(r, "cost.best_get"), 1);
	json_array_foreach(r->m->cost, i, c) {
		const char *cur = jstr(c, "currency");
		strbuf_reset(&b);
		json_array_foreach(json_object_get(c, "read_1tb"), j, x) {
			if (j)
				strbuf_adds(&b, "; ");
			text_size(r->nf, (uint64_t)json_integer_value(json_object_get(x, "size")),
				  sz, sizeof(sz));
			strbuf_addf(&b, "%s: %s", sz,
				    money(r, jnum(x, "cost"), cur, buf, sizeof(buf)));
		}
		doc_table_row(t);
		doc_table_cell(t, 0, label(r->m, jstr(c, "subject")), CELL_ROWHEAD, NULL, NULL);
		doc_table_cell(t, 1, b.len ? rb_text(r, &b) : TEXT_NULL, 0, NULL, NULL);
		doc_table_cell(t, 2, money(r, jnum(c, "million_requests"), cur, buf, sizeof(buf)),
			       CELL_NUM, NULL, NULL);
		doc_table_cell(t, 3,
			       money(r, jnum(json_object_get(c, "example"), "total"), cur, buf,
				     sizeof(buf)),
			       CELL_NUM, NULL, NULL);
		double g = best_get(r->m, jstr(c, "subject"));
		doc_table_cell(t, 4,
			       isfinite(g) ? text_num(r->nf, g, 1, tp, sizeof(tp)) : TEXT_NULL,
			       CELL_NUM, NULL, NULL);
	}
	strbuf_free(&b);
	c = json_array_get(r->m->cost, 0);
	const char *spec = jstr(json_object_get(c, "example"), "spec");
	strbuf_reset(&b);
	const char *names[] = {"example"}, *vals[] = {*spec ? spec : TEXT_NULL};
	text_subst(&b, rb_str(r, "table.cost_perf_foot"), names, vals, 1);
	doc_table_foot(t, rb_text(r, &b));
	strbuf_free(&b);
}

/* free_para: each subject's bill after the monthly free egress (cost[].free_allowance). */
static void free_para(struct report_builder *r)
{
	const json_t *c;
	char t[64], sv[64];
	size_t i;

	json_array_foreach(r->m->cost, i, c) {
		const json_t *f = json_object_get(c, "free_allowance");
		struct strbuf b = {0};
		if (!json_is_object(f))
			continue;
		const char *cur = jstr(c, "currency");
		const char *names[] = {"subject", "total", "saved"};
		const char *vals[] = {label(r->m, jstr(c, "subject")),
				      money(r, jnum(f, "total"), cur, t, sizeof(t)),
				      money(r, jnum(f, "saved"), cur, sv, sizeof(sv))};
		text_subst(&b, rb_str(r, "cost.free_allowance"), names, vals, 3);
		doc_para(r->d, rb_text(r, &b), 0);
		strbuf_free(&b);
	}
}

void report_cost(struct report_builder *r)
{
	struct strbuf b = {0};

	if (r->m->cost == NULL)
		return;
	doc_heading(r->d, 1, "cost", rb_str(r, "section.cost"));
	const char *names[] = {"date"}, *vals[] = {date(r, json_array_get(r->m->cost, 0))};
	text_subst(&b, rb_str(r, "cost.intro"), names, vals, 1);
	doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&b);
	const json_t *c;
	size_t i;
	json_array_foreach(r->m->cost, i, c) {
		if (strcmp(jstr(c, "billed"), "logged_requests") == 0) {
			doc_para(r->d, rb_str(r, "cost.logged_only"), 0);
			break;
		}
	}
	bill_table(r);
	free_para(r);
	perf_table(r);
}

/* render/report/report_vantage.c: the report's "Vantages" section (aggregate.json vantages{};
 * docs/METHODOLOGY.md, "Vantages"): a merge of one campaign measured from several places.
 * The vantages and where their names came from, then per headline category (PUT and GET at
 * the largest size and highest concurrency) a table of each subject's figure, 95 % interval
 * and rank in each vantage, and the verdict of its subject x vantage interaction test worded
 * from its vantage claim and how the vantages' own leaders agree (its lead-vantages claim).
 * Then the leaders judged within each vantage: a row per configuration with a lead, each
 * vantage's leader and verdict (its vantage-lead claim) and the agreement across the
 * vantages (its lead-vantages claim). Nothing for a single DATA_DIR. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/model/model_claims.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

/* intro: the vantages, each with its DATA_DIR and where its name came from. */
static void intro(struct report_builder *r, const struct results_vantages *v)
{
	const char *names[] = {"name", "dir", "from"};
	struct strbuf b = {0};

	doc_para(r->d, rb_str(r, "vantage.intro"), 0);
	for (size_t k = 0; k < v->n; k++) {
		char key[48];
		const char *vals[3];

		snprintf(key, sizeof(key), "vantage.from_%s", model_str(v->names[k].from));
		vals[0] = v->names[k].name;
		vals[1] = model_str(v->names[k].dir);
		vals[2] = rb_str(r, key);
		if (b.len)
			strbuf_adds(&b, "; ");
		text_subst(&b, rb_str(r, "vantage.one"), names, vals, 3);
	}
	doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&b);
}

/* cell_of: subject s's cell in vantage k of t's category; NULL when none. */
static const struct results_vcell *cell_of(const struct results_vantages *v,
					   const struct results_vtest *t, int s, int k)
{
	for (size_t i = 0; i < v->n_cells; i++) {
		const struct results_vcell *c = &v->cells[i];

		if (c->subject == s && c->vantage == k && c->size == t->size &&
		    c->concurrency == t->concurrency && strcmp(c->op, t->op) == 0)
			return c;
	}
	return NULL;
}

/* table: t's category, a row per subject, a column per vantage. */
static void table(struct report_builder *r, const struct results_vantages *v,
		  const struct results_vtest *t, const char *caption, const char *claim)
{
	const struct report_model *m = r->m;
	char id[96];
	struct doc_table *tb;

	snprintf(id, sizeof(id), "t-vantage-%s-%llu-c%d", t->op, (unsigned long long)t->size,
		 t->concurrency);
	if ((tb = doc_table(r->d, id, caption, v->n + 1)) == NULL)
		return;
	doc_table_head(tb, 0, rb_str(r, "col.subject"), 2);
	for (size_t k = 0; k < v->n; k++)
		doc_table_head(tb, k + 1, v->names[k].name, 2);
	for (size_t s = 0; s < m->nsubjects; s++) {
		int flagged = 0;

		for (size_t i = 0; i < t->n_flagged; i++)
			flagged |= t->flagged[i] == (int)s;
		doc_table_row(tb);
		doc_table_cell(tb, 0, m->subjects[s].label, CELL_ROWHEAD, NULL,
			       m->subjects[s].color);
		if (flagged)
			doc_table_claim(tb, 0, claim, NULL);
		for (size_t k = 0; k < v->n; k++) {
			const struct results_vcell *c = cell_of(v, t, (int)s, (int)k);
			char val[TEXT_NUM_MAX], lo[TEXT_NUM_MAX], hi[TEXT_NUM_MAX],
				txt[3 * TEXT_NUM_MAX + 8], note[32];

			if (c == NULL || !isfinite(c->value)) {
				doc_table_cell(tb, k + 1, TEXT_NULL, CELL_NUM | CELL_MUTED, NULL,
					       NULL);
				continue;
			}
			text_num(r->nf, c->value, 1, val, sizeof(val));
			if (isfinite(c->ci_lo))
				snprintf(txt, sizeof(txt), "%s (%s–%s)", val,
					 text_num(r->nf, c->ci_lo, 1, lo, sizeof(lo)),
					 text_num(r->nf, c->ci_hi, 1, hi, sizeof(hi)));
			else
				snprintf(txt, sizeof(txt), "%s", val);
			snprintf(note, sizeof(note), "#%d", c->rank);
			doc_table_cell(tb, k + 1, txt, CELL_NUM, c->rank > 0 ? note : NULL, NULL);
		}
	}
	doc_table_foot(tb, rb_str(r, "vantage.foot"));
}

/* category: t's table and its verdict, worded from its claim. */
static void category(struct report_builder *r, const struct results_vantages *v,
		     const struct results_vtest *t)
{
	char id[96], opname[32], sz[64], w[32];
	const struct results_claim *c;
	const char *names[] = {"op", "size", "workers"};
	const char *vals[] = {report_op_name(r->l, t->op, opname, sizeof(opname)),
			      model_size_text(r->m, r->nf, t->size, sz, sizeof(sz)), w};
	struct strbuf cap = {0}, words = {0};

	snprintf(id, sizeof(id), "vantage/%s/%llu/c%d", t->op, (unsigned long long)t->size,
		 t->concurrency);
	snprintf(w, sizeof(w), "%d", t->concurrency);
	if ((c = model_claim(r->m, id)) == NULL)
		return;
	text_subst(&cap, rb_str(r, "vantage.caption"), names, vals, 3);
	table(r, v, t, rb_text(r, &cap), id);
	if (report_claim_words(r->m, r->l, c, &words) == 0) /* else the Verdicts say it */
		doc_para_claim(r->d, rb_text(r, &words), id);
	strbuf_free(&words);
	results_claim_id(id, sizeof(id), "lead-vantages", NULL, t->op, (long long)t->size,
			 t->concurrency, NULL, NULL);
	if ((c = model_claim(r->m, id)) != NULL && report_claim_words(r->m, r->l, c, &words) == 0)
		doc_para_claim(r->d, rb_text(r, &words), id);
	strbuf_free(&cap);
	strbuf_free(&words);
}

/* lead_cell: cell i of the last row of tb: vantage k's leader of agreement claim g's
 * category and its verdict, carrying its vantage-lead claim; muted when it has none. */
static void lead_cell(struct report_builder *r, struct doc_table *tb, size_t i,
		      const struct results_claim *g, size_t k)
{
	const struct report_model *m = r->m;
	char id[RESULTS_CLAIM_ID_MAX], extra[24], key[64];
	const struct results_claim *c;
	struct strbuf b = {0};

	snprintf(extra, sizeof(extra), "v%zu", k + 1);
	results_claim_id(id, sizeof(id), "vantage-lead", NULL, g->op, g->size, g->concurrency, NULL,
			 extra);
	if ((c = model_claim(m, id)) == NULL || c->subject < 0 ||
	    (size_t)c->subject >= m->nsubjects) {
		doc_table_cell(tb, i, TEXT_NULL, CELL_MUTED, NULL, NULL);
		return;
	}
	snprintf(key, sizeof(key), "vantage.verdict.%s", c->verdict);
	const char *names[] = {"subject", "verdict"};
	const char *vals[] = {m->subjects[c->subject].label, rb_str(r, key)};
	text_subst(&b, rb_str(r, "vantage.cell"), names, vals, 2);
	doc_table_cell(tb, i, rb_text(r, &b), 0, NULL, m->subjects[c->subject].color);
	doc_table_claim(tb, i, c->id, NULL);
	strbuf_free(&b);
}

/* leads_head: the leaders' table (NULL when out of memory), its head written. */
static struct doc_table *leads_head(struct report_builder *r, const struct results_vantages *v)
{
	struct doc_table *tb = doc_table(r->d, "t-vantage-leads",
					 rb_str(r, "vantage.leads_caption"), v->n + 2);

	if (tb == NULL)
		return NULL;
	doc_table_head(tb, 0, rb_str(r, "col.configuration"), 2);
	for (size_t k = 0; k < v->n; k++)
		doc_table_head(tb, k + 1, v->names[k].name, 2);
	doc_table_head(tb, v->n + 1, rb_str(r, "col.across_vantages"), 2);
	return tb;
}

/* leads: the leaders within each vantage, a row per lead-vantages claim. */
static void leads(struct report_builder *r, const struct results_vantages *v)
{
	const struct report_model *m = r->m;
	struct doc_table *tb = NULL;

	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *g = &m->doc.claims[i];
		char opname[32], sz[64], w[32], key[64];
		struct strbuf b = {0};

		if (strcmp(g->kind, "lead-vantages") != 0)
			continue;
		if (tb == NULL && (tb = leads_head(r, v)) == NULL)
			return;
		snprintf(w, sizeof(w), "%d", g->concurrency);
		const char *names[] = {"op", "size", "workers"};
		const char *vals[] = {
			report_op_name(r->l, model_str(g->op), opname, sizeof(opname)),
			model_size_text(m, r->nf, (uint64_t)g->size, sz, sizeof(sz)), w};
		text_subst(&b, rb_str(r, "vantage.configuration"), names, vals, 3);
		doc_table_row(tb);
		doc_table_cell(tb, 0, rb_text(r, &b), CELL_ROWHEAD, NULL, NULL);
		for (size_t k = 0; k < v->n; k++)
			lead_cell(r, tb, k + 1, g, k);
		snprintf(key, sizeof(key), "vantage.across.%s", g->verdict);
		doc_table_cell(tb, v->n + 1, rb_str(r, key), 0, NULL, NULL);
		doc_table_claim(tb, v->n + 1, g->id, NULL);
		strbuf_free(&b);
	}
	if (tb != NULL)
		doc_table_foot(tb, rb_str(r, "vantage.leads_foot"));
}

void report_vantages(struct report_builder *r)
{
	const struct results_vantages *v = r->m->doc.vantages;

	if (v == NULL || v->n < 2)
		return;
	doc_heading(r->d, 1, "vantages", rb_str(r, "section.vantages"));
	intro(r, v);
	for (size_t i = 0; i < v->n_tests; i++)
		if (v->tests[i].headline)
			category(r, v, &v->tests[i]);
	doc_para(r->d, rb_str(r, "vantage.test"), 0);
	leads(r, v);
}

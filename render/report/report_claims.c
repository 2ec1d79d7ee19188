/* render/report/report_claims.c: the words of a claim (report_claim_words) and the report's
 * "Verdicts" section, every claim the report words with its id (report_int.h;
 * docs/FORMATS.md, "Claims"). A claim is worded by its language's claim.KIND.VERDICT
 * string; render decides none of them. */
#include "render/report/report_int.h"

#include "render/model/model_claims.h"
#include "render/model/model_query.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIXED_NAMES 4 /* subject, subjects, reasons, op */

/* labels: the labels of c's subjects, ", "-separated, into b. */
static void labels(const struct report_model *m, const struct results_claim *c, struct strbuf *b)
{
	for (size_t i = 0; i < c->n_subjects; i++)
		if (c->subjects[i] >= 0 && (size_t)c->subjects[i] < m->nsubjects) {
			if (b->len)
				strbuf_adds(b, ", ");
			strbuf_adds(b, m->subjects[c->subjects[i]].label);
		}
}

void report_claim_reasons(const struct text_lang *l, const struct results_claim *c,
			  struct strbuf *b)
{
	char key[128];
	const char *none;

	snprintf(key, sizeof(key), "reason.none.%s", c->kind);
	if (c->n_reasons == 0 && (none = text_lang_get(l, key)) != NULL)
		strbuf_adds(b, none);
	for (size_t i = 0; i < c->n_reasons; i++) {
		const char *w;

		snprintf(key, sizeof(key), "reason.%s", c->reasons[i]);
		w = text_lang_get(l, key);
		if (b->len)
			strbuf_adds(b, ", ");
		strbuf_adds(b, w != NULL ? w : c->reasons[i]);
	}
}

/* lead_flags: after lead or tail-lead claim c's words in b, the subjects its judgement left
 * out (its left_out figure: a violated conditional-write cell, marked †) and those of its
 * category whose runs differed for a feature (their cells' feature-gap claims, marked §). */
static void lead_flags(const struct report_model *m, const struct text_lang *l,
		       const struct results_claim *c, struct strbuf *b)
{
	const char *out = results_claim_text(c, "left_out");
	struct strbuf who = {0};
	const char *names[] = {"subjects"};
	const char *vals[1];

	if (out != NULL) {
		for (size_t s = 0; s < m->nsubjects; s++) {
			const char *p = strstr(out, m->subjects[s].id);
			size_t k = strlen(m->subjects[s].id);

			if (p != NULL && (p == out || p[-1] == ' ') &&
			    (p[k] == '\0' || p[k] == ','))
				strbuf_addf(&who, "%s%s" REPORT_VOID_MARK, who.len ? ", " : "",
					    m->subjects[s].label);
		}
		vals[0] = who.p != NULL ? who.p : out;
		text_subst(b, text_lang_str(l, "flag.lead_left_out"), names, vals, 1);
		strbuf_free(&who);
	}
	for (size_t s = 0; c->op != NULL && s < m->nsubjects; s++)
		if (model_claim_cell(m, "feature-gap",
				     model_cell(m, (int)s, c->op, (uint64_t)c->size,
						c->concurrency)) != NULL)
			strbuf_addf(&who, "%s%s" REPORT_GAP_MARK, who.len ? ", " : "",
				    m->subjects[s].label);
	if (who.len) {
		vals[0] = who.p;
		text_subst(b, text_lang_str(l, "flag.lead_gap"), names, vals, 1);
	}
	if (who.failed)
		b->failed = 1;
	strbuf_free(&who);
}

int report_claim_words(const struct report_model *m, const struct text_lang *l,
		       const struct results_claim *c, struct strbuf *b)
{
	char key[160], op[32];
	const char *tpl, **names, **vals;
	char *nums;
	struct strbuf subj = {0}, why = {0};
	size_t n = FIXED_NAMES + c->n_figures;

	snprintf(key, sizeof(key), "claim.%s.%s", c->kind, c->verdict);
	if ((tpl = text_lang_get(l, key)) == NULL)
		return -1;
	names = calloc(n, sizeof(*names));
	vals = calloc(n, sizeof(*vals));
	nums = calloc(c->n_figures + 1, TEXT_NUM_MAX);
	if (names == NULL || vals == NULL || nums == NULL) {
		b->failed = 1;
		goto done;
	}
	labels(m, c, &subj);
	report_claim_reasons(l, c, &why);
	names[0] = "subject";
	vals[0] = c->subject >= 0 && (size_t)c->subject < m->nsubjects
			  ? m->subjects[c->subject].label
			  : TEXT_NULL;
	names[1] = "subjects";
	vals[1] = subj.p ? subj.p : TEXT_NULL;
	names[2] = "reasons";
	vals[2] = why.p ? why.p : TEXT_NULL;
	names[3] = "op";
	vals[3] = c->op ? report_op_name(l, c->op, op, sizeof(op)) : TEXT_NULL;
	for (size_t i = 0; i < c->n_figures; i++) {
		const struct results_claim_figure *f = &c->figures[i];
		char *num = nums + i * TEXT_NUM_MAX;

		/* a whole number (a count: "1 of 6") is written without decimals */
		int dec = f->num == nearbyint(f->num) && fabs(f->num) < 1e15 ? 0 : -1;

		names[FIXED_NAMES + i] = f->name;
		vals[FIXED_NAMES + i] = f->text ? f->text
						: text_num(text_lang_numfmt(l), f->num, dec, num,
							   TEXT_NUM_MAX);
	}
	text_subst(b, tpl, names, vals, n);
	if (strcmp(c->kind, "lead") == 0 || strcmp(c->kind, "tail-lead") == 0)
		lead_flags(m, l, c, b);
	if (subj.failed || why.failed)
		b->failed = 1;
done:
	free(names);
	free(vals);
	free(nums);
	strbuf_free(&subj);
	strbuf_free(&why);
	return 0;
}

void report_claims(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct doc_table *t;
	struct strbuf b = {0};

	if (!m->doc.has_claims)
		return;
	doc_heading(r->d, 1, "claims", rb_str(r, "section.claims"));
	doc_para(r->d, rb_str(r, "claims.intro"), 0);
	t = doc_table(r->d, "t-claims", rb_str(r, "table.claims"), 2);
	doc_table_head(t, 0, rb_str(r, "col.claim"), 1);
	doc_table_head(t, 1, rb_str(r, "col.verdict"), 3);
	for (size_t i = 0; i < m->doc.n_claims && !r->failed; i++) {
		const struct results_claim *c = &m->doc.claims[i];

		if (report_claim_words(m, r->l, c, &b) < 0) {
			err_set(r->e, "claims[%zu] (%s): no words for claim.%s.%s in the templates",
				i, c->id, c->kind, c->verdict);
			r->failed = 1;
			break;
		}
		doc_table_row(t);
		doc_table_cell(t, 0, c->id, 0, NULL, NULL);
		doc_table_cell(t, 1, rb_text(r, &b), 0, NULL, NULL);
		doc_table_claim(t, 1, c->id, NULL);
		strbuf_free(&b);
	}
	strbuf_free(&b);
}

/* render/report/report_staleness.c: the report's "Consistency windows" section
 * (aggregate.json staleness[] and its staleness claims; docs/METHODOLOGY.md, "Consistency
 * windows"): a table of the kinds of probe (rows) by subject (columns), each cell its
 * staleness claim worded ("strong in 20 of 20", "the old state was seen in 3 of 20 probes
 * (15 %), for up to 312 ms") and marked with it; under it how the windows were measured and
 * the subjects not probed or not cleaned up after. Nothing when no consistency probe ran. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/model/model_claims.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

/* kind_at: the index of kind name in s's kinds, or -1. */
static int kind_at(const struct results_staleness *s, const char *name)
{
	for (size_t i = 0; i < s->n_kinds; i++)
		if (strcmp(s->kinds[i].kind, name) == 0)
			return (int)i;
	return -1;
}

/* cell: column col of the last row of t: the staleness claim of subject s's kind, worded. */
static void cell(struct report_builder *r, struct doc_table *t, size_t col,
		 const struct results_staleness *s, const char *kind)
{
	const struct report_model *m = r->m;
	const struct results_claim *c;
	char id[RESULTS_CLAIM_ID_MAX];
	struct strbuf b = {0};

	results_claim_id(id, sizeof(id), "staleness", kind, NULL, -1, -1,
			 m->subjects[s->subject].id, NULL);
	if (kind_at(s, kind) < 0 || (c = model_claim(m, id)) == NULL) {
		doc_table_cell(t, col, rb_str(r, "staleness.not_asked"), CELL_MUTED, NULL, NULL);
		return;
	}
	if (report_claim_words(m, r->l, c, &b) < 0) {
		err_set(r->e, "%s: no words for claim.%s.%s in the templates", c->id, c->kind,
			c->verdict);
		r->failed = 1;
		strbuf_free(&b);
		return;
	}
	doc_table_cell(t, col, rb_text(r, &b), strcmp(c->verdict, "untested") == 0 ? CELL_MUTED : 0,
		       NULL, NULL);
	doc_table_claim(t, col, c->id, NULL);
	strbuf_free(&b);
}

/* foot: how the windows were measured (the first subject's poll interval), then the
 * subjects not probed (their error) and those whose keys were left. */
static void foot(struct report_builder *r, struct doc_table *t)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0}, one = {0};
	char poll[TEXT_NUM_MAX];

	double pm = m->doc.staleness[0].poll_ms;

	subst(&b, rb_str(r, "staleness.foot"), "poll_ms",
	      text_num(r->nf, pm, pm == nearbyint(pm) ? 0 : -1, poll, TEXT_NUM_MAX), NULL, NULL);
	for (size_t i = 0; i < m->doc.n_staleness; i++) {
		const struct results_staleness *s = &m->doc.staleness[i];
		const char *label = m->subjects[s->subject].label;

		strbuf_reset(&one);
		if (*model_str(s->error))
			subst(&one, rb_str(r, "staleness.not_probed"), "subject", label, "why",
			      s->error);
		else if (*model_str(s->cleanup))
			subst(&one, rb_str(r, "staleness.left"), "subject", label, "why",
			      s->cleanup);
		if (one.len > 0)
			strbuf_addf(&b, " %s", rb_text(r, &one));
	}
	doc_table_foot(t, rb_text(r, &b));
	strbuf_free(&b);
	strbuf_free(&one);
}

void report_staleness(struct report_builder *r)
{
	static const char *const kinds[] = {"read-after-new-write", "read-after-overwrite",
					    "read-after-delete", "list-after-create",
					    "list-after-delete"};
	const struct report_model *m = r->m;
	struct doc_table *t;
	char key[96];

	if (m->doc.n_staleness == 0)
		return;
	doc_heading(r->d, 1, "staleness", rb_str(r, "section.staleness"));
	doc_para(r->d, rb_str(r, "staleness.intro"), 0);
	t = doc_table(r->d, "t-staleness", rb_str(r, "table.staleness"), m->doc.n_staleness + 1);
	if (t == NULL) {
		fail_oom(r);
		return;
	}
	doc_table_head(t, 0, rb_str(r, "staleness.probe"), 1.4);
	for (size_t i = 0; i < m->doc.n_staleness; i++)
		doc_table_head(t, i + 1, m->subjects[m->doc.staleness[i].subject].label, 2);
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]) && !r->failed; k++) {
		size_t i = 0;
		while (i < m->doc.n_staleness && kind_at(&m->doc.staleness[i], kinds[k]) < 0)
			i++;
		if (i == m->doc.n_staleness)
			continue; /* no subject was probed so */
		doc_table_row(t);
		snprintf(key, sizeof(key), "staleness.k.%s", kinds[k]);
		doc_table_cell(t, 0, rb_str(r, key), CELL_ROWHEAD, kinds[k], NULL);
		for (i = 0; i < m->doc.n_staleness; i++)
			cell(r, t, i + 1, &m->doc.staleness[i], kinds[k]);
	}
	foot(r, t);
}

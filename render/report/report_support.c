/* render/report/report_support.c: the report's "What each provider supports" section
 * (aggregate.json support[]; docs/METHODOLOGY.md, "Conformance probe"): a matrix of the
 * features probed (rows) by subject (columns), each cell the feature's verdict with the
 * answer that decided it: supported (with the bucket's versioning status), refused (its
 * HTTP status and S3 error code), wrong (what came and what the S3 API reference allows),
 * untested; under it the subjects the probe could not probe or did not clean up after.
 * Nothing when the campaign ran no probe. */
#include <stdio.h>
#include <string.h>

#include "render/model/model_query.h"
#include "render/report/report_int.h"

/* feature_at: the index of feature name in s's features, or -1. */
static int feature_at(const struct results_support *s, const char *name)
{
	for (size_t i = 0; i < s->n_features; i++)
		if (strcmp(s->features[i].feature, name) == 0)
			return (int)i;
	return -1;
}

/* answer: "412 PreconditionFailed" ("no answer" for status 0; code omitted when "") into
 * b. */
static void answer(struct report_builder *r, const struct results_feature *f, struct strbuf *b)
{
	if (f->status == 0) {
		strbuf_adds(b, rb_str(r, "support.no_answer"));
		return;
	}
	strbuf_addf(b, "%ld", f->status);
	if (*model_str(f->code))
		strbuf_addf(b, " %s", f->code);
}

/* cell: column col of the last row of t: f's verdict, and its note (the answer). */
static void cell(struct report_builder *r, struct doc_table *t, size_t col,
		 const struct results_feature *f)
{
	static const char *const word[RESULTS_SV_COUNT] = {
		[RESULTS_SV_WRONG] = "support.wrong",
		[RESULTS_SV_REFUSED] = "support.refused",
		[RESULTS_SV_UNTESTED] = "support.untested",
		[RESULTS_SV_SUPPORTED] = "support.supported",
	};
	struct strbuf note = {0}, ans = {0};

	if (f->verdict == RESULTS_SV_SUPPORTED && *model_str(f->note))
		strbuf_adds(&note, f->note);
	else if (f->verdict == RESULTS_SV_REFUSED)
		answer(r, f, &note);
	else if (f->verdict == RESULTS_SV_WRONG) {
		answer(r, f, &ans);
		subst(&note, rb_str(r, "support.wrong_note"), "answer", rb_text(r, &ans),
		      "expected", model_str(f->expected));
	}
	doc_table_cell(t, col, rb_str(r, word[f->verdict]),
		       f->verdict == RESULTS_SV_UNTESTED ? CELL_MUTED : 0,
		       note.len > 0 || note.failed ? rb_text(r, &note) : NULL, NULL);
	strbuf_free(&note);
	strbuf_free(&ans);
}

/* foot: the subjects not probed (their error) and those the probe left keys of. */
static void foot(struct report_builder *r, struct doc_table *t)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0}, one = {0};

	for (size_t i = 0; i < m->doc.n_support; i++) {
		const struct results_support *s = &m->doc.support[i];
		const char *label = m->subjects[s->subject].label;

		strbuf_reset(&one);
		if (*model_str(s->error))
			subst(&one, rb_str(r, "support.not_probed"), "subject", label, "why",
			      s->error);
		else if (*model_str(s->cleanup))
			subst(&one, rb_str(r, "support.left"), "subject", label, "why", s->cleanup);
		if (one.len > 0 && b.len > 0)
			strbuf_adds(&b, " ");
		strbuf_adds(&b, rb_text(r, &one));
	}
	if (b.len > 0)
		strbuf_adds(&b, " ");
	strbuf_adds(&b, rb_str(r, "support.foot"));
	doc_table_foot(t, rb_text(r, &b));
	strbuf_free(&b);
	strbuf_free(&one);
}

/* feature_row: the row of feature name: its words and name, then each subject's cell. */
static void feature_row(struct report_builder *r, struct doc_table *t, const char *name)
{
	const struct report_model *m = r->m;
	char key[96];

	doc_table_row(t);
	snprintf(key, sizeof(key), "support.f.%s", name);
	doc_table_cell(t, 0, rb_str(r, key), CELL_ROWHEAD, name, NULL);
	for (size_t i = 0; i < m->doc.n_support; i++) {
		const struct results_support *s = &m->doc.support[i];
		int k = feature_at(s, name);

		if (k >= 0)
			cell(r, t, i + 1, &s->features[k]);
		else
			doc_table_cell(t, i + 1, rb_str(r, "support.not_asked"), CELL_MUTED, NULL,
				       NULL);
	}
}

void report_support(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct doc_table *t;

	if (m->doc.n_support == 0)
		return;
	doc_heading(r->d, 1, "support", rb_str(r, "section.support"));
	doc_para(r->d, rb_str(r, "support.intro"), 0);
	t = doc_table(r->d, "t-support", rb_str(r, "table.support"), m->doc.n_support + 1);
	if (t == NULL) {
		fail_oom(r);
		return;
	}
	doc_table_head(t, 0, rb_str(r, "support.feature"), 1.6);
	for (size_t i = 0; i < m->doc.n_support; i++)
		doc_table_head(t, i + 1, m->subjects[m->doc.support[i].subject].label, 1.4);
	/* the features in the order first probed: each subject's in the probe's order */
	for (size_t i = 0; i < m->doc.n_support; i++) {
		const struct results_support *s = &m->doc.support[i];
		for (size_t f = 0; f < s->n_features; f++) {
			size_t j = 0;
			while (j < i && feature_at(&m->doc.support[j], s->features[f].feature) < 0)
				j++;
			if (j == i)
				feature_row(r, t, s->features[f].feature);
		}
	}
	foot(r, t);
}

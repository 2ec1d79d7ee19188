/* render/report/report_flag.c: the marks of figures that are not like the others'
 * (render/report/report_int.h; docs/METHODOLOGY.md, "Claims": a subject whose runs
 * differed for a feature, and "Conditional writes"): a matrix cell with a feature-gap claim
 * (its subject's runs differed from the others' in a feature of the S3 API) carries § and a
 * cell whose correctness claim is violated carries † (not comparable) wherever its figure
 * appears: table rows, chart series and rows and the key findings (the lead wording of its
 * category is report_claims.c's); a subject's figure that is no matrix cell's own (its bill,
 * a workload, a rate sweep, a hedging what-if) carries § when the subject has a feature-gap
 * claim and † when a cell it is drawn from has its correctness claim violated. The legend
 * under a table words the claims, and a key finding per flagged subject words its first
 * feature-gap claim. Wording in templates/LANG/strings.txt (flag.*, claim.feature-gap.*);
 * render decides none of these verdicts. */
#include <stdio.h>
#include <string.h>

#include "render/model/model_claims.h"
#include "render/model/model_query.h"
#include "render/report/findings.h"
#include "render/report/report_int.h"

/* violated: cell c's correctness claim when its verdict is violated; NULL else. */
static const struct results_claim *violated(const struct report_model *m,
					    const struct results_cell *c)
{
	const struct results_claim *k = model_claim_cell(m, "correctness", c);

	return k != NULL && strcmp(k->verdict, "violated") == 0 ? k : NULL;
}

int report_flag_void(const struct report_model *m, const struct results_cell *c)
{
	return violated(m, c) != NULL;
}

/* append: s after buf's text (n bytes) when it fits. */
static void append(char *buf, size_t n, const char *s)
{
	size_t len = buf != NULL ? strlen(buf) : 0, k = strlen(s);

	if (buf != NULL && len + k < n)
		memcpy(buf + len, s, k + 1);
}

int report_flag_mark(struct report_builder *r, const struct results_cell *c, char *buf, size_t n,
		     struct strbuf *ids)
{
	const struct results_claim *g = model_claim_cell(r->m, "feature-gap", c);
	const struct results_claim *v = violated(r->m, c);

	if (g != NULL) {
		append(buf, n, REPORT_GAP_MARK);
		report_ids_add(ids, g->id);
	}
	if (v != NULL) {
		append(buf, n, REPORT_VOID_MARK);
		report_ids_add(ids, v->id);
	}
	return (g != NULL) + (v != NULL);
}

/* legend_claim: "MARK words of claim k" after the legend in b, its id into ids. */
static void legend_claim(struct report_builder *r, const char *mark, const char *tail,
			 const struct results_claim *k, struct strbuf *b, struct strbuf *ids)
{
	struct strbuf w = {0};

	if (report_claim_words(r->m, r->l, k, &w) < 0) {
		err_set(r->e, "claims: no words for claim.%s.%s in the templates", k->kind,
			k->verdict);
		r->failed = 1;
		return;
	}
	strbuf_addf(b, "%s%s: %s%s%s", b->len ? " " : "", mark + 1, rb_text(r, &w),
		    tail != NULL ? " " : "", tail != NULL ? rb_str(r, tail) : "");
	strbuf_free(&w);
	report_ids_add(ids, k->id);
}

/* cell_of: subject s's cell of (op, size index z, concurrency index k); conc >= 0 stands for
 * the concurrency itself. */
static const struct results_cell *cell_of(const struct report_model *m, int s, const char *op,
					  size_t z, int conc, size_t k)
{
	return model_cell(m, s, op, m->sizes[z], conc >= 0 ? conc : m->concurrency[k]);
}

void report_flag_legend(struct report_builder *r, const char *op, int conc)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0}, ids = {0};
	size_t nk = conc >= 0 ? 1 : m->nconc;

	for (size_t s = 0; s < m->nsubjects; s++) {
		const struct results_claim *first = NULL;

		for (size_t k = 0; k < nk && first == NULL; k++)
			for (size_t z = 0; z < m->nsizes && first == NULL; z++)
				first = model_claim_cell(m, "feature-gap",
							 cell_of(m, (int)s, op, z, conc, k));
		if (first != NULL)
			legend_claim(r, REPORT_GAP_MARK, "flag.gap_tail", first, &b, &ids);
		for (size_t k = 0; k < nk; k++)
			for (size_t z = 0; z < m->nsizes; z++) {
				const struct results_claim *v = violated(
					m, cell_of(m, (int)s, op, z, conc, k));

				if (v != NULL)
					legend_claim(r, REPORT_VOID_MARK, "flag.void_tail", v, &b,
						     &ids);
			}
	}
	if (b.len || b.failed)
		doc_para_claim(r->d, rb_text(r, &b), ids.failed ? NULL : ids.p);
	strbuf_free(&b);
	strbuf_free(&ids);
}

/* flag_kind: 1 when c is a feature-gap claim, 2 when a violated correctness claim, else 0. */
static int flag_kind(const struct results_claim *c)
{
	if (strcmp(c->kind, "feature-gap") == 0)
		return 1;
	return strcmp(c->kind, "correctness") == 0 && strcmp(c->verdict, "violated") == 0 ? 2 : 0;
}

int report_flag_subject(const struct report_model *m, int s, const char *op, uint64_t size,
			int conc, char *buf, size_t n, struct strbuf *ids)
{
	int gap = 0, vd = 0;

	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *c = &m->doc.claims[i];
		int g = flag_kind(c) == 1, v = flag_kind(c) == 2;

		if ((!g && !v) || c->subject != s ||
		    (op != NULL && (c->op == NULL || strcmp(c->op, op) != 0)) ||
		    (size != UINT64_MAX && (uint64_t)c->size != size) ||
		    (conc >= 0 && c->concurrency != conc))
			continue;
		gap |= g;
		vd |= v;
		if (ids != NULL)
			report_ids_add(ids, c->id);
	}
	if (gap && buf != NULL)
		append(buf, n, REPORT_GAP_MARK);
	if (vd && buf != NULL)
		append(buf, n, REPORT_VOID_MARK);
	return gap + vd;
}

int report_flag_cells(const struct report_model *m, int s, const struct results_cell *cells,
		      size_t nc, char *buf, size_t n, struct strbuf *ids)
{
	const struct results_claim *gap = NULL;
	int vd = 0;

	for (size_t k = 0; k < nc && gap == NULL; k++)
		gap = model_claim_cell(m, "feature-gap", &cells[k]);
	for (size_t i = 0; i < m->doc.n_claims && gap == NULL; i++)
		if (flag_kind(&m->doc.claims[i]) == 1 && m->doc.claims[i].subject == s)
			gap = &m->doc.claims[i];
	if (gap != NULL) {
		append(buf, n, REPORT_GAP_MARK);
		report_ids_add(ids, gap->id);
	}
	for (size_t k = 0; k < nc; k++) {
		const struct results_claim *v = violated(m, &cells[k]);

		if (v != NULL && !vd++)
			append(buf, n, REPORT_VOID_MARK);
		if (v != NULL)
			report_ids_add(ids, v->id);
	}
	return (gap != NULL) + (vd > 0);
}

void report_flag_cell(struct report_builder *r, struct doc_table *t, size_t i, const char *text,
		      unsigned flags, const char *color, int s, const struct results_cell *cells,
		      size_t nc)
{
	char buf[512];
	struct strbuf ids = {0};

	snprintf(buf, sizeof(buf), "%s", text);
	if (nc == REPORT_FLAG_ALL)
		report_flag_subject(r->m, s, NULL, UINT64_MAX, -1, buf, sizeof(buf), &ids);
	else
		report_flag_cells(r->m, s, cells, nc, buf, sizeof(buf), &ids);
	doc_table_cell(t, i, buf, flags, NULL, color);
	if (ids.failed)
		fail_oom(r);
	else if (ids.len)
		doc_table_claim(t, i, ids.p, NULL);
	strbuf_free(&ids);
}

int report_flag_findings(const struct report_model *m, const struct text_lang *l,
			 struct findings *f)
{
	for (size_t s = 0; s < m->nsubjects; s++)
		for (size_t i = 0; i < m->doc.n_claims; i++) {
			const struct results_claim *c = &m->doc.claims[i];
			struct strbuf w = {0}, b = {0};
			const char *names[] = {"subject", "claim"}, *vals[2];

			if (strcmp(c->kind, "feature-gap") != 0 || c->subject != (int)s)
				continue;
			if (report_claim_words(m, l, c, &w) < 0 || w.failed) {
				strbuf_free(&w);
				return -1;
			}
			vals[0] = m->subjects[s].label;
			vals[1] = w.p;
			text_subst(&b, text_lang_str(l, "finding.flagged"), names, vals, 2);
			strbuf_free(&w);
			if (report_finding_claim(f, &b, c->id))
				return -1;
			break; /* one finding per subject: its first claim */
		}
	return 0;
}

unsigned report_label_marks(const char *label, int climited)
{
	return (climited ? 1u : 0) | (strstr(label, REPORT_GAP_MARK) != NULL ? 2u : 0) |
	       (strstr(label, REPORT_VOID_MARK) != NULL ? 4u : 0);
}

void report_marks_legend(struct report_builder *r, unsigned marks, struct strbuf *b)
{
	static const char *const keys[] = {"marks.climit", "marks.gap", "marks.void"};

	for (size_t i = 0; i < 3; i++)
		if (marks & (1u << i)) {
			strbuf_adds(b, " ");
			strbuf_adds(b, rb_str(r, keys[i]));
		}
}

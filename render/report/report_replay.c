/* render/report/report_replay.c: the report's "Replay: recorded and replayed" section
 * (aggregate.json's replay claims, each carrying both sides' figures; docs/METHODOLOGY.md,
 * "Replay: recorded and replayed"): per trace, a table of its ops, each with the latency the
 * trace recorded and, under it, the latency replayed from the intended start on each subject,
 * p50, p90 and p99 with their 95 % intervals, and the replay claim worded and marked. A trace
 * that records no latency says so. Under it, when the trace was replayed alike on several
 * subjects, a table of its replay-lead claims ("Replay across subjects"): per op, the
 * percentile compared, the lowest subject's and the next one's latency, and the claim worded
 * and marked. Nothing when no replay was compared. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/report/report_int.h"

#define REPLAY_COLS 7 /* op, latency of, requests, p50, p90, p99, verdict */
#define LEAD_COLS 5   /* op, compared at, lowest, next, verdict */

static const char *const pcts[] = {"p50", "p90", "p99"};

static int is_replay(const struct results_claim *c)
{
	return strcmp(c->kind, "replay") == 0;
}

static const char *fig(const struct results_claim *c, const char *name)
{
	return model_str(results_claim_text(c, name));
}

/* first_of: 1 when claim i is the first replay claim of its trace (digest) and, with op,
 * of its op as well. */
static int first_of(const struct report_model *m, size_t i, int op)
{
	const struct results_claim *c = &m->doc.claims[i];

	for (size_t k = 0; k < i; k++) {
		const struct results_claim *x = &m->doc.claims[k];

		if (is_replay(x) && strcmp(fig(x, "digest"), fig(c, "digest")) == 0 &&
		    (!op || strcmp(fig(x, "trace_op"), fig(c, "trace_op")) == 0))
			return 0;
	}
	return 1;
}

/* interval: c's figure NAME_ms with its interval NAME_lo_ms, NAME_hi_ms as "48.2 (45.1–51.0)"
 * (the null mark alone when null) into buf (n bytes); the figure. */
static double interval(struct report_builder *r, const struct results_claim *c, const char *name,
		       char *buf, size_t n)
{
	char f[64], v[TEXT_NUM_MAX], lo[TEXT_NUM_MAX], hi[TEXT_NUM_MAX];
	double x;

	snprintf(f, sizeof(f), "%s_ms", name);
	x = results_claim_num(c, f);
	text_num(r->nf, x, -1, v, sizeof(v));
	snprintf(f, sizeof(f), "%s_lo_ms", name);
	text_num(r->nf, results_claim_num(c, f), -1, lo, sizeof(lo));
	snprintf(f, sizeof(f), "%s_hi_ms", name);
	text_num(r->nf, results_claim_num(c, f), -1, hi, sizeof(hi));
	if (isnan(x))
		snprintf(buf, n, "%s", v);
	else
		snprintf(buf, n, "%s (%s\xe2\x80\x93%s)", v, lo, hi);
	return x;
}

/* pct_cell: column col: side's (recorded, replayed) percentile k of c, "48.2 (45.1–51.0)". */
static void pct_cell(struct report_builder *r, struct doc_table *t, size_t col,
		     const struct results_claim *c, const char *side, int k)
{
	char name[48], buf[3 * TEXT_NUM_MAX + 8];
	double x;

	snprintf(name, sizeof(name), "%s_%s", side, pcts[k]);
	x = interval(r, c, name, buf, sizeof(buf));
	doc_table_cell(t, col, buf, CELL_NUM | (isnan(x) ? CELL_MUTED : 0), NULL, NULL);
}

/* recorded_row: the row of what the trace recorded of c's op. */
static void recorded_row(struct report_builder *r, struct doc_table *t,
			 const struct results_claim *c)
{
	char n[TEXT_NUM_MAX];
	const char *none = results_claim_has_reason(c, "trace-not-read") ? "replay.not_read"
			   : results_claim_has_reason(c, "no-recorded-latency")
				   ? "replay.no_latency"
				   : NULL;

	doc_table_row(t);
	doc_table_cell(t, 0, fig(c, "trace_op"), CELL_ROWHEAD, NULL, NULL);
	doc_table_cell(t, 1, rb_str(r, "replay.recorded"), 0, NULL, NULL);
	text_num(r->nf, results_claim_num(c, "recorded_requests"), 0, n, sizeof(n));
	doc_table_cell(t, 2, n, CELL_NUM, NULL, NULL);
	if (none != NULL) {
		doc_table_cell(t, 3, rb_str(r, none), CELL_MUTED, NULL, NULL);
		return;
	}
	for (int k = 0; k < 3; k++)
		pct_cell(r, t, 3 + (size_t)k, c, "recorded", k);
}

/* replayed_row: the row of c's subject's replay, with c worded. */
static void replayed_row(struct report_builder *r, struct doc_table *t,
			 const struct results_claim *c)
{
	const struct report_model *m = r->m;
	char n[TEXT_NUM_MAX];
	struct strbuf b = {0}, who = {0};

	doc_table_row(t);
	doc_table_cell(t, 0, "", 0, NULL, NULL);
	subst(&who, rb_str(r, "replay.replayed"), "subject",
	      c->subject >= 0 && (size_t)c->subject < m->nsubjects ? m->subjects[c->subject].label
								   : TEXT_NULL,
	      NULL, NULL);
	doc_table_cell(t, 1, rb_text(r, &who), 0, NULL, NULL);
	text_num(r->nf, results_claim_num(c, "replayed_requests"), 0, n, sizeof(n));
	doc_table_cell(t, 2, n, CELL_NUM, NULL, NULL);
	for (int k = 0; k < 3; k++)
		pct_cell(r, t, 3 + (size_t)k, c, "replayed", k);
	if (report_claim_words(m, r->l, c, &b) < 0) {
		err_set(r->e, "%s: no words for claim.%s.%s in the templates", c->id, c->kind,
			c->verdict);
		r->failed = 1;
	} else {
		doc_table_cell(t, 6, rb_text(r, &b),
			       strcmp(c->verdict, "not-judged") == 0 ? CELL_MUTED : 0, NULL, NULL);
		doc_table_claim(t, 6, c->id, NULL);
	}
	strbuf_free(&b);
	strbuf_free(&who);
}

/* trace_table: the table of the trace of claim g (its first replay claim). */
static void trace_table(struct report_builder *r, const struct results_claim *g, size_t at)
{
	const struct report_model *m = r->m;
	struct strbuf cap = {0};
	char id[32];
	struct doc_table *t;

	subst(&cap, rb_str(r, "table.replay"), "trace", fig(g, "trace"), NULL, NULL);
	snprintf(id, sizeof(id), "t-replay-%zu", at);
	if ((t = doc_table(r->d, id, rb_text(r, &cap), REPLAY_COLS)) == NULL) {
		strbuf_free(&cap);
		fail_oom(r);
		return;
	}
	strbuf_free(&cap);
	doc_table_head(t, 0, rb_str(r, "replay.col.op"), 0.8);
	doc_table_head(t, 1, rb_str(r, "replay.col.side"), 1.6);
	doc_table_head(t, 2, rb_str(r, "replay.col.requests"), 0.8);
	for (int k = 0; k < 3; k++) {
		char key[32];

		snprintf(key, sizeof(key), "replay.col.%s", pcts[k]);
		doc_table_head(t, 3 + (size_t)k, rb_str(r, key), 1.2);
	}
	doc_table_head(t, 6, rb_str(r, "replay.col.verdict"), 2.4);
	for (size_t i = at; i < m->doc.n_claims && !r->failed; i++) {
		const struct results_claim *c = &m->doc.claims[i];

		if (!is_replay(c) || strcmp(fig(c, "digest"), fig(g, "digest")) != 0 ||
		    !first_of(m, i, 1))
			continue;
		recorded_row(r, t, c);
		for (size_t k = i; k < m->doc.n_claims && !r->failed; k++) {
			const struct results_claim *x = &m->doc.claims[k];

			if (is_replay(x) && strcmp(fig(x, "digest"), fig(c, "digest")) == 0 &&
			    strcmp(fig(x, "trace_op"), fig(c, "trace_op")) == 0)
				replayed_row(r, t, x);
		}
	}
	doc_table_foot(t, rb_str(r, "replay.foot"));
}

/* label_of: the label of the subject whose id is id; the null mark when none. */
static const char *label_of(const struct report_model *m, const char *id)
{
	for (size_t i = 0; id != NULL && i < m->nsubjects; i++)
		if (strcmp(m->subjects[i].id, id) == 0)
			return m->subjects[i].label;
	return TEXT_NULL;
}

/* who_cell: column col: a subject's label and its figure NAME ("Store one: 48.2 (45.1–51.0)"),
 * muted and the null mark when the figure is null. */
static void who_cell(struct report_builder *r, struct doc_table *t, size_t col,
		     const struct results_claim *c, const char *who, const char *name)
{
	char v[3 * TEXT_NUM_MAX + 8];
	struct strbuf b = {0};

	if (isnan(interval(r, c, name, v, sizeof(v)))) {
		doc_table_cell(t, col, TEXT_NULL, CELL_MUTED, NULL, NULL);
		return;
	}
	strbuf_adds(&b, who);
	strbuf_adds(&b, ": ");
	strbuf_adds(&b, v);
	doc_table_cell(t, col, rb_text(r, &b), 0, NULL, NULL);
	strbuf_free(&b);
}

/* lead_row: the row of replay-lead claim c, worded and marked. */
static void lead_row(struct report_builder *r, struct doc_table *t, const struct results_claim *c)
{
	const struct report_model *m = r->m;
	const char *at = results_claim_text(c, "at");
	struct strbuf b = {0};

	doc_table_row(t);
	doc_table_cell(t, 0, fig(c, "trace_op"), CELL_ROWHEAD, NULL, NULL);
	doc_table_cell(t, 1, at != NULL ? at : TEXT_NULL, at != NULL ? 0 : CELL_MUTED, NULL, NULL);
	who_cell(r, t, 2, c,
		 c->subject >= 0 && (size_t)c->subject < m->nsubjects
			 ? m->subjects[c->subject].label
			 : TEXT_NULL,
		 "fastest");
	who_cell(r, t, 3, c, label_of(m, results_claim_text(c, "versus")), "versus");
	if (report_claim_words(m, r->l, c, &b) < 0) {
		err_set(r->e, "%s: no words for claim.%s.%s in the templates", c->id, c->kind,
			c->verdict);
		r->failed = 1;
	} else {
		doc_table_cell(t, 4, rb_text(r, &b),
			       strcmp(c->verdict, "not-judged") == 0 ? CELL_MUTED : 0, NULL, NULL);
		doc_table_claim(t, 4, c->id, NULL);
	}
	strbuf_free(&b);
}

/* lead_table: the table of the replay-lead claims of the trace of claim g (its first replay
 * claim, claim at); nothing when it has none. */
static void lead_table(struct report_builder *r, const struct results_claim *g, size_t at)
{
	const struct report_model *m = r->m;
	static const char *const heads[LEAD_COLS] = {"op", "at", "fastest", "next", "verdict"};
	static const double widths[LEAD_COLS] = {0.8, 0.9, 2.2, 2.2, 3.4};
	struct strbuf cap = {0};
	struct doc_table *t = NULL;
	char id[40];

	for (size_t i = at; i < m->doc.n_claims && !r->failed; i++) {
		const struct results_claim *c = &m->doc.claims[i];

		if (strcmp(c->kind, "replay-lead") != 0 ||
		    strcmp(fig(c, "digest"), fig(g, "digest")) != 0)
			continue;
		if (t == NULL) {
			subst(&cap, rb_str(r, "table.replay_lead"), "trace", fig(g, "trace"), NULL,
			      NULL);
			snprintf(id, sizeof(id), "t-replay-lead-%zu", at);
			t = doc_table(r->d, id, rb_text(r, &cap), LEAD_COLS);
			strbuf_free(&cap);
			if (t == NULL) {
				fail_oom(r);
				return;
			}
			for (size_t k = 0; k < LEAD_COLS; k++) {
				char key[40];

				snprintf(key, sizeof(key), "replay.lead.col.%s", heads[k]);
				doc_table_head(t, k, rb_str(r, key), widths[k]);
			}
		}
		lead_row(r, t, c);
	}
	if (t != NULL)
		doc_table_foot(t, rb_str(r, "replay.lead.foot"));
}

void report_replay(struct report_builder *r)
{
	const struct report_model *m = r->m;
	int any = 0;

	for (size_t i = 0; i < m->doc.n_claims && !r->failed; i++) {
		if (!is_replay(&m->doc.claims[i]) || !first_of(m, i, 0))
			continue;
		if (!any++) {
			doc_heading(r->d, 1, "replay", rb_str(r, "section.replay"));
			doc_para(r->d, rb_str(r, "replay.intro"), 0);
		}
		trace_table(r, &m->doc.claims[i], i);
		lead_table(r, &m->doc.claims[i], i);
	}
}

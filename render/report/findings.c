/* render/report/findings.c: see findings.h. */
#include "render/report/findings.h"
#include "render/model/model_claims.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int push(struct findings *f, struct strbuf *b)
{
	return report_finding_add(f, b);
}

/* trend_findings: the trend's regression alerts and watches, or that the scheduled
 * builds have not enough history to judge yet, each worded from its trend-alert claim; 1 when
 * out of memory. */
static int trend_findings(const struct report_model *m, const struct text_lang *l,
			  struct findings *out, struct strbuf *b)
{
	const struct results_claim *sum = model_claim(m, "trend-alert/summary");
	struct strbuf w = {0};
	int bad;

	if (sum != NULL && strcmp(sum->verdict, "not-judged") == 0) {
		strbuf_adds(b, text_lang_str(l, "finding.trend_not_enough"));
		return report_finding_claim(out, b, sum->id) != 0;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < m->doc.n_claims; i++) {
			const struct results_claim *c = &m->doc.claims[i];
			int watch = strcmp(c->verdict, "watch") == 0;
			const char *names[] = {watch ? "watch" : "alert"};
			const char *vals[1];

			if (watch != pass || report_trend_alert(m, l, c, &w) < 0)
				continue;
			vals[0] = w.p != NULL ? w.p : "";
			text_subst(b,
				   text_lang_str(l, watch ? "finding.trend_watch"
							  : "finding.trend_alert"),
				   names, vals, 1);
			bad = w.failed;
			strbuf_free(&w);
			if (bad || report_finding_claim(out, b, c->id))
				return 1;
		}
	return 0;
}

/* claim_is: 1 when claim c is of kind and (verdict NULL: any) verdict. */
static int claim_is(const struct results_claim *c, const char *kind, const char *verdict)
{
	return strcmp(c->kind, kind) == 0 && (verdict == NULL || strcmp(c->verdict, verdict) == 0);
}

/* add_id: id after the ids in b, space-separated. */
static void add_id(struct strbuf *b, const char *id)
{
	if (b->len)
		strbuf_adds(b, " ");
	strbuf_adds(b, id);
}

/* "X led PUT at 5 MiB with 10 workers, ..." for every subject other than top, from the clear
 * lead claims of op about it. */
static int others(const struct report_model *m, const struct text_lang *l, struct findings *f,
		  const char *op, const char *opname, int top)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	for (size_t s = 0; s < m->nsubjects; s++) {
		struct strbuf where = {0}, b = {0}, ids = {0};
		int count = 0;
		if ((int)s == top)
			continue;
		for (size_t i = 0; i < m->doc.n_claims; i++) {
			const struct results_claim *d = &m->doc.claims[i];
			if (!claim_is(d, "lead", "clear") || d->subject != (int)s ||
			    strcmp(model_str(d->op), op) != 0)
				continue;
			char size[32], val[TEXT_NUM_MAX];
			const char *metric = results_claim_text(d, "metric");
			struct report_workers w;
			model_size_text(m, nf, (uint64_t)d->size, size, sizeof(size));
			if (report_workers_at(m, l, op, d->concurrency, REPORT_WORKERS_BRIEF, &w) <
			    0)
				where.failed = 1;
			text_num(nf,
				 metric && strcmp(metric, "mib_s") == 0
					 ? results_claim_num(d, "value")
					 : NAN,
				 -1, val, sizeof(val));
			const char *names[] = {"size", "workers", "per_client", "value"};
			const char *vals[] = {size, w.total, w.per_client, val};
			if (count++)
				strbuf_adds(&where, text_lang_str(l, "finding.where_sep"));
			text_subst(&where, text_lang_str(l, "finding.where"), names, vals, 4);
			add_id(&ids, d->id);
		}
		if (count) {
			char lab[256];
			const char *names[] = {"subject", "op", "where"};
			const char *vals[] = {lab, opname, where.p ? where.p : ""};
			snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
			report_flag_subject(m, (int)s, op, UINT64_MAX, -1, lab, sizeof(lab), &ids);
			text_subst(&b, text_lang_str(l, "finding.others"), names, vals, 3);
		}
		if (where.failed || ids.failed)
			b.failed = 1; /* push refuses it: no finding with a part missing */
		strbuf_free(&where);
		if (count && report_finding_claim(f, &b, ids.p)) {
			strbuf_free(&ids);
			return -1;
		}
		strbuf_free(&b);
		strbuf_free(&ids);
	}
	return 0;
}

/* tail_where: claim d's cell and figure ("64 KiB at concurrency 4 (12.3 ms)") after the
 * others in where. */
static void tail_where(const struct report_model *m, const struct text_lang *l,
		       const struct results_claim *d, int count, struct strbuf *where)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	char size[32], val[TEXT_NUM_MAX];
	struct report_workers w;

	model_size_text(m, nf, (uint64_t)d->size, size, sizeof(size));
	if (report_workers_at(m, l, model_str(d->op), d->concurrency, REPORT_WORKERS_BRIEF, &w) < 0)
		where->failed = 1;
	text_num(nf, results_claim_num(d, "value"), -1, val, sizeof(val));
	const char *names[] = {"size", "workers", "per_client", "value"};
	const char *vals[] = {size, w.total, w.per_client, val};
	if (count)
		strbuf_adds(where, text_lang_str(l, "finding.where_sep"));
	text_subst(where, text_lang_str(l, "finding.tail_where"), names, vals, 4);
}

/* tails: "X had clearly the lowest GET p99 latency in 1 of 6 configurations: ..." for every
 * subject and percentile with clear tail-lead claims of op (of: op's tail-lead claims at that
 * percentile, whatever their verdict); -1 when out of memory. */
static int tails(const struct report_model *m, const struct text_lang *l, struct findings *f,
		 const char *op, const char *opname)
{
	static const char *const pcts[] = {"p50", "p99"};

	for (size_t p = 0; p < sizeof(pcts) / sizeof(pcts[0]); p++)
		for (size_t s = 0; s < m->nsubjects; s++) {
			struct strbuf where = {0}, b = {0}, ids = {0};
			int count = 0, of = 0, bad;
			char lab[256], n[16], nof[16];

			for (size_t i = 0; i < m->doc.n_claims; i++) {
				const struct results_claim *d = &m->doc.claims[i];
				const char *pc = results_claim_text(d, "percentile");

				if (!claim_is(d, "tail-lead", NULL) ||
				    strcmp(model_str(d->op), op) != 0 || pc == NULL ||
				    strcmp(pc, pcts[p]) != 0)
					continue;
				of++;
				if (strcmp(d->verdict, "clear") != 0 || d->subject != (int)s)
					continue;
				tail_where(m, l, d, count++, &where);
				add_id(&ids, d->id);
			}
			if (count) {
				const char *names[] = {"subject", "op", "percentile",
						       "n",       "of", "where"};
				const char *vals[] = {lab, opname, pcts[p],
						      n,   nof,    where.p ? where.p : ""};
				snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
				snprintf(n, sizeof(n), "%d", count);
				snprintf(nof, sizeof(nof), "%d", of);
				report_flag_subject(m, (int)s, op, UINT64_MAX, -1, lab, sizeof(lab),
						    &ids);
				text_subst(&b, text_lang_str(l, "finding.tail_clear"), names, vals,
					   6);
			}
			if (where.failed || ids.failed)
				b.failed = 1; /* push refuses it: no finding with a part missing */
			strbuf_free(&where);
			bad = count && report_finding_claim(f, &b, ids.p);
			strbuf_free(&b);
			strbuf_free(&ids);
			if (bad)
				return -1;
		}
	return 0;
}

/* short_window: after the highest figure's words in b, the short-window caveat of its cell
 * (caveat/short-window/OP/SIZE/cC/SUBJECT), when analyze made one: the figure may overstate
 * the throughput; its id after ids. */
static void short_window(const struct report_model *m, const struct text_lang *l,
			 const struct results_claim *c, struct strbuf *b, struct strbuf *ids)
{
	char id[RESULTS_CLAIM_ID_MAX], runs[TEXT_NUM_MAX], n[TEXT_NUM_MAX], req[TEXT_NUM_MAX];
	const struct numfmt *nf = text_lang_numfmt(l);
	const struct results_claim *k;

	results_claim_id(id, sizeof(id), "caveat", "short-window", model_str(c->op), c->size,
			 c->concurrency, m->subjects[c->subject].id, NULL);
	if ((k = model_claim(m, id)) == NULL || strcmp(k->verdict, "short-window") != 0)
		return;
	const char *names[] = {"runs", "n", "requests_min"};
	const char *vals[] = {
		text_num(nf, results_claim_num(k, "runs"), 0, runs, sizeof(runs)),
		text_num(nf, results_claim_num(k, "n"), 0, n, sizeof(n)),
		text_num(nf, results_claim_num(k, "requests_min"), 0, req, sizeof(req))};
	text_subst(b, text_lang_str(l, "finding.highest_short"), names, vals, 3);
	add_id(ids, k->id);
}

/* highest: op's highest-figure claim (highest/OP) worded: its figure, subject and cell, and
 * that its client was the limit when the claim says so. */
static int highest(const struct report_model *m, const struct text_lang *l, struct findings *f,
		   const char *op, const char *opname)
{
	char id[RESULTS_CLAIM_ID_MAX], size[32], val[TEXT_NUM_MAX], lab[256];
	const struct numfmt *nf = text_lang_numfmt(l);
	const struct results_claim *c;
	const struct results_cell *cell;
	struct strbuf b = {0}, why = {0}, ids = {0};
	int rc;
	struct report_workers w;

	results_claim_id(id, sizeof(id), "highest", NULL, op, -1, -1, NULL, NULL);
	if ((c = model_claim(m, id)) == NULL || c->subject < 0 ||
	    (size_t)c->subject >= m->nsubjects)
		return 0;
	cell = model_cell(m, c->subject, op, (uint64_t)c->size, c->concurrency);
	model_size_text(m, nf, (uint64_t)c->size, size, sizeof(size));
	if (report_workers(l, c->concurrency, cell ? cell->clients : 1,
			   cell ? cell->client_hosts : 1, REPORT_WORKERS_LONG, &w) < 0)
		b.failed = 1; /* push refuses it */
	text_num(nf, results_claim_num(c, "value"), -1, val, sizeof(val));
	report_claim_reasons(l, c, &why);
	snprintf(lab, sizeof(lab), "%s", m->subjects[c->subject].label);
	strbuf_adds(&ids, c->id);
	report_flag_subject(m, c->subject, op, (uint64_t)c->size, c->concurrency, lab, sizeof(lab),
			    &ids);
	const char *names[] = {"op",      "value",      "subject", "size",
			       "workers", "per_client", "reasons"};
	const char *vals[] = {opname, val, lab, size, w.total, w.per_client, why.p ? why.p : ""};
	text_subst(&b,
		   report_str_count(l,
				    strcmp(c->verdict, "client-limited") == 0
					    ? "finding.highest_limited"
					    : "finding.highest",
				    w.total),
		   names, vals, 7);
	short_window(m, l, c, &b, &ids);
	if (why.failed || ids.failed)
		b.failed = 1;
	strbuf_free(&why);
	rc = report_finding_claim(f, &b, ids.p) ? -1 : 0;
	strbuf_free(&ids);
	return rc;
}

/* cv_text: subject s's mean CV of the consistency claim c as "1.4%" into buf. */
static const char *cv_text(const struct report_model *m, const struct text_lang *l,
			   const struct results_claim *c, int s, char *buf, size_t n)
{
	char key[300], a[TEXT_NUM_MAX];

	snprintf(key, sizeof(key), "cv_mean.%s", m->subjects[s].id);
	snprintf(buf, n, "%s%%",
		 text_num(text_lang_numfmt(l), results_claim_num(c, key) * 100, 1, a, sizeof(a)));
	return buf;
}

/* consistency: the consistency rank claims worded: the most (and least) consistent subject
 * where the data carry a rank, else that no difference was detectable. */
static int consistency(const struct report_model *m, const struct text_lang *l, struct findings *f)
{
	const struct results_claim *most = model_claim(m, "rank/consistency");
	const struct results_claim *least = model_claim(m, "rank/consistency/least");
	char pa[TEXT_NUM_MAX + 2], pb[TEXT_NUM_MAX + 2], ids[2 * RESULTS_CLAIM_ID_MAX + 2];
	struct strbuf b = {0};

	if (most == NULL)
		return 0;
	if (!claim_is(most, "rank", "ranked") || most->subject < 0) {
		strbuf_adds(&b, text_lang_str(l, "finding.consistency_none"));
		return report_finding_claim(f, &b, most->id);
	}
	cv_text(m, l, most, most->subject, pa, sizeof(pa));
	if (least != NULL && claim_is(least, "rank", "ranked") && least->subject >= 0) {
		const char *names[] = {"subject", "cv", "subject2", "cv2"};
		const char *vals[] = {m->subjects[most->subject].label, pa,
				      m->subjects[least->subject].label,
				      cv_text(m, l, least, least->subject, pb, sizeof(pb))};
		text_subst(&b, text_lang_str(l, "finding.consistency"), names, vals, 4);
		snprintf(ids, sizeof(ids), "%s %s", most->id, least->id);
		return report_finding_claim(f, &b, ids);
	}
	const char *names[] = {"subject", "cv"};
	const char *vals[] = {m->subjects[most->subject].label, pa};
	text_subst(&b, text_lang_str(l, "finding.consistency_most"), names, vals, 2);
	return report_finding_claim(f, &b, most->id);
}

/* oneoffs: each one-off benchmark's fastest subject where its rank claim ranks one. */
static int oneoffs(const struct report_model *m, const struct text_lang *l, struct findings *f)
{
	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *c = &m->doc.claims[i];
		char opname[32], val[TEXT_NUM_MAX], key[300];
		struct strbuf b = {0};

		if (!claim_is(c, "rank", "ranked") || c->op == NULL || c->subject < 0)
			continue;
		report_op_name(l, c->op, opname, sizeof(opname));
		snprintf(key, sizeof(key), "obj_s.%s", m->subjects[c->subject].id);
		text_num(text_lang_numfmt(l), results_claim_num(c, key), -1, val, sizeof(val));
		const char *names[] = {"op", "subject", "value"};
		const char *vals[] = {opname, m->subjects[c->subject].label, val};
		text_subst(&b, text_lang_str(l, "finding.oneoff"), names, vals, 3);
		if (report_finding_claim(f, &b, c->id))
			return -1;
	}
	return 0;
}

/* The lead claims of op: how many of each verdict, the median detectable ratio of its ties
 * (NAN when none), the ids of each group of verdicts. */
struct tally {
	int of, tie, unresolved, blocked, untested, depends;
	double detectable;
	struct strbuf tie_ids, unresolved_ids, blocked_ids, untested_ids;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void tally_free(struct tally *t)
{
	strbuf_free(&t->tie_ids);
	strbuf_free(&t->unresolved_ids);
	strbuf_free(&t->blocked_ids);
	strbuf_free(&t->untested_ids);
}

/* tally: op's lead claims into t (zeroed first); -1 when out of memory. */
static int tally(const struct report_model *m, const char *op, struct tally *t)
{
	double *det = calloc(m->doc.n_claims + 1, sizeof(*det));
	size_t nd = 0;
	memset(t, 0, sizeof(*t));
	t->detectable = NAN;
	if (det == NULL)
		return -1;
	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *d = &m->doc.claims[i];
		if (!claim_is(d, "lead", NULL) || strcmp(model_str(d->op), op) != 0)
			continue;
		t->of++;
		if (claim_is(d, "lead", "tie")) {
			double r = results_claim_num(d, "detectable_ratio");
			t->tie++;
			add_id(&t->tie_ids, d->id);
			if (isfinite(r))
				det[nd++] = r;
		} else if (claim_is(d, "lead", "unresolved")) {
			t->unresolved++;
			add_id(&t->unresolved_ids, d->id);
		} else if (claim_is(d, "lead", "blocked")) {
			t->blocked++;
			add_id(&t->blocked_ids, d->id);
		} else if (claim_is(d, "lead", "untested")) {
			t->untested++;
			add_id(&t->untested_ids, d->id);
		} else if (claim_is(d, "lead", "depends")) {
			t->depends++;
		}
	}
	if (nd) {
		qsort(det, nd, sizeof(*det), cmp_double);
		t->detectable = nd % 2 ? det[nd / 2] : (det[nd / 2 - 1] + det[nd / 2]) / 2;
	}
	free(det);
	return t->tie_ids.failed || t->unresolved_ids.failed || t->blocked_ids.failed ||
			       t->untested_ids.failed
		       ? -1
		       : 0;
}

/* The most: op's lead-count claim of verdict most (the subject with strictly the most clear
 * leads), or NULL. */
static const struct results_claim *most_leads(const struct report_model *m, const char *op)
{
	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *c = &m->doc.claims[i];
		if (claim_is(c, "lead-count", "most") && strcmp(model_str(c->op), op) == 0 &&
		    c->subject >= 0)
			return c;
	}
	return NULL;
}

/* Append sentence `key` to b: {subject} {clear} {of} {op} {ties} {n} {pct} {cycles} {every},
 * the subject and its clear, tied and clear-from-every-vantage counts from the lead-count
 * claim top (NULL: none). */
static void tally_sentence(const struct report_model *m, const struct text_lang *l,
			   const struct tally *t, const struct results_claim *top, const char *key,
			   int n, const char *opname, struct strbuf *b)
{
	char clear[16], of[16], sn[16], pct[TEXT_NUM_MAX], cyc[16], every[16];
	double tied = top ? results_claim_num(top, "tied") : 0;
	struct strbuf ties = {0};
	snprintf(clear, sizeof(clear), "%.0f", top ? results_claim_num(top, "clear") : 0.0);
	snprintf(of, sizeof(of), "%d", t->of);
	snprintf(sn, sizeof(sn), "%d", n);
	snprintf(cyc, sizeof(cyc), "%d", m->campaign_cycles);
	snprintf(every, sizeof(every), "%.0f", top ? results_claim_num(top, "every_vantage") : 0.0);
	text_num(text_lang_numfmt(l), (t->detectable - 1) * 100, 0, pct, sizeof(pct));
	if (tied >= 1) {
		char nt[16];
		snprintf(nt, sizeof(nt), "%.0f", tied);
		const char *nn[] = {"n"}, *nv[] = {nt};
		text_subst(&ties, text_lang_str(l, tied == 1 ? "finding.ties1" : "finding.ties"),
			   nn, nv, 1);
	}
	char lab[256] = "";
	if (top != NULL) {
		snprintf(lab, sizeof(lab), "%s", m->subjects[top->subject].label);
		report_flag_subject(m, top->subject, top->op, UINT64_MAX, -1, lab, sizeof(lab),
				    NULL);
	}
	const char *names[] = {"subject", "clear", "of",     "op",   "ties",
			       "n",       "pct",   "cycles", "every"};
	const char *vals[] = {lab, clear, of, opname, ties.p ? ties.p : "", sn, pct, cyc, every};
	text_subst(b, text_lang_str(l, key), names, vals, 9);
	if (ties.failed)
		b->failed = 1;
	strbuf_free(&ties);
}

/* The findings and the headline part of op from its lead and lead-count claims; the ids the
 * headline words are added to head_ids. */
static int stat_findings(const struct report_model *m, const struct text_lang *l,
			 const struct tally *t, const struct results_claim *top, const char *opname,
			 struct findings *f, struct strbuf *head, struct strbuf *head_ids)
{
	struct strbuf b = {0};
	/* a merge of vantages: its lead-count claims count the leads clear from every vantage */
	int merge = top != NULL && isfinite(results_claim_num(top, "every_vantage"));
	int first = head->len == 0; /* a later part follows "; " (headline.no_clear_next) */
	if (head->len)
		strbuf_adds(head, text_lang_str(l, "headline.sep"));
	if (top != NULL) {
		struct strbuf ids = {0};
		int bad;
		strbuf_adds(&ids, top->id);
		report_flag_subject(m, top->subject, top->op, UINT64_MAX, -1, NULL, 0, &ids);
		tally_sentence(m, l, t, top,
			       merge ? "finding.led_clear_vantages" : "finding.led_clear", 0,
			       opname, &b);
		bad = ids.failed || report_finding_claim(f, &b, ids.p);
		strbuf_free(&ids);
		if (bad)
			return -1;
		tally_sentence(m, l, t, top,
			       merge ? "headline.led_clear_vantages" : "headline.led_clear", 0,
			       opname, head);
		add_id(head_ids, top->id);
		report_flag_subject(m, top->subject, top->op, UINT64_MAX, -1, NULL, 0, head_ids);
	} else {
		tally_sentence(m, l, t, NULL,
			       t->untested == t->of ? "headline.untested"
			       : t->depends         ? "headline.depends"
			       : first              ? "headline.no_clear"
						    : "headline.no_clear_next",
			       0, opname, head);
	}
	if (t->tie) {
		tally_sentence(m, l, t, top,
			       isfinite(t->detectable) ? "finding.no_clear"
						       : "finding.no_clear_nodet",
			       t->tie, opname, &b);
		if (report_finding_claim(f, &b, t->tie_ids.p))
			return -1;
	}
	if (t->unresolved) {
		tally_sentence(m, l, t, top, "finding.unresolved", t->unresolved, opname, &b);
		if (report_finding_claim(f, &b, t->unresolved_ids.p))
			return -1;
	}
	if (t->blocked) {
		tally_sentence(m, l, t, top, "finding.blocked", t->blocked, opname, &b);
		if (report_finding_claim(f, &b, t->blocked_ids.p))
			return -1;
	}
	if (t->untested) {
		tally_sentence(m, l, t, top,
			       t->untested == t->of ? "finding.untested_all" : "finding.untested",
			       t->untested, opname, &b);
		if (report_finding_claim(f, &b, t->untested_ids.p))
			return -1;
	}
	return 0;
}

/* same_depends: 1 when d is a lead claim of op whose leader depends on the vantage with
 * each vantage's leader by (its by_vantage figure). */
static int same_depends(const struct results_claim *d, const char *op, const char *by)
{
	return claim_is(d, "lead", "depends") && strcmp(model_str(d->op), op) == 0 &&
	       strcmp(model_str(results_claim_text(d, "by_vantage")), model_str(by)) == 0;
}

/* depends_findings: op's lead claims whose verdict is depends (a merge of vantages whose
 * leader depends on the vantage), one finding per distinct by_vantage figure (each
 * vantage's leader) carrying its claims; of: op's lead claims. -1 when out of memory. */
static int depends_findings(const struct report_model *m, const struct text_lang *l,
			    struct findings *f, const char *op, const char *opname, int of)
{
	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *c = &m->doc.claims[i];
		const char *by = results_claim_text(c, "by_vantage");
		struct strbuf b = {0}, ids = {0};
		char sn[16], so[16];
		int n = 0, seen = 0;

		if (!claim_is(c, "lead", "depends") || strcmp(model_str(c->op), op) != 0)
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = same_depends(&m->doc.claims[j], op, by);
		for (size_t j = i; j < m->doc.n_claims && !seen; j++)
			if (same_depends(&m->doc.claims[j], op, by)) {
				n++;
				add_id(&ids, m->doc.claims[j].id);
			}
		if (seen)
			continue;
		snprintf(sn, sizeof(sn), "%d", n);
		snprintf(so, sizeof(so), "%d", of);
		const char *names[] = {"op", "n", "of", "by_vantage"};
		const char *vals[] = {opname, sn, so, model_str(by)};
		text_subst(&b, text_lang_str(l, "finding.depends"), names, vals, 4);
		if (ids.failed)
			b.failed = 1;
		if (report_finding_claim(f, &b, ids.p != NULL ? ids.p : "")) {
			strbuf_free(&ids);
			return -1;
		}
		strbuf_free(&ids);
	}
	return 0;
}

/* count_finding: the sentence key1 (n == 1) or key (n runs) when n > 0. -1 when out of
 * memory. */
static int count_finding(const struct text_lang *l, struct findings *f, size_t n, const char *key,
			 const char *key1)
{
	const char *names[] = {"n"};
	char num[24];
	const char *vals[] = {num};
	struct strbuf b = {0};

	if (n == 0)
		return 0;
	snprintf(num, sizeof(num), "%zu", n);
	text_subst(&b, text_lang_str(l, n == 1 ? key1 : key), names, vals, 1);
	return push(f, &b) ? -1 : 0;
}

/* more_findings: what the report holds that the data lacks or mixes: the run files that
 * could not be read, the subjects of which no run was read, the runs kept by
 * --allow-changed measured otherwise. -1 when out of memory. */
static int more_findings(const struct report_model *m, const struct text_lang *l,
			 struct findings *f, struct strbuf *b)
{
	for (size_t s = 0; s < m->nsubjects; s++) {
		const char *names[] = {"subject"};
		const char *vals[] = {m->subjects[s].label};

		if (!model_no_run_read(m, s))
			continue;
		text_subst(b, text_lang_str(l, "finding.no_run_read"), names, vals, 1);
		if (push(f, b))
			return -1;
	}
	if (count_finding(l, f, m->doc.n_unreadable, "finding.unreadable", "finding.unreadable1") <
	    0)
		return -1;
	return count_finding(l, f, model_kept_as(m), "finding.mixed", "finding.mixed1");
}

int findings_build(const struct report_model *m, const struct text_lang *l, struct findings *out,
		   struct err *e)
{
	struct strbuf head = {0}, head_ids = {0}, b = {0}, ids = {0};
	char opname[32];
	memset(out, 0, sizeof(*out));
	if (report_cond_findings(m, l, out) < 0 || /* correctness failures first */
	    report_flag_findings(m, l, out) < 0)   /* then the figures not like the others' */
		goto oom;
	for (size_t i = 0; i < m->nops; i++) {
		const struct results_claim *top = most_leads(m, m->ops[i]);
		struct tally t;
		report_op_name(l, m->ops[i], opname, sizeof(opname));
		if (tally(m, m->ops[i], &t) < 0) {
			tally_free(&t);
			goto oom;
		}
		if (t.of && (stat_findings(m, l, &t, top, opname, out, &head, &head_ids) ||
			     depends_findings(m, l, out, m->ops[i], opname, t.of))) {
			tally_free(&t);
			goto oom;
		}
		tally_free(&t);
		if (others(m, l, out, m->ops[i], opname, top ? top->subject : -1) ||
		    highest(m, l, out, m->ops[i], opname) || tails(m, l, out, m->ops[i], opname))
			goto oom;
	}
	if (consistency(m, l, out) || oneoffs(m, l, out))
		goto oom;
	report_workload_sustained(m, l, &b, &ids);
	if ((b.len || b.failed) && report_finding_claim(out, &b, ids.failed ? "" : ids.p))
		goto oom;
	strbuf_free(&ids);
	if (report_errors_findings(m, l, out) < 0)
		goto oom;
	if (trend_findings(m, l, out, &b))
		goto oom;
	if (!m->has_stats && m->doc.n_leaders) {
		strbuf_adds(&b, text_lang_str(l, "finding.no_stats"));
		if (push(out, &b))
			goto oom;
	}
	if (more_findings(m, l, out, &b) < 0)
		goto oom;
	if (m->doc.n_excluded) {
		char n[16];
		snprintf(n, sizeof(n), "%zu", m->doc.n_excluded);
		const char *names[] = {"n"};
		const char *vals[] = {n};
		text_subst(&b,
			   text_lang_str(l, m->doc.n_excluded == 1 ? "finding.excluded1"
								   : "finding.excluded"),
			   names, vals, 1);
		if (push(out, &b))
			goto oom;
	}
	out->headline = strbuf_take(&head);
	if (out->headline == NULL || head_ids.failed)
		goto oom;
	out->headline_ids = strbuf_take(&head_ids);
	return 0;
oom:
	strbuf_free(&head);
	strbuf_free(&head_ids);
	strbuf_free(&ids);
	strbuf_free(&b);
	findings_free(out);
	return err_set(e, "findings: out of memory");
}

void findings_free(struct findings *f)
{
	for (size_t i = 0; i < f->nitems; i++) {
		free(f->items[i]);
		free(f->claims[i]);
	}
	free(f->items);
	free(f->claims);
	free(f->headline);
	free(f->headline_ids);
	memset(f, 0, sizeof(*f));
}

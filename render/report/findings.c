/* render/report/findings.c: see findings.h. */
#include "render/report/findings.h"
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
 * builds have not enough history to judge yet; 1 when out of memory. */
static int trend_findings(const struct report_model *m, const struct text_lang *l,
			  struct findings *out, struct strbuf *b)
{
	const struct results_trend *t = &m->trend;

	if (m->trend_loaded && !t->enough_history) {
		strbuf_adds(b, text_lang_str(l, "finding.trend_not_enough"));
		return push(out, b) != 0;
	}
	for (size_t i = 0; i < t->n_alerts; i++) {
		const char *names[] = {"alert"};
		const char *vals[] = {t->alerts[i]};

		text_subst(b, text_lang_str(l, "finding.trend_alert"), names, vals, 1);
		if (push(out, b))
			return 1;
	}
	for (size_t i = 0; i < t->n_watch; i++) {
		const char *names[] = {"watch"};
		const char *vals[] = {t->watch[i]};

		text_subst(b, text_lang_str(l, "finding.trend_watch"), names, vals, 1);
		if (push(out, b))
			return 1;
	}
	return 0;
}

/* The subject with the most leads for op, or -1; *led and *of filled. */
static int top_leader(const struct report_model *m, const char *op, int *led, int *of)
{
	int best = -1;
	*led = *of = 0;
	for (size_t i = 0; i < m->doc.n_leader_counts; i++) {
		const struct results_leader_count *c = &m->doc.leader_counts[i];
		if (strcmp(c->op, op) != 0)
			continue;
		if (best < 0 || c->led > *led) {
			best = c->subject;
			*led = (int)c->led;
		}
		if (c->of > *of)
			*of = (int)c->of;
	}
	return *led > 0 ? best : -1;
}

static void led_sentence(const struct report_model *m, const struct text_lang *l, struct strbuf *b,
			 const char *key, int subject, int led, int of, const char *opname)
{
	char sled[16], sof[16];
	snprintf(sled, sizeof(sled), "%d", led);
	snprintf(sof, sizeof(sof), "%d", of);
	const char *names[] = {"subject", "led", "of", "op"};
	const char *vals[] = {m->subjects[subject].label, sled, sof, opname};
	text_subst(b, text_lang_str(l, key), names, vals, 4);
}

/* "X led PUT at 5 MiB with 10 workers, ..." for every subject other than top. */
static int others(const struct report_model *m, const struct text_lang *l, struct findings *f,
		  const char *op, const char *opname, int top)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	for (size_t s = 0; s < m->nsubjects; s++) {
		struct strbuf where = {0}, b = {0};
		int count = 0;
		if ((int)s == top)
			continue;
		for (size_t i = 0; i < m->doc.n_leaders; i++) {
			const struct results_leader *d = &m->doc.leaders[i];
			if (d->subject != (int)s || strcmp(d->op, op) != 0 ||
			    (d->status != RESULTS_LEAD_UNKNOWN && d->status != RESULTS_LEAD_CLEAR))
				continue;
			char size[32], val[TEXT_NUM_MAX];
			struct report_workers w;
			model_size_text(m, nf, d->size, size, sizeof(size));
			if (report_workers_at(m, l, op, d->concurrency, REPORT_WORKERS_BRIEF, &w) <
			    0)
				where.failed = 1;
			text_num(nf, model_leader_mib(d), -1, val, sizeof(val));
			const char *names[] = {"size", "workers", "per_client", "value"};
			const char *vals[] = {size, w.total, w.per_client, val};
			if (count++)
				strbuf_adds(&where, text_lang_str(l, "finding.where_sep"));
			text_subst(&where, text_lang_str(l, "finding.where"), names, vals, 4);
		}
		if (count) {
			const char *names[] = {"subject", "op", "where"};
			const char *vals[] = {m->subjects[s].label, opname, where.p ? where.p : ""};
			text_subst(&b, text_lang_str(l, "finding.others"), names, vals, 3);
		}
		if (where.failed)
			b.failed = 1; /* push refuses it: no finding with a part missing */
		strbuf_free(&where);
		if (count && push(f, &b))
			return -1;
		strbuf_free(&b);
	}
	return 0;
}

static int highest(const struct report_model *m, const struct text_lang *l, struct findings *f,
		   const char *op, const char *opname)
{
	const struct results_cell *best = NULL;
	const struct numfmt *nf = text_lang_numfmt(l);
	for (size_t i = 0; i < m->doc.n_cells; i++) {
		const struct results_cell *c = &m->doc.cells[i];
		if (strcmp(c->op, op) == 0 && isfinite(c->mib_s.value) &&
		    (best == NULL || c->mib_s.value > best->mib_s.value))
			best = c;
	}
	if (best == NULL)
		return 0;
	char size[32], val[TEXT_NUM_MAX];
	struct strbuf b = {0};
	struct report_workers w;
	model_size_text(m, nf, best->size, size, sizeof(size));
	if (report_workers(l, best->concurrency, best->clients, best->client_hosts,
			   REPORT_WORKERS_LONG, &w) < 0)
		b.failed = 1; /* push refuses it */
	text_num(nf, best->mib_s.value, -1, val, sizeof(val));
	const char *names[] = {"op", "value", "subject", "size", "workers", "per_client"};
	const char *vals[] = {opname, val,     m->subjects[best->subject].label,
			      size,   w.total, w.per_client};
	text_subst(&b, text_lang_str(l, "finding.highest"), names, vals, 6);
	return push(f, &b);
}

static int consistency(const struct report_model *m, const struct text_lang *l, struct findings *f)
{
	const struct results_consistency *lo = NULL, *hi = NULL;
	for (size_t i = 0; i < m->doc.n_consistency; i++) {
		const struct results_consistency *c = &m->doc.consistency[i];
		if (!isfinite(c->cv_mean))
			continue;
		if (lo == NULL || c->cv_mean < lo->cv_mean)
			lo = c;
		if (hi == NULL || c->cv_mean > hi->cv_mean)
			hi = c;
	}
	if (lo == NULL || lo == hi)
		return 0;
	char a[TEXT_NUM_MAX], b2[TEXT_NUM_MAX], pa[TEXT_NUM_MAX + 2], pb[TEXT_NUM_MAX + 2];
	struct strbuf b = {0};
	snprintf(pa, sizeof(pa), "%s%%",
		 text_num(text_lang_numfmt(l), lo->cv_mean * 100, 1, a, sizeof(a)));
	snprintf(pb, sizeof(pb), "%s%%",
		 text_num(text_lang_numfmt(l), hi->cv_mean * 100, 1, b2, sizeof(b2)));
	const char *names[] = {"subject", "cv", "subject2", "cv2"};
	const char *vals[] = {m->subjects[lo->subject].label, pa, m->subjects[hi->subject].label,
			      pb};
	text_subst(&b, text_lang_str(l, "finding.consistency"), names, vals, 4);
	return push(f, &b);
}

static int oneoffs(const struct report_model *m, const struct text_lang *l, struct findings *f)
{
	static const char *const ops[] = {"list", "head", "delete"};
	for (size_t k = 0; k < 3; k++) {
		const struct results_oneoff *best = NULL;
		for (size_t i = 0; i < m->doc.n_ops; i++) {
			const struct results_oneoff *o = &m->doc.ops[i];
			if (strcmp(o->op, ops[k]) == 0 && isfinite(o->obj_s) &&
			    (best == NULL || o->obj_s > best->obj_s))
				best = o;
		}
		if (best == NULL)
			continue;
		char opname[32], val[TEXT_NUM_MAX];
		struct strbuf b = {0};
		report_op_name(l, ops[k], opname, sizeof(opname));
		text_num(text_lang_numfmt(l), best->obj_s, -1, val, sizeof(val));
		const char *names[] = {"op", "subject", "value"};
		const char *vals[] = {opname, m->subjects[best->subject].label, val};
		text_subst(&b, text_lang_str(l, "finding.oneoff"), names, vals, 3);
		if (push(f, &b))
			return -1;
	}
	return 0;
}

/* The leaders of op with statistics: counts by status, the subject with the most clear
 * leads (-1 when none) and its clear and tied counts, the median detectable ratio of
 * the ties (NAN when none). Returns 0 when op's leaders have no status (a 1.0 file). */
struct tally {
	int of, clear, tie, untested, best, best_clear, best_tied;
	double detectable;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int tally(const struct report_model *m, const char *op, struct tally *t)
{
	double *det = calloc(m->doc.n_leaders + 1, sizeof(*det));
	size_t nd = 0;
	memset(t, 0, sizeof(*t));
	t->best = -1;
	t->detectable = NAN;
	if (det == NULL)
		return -1;
	for (size_t i = 0; i < m->doc.n_leaders; i++) {
		const struct results_leader *d = &m->doc.leaders[i];
		if (strcmp(d->op, op) != 0 || d->status == RESULTS_LEAD_UNKNOWN)
			continue;
		t->of++;
		t->clear += d->status == RESULTS_LEAD_CLEAR;
		t->untested += d->status == RESULTS_LEAD_UNTESTED;
		if (model_tie(d)) {
			t->tie++;
			if (isfinite(d->detectable_ratio))
				det[nd++] = d->detectable_ratio;
		}
	}
	for (size_t s = 0; s < m->nsubjects; s++) {
		int clear = 0, tied = 0;
		for (size_t i = 0; i < m->doc.n_leaders; i++) {
			const struct results_leader *d = &m->doc.leaders[i];
			if (strcmp(d->op, op) != 0)
				continue;
			clear += d->status == RESULTS_LEAD_CLEAR && d->subject == (int)s;
			tied += model_in_tie(d, (int)s);
		}
		if (clear > 0 &&
		    (clear > t->best_clear || (clear == t->best_clear && tied > t->best_tied))) {
			t->best = (int)s;
			t->best_clear = clear;
			t->best_tied = tied;
		}
	}
	if (nd) {
		qsort(det, nd, sizeof(*det), cmp_double);
		t->detectable = nd % 2 ? det[nd / 2] : (det[nd / 2 - 1] + det[nd / 2]) / 2;
	}
	free(det);
	return t->of > 0;
}

/* Append the tally's sentence `key` to b: {subject} {clear} {of} {op} {ties} {n} {pct}. */
static void tally_sentence(const struct report_model *m, const struct text_lang *l,
			   const struct tally *t, const char *key, int n, const char *opname,
			   struct strbuf *b)
{
	char clear[16], of[16], sn[16], pct[TEXT_NUM_MAX], cyc[16];
	struct strbuf ties = {0};
	snprintf(clear, sizeof(clear), "%d", t->best_clear);
	snprintf(of, sizeof(of), "%d", t->of);
	snprintf(sn, sizeof(sn), "%d", n);
	snprintf(cyc, sizeof(cyc), "%d", m->campaign_cycles);
	text_num(text_lang_numfmt(l), (t->detectable - 1) * 100, 0, pct, sizeof(pct));
	if (t->best_tied) {
		char nt[16];
		snprintf(nt, sizeof(nt), "%d", t->best_tied);
		const char *nn[] = {"n"}, *nv[] = {nt};
		text_subst(&ties,
			   text_lang_str(l, t->best_tied == 1 ? "finding.ties1" : "finding.ties"),
			   nn, nv, 1);
	}
	const char *names[] = {"subject", "clear", "of", "op", "ties", "n", "pct", "cycles"};
	const char *vals[] = {t->best >= 0 ? m->subjects[t->best].label : "",
			      clear,
			      of,
			      opname,
			      ties.p ? ties.p : "",
			      sn,
			      pct,
			      cyc};
	text_subst(b, text_lang_str(l, key), names, vals, 8);
	if (ties.failed)
		b->failed = 1;
	strbuf_free(&ties);
}

/* The findings and the headline part of op from its leaders' statistics. */
static int stat_findings(const struct report_model *m, const struct text_lang *l,
			 const struct tally *t, const char *opname, struct findings *f,
			 struct strbuf *head)
{
	struct strbuf b = {0};
	if (head->len)
		strbuf_adds(head, text_lang_str(l, "headline.sep"));
	if (t->best >= 0) {
		tally_sentence(m, l, t, "finding.led_clear", 0, opname, &b);
		if (push(f, &b))
			return -1;
		tally_sentence(m, l, t, "headline.led_clear", 0, opname, head);
	} else {
		tally_sentence(m, l, t,
			       t->untested == t->of ? "headline.untested" : "headline.no_clear", 0,
			       opname, head);
	}
	if (t->tie) {
		tally_sentence(m, l, t,
			       isfinite(t->detectable) ? "finding.no_clear"
						       : "finding.no_clear_nodet",
			       t->tie, opname, &b);
		if (push(f, &b))
			return -1;
	}
	if (t->untested) {
		tally_sentence(m, l, t,
			       t->untested == t->of ? "finding.untested_all" : "finding.untested",
			       t->untested, opname, &b);
		if (push(f, &b))
			return -1;
	}
	return 0;
}

int findings_build(const struct report_model *m, const struct text_lang *l, struct findings *out,
		   struct err *e)
{
	struct strbuf head = {0}, b = {0};
	char opname[32];
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < m->nops; i++) {
		int led, of, top = top_leader(m, m->ops[i], &led, &of);
		struct tally t;
		report_op_name(l, m->ops[i], opname, sizeof(opname));
		int st = tally(m, m->ops[i], &t);
		if (st < 0)
			goto oom;
		if (st) {
			if (stat_findings(m, l, &t, opname, out, &head))
				goto oom;
			top = t.best;
		} else if (top >= 0) {
			led_sentence(m, l, &b, "finding.led", top, led, of, opname);
			if (push(out, &b))
				goto oom;
			if (head.len)
				strbuf_adds(&head, text_lang_str(l, "headline.sep"));
			led_sentence(m, l, &head, "headline.led", top, led, of, opname);
		}
		if (others(m, l, out, m->ops[i], opname, top) ||
		    highest(m, l, out, m->ops[i], opname))
			goto oom;
	}
	if (consistency(m, l, out) || oneoffs(m, l, out))
		goto oom;
	report_workload_sustained(m, l, &b);
	if (b.len && push(out, &b))
		goto oom;
	if (report_errors_findings(m, l, out) < 0)
		goto oom;
	if (trend_findings(m, l, out, &b))
		goto oom;
	if (!m->has_stats && m->doc.n_leaders) {
		strbuf_adds(&b, text_lang_str(l, "finding.no_stats"));
		if (push(out, &b))
			goto oom;
	}
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
	if (out->headline == NULL)
		goto oom;
	return 0;
oom:
	strbuf_free(&head);
	strbuf_free(&b);
	findings_free(out);
	return err_set(e, "findings: out of memory");
}

void findings_free(struct findings *f)
{
	for (size_t i = 0; i < f->nitems; i++)
		free(f->items[i]);
	free(f->items);
	free(f->headline);
	memset(f, 0, sizeof(*f));
}

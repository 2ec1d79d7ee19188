/* render/report/report_workload.c: the report's workload sections (see report_int.h): the workloads
 * table (mixed runs, size distributions and ranges in plain words) with a per-op table
 * for each mixed cell, and the fixed-rate section: the sustained-rate table and, per
 * subject, the latency-vs-offered-load chart and its points, a flagged subject's figures
 * marked as elsewhere (report_flag_cells). Nothing is added when the results have no
 * workload cells and no sweeps, so older reports do not change. The sentences of the
 * sustained rates (the key finding) are here too. */
#include "render/report/report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart_xy.h"
#include "render/model/model_claims.h"

/* A number cell: v with `decimals` decimals (-1: as the report writes figures). */
static void num_cell(struct report_builder *r, struct doc_table *t, size_t i, double v,
		     int decimals)
{
	char buf[TEXT_NUM_MAX];
	text_num(r->nf, v, decimals, buf, sizeof(buf));
	doc_table_cell(t, i, buf, CELL_NUM | (isnan(v) ? CELL_MUTED : 0), NULL, NULL);
}

/* mix_text: the mix of ops as "get 45, put 15" into buf ("" for none). */
static const char *mix_text(const struct results_mix *x, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < x->n && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s %lld", i ? ", " : "",
					x->parts[i].op, x->parts[i].weight);
	return buf;
}

/* The workload of a cell in words: "mixed (get 45, ...)", "GET; sizes ...", "GET; hedged at
 * p95". */
static const char *cell_words(struct report_builder *r, const struct results_cell *c, char *buf,
			      size_t n)
{
	const char *work = model_str(c->workload->workload);
	char opname[32], mix[256];

	struct strbuf h = {0};
	report_op_name(r->l, c->op, opname, sizeof(opname));
	if (c->hedge != NULL)
		subst(&h, rb_str(r, "wl.hedged"), "hedge", c->hedge, NULL, NULL);
	if (*mix_text(&c->mix, mix, sizeof(mix)))
		snprintf(buf, n, "%s (%s)%s%s", opname, mix, *work ? "; " : "", work);
	else
		snprintf(buf, n, "%s%s%s", opname, *work ? "; " : "", work);
	if (c->hedge != NULL)
		snprintf(buf + strlen(buf), n - strlen(buf), "; %s", rb_text(r, &h));
	strbuf_free(&h);
	return buf;
}

/* sweep_claim: the claim of kind ("sustained", "knee") about sweep s; NULL when none. */
static const struct results_claim *sweep_claim(const struct report_model *m, const char *kind,
					       const struct results_sweep *s)
{
	char id[RESULTS_CLAIM_ID_MAX], extra[64];

	results_claim_extra(extra, sizeof(extra), NAN, s->mix.present, s->size_spec != NULL,
			    s->range != NULL);
	results_claim_id(id, sizeof(id), kind, NULL, s->op, (long long)s->size, s->concurrency,
			 m->subjects[s->subject].id, extra);
	return model_claim(m, id);
}

/* step_claim: the rate-step claim of sweep s's point p; NULL when none. */
static const struct results_claim *step_claim(const struct report_model *m,
					      const struct results_sweep *s,
					      const struct results_sweep_point *p)
{
	char id[RESULTS_CLAIM_ID_MAX], extra[64];

	results_claim_extra(extra, sizeof(extra), p->offered, 0, 0, 0);
	results_claim_id(id, sizeof(id), "rate-step", NULL, s->op, (long long)s->size,
			 s->concurrency, m->subjects[s->subject].id, extra);
	return model_claim(m, id);
}

/* late_only: 1 when the client's only reason in c is that it sent late. */
static int late_only(const struct results_claim *c)
{
	return c->n_reasons == 1 && results_claim_has_reason(c, "late-sends");
}

/* client_limited: "client-limited (workers, cpu)" for c's reasons but late sends in l's words
 * into b. */
static void client_limited(const struct text_lang *l, const struct results_claim *c,
			   struct strbuf *b)
{
	struct strbuf why = {0};

	for (size_t i = 0; i < c->n_reasons; i++)
		if (strcmp(c->reasons[i], "late-sends") != 0) {
			if (why.len)
				strbuf_adds(&why, ", ");
			strbuf_adds(&why, c->reasons[i]);
		}
	const char *names[] = {"why"};
	const char *vals[] = {why.p ? why.p : ""};
	text_subst(b, text_lang_str(l, "rate.client_limited"), names, vals, 1);
	strbuf_free(&why);
}

/* limit_decimals: the decimals a p99 limit is written with (0 for whole ms). */
static int limit_decimals(double limit_ms)
{
	return limit_ms == floor(limit_ms) ? 0 : -1;
}

/* point_key: the key of sweep s's cell at offered rate (its claims' subject, op, size,
 * workers and workload dimensions). */
static struct results_cell point_key(const struct results_sweep *s, double rate)
{
	return (struct results_cell){.subject = s->subject,
				     .op = s->op,
				     .size = s->size,
				     .concurrency = s->concurrency,
				     .size_spec = s->size_spec,
				     .range = s->range,
				     .mix = s->mix,
				     .rate = rate};
}

/* sweep_marks: the marks of sweep s's subject as its points' cells have them
 * (report_flag_cells) appended to buf (n bytes), their ids to ids; -1 when out of memory. */
static int sweep_marks(const struct report_model *m, const struct results_sweep *s, char *buf,
		       size_t n, struct strbuf *ids)
{
	struct results_cell *keys = calloc(s->n_points + 1, sizeof(*keys));

	if (keys == NULL)
		return -1;
	for (size_t k = 0; k < s->n_points; k++)
		keys[k] = point_key(s, s->points[k].offered);
	report_flag_cells(m, s->subject, keys, s->n_points, buf, n, ids);
	free(keys);
	return 0;
}

/* sweep_finding: the sentence of sweep s's sustained claim c into list, its subject marked
 * (sweep_marks, their ids into ids). */
static void sweep_finding(const struct report_model *m, const struct text_lang *l,
			  const struct results_sweep *s, const struct results_claim *c,
			  struct strbuf *list, struct strbuf *ids)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	char v[TEXT_NUM_MAX], at[TEXT_NUM_MAX];
	struct strbuf why = {0};
	const char *limit = model_str(results_claim_text(c, "limit"));
	int held = strcmp(c->verdict, "held") == 0;
	const char *key = held ? "finding.rate_held" : "finding.rate_none";

	if (strcmp(limit, "client") == 0 && late_only(c)) {
		key = held ? "finding.rate_held_late" : "finding.rate_none_late";
	} else if (strcmp(limit, "client") == 0) {
		key = held ? "finding.rate_held_client" : "finding.rate_none_client";
		client_limited(l, c, &why);
	}
	char lab[512];
	snprintf(lab, sizeof(lab), "%s", m->subjects[s->subject].label);
	if (sweep_marks(m, s, lab, sizeof(lab), ids) < 0)
		ids->failed = 1;
	const char *names[] = {"subject", "rate", "at", "why"};
	const char *vals[] = {lab,
			      text_num(nf, results_claim_num(c, "max_sustained"), 0, v, sizeof(v)),
			      text_num(nf, results_claim_num(c, "at_rate"), 0, at, sizeof(at)),
			      why.p ? why.p : ""};
	text_subst(list, text_lang_str(l, key), names, vals, 4);
	strbuf_free(&why);
}

void report_workload_sustained(const struct report_model *m, const struct text_lang *l,
			       struct strbuf *b, struct strbuf *ids)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	const struct results *d = &m->doc;
	char lim[TEXT_NUM_MAX];
	struct strbuf list = {0};

	for (size_t i = 0; i < d->n_rate_sweeps; i++) {
		const struct results_claim *c = sweep_claim(m, "sustained", &d->rate_sweeps[i]);
		if (c == NULL)
			continue;
		if (list.len)
			strbuf_adds(&list, text_lang_str(l, "headline.sep"));
		report_ids_add(ids, c->id);
		sweep_finding(m, l, &d->rate_sweeps[i], c, &list, ids);
	}
	if (!list.len && !list.failed)
		return;
	const char *names[] = {"limit", "list"};
	const char *vals[] = {text_num(nf, d->rate_sweeps[0].p99_limit_ms,
				       limit_decimals(d->rate_sweeps[0].p99_limit_ms), lim,
				       sizeof(lim)),
			      list.p ? list.p : ""};
	text_subst(b, text_lang_str(l, "finding.rate"), names, vals, 2);
	strbuf_free(&list);
}

/* A workers cell: the number as a figure for one client, "24 (3 × 8)" for three. */
static void workers_cell(struct report_builder *r, struct doc_table *t, size_t i, int conc,
			 int clients)
{
	char buf[64];
	if (clients <= 1)
		num_cell(r, t, i, conc, 0);
	else
		doc_table_cell(t, i, report_workers_cell(r->l, conc, clients, buf, sizeof(buf)),
			       CELL_NUM, NULL, NULL);
}

/* The subject's label, with " (3 clients)" when its runs had more than one client. */
static const char *subject_text(struct report_builder *r, int subject, int clients,
				struct strbuf *b)
{
	char n[16];
	strbuf_adds(b, r->m->subjects[subject].label);
	if (clients > 1) {
		snprintf(n, sizeof(n), "%d", clients);
		subst(b, rb_str(r, "clients.n"), "n", n, NULL, NULL);
	}
	return rb_text(r, b);
}

static void by_op_table(struct report_builder *r, const struct results_cell *c, size_t k)
{
	const struct report_model *m = r->m;
	char id[32], words[512];
	struct strbuf cap = {0};
	struct report_workers w;
	snprintf(id, sizeof(id), "t-work-ops-%zu", k);
	if (report_workers(r->l, c->concurrency, c->clients, c->client_hosts, REPORT_WORKERS_LONG,
			   &w) < 0)
		fail_oom(r);
	cell_words(r, c, words, sizeof(words));
	const char *names[] = {"subject", "workload", "workers", "per_client"};
	const char *vals[] = {m->subjects[c->subject].label, words, w.total, w.per_client};
	text_subst(&cap, rb_str(r, "table.wl_ops"), names, vals, 4);
	struct doc_table *t = doc_table(r->d, id, rb_text(r, &cap), 6);
	strbuf_free(&cap);
	const struct results_wcell *wl = c->workload;
	int pooled = wl->n_by_op > 0;
	const char *heads[] = {"col.op", "col.share", "col.objs", "col.mibs", "col.p50", "col.p99"};
	for (size_t i = 0; i < 6; i++)
		doc_table_head(t, i, rb_str(r, heads[i]), 1);
	for (size_t i = 0; i < wl->n_by_op; i++) {
		const struct results_by_op *p = &wl->by_op[i];
		doc_table_row(t);
		report_flag_cell(r, t, 0, model_str(p->op), CELL_ROWHEAD, NULL, c->subject, c, 1);
		num_cell(r, t, 1, p->share * 100, -1);
		num_cell(r, t, 2, p->obj_s, -1);
		num_cell(r, t, 3, p->mib_s, -1);
		num_cell(r, t, 4, p->p50_ms, -1);
		num_cell(r, t, 5, p->p99_ms, -1);
		pooled &= p->pooled;
	}
	doc_table_foot(t, rb_str(r, pooled ? "table.wl_ops_foot_pooled" : "table.wl_ops_foot"));
}

/* workloads_foot: the workloads table's note, then each closed-loop cell whose DELETEs left
 * delete markers on a versioned bucket, with what that means (docs/METHODOLOGY.md,
 * "Versioned buckets"). */
static void workloads_foot(struct report_builder *r, struct doc_table *t)
{
	struct strbuf b = {0}, who = {0};
	char n[24], words[512];

	strbuf_adds(&b, rb_str(r, "table.wl_foot"));
	for (size_t i = 0; i < r->m->doc.n_workload_cells; i++) {
		const struct results_cell *c = &r->m->doc.workload_cells[i];

		if (!isnan(c->rate) || c->delete_markers <= 0)
			continue;
		strbuf_reset(&who);
		strbuf_adds(&who, r->m->subjects[c->subject].label);
		strbuf_adds(&who, ", ");
		strbuf_adds(&who, cell_words(r, c, words, sizeof(words)));
		snprintf(n, sizeof(n), "%lld", c->delete_markers);
		strbuf_adds(&b, " ");
		subst(&b, rb_str(r, "oneoff.delete_markers"), "subject", rb_text(r, &who), "n", n);
	}
	report_policy_rule(r, &b);
	doc_table_foot(t, rb_text(r, &b));
	strbuf_free(&b);
	strbuf_free(&who);
}

/* The closed-loop workload cells: one table, then a per-op table per mixed cell. */
static void workloads(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct doc_table *t = NULL;
	char words[512];
	for (size_t i = 0; i < m->doc.n_workload_cells; i++) {
		const struct results_cell *c = &m->doc.workload_cells[i];
		if (!isnan(c->rate))
			continue;
		if (t == NULL) {
			doc_heading(r->d, 1, "workloads", rb_str(r, "section.workloads"));
			t = doc_table(r->d, "t-workloads", rb_str(r, "table.wl"), 7);
			const char *heads[] = {"col.subject", "col.workload", "col.workers",
					       "col.objs",    "col.mibs",     "col.p50",
					       "col.p99"};
			for (size_t k = 0; k < 7; k++)
				doc_table_head(t, k, rb_str(r, heads[k]),
					       k == 1   ? 3
					       : k == 0 ? 1.5
							: 1);
		}
		doc_table_row(t);
		report_flag_cell(r, t, 0, m->subjects[c->subject].label, CELL_ROWHEAD,
				 m->subjects[c->subject].color, c->subject, c, 1);
		doc_table_cell(t, 1, cell_words(r, c, words, sizeof(words)), 0, NULL, NULL);
		workers_cell(r, t, 2, c->concurrency, c->clients);
		num_cell(r, t, 3, c->obj_s.value, -1);
		num_cell(r, t, 4, c->mib_s.value, -1);
		num_cell(r, t, 5, c->latency_ms.pooled.p50, -1);
		num_cell(r, t, 6, c->latency_ms.pooled.p99, -1);
	}
	if (t == NULL)
		return;
	workloads_foot(r, t);
	for (size_t i = 0; i < m->doc.n_workload_cells; i++)
		if (isnan(m->doc.workload_cells[i].rate) &&
		    m->doc.workload_cells[i].workload->n_by_op)
			by_op_table(r, &m->doc.workload_cells[i], i);
}

/* The limit cell of a sweep, its sustained claim c worded: "client-limited (workers) at 200
 * req/s", "the client sent late at 400 req/s", "not sustained by the server at 200 req/s",
 * "every rate held", or "–" when there is no claim. */
static void limit_cell(struct report_builder *r, struct doc_table *t, size_t i,
		       const struct results_claim *c)
{
	struct strbuf b = {0}, why = {0};
	const char *limit = c ? model_str(results_claim_text(c, "limit")) : "";
	char at[TEXT_NUM_MAX];

	text_num(r->nf, c ? results_claim_num(c, "at_rate") : NAN, 0, at, sizeof(at));
	if (strcmp(limit, "client") == 0 && late_only(c)) {
		subst(&b, rb_str(r, "rate.limit_late"), "at", at, NULL, NULL);
	} else if (strcmp(limit, "client") == 0) {
		client_limited(r->l, c, &why);
		subst(&b, rb_str(r, "rate.limit_client"), "why", rb_text(r, &why), "at", at);
	} else if (strcmp(limit, "server") == 0) {
		subst(&b, rb_str(r, "rate.limit_server"), "at", at, NULL, NULL);
	} else if (strcmp(limit, "none") == 0) {
		strbuf_adds(&b, rb_str(r, "rate.limit_none"));
	} else {
		strbuf_adds(&b, "\u2013");
	}
	doc_table_cell(t, i, rb_text(r, &b), c == NULL ? CELL_MUTED : 0, NULL, NULL);
	if (c != NULL)
		doc_table_claim(t, i, c->id, NULL);
	strbuf_free(&b);
	strbuf_free(&why);
}

/* sweep_op: sweep s's op in words into buf (n bytes): its name, and a replay's trace ("Replay,
 * trace ops.tsv.zst", the trace_name of its first point's workload cell). */
static const char *sweep_op(struct report_builder *r, const struct results_sweep *s, char *buf,
			    size_t n)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0};

	report_op_name(r->l, s->op, buf, n);
	for (size_t i = 0; s->n_points > 0 && i < m->doc.n_workload_cells; i++) {
		const struct results_cell *c = &m->doc.workload_cells[i];

		if (c->trace_name == NULL || c->subject != s->subject ||
		    strcmp(c->op, s->op) != 0 || c->size != s->size ||
		    c->concurrency != s->concurrency || c->rate != s->points[0].offered)
			continue;
		subst(&b, rb_str(r, "wl.trace"), "trace", c->trace_name, NULL, NULL);
		snprintf(buf + strlen(buf), n - strlen(buf), ", %s", rb_text(r, &b));
		break;
	}
	strbuf_free(&b);
	return buf;
}

/* sweep_label: cell 0 of t's last row: sweep s's subject marked (sweep_marks). */
static void sweep_label(struct report_builder *r, struct doc_table *t,
			const struct results_sweep *s)
{
	char lab[512];
	struct strbuf ids = {0};

	snprintf(lab, sizeof(lab), "%s", r->m->subjects[s->subject].label);
	if (sweep_marks(r->m, s, lab, sizeof(lab), &ids) < 0 || ids.failed)
		fail_oom(r);
	doc_table_cell(t, 0, lab, CELL_ROWHEAD, NULL, r->m->subjects[s->subject].color);
	if (ids.len)
		doc_table_claim(t, 0, ids.p, NULL);
	strbuf_free(&ids);
}

/* The sustained-rate table: one row per sweep, its throttling knee beside its limit. */
static void sustained_table(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char lim[TEXT_NUM_MAX], opname[192];
	struct strbuf cap = {0};
	subst(&cap, rb_str(r, "table.sustained"), "limit",
	      text_num(r->nf, m->doc.rate_sweeps[0].p99_limit_ms,
		       limit_decimals(m->doc.rate_sweeps[0].p99_limit_ms), lim, sizeof(lim)),
	      NULL, NULL);
	struct doc_table *t = doc_table(r->d, "t-sustained", rb_text(r, &cap), 7);
	strbuf_free(&cap);
	const char *heads[] = {"col.subject", "col.op",   "col.worker_cap", "col.sustained_rate",
			       "col.limit",   "col.knee", "col.rates"};
	for (size_t i = 0; i < 7; i++)
		doc_table_head(t, i, rb_str(r, heads[i]), i == 0 ? 1.5 : 1);
	for (size_t i = 0; i < m->doc.n_rate_sweeps; i++) {
		const struct results_sweep *s = &m->doc.rate_sweeps[i];
		struct strbuf rates = {0};
		char v[TEXT_NUM_MAX];
		for (size_t k = 0; k < s->n_points; k++) {
			if (k)
				strbuf_adds(&rates, ", ");
			strbuf_adds(&rates, text_num(r->nf, s->points[k].offered, 0, v, sizeof(v)));
		}
		doc_table_row(t);
		sweep_label(r, t, s);
		doc_table_cell(t, 1, sweep_op(r, s, opname, sizeof(opname)), 0, NULL, NULL);
		workers_cell(r, t, 2, s->concurrency, s->clients);
		const struct results_claim *c = sweep_claim(m, "sustained", s);
		num_cell(r, t, 3, c ? results_claim_num(c, "max_sustained") : NAN, 0);
		if (c != NULL)
			doc_table_claim(t, 3, c->id, NULL);
		limit_cell(r, t, 4, c);
		num_cell(r, t, 5, s->throttle_knee,
			 s->throttle_knee == floor(s->throttle_knee) ? 0 : -1);
		doc_table_cell(t, 6, rb_text(r, &rates), 0, NULL, NULL);
		strbuf_free(&rates);
	}
	doc_table_foot(t, rb_str(r, "table.sustained_foot"));
}

/* One sweep's chart: p50 and p99 from the intended start, and the service p99 dashed,
 * against the offered rate, latency on a log axis. */
static struct scene *sweep_chart(struct report_builder *r, const struct results_sweep *s)
{
	const struct report_model *m = r->m;
	char opname[192];
	struct strbuf title = {0}, desc = {0}, subj = {0};
	sweep_op(r, s, opname, sizeof(opname));
	subst(&title, rb_str(r, "chart.rate"), "subject",
	      subject_text(r, s->subject, s->clients, &subj), "op", opname);
	strbuf_free(&subj);
	subst(&desc, rb_str(r, "chart.rate_desc"), "subject", m->subjects[s->subject].label, "op",
	      opname);
	struct xychart *c = chart_xy_new(rb_text(r, &title), rb_text(r, &desc));
	struct scene *sc = NULL;
	strbuf_free(&title);
	strbuf_free(&desc);
	if (c == NULL) {
		fail_oom(r);
		return NULL;
	}
	chart_xy_set_x(c, rb_str(r, "axis.offered"), XY_LINEAR, 0, NAN);
	chart_xy_set_y(c, rb_str(r, "axis.latency_ms_log"), NAN, NAN);
	chart_xy_set_y_scale(c, XY_LOG);
	chart_xy_set_note(c, rb_str(r, "chart.rate_note"));
	int p50 = chart_xy_add_series(c, rb_str(r, "series.p50_intended"), "#2a9d8f");
	int p99 = chart_xy_add_series(c, rb_str(r, "series.p99_intended"),
				      m->subjects[s->subject].color);
	int svc = chart_xy_add_series(c, rb_str(r, "series.p99_service"), "#8d99ae");
	for (size_t k = 0; k < s->n_points; k++) {
		const struct results_sweep_point *pt = &s->points[k];

		chart_xy_add_point(c, p50, pt->offered, pt->p50_intended_ms, 0);
		chart_xy_add_point(c, p99, pt->offered, pt->p99_intended_ms, 0);
		chart_xy_add_point(c, svc, pt->offered, pt->p99_ms, 1);
	}
	report_xy_describe(r, c, "desc.rate", "unit.ms", 0);
	sc = chart_xy_layout(c, r->f, r->nf, REPORT_WIDTH, r->e);
	chart_xy_free(c);
	if (sc == NULL)
		r->failed = 1;
	return sc;
}

/* A point's Sustained cell, its rate-step claim c worded: yes, no (the server's),
 * "client-limited (workers)", "not judged: the client sent late (579 of 600 on time)", or "–"
 * when there is no claim. */
static void sustained_cell(struct report_builder *r, struct doc_table *t, size_t i,
			   const struct results_claim *c)
{
	struct strbuf b = {0};
	char on[TEXT_NUM_MAX], of[TEXT_NUM_MAX];
	const char *v = c ? c->verdict : "";

	if (strcmp(v, "sustained") == 0 || strcmp(v, "not-sustained") == 0) {
		strbuf_adds(&b, rb_str(r, *v == 's' ? "word.yes" : "word.no"));
	} else if (strcmp(v, "client-limited") == 0) {
		client_limited(r->l, c, &b);
	} else if (strcmp(v, "not-judged") == 0 && results_claim_has_reason(c, "late-sends")) {
		subst(&b, rb_str(r, "rate.not_judged_late"), "on_time",
		      text_num(r->nf, results_claim_num(c, "on_time"), 0, on, sizeof(on)), "slots",
		      text_num(r->nf, results_claim_num(c, "slots"), 0, of, sizeof(of)));
	} else if (c != NULL) {
		strbuf_adds(&b, rb_str(r, "rate.not_judged"));
	} else {
		strbuf_adds(&b, "\u2013");
	}
	doc_table_cell(t, i, rb_text(r, &b), strcmp(v, "sustained") == 0 ? 0 : CELL_MUTED, NULL,
		       NULL);
	if (c != NULL)
		doc_table_claim(t, i, c->id, NULL);
	strbuf_free(&b);
}

/* share_cell: a throttled share as a percentage (two decimals under 10 %; NAN, a file
 * written before it was counted: "–"). */
static void share_cell(struct report_builder *r, struct doc_table *t, size_t i, double share)
{
	num_cell(r, t, i, share * 100, share < 0.1 ? 2 : 1);
}

/* One sweep's points as a table: the throttled share of the attempts (retried ones
 * included) beside that of the requests (their final answers). */
static void sweep_table(struct report_builder *r, const struct results_sweep *s, size_t k)
{
	char id[32];
	struct strbuf cap = {0}, subj = {0};
	snprintf(id, sizeof(id), "t-rate-%zu", k);
	subst(&cap, rb_str(r, "table.rate_points"), "subject",
	      subject_text(r, s->subject, s->clients, &subj), NULL, NULL);
	strbuf_free(&subj);
	struct doc_table *t = doc_table(r->d, id, rb_text(r, &cap), 8);
	strbuf_free(&cap);
	const char *heads[] = {"col.offered",       "col.achieved",         "col.sustained",
			       "col.p50_intended",  "col.p99_intended",     "col.p99_service",
			       "col.throttled_pct", "col.throttled_req_pct"};
	for (size_t i = 0; i < 8; i++)
		doc_table_head(t, i, rb_str(r, heads[i]), 1);
	for (size_t i = 0; i < s->n_points; i++) {
		const struct results_sweep_point *p = &s->points[i];
		doc_table_row(t);
		num_cell(r, t, 0, p->offered, 0);
		const struct results_cell key = point_key(s, p->offered);
		char a[TEXT_NUM_MAX];
		report_flag_cell(r, t, 1, text_num(r->nf, p->achieved, -1, a, sizeof(a)),
				 CELL_NUM | (isnan(p->achieved) ? CELL_MUTED : 0), NULL, s->subject,
				 &key, 1);
		sustained_cell(r, t, 2, step_claim(r->m, s, p));
		num_cell(r, t, 3, p->p50_intended_ms, -1);
		num_cell(r, t, 4, p->p99_intended_ms, -1);
		num_cell(r, t, 5, p->p99_ms, -1);
		share_cell(r, t, 6, p->throttled_attempt_share);
		share_cell(r, t, 7, p->throttled_share);
	}
	doc_table_foot(t, rb_str(r, "table.rate_points_foot"));
}

static void rates(struct report_builder *r)
{
	const struct results *d = &r->m->doc;
	struct strbuf b = {0}, ids = {0};
	if (!d->n_rate_sweeps)
		return;
	doc_heading(r->d, 1, "rate", rb_str(r, "section.rate"));
	report_prose(r, "rate.txt");
	report_workload_sustained(r->m, r->l, &b, &ids);
	if (b.len || b.failed)
		doc_para_claim(r->d, rb_text(r, &b), ids.failed ? NULL : ids.p);
	strbuf_free(&b);
	strbuf_free(&ids);
	sustained_table(r);
	for (size_t i = 0; i < d->n_rate_sweeps && !r->failed; i++) {
		struct scene *sc = sweep_chart(r, &d->rate_sweeps[i]);
		if (sc)
			doc_charts(r->d, &sc, 1, 1);
		sweep_table(r, &d->rate_sweeps[i], i);
	}
}

void report_workloads(struct report_builder *r)
{
	if (!r->m->doc.n_workload_cells && !r->m->doc.n_rate_sweeps)
		return;
	workloads(r);
	rates(r);
}

void report_workload_limitations(struct report_builder *r)
{
	if (r->m->doc.n_rate_sweeps)
		doc_para(r->d, rb_str(r, "limits.rate"), 0);
}

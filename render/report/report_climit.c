/* render/report/report_climit.c: the report's client limits and request phases (render/report/report_int.h):
 * the mark and legend of client-limited cells beside the throughput tables, the "Where the
 * time goes" section, the appendix's client resources per run, the Limitations paragraph.
 * Wording in templates/LANG/strings.txt (climit.*, phases.*); docs/METHODOLOGY.md, "Was
 * the client the limit?" and "Where the time goes". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/climit.h"
#include "core/palette.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

#define MARK " \u2021" /* the double dagger after a client-limited cell's figure */

/* limited: 1 when the cell (NULL: none) is client-limited. */
static int limited(const struct results_cell *c)
{
	return c != NULL && c->client_limit.verdict == RESULTS_LIMITED;
}

void report_climit_mark(struct report_builder *r, const struct results_cell *c, char *buf, size_t n)
{
	size_t len = strlen(buf);

	(void)r;
	if (limited(c) && len + sizeof(MARK) < n)
		memcpy(buf + len, MARK, sizeof(MARK));
}

const char *report_climit_label(struct report_builder *r, int s, const char *op, uint64_t size,
				char *buf, size_t n)
{
	const struct report_model *m = r->m;

	snprintf(buf, n, "%s", m->subjects[s].label);
	for (size_t k = 0; k < m->nconc; k++) {
		const struct results_cell *c = model_cell(m, s, op, size, m->concurrency[k]);

		if (limited(c)) {
			report_climit_mark(r, c, buf, n);
			break;
		}
	}
	return buf;
}

/* any_limited: 1 when some matrix cell is client-limited. */
static int any_limited(const struct report_model *m)
{
	for (size_t i = 0; i < m->doc.n_cells; i++)
		if (limited(&m->doc.cells[i]))
			return 1;
	return 0;
}

/* reason_text: "client CPU 97 %" / "client NIC 95 % of its speed" / "too few workers for
 * the rate" for the first reason of k. */
static void reason_text(struct report_builder *r, const struct results_cell_climit *k,
			struct strbuf *b)
{
	char x[TEXT_NUM_MAX];

	if (k->reasons & (CLIMIT_R_CPU | CLIMIT_R_SHARED_CPU)) {
		subst(b, rb_str(r, "climit.why_cpu"), "pct",
		      text_num(r->nf, k->cpu_busy_pct_max, 0, x, sizeof(x)), NULL, NULL);
	} else if (k->reasons & CLIMIT_R_NIC) {
		subst(b, rb_str(r, "climit.why_nic"), "pct",
		      text_num(r->nf, k->nic_pct_max, 0, x, sizeof(x)), NULL, NULL);
	} else {
		strbuf_adds(b, rb_str(r, "climit.why_workers"));
	}
}

/* legend_line: the sentence of subject s's limited cell k in (op, size, conc). */
static void legend_line(struct report_builder *r, const char *opname, uint64_t size, int conc,
			int s, int lead, const struct results_cell_climit *k, struct strbuf *out)
{
	const struct report_model *m = r->m;
	struct strbuf why = {0}, line = {0};
	char sz[32], w[16];
	const char *tpl;

	reason_text(r, k, &why);
	if (k->reasons == CLIMIT_R_SHARED_CPU)
		tpl = "climit.line_shared";
	else if (s == lead)
		tpl = "climit.line_leader";
	else
		tpl = "climit.line_other";
	model_size_text(m, r->nf, size, sz, sizeof(sz));
	snprintf(w, sizeof(w), "%d", conc);
	subst(&line, rb_str(r, "climit.line_head"), "op", opname, "size", sz);
	strbuf_adds(out, rb_text(r, &line));
	strbuf_free(&line);
	subst(&line, rb_str(r, "climit.line_workers"), "workers", w, NULL, NULL);
	strbuf_adds(out, rb_text(r, &line));
	strbuf_free(&line);
	subst(&line, rb_str(r, tpl), "subject", m->subjects[s].label, "why", rb_text(r, &why));
	strbuf_adds(out, rb_text(r, &line));
	strbuf_free(&line);
	strbuf_free(&why);
}

void report_climit_legend(struct report_builder *r, const char *op, const char *opname, int conc)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0};
	int any = 0;

	if (!any_limited(m))
		return;
	for (size_t z = 0; z < m->nsizes; z++)
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_cell *c = model_cell(m, (int)s, op, m->sizes[z], conc);
			const struct results_leader *d = model_leader(m, op, m->sizes[z], conc);
			int lead = d != NULL ? d->subject : -1;

			if (!limited(c))
				continue;
			if (!any)
				strbuf_adds(&b, rb_str(r, "climit.legend"));
			any = 1;
			strbuf_adds(&b, " ");
			legend_line(r, opname, m->sizes[z], conc, (int)s, lead, &c->client_limit,
				    &b);
		}
	if (any)
		doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&b);
}

/* ---- Where the time goes ------------------------------------------------------ */

/* The parts of a request, in run.json's order (dns connect tls send wait transfer). */
static const char *const phase_keys[6] = {"phases.dns",  "phases.connect", "phases.tls",
					  "phases.send", "phases.wait",    "phases.transfer"};

/* One subject × op × size: the mean over its included runs of each phase's mean. */
struct tgroup {
	int subject;
	char op[16];
	uint64_t size;
	double ph[6], rtt, total;
	int n, nrtt;
};

static size_t time_groups(const struct report_model *m, struct tgroup *g, size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; i < m->doc.n_runs; i++) {
		const struct results_run *x = &m->doc.runs[i];
		const struct results_phases *ph = x->request_phases;
		int s = x->subject;
		size_t k;

		if (ph == NULL || !x->included)
			continue;
		for (k = 0; k < n; k++)
			if (g[k].subject == s && g[k].size == x->size &&
			    strcmp(g[k].op, x->op) == 0)
				break;
		if (k == n) {
			if (n == cap)
				continue;
			memset(&g[n], 0, sizeof(g[n]));
			g[n].subject = s;
			g[n].size = x->size;
			snprintf(g[n].op, sizeof(g[n].op), "%s", x->op);
			n++;
		}
		for (int p = 0; p < 6; p++)
			g[k].ph[p] += isfinite(ph->mean_ms[p]) ? ph->mean_ms[p] : 0;
		if (isfinite(ph->rtt_ms)) {
			g[k].rtt += ph->rtt_ms;
			g[k].nrtt++;
		}
		g[k].n++;
	}
	for (size_t k = 0; k < n; k++) {
		g[k].total = 0;
		for (int p = 0; p < 6; p++) {
			g[k].ph[p] /= g[k].n;
			g[k].total += g[k].ph[p];
		}
		g[k].rtt = g[k].nrtt ? g[k].rtt / g[k].nrtt : NAN;
	}
	return n;
}

/* dominant: the sentence for group g when one part is at least half of the request. */
static void dominant(struct report_builder *r, const struct tgroup *g, struct strbuf *out)
{
	const struct report_model *m = r->m;
	char opn[32], sz[32], pct[TEXT_NUM_MAX], srv[TEXT_NUM_MAX];
	struct strbuf b = {0};
	double share = g->total > 0 && isfinite(g->rtt) ? g->rtt / g->total : 0;

	report_op_name(r->l, g->op, opn, sizeof(opn));
	model_size_text(m, r->nf, g->size, sz, sizeof(sz));
	if (share >= 0.5) {
		double server = g->ph[4] - g->rtt;
		text_num(r->nf, 100 * (share > 1 ? 1 : share), 0, pct, sizeof(pct));
		text_num(r->nf, server > 0 ? server : 0, 1, srv, sizeof(srv));
		subst(&b, rb_str(r, "phases.rtt_dominates"), "size", sz, "op", opn);
		strbuf_adds(out, " ");
		struct strbuf c = {0};
		subst(&c, rb_text(r, &b), "subject", m->subjects[g->subject].label, "pct", pct);
		struct strbuf d = {0};
		subst(&d, rb_text(r, &c), "server", srv, NULL, NULL);
		strbuf_adds(out, rb_text(r, &d));
		strbuf_free(&c);
		strbuf_free(&d);
	} else {
		int top = 0;
		for (int p = 1; p < 6; p++)
			if (g->ph[p] > g->ph[top])
				top = p;
		if (g->total <= 0 || g->ph[top] / g->total < 0.5)
			return;
		text_num(r->nf, 100 * g->ph[top] / g->total, 0, pct, sizeof(pct));
		subst(&b, rb_str(r, "phases.part_dominates"), "size", sz, "op", opn);
		struct strbuf c = {0}, d = {0};
		subst(&c, rb_text(r, &b), "subject", m->subjects[g->subject].label, "pct", pct);
		subst(&d, rb_text(r, &c), "part", rb_str(r, phase_keys[top]), NULL, NULL);
		strbuf_adds(out, " ");
		strbuf_adds(out, rb_text(r, &d));
		strbuf_free(&c);
		strbuf_free(&d);
	}
	strbuf_free(&b);
}

/* time_bar: group g's bar in panel p: its six parts, the total and the round trip after it. */
static void time_bar(struct report_builder *r, struct chart *c, int p, const struct tgroup *g)
{
	char tot[TEXT_NUM_MAX], rtt[TEXT_NUM_MAX], n[24];
	struct strbuf b = {0};

	text_num(r->nf, g->total, -1, tot, sizeof(tot));
	text_num(r->nf, g->rtt, -1, rtt, sizeof(rtt));
	subst(&b, rb_str(r, isfinite(g->rtt) ? "phases.bar_text" : "phases.bar_text_nortt"),
	      "total", tot, "rtt", rtt);
	chart_add_stack(c, p, r->m->subjects[g->subject].label, g->ph, 6, rb_text(r, &b));
	snprintf(n, sizeof(n), "%d", g->n);
	chart_set_row_n(c, p, n);
	strbuf_free(&b);
}

/* time_chart: the stacked bars of the n groups: a panel per op and size (in the order they
 * first appear), a bar per subject (in the subjects' order), the parts in the Okabe-Ito
 * palette (core/palette.h). */
static void time_chart(struct report_builder *r, const struct tgroup *g, size_t n)
{
	const struct report_model *m = r->m;
	struct chart *c = chart_new(CHART_STACK, rb_str(r, "chart.time"),
				    rb_str(r, "chart.time_desc"));
	struct scene *sc = NULL;

	if (c != NULL) {
		chart_set_axis(c, "ms", " ms", "");
		for (int k = 0; k < 6; k++)
			chart_add_series(c, rb_str(r, phase_keys[k]), palette_color((size_t)k));
	}
	for (size_t i = 0; c != NULL && i < n; i++) {
		char opn[32], sz[32], title[80];
		size_t j = 0;

		while (j < i && (g[j].size != g[i].size || strcmp(g[j].op, g[i].op) != 0))
			j++;
		if (j < i) /* this op and size has its panel already */
			continue;
		report_op_name(r->l, g[i].op, opn, sizeof(opn));
		model_size_text(m, r->nf, g[i].size, sz, sizeof(sz));
		snprintf(title, sizeof(title), "%s %s", opn, sz);
		int p = chart_add_panel(c, title);
		for (size_t s = 0; s < m->nsubjects; s++)
			for (size_t k = i; k < n; k++)
				if (g[k].subject == (int)s && g[k].size == g[i].size &&
				    strcmp(g[k].op, g[i].op) == 0)
					time_bar(r, c, p, &g[k]);
	}
	report_add_scene(r, c, REPORT_WIDTH, &sc);
	doc_charts(r->d, &sc, 1, 1);
}

void report_climit_time(struct report_builder *r)
{
	const struct report_model *m = r->m;
	static const char *const cols[] = {"phases.setup",    "phases.send",  "phases.wait",
					   "phases.transfer", "phases.total", "phases.rtt"};
	struct tgroup g[64];
	struct strbuf says = {0};
	size_t n;

	for (n = 0; n < m->doc.n_runs && m->doc.runs[n].request_phases == NULL; n++)
		;
	if (n == m->doc.n_runs)
		return;
	n = time_groups(m, g, sizeof(g) / sizeof(g[0]));
	if (n == 0)
		return;
	doc_heading(r->d, 1, "time", rb_str(r, "section.time"));
	doc_para(r->d, rb_str(r, "phases.intro"), 0);
	time_chart(r, g, n);
	struct doc_table *t = doc_table(r->d, "t-time", rb_str(r, "table.time"), 8);
	doc_table_head(t, 0, rb_str(r, "col.subject"), 1.2);
	doc_table_head(t, 1, rb_str(r, "col.op"), 1);
	for (int c = 0; c < 6; c++)
		doc_table_head(t, (size_t)c + 2, rb_str(r, cols[c]), 1);
	for (size_t k = 0; k < n; k++) {
		char opn[32], sz[32], line[64], v[6][TEXT_NUM_MAX];
		double vals[6] = {g[k].ph[0] + g[k].ph[1] + g[k].ph[2],
				  g[k].ph[3],
				  g[k].ph[4],
				  g[k].ph[5],
				  g[k].total,
				  g[k].rtt};

		doc_table_row(t);
		doc_table_cell(t, 0, m->subjects[g[k].subject].label, CELL_ROWHEAD, NULL, NULL);
		report_op_name(r->l, g[k].op, opn, sizeof(opn));
		model_size_text(m, r->nf, g[k].size, sz, sizeof(sz));
		snprintf(line, sizeof(line), "%s %s", opn, sz);
		doc_table_cell(t, 1, line, 0, NULL, NULL);
		for (int c = 0; c < 6; c++)
			doc_table_cell(t, (size_t)c + 2,
				       text_num(r->nf, vals[c], 3, v[c], sizeof(v[c])),
				       CELL_NUM | (isfinite(vals[c]) ? 0 : CELL_MUTED), NULL, NULL);
		dominant(r, &g[k], &says);
	}
	doc_table_foot(t, rb_str(r, "table.time_foot"));
	if (says.len)
		doc_para(r->d, rb_text(r, &says) + 1, 0);
	strbuf_free(&says);
}

/* ---- appendix and limitations ---------------------------------------------------- */

/* any_measured: 1 when some matrix cell has a client-limit verdict. */
static int any_measured(const struct report_model *m)
{
	for (size_t i = 0; i < m->doc.n_cells; i++)
		if (m->doc.cells[i].client_limit.verdict != RESULTS_NOT_MEASURED)
			return 1;
	return 0;
}

/* client_row: a measured run's resources into t. */
static void client_row(struct report_builder *r, struct doc_table *t, const struct results_run *x)
{
	const struct results_run_client *cl = x->client;
	double v[4] = {cl ? cl->cpu_busy_pct.v : NAN, cl ? cl->collector_cpu_pct.v : NAN,
		       cl ? cl->other_cpu_pct.v : NAN, cl ? cl->tcp_retrans_pct.v : NAN};
	double speed = cl ? cl->nic_speed_mbit.v : NAN;
	char buf[TEXT_NUM_MAX * 3 + 16], a[TEXT_NUM_MAX], b[TEXT_NUM_MAX], why[64];

	doc_table_row(t);
	doc_table_cell(t, 0, model_str(x->path), CELL_ROWHEAD, NULL, NULL);
	for (int c = 0; c < 3; c++)
		doc_table_cell(t, (size_t)c + 1, text_num(r->nf, v[c], 0, a, sizeof(a)), CELL_NUM,
			       NULL, NULL);
	snprintf(buf, sizeof(buf), "%s / %s",
		 text_num(r->nf, cl ? cl->nic_tx_mbit_s.v : NAN, 0, a, sizeof(a)),
		 text_num(r->nf, cl ? cl->nic_rx_mbit_s.v : NAN, 0, b, sizeof(b)));
	if (isfinite(speed)) {
		size_t l = strlen(buf);
		snprintf(buf + l, sizeof(buf) - l, " (%s)",
			 text_num(r->nf, speed, 0, a, sizeof(a)));
	}
	doc_table_cell(t, 4, buf, CELL_NUM, NULL, NULL);
	doc_table_cell(t, 5, text_num(r->nf, v[3], 2, a, sizeof(a)), CELL_NUM, NULL, NULL);
	if (x->client_limit->limited)
		doc_table_cell(t, 6, model_reasons(x->client_limit->reasons, why, sizeof(why)), 0,
			       NULL, NULL);
	else
		doc_table_cell(t, 6, rb_str(r, "climit.not_limited"), CELL_MUTED, NULL, NULL);
}

void report_climit_appendix(struct report_builder *r)
{
	const struct report_model *m = r->m;
	static const char *const cols[] = {
		"col.run",        "climit.col_cpu",     "climit.col_collector", "climit.col_other",
		"climit.col_nic", "climit.col_retrans", "climit.col_verdict"};
	struct strbuf foot = {0};
	size_t unmeasured = 0;

	if (m->doc.n_runs == 0)
		return;
	doc_heading(r->d, 2, "client-resources", rb_str(r, "section.client_resources"));
	if (!any_measured(m)) {
		doc_para(r->d, rb_str(r, "climit.none_measured"), 0);
		return;
	}
	struct doc_table *t = doc_table(r->d, "t-client", rb_str(r, "table.client"), 7);
	for (int c = 0; c < 7; c++)
		doc_table_head(t, (size_t)c, rb_str(r, cols[c]), c == 0 ? 2.6 : 1);
	for (size_t i = 0; i < m->doc.n_runs; i++) {
		const struct results_run *x = &m->doc.runs[i];

		unmeasured += x->client_limit == NULL;
		if (x->client_limit != NULL && (x->client != NULL || x->request_phases != NULL))
			client_row(r, t, x);
	}
	strbuf_adds(&foot, rb_str(r, "table.client_foot"));
	if (unmeasured > 0) {
		char n[24];
		struct strbuf u = {0};
		snprintf(n, sizeof(n), "%zu", unmeasured);
		subst(&u, rb_str(r, "climit.unmeasured"), "n", n, NULL, NULL);
		strbuf_adds(&foot, " ");
		strbuf_adds(&foot, rb_text(r, &u));
		strbuf_free(&u);
	}
	doc_table_foot(t, rb_text(r, &foot));
	strbuf_free(&foot);
}

void report_climit_limitations(struct report_builder *r)
{
	doc_para(r->d, rb_str(r, "climit.limitations"), 0);
}

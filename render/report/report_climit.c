/* render/report/report_climit.c: the report's client limits (render/report/report_int.h): the
 * mark and legend of client-limited cells beside the throughput tables, the appendix's client
 * resources per run, the Limitations paragraph. Wording in templates/LANG/strings.txt
 * (climit.*); docs/METHODOLOGY.md, "Was the client the limit?". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/climit.h"
#include "render/model/model_claims.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

#define MARK " \u2021" /* the double dagger after a client-limited cell's figure */

/* limited: the cell's client-limit claim (a matrix cell; NULL: none, or c NULL). */
static const struct results_claim *limited(const struct report_model *m,
					   const struct results_cell *c)
{
	return model_claim_cell(m, "client-limit", c);
}

const struct results_claim *report_climit_mark(struct report_builder *r,
					       const struct results_cell *c, char *buf, size_t n)
{
	const struct results_claim *k = limited(r->m, c);
	size_t len = strlen(buf);

	if (k != NULL && len + sizeof(MARK) < n)
		memcpy(buf + len, MARK, sizeof(MARK));
	return k;
}

const char *report_climit_label(struct report_builder *r, int s, const char *op, uint64_t size,
				char *buf, size_t n, struct strbuf *ids)
{
	const struct report_model *m = r->m;
	int marked = 0;

	snprintf(buf, n, "%s", m->subjects[s].label);
	for (size_t k = 0; k < m->nconc; k++) {
		const struct results_cell *c = model_cell(m, s, op, size, m->concurrency[k]);
		const struct results_claim *kc = limited(m, c);

		if (kc == NULL)
			continue;
		if (!marked)
			report_climit_mark(r, c, buf, n);
		marked = 1;
		report_ids_add(ids, kc->id);
	}
	return buf;
}

/* any_limited: 1 when some matrix cell is client-limited. */
static int any_limited(const struct report_model *m)
{
	for (size_t i = 0; i < m->doc.n_cells; i++)
		if (limited(m, &m->doc.cells[i]))
			return 1;
	return 0;
}

/* reason_text: "client CPU 97 %" / "client NIC 95 % of its speed" / "too few workers for
 * the rate" for the first reason of the client-limit claim k. */
static void reason_text(struct report_builder *r, const struct results_claim *k, struct strbuf *b)
{
	char x[TEXT_NUM_MAX];

	if (results_claim_has_reason(k, "cpu") || results_claim_has_reason(k, "shared-cpu")) {
		subst(b, rb_str(r, "climit.why_cpu"), "pct",
		      text_num(r->nf, results_claim_num(k, "cpu_busy_max"), 0, x, sizeof(x)), NULL,
		      NULL);
	} else if (results_claim_has_reason(k, "nic")) {
		subst(b, rb_str(r, "climit.why_nic"), "pct",
		      text_num(r->nf, results_claim_num(k, "nic_pct_max"), 0, x, sizeof(x)), NULL,
		      NULL);
	} else {
		strbuf_adds(b, rb_str(r, "climit.why_workers"));
	}
}

/* legend_line: the sentence of subject s's client-limit claim k in (op, size, conc), worded
 * with the category's lead claim lc (NULL: none): a caveat (shared CPU), a lead that stands
 * (the claim is about s and not blocked) or no clear leader. */
static void legend_line(struct report_builder *r, const char *opname, uint64_t size, int conc,
			int s, const struct results_claim *lc, const struct results_claim *k,
			struct strbuf *out)
{
	const struct report_model *m = r->m;
	struct strbuf why = {0}, line = {0};
	char sz[32], w[16];
	const char *tpl;

	reason_text(r, k, &why);
	if (strcmp(k->verdict, "caveat") == 0)
		tpl = "climit.line_shared";
	else if (lc != NULL && lc->subject == s && strcmp(lc->verdict, "blocked") != 0)
		tpl = "climit.line_leader";
	else
		tpl = "climit.line_other";
	model_size_text(m, r->nf, size, sz, sizeof(sz));
	snprintf(w, sizeof(w), "%d", conc);
	subst(&line, rb_str(r, "climit.line_head"), "op", opname, "size", sz);
	strbuf_adds(out, rb_text(r, &line));
	strbuf_free(&line);
	subst(&line, rb_str(r, conc == 1 ? "climit.line_workers1" : "climit.line_workers"),
	      "workers", w, NULL, NULL);
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
	struct strbuf b = {0}, ids = {0};
	int any = 0;

	if (!any_limited(m))
		return;
	for (size_t z = 0; z < m->nsizes; z++)
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_cell *c = model_cell(m, (int)s, op, m->sizes[z], conc);
			const struct results_claim *k = limited(m, c);
			const struct results_claim *lc = model_claim_lead(m, op, m->sizes[z], conc);

			if (k == NULL)
				continue;
			if (!any)
				strbuf_adds(&b, rb_str(r, "climit.legend"));
			any = 1;
			strbuf_adds(&b, " ");
			legend_line(r, opname, m->sizes[z], conc, (int)s, lc, k, &b);
			report_ids_add(&ids, k->id);
			if (lc != NULL)
				report_ids_add(&ids, lc->id);
		}
	if (any)
		doc_para_claim(r->d, rb_text(r, &b), ids.failed ? NULL : ids.p);
	strbuf_free(&b);
	strbuf_free(&ids);
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
	if (x->client_limit->limited) {
		const struct results_claim *k = model_claim_run(r->m, "client-limit", x);

		doc_table_cell(t, 6, model_reasons(x->client_limit->reasons, why, sizeof(why)), 0,
			       NULL, NULL);
		if (k != NULL)
			doc_table_claim(t, 6, k->id, NULL);
	} else
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

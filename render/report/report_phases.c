/* render/report/report_phases.c: the "Where the time goes" section (render/report/report_int.h):
 * the time-share claims (aggregate.json claims[], one per cell and one-off row, so per
 * concurrency) drawn as stacked bars, a panel per op, size, workers and workload, a bar per
 * subject, and listed in a table, each bar and row marked with its claim; at most
 * REPORT_PHASES_MAX of them, and a sentence saying how many more the report leaves out; where
 * a shown claim has the split of a server log's join (srv_* figures), a second table of the
 * server's time, its turn-around and transfer, and the rest; then the sentences of the claims
 * that find one part dominant and of those with a split. Wording in
 * templates/LANG/strings.txt (phases.*); docs/METHODOLOGY.md, "Where the time goes". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/palette.h"
#include "render/model/model_clients.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

/* The parts of a request, in run.json's order, and their figures in a time-share claim. */
static const char *const phase_keys[6] = {"phases.dns",  "phases.connect", "phases.tls",
					  "phases.send", "phases.wait",    "phases.transfer"};
static const char *const phase_ms[6] = {"dns_ms",  "connect_ms", "tls_ms",
					"send_ms", "wait_ms",    "transfer_ms"};

/* is_share: 1 when claim c is a time-share claim of a cell or one-off row. */
static int is_share(const struct report_model *m, const struct results_claim *c)
{
	return strcmp(c->kind, "time-share") == 0 && c->op != NULL && c->subject >= 0 &&
	       (size_t)c->subject < m->nsubjects;
}

/* extra: the EXTRA of claim c's id (its workload: "r100", "mix", ...; "" for none) into buf:
 * what follows KIND/OP/SIZE/cC/SUBJECT as results_claim_id spells it. */
static const char *extra(const struct report_model *m, const struct results_claim *c, char *buf,
			 size_t n)
{
	char head[RESULTS_CLAIM_ID_MAX];
	size_t len;

	results_claim_id(head, sizeof(head), c->kind, NULL, c->op, c->size, c->concurrency,
			 m->subjects[c->subject].id, NULL);
	len = strlen(head);
	snprintf(buf, n, "%s",
		 strncmp(c->id, head, len) == 0 && c->id[len] == '/' ? c->id + len + 1 : "");
	return buf;
}

/* same_panel: 1 when claims a and b are about one op, size, concurrency and workload. */
static int same_panel(const struct report_model *m, const struct results_claim *a,
		      const struct results_claim *b)
{
	char x[RESULTS_CLAIM_ID_MAX], y[RESULTS_CLAIM_ID_MAX];

	return strcmp(a->op, b->op) == 0 && a->size == b->size &&
	       a->concurrency == b->concurrency &&
	       strcmp(extra(m, a, x, sizeof(x)), extra(m, b, y, sizeof(y))) == 0;
}

/* panel_title: "GET 1 MiB, 8 workers" ("..., 1 worker") (with the workload's EXTRA after it) of claim c into b. */
static void panel_title(struct report_builder *r, const struct results_claim *c, struct strbuf *b)
{
	char opn[32], sz[32], w[64], ex[RESULTS_CLAIM_ID_MAX];
	int hosts, clients = model_clients_at(r->m, c->op, c->concurrency, &hosts);
	const char *names[] = {"op", "size", "workers"};
	const char *vals[] = {report_op_name(r->l, c->op, opn, sizeof(opn)),
			      model_size_text(r->m, r->nf, (uint64_t)c->size, sz, sizeof(sz)),
			      report_workers_cell(r->l, c->concurrency, clients, w, sizeof(w))};

	text_subst(b, rb_str(r, strcmp(w, "1") == 0 ? "phases.panel1" : "phases.panel"), names,
		   vals, 3);
	if (*extra(r->m, c, ex, sizeof(ex)))
		strbuf_addf(b, " (%s)", ex);
}

/* The claims shown: the first `max` time-share claims in claims[] order into v (room for max);
 * their number, and how many more there are in *left. */
static size_t shown(const struct report_model *m, const struct results_claim **v, size_t max,
		    size_t *left)
{
	size_t n = 0;

	*left = 0;
	for (size_t i = 0; i < m->doc.n_claims; i++) {
		if (!is_share(m, &m->doc.claims[i]))
			continue;
		if (n < max)
			v[n++] = &m->doc.claims[i];
		else
			(*left)++;
	}
	return n;
}

/* bar: claim c's bar in panel p: its six parts, the total and the round trip after it, marked
 * with its id. */
static void bar(struct report_builder *r, struct chart *ch, int p, const struct results_claim *c)
{
	char tot[TEXT_NUM_MAX], rtt[TEXT_NUM_MAX], n[24];
	double parts[6], rt = results_claim_num(c, "rtt_ms");
	struct strbuf b = {0};

	for (int k = 0; k < 6; k++)
		parts[k] = results_claim_num(c, phase_ms[k]);
	text_num(r->nf, results_claim_num(c, "total_ms"), -1, tot, sizeof(tot));
	text_num(r->nf, rt, -1, rtt, sizeof(rtt));
	subst(&b, rb_str(r, isfinite(rt) ? "phases.bar_text" : "phases.bar_text_nortt"), "total",
	      tot, "rtt", rtt);
	chart_add_stack(ch, p, r->m->subjects[c->subject].label, parts, 6, rb_text(r, &b));
	snprintf(n, sizeof(n), "%.0f", results_claim_num(c, "runs"));
	chart_set_row_n(ch, p, n);
	chart_set_row_claim(ch, p, c->id);
	strbuf_free(&b);
}

/* chart: the stacked bars of the n claims v: a panel per op, size, workers and workload (in the
 * order they first appear), a bar per subject (in the subjects' order), the parts in the
 * Okabe-Ito palette (core/palette.h). */
static void chart(struct report_builder *r, const struct results_claim *const *v, size_t n)
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
		struct strbuf title = {0};
		size_t j = 0;

		while (j < i && !same_panel(m, v[j], v[i]))
			j++;
		if (j < i) /* this panel is drawn already */
			continue;
		panel_title(r, v[i], &title);
		int p = chart_add_panel(c, rb_text(r, &title));
		strbuf_free(&title);
		for (size_t s = 0; s < m->nsubjects; s++)
			for (size_t k = i; k < n; k++)
				if (v[k]->subject == (int)s && same_panel(m, v[k], v[i]))
					bar(r, c, p, v[k]);
	}
	report_add_scene(r, c, REPORT_WIDTH, &sc);
	report_scene_about(r, sc, "time");
	doc_charts(r->d, &sc, 1, 1);
}

/* row_head: a new row of table t for claim c: its subject (marked with the claim), op and size
 * (with the workload's EXTRA), workers. */
static void row_head(struct report_builder *r, struct doc_table *t, const struct results_claim *c)
{
	char opn[32], sz[32], w[64], ex[RESULTS_CLAIM_ID_MAX];
	struct strbuf line = {0};
	int hosts, clients = model_clients_at(r->m, c->op, c->concurrency, &hosts);

	doc_table_row(t);
	doc_table_cell(t, 0, r->m->subjects[c->subject].label, CELL_ROWHEAD, NULL, NULL);
	doc_table_claim(t, 0, c->id, NULL);
	strbuf_addf(&line, "%s %s", report_op_name(r->l, c->op, opn, sizeof(opn)),
		    model_size_text(r->m, r->nf, (uint64_t)c->size, sz, sizeof(sz)));
	if (*extra(r->m, c, ex, sizeof(ex)))
		strbuf_addf(&line, " (%s)", ex);
	doc_table_cell(t, 1, rb_text(r, &line), 0, NULL, NULL);
	strbuf_free(&line);
	doc_table_cell(t, 2, report_workers_cell(r->l, c->concurrency, clients, w, sizeof(w)),
		       CELL_NUM, NULL, NULL);
}

/* table: the n claims v, a row each (subject, op and size, workers, set-up, send, wait,
 * transfer, total, round trip in ms), the row marked with its claim. */
static void table(struct report_builder *r, const struct results_claim *const *v, size_t n)
{
	static const char *const cols[] = {"phases.setup",    "phases.send",  "phases.wait",
					   "phases.transfer", "phases.total", "phases.rtt"};
	struct doc_table *t = doc_table(r->d, "t-time", rb_str(r, "table.time"), 9);

	doc_table_head(t, 0, rb_str(r, "col.subject"), 1.2);
	doc_table_head(t, 1, rb_str(r, "col.op"), 1);
	doc_table_head(t, 2, rb_str(r, "col.workers_short"), 0.6);
	for (int c = 0; c < 6; c++)
		doc_table_head(t, (size_t)c + 3, rb_str(r, cols[c]), 1);
	for (size_t k = 0; k < n; k++) {
		const struct results_claim *c = v[k];
		char v6[6][TEXT_NUM_MAX];
		double x[6] = {results_claim_num(c, "dns_ms") + results_claim_num(c, "connect_ms") +
				       results_claim_num(c, "tls_ms"),
			       results_claim_num(c, "send_ms"),
			       results_claim_num(c, "wait_ms"),
			       results_claim_num(c, "transfer_ms"),
			       results_claim_num(c, "total_ms"),
			       results_claim_num(c, "rtt_ms")};

		row_head(r, t, c);
		for (int i = 0; i < 6; i++)
			doc_table_cell(t, (size_t)i + 3,
				       text_num(r->nf, x[i], 3, v6[i], sizeof(v6[i])),
				       CELL_NUM | (isfinite(x[i]) ? 0 : CELL_MUTED), NULL, NULL);
	}
	doc_table_foot(t, rb_str(r, "table.time_foot"));
}

/* has_split: 1 when claim c has the split of a server log's join (its srv_* figures). */
static int has_split(const struct results_claim *c)
{
	return results_claim_num(c, "srv_joined") > 0;
}

/* table_split: the claims of v (n) with a split, a row each (subject, op and size, workers,
 * joined share, the server's total, its turn-around and transfer, the rest, the joined
 * requests' latency), the row marked with its claim; nothing when none has one. */
static void table_split(struct report_builder *r, const struct results_claim *const *v, size_t n)
{
	static const char *const cols[] = {"col.joined",      "phases.srv_total",
					   "phases.srv_turn", "phases.srv_xfer",
					   "phases.srv_rest", "phases.srv_latency"};
	static const char *const figs[] = {"srv_share",   "srv_total_ms", "srv_turn_ms",
					   "srv_xfer_ms", "srv_rest_ms",  "srv_latency_ms"};
	struct doc_table *t = NULL;

	for (size_t k = 0; k < n; k++) {
		const struct results_claim *c = v[k];
		char num[TEXT_NUM_MAX];

		if (!has_split(c))
			continue;
		if (t == NULL) {
			t = doc_table(r->d, "t-time-server", rb_str(r, "table.time_server"), 9);
			doc_table_head(t, 0, rb_str(r, "col.subject"), 1.2);
			doc_table_head(t, 1, rb_str(r, "col.op"), 1);
			doc_table_head(t, 2, rb_str(r, "col.workers_short"), 0.6);
			for (int i = 0; i < 6; i++)
				doc_table_head(t, (size_t)i + 3, rb_str(r, cols[i]), 1);
		}
		row_head(r, t, c);
		for (int i = 0; i < 6; i++) {
			double x = results_claim_num(c, figs[i]) * (i == 0 ? 100 : 1);

			doc_table_cell(t, (size_t)i + 3,
				       text_num(r->nf, x, i == 0 ? 1 : 3, num, sizeof(num)),
				       CELL_NUM | (isfinite(x) ? 0 : CELL_MUTED), NULL, NULL);
		}
	}
	if (t != NULL)
		doc_table_foot(t, rb_str(r, "table.time_server_foot"));
}

/* split_says: claim c's split (has_split) worded (phases.server_split) into out. */
static void split_says(struct report_builder *r, const struct results_claim *c, const char *workers,
		       struct strbuf *out)
{
	static const char *const figs[] = {"srv_total_ms", "srv_rest_ms", "srv_latency_ms"};
	const char *names[] = {"size",   "op",   "workers", "subject",
			       "server", "rest", "latency", "pct"};
	char opn[32], sz[32], v[4][TEXT_NUM_MAX];
	const char *vals[] = {model_size_text(r->m, r->nf, (uint64_t)c->size, sz, sizeof(sz)),
			      report_op_name(r->l, c->op, opn, sizeof(opn)),
			      workers,
			      r->m->subjects[c->subject].label,
			      v[0],
			      v[1],
			      v[2],
			      v[3]};

	for (int i = 0; i < 3; i++)
		text_num(r->nf, results_claim_num(c, figs[i]), 1, v[i], sizeof(v[i]));
	text_num(r->nf, 100 * results_claim_num(c, "srv_share"), 1, v[3], sizeof(v[3]));
	if (out->len)
		strbuf_adds(out, " ");
	text_subst(out, rb_str(r, "phases.server_split"), names, vals, 8);
}

/* dominant_says: claim c's dominant part worded (phases.rtt_dominates when the round trip is,
 * else phases.part_dominates) into out. */
static void dominant_says(struct report_builder *r, const struct results_claim *c, const char *part,
			  const char *workers, struct strbuf *out)
{
	char opn[32], sz[32], pct[TEXT_NUM_MAX], srv[TEXT_NUM_MAX], key[32];
	double share = results_claim_num(c, "share"), server = results_claim_num(c, "server_ms");

	report_op_name(r->l, c->op, opn, sizeof(opn));
	model_size_text(r->m, r->nf, (uint64_t)c->size, sz, sizeof(sz));
	text_num(r->nf, 100 * (share > 1 ? 1 : share), 0, pct, sizeof(pct));
	text_num(r->nf, server > 0 ? server : 0, 1, srv, sizeof(srv));
	snprintf(key, sizeof(key), "phases.%s", part);
	const char *names[] = {"size", "op", "workers", "subject", "pct", "server", "part"};
	const char *vals[] = {sz,  opn, workers,       r->m->subjects[c->subject].label,
			      pct, srv, rb_str(r, key)};
	if (out->len)
		strbuf_adds(out, " ");
	text_subst(out,
		   rb_str(r, strcmp(part, "rtt") == 0 ? "phases.rtt_dominates"
						      : "phases.part_dominates"),
		   names, vals, 7);
}

/* says: each time-share claim that finds one part dominant (dominant_says) or has a server
 * log's split (split_says), worded into out, its id into ids. */
static void says(struct report_builder *r, struct strbuf *out, struct strbuf *ids)
{
	const struct report_model *m = r->m;

	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *c = &m->doc.claims[i];
		const char *part = results_claim_text(c, "part");
		int dominant = strcmp(c->verdict, "dominant") == 0 && part != NULL;
		struct strbuf w = {0};
		struct report_workers wk;

		if (!is_share(m, c) || (!dominant && !has_split(c)))
			continue;
		/* the cell's total workers, its split for a distributed run: "24 workers (3 × 8)" */
		if (report_workers_at(m, r->l, c->op, c->concurrency, REPORT_WORKERS_BRIEF, &wk) <
		    0)
			w.failed = 1;
		text_subst(&w,
			   rb_str(r, strcmp(wk.total, "1") == 0 ? "phases.workers1"
								: "phases.workers"),
			   (const char *[]){"n", "per_client"},
			   (const char *[]){wk.total, wk.per_client}, 2);
		if (dominant)
			dominant_says(r, c, part, rb_text(r, &w), out);
		if (has_split(c))
			split_says(r, c, rb_text(r, &w), out);
		strbuf_free(&w);
		if (ids->len)
			strbuf_adds(ids, " ");
		strbuf_adds(ids, c->id);
	}
}

void report_phases(struct report_builder *r)
{
	const struct results_claim *v[REPORT_PHASES_MAX];
	struct strbuf b = {0}, ids = {0};
	size_t left, n = shown(r->m, v, REPORT_PHASES_MAX, &left);

	if (n == 0)
		return;
	doc_heading(r->d, 1, "time", rb_str(r, "section.time"));
	doc_para(r->d, rb_str(r, "phases.intro"), 0);
	if (left > 0) {
		char a[24], x[24];
		snprintf(a, sizeof(a), "%zu", left);
		snprintf(x, sizeof(x), "%d", REPORT_PHASES_MAX);
		subst(&b, rb_str(r, "phases.left_out"), "n", a, "max", x);
		doc_para(r->d, rb_text(r, &b), 0);
		strbuf_free(&b);
	}
	chart(r, v, n);
	table(r, v, n);
	table_split(r, v, n);
	says(r, &b, &ids);
	if (b.len || b.failed)
		doc_para_claim(r->d, rb_text(r, &b), ids.failed ? NULL : ids.p);
	strbuf_free(&b);
	strbuf_free(&ids);
}

/* render/report/report_int.h: what the report's sections share (render/report/report.c and the
 * section files render/report/report_*.c): the builder's state and its small helpers.
 * Private to the report: callers use report.h. */
#ifndef RENDER_REPORT_INT_H
#define RENDER_REPORT_INT_H

#include <stdio.h>

#include "render/chart/chart.h"
#include "render/report/report.h"

/* report_builder: the report being built: its model, language, number format and fonts,
 * the document it fills, and the first failure (failed, with e set). */
struct report_builder {
	const struct report_model *m;
	const struct text_lang *l;
	const struct numfmt *nf;
	const struct fonts *f;
	struct doc *d;
	struct err *e;
	int failed;
};

/* rb_str: the language's string `key` (the key itself when the language lacks it). */
static inline const char *rb_str(const struct report_builder *r, const char *key)
{
	return text_lang_str(r->l, key);
}

/* fail_oom: mark the report failed for lack of memory (the first failure's message stays). */
static inline void fail_oom(struct report_builder *r)
{
	if (!r->failed)
		err_set(r->e, "report: out of memory");
	r->failed = 1;
}

/* rb_text: the text built in b, for the document ("" when nothing was added). When building b
 * ran out of memory the report is marked failed, so that no truncated text is shown. */
static inline const char *rb_text(struct report_builder *r, const struct strbuf *b)
{
	if (b->failed)
		fail_oom(r);
	return b->p ? b->p : "";
}

/* Append tpl to b with {n1} and {n2} replaced by v1 and v2 (NULL names nothing). */
static inline void subst(struct strbuf *b, const char *tpl, const char *n1, const char *v1,
			 const char *n2, const char *v2)
{
	const char *names[] = {n1 ? n1 : "", n2 ? n2 : ""};
	const char *vals[] = {v1 ? v1 : "", v2 ? v2 : ""};
	text_subst(b, tpl, names, vals, 2);
}

static inline char *num(const struct report_builder *r, double v, char *buf)
{
	return text_num(r->nf, v, -1, buf, TEXT_NUM_MAX);
}

/* report_add_scene: lay c out `width` points wide into *out and free c; a NULL c or a
 * failed layout marks the report failed (*out NULL). */
void report_add_scene(struct report_builder *r, struct chart *c, double width, struct scene **out);
/* report_add_scene_why: report_add_scene, but a chart with nothing to draw
 * (chart_is_empty) is not laid out: a paragraph names it and says why (the string `why`,
 * or the generic chart.empty_why when NULL), and *out is NULL. */
void report_add_scene_why(struct report_builder *r, struct chart *c, double width, const char *why,
			  struct scene **out);
/* report_say_empty: the paragraph "no chart {title}: {why}" (why NULL: the generic one). */
void report_say_empty(struct report_builder *r, const char *title, const char *why);

/* report_prose: the paragraphs of the prose template `name` (blank-line separated);
 * a missing template marks the report failed. */
void report_prose(struct report_builder *r, const char *name);

/* ---- render/report/report_stats.c: the throughput tables and the 1.1 statistics in the report ---- */

/* report_tput_table: the throughput table of op at concurrency conc (rows = the sizes
 * measured, columns = subjects): each cell's figure with its interval and n, the lead and
 * tie marks, and the legend under it. */
void report_tput_table(struct report_builder *r, const char *op, const char *opname, int conc);
/* report_lead_flags: CELL_LEAD for a clear leader (any leader in a 1.0 file), CELL_TIE
 * for a subject in a tie at the top, else 0. */
unsigned report_lead_flags(const struct report_model *m, const char *op, uint64_t size, int conc,
			   int s);
/* report_forest: the forest plot of op (ratios with their intervals), or a sentence
 * saying the comparisons are not available. */
void report_forest(struct report_builder *r, const char *op, const char *opname);
/* report_latency_chart: the latency chart of op at one concurrency: per size a panel,
 * per subject a p50–p99 range with p99.9 marked (pooled percentiles; the runs' mean
 * percentiles when a cell has none, labelled). */
struct chart *report_latency_chart(struct report_builder *r, const char *op, const char *opname,
				   int conc);
/* report_latency_tables: the pooled percentiles of every cell, one table per op, or
 * the sentence that the aggregate has none. */
void report_latency_tables(struct report_builder *r);
/* report_limitations_stats: what this campaign's cycles could not tell (the range of
 * detectable differences, untested configurations), or that no test was made. */
void report_limitations_stats(struct report_builder *r);
/* report_methodology_stats: the statistics part of the methodology (settings and the
 * prose of statistics.txt), or the sentence that the data has none. */
void report_methodology_stats(struct report_builder *r);

/* ---- render/report/report_history.c: the history sections, from the model's baseline and
 * trend (render/model/model_history.c) ---- */

/* report_history: the "Changes since BASELINE" section when m->baseline is set, then
 * the "Trend" section when m has trend series (skipped once the report failed). A chart
 * that fails to lay out, or memory running out, marks the report failed. */
void report_history(struct report_builder *r);

/* ---- render/report/report_time.c: the distribution and time charts, built
 * from aggregate.json's format 1.1 fields and the per-cycle runs:
 *   [latency-cdf]  a latency CDF (log x axis, ms) per op × size at the highest
 *                  concurrency measured, one line per subject (cells[].latency_ms.
 *                  pooled.quantiles);
 *   [timeseries]   the 1-second throughput of one run per subject at the largest size
 *                  and highest concurrency, PUT and GET, the seconds the averages leave
 *                  out drawn faint (timeseries[], kept);
 *   [cycles]       each subject's figure in each cycle for the headline categories
 *                  (largest size, highest concurrency, PUT and GET; cells[].runs).
 * Each chart's description ends with its data sentence (report_xy_describe).
 * Where the data is absent (a 1.0 file) a section is replaced by a one-line note. ---- */

/* report_time_cdf: the [latency-cdf] sub-section, or its note.
 * report_time_runs: the [timeseries] and [cycles] sections, or their notes.
 * Out of memory or a chart that fails to lay out marks the report failed. */
void report_time_cdf(struct report_builder *r);
void report_time_runs(struct report_builder *r);

struct xychart;
/* report_xy_describe: c's data sentence, appended to its description (SVG <desc>, what a
 * screen reader reads): for each series with a point, the string `key` with {series}, {hi}
 * and {hx} (its highest point's y and x), {lo} and {lx} (its lowest point's), {mid} (the x
 * where it reaches 50: a CDF's median) and {unit} (the string unit_key). An x that is a whole
 * number is written without decimals; x_whole 1 rounds x up first (a second drawn at i + 0.5
 * is second i + 1; a cycle stays). */
void report_xy_describe(struct report_builder *r, struct xychart *c, const char *key,
			const char *unit_key, int x_whole);

/* ---- render/report/report_clients.c: the clients of distributed runs; each adds
 * nothing to a single-client report ---- */

struct findings;

/* REPORT_IMBALANCE: above this fastest / slowest client ratio the report prints the
 * imbalance as a finding (docs/METHODOLOGY.md, "Clients"). */
#define REPORT_IMBALANCE 1.2

/* report_clients_workers: "12 workers (3 clients × 4) on 2 hosts" for op's cells at conc
 * appended to b and 1, or 0 (b untouched) when they ran on one client. */
int report_clients_workers(struct report_builder *r, const char *op, int conc, struct strbuf *b);
/* report_clients_matrix: "1, 4, 8 per client × 3 clients" for op's row of the workload
 * matrix into b and 1, or 0 (b untouched) for one client or differing client counts. */
int report_clients_matrix(struct report_builder *r, const char *op, struct strbuf *b);
/* report_subjects: the environment section's subjects table, with a note of the subjects
 * whose bucket holds a dot and went path-style over HTTPS though virtual-hosted
 * addressing was asked (render/report/report_subjects.c). */
void report_subjects(struct report_builder *r);

/* report_clients_env: the "Client hosts" row of the environment table t (distinct hosts
 * with their ranks) when some cell has more than one client. */
void report_clients_env(struct report_builder *r, struct doc_table *t);
/* report_clients_findings: one finding per client_balance entry whose ratio exceeds
 * REPORT_IMBALANCE, appended to fd; out of memory marks the report failed. */
void report_clients_findings(struct report_builder *r, struct findings *fd);
/* report_clients: the "Client balance" section (a per-client table per client_balance
 * entry), absent when the aggregate has none. */
void report_clients(struct report_builder *r);
/* ---- render/report/report_workload.c: mixed traffic, size distributions, ranges, fixed rates ---- */

/* report_workloads: the workloads section and the fixed-rate section (nothing without
 * workload cells). report_workload_limitations: what a rate run cannot say (when there is
 * one). */
void report_workloads(struct report_builder *r);

/* render/report/report_cost.c: the "Cost" section (aggregate.json cost[]: the bill per subject,
 * price-performance, the example workload) and its key findings (the cheapest subject for
 * the example workload, the highest throughput per monthly cost, always with "list prices
 * of DATE"). Nothing when the results have no cost. */
void report_cost_findings(struct report_builder *r, struct findings *fd);
void report_cost(struct report_builder *r);
/* Client limits and request phases (render/report/report_climit.c). report_climit_mark: append
 * the client-limited mark to a cell's figure in buf (n bytes); report_climit_label: subject
 * s's chart label for (op, size), marked when one of its cells there is client-limited
 * (buf, n bytes; returned); report_climit_legend: the
 * legend and reasons under a throughput table; report_climit_time: the "Where the time
 * goes" section; report_climit_appendix: the client resources per run;
 * report_climit_limitations: what the verdict cannot see. */
void report_climit_mark(struct report_builder *r, const struct rm_cell *c, char *buf, size_t n);
const char *report_climit_label(struct report_builder *r, int s, const char *op, uint64_t size,
				char *buf, size_t n);
void report_climit_legend(struct report_builder *r, const char *op, const char *opname, int conc);
void report_climit_time(struct report_builder *r);
void report_climit_appendix(struct report_builder *r);
void report_climit_limitations(struct report_builder *r);
void report_workload_limitations(struct report_builder *r);

/* ---- render/report/report_errors.c ---- */

/* report_errors: the Errors section (a table of the cells whose requests failed, by HTTP
 * status or transport class); nothing when no request failed. */
void report_errors(struct report_builder *r);
/* report_retries_note: the methodology's sentence on whether retries were on (none for
 * Warp's logs, which do not say). */
void report_retries_note(struct report_builder *r);

#endif

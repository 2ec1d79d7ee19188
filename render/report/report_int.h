/* render/report/report_int.h: what the report's sections share (render/report/report.c and the
 * section files render/report/report_*.c): the builder's state and its small helpers.
 * Private to the report: callers use report.h. */
#ifndef RENDER_REPORT_INT_H
#define RENDER_REPORT_INT_H

#include <stdint.h>
#include <stdio.h>

#include "render/chart/chart.h"
#include "render/report/report.h"

#include "render/report/report_base.h"

/* ---- render/report/report_policy.c: the aggregation rule ---- */

/* report_policy_rule: the sentence naming the policy's rule (the figure a cell shows),
 * appended to b after a blank when b holds text; for a table's legend. */
void report_policy_rule(struct report_builder *r, struct strbuf *b);
/* report_policy_groups: under policy best-of-means, the appendix's table per op of each
 * cell's groups of consecutive cycles (their means, the best complete group marked);
 * nothing under the other policies. */
void report_policy_groups(struct report_builder *r);

/* ---- render/report/report_stats.c: the throughput tables and the 1.1 statistics in the report ---- */

/* report_tput_table: the throughput table of op at concurrency conc (rows = the sizes
 * measured, columns = subjects): each cell's figure with its interval and n, the lead and
 * tie marks, and the legend under it. */
void report_tput_table(struct report_builder *r, const char *op, const char *opname, int conc);
/* report_lead_flags: how subject s's cell of a category shows the category's lead claim
 * (model_claim_lead): CELL_LEAD when the claim is clear and about s, CELL_TIE when it is a tie
 * and names s, CELL_UNRESOLVED when it is unresolved and names s, else 0; *shown: the claim when the cell words its verdict (the
 * lead's own cell of any verdict, a tied cell), else NULL. No claim (a file without claims[]):
 * no mark. */
unsigned report_lead_flags(const struct report_model *m, const char *op, uint64_t size, int conc,
			   int s, const struct results_claim **shown);
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
/* report_methodology_plan: "Planning cycles" (render/report/report_plan.c): per op, the cycles
 * that reach the planner's target, how many more, their hours and cost, and what drives it;
 * nothing for a file without a planner. */
void report_methodology_plan(struct report_builder *r);

/* ---- render/report/report_forest.c: the forest plots ---- */

/* report_forest: the forest plot of op (ratios with their intervals), or a sentence
 * saying the comparisons are not available. */
void report_forest(struct report_builder *r, const char *op, const char *opname);
/* report_tail_forest: the forest plot of op's p99 latency ratios (each subject against the
 * tail leader, or A / B with two subjects), Holm's and Bonferroni's intervals as the
 * throughput plot's; nothing when no p99 comparison of op has a test. */
void report_tail_forest(struct report_builder *r, const char *op, const char *opname);

/* ---- render/report/report_history.c: the history sections, from the model's baseline and
 * trend (aggregate.json's baseline, trend.json) ---- */

/* report_history: the "Changes since BASELINE" section when m->baseline is set, then
 * the "Trend" section when m has trend series (skipped once the report failed). A chart
 * that fails to lay out, or memory running out, marks the report failed. */
void report_history(struct report_builder *r);
/* report_trend_alert: trend-alert claim c worded into b when it is a regression this build
 * alerts (figure alert 1) or a watch, by l's trend.alert_regression or trend.alert_watch
 * ("regression: Provider A put 100MiB c10 -12 % since build 7 (95 % interval -15 %..-9 %)")
 * and 0; -1 for another claim (b untouched). b failed when memory ran out. */
int report_trend_alert(const struct report_model *m, const struct text_lang *l,
		       const struct results_claim *c, struct strbuf *b);

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

/* ---- render/report/report_clients.c: the clients of distributed runs; each adds
 * nothing to a single-client report ---- */

struct findings;

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

/* report_excluded: the excluded runs table (runs without a final summary and run files that
 * could not be read, each with its class and reason), or the sentence that none was; then
 * the runs kept by --allow-changed with what they were measured with
 * (render/report/report_excluded.c). */
void report_excluded(struct report_builder *r);

/* report_support: the "What each provider supports" section: the features probed by
 * subject, each cell the verdict and the answer that decided it (aggregate.json support[];
 * render/report/report_support.c); nothing without a probe. */
void report_support(struct report_builder *r);

/* report_replay: the "Replay: recorded and replayed" section: per trace, its ops' recorded
 * latency and each subject's replayed one, with the replay claims worded and marked
 * (render/report/report_replay.c); nothing without replay claims. */
void report_replay(struct report_builder *r);

/* report_staleness: the "Consistency windows" section: the kinds of consistency probe by
 * subject, each cell its staleness claim worded and marked (aggregate.json staleness[];
 * render/report/report_staleness.c); nothing without consistency probes. A claim render
 * cannot word fails the report. */
void report_staleness(struct report_builder *r);

/* report_clients_env: the "Client hosts" row of the environment table t (distinct hosts
 * with their ranks) when some cell has more than one client. */
void report_clients_env(struct report_builder *r, struct doc_table *t);
/* report_clients_findings: one finding per client_balance entry whose client-balance claim
 * says imbalanced, appended to fd; out of memory marks the report failed. */
void report_clients_findings(struct report_builder *r, struct findings *fd);
/* report_clients: the "Client balance" section (a per-client table per client_balance
 * entry), absent when the aggregate has none. */
void report_clients(struct report_builder *r);
/* ---- render/report/report_dataset.c: latency against population size ---- */

/* report_populations: where the one-off LIST or HEAD rows read datasets of at least two
 * population sizes, a subsection with a chart per op: its p50 latency against the
 * population, a line per subject, both axes logarithmic (nothing otherwise). */
void report_populations(struct report_builder *r);

/* ---- render/report/report_workload.c: mixed traffic, size distributions, ranges, fixed rates ---- */

/* report_workloads: the workloads section and the fixed-rate section (nothing without
 * workload cells). report_workload_limitations: what a rate run cannot say (when there is
 * one). report_workload_sustained: the key finding of the rate sweeps into b, each sweep's
 * sustained claim worded ("Sustained rate (...): Ceph RGW held 700 req/s; s3rver held 200
 * req/s"), a limit that was the client's (a blocking reason, or late sends: not judged)
 * said so, never the provider's; the claims' ids into ids (space-separated). Nothing when no
 * sweep has a claim. */
void report_workloads(struct report_builder *r);
void report_workload_sustained(const struct report_model *m, const struct text_lang *l,
			       struct strbuf *b, struct strbuf *ids);

/* render/report/report_cost.c: the "Cost" section (aggregate.json cost[]: the bill per subject,
 * price-performance, the example workload) and its key findings (the cheapest subject for
 * the example workload, the highest throughput per monthly cost, always with "list prices
 * of DATE"). Nothing when the results have no cost. */
void report_cost_findings(struct report_builder *r, struct findings *fd);
void report_cost(struct report_builder *r);
/* Client limits and request phases (render/report/report_climit.c). report_climit_mark: append
 * the client-limited mark to a cell's figure in buf (n bytes) when the cell has a client-limit
 * claim, and return that claim (NULL: none); report_climit_label: subject
 * s's chart label for (op, size), marked when one of its cells there is client-limited
 * (buf, n bytes; returned), the ids of those cells' client-limit claims appended to ids
 * (space-separated); report_climit_legend: the
 * legend and reasons under a throughput table; report_climit_appendix: the client resources
 * per run;
 * report_climit_limitations: what the verdict cannot see. */
const struct results_claim *report_climit_mark(struct report_builder *r,
					       const struct results_cell *c, char *buf, size_t n);
const char *report_climit_label(struct report_builder *r, int s, const char *op, uint64_t size,
				char *buf, size_t n, struct strbuf *ids);
void report_climit_legend(struct report_builder *r, const char *op, const char *opname, int conc);
void report_climit_appendix(struct report_builder *r);
void report_climit_limitations(struct report_builder *r);

/* ---- render/report/report_flag.c ---- */

/* The marks of a figure not like the others': REPORT_GAP_MARK after one whose subject's runs
 * differed for a feature (its cell's feature-gap claim), REPORT_VOID_MARK after a cell whose
 * conditional writes broke their promise (its correctness claim violated: not comparable). */
#define REPORT_GAP_MARK " \u00a7"
#define REPORT_VOID_MARK " \u2020"

/* report_label_marks: the marks a row label carries: bit 0 ‡ (climited: the cell is
 * client-limited, report_climit_mark), bit 1 § (REPORT_GAP_MARK), bit 2 † (REPORT_VOID_MARK).
 * report_marks_legend: after the legend in b, what the marks of the bits of marks mean, for
 * a table whose fuller legend is under the throughput tables. */
unsigned report_label_marks(const char *label, int climited);
void report_marks_legend(struct report_builder *r, unsigned marks, struct strbuf *b);

/* report_flag_mark: the marks of cell c (c may be NULL: none) appended to buf (n bytes),
 * their claims' ids to ids (space-separated, once each); the number of marks.
 * report_flag_subject: the same for every matrix cell of subject s in (op, size, conc) (op
 * NULL, size UINT64_MAX, conc -1: any), as a chart's label or a finding marks the subject
 * (buf NULL: no marks appended, ids NULL: no ids). report_flag_legend: the paragraph under a
 * table of (op, conc) wording each marked subject's claims (one feature-gap claim per
 * subject, each violated cell's correctness claim), with their ids (conc -1: of every
 * concurrency); nothing when none is marked. */
int report_flag_mark(struct report_builder *r, const struct results_cell *c, char *buf, size_t n,
		     struct strbuf *ids);
int report_flag_subject(const struct report_model *m, int s, const char *op, uint64_t size,
			int conc, char *buf, size_t n, struct strbuf *ids);
void report_flag_legend(struct report_builder *r, const char *op, int conc);
/* report_flag_cells: the marks of a figure of subject s drawn from the nc cells cells (the
 * keys of claims: subject, op, size, concurrency and the workload dimensions; nc 0: a figure
 * of no cell, as a bill) that is not one matrix cell's table figure (the cost, hedging,
 * workload and rate tables): REPORT_GAP_MARK with the first of the cells' feature-gap claims,
 * else with the subject's first (its runs differed for a feature whatever the figure);
 * REPORT_VOID_MARK once, with every one of the cells' violated correctness claims. Appended
 * to buf (n bytes, NULL: none), the ids to ids (once each); the number of marks. */
int report_flag_cells(const struct report_model *m, int s, const struct results_cell *cells,
		      size_t nc, char *buf, size_t n, struct strbuf *ids);
/* report_flag_cell: cell i of t's last row (doc_table_cell: text, flags, color) with the
 * marks of subject s's figure from cells (report_flag_cells; nc REPORT_FLAG_ALL: from every
 * cell of s, report_flag_subject, as a bill of all its runs) and their claims
 * (doc_table_claim). */
#define REPORT_FLAG_ALL SIZE_MAX
void report_flag_cell(struct report_builder *r, struct doc_table *t, size_t i, const char *text,
		      unsigned flags, const char *color, int s, const struct results_cell *cells,
		      size_t nc);
/* report_flag_void: 1 when cell c (may be NULL) has a violated correctness claim (not
 * comparable: a chart's summary names it not), else 0. */
int report_flag_void(const struct report_model *m, const struct results_cell *c);
/* report_flag_findings: a key finding per subject with feature-gap claims (finding.flagged,
 * its first claim worded inside); -1 when out of memory or a claim has no words. */
int report_flag_findings(const struct report_model *m, const struct text_lang *l,
			 struct findings *f);

/* ---- render/report/report_phases.c ---- */

/* REPORT_PHASES_MAX: the most time-share claims "Where the time goes" shows; past it the
 * section says how many it leaves out (aggregate.json's claims[] holds them all). */
#define REPORT_PHASES_MAX 64

/* report_phases: the "Where the time goes" section from the time-share claims (one per cell
 * and one-off row, so per concurrency): a stacked bar chart with a panel per op, size, workers
 * and workload and a bar per subject, the table of the same figures, each bar and row marked
 * with its claim, at most REPORT_PHASES_MAX of them (the rest counted in a sentence), then the
 * sentences of the claims that find one part dominant; nothing without time-share claims. */
void report_phases(struct report_builder *r);

/* ---- render/report/report_vantage.c ---- */

/* report_vantages: the "Vantages" section (aggregate.json vantages{}): per headline category
 * each subject per vantage and the interaction verdict (its vantage claim); nothing for one
 * DATA_DIR. */
void report_vantages(struct report_builder *r);

/* ---- render/report/report_claims.c: the words of a claim, the Verdicts section ---- */

/* report_claim_reasons: c's reasons in l's words (reason.NAME, else the name), ", "-separated,
 * appended to b (b failed when memory ran out); a claim without reasons gets reason.none.KIND
 * when l has it (what no reason means for that kind), else nothing. */
void report_claim_reasons(const struct text_lang *l, const struct results_claim *c,
			  struct strbuf *b);
/* report_claim_words: claim c worded into b by l's string claim.KIND.VERDICT, with {subject}
 * (its label), {subjects} (their labels), {reasons} (reason.NAME, else the name), {op} (the
 * op's name) and each of its figures by name (a whole number without decimals, another as the
 * report writes figures); a lead or tail lead followed by the subjects its judgement left out
 * (flag.lead_left_out, marked REPORT_VOID_MARK) and those of its category whose runs differed
 * for a feature (flag.lead_gap, marked REPORT_GAP_MARK). -1 when l has
 * no string for its kind and verdict (render cannot word it), else 0 (b failed when memory
 * ran out). */
int report_claim_words(const struct report_model *m, const struct text_lang *l,
		       const struct results_claim *c, struct strbuf *b);
/* report_claims: the "Verdicts" section: every claim of the results, its id and its words,
 * each row marked with its id; nothing for a file without claims[]. A claim render cannot word
 * fails the report ("claims[3] (ID): no words for claim.KIND.VERDICT in the templates"). */
void report_claims(struct report_builder *r);
void report_workload_limitations(struct report_builder *r);

/* ---- render/report/report_hedge.c ---- */

/* report_hedge: the "What hedging would buy" section (aggregate.json hedge[]: each cell's
 * what-ifs, a live-hedged cell beside its point's what-if), the assumption stated; nothing
 * when no cell has a what-if or a live measure. */
void report_hedge(struct report_builder *r);

/* ---- render/report/report_slowest.c ---- */

/* report_who_answered: the "Front ends" section (cells answered from more than one
 * address: each one's requests, share, throughput, p50 and p99) and the "Server time"
 * section (analyze --server-log: each cell's join share and its latency's parts); each left
 * out when no cell has one. */
void report_who_answered(struct report_builder *r);

/* report_slowest: the "Slowest requests" section, an appendix (aggregate.json slowest[]:
 * per cell its slowest requests with their phases, attempt, front end and request id);
 * nothing when no cell has one. */
void report_slowest(struct report_builder *r);

/* ---- render/report/report_errors.c ---- */

/* report_errors: the Errors section (the cells whose attempts were throttled, the retries,
 * a table of the cells whose requests failed, by HTTP status or transport class); nothing
 * when no request failed and none was retried. */
void report_errors(struct report_builder *r);
/* report_retries_note: the methodology's sentence on whether retries were on (none for
 * Warp's logs, which do not say). */
void report_retries_note(struct report_builder *r);
/* report_cond_findings (report_cond.c): the correctness claims of the conditional writes
 * (put-if-absent, cas) that were violated or could not be judged, each worded as a key
 * finding (finding.correctness_violated, finding.correctness_not_judged) carrying its
 * claim's id; a held promise is worded in the Verdicts table only. -1: out of memory. */
int report_cond_findings(const struct report_model *m, const struct text_lang *l,
			 struct findings *f);

/* report_errors_findings: the key findings of the failed requests and the throttling knees,
 * each the wording of its claim: an errors claim (a cell whose failed share is above the
 * threshold, finding.errors, with the failures by status) and a knee claim that found one
 * (finding.knee), added to f with their ids. -1 when memory runs out. */
int report_errors_findings(const struct report_model *m, const struct text_lang *l,
			   struct findings *f);

#endif

/* analyze/out/out_metrics.c: --metrics FILE, the headline figures in the Prometheus text
 * exposition format (see out.h; the families are listed in docs/FORMATS.md). */
#include "analyze/out/out.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/results/results_trend.h"

#include "core/fsutil.h"
#include "core/timefmt.h"

#define MIB 1048576.0
#define LABELS_MAX 2048

/* put_value: v escaped for a label value (backslash, double quote, line feed). */
static void put_value(char *b, size_t n, size_t *len, const char *v)
{
	for (; *v && *len + 3 < n; v++) {
		if (*v == '\\' || *v == '"')
			b[(*len)++] = '\\', b[(*len)++] = *v;
		else if (*v == '\n')
			b[(*len)++] = '\\', b[(*len)++] = 'n';
		else
			b[(*len)++] = *v;
	}
	b[*len] = '\0';
}

/* add: name="value" appended to the label list b (comma-separated); nothing when v is
 * NULL or empty (an empty label is no label to Prometheus). */
static void add(char *b, size_t n, const char *name, const char *v)
{
	size_t len = strlen(b);

	if (v == NULL || *v == '\0' || len + strlen(name) + 4 >= n)
		return;
	len += (size_t)snprintf(b + len, n - len, "%s%s=\"", len ? "," : "", name);
	put_value(b, n, &len, v);
	if (len + 2 < n)
		b[len++] = '"', b[len] = '\0';
}

static void add_int(char *b, size_t n, const char *name, long long v)
{
	char s[32];

	snprintf(s, sizeof(s), "%lld", v);
	add(b, n, name, s);
}

/* cell_labels: every dimension that tells c apart from the other cells. */
static void cell_labels(const struct aggregate *a, const struct agg_cell *c, char *b, size_t n)
{
	char rate[32];

	b[0] = '\0';
	add(b, n, "campaign", a->campaign_name);
	add(b, n, "subject", a->subjects[c->subject].id);
	add(b, n, "op", c->op);
	if (c->size_spec != NULL && *c->size_spec)
		add(b, n, "size_spec", c->size_spec);
	else
		add_int(b, n, "size", (long long)c->size);
	add(b, n, "range", c->range);
	add(b, n, "mix", c->mix);
	if (c->rate > 0) {
		snprintf(rate, sizeof(rate), "%g", c->rate);
		add(b, n, "rate", rate);
	}
	add_int(b, n, "concurrency", c->concurrency);
	add_int(b, n, "workers_total", (long long)c->concurrency * c->clients);
	add_int(b, n, "clients", c->clients);
}

/* sample: one line NAME{LABELS[,EXTRA]} VALUE; nothing for a non-finite value (a cell
 * without a figure has no sample rather than NaN). */
static void sample(FILE *f, const char *name, const char *labels, const char *extra, double v)
{
	if (!isfinite(v))
		return;
	if (*labels == '\0' && extra == NULL)
		fprintf(f, "%s %.10g\n", name, v);
	else
		fprintf(f, "%s{%s%s%s} %.10g\n", name, labels, *labels && extra ? "," : "",
			extra ? extra : "", v);
}

static void family(FILE *f, const char *name, const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

/* cell_errors: the failed requests of c's valid runs. */
static double cell_errors(const struct aggregate *a, const struct agg_cell *c)
{
	double n = 0;

	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];

		if (r->v.included && r->log->has_summary)
			n += (double)r->log->summary.errors;
	}
	return n;
}

enum cell_fig {
	FIG_MIB,
	FIG_MIB_LO,
	FIG_MIB_HI,
	FIG_OBJ,
	FIG_OBJ_LO,
	FIG_OBJ_HI,
	FIG_P50,
	FIG_P99,
	FIG_ERRORS,
	FIG_RUNS
};

static double cell_fig(const struct aggregate *a, const struct agg_cell *c, enum cell_fig k)
{
	switch (k) {
	case FIG_MIB:
		return c->mib.value * MIB;
	case FIG_MIB_LO:
		return c->mib.ci_lo * MIB;
	case FIG_MIB_HI:
		return c->mib.ci_hi * MIB;
	case FIG_OBJ:
		return c->obj.value;
	case FIG_OBJ_LO:
		return c->obj.ci_lo;
	case FIG_OBJ_HI:
		return c->obj.ci_hi;
	case FIG_P50:
		return c->lat_pool.source == POOL_NONE ? NAN : c->lat_pool.p50 / 1000;
	case FIG_P99:
		return c->lat_pool.source == POOL_NONE ? NAN : c->lat_pool.p99 / 1000;
	case FIG_ERRORS:
		return cell_errors(a, c);
	case FIG_RUNS:
		return (double)c->n;
	}
	return NAN;
}

/* One family of cell figures; a name repeated on the next row continues the family
 * (its samples told apart by extra). */
static const struct {
	const char *name, *help, *extra;
	enum cell_fig fig;
} cell_fams[] = {
	{"s3bench_cell_throughput_bytes_per_second",
	 "The cell's throughput (the policy's figure over its valid runs).", NULL, FIG_MIB},
	{"s3bench_cell_throughput_lower_bytes_per_second",
	 "Lower end of the 95 % interval of the cell's throughput.", NULL, FIG_MIB_LO},
	{"s3bench_cell_throughput_upper_bytes_per_second",
	 "Upper end of the 95 % interval of the cell's throughput.", NULL, FIG_MIB_HI},
	{"s3bench_cell_throughput_objects_per_second",
	 "The cell's throughput in objects (requests) a second.", NULL, FIG_OBJ},
	{"s3bench_cell_throughput_lower_objects_per_second",
	 "Lower end of the 95 % interval of the cell's objects a second.", NULL, FIG_OBJ_LO},
	{"s3bench_cell_throughput_upper_objects_per_second",
	 "Upper end of the 95 % interval of the cell's objects a second.", NULL, FIG_OBJ_HI},
	{"s3bench_cell_request_latency_seconds",
	 "Request latency of the cell, every request of its valid runs pooled.",
	 "percentile=\"50\"", FIG_P50},
	{"s3bench_cell_request_latency_seconds", NULL, "percentile=\"99\"", FIG_P99},
	{"s3bench_cell_request_errors", "Failed requests in the cell's valid runs.", NULL,
	 FIG_ERRORS},
	{"s3bench_cell_valid_runs", "Runs the cell's figures are over (one per cycle at most).",
	 NULL, FIG_RUNS},
};

static void cells(FILE *f, const struct aggregate *a)
{
	char labels[LABELS_MAX];

	for (size_t k = 0; k < sizeof(cell_fams) / sizeof(cell_fams[0]); k++) {
		if (cell_fams[k].help != NULL)
			family(f, cell_fams[k].name, cell_fams[k].help);
		for (size_t i = 0; i < a->n_cells + a->n_wcells; i++) {
			const struct agg_cell *c = i < a->n_cells ? &a->cells[i]
								  : &a->wcells[i - a->n_cells];

			cell_labels(a, c, labels, sizeof(labels));
			sample(f, cell_fams[k].name, labels, cell_fams[k].extra,
			       cell_fig(a, c, cell_fams[k].fig));
		}
	}
}

static void oneoff_labels(const struct aggregate *a, const struct agg_op *o, char *b, size_t n)
{
	b[0] = '\0';
	add(b, n, "campaign", a->campaign_name);
	add(b, n, "subject", a->subjects[o->subject].id);
	add(b, n, "op", o->op);
	add_int(b, n, "size", (long long)o->size);
	add_int(b, n, "concurrency", o->concurrency);
	add_int(b, n, "workers_total", (long long)o->concurrency * o->clients);
	add_int(b, n, "clients", o->clients);
}

/* oneoffs: the one-off LIST / HEAD / DELETE / multipart benchmarks. */
static void oneoffs(FILE *f, const struct aggregate *a)
{
	static const char *const names[] = {
		"s3bench_oneoff_objects_per_second",
		"s3bench_oneoff_request_latency_seconds",
		"s3bench_oneoff_completion_seconds",
	};
	static const char *const helps[] = {
		"A one-off benchmark's objects a second.",
		"A one-off benchmark's request latency (its valid runs' own percentiles).",
		"A one-off benchmark's completion time.",
	};
	char labels[LABELS_MAX];

	for (size_t k = 0; k < 3; k++) {
		family(f, names[k], helps[k]);
		for (size_t i = 0; i < a->n_ops; i++) {
			const struct agg_op *o = &a->ops[i];

			oneoff_labels(a, o, labels, sizeof(labels));
			if (k == 0)
				sample(f, names[k], labels, NULL, o->obj_s);
			if (k == 1) {
				sample(f, names[k], labels, "percentile=\"50\"", o->lat.p50 / 1000);
				sample(f, names[k], labels, "percentile=\"99\"", o->lat.p99 / 1000);
			}
			if (k == 2)
				sample(f, names[k], labels, NULL, o->completion_s);
		}
	}
}

/* series_labels: the labels of one trend.json series (its headline cell). */
static void series_labels(const struct aggregate *a, const struct results_trend_series *s, char *b,
			  size_t n)
{
	b[0] = '\0';
	add(b, n, "campaign", a->campaign_name);
	add(b, n, "subject", s->subject);
	add(b, n, "op", s->op);
	add_int(b, n, "size", (long long)s->size);
	add_int(b, n, "concurrency", s->concurrency);
}

/* trend: the verdicts of trend.json (analyze/history/history.h): per series that has one (not the
 * one-off rows), a regression flag and a watch flag; then the alerts this build raised.
 * -1 with e set when the file cannot be read. */
static int trend(FILE *f, const struct aggregate *a, const char *path, struct err *e)
{
	static const char *const fams[][3] = {
		{"s3bench_regression", "regression",
		 "1 while a headline cell's verdict is a confirmed downward shift (trend.json "
		 "change.state regression), else 0."},
		{"s3bench_watch", "watch",
		 "1 when only the latest build of a headline cell is low (trend.json change.state "
		 "watch: an alert if the next build confirms it), else 0."},
	};
	struct results_trend t;
	char labels[LABELS_MAX];

	if (results_trend_read(path, &t, e) < 0)
		return -1;
	for (size_t k = 0; k < 2; k++) {
		family(f, fams[k][0], fams[k][2]);
		for (size_t i = 0; i < t.n_series; i++) {
			const struct results_trend_change *ch = t.series[i].change;

			if (ch == NULL)
				continue;
			series_labels(a, &t.series[i], labels, sizeof(labels));
			sample(f, fams[k][0], labels, NULL,
			       ch->state != NULL && strcmp(ch->state, fams[k][1]) == 0);
		}
	}
	labels[0] = '\0';
	add(labels, sizeof(labels), "campaign", a->campaign_name);
	family(f, "s3bench_regression_alerts",
	       "Regression alerts this build raised (trend.json alerts; each shift alerts once).");
	sample(f, "s3bench_regression_alerts", labels, NULL, (double)t.n_alerts);
	results_trend_free(&t);
	return 0;
}

int out_metrics_write(const struct aggregate *a, const char *trend_json, const char *path,
		      struct err *e)
{
	struct fs_atomic out;
	char labels[LABELS_MAX] = "";
	FILE *f = fs_atomic_fopen(&out, path, e);

	if (f == NULL)
		return -1;
	add(labels, sizeof(labels), "campaign", a->campaign_name);
	family(f, "s3bench_build_timestamp_seconds",
	       "When this analysis was made (Unix time; SOURCE_DATE_EPOCH when set).");
	sample(f, "s3bench_build_timestamp_seconds", labels, NULL, (double)time_build_s());
	family(f, "s3bench_cycles", "Cycles of the campaign the figures are over.");
	sample(f, "s3bench_cycles", labels, NULL, a->cycles);
	cells(f, a);
	oneoffs(f, a);
	if (trend_json != NULL && trend(f, a, trend_json, e) < 0) {
		fs_atomic_abort(&out);
		return err_prefix(e, "--metrics %s", path);
	}
	return fs_atomic_commit(&out, e);
}

/* analyze/pipeline_write.c: the output side of the analyze stage (pipeline_int.h): the
 * results files written into a staging directory and moved in together. */
#include "analyze/pipeline_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "analyze/claims/claims.h"
#include "analyze/provenance/manifest.h"
#include "analyze/read/pricefile.h"
#include "core/err.h"
#include "core/fsutil.h"
#include "core/timefmt.h"
#include "core/units.h"

/* generated_time: now, or SOURCE_DATE_EPOCH when set (reproducible output). */
static void generated_time(char *buf, size_t n)
{
	rfc3339_format(buf, n, time_build_s() * 1000000000LL);
}

/* results_dir: where the results go (-o, else DATA_DIR/results) into dir. */
static void results_dir(const struct pipeline_opts *o, char *dir, size_t n)
{
	if (o->results_dir)
		snprintf(dir, n, "%s", o->results_dir);
	else
		snprintf(dir, n, "%s/results", o->data_dir);
}

/* write_results: aggregate.json, cells.csv and runs.csv into the staging directory out. */
static int write_results(const struct state *st, const struct pipeline_opts *o,
			 const struct aggregate *a, const struct baseline *base, const char *out,
			 struct err *e)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], when[RFC3339_MAX];
	struct out_meta m = {0};
	struct claim_list claims;
	int rc = -1;

	generated_time(when, sizeof(when));
	m.generated = when;
	m.order = st->camp.order;
	m.unreadable = st->bad;
	m.n_unreadable = st->n_bad;
	m.source = st->warp_mode ? "warp" : NULL;
	m.warp_engine = st->warp_mode ? warp_engine_name(o->warp_engine) : NULL;
	m.timeseries = &st->ts;
	m.hedge = &st->hedge;
	m.support = st->probe.recs;
	m.n_support = st->probe.n;
	m.staleness = st->cons.recs;
	m.n_staleness = st->cons.n;
	m.slowest = &st->slowest;
	m.server_joined = o->n_server_logs > 0;
	m.baseline = base->path ? base : NULL;
	m.vantages = st->vant.n ? &st->vant : NULL;
	if (claims_build(a, m.vantages, &claims, e) < 0 ||
	    claims_vantage(&claims, a, &st->vant, e) < 0 ||
	    claims_staleness(&claims, a, st->cons.recs, st->cons.n, e) < 0 ||
	    (o->n_server_logs > 0 && claims_time_server(&claims, a, &st->slowest, e) < 0) ||
	    claims_flag(&claims, a, st->probe.recs, st->probe.n, e) < 0)
		goto done;
	m.claims = &claims;
	snprintf(path, sizeof(path), "%s/cells.csv", out);
	if (out_csv_cells(a, path, e) < 0)
		goto done;
	snprintf(path, sizeof(path), "%s/runs.csv", out);
	if (out_csv_runs(a, path, e) < 0)
		goto done;
	snprintf(path, sizeof(path), "%s/aggregate.json", out);
	if (out_results_write(a, &m, path, e) < 0)
		goto done;
	results_dir(o, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/aggregate.json", dir);
	fprintf(stderr,
		"analyze: %zu runs read (%zu files unreadable), %zu cells, %zu one-off rows, "
		"%zu claims -> %s\n",
		st->n_logs, st->n_bad, a->n_cells, a->n_ops, claims.n, path);
	if (m.baseline)
		fprintf(stderr, "analyze: against the baseline %s: %zu significant changes\n",
			base->path, m.baseline_significant);
	rc = 0;
done:
	claims_free(&claims);
	return rc;
}

/* record_history: --history: the aggregate.json just written into out recorded as a
 * build of the database (under RESULTS_DIR's name), then trend.json into out from it,
 * judged under t, and its trend-alert claims added to aggregate.json's claims[]. */
static int record_history(const struct pipeline_opts *o, const char *out,
			  const struct history_trend_opts *t, struct err *e)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], agg_path[PATH_MAX + 32];
	long long id = 0;
	size_t n_reg = 0, n_watch = 0;
	struct results agg;
	int rc;

	results_dir(o, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/aggregate.json", out);
	if (results_read(path, &agg, e) < 0) {
		results_free(&agg);
		return -1;
	}
	rc = history_record(o->history, &agg, dir, &id, e);
	results_free(&agg);
	if (rc < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/trend.json", out);
	if (history_trend(o->history, id, t, path, &n_reg, &n_watch, e) < 0)
		return -1;
	snprintf(agg_path, sizeof(agg_path), "%s/aggregate.json", out);
	if (claims_trend_add(agg_path, path, e) < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/trend.json", dir);
	fprintf(stderr,
		"analyze: history %s: build %lld recorded; %zu regression alerts, %zu watches "
		"-> %s\n",
		o->history, id, n_reg, n_watch, path);
	return 0;
}

/* write_metrics: --metrics FILE (analyze/out/out.h), with the regression flags of the
 * trend.json record_history wrote into out. */
static int write_metrics(const struct pipeline_opts *o, const struct aggregate *a, const char *out,
			 struct err *e)
{
	char trend[PATH_MAX + 32];

	snprintf(trend, sizeof(trend), "%s/trend.json", out);
	return out_metrics_write(a, o->history ? trend : NULL, o->metrics, e);
}

/* write_manifest: manifest.json into out (analyze/provenance/manifest.h), its digest
 * printed; written last, after the files it lists. */
static int write_manifest(const struct state *st, const struct pipeline_opts *o,
			  const struct aggregate *a, const struct history_trend_opts *t,
			  const char *out, struct err *e)
{
	char dir[PATH_MAX], hex[DIGEST_HEX_MAX], prices_file[PATH_MAX];
	struct climit_thresholds lim = o->climit;
	struct manifest_opts m = {
		.data_dir = o->data_dir,
		.results_dir = dir,
		.staged_dir = out,
		.policy = inclusion_policy_name(a->policy),
		.repeat = a->repeat,
		.min_samples = o->min_samples,
		.alpha = a->alpha,
		.target_ci = a->target_ci,
		.recompute = o->recompute,
		.warp_mode = st->warp_mode,
		.warp_engine = st->warp_mode ? warp_engine_name(o->warp_engine) : NULL,
		.warp_map = o->warp_map,
		.prices = prices_file,
		.prices_section = o->prices ? pricefile_split(o->prices, prices_file,
							      sizeof(prices_file))
					    : NULL,
		.baseline = o->baseline,
		.history = o->history,
		.trend = *t,
		.sign_key = o->sign_key,
		.vantage_dirs = o->vantage_dirs,
		.vantage_names = st->vant.names,
		.vantage_from = st->vant.from,
		.n_vantages = st->vant.n,
	};

	if (o->prices == NULL)
		m.prices = NULL;
	if (lim.cpu_pct == 0 && lim.nic_pct == 0 && lim.retrans_pct == 0)
		climit_defaults(&lim); /* as climit_cells_build judged them */
	m.climit = lim;
	results_dir(o, dir, sizeof(dir));
	if (manifest_write(&m, hex, e) < 0)
		return -1;
	fprintf(stderr, "analyze: manifest %s%s -> %s/manifest.json\n", hex,
		o->sign_key ? " (signed)" : "", dir);
	return 0;
}

/* The names analyze writes only with an option: this analysis's results directory holds
 * none of an earlier one (a trend.json or signature of other results). */
static const char *const optional_outputs[] = {"trend.json", "manifest.sig", NULL};

int pipeline_write_all(const struct state *st, const struct pipeline_opts *o,
		       const struct aggregate *a, const struct baseline *base,
		       const struct history_trend_opts *t, struct err *e)
{
	char dir[PATH_MAX], avail[32] = "?";
	struct fs_stage sg;
	struct statvfs vfs;

	results_dir(o, dir, sizeof(dir));
	if (fs_stage_open(&sg, dir, e) < 0)
		return -1;
	if (write_results(st, o, a, base, sg.tmp, e) == 0 &&
	    (o->history == NULL || record_history(o, sg.tmp, t, e) == 0) &&
	    (o->metrics == NULL || write_metrics(o, a, sg.tmp, e) == 0) &&
	    write_manifest(st, o, a, t, sg.tmp, e) == 0 &&
	    fs_stage_commit(&sg, "manifest.json", optional_outputs, e) == 0)
		return 0;
	fs_stage_abort(&sg);
	if (statvfs(dir, &vfs) == 0)
		units_format_size_human((uint64_t)vfs.f_bavail * vfs.f_frsize, avail,
					sizeof(avail));
	fprintf(stderr, "analyze: %s\n", e->msg);
	return err_set(e,
		       "%s: no results written; the files it held are as they were (%s free "
		       "on its file system)",
		       dir, avail);
}

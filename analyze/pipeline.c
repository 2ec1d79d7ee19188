/* analyze/pipeline.c: see pipeline.h. */
#include "analyze/pipeline.h"
#include "analyze/pipeline_int.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>

#include <jansson.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/hedge_cells.h"
#include "analyze/cells/planner.h"
#include "analyze/cells/replaycmp.h"
#include "analyze/cells/slowest.h"
#include "analyze/cells/timeofday.h"
#include "analyze/cells/vantage.h"
#include "analyze/cells/varcomp.h"
#include "analyze/read/serverlog.h"
#include "analyze/claims/claims.h"
#include "analyze/history/baseline.h"
#include "analyze/history/changepoint.h"
#include "analyze/history/history.h"
#include "analyze/provenance/manifest.h"
#include "analyze/out/out.h"
#include "analyze/read/parfor.h"
#include "analyze/read/reqlog.h"
#include "analyze/read/runlog.h"
#include "analyze/read/runrows.h"
#include "analyze/read/scan.h"
#include "analyze/read/sizelabel.h"
#include "analyze/read/strv.h"
#include "analyze/read/campcmp.h"
#include "analyze/read/vmerge.h"
#include "analyze/cells/timeseries.h"
#include "analyze/read/plantsv.h"
#include "analyze/read/consistlog.h"
#include "analyze/read/probelog.h"
#include "analyze/read/pricefile.h"
#include "analyze/warp/warp.h"
#include "core/err.h"
#include "core/exitcode.h"
#include "core/fsutil.h"
#include "core/timefmt.h"
#include "core/units.h"

void pipeline_defaults(struct pipeline_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->policy = POLICY_MEAN;
	o->min_samples = 1;
	o->alpha = 0; /* aggregate_build applies COMPARE_ALPHA_DEFAULT */
	o->alert_min_change = -1;
	o->alert_false_rate = -1;
}


/* keep_bad: an unreadable file (rel borrowed, msg copied) kept for aggregate.json. -1 when
 * memory runs out. */
static int keep_bad(struct state *st, const char *rel, const char *msg,
		    const struct plantsv_row *planned)
{
	struct out_unreadable *nb = realloc(st->bad, (st->n_bad + 1) * sizeof(*nb));
	size_t n_msgs = st->n_bad;

	if (nb == NULL)
		return -1;
	st->bad = nb;
	if (strv_push(&st->bad_msgs, &n_msgs, msg) < 0)
		return -1;
	nb[st->n_bad].path = rel;
	nb[st->n_bad].error = st->bad_msgs[st->n_bad];
	nb[st->n_bad].planned = planned;
	st->n_bad++;
	return 0;
}

/* note_bad: name an unreadable file on stderr and keep it for aggregate.json. */
static int note_bad(struct state *st, const char *rel, const char *msg)
{
	fprintf(stderr, "analyze: %s\n", msg);
	st->problems++;
	return keep_bad(st, rel, msg, NULL);
}

/* label_sizes: each matrix run's size as the campaign spells it ([matrix] sizes of
 * DATA_DIR/campaign.ini: the entry that parses to the run's size). Returns -1 when out
 * of memory; sizes that match no entry keep no label. */
static int label_sizes(struct state *st)
{
	char *list, *save = NULL, *tok, label[SIZELABEL_MAX];
	int rc = 0;

	if (st->camp.sizes == NULL)
		return 0;
	if ((list = strdup(st->camp.sizes)) == NULL)
		return -1;
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		uint64_t bytes;
		struct err e = {{0}};

		while (*tok == ' ' || *tok == '\t')
			tok++;
		if (units_parse_size(tok, &bytes, &e) < 0 ||
		    sizelabel_format(tok, label, sizeof(label)))
			continue;
		for (size_t i = 0; i < st->n_logs; i++) {
			struct runlog *l = &st->logs[i];

			if (l->cycle > 0 && l->size == bytes && l->size_label == NULL &&
			    (l->size_label = strdup(label)) == NULL)
				rc = -1;
		}
	}
	free(list);
	return rc;
}

/* read_all: every run.json found (unreadable ones are noted: st->problems), then each
 * run's rows where they are needed (runrows_fill), the runs on several threads. Returns -1
 * when out of memory. */
static int read_all(struct state *st, const struct pipeline_opts *o)
{
	st->logs = calloc(st->scan.n ? st->scan.n : 1, sizeof(*st->logs));
	if (st->logs == NULL)
		return -1;
	for (size_t i = 0; i < st->scan.n_problems; i++)
		if (note_bad(st, st->scan.problems[i], st->scan.problems[i]) < 0)
			return -1;
	for (size_t i = 0; i < st->scan.n; i++) {
		struct err e = {{0}};

		if (runlog_read(st->scan.v[i].file, st->scan.v[i].rel, &st->logs[st->n_logs], &e) <
		    0) {
			if (note_bad(st, st->scan.v[i].rel, e.msg) < 0)
				return -1;
			continue;
		}
		st->n_logs++;
	}
	return runrows_fill(st->logs, st->n_logs, o->data_dir, o->recompute, &st->problems);
}

/* trend_opts: what the trend is judged with: each of --alert-min-change,
 * --alert-false-rate and --alert-cells, else the campaign's key, else the default (10 %,
 * 1 %, the headline cells). */
static struct history_trend_opts trend_opts(const struct pipeline_opts *o,
					    const struct scan_campaign *camp)
{
	struct history_trend_opts t = {
		.min_change = o->alert_min_change >= 0     ? o->alert_min_change
			      : camp->has_alert_min_change ? camp->alert_min_change
							   : CP_MIN_CHANGE_DEFAULT,
		.false_rate = o->alert_false_rate >= 0     ? o->alert_false_rate
			      : camp->has_alert_false_rate ? camp->alert_false_rate
							   : CP_FALSE_RATE_DEFAULT,
		.cells = o->alert_cells != NULL ? o->alert_cells : camp->alert_cells,
		.lines_path = o->alerts,
	};

	return t;
}

/* price_warp: --prices FILE[:SECTION] on the Warp runs read (warpdir_price). -1 on a
 * fatal error (printed). */
static int price_warp(struct state *st, const struct pipeline_opts *o)
{
	struct err e = {{0}};
	struct pricefile pf;
	char file[PATH_MAX];
	const char *sec = pricefile_split(o->prices, file, sizeof(file));
	int rc;

	if (pricefile_read(file, &pf, &e) < 0) {
		fprintf(stderr, "analyze: --prices: %s\n", e.msg);
		return -1;
	}
	rc = warpdir_price(&st->warp, o->warp_map ? &st->map : NULL, &pf, sec, &e);
	pricefile_clear(&pf);
	if (rc < 0)
		fprintf(stderr, "analyze: %s\n", e.msg);
	else
		fprintf(stderr, "analyze: note: the bill of a Warp directory holds only the "
				"logged requests (Warp records no prepare or cleanup requests)\n");
	return rc;
}

/* read_warp: the runs of a DATA_DIR of Warp result files (analyze/warp/warpdir.h) into
 * st, their subject order into *ao; notes and unreadable runs are printed. -1 on a fatal error (printed). */
static int read_warp(struct state *st, const struct pipeline_opts *o, struct agg_options *ao)
{
	struct err e = {{0}};

	if (o->warp_map && warpdir_map_read(o->warp_map, &st->map, &e) < 0) {
		fprintf(stderr, "analyze: --warp-map: %s\n", e.msg);
		return -1;
	}
	if (warpdir_read_engine(o->data_dir, o->warp_map ? &st->map : NULL, o->warp_engine,
				&st->warp, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		return -1;
	}
	if (st->warp.n_logs == 0)
		fprintf(stderr, "analyze: note: no Warp run to analyze under %s\n", o->data_dir);
	if (o->prices && price_warp(st, o) < 0)
		return -1;
	for (size_t i = 0; i < st->warp.n_notes; i++)
		fprintf(stderr, "analyze: note: %s\n", st->warp.notes[i]);
	for (size_t i = 0; i < st->warp.n_bad; i++)
		if (note_bad(st, st->warp.bad[i].path, st->warp.bad[i].error) < 0) {
			fprintf(stderr, "analyze: out of memory\n");
			return -1;
		}
	st->logs = st->warp.logs; /* st owns them from here */
	st->n_logs = st->warp.n_logs;
	st->warp.logs = NULL;
	st->warp.n_logs = 0;
	ao->subject_order = st->warp.subject_order;
	ao->n_subject_order = st->warp.n_subject_order;
	return 0;
}

/* is_warp_dir: --warp-map given, or no DATA_DIR/runs but Warp files in DATA_DIR. */
static int is_warp_dir(const struct pipeline_opts *o)
{
	char path[PATH_MAX];
	struct stat sb;

	if (o->warp_map)
		return 1;
	snprintf(path, sizeof(path), "%s/runs", o->data_dir);
	return stat(path, &sb) != 0 && warpdir_has_files(o->data_dir);
}

/* note_timeseries: a note of the time series or the slowest requests (a cell without
 * them; its other figures stand). */
static void note_timeseries(const char *msg)
{
	fprintf(stderr, "analyze: note: %s\n", msg);
}

static void note_hedge(const char *msg)
{
	fprintf(stderr, "analyze: %s\n", msg);
}

/* read_own: the runs of s3bench's own DATA_DIR/runs into st, their subject order into
 * *ao; notes and unreadable runs are printed. -1 on a fatal error (printed). */
/* read_sweeps: DATA_DIR/sweeps.json (core/sweeplog.h: the cleanups of killed runs) into
 * the runs' bills; an unreadable file is a problem (exit 1), not fatal. -1 when out of
 * memory. */
static int read_sweeps(struct state *st, const struct pipeline_opts *o)
{
	struct sweep_rec *v = NULL;
	struct err e = {{0}};
	size_t n = 0, runs, subjects, unbilled;

	if (sweeplog_read(o->data_dir, &v, &n, &e) < 0)
		return note_bad(st, SWEEPLOG_FILE, e.msg);
	runlog_apply_sweeps(st->logs, st->n_logs, v, n, &runs, &subjects, &unbilled);
	if (n > 0)
		fprintf(stderr,
			"analyze: note: %s: %zu cleanups of killed runs billed (%zu to their runs, "
			"%zu to their subjects only: the run has no run.json), %zu without prices\n",
			SWEEPLOG_FILE, n, runs, subjects, unbilled);
	free(v);
	return 0;
}

/* read_plan: DATA_DIR/plan.tsv's rows: where each unreadable run belongs, and the kept_as
 * of the runs kept by --allow-changed; an unreadable plan is a problem (exit 1), not
 * fatal. -1 when out of memory. */
static int read_plan(struct state *st, const struct pipeline_opts *o)
{
	struct err e = {{0}};
	const struct plantsv_row *row;

	if (plantsv_read(o->data_dir, &st->plan, &e) < 0 && note_bad(st, "plan.tsv", e.msg) < 0)
		return -1;
	for (size_t i = 0; i < st->n_bad; i++)
		st->bad[i].planned = plantsv_find(&st->plan, st->bad[i].path);
	for (size_t i = 0; st->plan.n_kept_as > 0 && i < st->n_logs; i++)
		if ((row = plantsv_find(&st->plan, st->logs[i].path)) != NULL &&
		    row->kept_as != NULL && (st->logs[i].kept_as = strdup(row->kept_as)) == NULL)
			return -1;
	return 0;
}

/* read_probe: DATA_DIR/probe.json (the conformance probe) into st->probe and
 * DATA_DIR/consistency.json (the consistency probes) into st->cons; an unreadable file
 * is a problem (exit 1), not fatal. -1 when out of memory. */
static int read_probe(struct state *st, const struct pipeline_opts *o)
{
	struct err e = {{0}};

	if (probelog_read(o->data_dir, &st->probe, &e) < 0) {
		probelog_clear(&st->probe);
		if (note_bad(st, PROBELOG_FILE, e.msg) < 0)
			return -1;
	}
	if (consistlog_read(o->data_dir, &st->cons, &e) < 0) {
		consistlog_clear(&st->cons);
		return note_bad(st, CONSISTLOG_FILE, e.msg);
	}
	return 0;
}

/* subject_at: the index of the subject id in a, or -1 (with a note that file's record of
 * it is left out of array) when a does not know it (probed, but not analyzed). */
static int subject_at(const struct aggregate *a, const char *id, const char *file,
		      const char *array)
{
	for (size_t s = 0; s < a->n_subjects; s++)
		if (strcmp(a->subjects[s].id, id) == 0)
			return (int)s;
	fprintf(stderr,
		"analyze: note: %s: subject %s was probed but is not among the subjects "
		"analyzed: left out of %s[]\n",
		file, id, array);
	return -1;
}

/* probe_subjects: each probed subject of st->probe and st->cons as its index of a's
 * subjects; one a does not know is dropped (subject_at). */
static void probe_subjects(struct state *st, const struct aggregate *a)
{
	int s;

	for (size_t i = 0; i < st->probe.n;)
		if ((s = subject_at(a, st->probe.ids[i], PROBELOG_FILE, "support")) >= 0)
			st->probe.recs[i++].subject = s;
		else
			probelog_drop(&st->probe, i);
	for (size_t i = 0; i < st->cons.n;)
		if ((s = subject_at(a, st->cons.ids[i], CONSISTLOG_FILE, "staleness")) >= 0)
			st->cons.recs[i++].subject = s;
		else
			consistlog_drop(&st->cons, i);
}

static int read_own(struct state *st, const struct pipeline_opts *o, struct agg_options *ao)
{
	struct err e = {{0}};
	struct stat sb;

	if (stat(o->data_dir, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
		fprintf(stderr,
			"analyze: %s: a file, not a directory: analyze reads the output directory "
			"of collect (collect CAMPAIGN.ini -o DIR)\n",
			o->data_dir);
		return -1;
	}
	if (scan_campaign(o->data_dir, &st->camp, &e) < 0) {
		char msg[ERR_MSG_MAX + 64];

		snprintf(msg, sizeof(msg), "%s (subject order and cycles taken from the runs)",
			 e.msg);
		if (note_bad(st, "campaign.ini", msg) < 0) {
			fprintf(stderr, "analyze: out of memory\n");
			return -1;
		}
	}
	if (scan_runs(o->data_dir, &st->scan, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		return -1;
	}
	if (st->scan.n == 0)
		fprintf(stderr, "analyze: note: no run.json under %s/runs\n", o->data_dir);
	for (size_t i = 0; i < st->scan.n_incomplete; i++)
		fprintf(stderr, "analyze: note: %s has no run.json (incomplete run), skipped\n",
			st->scan.incomplete[i]);
	if (read_all(st, o) < 0 || label_sizes(st) < 0) {
		fprintf(stderr, "analyze: out of memory\n");
		return -1;
	}
	if (read_sweeps(st, o) < 0 || read_probe(st, o) < 0)
		return -1;
	if (read_plan(st, o) < 0) {
		fprintf(stderr, "analyze: out of memory\n");
		return -1;
	}
	ao->subject_order = (const char *const *)st->camp.subjects;
	ao->subject_labels = (const char *const *)st->camp.labels;
	ao->n_subject_order = st->camp.n_subjects;
	ao->planned = (const char *const *)st->camp.planned;
	ao->n_planned = st->camp.n_planned;
	return 0;
}

/* vantage_names: the vantages' names (vmerge_names) into st. -1 on a fatal error (printed). */
static int vantage_names(struct state *st, const struct pipeline_opts *o)
{
	struct err e = {{0}};

	st->vant.n = o->n_vantages;
	if (vmerge_names(st->logs, st->n_logs, o->vantage_dirs, o->vantage_names, o->n_vantages,
			 &st->vnames, &st->vfrom, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		return -1;
	}
	st->vant.names = (const char *const *)st->vnames;
	st->vant.dirs = o->vantage_dirs;
	st->vant.from = st->vfrom;
	return 0;
}

/* read_merge: analyze DIR1 DIR2 ...: each DATA_DIR read as read_own reads one, refused when
 * its campaign.ini measures another matrix than the first's (campcmp_matrix), its runs moved
 * into st (vmerge_append) with their cycles kept apart (vmerge_cycles); the campaign facts
 * are the first DATA_DIR's. -1 on a fatal error (printed). */
static int read_merge(struct state *st, const struct pipeline_opts *o, struct agg_options *ao)
{
	struct pipeline_opts one = *o;
	struct agg_options ignored = {0};
	int cycles = 0;

	for (size_t k = 1; k < o->n_vantages; k++) {
		struct err e = {{0}};

		if (campcmp_matrix(o->vantage_dirs[0], o->vantage_dirs[k], &e) != 0) {
			fprintf(stderr, "analyze: %s\n", e.msg);
			return -1;
		}
	}
	if ((st->more = calloc(o->n_vantages, sizeof(*st->more))) == NULL)
		return -1;
	for (size_t k = 0; k < o->n_vantages; k++) {
		struct state *sk = k == 0 ? st : &st->more[st->n_more++];
		struct runlog *own = NULL;
		size_t n0 = 0;
		int rc = 0;

		one.data_dir = o->vantage_dirs[k];
		if (read_own(sk, &one, k == 0 ? ao : &ignored) < 0)
			return -1;
		cycles = sk->camp.cycles > cycles ? sk->camp.cycles : cycles;
		if (k == 0) {
			own = st->logs;
			n0 = st->n_logs;
			st->logs = NULL;
			st->n_logs = 0;
		}
		rc = vmerge_append(&st->logs, &st->n_logs, k == 0 ? own : sk->logs,
				   k == 0 ? n0 : sk->n_logs, k, one.data_dir);
		for (size_t i = 0; i < n0; i++)
			runlog_clear(&own[i]); /* none left but after a failure */
		free(own);
		for (size_t i = 0; rc == 0 && k > 0 && i < sk->n_bad; i++)
			rc = keep_bad(st, sk->bad[i].path, sk->bad[i].error, sk->bad[i].planned);
		if (rc < 0) {
			fprintf(stderr, "analyze: out of memory\n");
			return -1;
		}
		if (k > 0)
			st->problems += sk->problems;
	}
	st->camp.cycles = vmerge_cycles(st->logs, st->n_logs, o->n_vantages, cycles);
	st->plan.seq.on = 0; /* cycles = auto stops per vantage; the merge is judged as fixed */
	return vantage_names(st, o);
}

/* runs_root: what the runs' paths are relative to: DATA_DIR, or "" in a merge of vantages
 * (their paths start with their DATA_DIR). */
static const char *runs_root(const struct state *st, const struct pipeline_opts *o)
{
	return st->vant.n >= 2 ? "" : o->data_dir;
}

/* hedge: --hedge's what-if of a's cells into st->hedge (aggregate.json hedge[]), printed; a
 * cell without its logs is a problem (named). -1 when memory runs out. */
static int hedge(struct state *st, const struct pipeline_opts *o, const struct aggregate *a,
		 struct err *e)
{
	if (st->warp_mode) {
		fprintf(stderr, "analyze: --hedge: a directory of Warp result files has no "
				"request phases to draw new connections from (not computed)\n");
		st->problems++;
		return 0;
	}
	if (hedge_build(a, runs_root(st, o), &st->hedge, note_hedge, &st->problems, e) < 0)
		return -1;
	out_hedge_print(stdout, a, &st->hedge);
	return 0;
}

/* slowest: the slowest requests and front ends of a's cells into st->slowest; with
 * --server-log, the servers' logs read first and joined, what joined said on stderr. -1 on a
 * fatal error (e set). */
static int slowest(struct state *st, const struct pipeline_opts *o, const struct aggregate *a,
		   struct err *e)
{
	struct serverlog *srv = o->n_server_logs ? &st->srv : NULL;
	uint64_t joined = 0;

	if (srv != NULL && serverlog_read(srv, o->server_logs, o->n_server_logs, e) < 0)
		return -1;
	if (slowest_build(a, runs_root(st, o), srv, &st->slowest, note_timeseries, e) < 0)
		return -1;
	if (srv == NULL)
		return 0;
	for (size_t i = 0; i < srv->n; i++)
		joined += srv->v[i].joined;
	fprintf(stderr,
		"analyze: --server-log: %llu records read, %llu joined to the runs' requests, "
		"%llu not (other requests: prepare, cleanup, another client or bucket; or a "
		"request id logged twice)\n",
		(unsigned long long)srv->lines, (unsigned long long)joined,
		(unsigned long long)(srv->lines - srv->unreadable - joined));
	if (srv->unreadable)
		fprintf(stderr,
			"analyze: --server-log: %llu records could not be read (first: %s)\n",
			(unsigned long long)srv->unreadable, srv->first_bad);
	return 0;
}

/* policy_of: the policy and repeat the cells use into ao: --policy and --repeat, else
 * [campaign] policy and repeat of DATA_DIR/campaign.ini (a value collect would refuse is
 * ignored, with a warning), else mean. */
static void policy_of(const struct pipeline_opts *o, const struct scan_campaign *camp,
		      struct agg_options *ao)
{
	enum policy p = POLICY_MEAN;

	ao->policy = o->policy;
	ao->repeat = o->repeat;
	if (o->has_policy || camp->policy == NULL)
		return;
	if (inclusion_policy_parse(camp->policy, &p) < 0 ||
	    (p == POLICY_BEST_OF_MEANS && camp->repeat <= 0)) {
		fprintf(stderr,
			"analyze: campaign.ini: [campaign] policy '%s'%s: not used (the cells "
			"show the mean)\n",
			camp->policy,
			p == POLICY_BEST_OF_MEANS ? " without a valid repeat" : " is not known");
		return;
	}
	ao->policy = p;
	ao->repeat = p == POLICY_BEST_OF_MEANS ? camp->repeat : 0;
}

/* build_and_write: the cells of st's runs, their time series (own logs only), the
 * results files and the history. -1 on a fatal error (printed). */
static int build_and_write(struct state *st, const struct pipeline_opts *o, struct agg_options *ao,
			   const struct baseline *base)
{
	struct history_trend_opts t = trend_opts(o, &st->camp);
	struct aggregate *a;
	struct err e = {{0}};
	int rc = -1;

	policy_of(o, &st->camp, ao);
	ao->min_samples = o->min_samples;
	ao->alpha = o->alpha;
	ao->climit = o->climit;
	ao->cycles = st->camp.cycles;
	/* cycles = auto: the cycles its plan.tsv grew to (where it stopped) */
	for (size_t i = 0; st->plan.seq.on && i < st->plan.n; i++)
		if (i == 0 || st->plan.rows[i].cycle > ao->cycles)
			ao->cycles = st->plan.rows[i].cycle;
	ao->runs_dir = st->warp_mode ? NULL : runs_root(st, o);
	a = aggregate_build(st->logs, st->n_logs, ao, &e);
	if (a != NULL &&
	    (planner_build(a, o->target_ci > 0 ? o->target_ci : PLANNER_TARGET_DEFAULT) < 0 ||
	     varcomp_build(a) < 0 || timeofday_build(a) < 0 ||
	     (st->vant.n >= 2 && vantage_build(a, &st->vant) < 0))) {
		aggregate_free(a);
		a = NULL;
		err_set(&e, "aggregate: out of memory");
	}
	if (a != NULL && st->vant.n >= 2) {
		vantage_varcomp(a, st->vant.n);
		if (vantage_leads(a, st->logs, st->n_logs, ao, ao->cycles / (int)st->vant.n,
				  &st->vant, &e) < 0) {
			aggregate_free(a);
			a = NULL;
		}
	}
	if (a != NULL && st->plan.seq.on) {
		struct agg_sequential seq = {1,
					     st->plan.seq.target_ci,
					     st->plan.seq.min_cycles,
					     st->plan.seq.max_cycles,
					     st->plan.seq.stopped,
					     0};
		planner_sequential(a, &seq);
	}
	for (size_t i = 0; a != NULL && i < a->n_subjects; i++)
		if (a->subjects[i].no_run) {
			fprintf(stderr,
				"analyze: %s: subject %s is planned, but none of its runs could be "
				"read (runs/*/%s/ missing or unreadable): it is shown with no run "
				"read\n",
				o->data_dir, a->subjects[i].id, a->subjects[i].id);
			st->problems++;
		}
	if (a != NULL)
		probe_subjects(st, a);
	if (a != NULL && !st->warp_mode && replaycmp_build(a, runs_root(st, o), &e) < 0) {
		aggregate_free(a);
		a = NULL;
	}
	if (a != NULL && ((!st->warp_mode && (timeseries_build(a, runs_root(st, o), &st->ts,
							       note_timeseries, &e) < 0 ||
					      slowest(st, o, a, &e) < 0)) ||
			  (o->hedge && hedge(st, o, a, &e) < 0)))
		fprintf(stderr, "analyze: %s\n", e.msg);
	else if (a == NULL || pipeline_write_all(st, o, a, base, &t, &e) < 0)
		fprintf(stderr, "analyze: %s\n", e.msg);
	else
		rc = 0;
	aggregate_free(a);
	return rc;
}

static void state_clear(struct state *st)
{
	timeseries_clear(&st->ts);
	hedge_clear(&st->hedge);
	slowest_clear(&st->slowest);
	serverlog_free(&st->srv);
	for (size_t i = 0; i < st->n_logs; i++)
		runlog_clear(&st->logs[i]);
	free(st->logs);
	strv_free(st->bad_msgs, st->n_bad);
	free(st->bad);
	scan_list_clear(&st->scan);
	scan_campaign_clear(&st->camp);
	warpdir_result_clear(&st->warp);
	warpdir_map_clear(&st->map);
	plantsv_clear(&st->plan);
	probelog_clear(&st->probe);
	for (size_t i = 0; i < st->n_more; i++)
		state_clear(&st->more[i]);
	free(st->more);
	strv_free(st->vnames, st->vant.n);
	free(st->vfrom);
	vantage_clear(&st->vant);
	consistlog_clear(&st->cons);
}

/* load_baseline: --baseline's aggregate.json into base; its source recorded as the manifest
 * records the file (its path from DATA_DIR: manifest_path_from), so that the results re-derived
 * from another working folder or a bundle say the same. */
static int load_baseline(const struct pipeline_opts *o, struct baseline *base, struct err *e)
{
	char file[PATH_MAX], shown[PATH_MAX];

	snprintf(file, sizeof(file), "%s/aggregate.json", o->baseline);
	manifest_path_from(o->data_dir, file, shown, sizeof(shown));
	return baseline_load(o->baseline, shown, base, e);
}

int pipeline_run(const struct pipeline_opts *o)
{
	struct state st = {0};
	struct agg_options ao = {0};
	struct baseline base = {0};
	struct err e = {{0}};
	int rc = EXITCODE_USAGE;

	st.warp_mode = is_warp_dir(o);
	if (o->prices && !st.warp_mode)
		fprintf(stderr, "analyze: --prices applies to a directory of Warp result files "
				"(s3bench's own runs carry their prices in run.json)\n");
	else if (o->baseline && load_baseline(o, &base, &e) < 0)
		fprintf(stderr, "analyze: --baseline: %s\n", e.msg);
	else if (o->n_vantages >= 2 && st.warp_mode)
		fprintf(stderr,
			"analyze: %s: a merge of vantages reads s3bench's own runs, not "
			"Warp result files\n",
			o->data_dir);
	else if ((st.warp_mode         ? read_warp(&st, o, &ao)
		  : o->n_vantages >= 2 ? read_merge(&st, o, &ao)
				       : read_own(&st, o, &ao)) == 0 &&
		 build_and_write(&st, o, &ao, &base) == 0)
		rc = st.problems ? EXITCODE_PARTIAL : EXITCODE_OK;
	baseline_clear(&base);
	state_clear(&st);
	return rc;
}

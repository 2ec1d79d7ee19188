/* analyze/provenance/verify.c: bin/analyze --verify (see verify.h). */
#include "analyze/provenance/verify.h"
#include "analyze/provenance/verify_int.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze/claims/claims.h"
#include "analyze/history/changepoint.h"
#include "analyze/history/history.h"
#include "analyze/provenance/manifest.h"
#include "analyze/read/reqlog.h"
#include "analyze/read/runlog.h"
#include "analyze/read/scan.h"
#include "analyze/provenance/sign.h"
#include "core/fsutil.h"
#include "core/jcs.h"
#include "core/timefmt.h"


static void verify_usage(FILE *f)
{
	fputs("usage: analyze --verify RESULTS_DIR [DATA_DIR] [--pubkey PUB.pem]\n"
	      "\n"
	      "Checks that RESULTS_DIR was derived from DATA_DIR (default: the folder that\n"
	      "holds RESULTS_DIR when the manifest records it inside DATA_DIR) as\n"
	      "RESULTS_DIR/manifest.json says: the manifest's digest, the signature (with\n"
	      "--pubkey), every input's size and SHA-256 (and no extra run), each run's\n"
	      "summary recomputed from its ops.tsv.zst, the fairness facts per subject (and\n"
	      "per vantage) re-derived from the run.json files, the results re-derived with the\n"
	      "recorded options and generation time (byte for byte for the same build, else\n"
	      "numbers within a relative 1e-9), and trend.json while the history database\n"
	      "still has its recorded digest. A merge of vantages is checked as a whole:\n"
	      "DATA_DIR is its first DATA_DIR (as analyze was given it), the others found\n"
	      "from it. docs/FORMATS.md, \"Verifying results\".\n"
	      "\n"
	      "Exit status: 0 verified; 2 usage error, no manifest, or a manifest of a newer\n"
	      "format; 3 the manifest's digest does not match its content; 4 --pubkey: not\n"
	      "signed, signed by another key, or a bad signature; 5 an input missing, extra\n"
	      "or changed; 6 a run's summary disagrees with its ops.tsv.zst; 7 the results\n"
	      "differ from the re-derived ones. The first difference is named on stderr.\n",
	      f);
}

/* parse: the --verify command line into c. -1 usage error (printed), 1 help. */
static int parse(int argc, char **argv, struct vctx *c)
{
	static const struct option longopts[] = {{"verify", no_argument, NULL, 'v'},
						 {"pubkey", required_argument, NULL, 'k'},
						 {"help", no_argument, NULL, 'h'},
						 {NULL, 0, NULL, 0}};
	int o;

	opterr = 0;
	optind = 0;
	while ((o = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (o == 'k')
			c->pubkey = optarg;
		else if (o == 'h')
			return 1;
		else if (o != 'v') {
			fprintf(stderr, "analyze: --verify: unknown option or missing value: %s\n",
				argv[optind - 1]);
			return -1;
		}
	}
	if (argc - optind < 1 || argc - optind > 2) {
		fprintf(stderr, "analyze: --verify RESULTS_DIR [DATA_DIR], please\n");
		return -1;
	}
	c->results = argv[optind];
	snprintf(c->data, sizeof(c->data), "%s", argc - optind == 2 ? argv[optind + 1] : "");
	return 0;
}

/* default_data: DATA_DIR from RESULTS_DIR and the recorded output path (inside). */
static int default_data(struct vctx *c)
{
	const char *out = c->man.options.output;
	size_t lr = strlen(c->results), lo;

	if (*c->data)
		return 0;
	if (c->man.options.output_outside)
		return -1;
	while (lr > 1 && c->results[lr - 1] == '/')
		lr--;
	if (out == NULL || out[0] == '/' || strcmp(out, ".") == 0 || (lo = strlen(out)) > lr ||
	    strncmp(c->results + lr - lo, out, lo) != 0 ||
	    (lr > lo && c->results[lr - lo - 1] != '/'))
		return -1;
	snprintf(c->data, sizeof(c->data), "%.*s", lr == lo ? 1 : (int)(lr - lo - 1),
		 lr == lo ? "." : c->results);
	return 0;
}

/* check_signature: VERIFY_OK or VERIFY_SIGNATURE (printed). */
static int check_signature(struct vctx *c, const char *hex)
{
	const char *fpr = c->man.signer_fingerprint;
	char path[PATH_MAX], mine[SIGN_FPR_MAX];
	unsigned char sig[SIGN_LEN + 1];
	struct err e = {{0}};
	size_t len = 0;
	FILE *f;
	int ok;

	if (c->pubkey == NULL) {
		if (fpr != NULL)
			fprintf(stderr,
				"analyze: --verify: signed by %s; signature not checked "
				"(no --pubkey)\n",
				fpr);
		return VERIFY_OK;
	}
	if (sign_key_fingerprint(c->pubkey, 0, mine, &e) < 0)
		return verify_fail(VERIFY_USAGE, "--pubkey: %s%s", e.msg, NULL);
	if (fpr == NULL)
		return verify_fail(VERIFY_SIGNATURE,
				   "manifest.json: not signed (no field signer)%s%s", "", NULL);
	if (strcmp(fpr, mine) != 0)
		return verify_fail(VERIFY_SIGNATURE,
				   "manifest.json: signed by %s, not by this --pubkey (%s)", fpr,
				   mine);
	snprintf(path, sizeof(path), "%s/manifest.sig", c->results);
	if ((f = fopen(path, "rb")) == NULL)
		return verify_fail(VERIFY_SIGNATURE, "%s: missing: %s", path, strerror(errno));
	len = fread(sig, 1, sizeof(sig), f);
	fclose(f);
	ok = sign_check(c->pubkey, hex, DIGEST_HEX_LEN, sig, len, &e);
	if (ok < 0)
		return verify_fail(VERIFY_USAGE, "--pubkey: %s%s", e.msg, NULL);
	if (!ok)
		return verify_fail(VERIFY_SIGNATURE,
				   "%s: not a valid signature of the manifest by %s", path, mine);
	fprintf(stderr, "analyze: --verify: signature by %s: good\n", mine);
	return VERIFY_OK;
}

/* check_dir_summaries: each run's summary under DATA_DIR dir recomputed from its
 * ops.tsv.zst. */
static int check_dir_summaries(struct vctx *c, const char *dir)
{
	struct scan_list runs = {0};
	struct err e = {{0}};
	int rc = VERIFY_OK;

	if (scan_runs(dir, &runs, &e) < 0) {
		scan_list_clear(&runs);
		return VERIFY_OK; /* no runs/: nothing to recompute (the inputs said so) */
	}
	for (size_t i = 0; i < runs.n && rc == VERIFY_OK; i++) {
		char ops[PATH_MAX], diff[512];
		struct runlog r = {0};
		struct run_summary again = {0};

		if (runlog_read(runs.v[i].file, runs.v[i].rel, &r, &e) < 0)
			continue; /* unreadable: the results list it; its digest was checked */
		snprintf(ops, sizeof(ops), "%s/%s/ops.tsv.zst", dir, runs.v[i].rel);
		if (r.has_summary) {
			if (reqlog_summary(ops, r.workload.rate, r.workload.duration_s, &again,
					   &e) < 0)
				rc = verify_fail(VERIFY_SUMMARY,
						 "%s: summary cannot be recomputed: %s",
						 runs.v[i].file, e.msg);
			else if (runlog_compare(&r.summary, &again, diff, sizeof(diff)))
				rc = verify_fail(VERIFY_SUMMARY,
						 "%s: summary disagrees with its ops.tsv.zst: %s",
						 runs.v[i].file, diff);
			summary_clear(&again);
			c->n_runs++;
		}
		runlog_clear(&r);
	}
	scan_list_clear(&runs);
	return rc;
}

/* check_summaries: each run's summary recomputed from its ops.tsv.zst, in DATA_DIR or, in a
 * merge of vantages, in every vantage's. */
static int check_summaries(struct vctx *c)
{
	char dir[PATH_MAX];
	int rc = check_dir_summaries(c, c->data);

	for (size_t k = 1; rc == VERIFY_OK && k < c->man.options.n_vantages; k++)
		rc = check_dir_summaries(c, verify_vantage_dir(c, k, dir, sizeof(dir)));
	return rc;
}

/* opt_path: a path option's file for the re-derivation, or NULL. */
static const char *opt_path(const struct vctx *c, const struct results_manifest_path *v, char *buf,
			    size_t n)
{
	if (v == NULL || v->path == NULL)
		return NULL;
	verify_locate(c, v->path, v->outside, v->relative_to, buf, n);
	return buf;
}

/* recorded_limits: options.client_limits as --client-limits' argument into buf: 1, or 0 for
 * a manifest without it (written before analyze recorded it: the defaults were in force
 * unless --client-limits was given, which that manifest cannot tell). */
static int recorded_limits(const struct results_manifest_options *o, char *buf, size_t n)
{
	if (!o->has_client_limits)
		return 0;
	manifest_limits_arg(&o->client_limits, buf, n);
	return 1;
}

/* data_args: the DATA_DIR arguments of the re-derivation after argv[*argc]: DATA_DIR, or
 * in a merge of vantages each vantage's (vantage_dir), as --vantage NAME=DIR when its name
 * came from that option; bufs: n_vantages strings of VERIFY_ARG_MAX bytes. */
#define VERIFY_ARG_MAX (PATH_MAX + 256)
static void data_args(const struct vctx *c, char **argv, int *argc, char (*bufs)[VERIFY_ARG_MAX])
{
	const struct results_manifest_options *o = &c->man.options;
	char dir[PATH_MAX];

	if (o->n_vantages < 2) {
		argv[(*argc)++] = (char *)c->data;
		return;
	}
	for (size_t k = 0; k < o->n_vantages; k++) {
		verify_vantage_dir(c, k, dir, sizeof(dir));
		if (o->vantages[k].from != NULL && strcmp(o->vantages[k].from, "option") == 0) {
			argv[(*argc)++] = "--vantage";
			snprintf(bufs[k], VERIFY_ARG_MAX, "%s=%s", o->vantages[k].name, dir);
		} else
			snprintf(bufs[k], VERIFY_ARG_MAX, "%s", dir);
		argv[(*argc)++] = bufs[k];
	}
}

/* The re-derivation's command line and the strings it points to. */
struct dargs {
	char alpha[40], minsam[32], map[PATH_MAX], base[PATH_MAX], limits[128];
	char prices[PATH_MAX + 256], target[40], repeat[32];
	char (*bufs)[VERIFY_ARG_MAX]; /* data_args' */
	char **argv;
	int argc;
};

/* derive_args: analyze's command line with the recorded options into d (its arrays
 * allocated here; the caller frees them). -1 when out of memory. */
static int derive_args(const struct vctx *c, struct dargs *d)
{
	const struct results_manifest_options *o = &c->man.options;
	char **argv;

	d->argv = calloc(28 + 2 * o->n_vantages, sizeof(*d->argv));
	d->bufs = calloc(o->n_vantages + 1, sizeof(*d->bufs));
	if ((argv = d->argv) == NULL || d->bufs == NULL)
		return -1;
	jcs_number(isnan(o->alpha) ? 0 : o->alpha, d->alpha, sizeof(d->alpha));
	snprintf(d->minsam, sizeof(d->minsam), "%lld", o->min_samples);
	argv[d->argc++] = "analyze";
	data_args(c, argv, &d->argc, d->bufs);
	argv[d->argc++] = "-o";
	argv[d->argc++] = (char *)c->tmp;
	argv[d->argc++] = "--policy";
	argv[d->argc++] = o->policy;
	snprintf(d->repeat, sizeof(d->repeat), "%lld", o->repeat);
	if (o->repeat > 0)
		argv[d->argc++] = "--repeat", argv[d->argc++] = d->repeat;
	argv[d->argc++] = "--min-samples";
	argv[d->argc++] = d->minsam;
	argv[d->argc++] = "--alpha";
	argv[d->argc++] = d->alpha;
	if (isfinite(o->target_ci)) {
		manifest_target_arg(o->target_ci, d->target, sizeof(d->target));
		argv[d->argc++] = "--target-ci";
		argv[d->argc++] = d->target;
	}
	if (o->recompute)
		argv[d->argc++] = "--recompute";
	if (opt_path(c, o->warp_map, d->map, sizeof(d->map)))
		argv[d->argc++] = "--warp-map", argv[d->argc++] = d->map;
	if (opt_path(c, o->prices, d->prices, sizeof(d->prices))) {
		const char *sec = o->prices_section;
		size_t k = strlen(d->prices);
		if (sec != NULL)
			snprintf(d->prices + k, sizeof(d->prices) - k, ":%s", sec);
		argv[d->argc++] = "--prices", argv[d->argc++] = d->prices;
	}
	if (opt_path(c, o->baseline, d->base, sizeof(d->base)))
		argv[d->argc++] = "--baseline", argv[d->argc++] = d->base;
	if (o->warp_engine != NULL)
		argv[d->argc++] = "--warp-engine", argv[d->argc++] = o->warp_engine;
	if (recorded_limits(o, d->limits, sizeof(d->limits)))
		argv[d->argc++] = "--client-limits", argv[d->argc++] = d->limits;
	argv[d->argc] = NULL;
	return 0;
}

/* derive: the analysis again into c->tmp with the recorded options and generation
 * time (SOURCE_DATE_EPOCH); its messages go to c->tmp/analyze.log. */
static int derive(struct vctx *c, verify_derive_fn fn)
{
	const char *gen = c->man.generated;
	char epoch[32], log[PATH_MAX + 16];
	struct dargs d = {0};
	int fd, saved, rc;
	int64_t ns;

	if (gen == NULL || rfc3339_parse(gen, &ns) < 0) {
		rc = verify_fail(VERIFY_MANIFEST, "manifest.json: field generated: not a time%s%s",
				 "", NULL);
		goto done;
	}
	if (c->man.options.policy == NULL) {
		rc = verify_fail(VERIFY_MANIFEST, "manifest.json: field options.policy missing%s%s",
				 "", NULL);
		goto done;
	}
	if (derive_args(c, &d) < 0) {
		rc = verify_fail(VERIFY_USAGE, "out of memory%s%s", "", NULL);
		goto done;
	}
	snprintf(epoch, sizeof(epoch), "%lld", (long long)(ns / 1000000000LL));
	setenv("SOURCE_DATE_EPOCH", epoch, 1);
	snprintf(log, sizeof(log), "%s/analyze.log", c->tmp);
	fflush(stderr);
	saved = dup(2);
	if ((fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600)) >= 0) {
		dup2(fd, 2);
		close(fd);
	}
	rc = fn(d.argc, d.argv);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	if (rc >= 2) { /* its messages, before the temporary folder goes */
		char *msgs = fs_read_file(log, 0, NULL, NULL);

		fprintf(stderr, "%s", msgs ? msgs : "");
		free(msgs);
		rc = verify_fail(VERIFY_RESULTS, "the re-derivation failed (exit %s)%s",
				 rc == 2 ? "2" : "above 2", NULL);
		goto done;
	}
	rc = VERIFY_OK;
done:
	free(d.argv);
	free(d.bufs);
	return rc;
}

/* compare_one: RESULTS_DIR/name against the re-derived one. same_build: bytes must
 * agree; else numbers within VERIFY_REL_TOL. *identical cleared when bytes differ. */
static int compare_one(struct vctx *c, const char *name, int same_build, int *identical)
{
	char a_path[PATH_MAX], b_path[PATH_MAX], where[640];
	char *a, *b;
	int rc = VERIFY_OK, d = 0;
	double tol = same_build ? 0 : VERIFY_REL_TOL;

	snprintf(a_path, sizeof(a_path), "%s/%s", c->results, name);
	snprintf(b_path, sizeof(b_path), "%s/%s", c->tmp, name);
	a = fs_read_file(a_path, 0, NULL, NULL);
	b = fs_read_file(b_path, 0, NULL, NULL);
	if (a == NULL || b == NULL)
		rc = verify_fail(VERIFY_RESULTS, "%s: %s", a ? b_path : a_path,
				 a ? "not re-derived" : "missing in RESULTS_DIR");
	else if (strcmp(a, b) != 0) {
		*identical = 0;
		if (strstr(name, ".json")) {
			json_t *ja = json_loads(a, 0, NULL), *jb = json_loads(b, 0, NULL);

			d = ja == NULL || verify_cmp_json(ja, jb, tol, NULL, where, sizeof(where));
			if (ja == NULL)
				snprintf(where, sizeof(where), "not valid JSON");
			json_decref(ja);
			json_decref(jb);
		} else
			d = verify_cmp_text(a, b, tol, where, sizeof(where));
		if (same_build && !d) /* same values, other bytes (layout) */
			snprintf(where, sizeof(where), "same values, different bytes"), d = 1;
		if (d)
			rc = verify_fail(
				VERIFY_RESULTS,
				"%s: differs from the results re-derived from the logs: %s "
				"(RESULTS_DIR vs re-derived)",
				a_path, where);
	}
	free(a);
	free(b);
	return rc;
}

/* check_outputs: the results files are those the manifest records. */
static int check_outputs(struct vctx *c)
{
	struct results_manifest_file y;
	char file[PATH_MAX];
	struct err e = {{0}};
	int rc = VERIFY_OK;

	for (size_t i = 0; i < c->man.n_outputs; i++) {
		const struct results_manifest_file *x = &c->man.outputs[i];
		int got;

		if (rc != VERIFY_OK || x->path == NULL)
			continue;
		snprintf(file, sizeof(file), "%s/%s", c->results, x->path);
		got = manifest_input(file, x->path, 0, &y, &e) == 0;
		if (!got || !verify_same_digest(x, &y))
			rc = verify_fail(VERIFY_RESULTS,
					 "%s: not the file the manifest records (%s)", file,
					 got ? "its SHA-256 or size differs" : e.msg);
		results_manifest_file_free(&y);
	}
	return rc;
}

/* check_trend: trend.json again from the history database, unless it changed. */
static int check_trend(struct vctx *c, int same_build, int *identical)
{
	const struct results_manifest_options *o = &c->man.options;
	char db[PATH_MAX], out[PATH_MAX];
	struct history_trend_opts t = {
		.min_change = isnan(o->alert_min_change) ? 0 : o->alert_min_change,
		/* a manifest of a release without the key: that release's default */
		.false_rate = isnan(o->alert_false_rate) ? CP_FALSE_RATE_DEFAULT
							 : o->alert_false_rate,
		.cells = o->alert_cells,
	};
	struct err e = {{0}};

	if (opt_path(c, o->history, db, sizeof(db)) == NULL)
		return VERIFY_OK;
	if (c->history_note != NULL) {
		fprintf(stderr, "analyze: --verify: trend.json not checked: %s\n", c->history_note);
		return VERIFY_OK;
	}
	snprintf(out, sizeof(out), "%s/trend.json", c->tmp);
	if (history_trend(db, o->history_build, &t, out, NULL, NULL, &e) < 0)
		return verify_fail(VERIFY_RESULTS, "trend.json: cannot be re-derived: %s%s", e.msg,
				   NULL);
	return compare_one(c, "trend.json", same_build, identical);
}

/* check_facts: the manifest's fairness facts re-derived from every DATA_DIR (verify_facts). */
static int check_facts(struct vctx *c)
{
	size_t nv = c->man.options.n_vantages >= 2 ? c->man.options.n_vantages : 1;
	char(*dirs)[PATH_MAX] = calloc(nv, PATH_MAX), file[PATH_MAX], where[PATH_MAX + 1024];
	const char **dp = calloc(nv, sizeof(*dp));
	struct err e = {{0}};
	struct results agg;
	int rc = VERIFY_OK, d = -1;

	memset(&agg, 0, sizeof(agg));
	snprintf(file, sizeof(file), "%s/aggregate.json", c->results);
	if (dirs != NULL && dp != NULL && results_read(file, &agg, &e) == 0) {
		for (size_t k = 0; k < nv; k++)
			dp[k] = nv == 1 ? c->data : verify_vantage_dir(c, k, dirs[k], PATH_MAX);
		d = verify_facts(&c->man, &agg, dp, nv, where, sizeof(where), &e);
	}
	if (d < 0)
		rc = verify_fail(VERIFY_RESULTS, "the fairness facts cannot be re-derived: %s%s",
				 dirs == NULL || dp == NULL ? "out of memory" : e.msg, NULL);
	else if (d > 0)
		rc = verify_fail(
			VERIFY_RESULTS,
			"%s/manifest.json: its fairness facts differ from those the runs record: %s",
			c->results, where);
	results_free(&agg);
	free(dirs);
	free(dp);
	return rc;
}

/* trend_claims: with --history, the trend-alert claims added to the re-derived aggregate.json
 * as analyze adds them (analyze/claims/claims.h, claims_trend_add): from the re-derived
 * trend.json, or RESULTS_DIR's when trend.json is not checked. */
static int trend_claims(struct vctx *c)
{
	char db[PATH_MAX], trend[PATH_MAX + 32], agg[PATH_MAX + 32];
	struct err e = {{0}};

	if (opt_path(c, c->man.options.history, db, sizeof(db)) == NULL)
		return VERIFY_OK;
	snprintf(trend, sizeof(trend), "%s/trend.json",
		 c->history_note != NULL ? c->results : c->tmp);
	snprintf(agg, sizeof(agg), "%s/aggregate.json", c->tmp);
	if (claims_trend_add(agg, trend, &e) < 0)
		return verify_fail(VERIFY_RESULTS, "trend-alert claims: cannot be re-derived: %s%s",
				   e.msg, NULL);
	return VERIFY_OK;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* run_checks: the checks in order; the first failing one's status. */
static int run_checks(struct vctx *c, verify_derive_fn fn, const char *hex)
{
	static const char *const files[] = {"aggregate.json", "cells.csv", "runs.csv"};
	const char *commit = c->man.tool_commit;
	int warp = c->man.options.source != NULL && strcmp(c->man.options.source, "warp") == 0;
	int same_build = commit && strcmp(commit, manifest_commit()) == 0 &&
			 strcmp(commit, "unknown") != 0 && strstr(commit, "-dirty") == NULL;
	int rc, identical = 1;
	uint64_t bytes = 0;

	if ((rc = check_signature(c, hex)) != VERIFY_OK ||
	    (rc = verify_check_inputs(c, warp, &bytes)) != VERIFY_OK)
		return rc;
	fprintf(stderr, "analyze: --verify: %zu inputs (%llu bytes) as recorded\n", c->man.n_inputs,
		(unsigned long long)bytes);
	if (!warp && (rc = check_summaries(c)) != VERIFY_OK)
		return rc;
	if (!warp)
		fprintf(stderr,
			"analyze: --verify: %zu run summaries recomputed from ops.tsv.zst\n",
			c->n_runs);
	if ((rc = check_facts(c)) != VERIFY_OK)
		return rc;
	fprintf(stderr,
		"analyze: --verify: the fairness facts of %zu subjects as the runs record\n",
		c->man.n_subjects);
	snprintf(c->tmp, sizeof(c->tmp), "/tmp/s3bench-verify.XXXXXX");
	if (mkdtemp(c->tmp) == NULL) {
		*c->tmp = '\0';
		return verify_fail(VERIFY_USAGE, "cannot make a temporary folder: %s%s",
				   strerror(errno), NULL);
	}
	if ((rc = derive(c, fn)) != VERIFY_OK ||
	    (rc = check_trend(c, same_build, &identical)) != VERIFY_OK ||
	    (rc = trend_claims(c)) != VERIFY_OK)
		return rc;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if ((rc = compare_one(c, files[i], same_build, &identical)) != VERIFY_OK)
			return rc;
	if ((rc = check_outputs(c)) != VERIFY_OK)
		return rc;
	fprintf(stderr, "analyze: --verify: results re-derived: %s\n",
		identical ? "identical, byte for byte"
			  : "equal within a relative 1e-9 (another build: not byte for byte)");
	return VERIFY_OK;
}

int verify_main(int argc, char **argv, verify_derive_fn fn)
{
	struct vctx c = {0};
	char path[PATH_MAX], hex[DIGEST_HEX_MAX];
	struct err e = {{0}};
	int rc, ok;

	if ((rc = parse(argc, argv, &c)) != 0) {
		verify_usage(rc > 0 ? stdout : stderr);
		return rc > 0 ? VERIFY_OK : VERIFY_USAGE;
	}
	snprintf(path, sizeof(path), "%s/manifest.json", c.results);
	if (manifest_load(path, &c.doc, &e) < 0)
		return verify_fail(VERIFY_USAGE, "%s%s", e.msg, NULL);
	if ((ok = manifest_digest_ok(c.doc, hex, &e)) <= 0) {
		rc = ok < 0 ? verify_fail(VERIFY_USAGE, "%s: %s", path, e.msg)
			    : verify_fail(
				      VERIFY_MANIFEST,
				      "%s: its content does not have the digest it records (%s): "
				      "changed after analyze wrote it",
				      path, hex);
		goto done;
	}
	fprintf(stderr, "analyze: --verify: manifest %s intact\n", hex);
	if (results_manifest_from_json(c.doc, path, &c.man, &e) < 0) {
		rc = verify_fail(VERIFY_USAGE, "%s%s", e.msg, NULL);
		goto done;
	}
	if (default_data(&c) < 0) {
		rc = verify_fail(VERIFY_USAGE,
				 "the manifest does not record RESULTS_DIR inside its data "
				 "folder: give DATA_DIR%s%s",
				 "", NULL);
		goto done;
	}
	rc = run_checks(&c, fn, hex);
	if (rc == VERIFY_OK)
		fprintf(stderr, "analyze: --verify: %s verified against %s\n", c.results, c.data);
done:
	if (*c.tmp)
		nftw(c.tmp, rm_one, 8, FTW_DEPTH | FTW_PHYS);
	json_decref(c.doc);
	results_manifest_free(&c.man);
	return rc;
}

/* analyze/provenance/manifest.c: build, write and read results/manifest.json (see manifest.h). */
#include "analyze/provenance/manifest.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyze/provenance/sign.h"
#include "core/fsutil.h"
#include "core/jcs.h"
#include "core/jread.h"
#include "core/results/results_trend.h"
#include "core/version.h"

const char *manifest_commit(void)
{
	return version_commit();
}

/* path_opt: an option naming a file: NULL, or its record (its path from data_dir:
 * manifest_path_from, "relative_to" "data_dir" when it climbs out of it). */
static struct results_manifest_path *path_opt(const char *data_dir, const char *path, int *ok)
{
	struct results_manifest_path *p;
	char shown[PATH_MAX];
	int where;

	if (path == NULL)
		return NULL;
	where = manifest_path_from(data_dir, path, shown, sizeof(shown));
	if ((p = calloc(1, sizeof(*p))) == NULL || (p->path = strdup(shown)) == NULL ||
	    (where == 2 && (p->relative_to = strdup("data_dir")) == NULL)) {
		if (p != NULL)
			free(p->path);
		free(p);
		*ok = 0;
		return NULL;
	}
	p->outside = where != 1;
	return p;
}

/* add_opt_input: the file of a path option into m's inputs, marked with its role (its path
 * as path_opt records it). A missing file is no input (a baseline without manifest.json). */
static int add_opt_input(struct results_manifest *m, const char *data_dir, const char *file,
			 const char *role, struct err *e)
{
	struct results_manifest_file *nf;
	char shown[PATH_MAX];
	struct stat st;
	int where;

	if (file == NULL || stat(file, &st) != 0)
		return 0;
	where = manifest_path_from(data_dir, file, shown, sizeof(shown));
	if ((nf = realloc(m->inputs, (m->n_inputs + 1) * sizeof(*nf))) == NULL)
		return err_set(e, "out of memory");
	m->inputs = nf;
	memset(&nf[m->n_inputs], 0, sizeof(nf[0]));
	if (manifest_input(file, shown, where != 1, &nf[m->n_inputs], e) < 0)
		return -1;
	nf = &nf[m->n_inputs++];
	if ((nf->role = strdup(role)) == NULL ||
	    (where == 2 && (nf->relative_to = strdup("data_dir")) == NULL))
		return err_set(e, "out of memory");
	return 0;
}

/* vantages: a merge's vantages into x (none for one DATA_DIR); 0 when out of memory. */
static int vantages(const struct manifest_opts *o, struct results_manifest_options *x)
{
	if (o->n_vantages < 2)
		return 1;
	if ((x->vantages = calloc(o->n_vantages, sizeof(*x->vantages))) == NULL)
		return 0;
	for (size_t k = 0; k < o->n_vantages; k++) {
		struct results_manifest_vantage *v = &x->vantages[k];
		char shown[PATH_MAX];
		int where = k == 0 ? 1
				   : manifest_path_from(o->data_dir, o->vantage_dirs[k], shown,
							sizeof(shown));

		x->n_vantages = k + 1;
		v->dir.outside = where != 1;
		if ((v->name = strdup(o->vantage_names[k])) == NULL ||
		    (v->from = strdup(o->vantage_from[k])) == NULL ||
		    (v->dir.path = strdup(k == 0 ? "." : shown)) == NULL ||
		    (where == 2 && (v->dir.relative_to = strdup("data_dir")) == NULL))
			return 0;
	}
	return 1;
}

/* options: every option in force into m's options. */
static int options(const struct manifest_opts *o, struct results_manifest_options *x)
{
	char out[PATH_MAX];
	int ok = 1;

	x->output_outside = !manifest_relpath(o->data_dir, o->results_dir, out, sizeof(out));
	x->data_dir = strdup(".");
	x->output = strdup(out);
	x->policy = strdup(o->policy);
	x->repeat = o->repeat;
	x->min_samples = (long long)o->min_samples;
	x->alpha = o->alpha;
	x->target_ci = o->target_ci;
	x->recompute = o->recompute;
	x->inclusion_rule = strdup("default");
	x->source = strdup(o->warp_mode ? "warp" : "s3bench");
	x->warp_map = path_opt(o->data_dir, o->warp_map, &ok);
	x->baseline = path_opt(o->data_dir, o->baseline, &ok);
	x->history = path_opt(o->data_dir, o->history, &ok);
	x->warp_engine = o->warp_engine ? strdup(o->warp_engine) : NULL;
	x->alert_min_change = o->trend.min_change;
	x->alert_false_rate = o->trend.false_rate;
	x->alert_cells = o->trend.cells ? strdup(o->trend.cells) : NULL;
	ok &= o->trend.cells == NULL || x->alert_cells != NULL;
	if ((x->has_prices = o->prices != NULL)) {
		x->prices = path_opt(o->data_dir, o->prices, &ok);
		x->prices_section = o->prices_section ? strdup(o->prices_section) : NULL;
		ok &= o->prices_section == NULL || x->prices_section != NULL;
	}
	x->has_client_limits = 1;
	x->client_limits = o->climit;
	ok &= vantages(o, x);
	ok &= x->data_dir && x->output && x->policy && x->inclusion_rule && x->source &&
	      (o->warp_engine == NULL || x->warp_engine);
	return ok ? 0 : -1;
}

void manifest_limits_arg(const struct climit_thresholds *t, char *buf, size_t n)
{
	char a[40], b[40], c[40];

	jcs_number(t->cpu_pct, a, sizeof(a));
	jcs_number(t->nic_pct, b, sizeof(b));
	jcs_number(t->retrans_pct, c, sizeof(c));
	snprintf(buf, n, "%s%%,%s%%,%s%%", a, b, c);
}

void manifest_target_arg(double t, char *buf, size_t n)
{
	snprintf(buf, n, "%.15g%%", t * 100);
}

/* command: the analyze command line with the options in force (a copy; NULL when out of
 * memory). */
static char *command(const struct manifest_opts *o)
{
	char alpha[40], limits[128], target[40];
	struct strbuf b = {0};

	jcs_number(o->alpha, alpha, sizeof(alpha));
	manifest_limits_arg(&o->climit, limits, sizeof(limits));
	manifest_target_arg(o->target_ci, target, sizeof(target));
	strbuf_adds(&b, "bin/analyze");
	for (size_t k = 0; k < o->n_vantages; k++)
		if (o->n_vantages >= 2 && strcmp(o->vantage_from[k], "option") == 0)
			strbuf_addf(&b, " --vantage %s=%s", o->vantage_names[k],
				    o->vantage_dirs[k]);
		else if (o->n_vantages >= 2)
			strbuf_addf(&b, " %s", o->vantage_dirs[k]);
	if (o->n_vantages < 2)
		strbuf_addf(&b, " %s", o->data_dir);
	strbuf_addf(&b, " -o %s --policy %s --min-samples %zu --alpha %s --target-ci %s",
		    o->results_dir, o->policy, o->min_samples, alpha, target);
	if (o->repeat > 0)
		strbuf_addf(&b, " --repeat %d", o->repeat);
	if (o->recompute)
		strbuf_adds(&b, " --recompute");
	if (o->warp_map)
		strbuf_addf(&b, " --warp-map %s", o->warp_map);
	if (o->warp_engine)
		strbuf_addf(&b, " --warp-engine %s", o->warp_engine);
	if (o->prices)
		strbuf_addf(&b, " --prices %s%s%s", o->prices, o->prices_section ? ":" : "",
			    o->prices_section ? o->prices_section : "");
	if (o->baseline)
		strbuf_addf(&b, " --baseline %s", o->baseline);
	if (o->history)
		strbuf_addf(&b, " --history %s", o->history);
	strbuf_addf(&b, " --client-limits %s", limits);
	if (b.failed) {
		strbuf_free(&b);
		return NULL;
	}
	return strbuf_take(&b);
}

/* outputs: the results files written (relative to results_dir) with their digests. */
static int outputs(const char *dir, struct results_manifest *m, struct err *e)
{
	static const char *const names[] = {"aggregate.json", "cells.csv", "runs.csv",
					    "trend.json"};
	char file[PATH_MAX];
	struct stat st;

	if ((m->outputs = calloc(sizeof(names) / sizeof(names[0]), sizeof(*m->outputs))) == NULL)
		return err_set(e, "out of memory");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(file, sizeof(file), "%s/%s", dir, names[i]);
		if (stat(file, &st) != 0)
			continue;
		if (manifest_input(file, names[i], 0, &m->outputs[m->n_outputs++], e) < 0)
			return -1;
	}
	return 0;
}

/* written_dir: the directory the results files are in now. */
static const char *written_dir(const struct manifest_opts *o)
{
	return o->staged_dir != NULL ? o->staged_dir : o->results_dir;
}

/* history_build: the build id trend.json records, or 0. */
static long long history_build(const char *dir)
{
	char file[PATH_MAX];
	struct results_trend t;
	struct err e = {{0}};
	long long id;

	snprintf(file, sizeof(file), "%s/trend.json", dir);
	id = results_trend_read(file, &t, &e) == 0 ? t.build : 0;
	results_trend_free(&t);
	return id;
}

/* all_inputs: the data directory's inputs (every vantage's in a merge), then those the
 * options name. */
static int all_inputs(const struct manifest_opts *o, struct results_manifest *m, struct err *e)
{
	char file[PATH_MAX];

	if ((o->n_vantages >= 2 ? manifest_merge_inputs(o->vantage_dirs, o->vantage_names,
							o->n_vantages, &m->inputs, &m->n_inputs, e)
				: manifest_inputs(o->data_dir, o->warp_mode, &m->inputs,
						  &m->n_inputs, e)) < 0 ||
	    add_opt_input(m, o->data_dir, o->warp_map, "warp_map", e) < 0)
		return -1;
	if (o->baseline) {
		snprintf(file, sizeof(file), "%s/aggregate.json", o->baseline);
		if (add_opt_input(m, o->data_dir, file, "baseline", e) < 0)
			return -1;
		snprintf(file, sizeof(file), "%s/manifest.json", o->baseline);
		if (add_opt_input(m, o->data_dir, file, "baseline_manifest", e) < 0)
			return -1;
	}
	if (add_opt_input(m, o->data_dir, o->prices, "prices", e) < 0)
		return -1;
	return add_opt_input(m, o->data_dir, o->history, "history", e);
}

int manifest_build(const struct manifest_opts *o, const char *signer, struct results_manifest *m,
		   struct err *e)
{
	char file[PATH_MAX];
	struct results agg;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	snprintf(file, sizeof(file), "%s/aggregate.json", written_dir(o));
	if (results_read(file, &agg, e) < 0 ||
	    manifest_facts(o->n_vantages >= 2 ? o->vantage_dirs : &o->data_dir,
			   o->n_vantages >= 2 ? o->vantage_names : NULL,
			   o->n_vantages >= 2 ? o->n_vantages : 1, o->warp_mode, &agg, m, e) < 0 ||
	    all_inputs(o, m, e) < 0 || outputs(written_dir(o), m, e) < 0)
		goto done;
	m->format = strdup(RESULTS_MANIFEST_FORMAT);
	m->generated = strdup(agg.generated ? agg.generated : "");
	m->tool_name = strdup("s3bench");
	m->tool_version = strdup(S3BENCH_VERSION);
	m->tool_commit = strdup(manifest_commit());
	m->command = command(o);
	if ((m->options.has_history_build = o->history != NULL))
		m->options.history_build = history_build(written_dir(o));
	if (signer != NULL) {
		m->signer_algorithm = strdup("ed25519");
		m->signer_fingerprint = strdup(signer);
	}
	if (options(o, &m->options) < 0 || m->format == NULL || m->generated == NULL ||
	    m->tool_name == NULL || m->tool_version == NULL || m->tool_commit == NULL ||
	    m->command == NULL || (signer && (!m->signer_algorithm || !m->signer_fingerprint))) {
		err_set(e, "manifest: out of memory");
		goto done;
	}
	rc = 0;
done:
	results_free(&agg);
	return rc;
}

int manifest_write(const struct manifest_opts *o, char hex[DIGEST_HEX_MAX], struct err *e)
{
	char fpr[SIGN_FPR_MAX], path[PATH_MAX];
	unsigned char sig[SIGN_LEN];
	struct results_manifest m;
	json_t *doc = NULL;
	int rc = -1;

	if (o->sign_key && sign_key_fingerprint(o->sign_key, 1, fpr, e) < 0)
		return err_prefix(e, "--sign");
	if (manifest_build(o, o->sign_key ? fpr : NULL, &m, e) < 0)
		goto done;
	/* the digest of the manifest without it, then the written form: "format", "digest",
	 * the rest */
	if ((doc = results_manifest_to_json(&m)) == NULL) {
		err_set(e, "manifest: out of memory");
		goto done;
	}
	if (jcs_digest(doc, RESULTS_MANIFEST_DIGEST, hex, e) < 0)
		goto done;
	if ((m.digest = strdup(hex)) == NULL) {
		err_set(e, "manifest: out of memory");
		goto done;
	}
	snprintf(path, sizeof(path), "%s/manifest.json", written_dir(o));
	if (results_manifest_write(&m, path, e) == 0)
		rc = 0;
	snprintf(path, sizeof(path), "%s/manifest.sig", written_dir(o));
	if (rc == 0 && o->sign_key) {
		rc = sign_message(o->sign_key, hex, DIGEST_HEX_LEN, sig, e);
		if (rc == 0)
			rc = fs_write_file(path, sig, SIGN_LEN, e);
	} else if (rc == 0)
		remove(path); /* an older signature no longer matches */
done:
	json_decref(doc);
	results_manifest_free(&m);
	return rc;
}

int manifest_load(const char *path, json_t **doc, struct err *e)
{
	if ((*doc = jread_load(path, e)) == NULL)
		return -1;
	if (results_manifest_format(*doc, path, e) < 0) {
		json_decref(*doc);
		*doc = NULL;
		return -1;
	}
	return 0;
}

int manifest_digest_ok(const json_t *doc, char hex[DIGEST_HEX_MAX], struct err *e)
{
	const char *rec = json_string_value(json_object_get(doc, RESULTS_MANIFEST_DIGEST));

	if (jcs_digest(doc, RESULTS_MANIFEST_DIGEST, hex, e) < 0)
		return -1;
	return rec != NULL && strcmp(rec, hex) == 0;
}

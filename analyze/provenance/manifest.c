/* analyze/provenance/manifest.c: build, write and read results/manifest.json (see manifest.h). */
#include "analyze/provenance/manifest.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "analyze/provenance/sign.h"
#include "core/fsutil.h"
#include "core/jcs.h"
#include "core/version.h"

const char *manifest_commit(void)
{
	return version_commit();
}

/* path_opt: an option naming a file: null, or {"path", "outside"} (path relative to
 * data_dir when inside it). */
static json_t *path_opt(const char *data_dir, const char *path)
{
	char shown[PATH_MAX];
	int in;

	if (path == NULL)
		return json_null();
	in = manifest_relpath(data_dir, path, shown, sizeof(shown));
	return json_pack("{s:s, s:b}", "path", shown, "outside", !in);
}

/* add_opt_input: the file of a path option into inputs, marked with its role. A
 * missing file is no input (a baseline without manifest.json). */
static int add_opt_input(json_t *inputs, const char *data_dir, const char *file, const char *role,
			 struct err *e)
{
	char shown[PATH_MAX];
	struct stat st;
	json_t *one;
	int in;

	if (file == NULL || stat(file, &st) != 0)
		return 0;
	in = manifest_relpath(data_dir, file, shown, sizeof(shown));
	if ((one = manifest_input(file, shown, !in, e)) == NULL)
		return -1;
	json_object_set_new(one, "role", json_string(role));
	return json_array_append_new(inputs, one) < 0 ? err_set(e, "out of memory") : 0;
}

static json_t *options(const struct manifest_opts *o)
{
	char out[PATH_MAX];
	int in = manifest_relpath(o->data_dir, o->results_dir, out, sizeof(out));
	json_t *j;

	j = json_pack("{s:s, s:s, s:b, s:s, s:I, s:f, s:b, s:s, s:s, s:o, s:o, s:o, s:o, s:f}",
		      "data_dir", ".", "output", out, "output_outside", !in, "policy", o->policy,
		      "min_samples", (json_int_t)o->min_samples, "alpha", o->alpha, "recompute",
		      o->recompute, "inclusion_rule", "default", "source",
		      o->warp_mode ? "warp" : "s3bench", "warp_map",
		      path_opt(o->data_dir, o->warp_map), "baseline",
		      path_opt(o->data_dir, o->baseline), "history",
		      path_opt(o->data_dir, o->history), "warp_engine",
		      o->warp_engine ? json_string(o->warp_engine) : json_null(),
		      "alert_min_change", o->alert_min_change);
	if (j != NULL && o->prices != NULL &&
	    (json_object_set_new(j, "prices", path_opt(o->data_dir, o->prices)) < 0 ||
	     json_object_set_new(j, "prices_section",
				 o->prices_section ? json_string(o->prices_section) : json_null()) <
		     0)) {
		json_decref(j);
		return NULL;
	}
	return j;
}

/* client_limits: options.client_limits, the thresholds the verdicts were judged with. */
static json_t *client_limits(const struct manifest_opts *o)
{
	return json_pack("{s:f, s:f, s:f}", "cpu_pct", o->climit.cpu_pct, "nic_pct",
			 o->climit.nic_pct, "retrans_pct", o->climit.retrans_pct);
}

void manifest_limits_arg(const struct climit_thresholds *t, char *buf, size_t n)
{
	char a[40], b[40], c[40];

	jcs_number(t->cpu_pct, a, sizeof(a));
	jcs_number(t->nic_pct, b, sizeof(b));
	jcs_number(t->retrans_pct, c, sizeof(c));
	snprintf(buf, n, "%s%%,%s%%,%s%%", a, b, c);
}

/* command: the analyze command line with the options in force. */
static json_t *command(const struct manifest_opts *o)
{
	char alpha[40], limits[128];
	struct strbuf b = {0};
	json_t *s;

	jcs_number(o->alpha, alpha, sizeof(alpha));
	manifest_limits_arg(&o->climit, limits, sizeof(limits));
	strbuf_addf(&b, "bin/analyze %s -o %s --policy %s --min-samples %zu --alpha %s",
		    o->data_dir, o->results_dir, o->policy, o->min_samples, alpha);
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
	s = b.failed ? NULL : json_string(b.p);
	strbuf_free(&b);
	return s;
}

/* outputs: the results files written (relative to results_dir) with their digests. */
static json_t *outputs(const char *dir, struct err *e)
{
	static const char *const names[] = {"aggregate.json", "cells.csv", "runs.csv",
					    "trend.json"};
	char file[PATH_MAX];
	struct stat st;
	json_t *arr = json_array(), *one;

	for (size_t i = 0; arr != NULL && i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(file, sizeof(file), "%s/%s", dir, names[i]);
		if (stat(file, &st) != 0)
			continue;
		if ((one = manifest_input(file, names[i], 0, e)) == NULL) {
			json_decref(arr);
			return NULL;
		}
		json_array_append_new(arr, one);
	}
	return arr;
}

/* written_dir: the directory the results files are in now. */
static const char *written_dir(const struct manifest_opts *o)
{
	return o->staged_dir != NULL ? o->staged_dir : o->results_dir;
}

/* history_build: the build id trend.json records, or 0. */
static json_int_t history_build(const char *dir)
{
	char file[PATH_MAX];
	json_t *t;
	json_int_t id;

	snprintf(file, sizeof(file), "%s/trend.json", dir);
	t = json_load_file(file, 0, NULL);
	id = json_integer_value(json_object_get(t, "build"));
	json_decref(t);
	return id;
}

/* add_inputs: the data directory's inputs, then those the options name. */
static json_t *all_inputs(const struct manifest_opts *o, struct err *e)
{
	char file[PATH_MAX];
	json_t *in = manifest_inputs(o->data_dir, o->warp_mode, e);

	if (in == NULL)
		return NULL;
	if (add_opt_input(in, o->data_dir, o->warp_map, "warp_map", e) < 0)
		goto fail;
	if (o->baseline) {
		snprintf(file, sizeof(file), "%s/aggregate.json", o->baseline);
		if (add_opt_input(in, o->data_dir, file, "baseline", e) < 0)
			goto fail;
		snprintf(file, sizeof(file), "%s/manifest.json", o->baseline);
		if (add_opt_input(in, o->data_dir, file, "baseline_manifest", e) < 0)
			goto fail;
	}
	if (add_opt_input(in, o->data_dir, o->prices, "prices", e) < 0)
		goto fail;
	if (add_opt_input(in, o->data_dir, o->history, "history", e) < 0)
		goto fail;
	return in;
fail:
	json_decref(in);
	return NULL;
}

json_t *manifest_build(const struct manifest_opts *o, const char *signer, struct err *e)
{
	char file[PATH_MAX];
	json_error_t je;
	json_t *agg, *doc = NULL, *libs = NULL, *coll = NULL, *subj, *in, *outs;

	snprintf(file, sizeof(file), "%s/aggregate.json", written_dir(o));
	if ((agg = json_load_file(file, 0, &je)) == NULL)
		return err_set(e, "%s: line %d: %s", file, je.line, je.text), NULL;
	subj = manifest_facts(o->data_dir, o->warp_mode, agg, &libs, &coll, e);
	in = subj ? all_inputs(o, e) : NULL;
	outs = in ? outputs(written_dir(o), e) : NULL;
	if (outs != NULL) {
		const json_t *gen = json_object_get(agg, "generated");

		doc = json_pack("{s:s, s:s, s:{s:s, s:s, s:s}, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
				"format", MANIFEST_FORMAT, "generated",
				json_is_string(gen) ? json_string_value(gen) : "", "tool", "name",
				"s3bench", "version", S3BENCH_VERSION, "commit", manifest_commit(),
				"command", command(o), "options", options(o), "inputs", in,
				"outputs", outs, "libraries", libs, "collect", coll, "subjects",
				subj);
		in = outs = libs = coll = subj = NULL; /* doc owns them now (or freed them) */
		if (doc == NULL)
			err_set(e, "manifest: out of memory");
	}
	if (doc != NULL)
		json_object_set_new(json_object_get(doc, "options"), "client_limits",
				    client_limits(o));
	if (doc != NULL && o->history != NULL)
		json_object_set_new(json_object_get(doc, "options"), "history_build",
				    json_integer(history_build(written_dir(o))));
	if (doc != NULL)
		json_object_set_new(doc, "signer",
				    signer ? json_pack("{s:s, s:s}", "algorithm", "ed25519",
						       "fingerprint", signer)
					   : json_null());
	json_decref(subj);
	json_decref(in);
	json_decref(outs);
	json_decref(libs);
	json_decref(coll);
	json_decref(agg);
	return doc;
}

/* dump_file: doc into path atomically, one member per line; doubles with 15 digits
 * when they read back exactly so (0.05), else 17. */
static int dump_file(const json_t *doc, const char *path, struct err *e)
{
	size_t flags = JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15);
	char *s = json_dumps(doc, flags);
	json_t *back = s ? json_loads(s, 0, NULL) : NULL;
	struct fs_atomic a;
	FILE *f;

	if (back == NULL || !json_equal(back, (json_t *)doc))
		flags = JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17);
	json_decref(back);
	free(s);
	if ((f = fs_atomic_fopen(&a, path, e)) == NULL)
		return -1;
	if (json_dumpf(doc, f, flags) != 0 || fputc('\n', f) == EOF) {
		int errnum = errno;

		fs_atomic_abort(&a);
		return err_set(e, "%s: cannot write: %s", path, strerror(errnum));
	}
	return fs_atomic_commit(&a, e);
}

int manifest_write(const struct manifest_opts *o, char hex[DIGEST_HEX_MAX], struct err *e)
{
	char fpr[SIGN_FPR_MAX], path[PATH_MAX];
	unsigned char sig[SIGN_LEN];
	json_t *doc, *out;
	const char *key;
	json_t *v;
	int rc = -1;

	if (o->sign_key && sign_key_fingerprint(o->sign_key, 1, fpr, e) < 0)
		return err_prefix(e, "--sign");
	if ((doc = manifest_build(o, o->sign_key ? fpr : NULL, e)) == NULL)
		return -1;
	if (jcs_digest(doc, "digest", hex, e) < 0)
		goto done;
	/* the written form: "format", "digest", then the rest in build order */
	out = json_pack("{s:O, s:s}", "format", json_object_get(doc, "format"), "digest", hex);
	json_object_foreach(doc, key, v)
		if (out && strcmp(key, "format") != 0)
			json_object_set(out, key, v);
	snprintf(path, sizeof(path), "%s/manifest.json", written_dir(o));
	if (out == NULL)
		err_set(e, "manifest: out of memory");
	else if (dump_file(out, path, e) == 0)
		rc = 0;
	json_decref(out);
	snprintf(path, sizeof(path), "%s/manifest.sig", written_dir(o));
	if (rc == 0 && o->sign_key) {
		rc = sign_message(o->sign_key, hex, DIGEST_HEX_LEN, sig, e);
		if (rc == 0)
			rc = fs_write_file(path, sig, SIGN_LEN, e);
	} else if (rc == 0)
		remove(path); /* an older signature no longer matches */
done:
	json_decref(doc);
	return rc;
}

int manifest_load(const char *path, json_t **doc, struct err *e)
{
	const char *fmt;
	json_error_t je;
	char *end;
	long major;

	*doc = json_load_file(path, 0, &je);
	if (*doc == NULL)
		return err_set(e, "%s: line %d: %s", path, je.line, je.text);
	fmt = json_string_value(json_object_get(*doc, "format"));
	if (fmt == NULL || strncmp(fmt, MANIFEST_PREFIX, strlen(MANIFEST_PREFIX)) != 0) {
		err_set(e, "%s: field format: not an s3bench manifest", path);
		goto fail;
	}
	major = strtol(fmt + strlen(MANIFEST_PREFIX), &end, 10);
	if (end == fmt + strlen(MANIFEST_PREFIX) || (*end && *end != '.')) {
		err_set(e, "%s: field format: '%s' is not NAME/MAJOR[.MINOR]", path, fmt);
		goto fail;
	}
	if (major != MANIFEST_MAJOR) {
		err_set(e,
			"%s: field format: '%s' is a newer manifest format than this analyze "
			"reads (%s): verify it with a newer s3bench",
			path, fmt, MANIFEST_FORMAT);
		goto fail;
	}
	return 0;
fail:
	json_decref(*doc);
	*doc = NULL;
	return -1;
}

int manifest_digest_ok(const json_t *doc, char hex[DIGEST_HEX_MAX], struct err *e)
{
	const char *rec = json_string_value(json_object_get(doc, "digest"));

	if (jcs_digest(doc, "digest", hex, e) < 0)
		return -1;
	return rec != NULL && strcmp(rec, hex) == 0;
}

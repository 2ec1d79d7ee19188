/* analyze/provenance/verify_inputs.c: the lower half of --verify: its message (verify_fail),
 * where it finds DATA_DIR's files (a recorded path inside or outside it, each vantage's
 * DATA_DIR of a merge) and its check of the recorded inputs against the files as they are
 * now (see verify_int.h; docs/FORMATS.md, "manifest.json"). */
#include "analyze/provenance/verify_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/provenance/manifest.h"
#include "analyze/provenance/verify.h"

int verify_fail(int status, const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "analyze: --verify: ");
	fprintf(stderr, fmt, a, b != NULL ? b : "");
	fputc('\n', stderr);
	return status;
}

/* find: the entry of f[0..n) whose path is path (a role input or not), or NULL. */
static const struct results_manifest_file *find(const struct results_manifest_file *f, size_t n,
						const char *path, int with_role)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(f[i].path, path) == 0 && (f[i].role != NULL) == with_role)
			return &f[i];
	return NULL;
}

int verify_same_digest(const struct results_manifest_file *a, const struct results_manifest_file *b)
{
	return a->sha256 != NULL && b->sha256 != NULL && strcmp(a->sha256, b->sha256) == 0 &&
	       a->size == b->size;
}

/* locate: the file of a recorded path (outside, relative_to) into buf: inside DATA_DIR and
 * outside it relative to DATA_DIR alike from DATA_DIR, else (a manifest of a release that
 * recorded outside paths as given) as given. */
void verify_locate(const struct vctx *c, const char *path, int outside, const char *relative_to,
		   char *buf, size_t n)
{
	if (outside && (relative_to == NULL || strcmp(relative_to, "data_dir") != 0))
		snprintf(buf, n, "%s", path);
	else
		snprintf(buf, n, "%s/%s", c->data, path);
}

/* up: base without its last component into buf ("a/b" -> "a", "b" -> "."); 0 when it has
 * none to drop ("", ".", "..", "/", a last component ".."). */
static int up(const char *base, char *buf, size_t n)
{
	const char *slash;
	size_t len = strlen(base);

	while (len > 1 && base[len - 1] == '/')
		len--;
	slash = memrchr(base, '/', len);
	if (len == 0 || (len == 1 && base[0] == '.') || (len == 1 && base[0] == '/') ||
	    (len >= 2 && strncmp(base + len - 2, "..", 2) == 0 &&
	     (len == 2 || base[len - 3] == '/')))
		return 0;
	if (slash == NULL)
		snprintf(buf, n, ".");
	else
		snprintf(buf, n, "%.*s", slash == base ? 1 : (int)(slash - base), base);
	return 1;
}

/* vantage_dir: the DATA_DIR of a merge's vantage k (options.vantages[k]) into buf: the first
 * DATA_DIR itself, another located from it (locate), its leading ".." taken off DATA_DIR as
 * written, so that DATA_DIR given as analyze was given it finds the others as they were
 * given ("data/us" and "../eu": "data/eu"). */
const char *verify_vantage_dir(const struct vctx *c, size_t k, char *buf, size_t n)
{
	const struct results_manifest_path *d = &c->man.options.vantages[k].dir;
	char base[PATH_MAX], next[PATH_MAX];
	const char *rel = d->path;

	if (k == 0 || d->path == NULL) {
		snprintf(buf, n, "%s", c->data);
		return buf;
	}
	if (d->outside && (d->relative_to == NULL || strcmp(d->relative_to, "data_dir") != 0)) {
		snprintf(buf, n, "%s", d->path);
		return buf;
	}
	snprintf(base, sizeof(base), "%s", c->data);
	while ((strncmp(rel, "../", 3) == 0 || strcmp(rel, "..") == 0) &&
	       up(base, next, sizeof(next))) {
		memcpy(base, next, sizeof(base));
		rel += rel[2] == '/' ? 3 : 2;
	}
	if (*rel == '\0')
		snprintf(buf, n, "%s", base);
	else if (strcmp(base, ".") == 0)
		snprintf(buf, n, "%s", rel);
	else
		snprintf(buf, n, "%s%s%s", base, base[strlen(base) - 1] == '/' ? "" : "/", rel);
	return buf;
}

/* inputs_now: the inputs as they are now: DATA_DIR's, or in a merge of vantages every
 * vantage's (manifest_merge_inputs). -1 with e set. */
static int inputs_now(const struct vctx *c, int warp, struct results_manifest_file **now,
		      size_t *n_now, struct err *e)
{
	const struct results_manifest_options *o = &c->man.options;
	char(*dirs)[PATH_MAX];
	const char **dp, **names;
	int rc = -1;

	if (o->n_vantages < 2)
		return manifest_inputs(c->data, warp, now, n_now, e);
	dirs = calloc(o->n_vantages, sizeof(*dirs));
	dp = calloc(o->n_vantages, sizeof(*dp));
	names = calloc(o->n_vantages, sizeof(*names));
	if (dirs == NULL || dp == NULL || names == NULL) {
		err_set(e, "out of memory");
		goto done;
	}
	for (size_t k = 0; k < o->n_vantages; k++) {
		dp[k] = verify_vantage_dir(c, k, dirs[k], sizeof(dirs[k]));
		names[k] = o->vantages[k].name;
	}
	rc = manifest_merge_inputs(dp, names, o->n_vantages, now, n_now, e);
done:
	free(dirs);
	free(dp);
	free(names);
	return rc;
}

static void files_free(struct results_manifest_file *f, size_t n)
{
	for (size_t i = 0; i < n; i++)
		results_manifest_file_free(&f[i]);
	free(f);
}

/* input_name: DATA_DIR's input f as a message names it, into buf (PATH_MAX + 64 bytes):
 * its file, and its vantage in a merge ("data/eu/runs/x/run.json (vantage eu-west)"). */
static const char *input_name(const struct vctx *c, const struct results_manifest_file *f,
			      char *buf)
{
	char file[PATH_MAX];

	for (size_t k = 1; f->vantage != NULL && k < c->man.options.n_vantages; k++) {
		const char *pre = c->man.options.vantages[k].dir.path;
		size_t len = pre != NULL ? strlen(pre) : 0;

		if (len > 0 && strncmp(f->path, pre, len) == 0 && f->path[len] == '/') {
			verify_vantage_dir(c, k, file, sizeof(file));
			snprintf(buf, PATH_MAX + 64, "%s/%s (vantage %s)", file, f->path + len + 1,
				 f->vantage);
			return buf;
		}
	}
	snprintf(buf, PATH_MAX + 64, "%s/%s%s%s%s", c->data, f->path,
		 f->vantage != NULL ? " (vantage " : "", f->vantage != NULL ? f->vantage : "",
		 f->vantage != NULL ? ")" : "");
	return buf;
}

/* check_inputs: every recorded input as it was, nothing extra. */
int verify_check_inputs(struct vctx *c, int warp, uint64_t *bytes)
{
	const struct results_manifest_file *rec = c->man.inputs;
	size_t n_rec = c->man.n_inputs, n_now = 0;
	struct results_manifest_file *now = NULL, y;
	struct err e = {{0}};
	char file[PATH_MAX + 64];
	int rc = VERIFY_OK;

	if (inputs_now(c, warp, &now, &n_now, &e) < 0) {
		files_free(now, n_now);
		return verify_fail(VERIFY_INPUTS, "%s%s", e.msg, NULL);
	}
	for (size_t i = 0; i < n_rec; i++) {
		const struct results_manifest_file *x = &rec[i], *z;
		const char *p = x->path;

		*bytes += x->size;
		if (rc != VERIFY_OK)
			break;
		if (x->role != NULL) {
			int got;

			verify_locate(c, x->path, x->outside, x->relative_to, file, sizeof(file));
			got = manifest_input(file, p, 0, &y, &e) == 0;
			if (strcmp(x->role, "history") == 0) {
				if (!got || !verify_same_digest(x, &y))
					c->history_note =
						got ? "the history database has changed since "
						      "(builds recorded after it)"
						    : "the history database is not there";
			} else if (!got)
				rc = verify_fail(VERIFY_INPUTS, "missing input: %s (%s)", p, e.msg);
			else if (!verify_same_digest(x, &y))
				rc = verify_fail(VERIFY_INPUTS, "changed input: %s%s", file, NULL);
			results_manifest_file_free(&y);
		} else if ((z = find(now, n_now, p, 0)) == NULL)
			rc = verify_fail(VERIFY_INPUTS, "missing input: %s%s",
					 input_name(c, x, file), NULL);
		else if (!verify_same_digest(x, z))
			rc = verify_fail(VERIFY_INPUTS,
					 "changed input: %s (its SHA-256 or size differs)",
					 input_name(c, x, file), NULL);
	}
	for (size_t i = 0; i < n_now; i++)
		if (rc == VERIFY_OK && find(rec, n_rec, now[i].path, 0) == NULL)
			rc = verify_fail(VERIFY_INPUTS, "extra input: %s (not in the manifest)",
					 input_name(c, &now[i], file), NULL);
	files_free(now, n_now);
	return rc;
}

/* analyze/provenance/manifest_inputs.c: the input files of a DATA_DIR with their digests (see
 * manifest.h). */
#include "analyze/provenance/manifest.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyze/read/strv.h"
#include "analyze/warp/warp.h"

#define WALK_DEPTH 16

int manifest_input(const char *file, const char *shown, int outside,
		   struct results_manifest_file *f, struct err *e)
{
	char hex[DIGEST_HEX_MAX];
	uint64_t size = 0;

	memset(f, 0, sizeof(*f));
	if (digest_file(file, hex, &size, e) < 0)
		return -1;
	f->size = size;
	f->outside = outside;
	if ((f->path = strdup(shown)) == NULL || (f->sha256 = strdup(hex)) == NULL)
		return err_set(e, "%s: out of memory", file);
	return 0;
}

/* walk: the regular files under DATA_DIR/rel (rel "" = DATA_DIR) into *files (paths
 * relative to DATA_DIR). warp: only Warp result files, hidden entries and links to
 * folders skipped; else everything (links followed, at most WALK_DEPTH levels). */
static int walk(const char *data_dir, const char *rel, int warp, int depth, char ***files,
		size_t *n, struct err *e)
{
	char dir[PATH_MAX], full[PATH_MAX], sub[PATH_MAX];
	DIR *d;
	struct dirent *de;
	struct stat st, lst;
	int rc = 0;

	snprintf(dir, sizeof(dir), "%s%s%s", data_dir, *rel ? "/" : "", rel);
	if (depth > WALK_DEPTH)
		return err_set(e, "%s: folders nested deeper than %d levels", dir, WALK_DEPTH);
	if ((d = opendir(dir)) == NULL)
		return err_set(e, "%s: cannot read: %s", dir, strerror(errno));
	while (rc == 0 && (de = readdir(d)) != NULL) {
		char bench[16];
		int64_t t;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
		    (warp && de->d_name[0] == '.'))
			continue;
		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", de->d_name);
		snprintf(full, sizeof(full), "%s/%s", data_dir, sub);
		if (lstat(full, &lst) < 0 || stat(full, &st) < 0)
			rc = err_set(e, "%s: cannot read: %s", full, strerror(errno));
		else if (S_ISDIR(st.st_mode)) {
			if (!(warp && S_ISLNK(lst.st_mode)))
				rc = walk(data_dir, sub, warp, depth + 1, files, n, e);
		} else if (S_ISREG(st.st_mode) &&
			   (!warp || warpdir_name(de->d_name, bench, sizeof(bench), &t) >= 0) &&
			   strv_push(files, n, sub) < 0)
			rc = err_set(e, "out of memory");
	}
	closedir(d);
	return rc;
}

static int by_bytes(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int manifest_inputs(const char *data_dir, int warp_mode, struct results_manifest_file **out,
		    size_t *n_out, struct err *e)
{
	static const char *const top[] = {"campaign.ini", "plan.tsv", "sweeps.json", "probe.json",
					  "consistency.json"};
	char **files = NULL, full[PATH_MAX], runs[PATH_MAX];
	size_t n = 0;
	struct stat st;

	*out = NULL;
	*n_out = 0;
	snprintf(runs, sizeof(runs), "%s/runs", data_dir);
	if (warp_mode) {
		if (walk(data_dir, "", 1, 0, &files, &n, e) < 0)
			goto fail;
	} else {
		for (size_t i = 0; i < sizeof(top) / sizeof(top[0]); i++) {
			snprintf(full, sizeof(full), "%s/%s", data_dir, top[i]);
			if (stat(full, &st) == 0 && S_ISREG(st.st_mode) &&
			    strv_push(&files, &n, top[i]) < 0)
				goto oom;
		}
		if (stat(runs, &st) == 0 && walk(data_dir, "runs", 0, 1, &files, &n, e) < 0)
			goto fail;
		snprintf(full, sizeof(full), "%s/traces", data_dir); /* a [replay]'s trace */
		if (stat(full, &st) == 0 && walk(data_dir, "traces", 0, 1, &files, &n, e) < 0)
			goto fail;
	}
	if (n > 0)
		qsort(files, n, sizeof(*files), by_bytes);
	if ((*out = calloc(n + 1, sizeof(**out))) == NULL)
		goto oom;
	for (size_t i = 0; i < n; i++) {
		snprintf(full, sizeof(full), "%s/%s", data_dir, files[i]);
		if (manifest_input(full, files[i], 0, &(*out)[(*n_out)++], e) < 0)
			goto fail;
	}
	strv_free(files, n);
	return 0;
oom:
	err_set(e, "out of memory");
fail:
	strv_free(files, n);
	return -1;
}

/* mark: the records f[0..n) of vantage name, their paths (relative to their own DATA_DIR)
 * put under prefix (NULL: left) with outside and relative_to (NULL: none). -1 with e set. */
static int mark(struct results_manifest_file *f, size_t n, const char *name, const char *prefix,
		int outside, const char *relative_to, struct err *e)
{
	for (size_t i = 0; i < n; i++) {
		char *p = NULL;

		if (prefix != NULL) {
			size_t len = strlen(prefix) + strlen(f[i].path) + 2;

			if ((p = malloc(len)) == NULL)
				return err_set(e, "out of memory");
			snprintf(p, len, "%s/%s", prefix, f[i].path);
			free(f[i].path);
			f[i].path = p;
		}
		f[i].outside = outside;
		if ((f[i].vantage = strdup(name)) == NULL ||
		    (relative_to != NULL && (f[i].relative_to = strdup(relative_to)) == NULL))
			return err_set(e, "out of memory");
	}
	return 0;
}

int manifest_merge_inputs(const char *const *dirs, const char *const *names, size_t n_dirs,
			  struct results_manifest_file **out, size_t *n_out, struct err *e)
{
	*out = NULL;
	*n_out = 0;
	for (size_t k = 0; k < n_dirs; k++) {
		struct results_manifest_file *f = NULL, *all;
		size_t n = 0;
		char prefix[PATH_MAX];
		int where = k == 0 ? 1
				   : manifest_path_from(dirs[0], dirs[k], prefix, sizeof(prefix));

		if (manifest_inputs(dirs[k], 0, &f, &n, e) < 0 ||
		    mark(f, n, names[k], k == 0 ? NULL : prefix, where != 1,
			 where == 2 ? "data_dir" : NULL, e) < 0 ||
		    (all = realloc(*out, (*n_out + n + 1) * sizeof(*all))) == NULL) {
			for (size_t i = 0; i < n; i++)
				results_manifest_file_free(&f[i]);
			free(f);
			return e->msg[0] ? -1 : err_set(e, "out of memory");
		}
		memcpy(all + *n_out, f, n * sizeof(*f));
		*out = all;
		*n_out += n;
		free(f);
	}
	return 0;
}

int manifest_relpath(const char *data_dir, const char *path, char *buf, size_t n)
{
	char root[PATH_MAX], real[PATH_MAX];
	size_t k;

	if (realpath(data_dir, root) != NULL && realpath(path, real) != NULL) {
		k = strlen(root);
		if (strcmp(real, root) == 0) {
			snprintf(buf, n, ".");
			return 1;
		}
		if (strncmp(real, root, k) == 0 && (real[k] == '/' || k == 1)) {
			snprintf(buf, n, "%s", real + (k == 1 ? 1 : k + 1));
			return 1;
		}
	}
	snprintf(buf, n, "%s", path);
	return 0;
}

int manifest_path_from(const char *data_dir, const char *path, char *buf, size_t n)
{
	char root[PATH_MAX], real[PATH_MAX];
	size_t same = 0, k, len = 0;
	const char *down;

	if (manifest_relpath(data_dir, path, buf, n))
		return 1;
	if (realpath(data_dir, root) == NULL || realpath(path, real) == NULL)
		return 0;
	/* same: where the folder both lie in ends ("/a/b" of /a/b/c and /a/b/x/f) */
	for (k = 0; root[k] != '\0' && root[k] == real[k]; k++)
		if (root[k] == '/')
			same = k;
	if (root[k] == '/' && real[k] == '\0') /* path is a folder above data_dir */
		same = k;
	down = real[same] == '\0' ? "" : real + same + 1;
	for (k = same; root[k] != '\0'; k++) /* one ".." per folder of root below it */
		if (root[k] == '/' && root[k + 1] != '\0')
			len += (size_t)snprintf(buf + (len < n ? len : 0), len < n ? n - len : 0,
						"%s..", len ? "/" : "");
	len += (size_t)snprintf(buf + (len < n ? len : 0), len < n ? n - len : 0, "%s%s",
				*down ? "/" : "", down);
	if (len >= n) {
		snprintf(buf, n, "%s", path);
		return 0;
	}
	return 2;
}

/* core/sweeplog.c: OUT/sweeps.json (core/sweeplog.h). */
#include "core/sweeplog.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fsutil.h"
#include "core/timefmt.h"

static json_t *rec_json(const struct sweep_rec *r)
{
	json_t *b = bill_to_json(&r->bill);

	if (b == NULL)
		return NULL;
	return json_pack("{s:s, s:s, s:s, s:s, s:o}", "run", r->run, "subject", r->subject, "by",
			 r->by, "time", r->time, "billing", b);
}

/* load: the file's "sweeps" array into *out (new reference; an empty one when there is
 * no file). 0, or -1 with a message. */
static int load(const char *path, json_t **out, struct err *e)
{
	json_error_t je;
	json_t *j, *arr;
	const char *fmt;

	*out = NULL;
	if (access(path, F_OK) != 0) {
		if (errno != ENOENT)
			return err_set(e, "%s: %s", path, strerror(errno));
		*out = json_array();
		return *out ? 0 : err_set(e, "%s: out of memory", path);
	}
	j = json_load_file(path, 0, &je);
	if (j == NULL)
		return err_set(e, "%s:%d: %s", path, je.line, je.text);
	arr = json_object_get(j, "sweeps");
	fmt = json_string_value(json_object_get(j, "format"));
	if (!json_is_array(arr) || fmt == NULL || strcmp(fmt, SWEEPLOG_FORMAT) != 0) {
		json_decref(j);
		return err_set(e, "%s: not a %s file", path, SWEEPLOG_FORMAT);
	}
	*out = json_incref(arr);
	json_decref(j);
	return 0;
}

void sweeplog_remove_temps(const char *root)
{
	static const char stem[] = "." SWEEPLOG_FILE ".tmp.";
	DIR *d = opendir(root);
	struct dirent *de;
	char path[4096];

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL)
		if (strncmp(de->d_name, stem, sizeof(stem) - 1) == 0 &&
		    snprintf(path, sizeof(path), "%s/%s", root, de->d_name) < (int)sizeof(path))
			unlink(path);
	closedir(d);
}

int sweeplog_append(const char *root, struct sweep_rec *v, size_t n, struct err *e)
{
	char path[4096];
	json_t *arr, *doc = NULL;
	char *text = NULL;
	int rc = -1;

	if (snprintf(path, sizeof(path), "%s/%s", root, SWEEPLOG_FILE) >= (int)sizeof(path))
		return err_set(e, "%s: path too long", root);
	sweeplog_remove_temps(root);
	if (load(path, &arr, e) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (v[i].time[0] == '\0')
			rfc3339_format(v[i].time, sizeof(v[i].time),
				       time_now_ns() / 1000000000LL * 1000000000LL);
		if (json_array_append_new(arr, rec_json(&v[i])) < 0)
			goto nomem;
	}
	doc = json_pack("{s:s, s:O}", "format", SWEEPLOG_FORMAT, "sweeps", arr);
	if (doc == NULL || (text = json_dumps(doc, JSON_INDENT(2))) == NULL)
		goto nomem;
	size_t len = strlen(text);
	text[len] = '\n'; /* over the NUL: the length is passed */
	rc = fs_write_file(path, text, len + 1, e);
	goto done;
nomem:
	err_set(e, "%s: out of memory", path);
done:
	free(text);
	json_decref(doc);
	json_decref(arr);
	return rc;
}

/* copy: the string member k of o into buf (n bytes); -1 when it is not a string. */
static int copy(const json_t *o, const char *k, char *buf, size_t n)
{
	const char *s = json_string_value(json_object_get(o, k));

	if (s == NULL || strlen(s) >= n)
		return -1;
	memcpy(buf, s, strlen(s) + 1);
	return 0;
}

int sweeplog_read(const char *root, struct sweep_rec **v, size_t *n, struct err *e)
{
	static const char *const keys[] = {"run", "subject", "by", "time"};
	char path[4096];
	struct err be;
	json_t *arr, *o;
	size_t i;

	*v = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/%s", root, SWEEPLOG_FILE);
	if (load(path, &arr, e) < 0)
		return -1;
	if (json_array_size(arr) > 0 && (*v = calloc(json_array_size(arr), sizeof(**v))) == NULL) {
		json_decref(arr);
		return err_set(e, "%s: out of memory", path);
	}
	json_array_foreach(arr, i, o) {
		struct sweep_rec *r = &(*v)[i];
		char *dst[] = {r->run, r->subject, r->by, r->time};
		size_t len[] = {sizeof(r->run), sizeof(r->subject), sizeof(r->by), sizeof(r->time)};
		for (int k = 0; k < 4; k++)
			if (copy(o, keys[k], dst[k], len[k]) < 0) {
				err_set(e, "%s: field sweeps[%zu].%s: not a string (or too long)",
					path, i, keys[k]);
				goto fail;
			}
		if (bill_from_json(json_object_get(o, "billing"), &r->bill, &be) < 0) {
			err_set(e, "%s: field sweeps[%zu].%s", path, i, be.msg);
			goto fail;
		}
	}
	*n = json_array_size(arr);
	json_decref(arr);
	return 0;
fail:
	json_decref(arr);
	free(*v);
	*v = NULL;
	return -1;
}

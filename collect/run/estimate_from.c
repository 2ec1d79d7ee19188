/* collect/run/estimate_from.c: `--estimate-from DATA_DIR`: the throughput an earlier campaign's
 * complete runs reached, per subject, op and size, for the bill estimate
 * (collect/run/estimate.h). Reads collect's own run.json files. */
#include <glob.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/run/estimate.h"

/* add: one complete run's obj/s into the running mean of its (subject, op, size). */
static int add(struct estimate_opts *o, size_t *counts, const char *subj, const char *op,
	       uint64_t size, double obj_s)
{
	size_t i;

	for (i = 0; i < o->n_seen; i++)
		if (strcmp(o->seen[i].subject, subj) == 0 && strcmp(o->seen[i].op, op) == 0 &&
		    o->seen[i].size == size)
			break;
	if (i == o->n_seen) {
		struct estimate_seen *t = realloc(o->seen, (i + 1) * sizeof(*t));
		if (t == NULL)
			return -1;
		o->seen = t;
		memset(&t[i], 0, sizeof(t[i]));
		snprintf(t[i].subject, sizeof(t[i].subject), "%s", subj);
		snprintf(t[i].op, sizeof(t[i].op), "%s", op);
		t[i].size = size;
		counts[i] = 0;
		o->n_seen++;
	}
	counts[i]++;
	o->seen[i].obj_s += (obj_s - o->seen[i].obj_s) / (double)counts[i];
	return 0;
}

int estimate_from(const char *data_dir, struct estimate_opts *o, struct err *e)
{
	char pat[4096];
	glob_t g;
	size_t *counts = NULL;
	int rc = -1;

	snprintf(pat, sizeof(pat), "%s/runs/*/*/*/run.json", data_dir);
	if (glob(pat, 0, NULL, &g) != 0)
		return err_set(e, "--estimate-from %s: no run.json under %s/runs/", data_dir,
			       data_dir);
	counts = calloc(g.gl_pathc, sizeof(*counts));
	if (counts == NULL) {
		err_set(e, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < g.gl_pathc; i++) {
		json_t *j = json_load_file(g.gl_pathv[i], 0, NULL);
		const char *st = json_string_value(json_object_get(j, "status"));
		const char *subj = json_string_value(
			json_object_get(json_object_get(j, "subject"), "id"));
		const json_t *wl = json_object_get(j, "workload");
		const char *op = json_string_value(json_object_get(wl, "op"));
		const json_t *ob = json_object_get(json_object_get(j, "summary"), "obj_s");
		if (st && strcmp(st, "complete") == 0 && subj && op && json_is_number(ob) &&
		    json_number_value(ob) > 0 &&
		    add(o, counts, subj, op,
			(uint64_t)json_integer_value(json_object_get(wl, "size")),
			json_number_value(ob)) < 0) {
			json_decref(j);
			err_set(e, "out of memory");
			goto out;
		}
		json_decref(j);
	}
	rc = 0;
out:
	free(counts);
	globfree(&g);
	return rc;
}

void estimate_opts_clear(struct estimate_opts *o)
{
	free(o->seen);
	o->seen = NULL;
	o->n_seen = 0;
}

/* collect/run/estimate_from.c: `--estimate-from DATA_DIR`: the throughput an earlier campaign's
 * complete runs reached, per subject, op and size, for the bill estimate
 * (collect/run/estimate.h). Reads collect's own run.json files (core/runrec/runrec.h). */
#include <glob.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/run/estimate.h"
#include "core/runrec/runrec.h"
#include "core/summary.h"

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
		struct runrec *r = malloc(sizeof(*r));
		struct run_summary sum;
		int ok = r != NULL && runrec_load(g.gl_pathv[i], r, NULL) == 0, bad = r == NULL;

		if (ok && r->status != NULL && strcmp(r->status, RUNREC_COMPLETE) == 0 &&
		    r->subject.id != NULL && r->workload.op != NULL && r->summary != NULL &&
		    summary_from_json(r->summary, &sum, NULL) == 0) {
			bad = sum.obj_s > 0 && add(o, counts, r->subject.id, r->workload.op,
						   (uint64_t)r->workload.size, sum.obj_s) < 0;
			summary_clear(&sum);
		}
		if (ok)
			runrec_clear(r);
		free(r);
		if (bad) {
			err_set(e, "out of memory");
			goto out;
		}
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

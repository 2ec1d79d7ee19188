/* analyze/cells/timeseries.c: see timeseries.h. */
#include "analyze/cells/timeseries.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/cells/aggregate.h"
#include "analyze/read/reqlog.h"

/* largest_point: the largest size with a valid run of op and, at it, the highest
 * concurrency with one. 0 when op has no valid run. */
static int largest_point(const struct aggregate *a, const char *op, uint64_t *size, int *conc)
{
	int found = 0;

	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		if (strcmp(c->op, op) != 0 || c->n == 0)
			continue;
		if (!found || c->size > *size || (c->size == *size && c->concurrency > *conc)) {
			*size = c->size;
			*conc = c->concurrency;
			found = 1;
		}
	}
	return found;
}

/* latest_valid: the valid run of c with the highest cycle; NULL when none. */
static const struct runlog *latest_valid(const struct aggregate *a, const struct agg_cell *c)
{
	const struct runlog *best = NULL;

	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];

		if (r->v.included && (best == NULL || r->log->cycle > best->cycle))
			best = r->log;
	}
	return best;
}

/* one_series: the series of run l of cell c into s. 1 done, 0 no series (the log is
 * missing or unreadable: reported), -1 with e set when memory ran out (the output would
 * otherwise silently lack a series a full run has). */
static int one_series(const struct agg_cell *c, const struct runlog *l, const char *data_dir,
		      struct ts_series *s, void (*report)(const char *msg), struct err *e)
{
	char file[PATH_MAX], msg[ERR_MSG_MAX + PATH_MAX + 64];
	const char *files[1] = {file};
	struct summary_acc *acc;
	struct err re = {{0}};
	int rc;

	reqlog_path(file, sizeof(file), data_dir, l->path);
	if (access(file, F_OK) != 0) {
		snprintf(msg, sizeof(msg), "%s: missing: no time series for this run", file);
		goto skip;
	}
	acc = reqlog_acc(files, 1, NULL, &re);
	if (acc == NULL && strstr(re.msg, "out of memory"))
		return err_set(e, "%s", re.msg);
	if (acc == NULL) {
		snprintf(msg, sizeof(msg), "%s (no time series for this run)", re.msg);
		goto skip;
	}
	memset(s, 0, sizeof(*s));
	rc = summary_acc_series(acc, &s->v, &s->n, &s->start_s, &s->kept_first, &s->kept_last, &re);
	summary_acc_free(acc);
	if (rc < 0 && strstr(re.msg, "out of memory"))
		return err_set(e, "%s: %s", file, re.msg);
	if (rc < 0) {
		snprintf(msg, sizeof(msg), "%s: %s (no time series for this run)", file, re.msg);
		goto skip;
	}
	s->subject = c->subject;
	s->op = c->op;
	s->path = l->path;
	s->size = c->size;
	s->concurrency = c->concurrency;
	s->cycle = l->cycle;
	return 1;
skip:
	if (report != NULL)
		report(msg);
	return 0;
}

int timeseries_build(const struct aggregate *a, const char *data_dir, struct ts_list *out,
		     void (*report)(const char *msg), struct err *e)
{
	static const char *const ops[] = {"put", "get"};

	memset(out, 0, sizeof(*out));
	out->v = calloc(2 * (a->n_subjects ? a->n_subjects : 1), sizeof(*out->v));
	if (out->v == NULL)
		return err_set(e, "timeseries: out of memory");
	for (size_t o = 0; o < 2; o++) {
		uint64_t size = 0;
		int conc = 0;

		if (!largest_point(a, ops[o], &size, &conc))
			continue;
		for (size_t i = 0; i < a->n_cells; i++) {
			const struct agg_cell *c = &a->cells[i];
			const struct runlog *l;

			if (strcmp(c->op, ops[o]) != 0 || c->size != size ||
			    c->concurrency != conc || (l = latest_valid(a, c)) == NULL)
				continue;
			int r = one_series(c, l, data_dir, &out->v[out->n], report, e);

			if (r < 0)
				return -1;
			out->n += r;
		}
	}
	return 0;
}

void timeseries_clear(struct ts_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].v);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

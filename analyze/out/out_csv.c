/* analyze/out/out_csv.c: cells.csv and runs.csv (see out.h). */
#include "analyze/out/out.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <csv.h>

#include "core/fsutil.h"

/* Field writers: each puts a separator first unless it starts the row. */

static void sep(FILE *f, int *col)
{
	if ((*col)++)
		fputc(',', f);
}

static void f_str(FILE *f, int *col, const char *s)
{
	sep(f, col);
	if (s != NULL && *s)
		csv_fwrite(f, s, strlen(s));
}

static void f_num(FILE *f, int *col, double v)
{
	sep(f, col);
	if (isfinite(v))
		fprintf(f, "%.15g", v);
}

static void f_int(FILE *f, int *col, long long v)
{
	sep(f, col);
	fprintf(f, "%lld", v);
}

static void row_end(FILE *f, int *col)
{
	fputc('\n', f);
	*col = 0;
}

int out_csv_cells(const struct aggregate *a, const char *path, struct err *e)
{
	struct fs_atomic out;
	FILE *f = fs_atomic_fopen(&out, path, e);
	int col = 0;

	if (f == NULL)
		return -1;
	fputs("subject,op,size,concurrency,n,expected,mib_s,mib_s_mean,mib_s_median,"
	      "mib_s_min,mib_s_max,mib_s_stddev,mib_s_cv,obj_s,lat_avg_ms,lat_p50_ms,"
	      "lat_p99_ms,ttfb_avg_ms,mib_s_ci_lo,mib_s_ci_hi,obj_s_ci_lo,obj_s_ci_hi,clients,"
	      "workers_total\n",
	      f);
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		f_str(f, &col, a->subjects[c->subject].id);
		f_str(f, &col, c->op);
		f_int(f, &col, (long long)c->size);
		f_int(f, &col, c->concurrency);
		f_int(f, &col, (long long)c->n);
		f_int(f, &col, (long long)c->expected);
		f_num(f, &col, c->mib.value);
		f_num(f, &col, c->mib.mean);
		f_num(f, &col, c->mib.median);
		f_num(f, &col, c->mib.min);
		f_num(f, &col, c->mib.max);
		f_num(f, &col, c->mib.stddev);
		f_num(f, &col, c->mib.cv);
		f_num(f, &col, c->obj.value);
		f_num(f, &col, c->lat.avg);
		f_num(f, &col, c->lat.p50);
		f_num(f, &col, c->lat.p99);
		f_num(f, &col, c->ttfb.avg);
		f_num(f, &col, c->mib.ci_lo);
		f_num(f, &col, c->mib.ci_hi);
		f_num(f, &col, c->obj.ci_lo);
		f_num(f, &col, c->obj.ci_hi);
		f_int(f, &col, c->clients);
		f_int(f, &col, (long long)c->concurrency * c->clients);
		row_end(f, &col);
	}
	return fs_atomic_commit(&out, e);
}

int out_csv_runs(const struct aggregate *a, const char *path, struct err *e)
{
	struct fs_atomic out;
	FILE *f = fs_atomic_fopen(&out, path, e);
	int col = 0;

	if (f == NULL)
		return -1;
	fputs("path,cycle,subject,op,size,concurrency,included,class,reason,mib_s,obj_s,"
	      "lat_avg_ms,ttfb_avg_ms,clients,workers_total\n",
	      f);
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct agg_run *r = &a->runs[i];
		const struct runlog *l = r->log;
		const struct run_summary *s = &l->summary;

		f_str(f, &col, l->path);
		if (l->cycle > 0)
			f_int(f, &col, l->cycle);
		else
			sep(f, &col);
		f_str(f, &col, l->subject);
		f_str(f, &col, l->op);
		f_int(f, &col, (long long)l->size);
		f_int(f, &col, l->concurrency);
		f_str(f, &col, r->v.included ? "true" : "false");
		f_str(f, &col, r->v.cls);
		f_str(f, &col, r->v.reason);
		f_num(f, &col, l->has_summary ? s->mib_s : NAN);
		f_num(f, &col, l->has_summary ? s->obj_s : NAN);
		f_num(f, &col, l->has_summary ? s->latency.avg : NAN);
		f_num(f, &col, l->has_summary && s->has_ttfb ? s->ttfb.avg : NAN);
		f_int(f, &col, runlog_clients_count(&l->clients));
		f_int(f, &col, (long long)l->concurrency * runlog_clients_count(&l->clients));
		row_end(f, &col);
	}
	return fs_atomic_commit(&out, e);
}

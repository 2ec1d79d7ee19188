/* analyze/warp/warp_full.c: see warp_full.h. The rules are those of Warp 1.6.1's
 * aggregate.Aggregate (one goroutine per op there, one op after the other here) and
 * cli/analyze.go's printAnalysis without --analyze.v. */
#include "analyze/warp/warp_full.h"

#include <math.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_fops.h"
#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_gosort.h"
#include "analyze/warp/warp_json.h"
#include "analyze/warp/warp_lines.h"

#define SEC 1000000000LL

/* One host's (or client's) throughput line. */
struct fhost {
	char name[160];
	int set; /* Warp stores one only when some request of the host succeeded */
	struct warp_tp tp;
};

/* What printAnalysis prints of one op (aggregate.Operation). */
struct fop_report {
	const char *op;
	int skipped;
	int64_t n, errors, concurrency, opo;
	int64_t ran_ns; /* the successful requests' time range (0 when skipped) */
	struct warp_tp tp;
	int64_t seg_ms;
	size_t n_segs;
	double bps[3], ops[3]; /* fastest, median, slowest */
	struct fhost *hosts;
	size_t n_hosts, n_set;
};

/* analysisDur: the shortest standard length giving at most 400 segments. */
static int64_t analysis_dur(int64_t total)
{
	static const int64_t std[] = {SEC,       5 * SEC,   15 * SEC,   60 * SEC,
				      300 * SEC, 900 * SEC, 3600 * SEC, 10800 * SEC};
	size_t i;

	if (total <= 0)
		return 0;
	for (i = 0; i < sizeof(std) / sizeof(std[0]) - 1; i++)
		if (total / std[i] <= 400)
			break;
	return std[i];
}

/* durToMillis: d rounded to ms (halves away from zero), in ms */
static int64_t dur_ms(int64_t d)
{
	return go_dur_round(d, GO_MS) / GO_MS;
}

/* Throughput.fill */
static void tp_fill(struct warp_tp *t, const struct warp_fseg *s)
{
	warp_tp_init(t);
	t->ops = s->full_ops;
	t->measure_ms = dur_ms(s->ends_before - s->start);
	t->start = s->start;
	t->end = s->ends_before;
	t->bytes = (double)s->total_bytes;
	t->objects = s->objects;
	t->errors = s->errors;
}

struct segsort {
	const struct warp_fseg *s;
	size_t *idx;
	int key; /* 0 MiB/s, 1 ops ended/s, 2 objects/s */
};

static double seg_key(const struct segsort *c, size_t i)
{
	double v[3];

	warp_fseg_speed(&c->s[c->idx[i]], &v[0], &v[1], &v[2]);
	return v[c->key];
}

static int less_seg(size_t i, size_t j, void *ctx)
{
	return seg_key(ctx, i) < seg_key(ctx, j);
}

static void swap_seg(size_t i, size_t j, void *ctx)
{
	struct segsort *c = ctx;
	size_t t = c->idx[i];

	c->idx[i] = c->idx[j];
	c->idx[j] = t;
}

/* ThroughputSegmented.fill: Fastest, Median, Slowest of segs (in time order). */
static int segs_pick(struct fop_report *r, const struct warp_fseg *segs, size_t n,
		     int64_t total_bytes)
{
	struct segsort c = {.s = segs, .key = 2};
	const double at[3] = {1, 0.5, 0};
	size_t i;
	int objs = 0;

	c.idx = malloc(n * sizeof(*c.idx));
	if (c.idx == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		c.idx[i] = i;
		objs |= segs[i].objects > 0;
	}
	if (total_bytes > 0)
		c.key = 0;
	else if (!objs)
		c.key = 1;
	gosort_slice(n, less_seg, swap_seg, &c);
	for (i = 0; i < 3; i++) {
		double m = fmin(fmax(round((double)n * at[i]), 0), (double)n - 1), mib, ops, ob;

		warp_fseg_speed(&segs[c.idx[(size_t)m]], &mib, &ops, &ob);
		r->bps[i] = round(mib * 1048576);
		r->ops[i] = round((ob == 0 ? ops : ob) * 100) / 100;
	}
	r->n_segs = n;
	free(c.idx);
	return 0;
}

/* The successful requests of o[0..n) into *out (a new array). */
static int successful(const struct warp_fop *o, size_t n, struct warp_fop **out, size_t *k)
{
	size_t i;

	*k = 0;
	*out = malloc((n ? n : 1) * sizeof(**out));
	if (*out == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (!o[i].err)
			(*out)[(*k)++] = o[i];
	return 0;
}

/* One host's line: Total(false) of its successful requests, its errors. */
static int host_fill(struct fhost *h, const struct warp_fop *o, size_t n)
{
	struct warp_fop *ok;
	struct warp_fseg t;
	size_t k, i;
	int64_t errs = 0;

	for (i = 0; i < n; i++)
		errs += o[i].err;
	if (successful(o, n, &ok, &k) < 0)
		return -1;
	if (k > 0) {
		if (warp_fops_total(ok, k, 0, 0, &t) < 0) {
			free(ok);
			return -1;
		}
		t.errors = errs;
		tp_fill(&h->tp, &t);
		h->set = 1;
	}
	free(ok);
	return 0;
}

static int cmp_ep(const void *a, const void *b, void *ctx)
{
	const struct warp_fop *x = a, *y = b;
	char **eps = ctx;
	int c = strcmp(eps[x->ep], eps[y->ep]);

	if (c != 0)
		return c;
	return x->start < y->start ? -1 : x->start > y->start;
}

static int cmp_cl(const void *a, const void *b)
{
	const struct warp_fop *x = a, *y = b;

	if (x->cl != y->cl)
		return x->cl < y->cl ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

/* ThroughputByHost: per endpoint of every request, or per client ("Client_a", ...)
 * of the successful ones when there is one endpoint and several clients. The groups
 * are in name order, as HostNames is. */
static int hosts_fill(struct fop_report *r, const struct warp_fops_file *f, struct warp_fop *all,
		      size_t n_all, struct warp_fop *ok, size_t n_ok)
{
	struct warp_fop *v = all;
	size_t n = n_all, i, k;
	int by_client = 0;

	qsort_r(all, n_all, sizeof(*all), cmp_ep, f->eps);
	for (i = 1; i < n_all && all[i].ep == all[0].ep; i++)
		;
	if (i == n_all && n_ok > 0) {
		qsort(ok, n_ok, sizeof(*ok), cmp_cl);
		for (k = 1; k < n_ok && ok[k].cl == ok[0].cl; k++)
			;
		if (k < n_ok) {
			by_client = 1;
			v = ok;
			n = n_ok;
		}
	}
	r->hosts = calloc(n ? n : 1, sizeof(*r->hosts));
	if (r->hosts == NULL)
		return -1;
	for (i = 0; i < n; i = k) {
		struct fhost *h = &r->hosts[r->n_hosts++];

		for (k = i + 1; k < n && (by_client ? v[k].cl == v[i].cl : v[k].ep == v[i].ep); k++)
			;
		if (by_client)
			snprintf(h->name, sizeof(h->name), "Client_%c", (char)('a' + v[i].cl));
		else
			snprintf(h->name, sizeof(h->name), "%s", f->eps[v[i].ep]);
		if (host_fill(h, &v[i], k - i) < 0)
			return -1;
		r->n_set += (size_t)h->set;
	}
	return 0;
}

/* The rest of one op once its segments are known (ok: its successful requests). */
static int op_fill(struct fop_report *r, const struct warp_fops_file *f, struct warp_fop *all,
		   size_t n_all, struct warp_fop *ok, size_t n_ok, int pre, struct warp_fseg *segs,
		   size_t n_segs)
{
	struct warp_fseg total;

	if (warp_fops_total(ok, n_ok, !pre, 0, &total) < 0)
		return -1;
	tp_fill(&r->tp, &total);
	if (segs_pick(r, segs, n_segs, total.total_bytes) < 0)
		return -1;
	r->opo = ok[0].objs;
	r->concurrency = warp_fops_threads(ok, n_ok);
	return hosts_fill(r, f, all, n_all, ok, n_ok);
}

/* One op of a run that is not mixed. pre: Warp's Prefiltered (some request failed). */
static int op_report(struct fop_report *r, const struct warp_fops_file *f, const struct warp_fop *v,
		     size_t nv, int op, int pre)
{
	struct warp_fop *all = malloc((nv ? nv : 1) * sizeof(*all)), *ok = NULL;
	struct warp_fseg *segs = NULL;
	size_t n = 0, n_ok = 0, n_segs = 0, i;
	int64_t s, e;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	warp_tp_init(&r->tp);
	r->op = f->ops[op];
	if (all == NULL)
		return -1;
	for (i = 0; i < nv; i++)
		if (v[i].op == op)
			all[n++] = v[i];
	for (i = 0; i < n; i++)
		r->errors += all[i].err;
	warp_fops_time_range(all, n, &s, &e);
	r->seg_ms = dur_ms(analysis_dur(e - s));
	if (warp_fops_segment(all, n, WARP_TIME_ZERO, analysis_dur(e - s), !pre, 0, &segs,
			      &n_segs) < 0 ||
	    successful(all, n, &ok, &n_ok) < 0)
		goto done;
	r->n = (int64_t)n;
	r->skipped = n_segs <= 1 || n_ok == 0;
	if (!r->skipped) {
		warp_fops_time_range(ok, n_ok, &s, &e);
		r->ran_ns = e - s;
	}
	rc = r->skipped ? 0 : op_fill(r, f, all, n, ok, n_ok, pre, segs, n_segs);
done:
	free(segs);
	free(ok);
	free(all);
	return rc;
}

static void print_op(FILE *out, const struct fop_report *r)
{
	char buf[1024], d[40];
	const char *name[3] = {"Fastest", "50% Median", "Slowest"};
	size_t i;

	fputs("\n----------------------------------------\n", out);
	if (r->opo > 1)
		fprintf(out, "Operation: %s\n", r->op);
	else
		fprintf(out, "Operation: %s. Concurrency: %lld\n", r->op,
			(long long)r->concurrency);
	if (r->errors > 0)
		fprintf(out, "Errors: %lld\n", (long long)r->errors);
	if (r->skipped) {
		fprintf(out,
			"Skipping %s too few samples. Longer benchmark run required for reliable "
			"results.\n",
			r->op);
		return;
	}
	warp_lines_tp(buf, sizeof(buf), &r->tp, WARP_LINES_V161);
	fprintf(out, "* Average: %s\n", buf);
	if (r->n_set > 1) {
		fputs("\nThroughput by host:\n", out);
		for (i = 0; i < r->n_hosts; i++) {
			warp_lines_tp(buf, sizeof(buf), &r->hosts[i].tp, WARP_LINES_V161);
			fprintf(out, " * %s: Avg: %s\n", r->hosts[i].name, buf);
			if (r->hosts[i].tp.errors > 0)
				fprintf(out, "Errors: %lld\n", (long long)r->hosts[i].tp.errors);
		}
	}
	go_dur_string(d, sizeof(d), r->seg_ms * GO_MS);
	fprintf(out, "\nThroughput, split into %zu x %s:\n", r->n_segs, d);
	for (i = 0; i < 3; i++) {
		warp_lines_seg(buf, sizeof(buf), r->bps[i], r->ops[i], r->tp.objects == 0, -1, 0);
		fprintf(out, " * %s: %s\n", name[i], buf);
	}
}

static json_t *op_json(const struct fop_report *r)
{
	double ms = (double)r->tp.measure_ms;
	json_t *o = json_pack("{s:s,s:b,s:I,s:I,s:I,s:I}", "op", r->op, "skipped", r->skipped,
			      "requests", (json_int_t)r->n, "errors", (json_int_t)r->errors,
			      "concurrency", (json_int_t)r->concurrency, "objects_per_request",
			      (json_int_t)r->opo);
	const char *name[3] = {"fastest", "median", "slowest"};
	json_t *segs, *hosts;
	size_t i;

	if (o == NULL || r->skipped)
		return o;
	json_object_set_new(o, "ran_s", json_real(ms / 1000));
	json_object_set_new(o, "mib_s", json_real(ms > 0 ? 1000 * r->tp.bytes / ms / 1048576 : 0));
	json_object_set_new(o, "obj_s", json_real(ms > 0 ? 1000 * r->tp.objects / ms : 0));
	segs = json_pack("{s:I,s:I}", "count", (json_int_t)r->n_segs, "seconds",
			 (json_int_t)(r->seg_ms / 1000));
	for (i = 0; segs && i < 3; i++)
		json_object_set_new(
			segs, name[i],
			json_pack("{s:f,s:f}", "mib_s", r->bps[i] / 1048576, "obj_s", r->ops[i]));
	json_object_set_new(o, "segments", segs);
	hosts = json_array();
	for (i = 0; hosts && i < r->n_hosts; i++) {
		double hm = (double)r->hosts[i].tp.measure_ms;

		json_array_append_new(
			hosts, json_pack("{s:s,s:f,s:f,s:I}", "host", r->hosts[i].name, "mib_s",
					 hm > 0 ? 1000 * r->hosts[i].tp.bytes / hm / 1048576 : 0.0,
					 "obj_s", hm > 0 ? 1000 * r->hosts[i].tp.objects / hm : 0.0,
					 "errors", (json_int_t)r->hosts[i].tp.errors));
	}
	json_object_set_new(o, "hosts", hosts);
	return o;
}

/* Operations.isMixed: two ops whose time ranges overlap. */
static int is_mixed(const struct warp_fops_file *f)
{
	int64_t *s, *e;
	int a, b, mixed = 0;
	size_t i;

	if (f->n_ops <= 1)
		return 0;
	s = malloc(2 * (size_t)f->n_ops * sizeof(*s));
	if (s == NULL)
		return -1;
	e = s + f->n_ops;
	for (a = 0; a < f->n_ops; a++)
		s[a] = e[a] = WARP_TIME_ZERO;
	for (i = 0; i < f->n; i++) {
		const struct warp_fop *o = &f->v[i];

		if (s[o->op] == WARP_TIME_ZERO || o->start < s[o->op])
			s[o->op] = o->start;
		if (e[o->op] == WARP_TIME_ZERO || o->end > e[o->op])
			e[o->op] = o->end;
	}
	for (a = 0; a < f->n_ops && !mixed; a++)
		for (b = 0; b < f->n_ops && !mixed; b++) {
			int64_t first_end = e[a], second_start = e[b];

			if (a == b)
				continue;
			if (s[b] < s[a]) {
				first_end = e[b];
				second_start = s[a];
			}
			mixed = first_end > second_start;
		}
	free(s);
	return mixed;
}

/* The op indices of f in name order (Warp sorts a mixed run's op types). */
static int *ops_by_name(const struct warp_fops_file *f)
{
	int *o = malloc(((size_t)f->n_ops + 1) * sizeof(*o)), i, k;

	for (i = 0; o != NULL && i < f->n_ops; i++) {
		for (k = i; k > 0 && strcmp(f->ops[o[k - 1]], f->ops[i]) > 0; k--)
			o[k] = o[k - 1];
		o[k] = i;
	}
	return o;
}

/* A mixed run: Aggregate's mixed part, then printMixedOpAnalysis without details. The
 * requests inside the window of all workers (when none failed) or the successful ones
 * (when some did) make the cluster total; each op is analyzed as Prefiltered. */
static int mixed_file(const struct warp_fops_file *f, FILE *mem, json_t *ops)
{
	struct warp_fop *in = malloc((f->n ? f->n : 1) * sizeof(*in));
	const struct warp_fop *per_op = f->v;
	struct warp_fseg total;
	struct warp_tp mt;
	size_t i, n_in = 0, n_per = f->n;
	int64_t s = 0, e = 0, errs = 0;
	int *order = ops_by_name(f), k, rc = -1;
	char buf[1024], d[40];

	for (i = 0; i < f->n; i++)
		errs += f->v[i].err;
	if (in == NULL || order == NULL ||
	    (errs == 0 && warp_fops_active_range(f->v, f->n, 1, &s, &e) < 0))
		goto done;
	for (i = 0; i < f->n; i++)
		if (errs ? !f->v[i].err : f->v[i].start >= s && f->v[i].end <= e)
			in[n_in++] = f->v[i];
	if (errs == 0) {
		per_op = in;
		n_per = n_in;
	}
	if (warp_fops_total(in, n_in, 0, 1, &total) < 0)
		goto done;
	total.errors = errs;
	tp_fill(&mt, &total);
	if (mem)
		fputs("Mixed operations.", mem);
	for (k = 0; k < f->n_ops; k++) {
		struct fop_report r;
		double pct;
		int fail = op_report(&r, f, per_op, n_per, order[k], 1);

		pct = !fail && mt.ops > 0 ? 100.0 * (double)r.tp.ops / (double)mt.ops : 0;
		if (!fail && mem) {
			go_dur_string(d, sizeof(d), r.ran_ns - r.ran_ns % SEC);
			fprintf(mem, "\nOperation: %s, %d%%, Concurrency: %lld, Ran %s.\n", r.op,
				(int)(pct + 0.5), (long long)r.concurrency, d);
			if (r.skipped) {
				fprintf(mem,
					"Skipping %s too few samples. Longer benchmark run required "
					"for reliable results.\n",
					r.op);
			} else {
				if (r.errors > 0)
					fprintf(mem, "Errors: %lld\n", (long long)r.errors);
				warp_lines_tp(buf, sizeof(buf), &r.tp, WARP_LINES_V161);
				fprintf(mem, " * Throughput: %s\n", buf);
			}
		}
		if (!fail && ops) {
			json_t *j = op_json(&r);

			json_object_set_new(j, "percent", json_real(pct));
			fail = json_array_append_new(ops, j);
		}
		free(r.hosts);
		if (fail)
			goto done;
	}
	if (mem) {
		warp_lines_tp(buf, sizeof(buf), &mt, WARP_LINES_V161);
		go_dur_string(d, sizeof(d), go_dur_round(mt.measure_ms * GO_MS, SEC));
		fprintf(mem, "\nCluster Total: %s over %s.\n", buf, d);
		if (mt.errors > 0)
			fprintf(mem, "Total Errors:%lld.\n", (long long)mt.errors);
	}
	rc = 0;
done:
	free(order);
	free(in);
	return rc;
}

static int full_file(const char *path, const struct warp_fops_file *f, FILE *out, json_t *arr,
		     struct err *e)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = NULL;
	json_t *ops = arr ? json_array() : NULL;
	int mixed = is_mixed(f), pre = 0, op, rc = -1;
	size_t i;

	if (mixed < 0 || (arr && ops == NULL))
		goto oom;
	for (i = 0; i < f->n; i++)
		pre |= f->v[i].err;
	mem = arr ? NULL : open_memstream(&text, &len);
	if (arr == NULL && mem == NULL)
		goto oom;
	if (mixed && mixed_file(f, mem, ops) < 0)
		goto oom;
	/* OpTypes: in order of first appearance (the requests are in start order) */
	for (op = 0; !mixed && op < f->n_ops; op++) {
		struct fop_report r;
		int fail = op_report(&r, f, f->v, f->n, op, pre);

		if (!fail && mem)
			print_op(mem, &r);
		if (!fail && ops)
			fail = json_array_append_new(ops, op_json(&r));
		free(r.hosts);
		if (fail)
			goto oom;
	}
	if (ops) {
		json_array_append_new(
			arr, json_pack("{s:s,s:b,s:o}", "file", path, "mixed", mixed, "ops", ops));
		ops = NULL;
	} else {
		if (fclose(mem) != 0)
			goto oom_text;
		mem = NULL;
		/* the blank line before the first block ends Warp's progress line */
		fputs(text[0] == '\n' ? text + 1 : text, out);
	}
	rc = 0;
	goto done;
oom:
	if (mem)
		fclose(mem);
	mem = NULL;
oom_text:
	err_set(e, "%s: out of memory", path);
done:
	free(text);
	json_decref(ops);
	return rc;
}

int warp_full_report(const char *path, FILE *out, FILE *progress, json_t *arr, struct err *e)
{
	struct warp_fops_file f;
	int agg = warp_json_is_aggregate(path, e), rc;

	if (agg < 0)
		return -1;
	if (agg)
		return err_set(e,
			       "%s: --warp-full needs a per-request log (.csv.zst): an aggregated "
			       ".json.zst holds no requests to analyze (use --warp)",
			       path);
	if (warp_fops_read(path, &f, e) < 0)
		return -1;
	fprintf(progress, "%zu operations loaded... Done!\n", f.n);
	rc = full_file(path, &f, out, arr, e);
	warp_fops_free(&f);
	return rc;
}

int warp_full_figures_of(const char *const *files, int n, const char *op,
			 struct warp_full_figures *out, struct err *e)
{
	struct warp_fops_file f;
	struct fop_report r;
	size_t i;
	int k, pre = 0, mixed, rc = -1;

	memset(out, 0, sizeof(*out));
	for (k = 0; k < n; k++) {
		int agg = warp_json_is_aggregate(files[k], e);

		if (agg < 0)
			return -1;
		if (agg)
			return err_set(e,
				       "%s: the full engine needs per-request logs (.csv.zst): an "
				       "aggregated .json.zst holds no requests",
				       files[k]);
	}
	if (warp_fops_read_many(files, n, &f, e) < 0)
		return -1;
	mixed = is_mixed(&f);
	for (k = 0; k < f.n_ops && strcasecmp(f.ops[k], op) != 0; k++)
		;
	if (mixed != 0 || k == f.n_ops) {
		err_set(e,
			mixed < 0 ? "%s: out of memory"
			: mixed   ? "%s: a mixed run is not reproduced by the full engine"
				  : "%s: no %s requests",
			files[0], op);
		warp_fops_free(&f);
		return -1;
	}
	for (i = 0; i < f.n; i++)
		pre |= f.v[i].err;
	if (op_report(&r, &f, f.v, f.n, k, pre) < 0) {
		err_set(e, "%s: out of memory", files[0]);
	} else {
		double ms = (double)r.tp.measure_ms;

		out->skipped = r.skipped;
		out->concurrency = r.concurrency;
		out->requests = r.n;
		out->errors = r.errors;
		out->seconds = ms / 1000;
		out->mib_s = ms > 0 ? 1000 * r.tp.bytes / ms / 1048576 : 0;
		out->obj_s = ms > 0 ? 1000 * r.tp.objects / ms : 0;
		out->n_segs = r.n_segs;
		for (i = 0; i < 3; i++) {
			out->seg_mib[i] = r.bps[i] / 1048576;
			out->seg_obj[i] = r.ops[i];
		}
		rc = 0;
	}
	free(r.hosts);
	warp_fops_free(&f);
	return rc;
}

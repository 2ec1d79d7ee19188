/* collect/workload.c: see workload.h: names, limits and checks, the spellings of the
 * fields (syntax only; the limits are workload_check's), and the run.json record. */
#include "collect/workload.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collect/dskeys.h"
#include "collect/replay.h"
#include "core/runrec/runrec.h"
#include "core/units.h"

const char *workload_op_name(enum wl_op op)
{
	return op == WL_MIXED ? "mixed" : op_name((int)op);
}

const char *workload_bound_name(enum wl_bound bd)
{
	return bd == WL_BOUND_COUNT        ? "count"
	       : bd == WL_BOUND_UNTIL_DONE ? "until-done"
					   : "duration";
}

/* check_number: v of whole-number field f within its range ('v' quoted in the message) */
static int check_number(enum wl_field f, uint64_t v, enum wl_field *field, struct err *e)
{
	char text[32];

	snprintf(text, sizeof(text), "%llu", (unsigned long long)v);
	if (workload_parse_number(f, text, &v, e) == 0)
		return 0;
	*field = f;
	return -1;
}

int workload_parse_op(const char *s, enum wl_op *op, struct err *e)
{
	int i = strcasecmp(s, "mixed") == 0 ? WL_MIXED : op_parse(s);

	if (i >= 0) {
		*op = (enum wl_op)i;
		return 0;
	}
	return err_set(e, "'%s' is not an op (" WL_OPS_TEXT ")", s);
}

void workload_defaults(struct workload *wl, enum wl_op op)
{
	memset(wl, 0, sizeof(*wl));
	wl->op = op;
	wl->size = WL_DEFAULT_SIZE;
	wl->concurrency = 1;
	wl->bound = WL_BOUND_DURATION;
	wl->part_size = op == WL_MULTIPART ? WL_PART_MIN : 0;
	if (op == WL_MIXED) {
		wl->mix.w[WL_GET] = 45;
		wl->mix.w[WL_HEAD] = 30;
		wl->mix.w[WL_PUT] = 15;
		wl->mix.w[WL_DELETE] = 10;
	}
}

uint64_t workload_prepared_objects(const struct workload *wl)
{
	if (wl->trace != NULL) /* remap = none: a sample of them HEAD'ed */
		return wl->trace->o.keep_keys && wl->trace->prepared > REPLAY_CHECKED
			       ? REPLAY_CHECKED
			       : wl->trace->prepared;
	if ((wl->op == WL_GET || wl->op == WL_MIXED) && wl->send.reads == WL_READS_ONCE &&
	    wl->objects == 0) {
		/* enough for every request the run is expected to make */
		if (wl->bound == WL_BOUND_COUNT)
			return wl->count * (uint64_t)workload_workers(wl);
		if (wl->rate > 0 && wl->duration_s > 0)
			return (uint64_t)ceil(wl->rate * wl->duration_s);
		if (workload_calibrates(wl))
			return workload_once_calibration(wl);
	}
	switch (wl->op) {
	case WL_GET:
	case WL_HEAD:
	case WL_LIST:
	case WL_DELETE:
	case WL_MIXED:
		return wl->objects ? wl->objects : WL_DEFAULT_OBJECTS;
	case WL_GET_SMALL:
		return 1;
	case WL_CAS:
		return workload_keys(wl);
	default:
		return 0;
	}
}

int workload_calibrates(const struct workload *wl)
{
	return wl->op == WL_GET && wl->send.reads == WL_READS_ONCE &&
	       wl->bound == WL_BOUND_DURATION && wl->rate == 0 && wl->objects == 0;
}

uint64_t workload_once_calibration(const struct workload *wl)
{
	uint64_t n = 8 * (uint64_t)workload_workers(wl);

	return n < 64 ? 64 : n > WL_OBJECTS_MAX ? WL_OBJECTS_MAX : n;
}

uint64_t workload_once_objects(const struct workload *wl, double obj_s)
{
	double n = ceil(WL_ONCE_MARGIN * obj_s * wl->duration_s) + workload_workers(wl);

	return !(n >= 1) ? 1 : n > (double)WL_OBJECTS_MAX ? WL_OBJECTS_MAX : (uint64_t)n;
}

int workload_workers(const struct workload *wl)
{
	if (wl->op == WL_CREATE_BUCKET || wl->op == WL_PUT_EMPTY || wl->op == WL_GET_SMALL)
		return 1;
	return wl->concurrency;
}

int workload_rate_cap(double rate)
{
	double want = ceil(rate * WL_RATE_CAP_WINDOW_S);

	if (want < WL_RATE_CAP_MIN)
		want = WL_RATE_CAP_MIN;
	return want < WL_CONCURRENCY_MAX ? (int)want : WL_CONCURRENCY_MAX;
}

double workload_default_timeout(const struct workload *wl)
{
	return wl->bound == WL_BOUND_DURATION ? 2 * wl->duration_s + 60 : 1800;
}

/* fail: *field = f; returns rc (err_set's -1) */
static int fail(enum wl_field *field, enum wl_field f, int rc)
{
	*field = f;
	return rc;
}

/* check_multipart: the part size and the object size of a multipart workload. */
static int check_multipart(const struct workload *wl, enum wl_field *field, struct err *e)
{
	char a[UNITS_SIZE_MAX], b[UNITS_SIZE_MAX];

	units_format_size(wl->part_size, a, sizeof(a));
	units_format_size(wl->size, b, sizeof(b));
	if (wl->op != WL_MULTIPART && wl->part_size != 0)
		return fail(field, WLF_PART_SIZE,
			    err_set(e, "'%s': a part size is only for multipart", a));
	if (wl->op != WL_MULTIPART)
		return 0;
	if (wl->part_size < WL_PART_MIN)
		return fail(field, WLF_PART_SIZE,
			    err_set(e, "'%s' is smaller than S3's 5MiB minimum part size", a));
	if (wl->part_size > WL_PART_MAX)
		return fail(field, WLF_PART_SIZE,
			    err_set(e, "'%s' is larger than S3's 5GiB maximum part size", a));
	if (wl->size <= wl->part_size)
		return fail(field, WLF_SIZE,
			    err_set(e,
				    "'%s' is not larger than the part size "
				    "%s (one part is a plain put)",
				    b, a));
	if ((wl->size + wl->part_size - 1) / wl->part_size > WL_PARTS_MAX)
		return fail(field, WLF_SIZE,
			    err_set(e, "'%s' needs more than S3's 10000 parts of %s", b, a));
	return 0;
}

/* check_counts: objects and batch, and for which ops they are. */
static int check_counts(const struct workload *wl, enum wl_field *field, struct err *e)
{
	int prepares = wl->op == WL_GET || wl->op == WL_HEAD || wl->op == WL_LIST ||
		       wl->op == WL_DELETE || wl->op == WL_MIXED || workload_conditional(wl);

	if (wl->objects && !prepares)
		return fail(field, WLF_OBJECTS,
			    err_set(e,
				    "'%llu': objects are prepared only "
				    "for get, head, list, delete and mixed (and are the keys of "
				    "put-if-absent and cas)",
				    (unsigned long long)wl->objects));
	if (workload_conditional(wl) && wl->size < 16)
		return fail(field, WLF_SIZE,
			    err_set(e,
				    "'%llu': a %s run needs a size of at least 16 bytes "
				    "(each write's body, and so its ETag, must differ)",
				    (unsigned long long)wl->size, workload_op_name(wl->op)));
	if (wl->objects && check_number(WLF_OBJECTS, wl->objects, field, e) < 0)
		return -1;
	if (wl->batch && wl->op != WL_DELETE)
		return fail(field, WLF_BATCH,
			    err_set(e, "'%d': a batch is only for delete", wl->batch));
	if (wl->batch &&
	    check_number(WLF_BATCH, wl->batch < 0 ? 0 : (uint64_t)wl->batch, field, e) < 0)
		return -1;
	if (wl->page_size && wl->op != WL_LIST)
		return fail(field, WLF_PAGE_SIZE,
			    err_set(e, "'%d': a page size is only for list", wl->page_size));
	if (wl->page_size &&
	    check_number(WLF_PAGE_SIZE, wl->page_size < 0 ? 0 : (uint64_t)wl->page_size, field, e) <
		    0)
		return -1;
	return 0;
}

/* check_mix: the weights of a mixed workload, and no weights for any other */
static int check_mix(const struct workload *wl, enum wl_field *field, struct err *e)
{
	char text[WL_MIX_TEXT_MAX];
	uint64_t sum = 0;

	for (int i = 0; i < OP_COUNT; i++) {
		sum += wl->mix.w[i];
		if (wl->mix.w[i] == 0 || wl->op != WL_MIXED)
			continue;
		if (i != WL_GET && i != WL_PUT && i != WL_HEAD && i != WL_DELETE)
			return fail(field, WLF_MIX,
				    err_set(e,
					    "'%s:%u': a mix has only get, put, "
					    "head and delete",
					    workload_op_name((enum wl_op)i), wl->mix.w[i]));
		if (wl->mix.w[i] > WL_WEIGHT_MAX)
			return fail(field, WLF_MIX,
				    err_set(e, "'%u' is not a weight from 0 to %u", wl->mix.w[i],
					    WL_WEIGHT_MAX));
	}
	workload_format_mix(&wl->mix, text, sizeof(text));
	if (wl->op != WL_MIXED && sum > 0)
		return fail(field, WLF_MIX,
			    err_set(e,
				    "'%s': a mix is only for the mixed "
				    "workload",
				    text));
	if (wl->op == WL_MIXED && sum == 0)
		return fail(field, WLF_MIX, err_set(e, "'%s': no op has a weight above 0", text));
	return 0;
}

/* smallest_size: the smallest object size of wl's size distribution */
static uint64_t smallest_size(const struct workload *wl)
{
	uint64_t m = wl->size;

	if (wl->sizes.kind == WL_SIZE_RANDOM || wl->sizes.kind == WL_SIZE_LOGNORMAL)
		return wl->sizes.min;
	for (int i = 0; wl->sizes.kind == WL_SIZE_DIST && i < wl->sizes.n; i++)
		if (wl->sizes.size[i] < m)
			m = wl->sizes.size[i];
	return m;
}

/* check_dist: the entries of a dist: size distribution; *largest = the largest size */
static int check_dist(const struct wl_sizes *sz, uint64_t *largest, enum wl_field *field,
		      struct err *e)
{
	*largest = 0;
	if (sz->n < 1 || sz->n > WL_DIST_MAX)
		return fail(field, WLF_SIZE,
			    err_set(e, "'%s' does not have 1 to %d sizes", sz->spec, WL_DIST_MAX));
	for (int i = 0; i < sz->n; i++) {
		if (sz->size[i] == 0 || sz->weight[i] == 0 || sz->weight[i] > WL_WEIGHT_MAX)
			return fail(field, WLF_SIZE,
				    err_set(e,
					    "'%s': every size and weight must "
					    "be above 0 (weights up to %u)",
					    sz->spec, WL_WEIGHT_MAX));
		for (int j = 0; j < i; j++)
			if (sz->size[j] == sz->size[i])
				return fail(field, WLF_SIZE,
					    err_set(e,
						    "'%s': a size is listed "
						    "twice",
						    sz->spec));
		if (sz->size[i] > *largest)
			*largest = sz->size[i];
	}
	return 0;
}

/* check_sizes: a size distribution, and for which ops */
static int check_sizes(const struct workload *wl, enum wl_field *field, struct err *e)
{
	const struct wl_sizes *sz = &wl->sizes;
	uint64_t largest = sz->max;

	if (sz->kind == WL_SIZE_FIXED)
		return 0;
	if (wl->op != WL_PUT && wl->op != WL_GET && wl->op != WL_MIXED)
		return fail(field, WLF_SIZE,
			    err_set(e,
				    "'%s': size distributions are for put, "
				    "get and mixed",
				    sz->spec));
	if ((sz->kind == WL_SIZE_RANDOM || sz->kind == WL_SIZE_LOGNORMAL) &&
	    (sz->min == 0 || sz->min > sz->max))
		return fail(field, WLF_SIZE, err_set(e, "'%s': needs 0 < MIN <= MAX", sz->spec));
	if (sz->kind == WL_SIZE_LOGNORMAL &&
	    (sz->median < sz->min || sz->median > sz->max || !(sz->sigma > 0) ||
	     sz->sigma > WL_LOGNORMAL_SIGMA_MAX))
		return fail(field, WLF_SIZE,
			    err_set(e, "'%s': needs 1 <= MEDIAN <= max and 0 < SIGMA <= %g",
				    sz->spec, WL_LOGNORMAL_SIGMA_MAX));
	if (sz->kind == WL_SIZE_DIST && check_dist(sz, &largest, field, e) < 0)
		return -1;
	if (wl->size != largest)
		return fail(field, WLF_SIZE,
			    err_set(e,
				    "'%s': the workload's size is not its "
				    "largest size",
				    sz->spec));
	return 0;
}

/* check_hedge: a hedge only for get, without retries (the duplicate is the second attempt) */
static int check_hedge(const struct workload *wl, enum wl_field *field, struct err *e)
{
	if (wl->hedge.kind == WL_HEDGE_NONE)
		return 0;
	if (wl->op != WL_GET)
		return fail(field, WLF_HEDGE,
			    err_set(e, "'%s': a hedge is only for get (this workload is %s)",
				    wl->hedge.spec, workload_op_name(wl->op)));
	if (wl->retries > 0)
		return fail(field, WLF_HEDGE,
			    err_set(e,
				    "'%s': a hedged get does not retry (retries = %d): the "
				    "duplicate is its second attempt",
				    wl->hedge.spec, wl->retries));
	return 0;
}

/* check_range: a ranged get inside every object of the run */
static int check_range(const struct workload *wl, enum wl_field *field, struct err *e)
{
	const struct wl_range *r = &wl->range;
	char small[UNITS_SIZE_MAX];
	uint64_t m = smallest_size(wl);

	if (r->kind == WL_RANGE_NONE)
		return 0;
	units_format_size(m, small, sizeof(small));
	if (wl->op != WL_GET)
		return fail(field, WLF_RANGE, err_set(e, "'%s': a range is only for get", r->spec));
	if (r->len == 0)
		return fail(field, WLF_RANGE, err_set(e, "'%s': reads no byte", r->spec));
	if (r->kind == WL_RANGE_FIXED && (r->off >= m || r->len > m - r->off))
		return fail(field, WLF_RANGE,
			    err_set(e,
				    "'%s' ends past the end of the %s "
				    "object%s",
				    r->spec, small, wl->sizes.kind ? "s (the smallest size)" : ""));
	if (r->kind == WL_RANGE_RANDOM && r->len > m)
		return fail(field, WLF_RANGE,
			    err_set(e, "'%s' is longer than the %s object%s", r->spec, small,
				    wl->sizes.kind ? "s (the smallest size)" : ""));
	return 0;
}

/* check_rate: an open-loop rate: its value, bound and ops */
static int check_rate(const struct workload *wl, enum wl_field *field, struct err *e)
{
	char text[32];

	if (wl->rate == 0)
		return 0;
	snprintf(text, sizeof(text), "%g/s", wl->rate);
	if (!(wl->rate > 0) || !(wl->rate <= WL_RATE_MAX))
		return fail(
			field, WLF_RATE,
			err_set(e, "'%s' is not a rate from above 0 to %g/s", text, WL_RATE_MAX));
	if (wl->bound != WL_BOUND_DURATION)
		return fail(field, WLF_RATE,
			    err_set(e, "'%s': a rate run needs a duration bound", text));
	if (wl->op != WL_PUT && wl->op != WL_GET && wl->op != WL_HEAD && wl->op != WL_MIXED)
		return fail(field, WLF_RATE,
			    err_set(e,
				    "'%s': a rate is for put, get, head and "
				    "mixed",
				    text));
	return 0;
}

/* check_spread: buckets and prefixes 0 or 1..WL_SPREAD_MAX, above 1 only for the ops that
 * spread their objects */
static int check_spread(const struct workload *wl, enum wl_field *field, struct err *e)
{
	static const enum wl_field fs[2] = {WLF_BUCKETS, WLF_PREFIXES};
	const int v[2] = {wl->send.buckets, wl->send.prefixes};

	for (int i = 0; i < 2; i++) {
		if (v[i] != 0 &&
		    check_number(fs[i], v[i] < 0 ? UINT64_MAX : (uint64_t)v[i], field, e) < 0)
			return -1;
		if (v[i] > 1 && !workload_spreads(wl->op))
			return fail(field, fs[i],
				    err_set(e,
					    "'%d' is only for put, get, head, list, delete, "
					    "multipart and mixed (not %s)",
					    v[i], workload_op_name(wl->op)));
	}
	return 0;
}

int workload_check(const struct workload *wl, double timeout_s, enum wl_field *field, struct err *e)
{
	char a[UNITS_DURATION_MAX], b[UNITS_DURATION_MAX];

	if ((unsigned)wl->op >= WL_KIND_COUNT)
		return fail(field, WLF_OP,
			    err_set(e, "'%d' is not an op (" WL_OPS_TEXT ")", (int)wl->op));
	if (check_number(WLF_CONCURRENCY, wl->concurrency < 0 ? 0 : (uint64_t)wl->concurrency,
			 field, e) < 0)
		return -1;
	if (wl->bound == WL_BOUND_DURATION && !(wl->duration_s > 0))
		return fail(field, WLF_DURATION,
			    err_set(e, "'%s' is not longer than 0s",
				    units_format_duration(wl->duration_s, a, sizeof(a))));
	if (wl->bound == WL_BOUND_COUNT && check_number(WLF_COUNT, wl->count, field, e) < 0)
		return -1;
	if (wl->auto_stop && (wl->bound != WL_BOUND_DURATION || wl->rate > 0 ||
			      !(wl->min_duration_s > 0) || wl->min_duration_s > wl->duration_s))
		return fail(field, WLF_DURATION,
			    err_set(e, "'auto' needs a closed-loop duration-bound run with 0 < "
				       "min_duration <= max_duration"));
	if (wl->bound == WL_BOUND_UNTIL_DONE && wl->op != WL_DELETE)
		return fail(field, WLF_BOUND, err_set(e, "'until-done' is only for delete"));
	if (check_counts(wl, field, e) < 0 || check_multipart(wl, field, e) < 0 ||
	    check_mix(wl, field, e) < 0 || check_sizes(wl, field, e) < 0 ||
	    check_range(wl, field, e) < 0 || check_rate(wl, field, e) < 0 ||
	    check_number(WLF_RETRIES, wl->retries < 0 ? UINT64_MAX : (uint64_t)wl->retries, field,
			 e) < 0 ||
	    workload_check_send(&wl->send, field, e) < 0 || check_spread(wl, field, e) < 0 ||
	    check_hedge(wl, field, e) < 0)
		return -1;
	if (timeout_s > 0 && wl->bound == WL_BOUND_DURATION && timeout_s <= wl->duration_s)
		return fail(field, WLF_TIMEOUT,
			    err_set(e,
				    "'%s' is not longer than the duration "
				    "(%s)",
				    units_format_duration(timeout_s, a, sizeof(a)),
				    units_format_duration(wl->duration_s, b, sizeof(b))));
	return 0;
}

/* The spellings of the fields (mix, ranges, rate, seed; size specs: workload_sizes.c). */
#define TEXT_MAX 512

int workload_squeeze(const char *s, char *buf, size_t n)
{
	size_t k = 0;

	for (; *s; s++) {
		if (isspace((unsigned char)*s))
			continue;
		if (k + 1 >= n)
			return -1;
		buf[k++] = *s;
	}
	buf[k] = '\0';
	return 0;
}

int workload_parse_weight(const char *s, unsigned *out)
{
	unsigned long v;
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > WL_WEIGHT_MAX)
		return -1;
	*out = (unsigned)v;
	return 0;
}

int workload_parse_mix(const char *s, struct wl_mix *mix, struct err *e)
{
	static const struct {
		const char *name;
		enum wl_op op;
	} names[] = {
		{"get", WL_GET},   {"put", WL_PUT},       {"head", WL_HEAD},
		{"stat", WL_HEAD}, {"delete", WL_DELETE},
	};
	char buf[TEXT_MAX], *tok, *next, *colon;
	int seen[OP_COUNT] = {0};

	memset(mix, 0, sizeof(*mix));
	if (workload_squeeze(s, buf, sizeof(buf)) < 0 || buf[0] == '\0')
		return err_set(e, "'%s' is not a mix (OP:WEIGHT, ...: get, put, head, delete)", s);
	for (tok = buf; tok; tok = next) {
		int k = -1;
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		colon = strchr(tok, ':');
		if (colon)
			*colon = '\0';
		for (size_t i = 0; colon && i < sizeof(names) / sizeof(names[0]); i++)
			if (strcasecmp(tok, names[i].name) == 0)
				k = (int)names[i].op;
		if (k < 0)
			return err_set(e,
				       "'%s': '%s' is not OP:WEIGHT of an op of a mix (get, put, "
				       "head, delete)",
				       s, tok);
		if (seen[k]++)
			return err_set(e, "'%s': %s is given twice", s,
				       workload_op_name((enum wl_op)k));
		if (workload_parse_weight(colon + 1, &mix->w[k]) < 0)
			return err_set(e, "'%s': '%s' is not a weight from 0 to %u", s, colon + 1,
				       WL_WEIGHT_MAX);
	}
	return 0;
}

int workload_parse_range(const char *s, struct wl_range *r, struct err *e)
{
	char buf[TEXT_MAX], *dots;
	uint64_t end;
	struct err ue;

	memset(r, 0, sizeof(*r));
	if (workload_squeeze(s, buf, sizeof(buf)) < 0 || strlen(buf) >= sizeof(r->spec))
		return err_set(e, "'%.40s' is not a range (A..B or random:LEN)", s);
	snprintf(r->spec, sizeof(r->spec), "%s", buf);
	if (strncasecmp(buf, "random:", 7) == 0) {
		if (units_parse_size(buf + 7, &r->len, &ue) < 0)
			return err_set(e, "'%s' is not random:LEN (%s)", s, ue.msg);
		r->kind = WL_RANGE_RANDOM;
		return 0;
	}
	dots = strstr(buf, "..");
	if (dots == NULL)
		return err_set(e, "'%s' is not a range (A..B or random:LEN)", s);
	*dots = '\0';
	if (units_parse_size(buf, &r->off, &ue) < 0 || units_parse_size(dots + 2, &end, &ue) < 0)
		return err_set(e, "'%s' is not a range A..B (%s)", s, ue.msg);
	if (end <= r->off)
		return err_set(e,
			       "'%s': the end is not after the start (A..B reads bytes A to "
			       "B - 1)",
			       s);
	r->kind = WL_RANGE_FIXED;
	r->len = end - r->off;
	return 0;
}

int workload_parse_rate(const char *s, double *rate, struct err *e)
{
	char buf[64], *end;
	size_t n;
	double v;

	if (workload_squeeze(s, buf, sizeof(buf)) < 0)
		return err_set(e, "'%.40s' is not a rate (N/s)", s);
	n = strlen(buf);
	if (n > 2 && strcmp(buf + n - 2, "/s") == 0)
		buf[n - 2] = '\0';
	errno = 0;
	v = strtod(buf, &end);
	if (errno || end == buf || *end || !isdigit((unsigned char)buf[0]) || !isfinite(v) ||
	    !(v > 0) || v > WL_RATE_MAX)
		return err_set(e, "'%s' is not a rate from above 0 to %g/s (N/s)", s, WL_RATE_MAX);
	*rate = v;
	return 0;
}

int workload_parse_seed(const char *s, uint64_t *seed, struct err *e)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || !isdigit((unsigned char)s[0]) || v > INT64_MAX)
		return err_set(e, "'%s' is not a seed (a whole number from 0 to %lld)", s,
			       (long long)INT64_MAX);
	*seed = v;
	return 0;
}

char *workload_format_mix(const struct wl_mix *mix, char *buf, size_t n)
{
	static const enum wl_op order[] = {WL_GET, WL_PUT, WL_HEAD, WL_DELETE};
	size_t k = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]) && k < n; i++)
		if (mix->w[order[i]])
			k += (size_t)snprintf(buf + k, n - k, "%s%s:%u", k ? "," : "",
					      workload_op_name(order[i]), mix->w[order[i]]);
	return buf;
}

char *workload_format_rate(double rate, char *buf, size_t n)
{
	if (rate > 0)
		snprintf(buf, n, "%g/s", rate);
	else if (n)
		buf[0] = '\0';
	return buf;
}

/* replay_mix: the mix weights of a replay, each op's share of the trace's requests in
 * percent (at least 1 for an op it has): what run.json's workload.mix says of it. */
static void replay_mix(const struct replay_trace *t, struct wl_mix *m)
{
	static const enum wl_op ops[REPLAY_OP_COUNT] = {[REPLAY_PUT] = WL_PUT,
							[REPLAY_GET] = WL_GET,
							[REPLAY_HEAD] = WL_HEAD,
							[REPLAY_DELETE] = WL_DELETE};

	memset(m, 0, sizeof(*m));
	for (int i = 0; i < REPLAY_OP_COUNT; i++) {
		unsigned pct = (unsigned)((double)t->count[i] * 100 / (double)t->n + 0.5);

		m->w[ops[i]] = t->count[i] == 0 ? 0 : pct > 0 ? pct : 1;
	}
}

void workload_replay(struct workload *wl, const struct replay_trace *t, int concurrency)
{
	replay_mix(t, &wl->mix);
	wl->op = WL_MIXED;
	wl->size = 0;
	for (uint64_t i = 0; i < t->n_obj; i++)
		wl->size = t->size[i] > wl->size ? t->size[i] : wl->size;
	wl->bound = WL_BOUND_DURATION;
	/* the last request's offset falls inside the bound, by a millisecond */
	wl->duration_s = (double)t->span_ns / 1e9 + 0.001;
	wl->count = 0;
	wl->auto_stop = 0;
	/* n - 1/2 requests over the bound: slot n - 1 falls inside it and slot n past it
	 * however the division rounds, so the slots counted from the rate and span
	 * (summary_rate_slots, as analyze --verify recomputes them) are the trace's n */
	wl->rate = ((double)t->n - 0.5) / wl->duration_s;
	wl->concurrency = concurrency > 0 ? concurrency : workload_rate_cap(wl->rate);
	wl->trace = t;
}

/* replay_record: workload.replay of trace t. */
static void replay_record(const struct replay_trace *t, struct runrec_replay *r)
{
	memset(r, 0, sizeof(*r));
	r->trace = t->path;
	r->digest = t->digest;
	r->speed = t->o.speed;
	r->remap = t->o.keep_keys ? "none" : "keys";
	r->ops = t->ops_text[0] ? t->ops_text : NULL;
	r->window_from_s = (double)t->o.from_ns / 1e9;
	r->window_to_s = (double)t->o.to_ns / 1e9;
	r->requests = (int64_t)t->n;
	r->other_ops = (int64_t)t->skipped;
	r->attempts = (int64_t)t->attempts;
	r->filtered = (int64_t)t->filtered;
	r->bad_lines = (int64_t)t->bad;
}

/* The run.json record. */
void workload_record(const struct workload *wl, double timeout_s, struct runrec_workload *out)
{
	static const enum wl_op mix_ops[RUNREC_MIX_OPS] = {
		[RUNREC_MIX_GET] = WL_GET,
		[RUNREC_MIX_PUT] = WL_PUT,
		[RUNREC_MIX_HEAD] = WL_HEAD,
		[RUNREC_MIX_DELETE] = WL_DELETE,
	};

	memset(out, 0, sizeof(*out));
	out->op = workload_op_name(wl->op);
	out->size = (int64_t)wl->size;
	out->concurrency = wl->concurrency;
	out->bound = workload_bound_name(wl->bound);
	out->duration_s = wl->bound == WL_BOUND_DURATION ? wl->duration_s : 0;
	out->count = wl->bound == WL_BOUND_COUNT ? (int64_t)wl->count : 0;
	out->objects = (int64_t)wl->objects;
	out->batch = wl->batch;
	out->part_size = (int64_t)wl->part_size;
	out->timeout_s = timeout_s;
	out->keep = wl->keep;
	out->has_mix = wl->op == WL_MIXED;
	for (int k = 0; out->has_mix && k < RUNREC_MIX_OPS; k++)
		out->mix[k] = wl->mix.w[mix_ops[k]];
	out->size_spec = wl->sizes.kind != WL_SIZE_FIXED ? wl->sizes.spec : NULL;
	out->range = wl->range.kind != WL_RANGE_NONE ? wl->range.spec : NULL;
	out->rate = wl->rate > 0 ? wl->rate : 0;
	out->workers = workload_workers(wl);
	out->seed = (int64_t)wl->seed;
	out->retries = wl->retries;
	out->has_auto = wl->auto_stop;
	out->auto_min_s = wl->min_duration_s;
	out->auto_max_s = wl->duration_s;
	out->auto_window_s = WL_AUTO_WINDOW_S;
	out->auto_band = WL_AUTO_BAND;
	out->duration_subject = wl->duration_own;
	out->has_send = 1;
	workload_send_record(&wl->send, &out->send);
	out->buckets = workload_buckets(wl);
	out->prefixes = workload_prefixes(wl);
	out->hedge = wl->hedge.kind != WL_HEDGE_NONE ? wl->hedge.spec : NULL;
	out->delimiter = wl->delimiter;
	out->page_size = wl->op == WL_LIST ? workload_page_size(wl) : 0;
	if (wl->dataset != NULL) {
		out->has_dataset = 1;
		out->ds_name = wl->dataset_name;
		out->ds_prefix = wl->dataset_prefix;
		out->ds_layout = wl->dataset_layout;
		out->ds_objects = (int64_t)wl->dataset->objects;
		out->ds_bytes = (int64_t)(wl->dataset->objects * wl->dataset_size);
		out->ds_keys_sha256 = wl->dataset_keys_sha256 != NULL ? wl->dataset_keys_sha256
								      : "";
	}
	if (wl->trace != NULL)
		replay_record(wl->trace, &out->replay);
	out->has_replay = wl->trace != NULL;
}

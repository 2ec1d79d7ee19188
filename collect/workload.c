/* collect/workload.c: see workload.h (and engine.h for the op names). */
#include "collect/workload.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/units.h"

static const char *const keys[WLF_COUNT_] = {
	[WLF_OP] = "op",           [WLF_SIZE] = "size",         [WLF_CONCURRENCY] = "concurrency",
	[WLF_BOUND] = "bound",     [WLF_DURATION] = "duration", [WLF_COUNT] = "count",
	[WLF_OBJECTS] = "objects", [WLF_BATCH] = "batch",       [WLF_PART_SIZE] = "part_size",
	[WLF_TIMEOUT] = "timeout", [WLF_MIX] = "mix",           [WLF_RANGE] = "range",
	[WLF_RATE] = "rate",       [WLF_SEED] = "seed",
};

static const char *const options[WLF_COUNT_] = {
	[WLF_OP] = "--op",
	[WLF_SIZE] = "--size",
	[WLF_CONCURRENCY] = "--concurrency",
	[WLF_BOUND] = "--until-done",
	[WLF_DURATION] = "--duration",
	[WLF_COUNT] = "--count",
	[WLF_OBJECTS] = "--objects",
	[WLF_BATCH] = "--batch",
	[WLF_PART_SIZE] = "--part-size",
	[WLF_TIMEOUT] = "--timeout",
	[WLF_MIX] = "--mix",
	[WLF_RANGE] = "--range",
	[WLF_RATE] = "--rate",
	[WLF_SEED] = "--seed",
};

/* the whole-number fields: their ranges and what a value of each is called */
static const struct {
	enum wl_field f;
	uint64_t min, max;
	const char *noun;
} numbers[] = {
	{WLF_CONCURRENCY, 1, WL_CONCURRENCY_MAX, "a concurrency"},
	{WLF_COUNT, 1, WL_COUNT_MAX, "a count"},
	{WLF_OBJECTS, 1, WL_OBJECTS_MAX, "a number of objects"},
	{WLF_BATCH, 1, WL_BATCH_MAX, "a batch"},
};

const char *wl_op_name(enum wl_op op)
{
	return op == WL_MIXED ? "mixed" : op_name((int)op);
}

const char *workload_field_key(enum wl_field f)
{
	return (unsigned)f < WLF_COUNT_ ? keys[f] : "";
}

const char *workload_field_option(enum wl_field f)
{
	return (unsigned)f < WLF_COUNT_ ? options[f] : "";
}

int workload_parse_number(enum wl_field f, const char *s, uint64_t *out, struct err *e)
{
	unsigned long long v;
	char *end;

	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
		if (numbers[i].f != f)
			continue;
		errno = 0;
		v = strtoull(s, &end, 10);
		if (errno || end == s || *end || s[0] == '-' || s[0] == '+' || v < numbers[i].min ||
		    v > numbers[i].max)
			return err_set(e, "'%s' is not %s from %llu to %llu", s, numbers[i].noun,
				       (unsigned long long)numbers[i].min,
				       (unsigned long long)numbers[i].max);
		*out = v;
		return 0;
	}
	return err_set(e, "'%s': %s is not a whole-number field", s, workload_field_key(f));
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

int workload_workers(const struct workload *wl)
{
	double want;

	if (wl->op == WL_CREATE_BUCKET || wl->op == WL_PUT_EMPTY || wl->op == WL_GET_SMALL)
		return 1;
	if (!(wl->rate > 0))
		return wl->concurrency;
	want = ceil(wl->rate * WL_RATE_WINDOW_S);
	if (want < 1)
		want = 1;
	return want < wl->concurrency ? (int)want : wl->concurrency;
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
		       wl->op == WL_DELETE || wl->op == WL_MIXED;

	if (wl->objects && !prepares)
		return fail(field, WLF_OBJECTS,
			    err_set(e,
				    "'%llu': objects are prepared only "
				    "for get, head, list, delete and mixed",
				    (unsigned long long)wl->objects));
	if (wl->objects && check_number(WLF_OBJECTS, wl->objects, field, e) < 0)
		return -1;
	if (wl->batch && wl->op != WL_DELETE)
		return fail(field, WLF_BATCH,
			    err_set(e, "'%d': a batch is only for delete", wl->batch));
	if (wl->batch &&
	    check_number(WLF_BATCH, wl->batch < 0 ? 0 : (uint64_t)wl->batch, field, e) < 0)
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
					    wl_op_name((enum wl_op)i), wl->mix.w[i]));
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

	if (wl->sizes.kind == WL_SIZE_RANDOM)
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
	if (sz->kind == WL_SIZE_RANDOM && (sz->min == 0 || sz->min > sz->max))
		return fail(field, WLF_SIZE, err_set(e, "'%s': needs 0 < MIN <= MAX", sz->spec));
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
	if (wl->bound == WL_BOUND_UNTIL_DONE && wl->op != WL_DELETE)
		return fail(field, WLF_BOUND, err_set(e, "'until-done' is only for delete"));
	if (check_counts(wl, field, e) < 0 || check_multipart(wl, field, e) < 0 ||
	    check_mix(wl, field, e) < 0 || check_sizes(wl, field, e) < 0 ||
	    check_range(wl, field, e) < 0 || check_rate(wl, field, e) < 0)
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

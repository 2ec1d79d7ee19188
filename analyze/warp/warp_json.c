/* analyze/warp/warp_json.c: see warp_json.h. Parsed with jansson. */
#include "analyze/warp/warp_json.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/timefmt.h"
#include "core/zio.h"

#define MAX_JSON ((size_t)4 << 30)

struct jctx {
	const char *path;
	struct err *e;
	char where[256]; /* dotted path of the object being read */
};

static int jfail(struct jctx *c, const char *key, const char *what)
{
	return err_set(c->e, "%s: field %s%s%s: %s", c->path, c->where, c->where[0] ? "." : "", key,
		       what);
}

static int get_num(struct jctx *c, const json_t *o, const char *key, double *v)
{
	json_t *x = json_object_get(o, key);

	if (x == NULL || json_is_null(x)) {
		*v = 0;
		return 0;
	}
	if (!json_is_number(x))
		return jfail(c, key, "not a number");
	*v = json_number_value(x);
	return 0;
}

static int get_int(struct jctx *c, const json_t *o, const char *key, int64_t *v)
{
	json_t *x = json_object_get(o, key);

	if (x == NULL || json_is_null(x)) {
		*v = 0;
		return 0;
	}
	if (!json_is_integer(x))
		return jfail(c, key, "not an integer");
	*v = json_integer_value(x);
	return 0;
}

static int get_bool(struct jctx *c, const json_t *o, const char *key, int *v)
{
	json_t *x = json_object_get(o, key);

	*v = 0;
	if (x == NULL || json_is_null(x))
		return 0;
	if (!json_is_boolean(x))
		return jfail(c, key, "not a boolean");
	*v = json_is_true(x);
	return 0;
}

/* A Go time.Time in JSON: RFC 3339; Go's zero time reads as WARP_TIME_ZERO. */
static int get_time(struct jctx *c, const json_t *o, const char *key, int64_t *v)
{
	json_t *x = json_object_get(o, key);
	const char *s;

	*v = WARP_TIME_ZERO;
	if (x == NULL || json_is_null(x))
		return 0;
	if (!json_is_string(x))
		return jfail(c, key, "not a time string");
	s = json_string_value(x);
	if (strncmp(s, "0001-01-01T00:00:00", 19) == 0)
		return 0;
	if (rfc3339_parse(s, v) < 0)
		return jfail(c, key, "not an RFC 3339 time");
	return 0;
}

static int get_str(struct jctx *c, const json_t *o, const char *key, char *buf, size_t n)
{
	json_t *x = json_object_get(o, key);

	buf[0] = '\0';
	if (x == NULL || json_is_null(x))
		return 0;
	if (!json_is_string(x))
		return jfail(c, key, "not a string");
	snprintf(buf, n, "%s", json_string_value(x));
	return 0;
}

/* Descend: append ".key" (or "[i]") to the context path; returns the old length. */
static size_t push(struct jctx *c, const char *fmt, const char *key, size_t i)
{
	size_t len = strlen(c->where);

	if (strcmp(fmt, "[]") == 0)
		snprintf(c->where + len, sizeof(c->where) - len, "[%zu]", i);
	else
		snprintf(c->where + len, sizeof(c->where) - len, "%s%s", len ? "." : "", key);
	return len;
}

static void pop(struct jctx *c, size_t len)
{
	c->where[len] = '\0';
}

static int read_ttfb(struct jctx *c, const json_t *o, struct warp_ttfb *t)
{
	return get_num(c, o, "average_millis", &t->avg) ||
			       get_num(c, o, "fastest_millis", &t->fastest) ||
			       get_num(c, o, "p25_millis", &t->p25) ||
			       get_num(c, o, "median_millis", &t->median) ||
			       get_num(c, o, "p75_millis", &t->p75) ||
			       get_num(c, o, "p90_millis", &t->p90) ||
			       get_num(c, o, "p99_millis", &t->p99) ||
			       get_num(c, o, "slowest_millis", &t->slowest) ||
			       get_num(c, o, "std_dev_millis", &t->stddev)
		       ? -1
		       : 0;
}

static int read_fb(struct jctx *c, const json_t *o, int *has, struct warp_ttfb *t)
{
	json_t *x = json_object_get(o, "first_byte");
	size_t l;
	int rc;

	*has = 0;
	if (x == NULL || json_is_null(x))
		return 0;
	if (!json_is_object(x))
		return jfail(c, "first_byte", "not an object");
	l = push(c, "", "first_byte", 0);
	rc = read_ttfb(c, x, t);
	pop(c, l);
	*has = 1;
	return rc;
}

static int read_single(struct jctx *c, const json_t *o, struct warp_single *s)
{
	s->present = 1;
	return get_bool(c, o, "skipped", &s->skipped) ||
			       get_num(c, o, "dur_avg_millis", &s->dur_avg) ||
			       get_num(c, o, "dur_median_millis", &s->dur_median) ||
			       get_num(c, o, "dur_90_millis", &s->dur_90) ||
			       get_num(c, o, "dur_99_millis", &s->dur_99) ||
			       get_num(c, o, "fastest_millis", &s->fastest) ||
			       get_num(c, o, "slowest_millis", &s->slowest) ||
			       get_num(c, o, "std_dev_millis", &s->stddev) ||
			       get_int(c, o, "requests", &s->requests) ||
			       get_int(c, o, "obj_size", &s->obj_size) ||
			       get_int(c, o, "merged_entries", &s->merged) ||
			       read_fb(c, o, &s->has_fb, &s->fb)
		       ? -1
		       : 0;
}

static int read_range(struct jctx *c, const json_t *o, struct warp_sizerange *r)
{
	return get_int(c, o, "min_size", &r->min_size) || get_int(c, o, "max_size", &r->max_size) ||
			       get_str(c, o, "min_size_string", r->min_str, sizeof(r->min_str)) ||
			       get_str(c, o, "max_size_string", r->max_str, sizeof(r->max_str)) ||
			       get_int(c, o, "requests", &r->requests) ||
			       get_int(c, o, "avg_obj_size", &r->avg_obj_size) ||
			       get_int(c, o, "merged_entries", &r->merged) ||
			       get_num(c, o, "avg_duration_millis", &r->avg_dur) ||
			       get_num(c, o, "bps_average", &r->bps_avg) ||
			       get_num(c, o, "bps_median", &r->bps_median) ||
			       get_num(c, o, "bps_90", &r->bps_90) ||
			       get_num(c, o, "bps_99", &r->bps_99) ||
			       get_num(c, o, "bps_fastest", &r->bps_fastest) ||
			       get_num(c, o, "bps_slowest", &r->bps_slowest) ||
			       read_fb(c, o, &r->has_fb, &r->fb)
		       ? -1
		       : 0;
}

static int read_multi(struct jctx *c, const json_t *o, struct warp_multi *m)
{
	json_t *bs = json_object_get(o, "by_size");
	size_t i, l;

	m->present = 1;
	if (get_bool(c, o, "skipped", &m->skipped) || get_int(c, o, "requests", &m->requests) ||
	    get_int(c, o, "avg_obj_size", &m->avg_obj_size) ||
	    get_int(c, o, "merged_entries", &m->merged))
		return -1;
	if (bs == NULL || json_is_null(bs))
		return 0;
	if (!json_is_array(bs))
		return jfail(c, "by_size", "not an array");
	m->by_size = calloc(json_array_size(bs) + 1, sizeof(*m->by_size));
	if (m->by_size == NULL)
		return jfail(c, "by_size", "out of memory");
	for (i = 0; i < json_array_size(bs); i++) {
		int rc;

		l = push(c, "", "by_size", 0);
		push(c, "[]", NULL, i);
		rc = read_range(c, json_array_get(bs, i), &m->by_size[i]);
		pop(c, l);
		if (rc < 0)
			return -1;
		m->n = i + 1;
	}
	return 0;
}

static int read_segmented(struct jctx *c, const json_t *o, struct warp_segmented *s)
{
	json_t *a = json_object_get(o, "segments");
	size_t i;

	if (get_int(c, o, "segment_duration_millis", &s->seg_dur_ms) ||
	    get_str(c, o, "sorted_by", s->sorted_by, sizeof(s->sorted_by)) ||
	    get_time(c, o, "fastest_start", &s->fastest_start) ||
	    get_time(c, o, "median_start", &s->median_start) ||
	    get_time(c, o, "slowest_start", &s->slowest_start) ||
	    get_num(c, o, "fastest_bps", &s->fastest_bps) ||
	    get_num(c, o, "fastest_ops", &s->fastest_ops) ||
	    get_num(c, o, "median_bps", &s->median_bps) ||
	    get_num(c, o, "median_ops", &s->median_ops) ||
	    get_num(c, o, "slowest_bps", &s->slowest_bps) ||
	    get_num(c, o, "slowest_ops", &s->slowest_ops))
		return -1;
	if (a == NULL || json_is_null(a))
		return 0;
	if (!json_is_array(a))
		return jfail(c, "segments", "not an array");
	s->segs = calloc(json_array_size(a) + 1, sizeof(*s->segs));
	if (s->segs == NULL)
		return jfail(c, "segments", "out of memory");
	for (i = 0; i < json_array_size(a); i++) {
		json_t *x = json_array_get(a, i);
		size_t l = push(c, "", "segments", 0);
		int rc;

		push(c, "[]", NULL, i);
		rc = !json_is_object(x) ? jfail(c, "start", "segment is not an object")
		     : get_time(c, x, "start", &s->segs[i].start) ||
				     get_num(c, x, "bytes_per_sec", &s->segs[i].bps) ||
				     get_num(c, x, "obj_per_sec", &s->segs[i].ops) ||
				     get_int(c, x, "errors", &s->segs[i].errors)
			     ? -1
			     : 0;
		pop(c, l);
		if (rc < 0)
			return -1;
		s->n = i + 1;
	}
	return 0;
}

static int read_tp(struct jctx *c, const json_t *o, struct warp_tp *t)
{
	json_t *sg;
	size_t l;
	int rc;

	warp_tp_init(t);
	if (!json_is_object(o))
		return jfail(c, "throughput", "not an object");
	if (get_time(c, o, "start_time", &t->start) || get_time(c, o, "end_time", &t->end) ||
	    get_int(c, o, "errors", &t->errors) ||
	    get_int(c, o, "measure_duration_millis", &t->measure_ms) ||
	    get_num(c, o, "bytes", &t->bytes) || get_num(c, o, "objects", &t->objects) ||
	    get_int(c, o, "ops", &t->ops))
		return -1;
	sg = json_object_get(o, "segmented");
	if (sg == NULL || json_is_null(sg))
		return 0;
	if (!json_is_object(sg))
		return jfail(c, "segmented", "not an object");
	t->seg = calloc(1, sizeof(*t->seg));
	if (t->seg == NULL)
		return jfail(c, "segmented", "out of memory");
	l = push(c, "", "segmented", 0);
	rc = read_segmented(c, sg, t->seg);
	pop(c, l);
	return rc;
}

static int read_strset(struct jctx *c, const json_t *o, const char *key, struct warp_strset *s)
{
	json_t *a = json_object_get(o, key);
	size_t i;

	if (a == NULL || json_is_null(a))
		return 0;
	if (!json_is_array(a))
		return jfail(c, key, "not an array");
	for (i = 0; i < json_array_size(a); i++) {
		json_t *x = json_array_get(a, i);

		if (!json_is_string(x))
			return jfail(c, key, "holds a non-string");
		if (warp_strset_add(s, json_string_value(x)) < 0)
			return jfail(c, key, "out of memory");
	}
	return 0;
}

static int read_keyed(struct jctx *c, const json_t *o, const char *key, struct warp_keyed_tp **arr,
		      size_t *n, int *has)
{
	json_t *m = json_object_get(o, key), *v;
	const char *k;
	size_t l;

	if (m == NULL || json_is_null(m))
		return 0;
	if (!json_is_object(m))
		return jfail(c, key, "not an object");
	*has = 1;
	json_object_foreach(m, k, v) {
		struct warp_tp *t = warp_keyed_get(arr, n, k);
		int rc;

		if (t == NULL)
			return jfail(c, key, "out of memory");
		l = push(c, "", key, 0);
		push(c, "", k, 0);
		rc = read_tp(c, v, t);
		pop(c, l);
		if (rc < 0)
			return -1;
	}
	return 0;
}

static int read_reqs(struct jctx *c, const json_t *o, struct warp_live *lv)
{
	json_t *m = json_object_get(o, "requests_by_client"), *v;
	const char *k;

	if (m == NULL || json_is_null(m))
		return 0;
	if (!json_is_object(m))
		return jfail(c, "requests_by_client", "not an object");
	json_object_foreach(m, k, v) {
		struct warp_client_reqs *na, *r;
		size_t i, l;

		if (!json_is_array(v))
			return jfail(c, "requests_by_client", "value is not an array");
		na = realloc(lv->reqs, (lv->n_reqs + 1) * sizeof(*na));
		if (na == NULL)
			return jfail(c, "requests_by_client", "out of memory");
		lv->reqs = na;
		r = &na[lv->n_reqs++];
		r->client = strdup(k);
		r->n = 0;
		r->segs = calloc(json_array_size(v) + 1, sizeof(*r->segs));
		if (r->client == NULL || r->segs == NULL)
			return jfail(c, "requests_by_client", "out of memory");
		for (i = 0; i < json_array_size(v); i++) {
			json_t *w = json_array_get(v, i), *x;
			struct warp_reqseg *sg = &r->segs[i];
			int rc = 0;

			l = push(c, "", "requests_by_client", 0);
			push(c, "", k, 0);
			push(c, "[]", NULL, i);
			r->n = i + 1;
			if (!json_is_object(w)) {
				rc = jfail(c, "start_time", "window is not an object");
			} else if (get_time(c, w, "start_time", &sg->start) ||
				   get_time(c, w, "end_time", &sg->end)) {
				rc = -1;
			} else {
				x = json_object_get(w, "single_sized_requests");
				if (x && json_is_object(x)) {
					size_t l2 = push(c, "", "single_sized_requests", 0);

					rc = read_single(c, x, &sg->single);
					pop(c, l2);
				} else if (x && !json_is_null(x)) {
					rc = jfail(c, "single_sized_requests", "not an object");
				}
				x = json_object_get(w, "multi_sized_requests");
				if (rc == 0 && x && json_is_object(x)) {
					size_t l2 = push(c, "", "multi_sized_requests", 0);

					rc = read_multi(c, x, &sg->multi);
					pop(c, l2);
				} else if (rc == 0 && x && !json_is_null(x)) {
					rc = jfail(c, "multi_sized_requests", "not an object");
				}
			}
			pop(c, l);
			if (rc < 0)
				return -1;
		}
	}
	return 0;
}

static int read_live(struct jctx *c, const json_t *o, struct warp_live *l)
{
	json_t *fe, *tp;
	size_t i;

	if (!json_is_object(o))
		return err_set(c->e, "%s: field %s: not an object", c->path, c->where);
	if (get_int(c, o, "total_requests", &l->total_requests) ||
	    get_int(c, o, "total_objects", &l->total_objects) ||
	    get_int(c, o, "total_errors", &l->total_errors) ||
	    get_int(c, o, "total_bytes", &l->total_bytes) ||
	    get_int(c, o, "concurrency", &l->concurrency) ||
	    get_time(c, o, "start_time", &l->start) || get_time(c, o, "end_time", &l->end) ||
	    read_strset(c, o, "hosts", &l->hosts) || read_strset(c, o, "clients", &l->clients))
		return -1;
	fe = json_object_get(o, "first_errors");
	if (json_is_array(fe)) {
		l->first_errors = calloc(json_array_size(fe) + 1, sizeof(char *));
		if (l->first_errors == NULL)
			return jfail(c, "first_errors", "out of memory");
		for (i = 0; i < json_array_size(fe); i++) {
			json_t *x = json_array_get(fe, i);

			l->first_errors[i] = strdup(json_is_string(x) ? json_string_value(x) : "");
			if (l->first_errors[i] == NULL)
				return jfail(c, "first_errors", "out of memory");
			l->n_first_errors = i + 1;
		}
	}
	tp = json_object_get(o, "throughput");
	if (tp != NULL && !json_is_null(tp)) {
		size_t len = push(c, "", "throughput", 0);
		int rc = read_tp(c, tp, &l->tp);

		pop(c, len);
		if (rc < 0)
			return -1;
	}
	if (read_keyed(c, o, "throughput_by_host", &l->tp_host, &l->n_tp_host, &l->has_tp_host) ||
	    read_keyed(c, o, "throughput_by_client", &l->tp_client, &l->n_tp_client,
		       &l->has_tp_client) ||
	    read_reqs(c, o, l))
		return -1;
	return 0;
}

static int read_rt(struct jctx *c, const json_t *root, struct warp_rt *rt)
{
	json_t *v = json_object_get(root, "v"), *byop, *x;
	const char *k;

	if (!json_is_object(root))
		return err_set(c->e, "%s: not a JSON object", c->path);
	if (!json_is_integer(v) || json_integer_value(v) != 2)
		return err_set(c->e,
			       "%s: field v: Warp result format version %s is not supported "
			       "(2 is)",
			       c->path, json_is_integer(v) ? "other than 2" : "missing");
	x = json_object_get(root, "commandline");
	if (json_is_string(x)) {
		rt->commandline = strdup(json_string_value(x));
		if (rt->commandline == NULL)
			return err_set(c->e, "%s: out of memory", c->path);
	}
	snprintf(c->where, sizeof(c->where), "total");
	x = json_object_get(root, "total");
	if (x != NULL && read_live(c, x, &rt->total) < 0)
		return -1;
	byop = json_object_get(root, "by_op_type");
	if (byop == NULL || json_is_null(byop))
		return 0;
	if (!json_is_object(byop))
		return err_set(c->e, "%s: field by_op_type: not an object", c->path);
	json_object_foreach(byop, k, x) {
		struct warp_live *l;

		if (json_is_null(x))
			continue;
		l = warp_rt_op(rt, k);
		if (l == NULL)
			return err_set(c->e, "%s: out of memory", c->path);
		snprintf(c->where, sizeof(c->where), "by_op_type.%s", k);
		if (read_live(c, x, l) < 0)
			return -1;
	}
	return 0;
}

int warp_json_read(const char *path, struct warp_rt **out, struct err *e)
{
	struct jctx c = {path, e, ""};
	struct warp_rt *rt = NULL;
	json_error_t je;
	json_t *root = NULL;
	char *text = NULL;
	size_t len;
	int rc = -1;

	*out = NULL;
	if (zio_read_all(path, MAX_JSON, &text, &len, e) < 0)
		goto done;
	root = json_loadb(text, len, 0, &je);
	if (root == NULL) {
		err_set(e, "%s:%d: JSON: %s", path, je.line, je.text);
		goto done;
	}
	rt = warp_rt_new();
	if (rt == NULL) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	if (read_rt(&c, root, rt) < 0)
		goto done;
	*out = rt;
	rt = NULL;
	rc = 0;
done:
	warp_rt_free(rt);
	json_decref(root);
	free(text);
	return rc;
}

int warp_json_is_aggregate(const char *path, struct err *e)
{
	struct zio_reader *r = zio_reader_open(path, e);
	char buf[256];
	ssize_t got, i;
	int rc = -2; /* undecided while only white space was seen */

	if (r == NULL)
		return -1;
	while (rc == -2) {
		got = zio_read(r, buf, sizeof(buf), e);
		if (got <= 0) {
			rc = got < 0 ? -1 : 0;
			break;
		}
		for (i = 0; i < got; i++) {
			if (isspace((unsigned char)buf[i]))
				continue;
			rc = buf[i] == '{';
			break;
		}
	}
	zio_reader_free(r);
	return rc;
}

/* core/runrec/runrec_field.c: see runrec_field.h. */
#include "core/runrec/runrec_field.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/runrec/runrec.h"
#include "core/timefmt.h"

char *rrf_path(char *buf, size_t n, const char *path, const char *key)
{
	snprintf(buf, n, "%s%s%s", path, path[0] ? "." : "", key);
	return buf;
}

#define AT(rec, f, type) ((type *)(void *)((char *)(rec) + (f)->off))
#define AT_C(rec, f, type) ((const type *)(const void *)((const char *)(rec) + (f)->off))

/* value: the JSON of one member of rec, NULL to leave it out. */
static json_t *value(const struct rrf *f, const void *rec)
{
	char buf[RFC3339_MAX];
	const char *s;
	int64_t i;
	double d;

	switch (f->type) {
	case RRF_STR:
	case RRF_STR_OPT:
		s = *AT_C(rec, f, char *);
		return s != NULL ? json_string(s) : f->type == RRF_STR ? json_null() : NULL;
	case RRF_TEXT:
	case RRF_TEXT_N:
		s = AT_C(rec, f, char);
		return s[0] || f->type == RRF_TEXT ? json_string(s) : json_null();
	case RRF_INT:
	case RRF_INT_Z:
	case RRF_INT_N:
	case RRF_INT_OPT:
		i = *AT_C(rec, f, int64_t);
		if (f->type == RRF_INT_OPT && i == RUNREC_NULL_INT)
			return NULL;
		if ((f->type == RRF_INT_Z && i == 0) ||
		    (f->type == RRF_INT_N && i == RUNREC_NULL_INT))
			return json_null();
		return json_integer((json_int_t)i);
	case RRF_REAL:
	case RRF_REAL_Z:
	case RRF_REAL_N:
		d = *AT_C(rec, f, double);
		if ((f->type == RRF_REAL_Z && d == 0) || (f->type == RRF_REAL_N && isnan(d)))
			return json_null();
		return json_real(d);
	case RRF_BOOL:
		return json_boolean(*AT_C(rec, f, int));
	case RRF_TIME:
		i = *AT_C(rec, f, int64_t);
		if (i <= 0)
			return json_null();
		rfc3339_format(buf, sizeof(buf), i);
		return json_string(buf);
	case RRF_OBJ:
		return f->to(rec);
	}
	return NULL;
}

json_t *rrf_write(const struct rrf *t, size_t n, const void *rec, uint64_t absent)
{
	json_t *o = json_object();

	for (size_t i = 0; o != NULL && i < n; i++) {
		json_t *v;

		if (absent & (1ull << i))
			continue;
		v = value(&t[i], rec);
		if (v != NULL && json_object_set_new(o, t[i].key, v) < 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

/* absent_value: the value of a member the file lacks. */
static void absent_value(const struct rrf *f, void *rec)
{
	if (f->type == RRF_REAL_N)
		*AT(rec, f, double) = NAN;
	else if (f->type == RRF_INT_N || f->type == RRF_INT_OPT)
		*AT(rec, f, int64_t) = RUNREC_NULL_INT;
}

static int read_str(const struct rrf *f, const json_t *v, const char *p, void *rec, struct err *e)
{
	const char *s;

	if (json_is_null(v)) {
		if (f->type == RRF_STR || f->type == RRF_STR_OPT)
			*AT(rec, f, const char *) = NULL;
		else
			AT(rec, f, char)[0] = '\0';
		return 0;
	}
	if (!json_is_string(v))
		return err_set(e, "field %s: expected a string", p);
	s = json_string_value(v);
	if ((f->flags & RRF_NONEMPTY) && s[0] == '\0')
		return err_set(e, "field %s: expected a non-empty string", p);
	if (f->type == RRF_STR || f->type == RRF_STR_OPT) {
		*AT(rec, f, const char *) = s;
		return 0;
	}
	if (strlen(s) >= f->len)
		return err_set(e, "field %s: longer than %zu bytes", p, f->len - 1);
	memcpy(AT(rec, f, char), s, strlen(s) + 1);
	return 0;
}

static int read_int(const struct rrf *f, const json_t *v, const char *p, void *rec, struct err *e)
{
	json_int_t x;

	if (json_is_null(v)) {
		*AT(rec, f,
		    int64_t) = f->type == RRF_INT_N || f->type == RRF_INT_OPT ? RUNREC_NULL_INT : 0;
		return 0;
	}
	if (!json_is_integer(v))
		return err_set(e, "field %s: expected an integer", p);
	x = json_integer_value(v);
	if (f->lo < f->hi && ((double)x < f->lo || (double)x > f->hi))
		return err_set(e, "field %s: %lld is out of range", p, (long long)x);
	*AT(rec, f, int64_t) = (int64_t)x;
	return 0;
}

static int read_real(const struct rrf *f, const json_t *v, const char *p, void *rec, struct err *e)
{
	double x;

	if (json_is_null(v)) {
		*AT(rec, f, double) = f->type == RRF_REAL_N ? NAN : 0;
		return 0;
	}
	if (!json_is_number(v) || !isfinite(json_number_value(v)))
		return err_set(e, "field %s: expected a number", p);
	x = json_number_value(v);
	if (f->lo < f->hi && (x < f->lo || x > f->hi))
		return err_set(e, "field %s: %g is out of range (%g to %g)", p, x, f->lo, f->hi);
	*AT(rec, f, double) = x;
	return 0;
}

static int read_one(const struct rrf *f, const json_t *v, const char *p, void *rec, struct err *e)
{
	int64_t ns;

	switch (f->type) {
	case RRF_STR:
	case RRF_STR_OPT:
	case RRF_TEXT:
	case RRF_TEXT_N:
		return read_str(f, v, p, rec, e);
	case RRF_INT:
	case RRF_INT_Z:
	case RRF_INT_N:
	case RRF_INT_OPT:
		return read_int(f, v, p, rec, e);
	case RRF_REAL:
	case RRF_REAL_Z:
	case RRF_REAL_N:
		return read_real(f, v, p, rec, e);
	case RRF_BOOL:
		if (json_is_null(v))
			return 0;
		if (!json_is_boolean(v))
			return err_set(e, "field %s: expected true or false", p);
		*AT(rec, f, int) = json_is_true(v);
		return 0;
	case RRF_TIME:
		if (json_is_null(v))
			return 0;
		if (!json_is_string(v) || rfc3339_parse(json_string_value(v), &ns) < 0)
			return err_set(e, "field %s: expected an RFC 3339 time", p);
		*AT(rec, f, int64_t) = ns;
		return 0;
	case RRF_OBJ:
		return f->from(v, p, rec, e);
	}
	return err_set(e, "field %s: unknown type", p);
}

int rrf_read(const json_t *o, const char *path, const struct rrf *t, size_t n, void *rec,
	     uint64_t *absent, struct err *e)
{
	char p[256];

	*absent = 0;
	if (!json_is_object(o))
		return err_set(e, "field %s: expected an object", path);
	for (size_t i = 0; i < n; i++) {
		const json_t *v = json_object_get(o, t[i].key);

		if (v == NULL) {
			*absent |= 1ull << i;
			absent_value(&t[i], rec);
			continue;
		}
		if (read_one(&t[i], v, rrf_path(p, sizeof(p), path, t[i].key), rec, e) < 0)
			return -1;
	}
	return 0;
}

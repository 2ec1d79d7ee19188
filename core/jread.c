/* core/jread.c: see jread.h. */
#include "core/jread.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"

int jread_bad(struct jread *r, const char *field, const char *what)
{
	if (!r->failed)
		err_set(r->e, "%s: %s: %s", r->file, field, what);
	r->failed = 1;
	return -1;
}

int jread_fail(struct jread *r, const char *msg)
{
	if (!r->failed)
		err_set(r->e, "%s: %s", r->file, msg);
	r->failed = 1;
	return -1;
}

const char *jread_path(const char *where, const char *key, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s%s", where, *where && *key ? "." : "", key);
	return buf;
}

int jread_bad_at(struct jread *r, const char *where, const char *key, const char *what)
{
	char f[256];

	return jread_bad(r, jread_path(where, key, f, sizeof(f)), what);
}

json_t *jread_member(struct jread *r, const json_t *o, const char *where, const char *key,
		     int required)
{
	json_t *v = json_object_get(o, key);

	if (v == NULL && required)
		jread_bad_at(r, where, key, "missing");
	return v;
}

char *jread_dup(struct jread *r, const char *where, const char *key, const char *s)
{
	char *c;

	if (s == NULL)
		return NULL;
	if ((c = strdup(s)) == NULL)
		jread_bad_at(r, where, key, "out of memory");
	return c;
}

char *jread_str(struct jread *r, const json_t *o, const char *where, const char *key, int required)
{
	json_t *v = jread_member(r, o, where, key, required);

	if (v == NULL || (json_is_null(v) && !required))
		return NULL;
	if (!json_is_string(v)) {
		jread_bad_at(r, where, key, "expected a string");
		return NULL;
	}
	return jread_dup(r, where, key, json_string_value(v));
}

double jread_num(struct jread *r, const json_t *o, const char *where, const char *key, int required)
{
	json_t *v = jread_member(r, o, where, key, required);

	if (v == NULL || json_is_null(v))
		return NAN;
	if (!json_is_number(v)) {
		jread_bad_at(r, where, key, "expected a number or null");
		return NAN;
	}
	return json_number_value(v);
}

double jread_figure(struct jread *r, const json_t *o, const char *where, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (v == NULL || !(json_is_null(v) || json_is_number(v))) {
		jread_bad_at(r, where, key, "missing or not a number");
		return NAN;
	}
	return jnum_get(v);
}

long long jread_int(struct jread *r, const json_t *o, const char *where, const char *key,
		    int required, long long dflt)
{
	json_t *v = jread_member(r, o, where, key, required);

	if (v == NULL || (json_is_null(v) && !required))
		return dflt;
	if (!json_is_integer(v) || json_integer_value(v) < 0) {
		jread_bad_at(r, where, key, "expected a non-negative integer");
		return dflt;
	}
	return json_integer_value(v);
}

int jread_count(struct jread *r, const json_t *o, const char *where, const char *key)
{
	long long v = jread_int(r, o, where, key, 0, 1);

	if (!r->failed && (v < 1 || v > 1000000))
		jread_bad_at(r, where, key, "expected an integer from 1 to 1000000");
	return r->failed ? 1 : (int)v;
}

int jread_bool(struct jread *r, const json_t *o, const char *where, const char *key, int required,
	       int dflt)
{
	json_t *v = jread_member(r, o, where, key, required);

	if (v == NULL || (json_is_null(v) && !required))
		return dflt;
	if (!json_is_boolean(v)) {
		jread_bad_at(r, where, key, "expected true or false");
		return dflt;
	}
	return json_is_true(v);
}

void jread_pair(struct jread *r, const json_t *o, const char *where, const char *key, double *lo,
		double *hi)
{
	json_t *v = json_object_get(o, key);

	*lo = *hi = NAN;
	if (v == NULL || json_is_null(v))
		return;
	if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(json_array_get(v, 0)) ||
	    !json_is_number(json_array_get(v, 1))) {
		jread_bad_at(r, where, key, "expected [lo, hi] or null");
		return;
	}
	*lo = json_number_value(json_array_get(v, 0));
	*hi = json_number_value(json_array_get(v, 1));
}

json_t *jread_object(struct jread *r, const json_t *o, const char *where, const char *key,
		     int required)
{
	json_t *v = jread_member(r, o, where, key, required);

	if (v == NULL || (json_is_null(v) && !required))
		return NULL;
	if (!json_is_object(v)) {
		jread_bad_at(r, where, key,
			     required ? "expected an object" : "expected an object or null");
		return NULL;
	}
	return v;
}

json_t *jread_array(struct jread *r, const json_t *o, const char *where, const char *key,
		    int required)
{
	json_t *v = jread_member(r, o, where, key, required);

	if (v == NULL || (json_is_null(v) && !required))
		return NULL;
	if (!json_is_array(v)) {
		jread_bad_at(r, where, key, "expected an array");
		return NULL;
	}
	return v;
}

void *jread_alloc(struct jread *r, const char *field, size_t n, size_t size)
{
	void *p = calloc(n + 1, size);

	if (p == NULL)
		jread_bad(r, field, "out of memory");
	return p;
}

int jread_element(struct jread *r, const char *field, size_t i, const json_t *v, char *w, size_t n)
{
	snprintf(w, n, "%s[%zu]", field, i);
	return json_is_object(v) ? 0 : jread_bad(r, w, "expected an object");
}

void jread_list(struct jread *r, const json_t *o, const char *where, const char *key,
		const char *what, size_t size, jread_elem_fn fn, void *ctx, void **out, size_t *n)
{
	json_t *a = json_object_get(o, key), *t;
	char w[256], f[256], msg[128];
	size_t i;

	*out = NULL;
	*n = 0;
	jread_path(where, key, w, sizeof(w));
	if (a == NULL || json_is_null(a))
		return;
	if (!json_is_array(a)) {
		snprintf(msg, sizeof(msg), "expected an array of %s", what);
		jread_bad(r, w, msg);
		return;
	}
	if ((*out = jread_alloc(r, w, json_array_size(a), size)) == NULL)
		return;
	json_array_foreach(a, i, t) {
		snprintf(f, sizeof(f), "%s[%zu]", w, i);
		if (fn(r, f, t, (char *)*out + i * size, ctx) != 0)
			return;
		*n = i + 1;
	}
}

/* read_string: element v as a copied string into the char * at slot. */
static int read_string(struct jread *r, const char *field, const json_t *v, void *slot, void *ctx)
{
	char **s = slot;

	(void)ctx;
	if (!json_is_string(v))
		return jread_bad(r, field, "expected a string");
	*s = jread_dup(r, field, "", json_string_value(v));
	return *s == NULL ? -1 : 0;
}

void jread_strings(struct jread *r, const json_t *o, const char *where, const char *key,
		   char ***out, size_t *n)
{
	void *list;

	jread_list(r, o, where, key, "strings", sizeof(char *), read_string, NULL, &list, n);
	*out = list;
}

json_t *jread_parse(const char *json, const char *name, struct err *e)
{
	json_error_t je;
	json_t *root = json_loads(json, 0, &je);

	if (root == NULL) {
		err_set(e, "%s:%d: not valid JSON: %s", name, je.line, je.text);
		return NULL;
	}
	if (!json_is_object(root)) {
		json_decref(root);
		err_set(e, "%s: the top level is not an object", name);
		return NULL;
	}
	return root;
}

json_t *jread_load(const char *path, struct err *e)
{
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);

	if (root == NULL)
		err_set(e, "%s: line %d: %s", path, je.line, je.text);
	return root;
}

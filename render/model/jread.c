/* render/model/jread.c: see jread.h. */
#include "render/model/jread.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int jread_bad(struct jread *l, const char *field, const char *what)
{
	return err_set(l->e, "%s: %s: %s", l->file, field, what);
}

/* jread_bad() for the member `key` of the object at `where` ("" = the top level). */
int jread_bad_at(struct jread *l, const char *where, const char *key, const char *what)
{
	char f[256];
	snprintf(f, sizeof(f), "%s%s%s", where, *where && *key ? "." : "", key);
	return jread_bad(l, f, what);
}

/* A copy of s for the field at where.key; NULL with *failed set when out of memory. */
char *jread_dup_at(struct jread *l, const char *where, const char *key, const char *s, int *failed)
{
	char *r = strdup(s);
	if (r == NULL) {
		jread_bad_at(l, where, key, "out of memory");
		*failed = 1;
	}
	return r;
}

/* Room for the n elements of `field` and one spare (so that an empty array allocates
 * too), zeroed; NULL with *failed set when out of memory. */
void *jread_alloc_at(struct jread *l, const char *field, size_t n, size_t size, int *failed)
{
	void *p = calloc(n + 1, size);
	if (p == NULL) {
		jread_bad(l, field, "out of memory");
		*failed = 1;
	}
	return p;
}

/* The member `key` of o; missing is an error when required. */
json_t *jread_member(struct jread *l, json_t *o, const char *where, const char *key, int required,
		     int *failed)
{
	json_t *v = json_object_get(o, key);
	if (v == NULL && required) {
		jread_bad_at(l, where, key, "missing");
		*failed = 1;
	}
	return v;
}

char *jread_get_str(struct jread *l, json_t *o, const char *where, const char *key, int required,
		    int *failed)
{
	json_t *v = jread_member(l, o, where, key, required, failed);
	if (v == NULL || (json_is_null(v) && !required)) /* absent or null: empty */
		return jread_dup_at(l, where, key, "", failed);
	if (!json_is_string(v)) {
		jread_bad_at(l, where, key, "expected a string");
		*failed = 1;
		return NULL;
	}
	return jread_dup_at(l, where, key, json_string_value(v), failed);
}

/* A number or null (NAN); absent is null unless required. */
double jread_get_num(struct jread *l, json_t *o, const char *where, const char *key, int required,
		     int *failed)
{
	json_t *v = jread_member(l, o, where, key, required, failed);
	if (v == NULL || json_is_null(v))
		return NAN;
	if (!json_is_number(v)) {
		jread_bad_at(l, where, key, "expected a number or null");
		*failed = 1;
		return NAN;
	}
	return json_number_value(v);
}

long long jread_get_int(struct jread *l, json_t *o, const char *where, const char *key,
			int required, long long dflt, int *failed)
{
	json_t *v = jread_member(l, o, where, key, required, failed);
	if (v == NULL || (json_is_null(v) && !required))
		return dflt;
	if (!json_is_integer(v) || json_integer_value(v) < 0) {
		jread_bad_at(l, where, key, "expected a non-negative integer");
		*failed = 1;
		return dflt;
	}
	return json_integer_value(v);
}

int jread_find_subject(const struct report_model *m, const char *id)
{
	for (size_t i = 0; i < m->nsubjects; i++)
		if (strcmp(m->subjects[i].id, id) == 0)
			return (int)i;
	return -1;
}

/* The subject named by o.key, as an index. */
int jread_get_subject(struct jread *l, const struct report_model *m, json_t *o, const char *where,
		      int *failed)
{
	char *id = jread_get_str(l, o, where, "subject", 1, failed);
	int i = -1;
	if (id) {
		i = jread_find_subject(m, id);
		if (i < 0 && !*failed) {
			char w[320];
			snprintf(w, sizeof(w), "'%.200s' is not in subjects[]", id);
			jread_bad_at(l, where, "subject", w);
			*failed = 1;
		}
	}
	free(id);
	return i;
}

json_t *jread_get_array(struct jread *l, json_t *root, const char *key, int required, int *failed)
{
	json_t *v = jread_member(l, root, "", key, required, failed);
	if (v && !json_is_array(v)) {
		jread_bad(l, key, "expected an array");
		*failed = 1;
		return NULL;
	}
	return v;
}

/* The array root.key (absent: empty) and zeroed room for its elements (size bytes
 * each), or NULL with *failed set. */
void *jread_get_items(struct jread *l, json_t *root, const char *key, int required, size_t size,
		      json_t **a, int *failed)
{
	*a = jread_get_array(l, root, key, required, failed);
	return *failed ? NULL : jread_alloc_at(l, key, json_array_size(*a), size, failed);
}

/* Element i of the array `key`, named in w ("key[i]"): 0 when it is an object. */
int jread_element(struct jread *l, const char *key, size_t i, json_t *v, char *w, size_t n)
{
	snprintf(w, n, "%s[%zu]", key, i);
	return json_is_object(v) ? 0 : jread_bad(l, w, "expected an object");
}

int jread_get_bool(struct jread *l, json_t *o, const char *where, const char *key, int dflt,
		   int *failed)
{
	json_t *v = json_object_get(o, key);
	if (v == NULL || json_is_null(v))
		return dflt;
	if (!json_is_boolean(v)) {
		jread_bad_at(l, where, key, "expected true or false");
		*failed = 1;
		return dflt;
	}
	return json_is_true(v);
}

void jread_get_pair(struct jread *l, json_t *o, const char *where, const char *key, double *lo,
		    double *hi, int *failed)
{
	json_t *v = json_object_get(o, key);
	*lo = *hi = NAN;
	if (v == NULL || json_is_null(v))
		return;
	if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(json_array_get(v, 0)) ||
	    !json_is_number(json_array_get(v, 1))) {
		jread_bad_at(l, where, key, "expected [lo, hi] or null");
		*failed = 1;
		return;
	}
	*lo = json_number_value(json_array_get(v, 0));
	*hi = json_number_value(json_array_get(v, 1));
}

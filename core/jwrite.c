/* core/jwrite.c: see jwrite.h. */
#include "core/jwrite.h"

#include <math.h>

void jwrite_put(json_t *o, const char *key, json_t *v, int *ok)
{
	if (json_object_set_new(o, key, v) != 0)
		*ok = 0;
}

void jwrite_add(json_t *a, json_t *v, int *ok)
{
	if (json_array_append_new(a, v) != 0)
		*ok = 0;
}

json_t *jwrite_str(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

json_t *jwrite_count(long long n)
{
	return n >= 0 ? json_integer((json_int_t)n) : json_null();
}

json_t *jwrite_pair(double lo, double hi)
{
	json_t *a;
	int ok = 1;

	if (!isfinite(lo) || !isfinite(hi))
		return json_null();
	a = json_array();
	jwrite_add(a, json_real(lo), &ok);
	jwrite_add(a, json_real(hi), &ok);
	return jwrite_done(a, ok);
}

json_t *jwrite_strings(char *const *v, size_t n)
{
	json_t *a = json_array();
	int ok = 1;

	for (size_t i = 0; i < n; i++)
		jwrite_add(a, json_string(v[i]), &ok);
	return jwrite_done(a, ok);
}

json_t *jwrite_done(json_t *o, int ok)
{
	if (o != NULL && ok)
		return o;
	json_decref(o);
	return NULL;
}

/* core/jnum.c: see jnum.h. */
#include "core/jnum.h"

#include <math.h>

json_t *jnum_new(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

double jnum_get(const json_t *v)
{
	return json_is_number(v) ? json_number_value(v) : NAN;
}

json_t *jnum_copy_new(struct jnum_copy n)
{
	return n.integer && isfinite(n.v) ? json_integer((json_int_t)n.v) : jnum_new(n.v);
}

struct jnum_copy jnum_copy_get(const json_t *v)
{
	struct jnum_copy n = {jnum_get(v), json_is_integer(v)};

	return n;
}

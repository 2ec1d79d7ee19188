/* core/jnum.h: a JSON number that may be absent. Every file the stages exchange writes a
 * figure nobody measured as null, never as 0 (docs/FORMATS.md); in C it is NAN. These two
 * are the one place that turns one into the other. */
#ifndef CORE_JNUM_H
#define CORE_JNUM_H

#include <jansson.h>

/* jnum_new: v as a JSON real, or null when v is not finite (NAN: no value). A new
 * reference; NULL when out of memory. */
json_t *jnum_new(double v);

/* jnum_get: the number v holds (an integer or a real), NAN when v is NULL, null or not a
 * number. */
double jnum_get(const json_t *v);

/* A number copied from another file (run.json's client record into aggregate.json): its
 * value (NAN: null) and whether that file wrote it as an integer, so that the copy is
 * written the same way. */
struct jnum_copy {
	double v;
	int integer;
};

/* jnum_copy_new: n as that file wrote it: an integer, a real, or null (NAN). A new
 * reference; NULL when out of memory. */
json_t *jnum_copy_new(struct jnum_copy n);

/* jnum_copy_get: the number v holds with its kind; NAN (not an integer) when v is NULL,
 * null or not a number. */
struct jnum_copy jnum_copy_get(const json_t *v);

#endif

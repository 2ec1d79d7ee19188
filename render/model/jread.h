/* render/model/jread.h: the JSON readers of the model (render/model/model*.c; private to the model).
 * Every reader names the field at fault in l->e: "FILE: cells[3].mib_s.value: expected a
 * number or null", sets *failed and returns a harmless value (NULL, NAN, the default); a
 * reader with `required` treats an absent member as an error, else absent is null. */
#ifndef RENDER_JREAD_H
#define RENDER_JREAD_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "render/model/model.h"

/* Where we are in the file, for messages: "file: field". */
struct jread {
	const char *file;
	struct err *e;
};

/* jread_bad: set l->e to "file: field: what"; returns -1. */
int jread_bad(struct jread *l, const char *field, const char *what);
/* jread_bad_at: jread_bad() for the member `key` of the object at `where` ("" = top level). */
int jread_bad_at(struct jread *l, const char *where, const char *key, const char *what);
/* jread_dup_at: a copy of s (caller frees) for the field at where.key, or NULL. */
char *jread_dup_at(struct jread *l, const char *where, const char *key, const char *s, int *failed);
/* jread_alloc_at: zeroed room for n elements and one spare (caller frees), or NULL. */
void *jread_alloc_at(struct jread *l, const char *field, size_t n, size_t size, int *failed);
/* jread_member: o.key (borrowed) or NULL. */
json_t *jread_member(struct jread *l, json_t *o, const char *where, const char *key, int required,
		     int *failed);
/* jread_get_str: a copy of the string o.key (caller frees); absent or null gives "". */
char *jread_get_str(struct jread *l, json_t *o, const char *where, const char *key, int required,
		    int *failed);
/* jread_get_num: the number o.key; null or absent gives NAN. */
double jread_get_num(struct jread *l, json_t *o, const char *where, const char *key, int required,
		     int *failed);
/* jread_get_int: the non-negative integer o.key; absent or null gives dflt. */
long long jread_get_int(struct jread *l, json_t *o, const char *where, const char *key,
			int required, long long dflt, int *failed);
/* jread_get_bool: true/false o.key as 1/0; absent or null gives dflt. */
int jread_get_bool(struct jread *l, json_t *o, const char *where, const char *key, int dflt,
		   int *failed);
/* jread_get_pair: o.key as [lo, hi] of numbers into lo, hi; absent or null gives NAN, NAN. */
void jread_get_pair(struct jread *l, json_t *o, const char *where, const char *key, double *lo,
		    double *hi, int *failed);
/* jread_find_subject: the index of subject id in m->subjects, or -1. */
int jread_find_subject(const struct report_model *m, const char *id);
/* jread_get_subject: the subject named by o.subject, as an index (-1 with *failed set). */
int jread_get_subject(struct jread *l, const struct report_model *m, json_t *o, const char *where,
		      int *failed);
/* jread_get_array: root.key, an array (borrowed) or NULL when absent. */
json_t *jread_get_array(struct jread *l, json_t *root, const char *key, int required, int *failed);
/* jread_get_items: the array root.key (absent: empty) into *a and zeroed room for its
 * elements, size bytes each (caller frees), or NULL with *failed set. */
void *jread_get_items(struct jread *l, json_t *root, const char *key, int required, size_t size,
		      json_t **a, int *failed);
/* jread_element: names element i of `key` in w ("key[i]"); 0 when it is an object, else -1. */
int jread_element(struct jread *l, const char *key, size_t i, json_t *v, char *w, size_t n);

#endif

/* core/jread.h: the readers of a JSON file's members by path (the results files of
 * core/results/results.h, and a run's or a cell's cost: core/price.h). Every reader names the
 * field at fault:
 * "FILE: cells[3].mib_s.value: expected a number or null". It sets r->failed, keeps the
 * first message in r->e and returns a harmless value (NULL, NAN, the default); a reader
 * with `required` treats an absent member as an error ("missing"), else absent is null.
 * `where` names the object read ("cells[3].mib_s"; "" = the top level). */
#ifndef CORE_JREAD_H
#define CORE_JREAD_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"

struct results_subject;

/* Where a reading is: the file (for messages), the first failure, and the subjects a
 * subject id resolves against (set by core/results' document reader once subjects[] is
 * read; results_subject_ref, core/results/results_head.h, resolves them). */
struct jread {
	const char *file;
	struct err *e;
	int failed;
	const struct results_subject *subjects;
	size_t n_subjects;
};

/* jread_bad: "FILE: field: what" into r->e unless a failure came first; r->failed set.
 * Returns -1. */
int jread_bad(struct jread *r, const char *field, const char *what);

/* jread_fail: "FILE: msg" for a message that names its field already (a record read by
 * another module's reader); as jread_bad otherwise. */
int jread_fail(struct jread *r, const char *msg);

/* jread_bad_at: jread_bad for the member key of the object at where. */
int jread_bad_at(struct jread *r, const char *where, const char *key, const char *what);

/* jread_path: "where.key" (or key alone at the top level) into buf of n bytes; returns
 * buf. */
const char *jread_path(const char *where, const char *key, char *buf, size_t n);

/* jread_member: o.key (borrowed), or NULL when absent ("missing" when required). */
json_t *jread_member(struct jread *r, const json_t *o, const char *where, const char *key,
		     int required);

/* jread_dup: a copy of s (caller frees) for the field at where.key; NULL when s is NULL,
 * or when out of memory (then failed). */
char *jread_dup(struct jread *r, const char *where, const char *key, const char *s);

/* jread_str: a copy of the string o.key (caller frees); absent or null gives NULL
 * (required: absent is "missing", null "expected a string"). */
char *jread_str(struct jread *r, const json_t *o, const char *where, const char *key, int required);

/* jread_num: the number o.key; absent or null gives NAN ("expected a number or null").
 * jread_figure: a member every such object has, a number or null: absent or of another
 * type is "missing or not a number". */
double jread_num(struct jread *r, const json_t *o, const char *where, const char *key,
		 int required);
double jread_figure(struct jread *r, const json_t *o, const char *where, const char *key);

/* jread_int: the non-negative integer o.key; absent or null gives dflt (required: null
 * is an error too). */
long long jread_int(struct jread *r, const json_t *o, const char *where, const char *key,
		    int required, long long dflt);

/* jread_count: o.key as a count of clients, hosts or ranks from 1 to 1000000; absent or
 * null gives 1 ("expected an integer from 1 to 1000000"). */
int jread_count(struct jread *r, const json_t *o, const char *where, const char *key);

/* jread_bool: true/false o.key as 1/0; absent or null gives dflt (required: absent or null
 * is an error). */
int jread_bool(struct jread *r, const json_t *o, const char *where, const char *key, int required,
	       int dflt);

/* jread_pair: o.key as [lo, hi] of numbers; absent or null gives NAN, NAN. */
void jread_pair(struct jread *r, const json_t *o, const char *where, const char *key, double *lo,
		double *hi);

/* jread_object: o.key when it is an object, NULL when absent or null; another type is
 * "expected an object or null" (required: absent or null is an error too). */
json_t *jread_object(struct jread *r, const json_t *o, const char *where, const char *key,
		     int required);

/* jread_array: o.key when it is an array, NULL when absent or null; another type is
 * "expected an array" (required: absent is "missing"). */
json_t *jread_array(struct jread *r, const json_t *o, const char *where, const char *key,
		    int required);

/* jread_alloc: zeroed room for n elements of `size` bytes and one spare (so that an empty
 * array allocates too; caller frees); NULL when out of memory (failed). */
void *jread_alloc(struct jread *r, const char *field, size_t n, size_t size);

/* jread_element: names element i of the array at field in w ("field[i]", n bytes); 0 when v
 * is an object, else -1 ("expected an object"). */
int jread_element(struct jread *r, const char *field, size_t i, const json_t *v, char *w, size_t n);

/* jread_strings: the array o.key of strings (absent or null: none) into *out (caller frees
 * each and the array; NULL when none) and *n ("key[i]: expected a string"). */
void jread_strings(struct jread *r, const json_t *o, const char *where, const char *key,
		   char ***out, size_t *n);

/* jread_parse: the JSON text json as an object, name naming it in messages ("NAME:LINE: not
 * valid JSON: ...", "NAME: the top level is not an object"). A new reference, or NULL with
 * e set. */
json_t *jread_parse(const char *json, const char *name, struct err *e);

/* jread_load: the JSON in the file at path (jansson's json_load_file), its error as
 * "PATH: line N: ..." (trend.json, manifest.json). A new reference, or NULL with e set. */
json_t *jread_load(const char *path, struct err *e);

#endif

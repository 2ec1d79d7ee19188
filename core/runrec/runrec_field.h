/* core/runrec/runrec_field.h: the table codec of core/runrec's records (inside core/runrec
 * only). A record is a C struct and a table of its members in file order: each entry names
 * a JSON key, how its value is stored and where in the struct. One writer and one reader
 * walk a table, so the key of a field is spelled once, in its table.
 *
 * Every record has a `uint64_t absent` whose bit i says member i of its table was absent
 * from the file read (the writer leaves it out again, so a file read and written back is
 * the same text); zero, as a struct filled by a writer has it, writes every member. A
 * table has at most 64 members; a member whose bit is tested elsewhere is given by a
 * designated index (a member put before it is then a compile error: -Woverride-init). */
#ifndef CORE_RUNREC_FIELD_H
#define CORE_RUNREC_FIELD_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

enum rrf_type {
	RRF_STR,     /* const char *: a string, null for NULL */
	RRF_STR_OPT, /* const char *: a string, left out for NULL */
	RRF_TEXT,    /* char[len]: a string */
	RRF_TEXT_N,  /* char[len]: a string, null for "" */
	RRF_INT,     /* int64_t */
	RRF_INT_Z,   /* int64_t: null for 0 */
	RRF_INT_N,   /* int64_t: null for RUNREC_NULL_INT */
	RRF_INT_OPT, /* int64_t: left out for RUNREC_NULL_INT */
	RRF_REAL,    /* double */
	RRF_REAL_Z,  /* double: null for 0 */
	RRF_REAL_N,  /* double: null for NaN */
	RRF_BOOL,    /* int: true or false */
	RRF_TIME,    /* int64_t Unix ns: an RFC 3339 text, null for 0 */
	RRF_OBJ      /* a member of its own: `to` writes it, `from` reads it */
};

/* rrf_to_fn: the member's value of rec (new reference), or NULL to leave the member out. */
typedef json_t *(*rrf_to_fn)(const void *rec);
/* rrf_from_fn: v (present, possibly null) into rec; -1 with "field PATH...: ..." in e. */
typedef int (*rrf_from_fn)(const json_t *v, const char *path, void *rec, struct err *e);

#define RRF_NONEMPTY 1u /* strings: "" is refused */

struct rrf {
	const char *key;
	enum rrf_type type;
	size_t off;    /* where the value is in the record */
	size_t len;    /* RRF_TEXT*: the array's size */
	double lo, hi; /* numbers: the range a reader accepts, when lo < hi */
	unsigned flags;
	rrf_to_fn to; /* RRF_OBJ */
	rrf_from_fn from;
};

#define RRF_F(k, t, s, m)                                    \
	{                                                    \
		k, t, offsetof(s, m), 0, 0, 0, 0, NULL, NULL \
	}
#define RRF_NE(k, t, s, m)                                              \
	{                                                               \
		k, t, offsetof(s, m), 0, 0, 0, RRF_NONEMPTY, NULL, NULL \
	}
#define RRF_R(k, t, s, m, lo, hi)                              \
	{                                                      \
		k, t, offsetof(s, m), 0, lo, hi, 0, NULL, NULL \
	}
#define RRF_T(k, t, s, m)                                                      \
	{                                                                      \
		k, t, offsetof(s, m), sizeof(((s *)0)->m), 0, 0, 0, NULL, NULL \
	}
#define RRF_O(k, to, from)                          \
	{                                           \
		k, RRF_OBJ, 0, 0, 0, 0, 0, to, from \
	}
#define RRF_N(t) (sizeof(t) / sizeof((t)[0]))

/* rrf_write: the object of rec's members by table t (n entries) but those whose bit is
 * set in absent. New reference, or NULL when out of memory. */
json_t *rrf_write(const struct rrf *t, size_t n, const void *rec, uint64_t absent);

/* rrf_read: the members of object o into rec by t; *absent gets the bit of every member
 * o lacks (their value: NaN for RRF_REAL_N, RUNREC_NULL_INT for RRF_INT_N and _OPT,
 * else untouched). path is o's own ("workload", "clients.list[2]"; "" at the top). -1
 * with "field PATH.KEY: expected ..." in e when o is not an object or a member has the
 * wrong type or range. Strings are borrowed from o. */
int rrf_read(const json_t *o, const char *path, const struct rrf *t, size_t n, void *rec,
	     uint64_t *absent, struct err *e);

/* rrf_path: "PATH.KEY" ("KEY" when path is "") into buf (n bytes); returns buf. */
char *rrf_path(char *buf, size_t n, const char *path, const char *key);

#endif

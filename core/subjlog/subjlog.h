/* core/subjlog/subjlog.h: a campaign file of per-subject probe records (docs/FORMATS.md,
 * "probe.json" and "consistency.json"): {"format": F, "subjects": [{"subject": ID, ...},
 * ...]}, written by collect and read by analyze through this one walk. A record begins
 * with the members every such file has (struct subjlog_head); the file's module
 * (core/subjlog/probefile, consistfile) encodes and decodes the rest. Reading, a subject
 * read twice keeps the later record. */
#ifndef CORE_SUBJLOG_H
#define CORE_SUBJLOG_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "core/jread.h"
#include "core/price.h"

/* The members of every subject's record. Written: every string given ("" for none).
 * Read: copies the record owns (subjlog_head_free), NULL when absent (subject never: it
 * is required); bill zero when absent. */
struct subjlog_head {
	const char *subject, *endpoint, *bucket;
	const char *started, *ended; /* RFC 3339 */
	struct bill_counts bill;     /* every request the probes sent, cleanup included */
	const char *cleanup;         /* "" when everything the probes wrote was removed */
	const char *error;           /* "" when the probes ran, else why they could not */
};

/* What one such file is: its name in a directory (and in messages), its "format" member,
 * and its records (each of `size` bytes, beginning with a struct subjlog_head). */
struct subjlog_kind {
	const char *file;
	const char *format;
	size_t size;
	/* encode: one record's object (new reference; NULL when out of memory). */
	json_t *(*encode)(const void *rec);
	/* decode: subjects[i] (object o at where; its head read already) into rec; -1 when
	 * r->failed (rec is then freed with free_rec). */
	int (*decode)(struct jread *r, const json_t *o, const char *where, void *rec);
	void (*free_rec)(void *rec); /* a record's members freed, its head's included */
};

/* subjlog_write: DIR/k->file with the n records of recs (format k->format), indented as
 * run.json, through a temporary name and a rename. 0, or -1 with a message. */
int subjlog_write(const char *dir, const struct subjlog_kind *k, const void *recs, size_t n,
		  struct err *e);

/* subjlog_read: DATA_DIR/k->file into *recs (n records of k->size bytes, in the file's
 * order; caller's), *n counting them; a missing file is no records (0, *n = 0). -1 with e
 * naming the file and the field at fault when it cannot be read, its format is not
 * k->format, a record does not decode, or memory runs out; the records read before are
 * kept. Free with subjlog_free (also after a failure). */
int subjlog_read(const char *data_dir, const struct subjlog_kind *k, void **recs, size_t *n,
		 struct err *e);

/* subjlog_free: the n records of recs and the array freed. */
void subjlog_free(const struct subjlog_kind *k, void *recs, size_t n);

/* subjlog_head_json: a record's object with the head's subject, endpoint, bucket, started
 * and ended, for the file's module to add its own members to before subjlog_head_end
 * (new reference; NULL when out of memory). */
json_t *subjlog_head_json(const struct subjlog_head *h);

/* subjlog_head_end: the head's billing, cleanup and error added to o (the members after
 * the file's own). 0, or -1 when out of memory. */
int subjlog_head_end(json_t *o, const struct subjlog_head *h);

/* subjlog_head_free: the head's strings freed. */
void subjlog_head_free(struct subjlog_head *h);

/* What a reader turns the records read into (subjlog_adopt): elements of `size` bytes,
 * each made by adopt from one record (rec, its strings free to take with subjlog_take;
 * elem zeroed), which returns -1 when memory runs out. */
struct subjlog_adopter {
	size_t size;
	int (*adopt)(void *rec, void *elem);
};

/* subjlog_adopt: the n records of k in recs turned by a into *elems (n elements of a's
 * size) and *ids (each record's subject id, taken), both caller's, *m counting the
 * elements begun (0 when none); recs keeps what was not taken (subjlog_free it). 0, or -1
 * with "FILE: out of memory" in e. */
int subjlog_adopt(const struct subjlog_kind *k, void *recs, size_t n,
		  const struct subjlog_adopter *a, void **elems, char ***ids, size_t *m,
		  struct err *e);

/* subjlog_drop: element i of the n elements of `size` bytes in recs, and its id in ids,
 * removed (free_rec, then the later ones move up, *n less one); nothing when i >= *n. For
 * a reader's own records kept beside their subjects' ids. */
void subjlog_drop(void *recs, size_t size, void (*free_rec)(void *), char **ids, size_t *n,
		  size_t i);

/* subjlog_clear: the n elements of recs (free_rec) and their ids freed, and both arrays. */
void subjlog_clear(void *recs, size_t size, void (*free_rec)(void *), char **ids, size_t n);

/* subjlog_take: the string *s of a record read, now the caller's (*s NULL: the record's
 * free leaves it). */
char *subjlog_take(const char **s);

/* subjlog_each_fn: member name (object v at where) of a record's object decoded into
 * elem (zeroed room of the walk's size); failures through r. */
typedef void (*subjlog_each_fn)(struct jread *r, const char *name, const json_t *v,
				const char *where, void *elem);

/* subjlog_members: the required object o.key (at where) of named objects, each decoded by
 * each into an array of elements of `size` bytes (caller frees), returned; *n counts the
 * elements begun, so that a failure leaves *n at those to free. A member that is not an
 * object is "WHERE.KEY.NAME: expected an object" and stops the walk. NULL with r->failed
 * when the object is missing or memory runs out; the caller tests r->failed. */
void *subjlog_members(struct jread *r, const json_t *o, const char *where, const char *key,
		      size_t size, subjlog_each_fn each, size_t *n);

/* subjlog_list: the array o.key (at where; required) of objects, each decoded by each
 * (with its own place, "WHERE.KEY[I]") into an array of elements of `size` bytes (caller
 * frees), returned; *n counts the elements begun. An element that is not an object is
 * "expected an object" and stops the walk. NULL with r->failed when the array is missing
 * or memory runs out. */
void *subjlog_list(struct jread *r, const json_t *o, const char *where, const char *key,
		   size_t size,
		   void (*each)(struct jread *r, const json_t *v, const char *where, void *elem),
		   size_t *n);

#endif

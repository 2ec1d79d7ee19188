/* analyze/read/subjlog.h: the walk of a campaign file of per-subject probe records
 * (docs/FORMATS.md, "probe.json" and "consistency.json"): {"format": F, "subjects": [{
 * "subject": ID, ...}, ...]} read into one record per subject, a subject read twice keeping
 * the later record. The file's reader (analyze/read/probelog, consistlog) gives the
 * decoding of one subject's record; the walk, the format check, the messages and the
 * records' keeping are here. */
#ifndef ANALYZE_SUBJLOG_H
#define ANALYZE_SUBJLOG_H

#include <stddef.h>

#include "core/err.h"
#include "core/jread.h"

/* What one such file is: its name in DATA_DIR (and in messages), its "format" member, and
 * its records. */
struct subjlog_kind {
	const char *file;
	const char *format;
	size_t size; /* one record's bytes */
	/* decode: subjects[i] (object o at where; its "subject" read already) into rec
	 * (zeroed); -1 when r->failed (rec is then freed with free_rec). */
	int (*decode)(struct jread *r, const json_t *o, const char *where, void *rec);
	void (*free_rec)(void *rec); /* a record's members freed */
};

/* subjlog_read: DATA_DIR/k->file into *recs (n records of k->size bytes, in the file's
 * order) and *ids (ids[i] the subject id of record i), both caller's, *n counting them; a
 * missing file is no records (0, *n = 0). -1 with e naming the file and the field at fault
 * when it cannot be read, its format is not k->format, a record does not decode, or memory
 * runs out; the records read before are kept. Free with subjlog_free (also after a
 * failure). */
int subjlog_read(const char *data_dir, const struct subjlog_kind *k, void **recs, char ***ids,
		 size_t *n, struct err *e);

/* subjlog_drop: record i of the n in recs and ids removed (freed; the later ones move up,
 * *n less one); nothing when i >= *n. */
void subjlog_drop(const struct subjlog_kind *k, void *recs, char **ids, size_t *n, size_t i);

/* subjlog_free: the n records of recs, their ids and both arrays freed. */
void subjlog_free(const struct subjlog_kind *k, void *recs, char **ids, size_t n);

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

#endif

/* collect/run/leftover.h: the record an unfinished run keeps in its directory, and the
 * sweep of what a killed run left in its buckets (docs/FORMATS.md, "Raw run logs";
 * docs/CAMPAIGN.md, "Cleaning up after killed runs").
 *
 * While a run is unfinished its directory holds two records: LEFTOVER_PREFIX_FILE (the
 * run's S3 key prefix, one line, written before the run starts) and LEFTOVER_SUBJECT_FILE
 * (where that prefix lives: endpoint, region, bucket, addressing, TLS checking, how the
 * credentials are found, never a key; every bucket and key prefix of the run and the
 * buckets its prepare created). Both go with the run's temporary files once its run.json
 * is written (outdir_remove_temps), so a directory that still holds them after its
 * collector is gone belongs to a run killed before it could clean up: its objects and
 * incomplete multipart uploads may remain. `collect clean`, `collect run -o DIR` (before a
 * new run there) and --resume (before a run is redone) read them and sweep what they
 * name, with leftover_sweep. */
#ifndef COLLECT_RUN_LEFTOVER_H
#define COLLECT_RUN_LEFTOVER_H

#include <jansson.h>
#include <stddef.h>

#include "collect/campaign/campaign.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/sweep.h"
#include "collect/workload.h"
#include "core/err.h"

#define LEFTOVER_PREFIX_FILE ".prefix"
#define LEFTOVER_SUBJECT_FILE ".subject.json"

/* leftover_write_prefix: DIR/.prefix holding prefix (atomically). -1 with a message. */
int leftover_write_prefix(const char *dir, const char *prefix, struct err *e);

/* leftover_write_subject: DIR/.subject.json for subject s and the run's workload wl
 * (atomically): beside the subject, every bucket of the run ("buckets": the names,
 * workload_bucket_name), its key prefixes ("key_prefixes": "p000/" ..., [""] for one:
 * each goes before the run's prefix of .prefix) and the buckets its prepare created
 * ("created": names; created NULL: none yet; created[i] for bucket i). -1 with a message
 * when it cannot be written. */
int leftover_write_subject(const char *dir, const struct campaign_subject *s,
			   const struct workload *wl, const unsigned char *created, struct err *e);

/* leftover_created: the buckets DIR/.subject.json says the run created, as flags over the
 * nb buckets over base (created[i] for workload_bucket_name(base, i)); none set when
 * there is no record or it names none. */
void leftover_created(const char *dir, const char *base, int nb, unsigned char *created);

/* leftover_remove: remove both records of DIR (once what they name is swept). */
void leftover_remove(const char *dir);

/* What a run directory's records name. The strings of rec live in j. */
#define LEFTOVER_MAX WL_SPREAD_MAX
struct leftover {
	char prefix[512];                 /* .prefix: s3bench/.../ */
	const struct campaign_subject *s; /* &rec when recorded, else the fallback (or NULL) */
	int recorded;                     /* 1: .subject.json was read into what follows */
	json_t *j;
	struct campaign_subject rec;
	int nb, np; /* the run's buckets (bucket[0] rec's) and key prefixes */
	const char *bucket[LEFTOVER_MAX];
	const char *kp[LEFTOVER_MAX]; /* "" for one prefix, else "p000/" ... */
	unsigned char created[LEFTOVER_MAX];
};

/* leftover_read: the records of DIR into *l (leftover_clear after). 1 when DIR holds no
 * .prefix (nothing to sweep); 0 with l->s the recorded subject, else `fallback` (NULL
 * allowed: l->s is then NULL, the caller says so); -1 with a message when .prefix is not
 * a prefix this collector writes (s3bench/.../ on one line) or .subject.json is not a
 * record of its format. */
int leftover_read(const char *dir, const struct campaign_subject *fallback, struct leftover *l,
		  struct err *e);
void leftover_clear(struct leftover *l);

/* leftover_sweep: delete what l names (l->s not NULL), in this process: in every bucket
 * and key prefix it records (else the subject's bucket and the prefix alone), then remove
 * the buckets the run created when it had more than one; the counts into *n, the requests
 * it sent into *bill (billed, failed or not). 0, or -1 with a message (sweep.h's). */
int leftover_sweep(const struct leftover *l, struct sweep_count *n, struct bill_counts *bill,
		   struct err *e);

/* leftover_what: "N objects deleted, M multipart uploads aborted[, K buckets removed]"
 * for n ("N object versions and M delete markers deleted (a versioned bucket), ..." for
 * a versioned one), into buf; returns buf. */
const char *leftover_what(const struct sweep_count *n, char *buf, size_t size);

/* What leftover_sweep_earlier did, for its caller's words. */
struct leftover_swept {
	char bucket[WL_BUCKET_NAME_MAX + 1]; /* the first bucket swept */
	char prefix[512];
	struct sweep_count n;
	char unbilled[ERR_MSG_MAX]; /* why its requests are not in sweeps.json; "" billed */
};

/* leftover_sweep_earlier: before a run starts again in DIR, what an earlier attempt
 * killed before its cleanup left: DIR's records read (the recorded subject, else
 * fallback), what they name swept (leftover_sweep), its requests appended to
 * ROOT/sweeps.json as run `run` by "resume" (core/sweeplog.h). The records stay: the
 * caller clears the directory next. 1 when DIR holds no record (nothing done); 0 swept;
 * -1 with a message: the records unreadable, no subject ("DIR/.subject.json: no record
 * of the bucket"), or "the cleanup of BUCKET/PREFIX failed: ...". *out is filled
 * whenever the sweep ran. */
int leftover_sweep_earlier(const char *dir, const struct campaign_subject *fallback,
			   const char *root, const char *run, struct leftover_swept *out,
			   struct err *e);

#endif

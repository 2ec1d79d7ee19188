/* collect/s3/sweep.h: delete what runs left in a bucket under a key prefix: incomplete
 * multipart uploads aborted, objects deleted, and the buckets a run created removed once
 * empty: the engine's cleanup phase, and the sweep of what killed runs left. */
#ifndef COLLECT_SWEEP_H
#define COLLECT_SWEEP_H

#include <stdint.h>

#include "collect/s3/s3.h"
#include "core/err.h"

struct sweep_count {
	uint64_t objects;   /* objects deleted */
	uint64_t uploads;   /* incomplete multipart uploads aborted */
	int uploads_listed; /* 1: the server listed its uploads; 0: it has no such listing;
				 -1: it refused us the listing (403): none aborted for both */
	uint64_t buckets;   /* sweep_spread: buckets removed */
};

/* sweep_prefix: first abort every incomplete multipart upload under prefix
 * (ListMultipartUploads page by page, following the key and upload-id markers, and one
 * AbortMultipartUpload each; an upload already gone, 404, counts as done), then delete
 * every object under prefix (ListObjectsV2 until a listing comes back empty, each page
 * deleted with one DeleteObjects, or one DELETE per key when the server has no
 * multi-object delete). A server that does not list uploads (501 NotImplemented or 405,
 * as s3rver) skips the first part with n->uploads_listed = 0, and so does a 403 (keys
 * allowed to delete objects but not to list uploads) with n->uploads_listed = -1. Every
 * request is retried
 * on transient failures (s3_retry: S3_PHASE_ATTEMPTS attempts with backoff). Counts are added to *n (zeroed first).
 * Returns 0 when nothing is left; -1 with a message naming the prefix in e, and the
 * failed request's result in *failed (for its error class). An empty prefix is refused:
 * it would mean the whole bucket. */
int sweep_prefix(struct s3_client *c, const char *bucket, const char *prefix, struct sweep_count *n,
		 struct s3_result *failed, struct err *e);

/* sweep_spread: sweep_prefix of every key prefix prefixes[j] (np >= 1 of them, whole
 * prefixes) in every bucket buckets[i] (nb >= 1), in that order, the counts added up in
 * *n (zeroed first; uploads_listed that of the last); then, once all of them are empty,
 * DeleteBucket of each buckets[i] whose remove[i] is set (remove may be NULL: none), a
 * bucket the run created, counted in n->buckets (one already gone, 404, counts too).
 * 0, or -1 as sweep_prefix with "BUCKET/PREFIX: " (or "DeleteBucket BUCKET: ") in front
 * of the message. */
int sweep_spread(struct s3_client *c, const char *const *buckets, int nb,
		 const char *const *prefixes, int np, const unsigned char *remove,
		 struct sweep_count *n, struct s3_result *failed, struct err *e);

#endif

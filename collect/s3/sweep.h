/* collect/s3/sweep.h: delete what runs left in a bucket under a key prefix: incomplete
 * multipart uploads aborted, objects deleted, and the buckets a run created removed once
 * empty: the engine's cleanup phase, and the sweep of what killed runs left. */
#ifndef COLLECT_SWEEP_H
#define COLLECT_SWEEP_H

#include <stdint.h>

#include "collect/s3/s3.h"
#include "core/err.h"

struct sweep_count {
	uint64_t objects;   /* objects deleted (an unversioned bucket) */
	uint64_t uploads;   /* incomplete multipart uploads aborted */
	int uploads_listed; /* 1: the server listed its uploads; 0: it has no such listing;
				 -1: it refused us the listing (403): none aborted for both */
	uint64_t buckets;   /* sweep_spread: buckets removed */
	/* a versioned bucket: the object versions and the delete markers deleted, and the
	 * most versioned bucket's state (sweep_spread: ENABLED over SUSPENDED over OFF) */
	uint64_t versions, markers;
	enum s3_versioning versioning;
};

/* What a bucket keeps of what is written and deleted in it. */
struct sweep_bucket {
	enum s3_versioning versioning;
	int lock;           /* object lock: 1 enabled, 0 not, -1 not known (not asked, or
			      the server did not say) */
	char lock_mode[16]; /* its default retention: "GOVERNANCE", "COMPLIANCE"; "": none */
	int lock_days;
};

/* sweep_bucket_state: GetBucketVersioning of bucket (and with with_lock its
 * GetObjectLockConfiguration: 404 means none) into *st, each retried once at most (as
 * s3_retry would: a throttle, a reset) after its backoff.
 * A failure (no such API: 501, 405; a WebDAV server's 301; 403; one that stayed after
 * the retries) leaves S3_VER_UNKNOWN and lock -1, the sweep then deletes by name: not an
 * error. -1 (with e) only when the request could not
 * be made. */
int sweep_bucket_state(struct s3_client *c, const char *bucket, int with_lock,
		       struct sweep_bucket *st, struct err *e);

/* sweep_prefix: first abort every incomplete multipart upload under prefix
 * (ListMultipartUploads page by page, following the key and upload-id markers, and one
 * AbortMultipartUpload each; an upload already gone, 404, counts as done), then delete
 * every object under prefix (ListObjectsV2 until a listing comes back empty, each page
 * deleted with one DeleteObjects, or one DELETE per key when the server has no
 * multi-object delete). On a versioned bucket (versioning ENABLED or SUSPENDED) a delete
 * by name would only add a delete marker: every version and delete marker under prefix is
 * deleted by its version id instead (ListObjectVersions from the start until it comes back
 * empty, each page one DeleteObjects with VersionIds, or one DELETE ?versionId= each), so
 * a sweep that was stopped goes on where it was when run again. A server that does not list uploads (501 NotImplemented or 405,
 * as s3rver) skips the first part with n->uploads_listed = 0, and so does a 403 (keys
 * allowed to delete objects but not to list uploads) with n->uploads_listed = -1. Every
 * request is retried
 * on transient failures (s3_retry: S3_PHASE_ATTEMPTS attempts with backoff). Counts are added to *n (zeroed first).
 * Returns 0 when nothing is left; -1 with a message naming the prefix in e, and the
 * failed request's result in *failed (for its error class). An empty prefix is refused:
 * it would mean the whole bucket. */
int sweep_prefix(struct s3_client *c, const char *bucket, const char *prefix,
		 enum s3_versioning versioning, struct sweep_count *n, struct s3_result *failed,
		 struct err *e);

/* sweep_spread: sweep_prefix of every key prefix prefixes[j] (np >= 1 of them, whole
 * prefixes) in every bucket buckets[i] (nb >= 1; its versioning asked first,
 * sweep_bucket_state), in that order, the counts added up in *n (zeroed first;
 * uploads_listed that of the last); then, once all of them are empty,
 * DeleteBucket of each buckets[i] whose remove[i] is set (remove may be NULL: none), a
 * bucket the run created, counted in n->buckets (one already gone, 404, counts too).
 * 0, or -1 as sweep_prefix with "BUCKET/PREFIX: " (or "DeleteBucket BUCKET: ") in front
 * of the message. */
int sweep_spread(struct s3_client *c, const char *const *buckets, int nb,
		 const char *const *prefixes, int np, const unsigned char *remove,
		 struct sweep_count *n, struct s3_result *failed, struct err *e);

#endif

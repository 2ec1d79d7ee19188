/* collect/s3/sweep.c: see sweep.h. */
#include "collect/s3/sweep.h"

#include <stdio.h>
#include <string.h>

#define SWEEP_STATE_ATTEMPTS 2 /* a bucket's state: one retry, it only informs */

/* no_multipart_listing: the server answered that it has no ListMultipartUploads. */
static int no_multipart_listing(const struct s3_result *res)
{
	return res->status == 501 || res->status == 405 || strcmp(res->code, "NotImplemented") == 0;
}

/* abort_uploads: the first part of sweep_prefix. lr lists, r aborts (the keys of a page
 * live in lr until its next request). */
static int abort_uploads(struct s3_req *lr, struct s3_req *r, const char *bucket,
			 const char *prefix, struct sweep_count *n, struct s3_result *failed,
			 struct err *e)
{
	struct s3_result res;
	char km[1024] = "", um[1024] = "";

	for (;;) {
		struct s3_args a = {.op = S3_MP_LIST,
				    .bucket = bucket,
				    .prefix = prefix,
				    .key_marker = km[0] ? km : NULL,
				    .upload_id_marker = um[0] ? um : NULL};
		if (s3_retry(lr, &a, &res, e) != 0) {
			if (!km[0] && (no_multipart_listing(&res) || res.status == 403)) {
				n->uploads_listed = res.status == 403 ? -1 : 0;
				err_clear(e);
				return 0;
			}
			*failed = res;
			return -1;
		}
		n->uploads_listed = 1;
		for (size_t i = 0; i < res.n_keys; i++) {
			struct s3_result ar;
			struct s3_args ab = {.op = S3_MP_ABORT,
					     .bucket = bucket,
					     .key = res.keys[i],
					     .upload_id = res.upload_ids[i]};
			if (s3_retry(r, &ab, &ar, e) == 0) {
				n->uploads++;
			} else if (ar.status != 404) {
				*failed = ar;
				return -1;
			}
		}
		if (res.next_key_marker == NULL)
			return 0;
		if (snprintf(km, sizeof(km), "%s", res.next_key_marker) >= (int)sizeof(km) ||
		    snprintf(um, sizeof(um), "%s",
			     res.next_upload_id_marker ? res.next_upload_id_marker : "") >=
			    (int)sizeof(um)) {
			*failed = res;
			return err_set(e, "ListMultipartUploads: a marker longer than %zu bytes",
				       sizeof(km) - 1);
		}
	}
}

/* delete_page: delete keys[0..k) (at version_ids[i] when version_ids is not NULL) with
 * one DeleteObjects, or one by one when the server has no multi-object delete. Returns
 * the number deleted, -1 on failure. */
static long delete_page(struct s3_req *r, const char *bucket, const char *const *keys,
			const char *const *version_ids, size_t k, struct s3_result *failed,
			struct err *e)
{
	struct s3_result res;
	struct s3_args a = {.op = S3_DELETE_OBJECTS,
			    .bucket = bucket,
			    .keys = keys,
			    .version_ids = version_ids,
			    .n_keys = k};
	long done = 0;

	if (s3_retry(r, &a, &res, e) == 0)
		return (long)res.n_deleted;
	if (res.status != 501 && res.status != 405 && strcmp(res.code, "NotImplemented") != 0) {
		*failed = res;
		return -1;
	}
	for (size_t i = 0; i < k; i++) {
		struct s3_args d = {.op = S3_DELETE_OBJECT,
				    .bucket = bucket,
				    .key = keys[i],
				    .version_id = version_ids ? version_ids[i] : NULL};
		if (s3_retry(r, &d, &res, e) != 0) {
			*failed = res;
			return -1;
		}
		done++;
	}
	return done;
}

/* delete_objects: the second part of sweep_prefix. */
static int delete_objects(struct s3_req *lr, struct s3_req *r, const char *bucket,
			  const char *prefix, struct sweep_count *n, struct s3_result *failed,
			  struct err *e)
{
	struct s3_result res;

	for (;;) {
		struct s3_args a = {.op = S3_LIST_OBJECTS,
				    .bucket = bucket,
				    .prefix = prefix,
				    .max_keys = 1000};
		if (s3_retry(lr, &a, &res, e) != 0) {
			*failed = res;
			return -1;
		}
		if (res.n_keys == 0)
			return 0;
		/* res.keys stay valid: they live in lr, and deletes go through r */
		long k = delete_page(r, bucket, res.keys, NULL, res.n_keys, failed, e);
		if (k < 0)
			return -1;
		if (k == 0) {
			memset(failed, 0, sizeof(*failed));
			failed->cls = EC_HTTP_4XX;
			return err_set(e, "%zu keys listed but none deleted", res.n_keys);
		}
		n->objects += (uint64_t)k;
	}
}

/* delete_versions: the second part of sweep_prefix on a versioned bucket. */
static int delete_versions(struct s3_req *lr, struct s3_req *r, const char *bucket,
			   const char *prefix, struct sweep_count *n, struct s3_result *failed,
			   struct err *e)
{
	struct s3_result res;

	for (;;) {
		struct s3_args a = {.op = S3_LIST_VERSIONS,
				    .bucket = bucket,
				    .prefix = prefix,
				    .max_keys = 1000};
		uint64_t markers = 0;
		long k;

		if (s3_retry(lr, &a, &res, e) != 0) {
			*failed = res;
			return -1;
		}
		if (res.n_keys == 0)
			return 0;
		for (size_t i = 0; i < res.n_keys; i++)
			markers += res.is_marker[i];
		/* the page lives in lr; the deletes go through r */
		k = delete_page(r, bucket, res.keys, res.version_ids, res.n_keys, failed, e);
		if (k < 0)
			return -1;
		if ((size_t)k < res.n_keys) {
			memset(failed, 0, sizeof(*failed));
			failed->cls = EC_HTTP_4XX;
			return err_set(e, "%zu versions listed but %ld deleted", res.n_keys, k);
		}
		n->markers += markers;
		n->versions += (uint64_t)k - markers;
	}
}

int sweep_bucket_state(struct s3_client *c, const char *bucket, int with_lock,
		       struct sweep_bucket *st, struct err *e)
{
	struct s3_req *r = s3_req_new(c, e);
	struct s3_args v = {.op = S3_GET_VERSIONING, .bucket = bucket};
	struct s3_args l = {.op = S3_GET_OBJECT_LOCK, .bucket = bucket};
	struct s3_result res;

	memset(st, 0, sizeof(*st));
	st->lock = -1;
	if (r == NULL)
		return -1;
	if (s3_retry_at_most(r, &v, SWEEP_STATE_ATTEMPTS, &res, e) == 0)
		st->versioning = res.versioning;
	else if (res.status == 0 && res.cls == EC_HTTP_4XX) /* not sent */
		goto fail;
	if (with_lock && s3_retry_at_most(r, &l, SWEEP_STATE_ATTEMPTS, &res, e) == 0) {
		st->lock = res.lock_enabled;
		snprintf(st->lock_mode, sizeof(st->lock_mode), "%s", res.lock_mode);
		st->lock_days = res.lock_days;
	} else if (with_lock && res.status == 404) { /* ObjectLockConfigurationNotFoundError */
		st->lock = 0;
	} else if (with_lock && res.status == 0 && res.cls == EC_HTTP_4XX) {
		goto fail;
	}
	err_clear(e);
	s3_req_free(r);
	return 0;
fail:
	s3_req_free(r);
	return -1;
}

int sweep_prefix(struct s3_client *c, const char *bucket, const char *prefix,
		 enum s3_versioning versioning, struct sweep_count *n, struct s3_result *failed,
		 struct err *e)
{
	int versioned = versioning == S3_VER_ENABLED || versioning == S3_VER_SUSPENDED;

	struct s3_req *r = NULL, *lr = NULL;
	int rc = -1;

	memset(n, 0, sizeof(*n));
	memset(failed, 0, sizeof(*failed));
	if (prefix == NULL || prefix[0] == '\0')
		return err_set(e, "refusing to delete with an empty prefix (the whole bucket)");
	r = s3_req_new(c, e);
	lr = r ? s3_req_new(c, e) : NULL;
	if (lr == NULL)
		goto done;
	n->versioning = versioning;
	if (abort_uploads(lr, r, bucket, prefix, n, failed, e) != 0 ||
	    (versioned ? delete_versions(lr, r, bucket, prefix, n, failed, e)
		       : delete_objects(lr, r, bucket, prefix, n, failed, e)) != 0)
		goto done;
	rc = 0;
done:
	s3_req_free(r);
	s3_req_free(lr);
	return rc;
}

/* remove_bucket: DeleteBucket of an emptied bucket (404: already gone). */
static int remove_bucket(struct s3_client *c, const char *bucket, struct s3_result *failed,
			 struct err *e)
{
	struct s3_req *r = s3_req_new(c, e);
	struct s3_args a = {.op = S3_DELETE_BUCKET, .bucket = bucket};
	struct s3_result res;
	int rc = -1;

	if (r == NULL)
		return -1;
	if (s3_retry(r, &a, &res, e) == 0 || res.status == 404) {
		err_clear(e);
		rc = 0;
	} else {
		*failed = res;
		err_prefix(e, "DeleteBucket %s", bucket);
	}
	s3_req_free(r);
	return rc;
}

int sweep_spread(struct s3_client *c, const char *const *buckets, int nb,
		 const char *const *prefixes, int np, const unsigned char *remove,
		 struct sweep_count *n, struct s3_result *failed, struct err *e)
{
	struct sweep_count one;
	struct sweep_bucket st;

	memset(n, 0, sizeof(*n));
	memset(failed, 0, sizeof(*failed));
	for (int i = 0; i < nb; i++) {
		if (sweep_bucket_state(c, buckets[i], 0, &st, e) != 0)
			return err_prefix(e, "%s", buckets[i]);
		if (st.versioning > n->versioning)
			n->versioning = st.versioning;
		for (int j = 0; j < np; j++) {
			int rc = sweep_prefix(c, buckets[i], prefixes[j], st.versioning, &one,
					      failed, e);

			n->objects += one.objects;
			n->uploads += one.uploads;
			n->versions += one.versions;
			n->markers += one.markers;
			n->uploads_listed = one.uploads_listed;
			if (rc != 0)
				return err_prefix(e, "%s/%s", buckets[i], prefixes[j]);
		}
	}
	for (int i = 0; remove != NULL && i < nb; i++) {
		if (!remove[i])
			continue;
		if (remove_bucket(c, buckets[i], failed, e) != 0)
			return -1;
		n->buckets++;
	}
	return 0;
}

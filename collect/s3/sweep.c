/* collect/s3/sweep.c: see sweep.h. */
#include "collect/s3/sweep.h"

#include <stdio.h>
#include <string.h>

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

/* delete_page: delete keys[0..k) with one DeleteObjects, or one by one when the server
 * has no multi-object delete. Returns the number deleted, -1 on failure. */
static long delete_page(struct s3_req *r, const char *bucket, const char *const *keys, size_t k,
			struct s3_result *failed, struct err *e)
{
	struct s3_result res;
	struct s3_args a = {.op = S3_DELETE_OBJECTS, .bucket = bucket, .keys = keys, .n_keys = k};
	long done = 0;

	if (s3_retry(r, &a, &res, e) == 0)
		return (long)res.n_deleted;
	if (res.status != 501 && res.status != 405 && strcmp(res.code, "NotImplemented") != 0) {
		*failed = res;
		return -1;
	}
	for (size_t i = 0; i < k; i++) {
		struct s3_args d = {.op = S3_DELETE_OBJECT, .bucket = bucket, .key = keys[i]};
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
		long k = delete_page(r, bucket, res.keys, res.n_keys, failed, e);
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

int sweep_prefix(struct s3_client *c, const char *bucket, const char *prefix, struct sweep_count *n,
		 struct s3_result *failed, struct err *e)
{
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
	if (abort_uploads(lr, r, bucket, prefix, n, failed, e) != 0 ||
	    delete_objects(lr, r, bucket, prefix, n, failed, e) != 0)
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

	memset(n, 0, sizeof(*n));
	memset(failed, 0, sizeof(*failed));
	for (int i = 0; i < nb; i++)
		for (int j = 0; j < np; j++) {
			int rc = sweep_prefix(c, buckets[i], prefixes[j], &one, failed, e);

			n->objects += one.objects;
			n->uploads += one.uploads;
			n->uploads_listed = one.uploads_listed;
			if (rc != 0)
				return err_prefix(e, "%s/%s", buckets[i], prefixes[j]);
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

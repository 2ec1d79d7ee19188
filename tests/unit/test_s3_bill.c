/* tests/unit/test_s3_bill.c: collect/s3/s3_bill, the storage a client's writes keep
 * (docs/METHODOLOGY.md, "Versioned buckets" and "Cost"), on requests noted by hand (no
 * server): a key written twice and then deleted,
 * - on an unversioned bucket: the second PUT replaces the first object (100 bytes
 *   deleted at the overwrite: the minimum storage duration bills the rest), the DELETE
 *   frees the second;
 * - on a versioned bucket: the second PUT adds a version (nothing deleted: both are
 *   stored and billed), a DELETE without a version id adds a marker and frees nothing,
 *   a failed request frees nothing, and the cleanup's DeleteObjects with version ids frees
 *   the key's 200 bytes at once;
 * - the requests counted by operation whatever happened to the storage. */
#include <string.h>

#include "collect/s3/creds.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/s3_int.h"
#include "tests/unit/check.h"

/* note: op on key (version id v, NULL: none) answered status with `up` bytes sent. */
static void note(struct s3_client *c, enum s3_op op, const char *key, const char *v, long status,
		 uint64_t up)
{
	const char *keys[] = {key}, *vids[] = {v};
	struct s3_args a = {.op = op, .key = key, .version_id = v};
	struct s3_result r = {.status = status, .cls = status < 300 ? EC_NONE : EC_HTTP_5XX};

	if (op == S3_DELETE_OBJECTS) {
		a.key = NULL;
		a.keys = keys;
		a.version_ids = vids;
		a.n_keys = 1;
	}
	r.bytes_up = up;
	s3_bill_note(c->bill, &a, &r);
}

/* run: the key's story on a bucket versioned or not; *out the counts after it. */
static void run(int versioned, struct bill_counts *out)
{
	struct err e = {{0}};
	struct creds *cr = creds_new("AKIDTEST", "SECRET", NULL, NULL, NULL, &e);
	struct s3_config cfg = {
		.endpoint = "http://127.0.0.1:9", .region = "us-east-1", .creds = cr};
	struct s3_client *c = cr != NULL ? s3_client_new(&cfg, &e) : NULL;

	memset(out, 0, sizeof(*out));
	CHECK(c != NULL, "a client: %s", e.msg);
	if (c != NULL) {
		s3_client_set_versioned(c, versioned);
		note(c, S3_PUT_OBJECT, "k", NULL, 200, 100);
		note(c, S3_PUT_OBJECT, "k", NULL, 200, 100);
		if (versioned) {
			note(c, S3_DELETE_OBJECT, "k", NULL, 204, 0);
			note(c, S3_DELETE_OBJECTS, "k", "v1", 503, 0);
			s3_client_bill_read(c, out);
			CHECK(out->deleted == 0 && out->deleted_bytes == 0,
			      "versioned: an overwrite, a marker and a failed sweep free nothing "
			      "(%llu deleted, %llu bytes)",
			      (unsigned long long)out->deleted,
			      (unsigned long long)out->deleted_bytes);
			note(c, S3_DELETE_OBJECTS, "k", "v1", 200, 0);
		} else {
			note(c, S3_DELETE_OBJECT, "k", NULL, 204, 0);
		}
		s3_client_bill_read(c, out);
	}
	s3_client_free(c);
	creds_free(cr);
}

int main(void)
{
	struct bill_counts n;

	run(0, &n);
	CHECK(n.objects == 2 && n.object_bytes == 200, "unversioned: 2 objects written, 200 bytes");
	CHECK(n.deleted == 2 && n.deleted_bytes == 200,
	      "unversioned: the overwrite and the DELETE each free 100 bytes (%llu, %llu)",
	      (unsigned long long)n.deleted, (unsigned long long)n.deleted_bytes);
	CHECK(n.req[BOP_PUT_OBJECT].n == 2 && n.req[BOP_DELETE_OBJECT].n == 1,
	      "unversioned: 2 PUTs and a DELETE billed");
	run(1, &n);
	CHECK(n.objects == 2 && n.object_bytes == 200, "versioned: 2 objects written, 200 bytes");
	CHECK(n.deleted == 1 && n.deleted_bytes == 200,
	      "versioned: both versions' 200 bytes stored until the sweep frees them (%llu, %llu)",
	      (unsigned long long)n.deleted, (unsigned long long)n.deleted_bytes);
	CHECK(n.req[BOP_PUT_OBJECT].n == 2 && n.req[BOP_DELETE_OBJECT].n == 1 &&
		      n.req[BOP_DELETE_OBJECTS].n == 2 && n.req[BOP_DELETE_OBJECTS].n_5xx == 1,
	      "versioned: 2 PUTs, the DELETE and both sweeps billed (one of them a 5xx)");
	return check_done();
}

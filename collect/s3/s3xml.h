/* collect/s3/s3xml.h: the S3 XML bodies, read and written with libxml2.
 *
 * Parsing uses XML_PARSE_NONET, no entity substitution and no DTD loading; a document
 * carrying a DTD is refused. Element names are matched by local name (any namespace).
 * Parse results live in caller-owned structs that are reused between requests. */
#ifndef COLLECT_S3XML_H
#define COLLECT_S3XML_H

#include <stddef.h>
#include <stdint.h>

#include "core/strbuf.h"
#include "core/err.h"

/* s3xml_init: initialise libxml2 once, from the main thread, before any other thread
 * parses (s3_client_new calls it). */
void s3xml_init(void);

/* s3xml_error: the Code and Message of an S3 <Error> document, truncated to the buffers.
 * Returns 0 when xml is such a document, -1 otherwise (buffers then empty). */
int s3xml_error(const char *xml, size_t n, char *code, size_t code_n, char *msg, size_t msg_n);

/* One ListObjectsV2 page. Zero-initialise; s3xml_list_free releases it. Pointers in
 * keys[] and next_token point into the struct and stay valid until the next parse. */
struct s3xml_list {
	const char **keys;
	uint64_t *sizes; /* sizes[i]: key i's <Size> (0 when absent) */
	size_t n_keys;
	size_t n_prefixes;      /* <CommonPrefixes> of a listing with a delimiter */
	const char *next_token; /* NULL when none */
	int truncated;
	/* private */
	struct strbuf text;
	size_t *off;
	size_t cap;
};

/* s3xml_parse_list: parse a ListBucketResult into l (replacing its contents). */
int s3xml_parse_list(const char *xml, size_t n, struct s3xml_list *l, struct err *e);
void s3xml_list_free(struct s3xml_list *l);

/* One ListMultipartUploads page. Zero-initialise; s3xml_uploads_free releases it.
 * keys[i] and upload_ids[i] name upload i; they and the markers point into the struct
 * and stay valid until the next parse. */
struct s3xml_uploads {
	const char **keys;
	const char **upload_ids;
	size_t n;
	const char *next_key_marker;       /* NULL when none */
	const char *next_upload_id_marker; /* NULL when none */
	int truncated;
	/* private */
	struct strbuf text;
	size_t *off; /* two per upload: key, upload id */
	size_t cap;
};

/* s3xml_parse_uploads: parse a ListMultipartUploadsResult into u (replacing its
 * contents). -1 with a message for another document, an <Upload> without <Key> or
 * <UploadId>, or a truncated page without NextKeyMarker. */
int s3xml_parse_uploads(const char *xml, size_t n, struct s3xml_uploads *u, struct err *e);
void s3xml_uploads_free(struct s3xml_uploads *u);

/* One ListObjectVersions page: its <Version> and <DeleteMarker> entries in document order.
 * Zero-initialise; s3xml_versions_free releases it. keys[i], version_ids[i] and
 * is_marker[i] describe entry i; they and the markers point into the struct and stay
 * valid until the next parse. */
struct s3xml_versions {
	const char **keys;
	const char **version_ids;
	unsigned char *is_marker;
	size_t n;
	const char *next_key_marker;        /* NULL when none */
	const char *next_version_id_marker; /* NULL when none */
	int truncated;
	/* private */
	struct strbuf text;
	size_t *off; /* two per entry: key, version id */
	size_t cap;
};

/* s3xml_parse_versions: parse a ListVersionsResult into v (replacing its contents). -1
 * with a message for another document, an entry without <Key> or <VersionId>, or a
 * truncated page without NextKeyMarker. */
int s3xml_parse_versions(const char *xml, size_t n, struct s3xml_versions *v, struct err *e);
void s3xml_versions_free(struct s3xml_versions *v);

/* s3xml_parse_versioning: a VersioningConfiguration's Status into *status: 1 "Enabled",
 * 2 "Suspended", 0 none (the bucket was never versioned); -1 with a message for another
 * document or another Status. */
int s3xml_parse_versioning(const char *xml, size_t n, int *status, struct err *e);

/* s3xml_parse_object_lock: an ObjectLockConfiguration: *enabled 1 when ObjectLockEnabled
 * is "Enabled", its DefaultRetention's Mode into mode ("" when there is no default
 * retention) and its period in *days (Years x 365). -1 with a message for another
 * document. */
int s3xml_parse_object_lock(const char *xml, size_t n, int *enabled, char *mode, size_t mode_n,
			    int *days, struct err *e);

/* s3xml_parse_upload_id: the UploadId of an InitiateMultipartUploadResult into out. */
int s3xml_parse_upload_id(const char *xml, size_t n, char *out, size_t out_n, struct err *e);

/* s3xml_parse_complete: check a CompleteMultipartUpload answer (S3 may send an <Error>
 * document with status 200); the ETag (maybe empty) into etag. -1 with the S3 error. */
int s3xml_parse_complete(const char *xml, size_t n, char *etag, size_t etag_n, struct err *e);

/* s3xml_parse_delete: count <Deleted> and <Error> entries of a DeleteResult; the first
 * error as "KEY: CODE: MESSAGE" into first (may be empty). */
int s3xml_parse_delete(const char *xml, size_t n, uint64_t *deleted, uint64_t *errors, char *first,
		       size_t first_n, struct err *e);

/* s3xml_build_delete: the Delete document for keys[0..n) into out (replaced), each with
 * its <VersionId> version_ids[i] when version_ids and it are not NULL. */
int s3xml_build_delete(struct strbuf *out, const char *const *keys, const char *const *version_ids,
		       size_t n, int quiet, struct err *e);

/* s3xml_build_create_bucket: the CreateBucketConfiguration document of a bucket in region
 * (its LocationConstraint) into out (replaced). -1 with a message. */
int s3xml_build_create_bucket(struct strbuf *out, const char *region, struct err *e);

/* s3xml_build_complete: the CompleteMultipartUpload document for parts 1..n with the
 * ETags given (and, when checksums and alg are not NULL, each part's checksum in the
 * element Checksum<alg>, e.g. ChecksumCRC32), into out (reset first). -1 with a message. */
int s3xml_build_complete(struct strbuf *out, const char *const *etags, const char *const *checksums,
			 const char *alg, size_t n, struct err *e);

#endif

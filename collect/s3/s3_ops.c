/* collect/s3/s3_ops.c: the S3 API calls the client makes (enum s3_op): each one's name in
 * messages, its HTTP method, how its body goes, whether it addresses an object and
 * answers with XML, and its canonical query; see s3_int.h and s3.h (s3_op_name). */
#include <string.h>

#include "collect/s3/s3_int.h"

static const struct s3_op_info op_table[S3_OP_COUNT] = {
	[S3_CREATE_BUCKET] = {"CreateBucket", "PUT", S3_OPF_UPLOAD},
	[S3_DELETE_BUCKET] = {"DeleteBucket", "DELETE", 0},
	[S3_PUT_OBJECT] = {"PutObject", "PUT", S3_OPF_UPLOAD},
	[S3_GET_OBJECT] = {"GetObject", "GET", 0},
	[S3_HEAD_OBJECT] = {"HeadObject", "HEAD", 0},
	[S3_DELETE_OBJECT] = {"DeleteObject", "DELETE", 0},
	[S3_DELETE_OBJECTS] = {"DeleteObjects", "POST", S3_OPF_POST | S3_OPF_XML},
	[S3_LIST_OBJECTS] = {"ListObjectsV2", "GET", S3_OPF_XML},
	[S3_MP_CREATE] = {"CreateMultipartUpload", "POST", S3_OPF_POST | S3_OPF_XML},
	[S3_MP_UPLOAD_PART] = {"UploadPart", "PUT", S3_OPF_UPLOAD},
	[S3_MP_COMPLETE] = {"CompleteMultipartUpload", "POST", S3_OPF_POST | S3_OPF_XML},
	[S3_MP_ABORT] = {"AbortMultipartUpload", "DELETE", 0},
	[S3_HEAD_BUCKET] = {"HeadBucket", "HEAD", 0},
	[S3_MP_LIST] = {"ListMultipartUploads", "GET", S3_OPF_XML},
	[S3_GET_VERSIONING] = {"GetBucketVersioning", "GET", S3_OPF_XML},
	[S3_GET_OBJECT_LOCK] = {"GetObjectLockConfiguration", "GET", S3_OPF_XML},
	[S3_LIST_VERSIONS] = {"ListObjectVersions", "GET", S3_OPF_XML},
	[S3_GET_OBJECT_TAGGING] = {"GetObjectTagging", "GET", S3_OPF_XML},
};

static const char *const versioning_names[] = {"unknown", "off", "suspended", "enabled"};

const struct s3_op_info *s3_op_info(enum s3_op op)
{
	return &op_table[op];
}

const char *s3_op_name(enum s3_op op)
{
	return ((int)op >= 0 && op < S3_OP_COUNT) ? op_table[op].name : "?";
}

const char *s3_versioning_name(enum s3_versioning v)
{
	return (unsigned)v < sizeof(versioning_names) / sizeof(versioning_names[0])
		       ? versioning_names[v]
		       : "unknown";
}

int s3_needs_key(enum s3_op op)
{
	return op != S3_CREATE_BUCKET && op != S3_DELETE_BUCKET && op != S3_DELETE_OBJECTS &&
	       op != S3_LIST_OBJECTS && op != S3_HEAD_BUCKET && op != S3_MP_LIST &&
	       op != S3_GET_VERSIONING && op != S3_GET_OBJECT_LOCK && op != S3_LIST_VERSIONS;
}

/* param: "NAME=VALUE&" (VALUE encoded) to q when value is set; 0, or -1 out of memory. */
static int param(struct strbuf *q, const char *name, const char *value)
{
	if (value == NULL || value[0] == '\0')
		return 0;
	return strbuf_adds(q, name) || strbuf_addc(q, '=') ||
			       sigv4_uri_encode(q, value, strlen(value), 0) || strbuf_addc(q, '&')
		       ? -1
		       : 0;
}

/* number: "NAME=N&" to q when n > 0. */
static int number(struct strbuf *q, const char *name, long n)
{
	if (n <= 0)
		return 0;
	return strbuf_adds(q, name) || strbuf_addc(q, '=') ||
			       strbuf_addu(q, (unsigned long long)n) || strbuf_addc(q, '&')
		       ? -1
		       : 0;
}

/* list_query: ListObjectsV2's parameters, in byte order: continuation-token delimiter
 * list-type max-keys prefix. */
static int list_query(const struct s3_args *a, struct strbuf *q)
{
	if (param(q, "continuation-token", a->token) || param(q, "delimiter", a->delimiter) ||
	    strbuf_adds(q, "list-type=2&") || number(q, "max-keys", a->max_keys) ||
	    param(q, "prefix", a->prefix))
		return -1;
	q->p[--q->len] = '\0'; /* the last '&' */
	return 0;
}

int s3_op_query(struct s3_req *r)
{
	const struct s3_args *a = &r->a;
	struct strbuf *q = &r->query;

	strbuf_reset(q);
	switch (a->op) {
	case S3_LIST_OBJECTS:
		return list_query(a, q);
	case S3_MP_LIST: /* key-marker max-uploads prefix upload-id-marker uploads */
		return param(q, "key-marker", a->key_marker) ||
		       number(q, "max-uploads", a->max_keys) || param(q, "prefix", a->prefix) ||
		       (a->key_marker != NULL && a->key_marker[0] != '\0' &&
			param(q, "upload-id-marker", a->upload_id_marker)) ||
		       strbuf_adds(q, "uploads=");
	case S3_LIST_VERSIONS: /* key-marker max-keys prefix version-id-marker versions */
		return param(q, "key-marker", a->key_marker) ||
		       number(q, "max-keys", a->max_keys) || param(q, "prefix", a->prefix) ||
		       (a->key_marker != NULL && a->key_marker[0] != '\0' &&
			param(q, "version-id-marker", a->version_id_marker)) ||
		       strbuf_adds(q, "versions=");
	case S3_GET_VERSIONING:
		return strbuf_adds(q, "versioning=");
	case S3_GET_OBJECT_LOCK:
		return strbuf_adds(q, "object-lock=");
	case S3_GET_OBJECT_TAGGING:
		return strbuf_adds(q, "tagging=");
	case S3_GET_OBJECT:
	case S3_HEAD_OBJECT:
	case S3_DELETE_OBJECT:
		if (param(q, "versionId", a->version_id))
			return -1;
		if (q->len > 0)
			q->p[--q->len] = '\0';
		return strbuf_reserve(q, 0);
	case S3_DELETE_OBJECTS:
		return strbuf_adds(q, "delete=");
	case S3_MP_CREATE:
		return strbuf_adds(q, "uploads=");
	case S3_MP_UPLOAD_PART:
		if (number(q, "partNumber", a->part_number))
			return -1;
		/* fall through */
	case S3_MP_COMPLETE:
	case S3_MP_ABORT:
		return strbuf_adds(q, "uploadId=") ||
		       sigv4_uri_encode(q, a->upload_id, strlen(a->upload_id), 0);
	default:
		return strbuf_reserve(q, 0);
	}
}

/* collect/s3/s3_ops.c: the S3 API calls the client makes (enum s3_op): each one's name in
 * messages, its HTTP method, how its body goes and whether it addresses an object; see
 * s3_int.h and s3.h (s3_op_name). */
#include "collect/s3/s3_int.h"

static const struct s3_op_info op_table[S3_OP_COUNT] = {
	[S3_CREATE_BUCKET] = {"CreateBucket", "PUT", S3_OPF_UPLOAD},
	[S3_DELETE_BUCKET] = {"DeleteBucket", "DELETE", 0},
	[S3_PUT_OBJECT] = {"PutObject", "PUT", S3_OPF_UPLOAD},
	[S3_GET_OBJECT] = {"GetObject", "GET", 0},
	[S3_HEAD_OBJECT] = {"HeadObject", "HEAD", 0},
	[S3_DELETE_OBJECT] = {"DeleteObject", "DELETE", 0},
	[S3_DELETE_OBJECTS] = {"DeleteObjects", "POST", S3_OPF_POST},
	[S3_LIST_OBJECTS] = {"ListObjectsV2", "GET", 0},
	[S3_MP_CREATE] = {"CreateMultipartUpload", "POST", S3_OPF_POST},
	[S3_MP_UPLOAD_PART] = {"UploadPart", "PUT", S3_OPF_UPLOAD},
	[S3_MP_COMPLETE] = {"CompleteMultipartUpload", "POST", S3_OPF_POST},
	[S3_MP_ABORT] = {"AbortMultipartUpload", "DELETE", 0},
	[S3_HEAD_BUCKET] = {"HeadBucket", "HEAD", 0},
	[S3_MP_LIST] = {"ListMultipartUploads", "GET", 0},
	[S3_GET_BUCKET_VERSIONING] = {"GetBucketVersioning", "GET", 0},
	[S3_GET_OBJECT_TAGGING] = {"GetObjectTagging", "GET", 0},
};

const struct s3_op_info *s3_op_info(enum s3_op op)
{
	return &op_table[op];
}

const char *s3_op_name(enum s3_op op)
{
	return ((int)op >= 0 && op < S3_OP_COUNT) ? op_table[op].name : "?";
}

int s3_needs_key(enum s3_op op)
{
	return op != S3_CREATE_BUCKET && op != S3_DELETE_BUCKET && op != S3_DELETE_OBJECTS &&
	       op != S3_LIST_OBJECTS && op != S3_HEAD_BUCKET && op != S3_MP_LIST &&
	       op != S3_GET_BUCKET_VERSIONING;
}

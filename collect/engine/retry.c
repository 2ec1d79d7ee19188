/* collect/engine/retry.c: see retry.h. */
#include "collect/engine/retry.h"

#include <string.h>

#include "core/rng.h"

int retry_wanted(const struct s3_result *res)
{
	long st = res->status;

	if (res->cls == EC_NONE)
		return 0;
	if (res->cls == EC_CONNECT || res->cls == EC_TIMEOUT)
		return 1;
	return st == 500 || st == 502 || st == 503 || st == 504 || st == 429 ||
	       strcmp(res->code, "SlowDown") == 0 || strcmp(res->code, "RequestTimeout") == 0;
}

int64_t retry_backoff_ns(uint64_t *rng, int k)
{
	int64_t bound = RETRY_BASE_NS;

	for (int i = 1; i < k && bound < RETRY_CAP_NS; i++)
		bound *= 2;
	if (bound > RETRY_CAP_NS)
		bound = RETRY_CAP_NS;
	return (int64_t)(rng_uniform(rng) * (double)bound);
}

const char *retry_row_op(enum s3_op op)
{
	switch (op) {
	case S3_GET_OBJECT:
		return "GET";
	case S3_HEAD_OBJECT:
		return "STAT";
	case S3_DELETE_OBJECT:
	case S3_DELETE_OBJECTS:
		return "DELETE";
	case S3_LIST_OBJECTS:
		return "LIST";
	case S3_CREATE_BUCKET:
		return "CREATEBUCKET";
	default:
		return "PUT";
	}
}

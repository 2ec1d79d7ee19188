/* collect/engine/retry.c: see retry.h. */
#include "collect/engine/retry.h"

#include <string.h>


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

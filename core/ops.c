/* core/ops.c: see ops.h. */
#include "core/ops.h"

#include <string.h>
#include <strings.h>

static const char *const names[OP_COUNT] = {
	[OP_PUT] = "put",
	[OP_GET] = "get",
	[OP_MULTIPART] = "multipart",
	[OP_PUT_EMPTY] = "put-empty",
	[OP_GET_SMALL] = "get-small",
	[OP_CREATE_BUCKET] = "create-bucket",
	[OP_LIST] = "list",
	[OP_HEAD] = "head",
	[OP_DELETE] = "delete",
	[OP_PUT_IF_ABSENT] = "put-if-absent",
	[OP_CAS] = "cas",
};

const char *op_name(int op)
{
	return op >= 0 && op < OP_COUNT ? names[op] : "";
}

int op_parse(const char *s)
{
	for (int i = 0; i < OP_COUNT; i++)
		if (strcasecmp(s, names[i]) == 0)
			return i;
	return -1;
}

int op_rank(const char *op)
{
	for (int i = 0; i < OP_COUNT; i++)
		if (strcmp(op, names[i]) == 0)
			return i;
	return OP_COUNT;
}

/* collect/workload.c: workload operation names (engine.h). */
#include <string.h>

#include "collect/engine.h"

static const char *const names[WL_OP_COUNT] = {
	[WL_PUT] = "put", [WL_GET] = "get", [WL_HEAD] = "head", [WL_LIST] = "list",
	[WL_DELETE] = "delete", [WL_MULTIPART] = "multipart",
	[WL_CREATE_BUCKET] = "create-bucket", [WL_PUT_EMPTY] = "put-empty",
	[WL_GET_SMALL] = "get-small",
};

const char *wl_op_name(enum wl_op op)
{
	if ((int)op < 0 || op >= WL_OP_COUNT)
		return "";
	return names[op];
}

int wl_op_parse(const char *s)
{
	for (int i = 0; i < WL_OP_COUNT; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

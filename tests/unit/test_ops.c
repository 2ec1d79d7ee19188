/* tests/unit/test_ops.c: core/ops: names, parsing (any case) and the canonical order. */
#include <string.h>

#include "core/ops.h"
#include "tests/unit/check.h"

int main(void)
{
	static const char *const order[] = {
		"put",  "get",  "multipart", "put-empty",     "get-small", "create-bucket",
		"list", "head", "delete",    "put-if-absent", "cas",
	};

	CHECK(OP_COUNT == sizeof(order) / sizeof(order[0]), "count");
	for (int i = 0; i < OP_COUNT; i++) {
		CHECK_STR(op_name(i), order[i], "name %d", i);
		CHECK(op_rank(order[i]) == i, "rank of %s", order[i]);
		CHECK(op_parse(order[i]) == i, "parse %s", order[i]);
	}
	CHECK(op_parse("Get-Small") == OP_GET_SMALL && op_parse("stat") == -1, "parse");
	CHECK(op_rank("zzz") == OP_COUNT && op_rank("PUT") == OP_COUNT, "unknown ranks last");
	CHECK_STR(op_name(-1), "", "below range");
	CHECK_STR(op_name(OP_COUNT), "", "above range");
	return check_done();
}

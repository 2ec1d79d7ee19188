/* core/ops.h: the workload ops every stage names: their names as run.json, the run
 * directories and the reports spell them, and their canonical order (the order analyze
 * sorts cells in and render lists them: the matrix ops, the micro-operations, then the
 * one-off sections). The enum's order is that canonical order. */
#ifndef CORE_OPS_H
#define CORE_OPS_H

enum op {
	OP_PUT,
	OP_GET,
	OP_MULTIPART,
	OP_PUT_EMPTY,
	OP_GET_SMALL,
	OP_CREATE_BUCKET,
	OP_LIST,
	OP_HEAD,
	OP_DELETE,
	OP_PUT_IF_ABSENT, /* conditional writes (docs/METHODOLOGY.md, "Conditional writes") */
	OP_CAS,
	OP_COUNT
};

/* op_name: "put", "get", "multipart", "put-empty", "get-small", "create-bucket", "list",
 * "head", "delete", "put-if-absent", "cas" (static strings); "" when op is not one of
 * them. */
const char *op_name(int op);

/* op_parse: the op named s, compared without regard to case; -1 when unknown. */
int op_parse(const char *s);

/* op_rank: the position of the op named op (exact spelling) in the canonical order;
 * OP_COUNT (after every known op) when unknown. */
int op_rank(const char *op);

#endif

/* collect/consist/consist_int.h: what the consistency probes' files share (consist.h): the
 * state of one subject's probes. Not a public API: use collect/consist/consist.h. */
#ifndef COLLECT_CONSIST_INT_H
#define COLLECT_CONSIST_INT_H

#include "collect/consist/consist.h"

#define CONSIST_BODY 64 /* bytes of every object written: two bodies, told apart */

/* A key a probe wrote and did not delete: PREFIX KIND-SEQ (consist_key). */
struct consist_live {
	unsigned seq;
	enum consist_kind kind;
};

struct consist_ctx {
	const struct consist_opts *o;
	const char *bucket;
	char prefix[256];
	struct s3_client *cl;
	struct s3_req *r;
	struct consist_report *out;
	unsigned seq;      /* the probes' keys: PREFIX KIND-SEQ */
	char stopped[200]; /* "" while requests go out; else why nothing more is sent */
	unsigned char body[2][CONSIST_BODY];
	struct consist_live *live; /* the keys to delete at the end */
	size_t n_live, cap_live;
	int lost; /* keys not remembered (out of memory) */
};

/* consist_key: the key of probe seq of kind k into buf; returns buf. */
const char *consist_key(const struct consist_ctx *x, enum consist_kind k, unsigned seq, char *buf,
			size_t n);

/* consist_probe_one: one probe of kind k (consist_kind.c) into *p. */
void consist_probe_one(struct consist_ctx *x, enum consist_kind k, struct consist_probe *p);

#endif

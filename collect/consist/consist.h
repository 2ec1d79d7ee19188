/* collect/consist/consist.h: the consistency probes (docs/METHODOLOGY.md, "Consistency
 * windows"; consistency.json in docs/FORMATS.md): per subject, five kinds of probe, each
 * repeated, each timing how long after an acknowledged change (a PUT, an overwrite, a
 * DELETE) reads or listings still show the state before it, by polling at a fixed
 * interval until the new state is seen or a time limit passes.
 *
 *   consist.c       the run: the client, the bucket, a fresh key prefix, the probes in
 *                   turn, the cleanup of the keys they wrote
 *   consist_kind.c  one probe of each kind: the change, then the polls
 *   consist_json.c  the reports as consistency.json's records, and the printout
 *   consist_names.c the kinds' and outcomes' names
 * Every request goes through the subject's S3 client (collect/s3/s3.h) and is billed like
 * any other. */
#ifndef COLLECT_CONSIST_H
#define COLLECT_CONSIST_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "collect/s3/s3.h"
#include "core/err.h"
#include "core/price.h"
#include "core/subjlog/consistfile.h"

/* The kinds of probe, in consistency.json's order; consist_kind_name spells them. */
enum consist_kind {
	CK_NEW_WRITE,   /* read-after-new-write: PUT a new key, GET until 200 */
	CK_OVERWRITE,   /* read-after-overwrite: PUT A (seen), PUT B, GET until B's body */
	CK_DELETE,      /* read-after-delete: PUT (seen), DELETE, GET until 404 */
	CK_LIST_CREATE, /* list-after-create: PUT a new key, LIST until it is listed */
	CK_LIST_DELETE, /* list-after-delete: PUT (listed), DELETE, LIST until it is not */
	CK_COUNT
};

/* What one probe saw: consistency.json's outcomes (core/subjlog/consistfile.h). */
enum consist_outcome {
	CO_STRONG = CONSISTFILE_STRONG,     /* the first poll saw the new state */
	CO_STALE = CONSISTFILE_STALE,       /* a poll saw the old state, a later one the new */
	CO_TIMEOUT = CONSISTFILE_TIMEOUT,   /* every poll up to max_wait saw the old state */
	CO_UNTESTED = CONSISTFILE_UNTESTED, /* a request failed (an error answer, no answer)
					       or the setup never became visible: no verdict */
	CO_COUNT = CONSISTFILE_COUNT
};

#define CONSIST_REPEAT_MAX 10000
#define CONSIST_REQUEST_MS 10000 /* one request's time limit */

struct consist_probe {
	enum consist_outcome outcome;
	int64_t window_ns; /* from the change's answer to the sending of the first poll that
			      saw the new state; 0 when strong; max_wait when timed out; -1
			      untested */
	int64_t stale_ns;  /* from the change's answer to the sending of the last poll that
			      saw the old state (0 when none): the window is longer than this
			      and at most window_ns */
	int stale_polls;   /* the polls that saw the old state */
	char detail[160];  /* untested: why; "" else */
};

struct consist_kind_result {
	int n; /* probes made */
	struct consist_probe *p;
};

struct consist_opts {
	int repeat;          /* probes of each kind (1..CONSIST_REPEAT_MAX) */
	int64_t poll_ns;     /* the interval between polls' sendings (> 0) */
	int64_t max_wait_ns; /* a probe's polls stop this long after the change */
	unsigned kinds;      /* bit (1u << kind) per kind to probe; 0: all */
	const char *prefix;  /* the key prefix ("s3bench-consistency/CAMPAIGN/SUBJECT/",
				ending in '/'); NULL: "s3bench-consistency/ID/" */
};

/* What the consistency probes of one subject found. */
struct consist_report {
	char subject[64], endpoint[256], bucket[64];
	int64_t started_ns, ended_ns;
	int repeat;
	int64_t poll_ns, max_wait_ns;
	struct consist_kind_result k[CK_COUNT]; /* n 0: not probed */
	struct bill_counts bill;                /* every request, cleanup included */
	char cleanup[256];                      /* "" when everything written was removed */
	char error[256];                        /* "" when the probes ran, else why not */
};

/* consist_kind_name: "read-after-new-write", ...; "" out of range.
 * consist_outcome_name: "strong", "stale", "timeout", "untested". */
const char *consist_kind_name(enum consist_kind k);
const char *consist_outcome_name(enum consist_outcome o);

/* consist_kinds_parse: a comma-separated list of kind names (or "all") into *mask; -1 with
 * "'x' is not a consistency probe (read-after-new-write, ...)" in e. */
int consist_kinds_parse(const char *list, unsigned *mask, struct err *e);

/* consist_run: the probes of o on bucket `bucket` of the endpoint of base (its checksum and
 * HTTP fields are set here), out filled (subject from id; its probes' arrays allocated:
 * consist_report_free). A missing bucket is created and deleted at the end. Keys are
 * written under o's prefix, what an earlier run left there is deleted first
 * (collect/s3/sweep.h), and at the end the keys the probes wrote and did not delete are
 * deleted by name (on a versioned bucket: every version under the prefix, by the sweep).
 * 0, or -1 with a message when no client could be made, the bucket neither answers nor
 * can be created, or memory runs out (out holds what was found). */
int consist_run(const struct s3_config *base, const char *id, const char *bucket,
		const struct consist_opts *o, struct consist_report *out, struct err *e);

/* consist_report_free: the probes' arrays of r freed (r's other fields kept). */
void consist_report_free(struct consist_report *r);

/* consist_write: DIR/consistency.json with the n reports (format s3bench-consistency/1),
 * through a temporary name and a rename. 0, or -1 with a message. */
int consist_write(const char *dir, const struct consist_report *r, size_t n, struct err *e);

/* consist_print: one line per kind probed ("read-after-overwrite  stale in 3 of 20, up to
 * 312 ms") on f. */
void consist_print(FILE *f, const struct consist_report *r);

#endif

/* collect/run/preflight.h: the checks before a campaign's first request (docs/CAMPAIGN.md,
 * "Before the first request"): `collect CAMPAIGN.ini` runs them before any run (after
 * --resume has chosen what it redoes, for the subjects that have runs to do), `collect
 * CAMPAIGN.ini --check` runs only them, --no-preflight skips them. Every problem of every
 * subject is listed at once, each named "FILE:LINE: [subject ID]: what, and what to do";
 * no credential is ever printed.
 *
 * Per subject, in order:
 *   bucket       the name under S3's rules for its addressing (collect/s3/s3_endpoint.h)
 *   credentials  they resolve (subject_creds); when they do not, the network checks go on
 *                with placeholder keys, whose refusal is then not reported again
 *   endpoint     one signed ListObjectsV2 of the bucket (prefix s3bench/, one key) under a
 *                15 s limit: the name resolves, the port answers, the TLS handshake
 *                verifies with the trust in force (else the message names ca_bundle,
 *                --ca-bundle, AWS_CA_BUNDLE and insecure), the answer is S3's (a
 *                ListBucketResult or an S3 error document: else "does not speak S3"), the
 *                keys and the region are accepted, the keys may list the bucket
 *   bucket       when the listing says NoSuchBucket: CreateBucket, as the first run would
 *                (a refusal named as that: "may not create it", not as bad keys); the
 *                bucket is deleted again under --check, or when the subject's runs spread
 *                over several buckets (those runs remove the buckets they create)
 * and once: the output directory's file system has room for the logs of the runs to do
 * (preflight_log_bytes). The requests are billed: sweeps.json gets one entry per subject
 * ("run": ".", "by": "preflight"; analyze adds it to the subject's cost). */
#ifndef COLLECT_RUN_PREFLIGHT_H
#define COLLECT_RUN_PREFLIGHT_H

#include <stdint.h>
#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/plan.h"
#include "collect/run/estimate.h"
#include "collect/s3/s3.h"

#define PREFLIGHT_TIMEOUT_MS 15000 /* the limit of each request of the checks */
/* The logs of one run of R requests: run.json, 12 KiB and 64 bytes a request (its
 * histograms grow) up to 160 KiB (measured: 10 KiB for 2 requests, 128 KiB for 3400), and
 * ops.tsv.zst, 48 bytes a request (33-40 measured). A duration-bound run that nothing
 * estimates: PREFLIGHT_ROWS_PER_S requests a second per worker. */
#define PREFLIGHT_RUNJSON_MIN 12288
#define PREFLIGHT_RUNJSON_MAX 163840
#define PREFLIGHT_RUNJSON_ROW 64
#define PREFLIGHT_ROW_BYTES 48
#define PREFLIGHT_ROWS_PER_S 100

/* What to check. */
struct preflight_opts {
	int check_only;     /* --check: a bucket the checks create is deleted again */
	const char *bills;  /* the output directory whose sweeps.json gets each subject's
			       requests ("by": "preflight", core/sweeplog.h); NULL: none */
	const char *out;    /* the output directory (it may not exist yet) */
	uint64_t log_bytes; /* what the runs to do will write there (preflight_log_bytes) */
	int runs;           /* how many runs that is */
};

/* preflight_log_bytes: the bytes the runs of p flagged in todo (p->n flags; NULL: all)
 * will write (the sizes above), their requests as estimate_run counts them (o: --assume,
 * expect_mib_s, --estimate-from; an until-done or count-bound run is always counted),
 * else PREFLIGHT_ROWS_PER_S a second per worker. The number of runs goes to *runs. */
uint64_t preflight_log_bytes(const struct campaign *c, const struct plan *p,
			     const unsigned char *todo, const struct estimate_opts *o, int *runs);

/* Verdicts of the listing (preflight_judge). */
enum preflight_verdict {
	PREFLIGHT_OK,        /* the bucket is there and may be listed */
	PREFLIGHT_NO_BUCKET, /* S3 says NoSuchBucket: try to create it */
	PREFLIGHT_PROBLEM,   /* what is wrong is in the message */
	PREFLIGHT_SILENT,    /* refused for the placeholder keys: said already */
};

/* preflight_judge: what the answer res to the ListObjectsV2 of subject s's bucket says
 * (keys_ok 0: it was signed with placeholder keys); the problem, when there is one, as
 * plain words into msg (n bytes). */
enum preflight_verdict preflight_judge(const struct s3_result *res,
				       const struct campaign_subject *s, int keys_ok, char *msg,
				       size_t n);

/* preflight_create_problem: the words for a CreateBucket of subject s's bucket that
 * failed with res (into msg, n bytes); returns msg. */
const char *preflight_create_problem(const struct s3_result *res, const struct campaign_subject *s,
				     char *msg, size_t n);

/* preflight_run: the checks of the subjects of c flagged in which (c->n_subjects flags),
 * spread[i] 1 when subject i's runs spread over several buckets, and of o's output
 * directory. Each problem is one line on f ("collect: FILE:LINE: [subject ID]: ..."),
 * each bucket created or deleted and, under --check, each subject found ready one line
 * too; then a last line. Returns the number of problems (0: go on). */
int preflight_run(const struct campaign *c, const unsigned char *which, const unsigned char *spread,
		  const struct preflight_opts *o, FILE *f);

#endif

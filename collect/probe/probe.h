/* collect/probe/probe.h: the conformance probe (docs/METHODOLOGY.md, "Conformance probe";
 * probe.json in docs/FORMATS.md): a small fixed set of requests per subject and, per feature,
 * what the provider did with it: supported, refused (an HTTP status and S3 error code the
 * S3 API reference allows for a feature a provider does not offer), or wrong (an answer the
 * reference does not allow; the expected one is recorded beside it).
 *
 *   probe.c        the run: the subject's bucket, a fresh key prefix, the checks in order,
 *                  the cleanup of every key and version they made
 *   probe_req.c    the requests: sent, judged, what they wrote remembered
 *   probe_obj.c    the checks on objects: conditional PUT and DELETE, checksums, tagging, SSE
 *   probe_conn.c   versioning status, addressing, HTTP/2, TLS versions
 *   verdict.c      the rules that turn an answer into a verdict; feature names
 *   probe_json.c   the reports as probe.json's records, and the printout
 * Every request goes through the subject's S3 client (collect/s3/s3.h) and is billed like
 * any other. */
#ifndef COLLECT_PROBE_H
#define COLLECT_PROBE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "collect/s3/s3.h"
#include "core/err.h"
#include "core/price.h"

enum probe_verdict {
	PV_SUPPORTED,
	PV_REFUSED,
	PV_WRONG,
	PV_UNTESTED, /* no verdict: no answer, a server error, or a step before it failed */
	PV_COUNT
};

/* The features, in probe.json's order; probe_feature_name spells them. */
enum probe_feature {
	PF_CONDITIONAL_PUT,
	PF_CONDITIONAL_DELETE,
	PF_CHECKSUM_CRC32,
	PF_CHECKSUM_CRC32C,
	PF_CHECKSUM_CRC64NVME,
	PF_CHECKSUM_SHA1,
	PF_CHECKSUM_SHA256,
	PF_VERSIONING,
	PF_TAGGING,
	PF_SSE_S3,
	PF_SSE_C,
	PF_SSE_KMS,
	PF_PATH_STYLE,
	PF_VIRTUAL_HOSTED,
	PF_HTTP2,
	PF_TLS12,
	PF_TLS13,
	PF_COUNT
};

#define PROBE_ALL ((1u << PF_COUNT) - 1)
#define PROBE_MAX_CHECKS 6

/* One request's verdict. */
struct probe_check {
	const char *name; /* "if-none-match-existing", ... (static) */
	enum probe_verdict v;
	long status;       /* the HTTP status; 0: no answer */
	char code[64];     /* the S3 error code; "" when none */
	char expected[96]; /* what the S3 API reference allows: "412 PreconditionFailed" */
	char detail[256];  /* what went wrong or what was seen; "" when nothing to say */
};

struct probe_feature_result {
	enum probe_verdict v; /* the checks' worst: wrong, refused, untested, supported */
	int probed;           /* 0: not asked for (features) */
	char note[96];        /* a finding beside the verdict ("Enabled" for versioning) */
	struct probe_check checks[PROBE_MAX_CHECKS];
	int n_checks;
};

/* What the probe of one subject found. */
struct probe_report {
	char subject[64], endpoint[256], bucket[64];
	int64_t started_ns, ended_ns;
	struct probe_feature_result f[PF_COUNT];
	struct bill_counts bill; /* every request the probe sent, cleanup included */
	char cleanup[256];       /* "" when everything the probe wrote was removed, else what
				    was left */
	char error[256];         /* "" when the probe ran, else why it could not (its caller's
				    message: no credentials, no client, the bucket unreachable) */
};

struct probe_opts {
	unsigned features;   /* bit (1u << feature) per feature to probe; 0: all */
	const char *kms_key; /* SSE-KMS key id to send; NULL: none (the provider's default) */
	const char *prefix;  /* the key prefix ("s3bench-probe/CAMPAIGN/SUBJECT/", ending in
				'/'); NULL: "s3bench-probe/ID/" */
};

/* probe_feature_name: "conditional-put", "checksum-crc32", "tls1.2", ...; "" when unknown. */
const char *probe_feature_name(enum probe_feature f);

/* probe_verdict_name: "supported", "refused", "wrong", "untested". */
const char *probe_verdict_name(enum probe_verdict v);

/* probe_features_parse: a comma-separated list of feature names (or "all") into *mask;
 * -1 with "'x' is not a probe feature (conditional-put, ...)" in e. */
int probe_features_parse(const char *list, unsigned *mask, struct err *e);

/* probe_judge: the verdict of an answer (status, code) to a request whose conformant
 * answer is want_status (2: any 2xx) with want_code ("" or NULL: any code), the reasons in
 * c (expected, detail); c->status and c->code are set. Rules (docs/METHODOLOGY.md,
 * "Conformance probe"): the wanted answer is supported; any other 501, 400, 403 or 405 is
 * refused (a provider may refuse a feature it does not offer); no
 * answer, or a 5xx other than 501, untested; anything else wrong (a 2xx where an error is
 * due: the condition or check was ignored; another error than the one due: 412 for a
 * missing key where 404 NoSuchKey is due, 412 for a condition that holds). */
enum probe_verdict probe_judge(struct probe_check *c, long want_status, const char *want_code,
			       long status, const char *code);

/* probe_combine: the feature's verdict from its checks: wrong when any is wrong, else
 * refused when any is, else untested when any is, else supported (untested when none). */
enum probe_verdict probe_combine(const struct probe_feature_result *f);

/* probe_run: probe the bucket `bucket` of the endpoint of base (a client configuration
 * with endpoint, region, credentials and CAs; its checksum, HTTP and TLS fields are set
 * here per check) with the features of o; *out filled (subject and endpoint from the
 * caller's id and base). A missing bucket is created and deleted at the end. Keys are
 * written under o's prefix, whatever an earlier probe killed there left is deleted first
 * (collect/s3/sweep.h), and they are removed (every version the answers named, on a
 * versioned bucket): two probes must not share a prefix at once. Each request has PROBE_REQUEST_MS, the whole probe PROBE_LIMIT_NS
 * (collect/probe/probe_int.h: 10 s, 60 s); a request that times out, cannot connect or stays
 * throttled stops it. 0, or -1 with a message when no client could be made, the bucket
 * neither answers nor can be created, or the probe stopped early (out holds what was
 * found; the checks not made are untested). */
int probe_run(const struct s3_config *base, const char *id, const char *bucket,
	      const struct probe_opts *o, struct probe_report *out, struct err *e);

/* probe_report_json: one subject's record of probe.json (new reference; NULL when out of
 * memory). */
json_t *probe_report_json(const struct probe_report *r);

/* probe_write: DIR/probe.json with the n reports (format s3bench-probe/1), through a
 * temporary name and a rename. 0, or -1 with a message. */
int probe_write(const char *dir, const struct probe_report *r, size_t n, struct err *e);

/* probe_print: one line per feature probed ("conditional-put  wrong  if-match-missing: 412
 * PreconditionFailed, expected 404 NoSuchKey") on f. */
void probe_print(FILE *f, const struct probe_report *r);

#endif

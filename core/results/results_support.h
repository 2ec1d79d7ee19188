/* core/results/results_support.h: aggregate.json support[] (docs/FORMATS.md, "support[]";
 * docs/METHODOLOGY.md, "Conformance probe"): what each subject's conformance probe found,
 * as analyze read it from the campaign's probe.json. One record per subject probed (a
 * subject is an index of the document's subjects[]), its features in the probe's order,
 * each with its verdict and the check that decided it (the first check with the feature's
 * verdict). Absent in files analyzed without a probe.json (and older ones): none. */
#ifndef CORE_RESULTS_SUPPORT_H
#define CORE_RESULTS_SUPPORT_H

#include <stddef.h>

#include <jansson.h>

#include "core/jread.h"

struct results;

/* The verdicts of a feature, worst first (a reader refuses any other). */
enum results_sv {
	RESULTS_SV_WRONG,     /* "wrong": an answer the S3 API reference does not allow */
	RESULTS_SV_REFUSED,   /* "refused": an error the reference allows (not supported) */
	RESULTS_SV_UNTESTED,  /* "untested": the probe could not tell */
	RESULTS_SV_SUPPORTED, /* "supported" */
	RESULTS_SV_COUNT
};

/* results_sv_name: "wrong", "refused", "untested", "supported" (NULL out of range).
 * results_sv_find: the verdict named name, or -1. */
const char *results_sv_name(enum results_sv v);
int results_sv_find(const char *name);

/* support[].features[]: one feature. */
struct results_feature {
	char *feature; /* "conditional-put", "checksum-crc32", ... (probe.json's names) */
	enum results_sv verdict;
	char *note;     /* versioning: the bucket's status; "" else (NULL: null) */
	char *check;    /* the deciding check's name ("if-match-missing") */
	long status;    /* its answer's HTTP status; 0: none came */
	char *code;     /* its S3 error code; "" none */
	char *expected; /* what the S3 API reference allows ("404 NoSuchKey") */
	char *detail;   /* "" or what went wrong */
};

/* support[]: one subject's probe. */
struct results_support {
	int subject;
	char *probed;  /* when the probe started (RFC 3339 UTC) */
	char *error;   /* "" when the probe ran, else why it could not (then no features) */
	char *cleanup; /* "" when everything it wrote was removed, else what was left */
	struct results_feature *features;
	size_t n_features;
};

/* The functions of the record, as results_head.h says. */
json_t *results_support_to_json(const struct results_support *s, const struct results *doc);
int results_support_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_support *s);
void results_support_free(struct results_support *s);

#endif

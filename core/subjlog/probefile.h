/* core/subjlog/probefile.h: probe.json (docs/FORMATS.md, "probe.json"), the conformance
 * probe of each subject of a campaign: one record per subject, per feature probed its
 * verdict, a note and the checks (requests) that decided it, each with its verdict, the
 * answer's status and S3 error code, the answer the S3 API reference allows and what was
 * seen. collect writes it (collect/probe), analyze reads it (analyze/read/probelog). */
#ifndef CORE_PROBEFILE_H
#define CORE_PROBEFILE_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "core/results/results_support.h"
#include "core/subjlog/subjlog.h"

#define PROBEFILE_NAME "probe.json"
#define PROBEFILE_FORMAT "s3bench-probe/1"

/* features.NAME.checks[]: one request's verdict. Written: every string given. Read:
 * copies (NULL when absent), verdict -1 when absent. */
struct probefile_check {
	const char *check;    /* "if-none-match-existing", ... */
	int verdict;          /* an enum results_sv */
	long status;          /* the HTTP status; 0: no answer */
	const char *code;     /* the S3 error code; "" when none */
	const char *expected; /* what the reference allows: "412 PreconditionFailed" */
	const char *detail;   /* what went wrong or what was seen; "" when nothing to say */
};

/* features.NAME: one feature probed. */
struct probefile_feature {
	const char *name; /* "conditional-put", ... (a reader takes any name) */
	enum results_sv verdict;
	const char *note; /* a finding beside the verdict ("Enabled" for versioning) */
	struct probefile_check *checks;
	size_t n_checks;
};

/* subjects[]: one subject's probe. */
struct probefile_subject {
	struct subjlog_head head;
	struct probefile_feature *features; /* in the file's order */
	size_t n_features;
};

/* probefile_subject_json: one subject's record (new reference; NULL when out of memory). */
json_t *probefile_subject_json(const struct probefile_subject *s);

/* probefile_write: DIR/probe.json with the n records (format s3bench-probe/1), through a
 * temporary name and a rename. 0, or -1 with a message. */
int probefile_write(const char *dir, const struct probefile_subject *s, size_t n, struct err *e);

/* probefile_read: DATA_DIR/probe.json into *s (n records, in the file's order, a subject
 * probed twice its later record; caller's); a missing file is no records (0, *n = 0). -1
 * with e naming the file and the field at fault ("probe.json:
 * subjects[1].features.tagging.verdict: 'maybe' is not a verdict ...") when it cannot be
 * read, is not s3bench-probe/1, or memory runs out; *s then holds what was read before.
 * Free with probefile_free (also after a failure). */
int probefile_read(const char *data_dir, struct probefile_subject **s, size_t *n, struct err *e);

/* probefile_subject_free: a record read by probefile_read freed (its own memory kept). */
void probefile_subject_free(struct probefile_subject *s);

/* probefile_kind: the file for core/subjlog/subjlog.h's walk (subjlog_adopt). */
extern const struct subjlog_kind probefile_kind;

/* probefile_free: the n records of s and the array freed. */
void probefile_free(struct probefile_subject *s, size_t n);

#endif

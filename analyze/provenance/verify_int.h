/* analyze/provenance/verify_int.h: what bin/analyze --verify's files share (verify.c, the
 * command and its checks; verify_inputs.c below it, the message, where DATA_DIR's files are
 * and the check of the recorded inputs): the state of one verification, its message, and the places of the
 * recorded files. Private to --verify: callers use verify.h. */
#ifndef ANALYZE_VERIFY_INT_H
#define ANALYZE_VERIFY_INT_H

#include <limits.h>
#include <stdint.h>

#include "core/results/results_manifest.h"

/* One verification: RESULTS_DIR, the key, DATA_DIR and what was read and made. */
struct vctx {
	const char *results, *pubkey;
	char data[PATH_MAX];
	json_t *doc;                 /* manifest.json as read: what the digest is made of */
	struct results_manifest man; /* its records */
	char tmp[PATH_MAX];          /* the re-derived results ("" until made) */
	size_t n_runs;               /* summaries recomputed */
	const char *history_note;    /* why trend.json is not checked, NULL when it is */
};

/* verify_fail: "analyze: --verify: " and fmt with a and b (b NULL: "") on stderr; returns
 * status. */
int verify_fail(int status, const char *fmt, const char *a, const char *b);

/* verify_same_digest: 1 when a and b record the same SHA-256 and size. */
int verify_same_digest(const struct results_manifest_file *a,
		       const struct results_manifest_file *b);

/* verify_locate: the file of a recorded path (outside, relative_to) into buf (n bytes): inside
 * DATA_DIR and outside it relative to DATA_DIR alike from DATA_DIR, else (a manifest of a
 * release that recorded outside paths as given) as given. */
void verify_locate(const struct vctx *c, const char *path, int outside, const char *relative_to,
		   char *buf, size_t n);

/* verify_vantage_dir: the DATA_DIR of a merge's vantage k (options.vantages[k]) into buf (n
 * bytes), as verify_locate finds it from the first; returns buf. */
const char *verify_vantage_dir(const struct vctx *c, size_t k, char *buf, size_t n);

/* verify_check_inputs: every recorded input as it was, nothing extra (in a merge, every
 * DATA_DIR's); *bytes: how many were read. VERIFY_OK, or VERIFY_INPUTS after saying the first
 * difference; c->history_note set when the history database is not there to check. */
int verify_check_inputs(struct vctx *c, int warp, uint64_t *bytes);

#endif

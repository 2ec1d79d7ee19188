/* core/subjlog/consistfile.h: consistency.json (docs/FORMATS.md, "consistency.json"), the
 * consistency probes of each subject of a campaign: one record per subject with the
 * probes' settings, per kind of probe each probe's outcome, window, longest stale poll and
 * why it went untested. collect writes it (collect/consist), analyze reads it
 * (analyze/read/consistlog). */
#ifndef CORE_CONSISTFILE_H
#define CORE_CONSISTFILE_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "core/subjlog/subjlog.h"

#define CONSISTFILE_NAME "consistency.json"
#define CONSISTFILE_FORMAT "s3bench-consistency/1"

/* What one probe saw (docs/METHODOLOGY.md, "Consistency windows"). */
enum consistfile_outcome {
	CONSISTFILE_STRONG,   /* "strong": the first poll saw the new state */
	CONSISTFILE_STALE,    /* "stale": a poll saw the old state, a later one the new */
	CONSISTFILE_TIMEOUT,  /* "timeout": every poll up to max_wait saw the old state */
	CONSISTFILE_UNTESTED, /* "untested": no verdict */
	CONSISTFILE_COUNT
};

/* consistfile_outcome_name: "strong", "stale", "timeout", "untested"; "" out of range. */
const char *consistfile_outcome_name(enum consistfile_outcome o);

/* kinds.NAME.probes[]: one probe. Read: detail a copy (NULL when absent); a stale or
 * timed-out probe has a window (a number >= 0: a reader refuses one without). */
struct consistfile_probe {
	enum consistfile_outcome outcome;
	double window_ms;   /* from the change's answer to the first poll that saw the new
			       state; NAN (null) when untested */
	double stale_ms;    /* to the last poll that saw the old state (0: none) */
	int stale_polls;    /* the polls that saw the old state */
	const char *detail; /* untested: why; "" else */
};

/* kinds.NAME: the probes of one kind. */
struct consistfile_kind {
	const char *name; /* "read-after-new-write", ... (a reader takes any name) */
	struct consistfile_probe *probes;
	size_t n_probes;
};

/* subjects[]: one subject's probes. */
struct consistfile_subject {
	struct subjlog_head head;
	long long repeat;               /* probes of each kind */
	double poll_ms, max_wait_ms;    /* the polls' interval; a probe's time limit */
	struct consistfile_kind *kinds; /* the kinds probed, in the file's order */
	size_t n_kinds;
};

/* consistfile_subject_json: one subject's record (new reference; NULL when out of
 * memory). */
json_t *consistfile_subject_json(const struct consistfile_subject *s);

/* consistfile_write: DIR/consistency.json with the n records (format
 * s3bench-consistency/1), through a temporary name and a rename. 0, or -1 with a
 * message. */
int consistfile_write(const char *dir, const struct consistfile_subject *s, size_t n,
		      struct err *e);

/* consistfile_read: DATA_DIR/consistency.json into *s (n records, in the file's order, a
 * subject probed twice its later record; caller's); a missing file is no records (0, *n =
 * 0). -1 with e naming the file and the field at fault ("consistency.json:
 * subjects[0].kinds.read-after-delete.probes[2].outcome: 'maybe' is not an outcome ...")
 * when it cannot be read, is not s3bench-consistency/1, or memory runs out; *s then holds
 * what was read before. Free with consistfile_free (also after a failure). */
int consistfile_read(const char *data_dir, struct consistfile_subject **s, size_t *n,
		     struct err *e);

/* consistfile_subject_free: a record read by consistfile_read freed (its own memory
 * kept). */
void consistfile_subject_free(struct consistfile_subject *s);

/* consistfile_kind: the file for core/subjlog/subjlog.h's walk (subjlog_adopt). */
extern const struct subjlog_kind consistfile_kind;

/* consistfile_free: the n records of s and the array freed. */
void consistfile_free(struct consistfile_subject *s, size_t n);

#endif

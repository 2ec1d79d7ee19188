/* analyze/read/runlog_workload.h: the workload fields of a run.json (docs/FORMATS.md,
 * run.json "workload": mix, size_spec, range, rate, hedge, workers, seed; "campaign":
 * p99_limit_ms), their plain-words labels, and the comparison of the per-op and rate
 * figures under --recompute. */
#ifndef ANALYZE_RUNLOG_WORKLOAD_H
#define ANALYZE_RUNLOG_WORKLOAD_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "core/runrec/runrec.h"
#include "core/summary.h"

#define RUNLOG_WORKLOAD_MIX_OPS RUNREC_MIX_OPS /* get, put, head, delete: a mix's ops */

struct runlog_workload {
	char *size_spec; /* "random:4KiB..1MiB", "dist:4KiB:50,..."; NULL: fixed size */
	char *range;     /* "0..64KiB", "random:64KiB"; NULL: whole objects */
	char *mix;       /* canonical "get:45,put:15,head:30,delete:10"; NULL: none */
	unsigned mix_w[RUNLOG_WORKLOAD_MIX_OPS];
	double rate; /* offered requests per second; 0: closed loop */
	char *hedge; /* workload.hedge ("p95", "200ms"); NULL: not hedged */
	char *trace; /* workload.replay.digest: a replay's trace; NULL: not a replay */
	/* a replay's trace file as given (workload.replay.trace), its name (the last part of
	 * the path), the ops it kept (workload.replay.ops; NULL: all) and its window (seconds
	 * from the trace's first request; to 0: to its last); NULL / 0 when not a replay */
	char *trace_file, *trace_name, *replay_ops;
	double replay_from_s, replay_to_s;
	double duration_s;   /* workload.duration_s; 0 when absent (not duration-bound) */
	int workers;         /* workload.workers; 0 when absent */
	double p99_limit_ms; /* campaign.p99_limit_ms; NaN when absent */
	/* workload.send: the fields that differ from their defaults, "checksum crc32,
	 * payload streaming-unsigned" (campaign keys and values, in run.json's order),
	 * then workload.retries above 0 ("retries 3"), workload.duration_auto ("duration
	 * auto 20s..5m") or, when workload.duration_subject is true, the subject's own
	 * fixed duration ("duration 30s"), workload.buckets and workload.prefixes when above 1 ("buckets 3,
	 * prefixes 4"); NULL when every field is the default or the run.json has none */
	char *send;
};

/* runlog_workload_modes_merge: the modes of a subject's runs in one list: every distinct
 * item ("checksum crc32", "retries 3", "duration auto 20s..5m") of the n send strings
 * (runlog_workload.send; NULL entries are runs with the defaults), in the order
 * checksum, payload, reads, http, http2_shared, keepalive, addresses, retries, duration
 * (then any other, by text), joined with ", ": the same text for two subjects that ran
 * with the same modes whatever the order of their runs. *out is a new string (free), or
 * NULL when no run has a mode off its default. -1 when out of memory. */
int runlog_workload_modes_merge(const char *const *sends, size_t n, char **out);

/* runlog_workload_from: the fields above from run.json's workload record w and its
 * campaign record camp (NULL: none; core/runrec/runrec.h) into *out (zeroed first; null
 * fields keep their "none" value). -1 with a message when out of memory (*out then
 * cleared); the codec has refused a field of the wrong type or range already. */
int runlog_workload_from(const struct runrec_workload *w, const struct runrec_campaign *camp,
			 struct runlog_workload *out, struct err *e);

/* runlog_workload_clear: free what *w owns and zero it (p99_limit_ms back to NaN). */
void runlog_workload_clear(struct runlog_workload *w);

/* runlog_workload_plain: the workload's sizes and range in plain words into buf (n bytes;
 * buf returned): "sizes log-uniform 4 KiB–1 MiB", "sizes 4 KiB 50 %, 64 KiB 30 %, 1 MiB
 * 20 %", "ranged GET of 64 KiB at a random offset", "ranged GET of bytes 0–64 KiB",
 * joined by "; "; "" when the run has none of them. A spec that does not parse is
 * shown as written. */
const char *runlog_workload_plain(const char *size_spec, const char *range, char *buf, size_t n);

/* runlog_workload_compare: 0 when a and b have the same per-op figures and rate block (the
 * tolerance of runlog_compare); else 1 with the first differing field in diff. */
int runlog_workload_compare(const struct run_summary *a, const struct run_summary *b, char *diff,
			    size_t n);

#endif

/* analyze/read/runlog.h: one run.json (docs/FORMATS.md, "s3bench-run/1") read into a
 * plain struct.
 *
 * Only what analyze uses is kept. The file is read with core's codecs, collect's writers:
 * the envelope with core/runrec/runrec.h, the "summary" with core/summary.h. */
#ifndef ANALYZE_RUNLOG_H
#define ANALYZE_RUNLOG_H

#include <stdint.h>

#include "analyze/read/runlog_clients.h"
#include "analyze/read/runlog_workload.h"
#include "core/err.h"
#include "core/price.h"
#include "core/runrec/runrec.h"
#include "core/sweeplog.h"
#include "core/summary.h"

#define RUNLOG_FIRST_MAX 5

struct runlog {
	char *path;    /* the run directory relative to DATA_DIR ("runs/cycle-01/a/put-5MiB-c1") */
	char *kept_as; /* plan.tsv's kept_as (analyze/read/plantsv.h): how a run kept by
			  --allow-changed was measured otherwise than the plan says; NULL */
	/* campaign (NULL strings when run.json's "campaign" is null) */
	char *campaign_name, *campaign_title, *campaign_client, *campaign_order;
	int campaign_cycles;    /* campaign.cycles; 0 when absent */
	char *campaign_vantage; /* campaign.vantage: where the client measured from; NULL */
	int vantage;            /* the run's vantage: its DATA_DIR's index in a merge of several
			(analyze/cells/vantage.h); 0 otherwise. Not in run.json */
	int cycle;              /* >= 1; 0 for a one-off run ("cycle": null) */
	/* subject */
	char *subject, *label, *color, *endpoint, *region;
	char *bucket, *addressing, *addressing_used; /* NULL when absent (addressing_used:
							 * how requests went, docs/FORMATS.md) */
	/* workload */
	char *op;         /* "put", "get", "list", ... */
	uint64_t size;    /* bytes (0 when null) */
	char *size_label; /* the size as the run declared it ("1 MB", analyze/read/sizelabel.h);
				 * NULL when unknown. Not in run.json: set by the reader of the
				 * campaign (campaign.ini [matrix] sizes) or of Warp's command line */
	int concurrency;
	int64_t objects; /* workload.objects; -1 when null */
	char *dataset;   /* workload.dataset.name (a run over a dataset); NULL: none */
	struct runlog_workload
		workload; /* mix, size spec, range, rate (analyze/read/runlog_workload.h) */
	/* wrapper */
	int exit_code, signal, timed_out;
	double elapsed_s;   /* NaN when absent */
	int64_t started_ns; /* wrapper.started (Unix ns); 0 when absent (a Warp run's) */
	char *provider_tz;  /* wrapper.provider_local.tz: the subject's IANA zone; NULL: none */
	int provider_hour;  /* wrapper.provider_local.hour (0-23) in it; -1 with provider_tz NULL */
	/* errors */
	char *err_class;   /* NULL when null */
	char *first_error; /* errors.first[0]; NULL when none */
	char *status;      /* "complete" / "failed" */
	char *bench_phase; /* phases.benchmark; NULL when absent */
	/* summary */
	int has_summary;
	struct run_summary summary;
	struct runlog_clients
		clients; /* "clients" (analyze/read/runlog_clients.h); count 0: absent */
	/* the collector's CPU time per request (run.json "cpu"); has_cpu 0: null or absent */
	int has_cpu;
	double cpu_us_per_request;
	/* cost (core/price.h): "prices" and "billing" (all phases summed); 0: absent */
	int has_prices, has_billing;
	struct prices prices;
	struct bill_counts bill;
	char cost_example[256];          /* campaign.cost_example; "" when absent */
	int bill_logged_only;            /* the bill holds only the logged requests (a Warp run:
				   no prepare or cleanup phase was recorded) */
	struct bill_counts subject_bill; /* sweeps of this subject's runs that have no
					    run.json (sweeps.json), billed at this run's
					    prices to the subject only (cost[]) */
	/* "versioning" (docs/METHODOLOGY.md, "Versioned buckets"): the benchmark's deletes
	 * that left a delete marker on a versioned bucket; 0 when none or absent */
	int64_t delete_markers;
	/* "payload" (docs/METHODOLOGY.md, "Upload data"): the certificate of the bodies the run
	 * sent (has_payload 0: none, or absent): the data mode asked ("random",
	 * "compressible:2") and the figures (NaN: null) */
	int has_payload;
	char payload_data[24];
	double zstd_ratio, unique_4k_share, unique_512_share;
	/* the client machine's record ("client", core/runrec/runrec_clientres.h), owned; NULL
	 * when absent (a run without one is "not measured": analyze/cells/climit_cells.h
	 * judges the others) */
	struct runrec_clientres *client;
};

/* runlog_apply_sweeps (analyze/read/runlog_cost.c): the sweeps of DATA_DIR/sweeps.json
 * (core/sweeplog.h) into the bills of logs[0..n): a sweep of a run that has a run.json is
 * added to that run's bill (runs[].cost, cells[].cost and cost[] then include it); a sweep of
 * a run without one (cleaned, never redone) to subject_bill of the subject's first priced
 * run. Sweeps that fit neither (no priced run of their subject) are counted in *unbilled. */
void runlog_apply_sweeps(struct runlog *logs, size_t n, const struct sweep_rec *v, size_t nv,
			 size_t *to_runs, size_t *to_subjects, size_t *unbilled);

/* runlog_read: read `file` (a run.json) into *out; `rel` is the run directory
 * relative to DATA_DIR and is copied into out->path. On success the caller owns
 * *out and releases it with runlog_clear. On failure (unreadable file, bad JSON,
 * unknown format major version, a field of the wrong type) returns -1 with a
 * message naming the file, and the line or field at fault; *out is left empty. */
int runlog_read(const char *file, const char *rel, struct runlog *out, struct err *e);

/* runlog_compare: 0 when a and b agree (counts and times exactly; MiB/s, obj/s,
 * seconds, completion time, latency, TTFB and segment figures within a relative
 * 1e-6, which absorbs the decimal rounding of run.json; histograms exactly when both
 * have them; the per-op and rate figures as runlog_workload_compare); else 1 with the first differing field (and both values) written into
 * diff (n bytes). */
int runlog_compare(const struct run_summary *a, const struct run_summary *b, char *diff, size_t n);

/* runlog_clear: free what *r owns and zero it (a zeroed struct is fine). */
void runlog_clear(struct runlog *r);

#endif

/* render/model/model_workload.h: the workload parts of aggregate.json 1.2 (docs/FORMATS.md,
 * "Workload cells and rate sweeps"): workload_cells (mixed runs with their per-op
 * figures, size distributions and ranges in plain words, rate cells) and rate_sweeps,
 * and the key-finding sentence of the sustained rates. Absent in older files: m->workload
 * stays NULL and the report has no workload section. */
#ifndef RENDER_MODEL_WORKLOAD_H
#define RENDER_MODEL_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/strbuf.h"
#include "render/model/model.h"
#include "render/text/text.h"

struct json_t;

struct rm_workload_op { /* one op of a mixed cell (means over its runs) */
	char *op;
	double share, obj_s, mib_s, p50, p99;
	int pooled; /* p50/p99 of all requests pooled (aggregate.json "pooled"; absent: 0) */
};

struct rm_wcell {
	int subject, concurrency, n;
	char *op, *workload, *mix; /* workload: plain words ("" none); mix: "get 45, ..." */
	uint64_t size;
	double rate;                   /* offered req/s; NAN: closed loop */
	double mib_s, obj_s, p50, p99; /* values; p50/p99 pooled (ms) */
	struct rm_workload_op *by_op;
	size_t nby_op;
	int clients, client_hosts; /* 1, 1 when absent (render/model/model_clients.h) */
};

struct rm_sweep_pt {
	double offered, achieved, p50_intended, p99_intended, p50, p99;
	int sustained;
	char climit[64]; /* the reasons that made the client the limit ("workers", ...), or "" */
};

/* Who set a sweep's limit (aggregate.json rate_sweeps[].limit.by; absent: not known). */
enum rm_sweep_limit {
	RM_LIMIT_UNKNOWN,
	RM_LIMIT_NONE,
	RM_LIMIT_SERVER,
	RM_LIMIT_CLIENT
};

struct rm_sweep {
	int subject, concurrency, clients; /* clients: 1 when absent */
	char *op, *workload;
	uint64_t size;
	struct rm_sweep_pt *pts;
	size_t npts;
	double p99_limit, max_sustained; /* max_sustained NAN: none */
	enum rm_sweep_limit limit_by;
	double limit_at;        /* the offered rate that was not held; NAN: none */
	char limit_reasons[64]; /* RM_LIMIT_CLIENT: "workers", "cpu,nic", ... */
};

struct rm_workload {
	struct rm_wcell *cells;
	size_t ncells;
	struct rm_sweep *sweeps;
	size_t nsweeps;
};

/* model_load_workloads: root's workload_cells and rate_sweeps into m->workload (left NULL when the
 * file has neither or both are empty). -1 with e naming `file` and the field at fault;
 * what was loaded stays owned by m (model_free_workloads releases it). */
int model_load_workloads(struct report_model *m, struct json_t *root, const char *file,
			 struct err *e);
void model_free_workloads(struct report_model *m);

/* model_workload_sustained: the key finding of the rate sweeps into b ("Sustained rate with
 * p99 from the intended start under 50 ms: Ceph RGW held 700 req/s; s3rver 200 req/s.");
 * a sweep whose limit was the client's (RM_LIMIT_CLIENT) says so instead of blaming the
 * provider. Nothing when there is no sweep. */
void model_workload_sustained(const struct report_model *m, const struct text_lang *l,
			      struct strbuf *b);

/* model_workload_client_limited: "client-limited (workers)" for the reasons "a,b" in
 * l's words into b. */
void model_workload_client_limited(const struct text_lang *l, const char *reasons,
				   struct strbuf *b);

/* model_workload_limit_decimals: the decimals a p99 limit is written with (0 for whole ms). */
int model_workload_limit_decimals(double limit_ms);

#endif

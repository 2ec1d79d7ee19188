/* render/model/model_climit.h: the client-limit verdicts and request phases of aggregate.json
 * (docs/FORMATS.md, "Client limits and request phases"), read leniently for the report:
 * each matrix cell's verdict (by cells[] index), each leader's blocking, each run's client
 * resources and phase means. A file without them (older, or from Warp's logs) leaves
 * every cell "not measured". */
#ifndef RENDER_MODEL_CLIMIT_H
#define RENDER_MODEL_CLIMIT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

struct report_model;

enum rm_climit_verdict {
	RM_CLIMIT_NOT_MEASURED,
	RM_CLIMIT_NOT_LIMITED,
	RM_CLIMIT_LIMITED
};

struct rm_climit_cell {
	enum rm_climit_verdict verdict;
	char reasons[64];        /* "cpu", "shared-cpu,nic", ... ("" when not limited) */
	double cpu_max, nic_max; /* NAN when none */
};

struct rm_climit_leader {
	int blocked, shared_cpu;
	char by[128];     /* the blocking subjects' ids, comma-separated */
	char reasons[64]; /* their reasons */
};

/* One run of aggregate.json's runs[] with a client record or request phases. */
struct rm_climit_run {
	char path[256], subject[64], op[16];
	uint64_t size;
	int concurrency, cycle, measured, limited, included;
	char reasons[64];
	double cpu, collector, other, tx, rx, speed, retrans; /* NAN when none */
	char nic[32];
	int has_phases;
	double ph[6]; /* dns connect tls send wait transfer: mean_all_ms */
	double rtt_ms, wait_p50, reused_share;
};

struct rm_climit {
	struct rm_climit_cell *cells;     /* m->ncells entries */
	struct rm_climit_leader *leaders; /* m->nleaders entries */
	struct rm_climit_run *runs;
	size_t nruns;
	size_t nruns_total, nruns_unmeasured; /* runs[] entries; of them without a record */
	int any_measured, any_limited, any_phases;
};

/* model_climit_names: a JSON array of strings (a reasons list) as "a,b" into buf of n
 * bytes ("" when a is not an array; names that do not fit are left out). */
void model_climit_names(const json_t *a, char *buf, size_t n);

/* model_load_climit: m->climit from root (always allocated; NULL only on failure, -1
 * with a message). */
int model_load_climit(struct report_model *m, json_t *root, struct err *e);
void model_free_climit(struct report_model *m);

#endif

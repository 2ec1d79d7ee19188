/* core/results/results_climit.h: the client-limit verdicts and request phases of
 * aggregate.json (docs/FORMATS.md, "Client limits and request phases"): each cell's verdict
 * over its runs, each leader's blocking, each run's client resources and the means of its
 * request phases. The reasons are bits of core/climit.h (CLIMIT_R_*). Files without them
 * (older, or from Warp's logs) read as "not measured". */
#ifndef CORE_RESULTS_CLIMIT_H
#define CORE_RESULTS_CLIMIT_H

#include <stddef.h>

#include <jansson.h>

#include "core/jnum.h"
#include "core/jread.h"
#include "core/summary.h"

struct results;

enum results_verdict {
	RESULTS_NOT_MEASURED, /* "not measured" (absent too) */
	RESULTS_NOT_LIMITED,  /* "not limited" */
	RESULTS_LIMITED       /* "limited" */
};

/* cells[].client_limit: the verdict over the cell's runs. */
struct results_cell_climit {
	enum results_verdict verdict;
	long long measured, limited_runs; /* runs with a client record; of them limited */
	unsigned reasons;
	double cpu_busy_pct_max, nic_pct_max;
};

/* leaders[].client_limit: whether a limited client blocks the lead. */
struct results_leader_climit {
	int blocked;
	int *blocked_by; /* subjects whose limited cells block it */
	size_t n_blocked_by;
	unsigned reasons;
	int shared_cpu, leader_limited;
};

/* runs[].client: the run's client resources over its kept window (else its benchmark),
 * copied from its run.json's client record: each number as that record wrote it. */
struct results_run_client {
	char *host;
	struct jnum_copy cores, cpu_busy_pct, collector_cpu_pct, other_cpu_pct;
	char *nic;
	struct jnum_copy nic_speed_mbit, nic_tx_mbit_s, nic_rx_mbit_s, tcp_retrans_pct;
	int shares_cpu;
};

/* runs[].request_phases: the mean of each phase over all successful requests (ms, in
 * req_phase_name's order) and the medians behind the round trip. */
struct results_phases {
	double mean_ms[RPH_COUNT];
	double connect_p50, tls_p50, wait_p50, rtt_ms, reused_share;
};

/* results_verdict_name: "not measured", "not limited", "limited". */
const char *results_verdict_name(enum results_verdict v);

/* results_reasons_from_json: o.key, an array of client-limit reason names (absent or
 * null: none), into *bits by core/climit.h's reader; r names the field at fault. 0 or -1. */
int results_reasons_from_json(struct jread *r, const json_t *o, const char *where, const char *key,
			      unsigned *bits);

/* The functions of each record, as results_head.h says. A cell's or a leader's
 * client_limit reads from a value that may be NULL (absent: not measured, not blocked). */
json_t *results_cell_climit_to_json(const struct results_cell_climit *c);
int results_cell_climit_from_json(struct jread *r, const json_t *o, const char *where,
				  struct results_cell_climit *c);

json_t *results_leader_climit_to_json(const struct results_leader_climit *c,
				      const struct results *doc);
int results_leader_climit_from_json(struct jread *r, const json_t *o, const char *where,
				    struct results_leader_climit *c);
void results_leader_climit_free(struct results_leader_climit *c);

json_t *results_run_client_to_json(const struct results_run_client *c);
int results_run_client_from_json(struct jread *r, const json_t *o, const char *where,
				 struct results_run_client *c);
void results_run_client_free(struct results_run_client *c);

json_t *results_phases_to_json(const struct results_phases *p);
int results_phases_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_phases *p);

#endif

/* core/climit.h: was the client, not the provider, the limit of a run? The one rule,
 * judged from a run's "client" record (core/runrec/runrec_clientres.h) and its summary: collect writes the verdict as
 * run.json's "client_limit", analyze judges each run again with its own thresholds. The
 * reasons (cpu, shared-cpu, nic, workers) and the degraded network: docs/METHODOLOGY.md,
 * "Was the client the limit?". */
#ifndef CORE_CLIMIT_H
#define CORE_CLIMIT_H

#include <jansson.h>
#include <stdint.h>

#include "core/err.h"
#include "core/runrec/runrec_clientres.h"
#include "core/summary.h"

#define CLIMIT_CPU_PCT 90.0
#define CLIMIT_NIC_PCT 90.0
#define CLIMIT_RETRANS_PCT 1.0

struct climit_thresholds {
	double cpu_pct, nic_pct, retrans_pct;
};

/* The reasons, as bits of climit_verdict.reasons. */
enum {
	CLIMIT_R_CPU = 1,
	CLIMIT_R_SHARED_CPU = 2,
	CLIMIT_R_NIC = 4,
	CLIMIT_R_WORKERS = 8,
	CLIMIT_R_LATE_SENDS = 16, /* a rate step's sends went out late with no other cause:
				   * set by analyze's rate steps, never by climit_judge */
	CLIMIT_R_COUNT = 5
};

struct climit_verdict {
	int limited;
	unsigned reasons;     /* CLIMIT_R_* */
	int degraded_network; /* retransmits above the threshold */
	/* the figures behind it (nic_pct < 0: no known speed; busiest_thread_pct < 0:
	 * not recorded; late_slots < 0: not a rate run or not recorded) */
	double cpu_busy_pct, nic_pct, tcp_retrans_pct;
	double busiest_thread_pct; /* the busiest collector thread, % of one core */
	int thread_absent;         /* read from a record without it: written without it again */
	int64_t late_slots;
	struct climit_thresholds t;
};

/* climit_defaults: 90 %, 90 %, 1 %. */
void climit_defaults(struct climit_thresholds *t);

/* climit_reason_name: "cpu", "shared-cpu", "nic", "workers", "late-sends" for one CLIMIT_R_* bit
 * (NULL otherwise). */
const char *climit_reason_name(unsigned bit);

/* climit_judge: the verdict of a run from its "client" record (NULL: not measured,
 * returns 0 and leaves *v zeroed) and its summary's rate figures (NULL: not a rate run)
 * with the thresholds t (NULL: the defaults); workers_cap is the most workers the run
 * could use (0: not known). Returns 1 when judged, 0 when not measured, -1 with a message
 * when the record has no window with cpu_busy_pct. */
int climit_judge(const struct runrec_clientres *client, const struct rate_summary *rate,
		 int workers_cap, const struct climit_thresholds *t, struct climit_verdict *v,
		 struct err *e);

/* climit_rejudge: climit_judge of a client record whose rate figures are not at hand (a
 * distributed run's client, whose own summary analyze does not keep): the record judged
 * with t, the workers reason and late_slots taken from `recorded`, the verdict it was
 * written with (NULL: none). Returns as climit_judge. */
int climit_rejudge(const struct runrec_clientres *client, const struct climit_verdict *recorded,
		   const struct climit_thresholds *t, struct climit_verdict *v, struct err *e);

/* climit_combine: client verdict c folded into *run, the verdict of a distributed run,
 * which is limited when any of its clients is (first: *run is c): reasons and degraded
 * the union, each figure the highest (late_slots the sum of those known), thresholds c's. */
void climit_combine(struct climit_verdict *run, const struct climit_verdict *c, int first);

/* climit_to_json: the run.json "client_limit" record of v (new reference).
 * climit_from_json: such a record j into *v (zeroed first); -1 with "field PATH.KEY: ..."
 * in e (path: j's own, "client_limit"). */
json_t *climit_to_json(const struct climit_verdict *v);
int climit_from_json(const json_t *j, const char *path, struct climit_verdict *v, struct err *e);

/* climit_reasons_json: the reasons of the bit set as an array of names (new reference).
 * climit_reasons_from_json: such an array a into *bits (zeroed first); -1 with "field
 * PATH: expected an array" or "field PATH[i]: not a known name" in e. */
json_t *climit_reasons_json(unsigned reasons);
int climit_reasons_from_json(const json_t *a, const char *path, unsigned *bits, struct err *e);

#endif

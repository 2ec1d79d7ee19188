/* tests/tools/gen_truth/sim.h: one SYNTHETIC run of a truth scenario written as collect
 * writes it: the requests simulated, their summary computed by core/summary from the rows
 * (as collect does), the client machine's record and its verdict (core/climit.h), and
 * run.json through core/runrec. No ops log is written: the summary carries the histograms.
 * Nothing in it is a measurement. */
#ifndef GEN_TRUTH_SIM_H
#define GEN_TRUTH_SIM_H

#include <stdint.h>

#include "core/err.h"
#include "core/price.h"

/* The campaign every run of a scenario belongs to. */
struct sim_gen {
	const char *out;          /* the data directory */
	const char *name;         /* campaign name (the scenario's) */
	int cycles;               /* campaign.cycles */
	double seconds;           /* each run's benchmark span */
	double p99_limit_ms;      /* campaign.p99_limit_ms (rate sweeps) */
	const char *cost_example; /* campaign cost_example; NULL: none */
	uint64_t rng;             /* xorshift state */
};

struct sim_subject {
	const char *id;
	const char *payload;         /* workload.send payload; NULL: the default */
	const struct prices *prices; /* NULL: not priced */
	const char *sse;             /* workload.send sse; NULL: none */
};

/* One run. A closed-loop run (rate 0): conc workers, each request lasting conc x size /
 * (target MiB/s) (size 0: conc / target obj/s, 100 objects a request), jittered +-10 %;
 * wait_frac of it waiting for the first byte, rtt_frac of it the path's round trip. A rate
 * run: slots at 1 / rate s, started by the first of `workers` workers free (late when none
 * is), late_share of them late_ms late besides; each request served in service_ms
 * (+-30 %); above capacity req/s (0: none) a share (rate - capacity) / rate answered 503
 * at once; with retries = N each throttled attempt sent again at once, up to N times,
 * each attempt throttled alike (its rows "K+" and "K", the final one from the first
 * attempt's start: collect's retries). */
struct sim_run {
	const struct sim_subject *subj;
	int cycle; /* 0: a one-off run (runs/once) */
	const char *op;
	uint64_t size;
	int conc;
	double target;              /* closed loop: MiB/s, or obj/s when size is 0 */
	double wait_frac;           /* 0: 0.3 */
	double rtt_frac;            /* 0: 0.1 */
	double err503;              /* closed loop: the share of requests answered 503 */
	double cpu_pct;             /* the client's CPU busy; 0: 20 */
	double nic_share;           /* the share of the NIC's speed the run's bytes took; 0: 0.1 */
	int clients;                /* > 1: a distributed run of that many clients (MPI ranks) */
	const double *client_share; /* each client's share of the run's throughput */
	const char *size_spec;      /* a closed loop's sizes spec (a workload cell); NULL: none */
	int mix_put;                /* > 0: a closed-loop mixed run (op "mixed"), each request a
				       PUT with this weight, a GET with 100 - it */
	double rate;
	int workers;
	double service_ms, late_share, late_ms, capacity;
	int retries; /* workload.retries (a rate run's) */
};

/* sim_uniform: a uniform draw in [0, 1) from g's stream. sim_lognormal: a factor of mean
 * about 1 whose log has SD sqrt(ln(1 + cv^2)) (cv 0: 1). */
double sim_uniform(struct sim_gen *g);
double sim_lognormal(struct sim_gen *g, double cv);

/* sim_run: run r of g written at OUT/runs/cycle-NN/SUBJECT/NAME/run.json (a one-off:
 * runs/once/...). -1 with a message. */
int sim_run(struct sim_gen *g, const struct sim_run *r, struct err *e);

#endif

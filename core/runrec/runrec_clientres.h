/* core/runrec/runrec_clientres.h: run.json's "client" record, the client machine's
 * resources around a run's benchmark phase (docs/FORMATS.md, "client and client_limit";
 * how each figure is computed: docs/METHODOLOGY.md, "Was the client the limit?"); a
 * distributed run has one per client in its "clients" record.
 *
 * The record holds its strings (a host name, an interface name): no pointer into
 * anything else, so it can be copied whole. */
#ifndef CORE_RUNREC_CLIENTRES_H
#define CORE_RUNREC_CLIENTRES_H

#include <jansson.h>
#include <stdint.h>

#include "core/err.h"

#define RUNREC_NULL_INT INT64_MIN /* an integer member that is null (or left out) */
#define RUNREC_CORES_MAX 256
#define RUNREC_IFNAME_MAX 32

/* One span of samples: "window.benchmark" or "window.kept". The NIC figures are null
 * (RUNREC_NULL_INT, NaN) when the interface is not known. */
struct runrec_window {
	uint64_t absent; /* members absent from the file read (core/runrec/runrec_field.h) */
	double seconds, cpu_busy_pct;
	int n_cores;
	double core_busy_pct[RUNREC_CORES_MAX]; /* cpu_busy_per_core_pct */
	double collector_cpu_pct, other_cpu_pct;
	double busiest_thread_pct; /* the collector's busiest thread, % of one core; NaN: null */
	int64_t nic_tx_bytes, nic_rx_bytes;  /* RUNREC_NULL_INT: null */
	double nic_tx_mbit_s, nic_rx_mbit_s; /* NaN: null */
	int64_t tcp_out_segs, tcp_retrans_segs;
	double tcp_retrans_pct;
};

/* "nic": the interface holding the connections' local address and its speed. */
struct runrec_nic {
	uint64_t absent;
	char name[RUNREC_IFNAME_MAX]; /* "": null */
	double speed_mbit;            /* NaN: null (speed_source "unknown") */
	int speed_integer;            /* speed_mbit is written as an integer (sysfs's) */
	char speed_source[16];        /* "sysfs", "campaign", "environment", "unknown" */
};

struct runrec_clientres {
	uint64_t absent;
	char host[256];
	int64_t cores;
	struct runrec_window benchmark; /* window.benchmark */
	int has_kept;                   /* 0: window.kept is null */
	struct runrec_window kept;
	struct runrec_nic nic;
	int endpoint_local, shares_cpu;
	int64_t samples;
	double realtime_drift_ms;
	int64_t realtime_priority; /* RUNREC_NULL_INT: absent (not a rate run) */
};

/* runrec_clientres_to_json: the "client" object of c (new reference; NULL when out of
 * memory). runrec_clientres_from_json: j into *c (zeroed first); path names j in the
 * messages ("client", "clients.list[1].client"). -1 with "field PATH.KEY: ..." in e. */
json_t *runrec_clientres_to_json(const struct runrec_clientres *c);
int runrec_clientres_from_json(const json_t *j, const char *path, struct runrec_clientres *c,
			       struct err *e);

/* runrec_clientres_window: the window a verdict reads: kept when there is one, else
 * benchmark. */
const struct runrec_window *runrec_clientres_window(const struct runrec_clientres *c);

/* The members whose presence a reader asks: their index in the codec's tables (a member
 * absent from the file read holds 0, which is no figure). */
enum runrec_window_member {
	RUNREC_WINDOW_CPU = 1,       /* cpu_busy_pct */
	RUNREC_WINDOW_COLLECTOR = 3, /* collector_cpu_pct */
	RUNREC_WINDOW_OTHER = 4,     /* other_cpu_pct */
	RUNREC_WINDOW_RETRANS = 12   /* tcp_retrans_pct */
};
enum runrec_clientres_member {
	RUNREC_CLIENTRES_HOST = 0, /* host */
	RUNREC_CLIENTRES_CORES = 1 /* cores */
};

/* runrec_window_has, runrec_clientres_has: the member m was not absent from the file read
 * (a record a writer filled has every member). */
int runrec_window_has(const struct runrec_window *w, enum runrec_window_member m);
int runrec_clientres_has(const struct runrec_clientres *c, enum runrec_clientres_member m);

#endif

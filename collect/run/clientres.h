/* collect/run/clientres.h: the client machine's resources around a run's benchmark phase
 * (run.json "client", docs/FORMATS.md; how each figure is computed: docs/METHODOLOGY.md,
 * "Was the client the limit?").
 *
 * In the run's child, a sampler thread reads /proc/stat (jiffies per core), the
 * process's own CPU (getrusage), /proc/net/dev (bytes per interface) and /proc/net/snmp
 * (Tcp OutSegs, RetransSegs) every CLIENTRES_PERIOD_MS while the benchmark runs, and
 * once at its start and its end. Afterwards the figures are taken over two spans: the
 * whole benchmark phase, and the kept window (the summary's kept segments: the samples
 * nearest inside its bounds). The interface is the one holding the connections' local
 * address; its speed comes from this client's own S3BENCH_CLIENT_NIC when set (under
 * mpirun or srun each rank reads its own: clientres_own_nic), else from the campaign
 * (client_nic / --client-nic) when given, else /sys/class/net/IF/speed when it reports one. */
#ifndef COLLECT_CLIENTRES_H
#define COLLECT_CLIENTRES_H

#include <stdint.h>

#include "core/err.h"
#include "core/runrec/runrec_clientres.h"

#define CLIENTRES_PERIOD_MS 250

struct clientres;

/* The environment variable that gives one client's own NIC speed (a bit rate, "10Gbit"). */
#define CLIENTRES_NIC_ENV "S3BENCH_CLIENT_NIC"

/* What the campaign (or this client's environment) says of the client (all optional). */
struct clientres_opts {
	double nic_mbit; /* client_nic / --client-nic in Mbit/s, or this client's own
			    S3BENCH_CLIENT_NIC (nic_own 1); 0: not given */
	int nic_own;     /* 1: nic_mbit is the client's own (speed_source "environment") */
	int shares_cpu;  /* client_shares_cpu = yes: the endpoint runs on this machine */
};

/* clientres_own_nic: this process's own NIC speed from CLIENTRES_NIC_ENV: when set and not
 * empty, o->nic_mbit is it and o->nic_own 1 (over the campaign's client_nic and
 * --client-nic); unset or empty: o unchanged. 0, or -1 with a message naming the variable
 * when its value is not a bit rate (o unchanged). */
int clientres_own_nic(struct clientres_opts *o, struct err *e);

/* clientres_nic_speed: the speed in Mbit/s of the NIC holding local_ip ("" or NULL: none
 * known) as a run's record would give it: o's nic_mbit when set (o may be NULL), else
 * /sys/class/net/IF/speed; 0 when unknown. Its speed_source ("environment", "campaign",
 * "sysfs", "unknown") into source. */
double clientres_nic_speed(const struct clientres_opts *o, const char *local_ip, char source[16]);

/* clientres_start: the first sample and the sampler thread; NULL when out of memory or
 * /proc/stat cannot be read (the run then has no client record). */
struct clientres *clientres_start(void);

/* clientres_stop: the last sample; the thread joined. */
void clientres_stop(struct clientres *c);

/* clientres_record: run.json's "client" record (core/runrec/runrec_clientres.h) into
 * *out for a run whose connections went from local_ip to peer_ip ("" when not known) and
 * whose kept segments span [kept_start_mono, kept_end_mono) on CLOCK_MONOTONIC, the
 * samples' clock (0 both: none, the kept window is null); its clock figures are the
 * runner's (realtime_drift_ms 0, realtime_priority left out). 0, or -1 when c is NULL or
 * holds fewer than two samples (no record). Call after clientres_stop. */
int clientres_record(const struct clientres *c, const struct clientres_opts *o,
		     const char *local_ip, const char *peer_ip, int64_t kept_start_mono,
		     int64_t kept_end_mono, struct runrec_clientres *out);

/* clientres_free: release c (NULL is fine). */
void clientres_free(struct clientres *c);

#endif

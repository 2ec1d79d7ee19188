/* collect/run/clients.h: run.json's "clients" object (docs/FORMATS.md): who produced a
 * run's rows. A single-machine run has one client; a distributed run (collect/cluster/distrib.h)
 * one per MPI rank. */
#ifndef COLLECT_CLIENTS_H
#define COLLECT_CLIENTS_H

#include <jansson.h>
#include <stdint.h>

#include "collect/run/clientid.h"
#include "core/err.h"
#include "core/errclass.h"
#include "core/runrec/runrec.h"
#include "core/summary.h"

/* One client of a run. */
struct client_result {
	int rank;
	char host[256];
	char client_id[CLIENT_ID_LEN + 1];
	double offset_s, rtt_s; /* its clock minus rank 0's, and the round trip measured */
	int complete;           /* its benchmark finished with a summary */
	enum err_class cls;     /* EC_NONE: no error */
	char reason[512];       /* why it failed ("" when complete) */
	const json_t *summary;  /* borrowed: its own rows' run.json summary, or NULL */
	const struct runrec_clientres *client; /* borrowed: its machine's record, or NULL */
};

/* clients_busiest: the "client" record of the client whose machine was the busiest (the
 * highest cpu_busy_pct of its kept window, else of its benchmark phase), a distributed
 * run's top-level record (borrowed from c); NULL when none has one. Its verdict is every
 * client's (collect/run/runjson.c). */
const struct runrec_clientres *clients_busiest(const struct client_result *c, int n);

/* A run's "clients" record (core/runrec/runrec.h) and the texts it points into: what a
 * runner hands run_one (collect/run/run_one.h) for run.json. */
struct run_clients {
	struct runrec_clients rec;
	struct client_result *c; /* owned copies of the clients: rec's host, client_id and
				    reason point into them (their summary and client NULL) */
};

/* clients_record: the record of the n clients c[0..n-1], each running `concurrency`
 * workers, into *out: count, concurrency_total, hosts and list; a client's "summary" the
 * brief of its own summary (null when it has none), its "client" its machine's record and
 * "client_limit" that record's verdict (core/climit.h; both absent without a record).
 * c's summaries and records are read now, not kept. 0, or -1 with a message when out of
 * memory (*out then zeroed). Release *out with clients_clear. */
int clients_record(const struct client_result *c, int n, int concurrency, struct run_clients *out,
		   struct err *e);

/* clients_clear: free what r owns and zero it (a zeroed struct is fine). */
void clients_clear(struct run_clients *r);

/* clients_merge_logs: the rows of the clients' ops logs in[0..n-1] (NULL entries and
 * missing files are skipped: a client that failed before its log) written as one log
 * at `out` with the columns cols (the run's, workload_log_columns: a retried attempt
 * stays one, not a request) (core/opslog.h: rows in start order, equal starts in the
 * order of in[], idx renumbered from 0, every row keeping its client_id; a row's conn_id
 * gets its client's index in in[], its rank, times 10^13: docs/FORMATS.md), then read
 * back into the summary
 * of all rows, which *sum receives (release with summary_clear) when *has_sum is 1;
 * *has_sum is 0 when no row succeeded. *rows: the rows written. -1 with a message
 * naming the file at fault (out is then not written). */
struct opslog_writer_opts;
int clients_merge_logs(const char *const *in, int n, const char *out,
		       const struct opslog_writer_opts *cols, struct run_summary *sum, int *has_sum,
		       uint64_t *rows, struct err *e);

#endif

/* analyze/read/runlog_clients.h: run.json's "clients" object (distributed runs, docs/FORMATS.md):
 * how many MPI ranks (clients) ran the benchmark, on which hosts, and each client's
 * own summary. A run.json without "clients" (older files, Warp imports) is one client.
 *
 * Only what analyze uses is kept: the count, the total concurrency, the host of each
 * rank, each client's MiB/s and obj/s, and its machine's record and verdict (a
 * distributed run is judged on every client: analyze/cells/climit_cells.h). The file is
 * read by core/runrec/runrec.h. */
#ifndef ANALYZE_RUNLOG_CLIENTS_H
#define ANALYZE_RUNLOG_CLIENTS_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "core/runrec/runrec.h"

struct runlog_client {
	int rank;            /* 0 .. count - 1 */
	char *host;          /* the rank's host name */
	int has_summary;     /* 0: "summary" was null (the client produced no numbers) */
	double mib_s, obj_s; /* summary.mib_s / obj_s; NaN when has_summary is 0 */
	/* its machine's record ("client", owned; NULL: none) and the verdict collect wrote
	 * with it ("client_limit"; has_limit 0: none) */
	struct runrec_clientres *client;
	int has_limit;
	struct climit_verdict limit;
};

struct runlog_clients {
	int count;                  /* ranks; 0 when run.json has no "clients" (read as 1) */
	int concurrency_total;      /* workers of all clients; 0 when absent */
	char **hosts;               /* count host names, by rank; NULL when absent */
	struct runlog_client *list; /* the "list" entries, in file order */
	size_t n_list;
};

/* runlog_clients_from: run.json's clients record rc (core/runrec/runrec.h, which has
 * checked its fields; NULL: the file had none, *out zeroed: one client) into *out. -1 with
 * a message when out of memory (*out then cleared). The caller releases a successful
 * result with runlog_clients_clear. */
int runlog_clients_from(const struct runrec_clients *rc, struct runlog_clients *out, struct err *e);

/* runlog_clients_count: c's client count, 1 when the file had no "clients". */
int runlog_clients_count(const struct runlog_clients *c);

/* runlog_clients_clear: free what *c owns and zero it (a zeroed struct is fine). */
void runlog_clients_clear(struct runlog_clients *c);

#endif

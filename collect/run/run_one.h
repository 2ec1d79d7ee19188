/* collect/run/run_one.h: one run in its directory, as `collect run` and campaign mode
 * carry it out: its key prefix recorded (collect/run/leftover.h), the run itself by a
 * runner (one client here, or the distributed collector's), then its run.json written
 * and the directory's temporary files removed (docs/FORMATS.md, "Raw run logs"). */
#ifndef COLLECT_RUN_ONE_H
#define COLLECT_RUN_ONE_H

#include <jansson.h>
#include <signal.h>

#include "collect/run/clients.h"
#include "collect/run/progress.h"
#include "collect/run/runjson.h"
#include "collect/run/runner.h"
#include "core/err.h"

/* What carries out a run: runner_exec (collect/run/runner.h) with one client, or the
 * distributed collector's (collect/cluster/distrib.h). exec runs job as runner_exec does,
 * fills *rr (released by the caller with runner_result_clear), leaves the run's
 * ops.tsv.zst in job->dir and puts its run.json "clients" record (collect/run/clients.h,
 * clients_record; released by the caller with clients_clear) in *clients. 0, or -1 with a
 * message when the run could not be carried out (*clients then zeroed). */
struct run_one_runner {
	int (*exec)(void *arg, const struct runner_job *job, struct runner_result *rr,
		    struct run_clients *clients, struct err *e);
	void *arg;
	int clients; /* the clients each run goes to (each with the run's concurrency) */
};

/* run_one_rate_verdict: the plain words of rate run r's verdict (cap: its worker cap):
 * "sustained"; "not sustained by the server (errors)" when more than 1 % of the slots
 * were answered with an error; "not sustained: client-limited (workers)" when slots went
 * out late for want of a free worker (late_no_worker > 0) with the workers at their cap
 * (peak_workers >= cap); else "not sustained: the client sent late" (below the cap an idle
 * worker was there: the client's own scheduling, CPU). A static string. */
const char *run_one_rate_verdict(const struct rate_summary *r, int cap);

#define RUN_ONE_UNRECORDED (-2) /* run_one: the output directory took no record */

/* run_one: one run of tmpl's subject and workload in `dir` (prepared and empty but for
 * the key prefix file this writes first), under `prefix` in the bucket, then its
 * run.json (a run that failed writing its logs, class local-io, has its partial
 * ops.tsv.zst removed first, and an error text says so). close_fd: the lock the run's child closes; pg: live progress or NULL;
 * runner: NULL for one client on this machine. A complete rate run that did not hold its
 * rate says so, on pg (or stderr when NULL): "collect: DIR: target rate 500/s not
 * sustained: client-limited (workers): achieved 430/s" (run_one_rate_verdict's words; it
 * stays a valid run). Returns 0 complete, 1 failed (recorded), RUN_ONE_UNRECORDED when
 * the key prefix file or run.json could not be written for the disk (full, over quota,
 * read-only, failing), -1 when the run could not be carried out or its record built or
 * written otherwise (out of memory; message in e either way). rr is filled either way: release it with
 * runner_result_clear. */
int run_one(const struct runjson_input *tmpl, const char *dir, const char *prefix, int close_fd,
	    volatile sig_atomic_t *stop, struct progress *pg, const struct run_one_runner *runner,
	    struct runner_result *rr, struct err *e);

#endif

/* collect/run/runner.h: one run in its own child process, under a wall-clock limit.
 *
 * runner_exec records where the run's prefix lives (RUNDIR/.subject.json,
 * collect/run/leftover.h: for the sweep after a kill), then forks. The child (runner.c's
 * child body) builds the subject's credentials and S3 client, opens RUNDIR/ops.tsv.zst,
 * runs engine_prepare / engine_benchmark / engine_cleanup, writes RUNDIR/.state.json after
 * each phase change (so the parent knows how far it got even if it dies) and sends the
 * engine's live counters through a pipe. The parent relays those counters to on_live,
 * kills the child with SIGKILL past the time limit, forwards a stop request (SIGTERM, then
 * SIGKILL after a grace period), reaps it, reads the state file and classifies the run:
 *   killed by the time limit        -> timeout
 *   stopped by SIGINT/SIGTERM       -> killed (wrapper.interrupted; --resume redoes it)
 *   killed by another signal        -> killed
 *   ended without its final result  -> crashed (local-io when the child said it could
 *                                      not write it: exit code RUNNER_EXIT_LOCAL_IO)
 *   else the child's class (engine class; a failed prepare is prepare-failed unless the
 *   service could not be reached (dns, connect, tls, auth, unavailable); a benchmark
 *   whose every request failed to connect is unavailable).
 * A run is complete when its benchmark phase finished with a summary (even if cleanup
 * then failed or the time limit hit during cleanup). When the child was killed before
 * its cleanup (and the collector is not being stopped, and the workload does not keep
 * its objects), a second child runs engine_cleanup for the run's prefix under the
 * run's limit (60 s at most); st.phase[PHASE_CLEANUP] tells how that went, and a
 * failure adds an error text naming the prefix (only when the job's phases include
 * cleanup). The caller writes run.json. */
#ifndef COLLECT_RUNNER_H
#define COLLECT_RUNNER_H

#include <signal.h>

#include "collect/campaign/campaign.h"
#include "collect/engine/engine.h"
#include "collect/run/clientres.h"
#include "collect/run/runjson.h"
#include "core/err.h"

struct creds;     /* collect/s3/creds.h */
struct s3_client; /* collect/s3/s3.h */

struct runner_job {
	const char *dir;                        /* run directory, existing and empty */
	const struct campaign_subject *subject; /* endpoint, bucket, credentials source */
	const struct workload *wl;
	double timeout_s;            /* wall-clock limit of the whole child */
	const char *prefix;          /* S3 key prefix unique to the run, ends in '/' */
	const char *client_id;       /* ops rows' client_id; NULL: the calling
					       process's (collect/run/clientid.h) */
	volatile sig_atomic_t *stop; /* set by the collector's SIGINT/SIGTERM handler */
	int close_fd;                /* a descriptor the child closes (lock), or -1 */
	/* called in the parent about once a second: live counters, or NULL when none came */
	void (*on_live)(const struct engine_live *live, void *arg);
	void *live_arg;
	/* A distributed run (collect/cluster/distrib.h) splits a run's phases between processes: */
	unsigned phases;          /* RUNNER_PREPARE | RUNNER_BENCHMARK |
					       RUNNER_CLEANUP: the phases this child runs
					       (the others are "skipped"); 0: all three */
	int64_t start_at_ns;      /* engine_opts.start_at_ns of the benchmark */
	const char *bench_prefix; /* the benchmark's key prefix (a client's own);
					       NULL: prefix */
	int n_shares;             /* > 0: prepare puts the objects in n_shares
					       parts as even as can be, part k under
					       share_prefix[k] (a distributed delete) */
	const char *const *share_prefix;
	int read_part, read_parts;    /* read_parts > 1: a get with reads = once reads only
				      part read_part of its objects (engine_opts) */
	struct clientres_opts client; /* what the campaign says of the client machine */
};

enum {
	RUNNER_PREPARE = 1,
	RUNNER_BENCHMARK = 2,
	RUNNER_CLEANUP = 4
};

struct runner_result {
	struct run_state st; /* what the child reported (owns st.summary) */
	struct run_wrapper wrapper;
	enum err_class cls; /* final class (EC_NONE: no error at all) */
	int complete;       /* benchmark done with a summary, not interrupted */
};

/* runner_exec: run job in a child (with job->client_id, or when NULL the id of the
 * calling process, not of the child) and fill *res (which the caller releases with
 * runner_result_clear). Returns 0 when the run was carried out, whatever its outcome,
 * and -1 with a message only when it could not be started (pipe/fork failure). */
int runner_exec(const struct runner_job *job, struct runner_result *res, struct err *e);
void runner_result_clear(struct runner_result *res);

#define RUNNER_EXIT_LOCAL_IO 3 /* the child could not write its final state file */

/* runner_child_body: the child's work, callable without a fork. Test seam
 * (tests/unit/test_runner.c); runner_exec runs it in the child. Writes the state
 * file as it goes; live counters go to live_fd when >= 0. Returns the child's exit code:
 * 0 when the benchmark produced a summary, 1 otherwise, RUNNER_EXIT_LOCAL_IO when its
 * final state file could not be written (a full disk). */
int runner_child_body(const struct runner_job *job, int live_fd);

#endif

/* collect/run/run_one.c: see run_one.h. */
#include "collect/run/run_one.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "collect/run/clientid.h"
#include "collect/run/clients.h"
#include "collect/run/leftover.h"
#include "collect/run/outdir.h"
#include "collect/workload.h"
#include "core/utf8.h"

static void live_cb(const struct engine_live *live, void *arg)
{
	progress_tick(arg, live);
}

/* one_client: runner_exec with this process's client id and own NIC speed
 * (S3BENCH_CLIENT_NIC), and its "clients" record. */
static int one_client(struct runner_job *job, struct runner_result *rr, struct run_clients *clients,
		      struct err *e)
{
	struct client_result c;

	memset(&c, 0, sizeof(c));
	if (gethostname(c.host, sizeof(c.host) - 1) != 0)
		snprintf(c.host, sizeof(c.host), "unknown");
	if (clientid_of_process(c.client_id, sizeof(c.client_id)) == 0)
		job->client_id = c.client_id;
	if (clientres_own_nic(&job->client, e) < 0) /* checked at the start (cmd_main) */
		return -1;
	if (runner_exec(job, rr, e) < 0)
		return -1;
	c.complete = rr->complete;
	c.cls = rr->cls;
	if (!rr->complete && rr->st.n_first > 0) {
		snprintf(c.reason, sizeof(c.reason), "%s", rr->st.first[0]);
		utf8_scrub(c.reason); /* cut at its size, maybe inside a character */
	}
	c.summary = rr->st.summary;
	return clients_record(&c, 1, job->wl->concurrency, clients, e);
}

const char *run_one_rate_verdict(const struct rate_summary *r, int cap)
{
	if (r->sustained)
		return "sustained";
	if ((double)(r->sent - r->failed) < 0.99 * (double)r->slots && r->failed > 0)
		return "not sustained by the server (errors)";
	if (r->late_no_worker > 0 && r->peak_workers >= cap)
		return "not sustained: client-limited (workers)";
	return "not sustained: the client sent late";
}

/* note_rate: the line of a rate run whose summary (core/summary.h) says the rate was not
 * sustained (cap: the run's worker cap). */
static void note_rate(const char *dir, const json_t *summary, int cap, struct progress *pg)
{
	struct run_summary s;
	const struct rate_summary *r = &s.rate;
	const char *v;
	char offered[32], text[96];

	if (summary_from_json(summary, &s, NULL) < 0)
		return;
	if (!s.has_rate || r->sustained)
		goto out;
	v = run_one_rate_verdict(r, cap);
	workload_format_rate(r->offered, offered, sizeof(offered));
	if (r->late_no_worker > 0)
		snprintf(text, sizeof(text), ", %lld slots late for want of a worker (%d of %d)",
			 (long long)r->late_no_worker, r->peak_workers, cap);
	else
		text[0] = '\0';
	if (pg != NULL)
		progress_note(pg, "collect: %s: target rate %s %s: achieved %.1f/s%s", dir, offered,
			      v, r->achieved, text);
	else
		fprintf(stderr, "collect: %s: target rate %s %s: achieved %.1f/s%s\n", dir, offered,
			v, r->achieved, text);
out:
	summary_clear(&s);
}

/* drop_log: a run that failed writing its logs (local-io) has no usable ops log: it is
 * removed (and its temporary files) so that run.json fits where the disk is full. */
static void drop_log(const char *dir, struct run_state *st)
{
	char path[4096];
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d != NULL && (de = readdir(d)) != NULL)
		if (strncmp(de->d_name, "ops.tsv.zst", 11) == 0 ||
		    strncmp(de->d_name, ".ops.tsv.zst.tmp.", 17) == 0) {
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			unlink(path);
		}
	if (d != NULL)
		closedir(d);
	run_state_add_error(st, "its partial ops.tsv.zst was removed, so that run.json could be "
				"written");
}

/* disk_error: a write that failed with message msg (which ends in strerror's words)
 * failed because of the disk: full, over quota, read-only or failing. */
static int disk_error(const char *msg)
{
	static const int codes[] = {ENOSPC, EDQUOT, EROFS, EIO};

	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
		if (strstr(msg, strerror(codes[i])) != NULL)
			return 1;
	return 0;
}

/* record_failed_write: run.json could not be written (e says why: a full disk): the run
 * is recorded again as failed, class local-io, without its ops log and summary (a few
 * KiB), its new record in *j. 0 when that record is written; -1 (e as it was) when not. */
static int record_failed_write(struct runjson_input *in, struct runner_result *rr, const char *dir,
			       json_t **j, struct err *e)
{
	struct err we;

	run_state_add_error(&rr->st, e->msg);
	drop_log(dir, &rr->st);
	rr->cls = in->cls = EC_LOCAL_IO;
	rr->complete = in->complete = 0;
	json_decref(*j);
	*j = runjson_build(in, &we);
	return *j != NULL && runjson_write(dir, *j, &we) == 0 ? 0 : -1;
}

int run_one(const struct runjson_input *tmpl, const char *dir, const char *prefix, int close_fd,
	    volatile sig_atomic_t *stop, struct progress *pg, const struct run_one_runner *runner,
	    struct runner_result *rr, struct err *e)
{
	struct runner_job job;
	struct runjson_input in = *tmpl;
	struct run_clients clients = {0};
	json_t *j = NULL;
	int rc = -1;

	/* the run's key prefix, for a later --resume to clean up after a killed collector
	 * (removed with the state file when the run is recorded) */
	if (leftover_write_prefix(dir, prefix, e) < 0)
		return disk_error(e->msg) ? RUN_ONE_UNRECORDED : -1;
	memset(&job, 0, sizeof(job));
	job.dir = dir;
	job.subject = tmpl->subject;
	job.wl = tmpl->wl;
	job.timeout_s = tmpl->timeout_s;
	job.prefix = prefix;
	job.stop = stop;
	job.close_fd = close_fd;
	job.client = tmpl->client;
	job.on_live = pg ? live_cb : NULL;
	job.live_arg = pg;
	if (runner != NULL ? runner->exec(runner->arg, &job, rr, &clients, e) < 0
			   : one_client(&job, rr, &clients, e) < 0)
		return -1;
	if (rr->cls == EC_LOCAL_IO && !rr->complete)
		drop_log(dir, &rr->st);
	in.clients = &clients.rec;
	in.st = &rr->st;
	in.wrapper = &rr->wrapper;
	in.cls = rr->cls;
	in.complete = rr->complete;
	j = runjson_build(&in, e);
	if (j == NULL) {
		err_prefix(e, "%s: run.json not written", dir);
		goto out;
	}
	if (runjson_write(dir, j, e) < 0) {
		/* a full or failing disk: recorded again, smaller; memory: as any failure */
		if (!disk_error(e->msg))
			goto out;
		if (record_failed_write(&in, rr, dir, &j, e) < 0) {
			rc = RUN_ONE_UNRECORDED;
			goto out;
		}
	}
	outdir_remove_temps(dir);
	if (rr->complete)
		note_rate(dir, rr->st.summary, workload_workers(tmpl->wl), pg);
	rc = rr->complete && rr->cls != EC_EXHAUSTED ? 0 : 1; /* exhausted: no valid run */
out:
	json_decref(j);
	clients_clear(&clients);
	return rc;
}

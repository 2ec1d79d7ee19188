/* collect/run/cmd_campaign.c: campaign mode (collect CAMPAIGN.ini): load and plan the
 * campaign, take the output directory, then every run of the plan in order (cli.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/campaign/campaign.h"
#include "collect/run/cli.h"
#include "collect/run/subject.h"
#include "collect/run/outdir.h"
#include "collect/run/subject.h"
#include "collect/campaign/plan.h"
#include "core/fsutil.h"
#include "core/summary.h"
#include "core/timefmt.h"

/* One campaign being collected. */
struct cctx {
	const struct campaign_args *a;
	volatile sig_atomic_t *stop;
	struct campaign *c;
	struct plan *p;
	struct outdir *od;
	struct progress *pg;
	char out[4096]; /* the output directory */
	int failed;     /* some run failed */
};

static uint64_t make_seed(void)
{
	uint64_t s = (uint64_t)time_now_ns() ^ ((uint64_t)getpid() << 32);

	return s % 1000000000000ULL; /* short enough to type back into a campaign */
}

/* recorded_failed: 1 when OUT/id/run.json says the run failed (or cannot be read). */
static int recorded_failed(const struct outdir *od, const char *id)
{
	struct runjson_status rs;
	char dir[4096];

	if (outdir_path(od, id, dir, sizeof(dir), NULL) < 0 ||
	    runjson_read_status(dir, &rs, NULL) < 0)
		return 1;
	return !rs.complete;
}

/* sweep_earlier: before a run is redone, delete what an earlier attempt left in the
 * bucket when that collector was killed (the prefix it recorded in RUNDIR/.prefix). Says
 * what happened on the progress output; a failure does not stop the campaign. */
static void sweep_earlier(const struct cctx *x, const struct plan_run *r, const char *dir)
{
	char path[4096], prefix[512];
	struct runner_job job;
	struct err e;
	FILE *f;
	size_t n;

	if (snprintf(path, sizeof(path), "%s/.prefix", dir) >= (int)sizeof(path) ||
	    (f = fopen(path, "r")) == NULL)
		return;
	n = fread(prefix, 1, sizeof(prefix) - 1, f);
	fclose(f);
	prefix[n] = '\0';
	/* only a prefix this collector writes: s3bench/.../ on one line */
	if (n < 10 || strncmp(prefix, "s3bench/", 8) != 0 || prefix[n - 1] != '/' ||
	    strpbrk(prefix, "\n\r") != NULL)
		return;
	memset(&job, 0, sizeof(job));
	job.dir = dir;
	job.subject = &x->c->subjects[r->subject];
	job.wl = &r->wl;
	job.timeout_s = r->timeout_s;
	job.prefix = prefix;
	job.stop = x->stop;
	job.close_fd = outdir_lock_fd(x->od);
	if (runner_sweep(&job, &e) == 0)
		progress_note(x->pg,
			      "collect: %s: removed what an unfinished earlier attempt "
			      "left under %s/%s",
			      r->id, job.subject->bucket, prefix);
	else
		progress_note(x->pg,
			      "collect: %s: %s: objects an unfinished earlier attempt "
			      "left may remain there",
			      r->id, e.msg);
}

static void report_end(struct progress *pg, const struct runner_result *rr)
{
	struct run_summary s;
	double mib = -1, obj = -1;

	if (rr->complete && summary_from_json(rr->st.summary, &s, NULL) == 0) {
		mib = s.mib_s;
		obj = s.obj_s;
		summary_clear(&s);
	}
	progress_run_end(pg,
			 rr->wrapper.interrupted ? "interrupted"
			 : rr->complete          ? "complete"
						 : "failed",
			 err_class_name(rr->cls), mib, obj, (unsigned long long)rr->st.errors,
			 rr->st.n_first ? rr->st.first[0] : NULL, rr->wrapper.elapsed_s);
}

/* load_plan: the campaign and its plan under the options; -1 after printing why not. */
static int load_plan(struct cctx *x)
{
	const struct campaign_args *a = x->a;
	struct plan_filter f;
	struct err e;
	char path[4096];

	x->c = campaign_load(a->campaign, &e);
	if (x->c == NULL || subject_profile_defaults(x->c, &e) < 0)
		goto fail;
	for (int i = 0; i < x->c->n_subjects; i++) {
		struct campaign_subject *s = &x->c->subjects[i];
		const char *ca = subject_ca_default(a->ca_bundle);

		char note[512];

		if (a->insecure)
			s->insecure = 1;
		if (subject_addressing_note(s, note, sizeof(note)) != NULL)
			fprintf(stderr, "collect: %s\n", note);
		if (s->ca_bundle == NULL && ca != NULL && (s->ca_bundle = strdup(ca)) == NULL) {
			err_set(&e, "out of memory");
			goto fail;
		}
	}
	if ((size_t)snprintf(x->out, sizeof(x->out), a->out ? "%s" : "out/%s",
			     a->out ? a->out : x->c->name) >= sizeof(x->out) - 64) {
		err_set(&e, "%s: output path too long", x->out);
		goto fail;
	}
	memset(&f, 0, sizeof(f));
	f.only = a->only;
	f.cycles = a->cycles;
	f.cycle = a->cycle;
	f.seed = make_seed();
	snprintf(path, sizeof(path), "%s/plan.tsv", x->out);
	/* a random order without a seed keeps the one of an earlier plan.tsv in DIR, so a
	 * resumed campaign and cycles run one by one (--cycle N) share one seed */
	if (x->c->order == CAMPAIGN_ORDER_RANDOM && !x->c->has_seed)
		plan_read_seed(path, &f.seed, NULL);
	x->p = plan_build(x->c, &f, &e);
	if (x->p == NULL)
		goto fail;
	return 0;
fail:
	fprintf(stderr, "collect: %s\n", e.msg);
	return -1;
}

/* open_out: take the output directory and write campaign.ini and plan.tsv there.
 * Returns an exit code (EXITCODE_OK to go on); messages on stderr. */
static int open_out(struct cctx *x)
{
	struct err e;
	char path[4096];
	char *tsv = NULL;
	size_t tsv_len = 0;
	FILE *mf;
	int orc, rc = EXITCODE_USAGE;

	orc = outdir_open(x->out, &x->od, &e);
	if (orc != 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return orc == OUTDIR_LOCKED ? EXITCODE_LOCKED : EXITCODE_USAGE;
	}
	if (!x->a->resume)
		for (int i = 0; i < x->p->n; i++)
			if (outdir_run_state(x->od, x->p->runs[i].id) != RUN_ABSENT) {
				fprintf(stderr,
					"collect: %s already holds %s of this plan; use "
					"--resume to go on, or another -o DIR\n",
					x->out, x->p->runs[i].id);
				return EXITCODE_USAGE;
			}
	mf = open_memstream(&tsv, &tsv_len);
	if (mf == NULL || plan_write_tsv(x->p, x->c, mf, &e) < 0) {
		if (mf)
			fclose(mf);
		fprintf(stderr, "collect: %s: cannot build plan.tsv\n", x->out);
		goto out;
	}
	fclose(mf);
	snprintf(path, sizeof(path), "%s/campaign.ini", x->out);
	if (outdir_copy_file(x->a->campaign, path, &e) < 0)
		goto fail;
	snprintf(path, sizeof(path), "%s/plan.tsv", x->out);
	if (fs_write_file(path, tsv, tsv_len, &e) < 0)
		goto fail;
	rc = EXITCODE_OK;
	goto out;
fail:
	fprintf(stderr, "collect: %s\n", e.msg);
out:
	free(tsv);
	return rc;
}

/* run_k: run k of the plan unless it is recorded already. -1 when its directory cannot
 * be prepared (a usage error: the campaign stops), else 0. */
static int run_k(struct cctx *x, int k)
{
	const struct plan_run *r = &x->p->runs[k];
	enum run_dir_state rs = outdir_run_state(x->od, r->id);
	struct runner_result rr;
	struct runjson_input in;
	struct err e;
	char prefix[PLAN_ID_MAX + 128], dir[4096];
	int one;

	if (rs == RUN_COMPLETE) {
		x->failed |= recorded_failed(x->od, r->id);
		return 0;
	}
	if (rs == RUN_INCOMPLETE && !r->wl.keep &&
	    outdir_path(x->od, r->id, dir, sizeof(dir), NULL) == 0)
		sweep_earlier(x, r, dir);
	if (outdir_prepare_run(x->od, r->id, dir, sizeof(dir), &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return -1;
	}
	snprintf(prefix, sizeof(prefix), "s3bench/%s/%s/%llx/", x->c->name, r->id + strlen("runs/"),
		 (unsigned long long)(time_now_ns() & 0xffffffffffffULL));
	memset(&in, 0, sizeof(in));
	in.campaign = x->c;
	in.cycle = r->cycle;
	in.subject = &x->c->subjects[r->subject];
	in.wl = &r->wl;
	in.timeout_s = r->timeout_s;
	in.client.nic_mbit = x->c->client_nic_mbit;
	in.client.shares_cpu = x->c->client_shares_cpu;
	progress_run_start(x->pg, k + 1, r->id, in.subject->id, &r->wl,
			   plan_total_expected(x->p, k + 1, NULL));
	one = cli_run_one(&in, dir, prefix, outdir_lock_fd(x->od), x->stop, x->pg, x->a->runner,
			  &rr, &e);
	if (one < 0) {
		progress_note(x->pg, "collect: %s", e.msg);
		x->failed = 1;
	} else {
		report_end(x->pg, &rr);
		x->failed |= one;
	}
	runner_result_clear(&rr);
	return 0;
}

int cmd_campaign(const struct campaign_args *a, volatile sig_atomic_t *stop)
{
	struct cctx x;
	int rc = EXITCODE_USAGE;

	memset(&x, 0, sizeof(x));
	x.a = a;
	x.stop = stop;
	if (load_plan(&x) < 0)
		goto out;
	if (a->dry_run) {
		plan_print(x.p, x.c, stdout);
		rc = EXITCODE_OK;
		goto out;
	}
	if ((rc = open_out(&x)) != EXITCODE_OK)
		goto out;
	x.pg = progress_new(stderr, isatty(STDERR_FILENO), x.p->n);
	if (x.pg == NULL) {
		fprintf(stderr, "collect: out of memory\n");
		rc = EXITCODE_USAGE;
		goto out;
	}
	for (int k = 0; k < x.p->n && !*stop; k++)
		if (run_k(&x, k) < 0) {
			rc = EXITCODE_USAGE;
			goto out;
		}
	if (*stop) {
		progress_note(x.pg, "collect: stopped; the current run is recorded as "
				    "interrupted; run again with --resume to go on");
		rc = EXITCODE_INTERRUPTED;
	} else if (x.failed) {
		rc = EXITCODE_PARTIAL;
	}
out:
	progress_free(x.pg);
	outdir_free(x.od);
	plan_free(x.p);
	campaign_free(x.c);
	return rc;
}

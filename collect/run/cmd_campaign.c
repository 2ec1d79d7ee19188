/* collect/run/cmd_campaign.c: campaign mode (collect CAMPAIGN.ini): load and plan the
 * campaign, take the output directory, then every run of the plan in order (cli.h; one
 * run: collect/run/run_one.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/plan.h"
#include "collect/run/autocycles.h"
#include "collect/run/budget.h"
#include "collect/run/cli.h"
#include "collect/run/estimate.h"
#include "collect/run/leftover.h"
#include "collect/run/outdir.h"
#include "collect/run/dataset.h"
#include "collect/run/preflight.h"
#include "collect/run/probing.h"
#include "collect/run/resume.h"
#include "collect/run/subject.h"
#include "collect/s3/s3_sse.h"
#include "core/fsutil.h"
#include "core/sweeplog.h"
#include "core/summary.h"
#include "core/timefmt.h"
#include "core/units.h"

/* One campaign being collected. */
struct cctx {
	const struct campaign_args *a;
	volatile sig_atomic_t *stop;
	struct campaign *c;
	struct plan *p;
	struct outdir *od;
	struct progress *pg;
	char out[4096];           /* the output directory */
	int failed;               /* some run failed */
	struct budget bg;         /* max_cost: the bound, the spend */
	struct estimate_opts est; /* --assume, --estimate-from */
	struct resume rs;         /* the plan's runs as the output directory holds them */
	struct autocycles judge;  /* cycles = auto: the stopping rule's figures */
};

static uint64_t make_seed(void)
{
	uint64_t s = (uint64_t)time_now_ns() ^ ((uint64_t)getpid() << 32);

	return s % 1000000000000ULL; /* short enough to type back into a campaign */
}

/* sweep_earlier: before run r is redone in dir, delete what an earlier attempt left in
 * its buckets when that collector was killed (collect/run/leftover.h; the campaign's
 * subject where the attempt recorded none). Says what happened on the progress output; a
 * failure does not stop the campaign. */
static void sweep_earlier(const struct cctx *x, const struct plan_run *r, const char *dir)
{
	struct leftover_swept sw;
	char root[4096];
	struct err e;
	int rc;

	if (outdir_path(x->od, ".", root, sizeof(root), &e) < 0)
		return;
	rc = leftover_sweep_earlier(dir, &x->c->subjects[r->subject], root, r->id, &sw, &e);
	if (rc == 1)
		return;
	if (sw.unbilled[0] != '\0')
		progress_note(x->pg, "collect: %s: its cleanup's requests are not billed: %s",
			      r->id, sw.unbilled);
	if (rc == 0)
		progress_note(x->pg,
			      "collect: %s: removed what an unfinished earlier attempt "
			      "left under %s/%s",
			      r->id, sw.bucket, sw.prefix);
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

/* open_out: take the output directory (without --resume it must hold no run of the
 * plan). Returns an exit code (EXITCODE_OK to go on); messages on stderr. */
static int open_out(struct cctx *x)
{
	struct err e;
	int orc;

	orc = outdir_open(x->out, &x->od, &e);
	if (orc != 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return orc == OUTDIR_LOCKED ? EXITCODE_LOCKED : EXITCODE_USAGE;
	}
	if (resume_read(x->od, x->c, x->p, x->a->redo_failed, &x->rs, &e) < 0) {
		fprintf(stderr, "collect: %s: %s\n", x->out, e.msg);
		return EXITCODE_USAGE;
	}
	if (x->a->resume) {
		char msg[ERR_MSG_MAX];
		if (resume_first_change(&x->rs, x->p, msg, sizeof(msg)) && !x->a->allow_changed) {
			fprintf(stderr,
				"collect: --resume: %s: %s; run the campaign as it is now into another "
				"-o DIR, or keep those runs beside the new ones with --allow-changed "
				"(plan.tsv's kept_as column then says how each was measured)\n",
				x->out, msg);
			return EXITCODE_USAGE;
		}
		resume_print(&x->rs, x->p, stderr);
		if (x->rs.changed > 0)
			fprintf(stderr,
				"collect: --resume --allow-changed: %d kept runs were measured "
				"otherwise than the campaign now says (plan.tsv's kept_as column says "
				"how); %s\n",
				x->rs.changed, msg);
		return EXITCODE_OK;
	}
	for (int k = 0; k < x->p->n; k++)
		if (x->rs.runs[k].what != RESUME_NEW) {
			const int *n = x->rs.count;
			fprintf(stderr,
				"collect: %s already holds %d runs of this plan (%s the first); use "
				"--resume to go on: it keeps the complete runs (%d) and the provider's "
				"failures (%d), and runs again those that failed for a reason you can "
				"fix (%d) and the incomplete ones (%d) (docs/CAMPAIGN.md, "
				"\"Resuming\"); or give another -o DIR\n",
				x->out, resume_recorded(&x->rs), x->p->runs[k].id, n[RESUME_KEEP],
				n[RESUME_KEEP_FAILED] + n[RESUME_REDO_FAILED], n[RESUME_FIX],
				n[RESUME_AGAIN]);
			return EXITCODE_USAGE;
		}
	return EXITCODE_OK;
}

/* write_tsv: plan.tsv into f, with the kept_as column when --allow-changed keeps runs
 * measured otherwise. 0, or -1 with a message. */
static int write_tsv(struct cctx *x, FILE *f, struct err *e)
{
	const char **kept_as = NULL;
	int rc;

	if (x->rs.changed > 0) {
		kept_as = calloc((size_t)x->p->n, sizeof(*kept_as));
		if (kept_as == NULL)
			return err_set(e, "out of memory");
		for (int k = 0; k < x->p->n; k++)
			kept_as[k] = x->rs.runs[k].changed;
	}
	rc = plan_write_tsv(x->p, x->c, kept_as, f, e);
	free(kept_as);
	return rc;
}

/* copy_trace: a [replay]'s trace into OUT/traces/ under its own name, beside campaign.ini
 * (an input of the results' manifest, so that --verify and bundles check it; run.json's
 * workload.replay.digest is its SHA-256). 0, or -1 with e set. */
static int copy_trace(const struct cctx *x, struct err *e)
{
	const char *src = x->c->replay.trace.path, *base;
	char path[4096];

	if (!x->c->replay.bench.enabled)
		return 0;
	base = strrchr(src, '/') != NULL ? strrchr(src, '/') + 1 : src;
	snprintf(path, sizeof(path), "%s/traces", x->out);
	if (fs_mkdirs(path, e) < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/traces/%s", x->out, base);
	return outdir_copy_file(src, path, e);
}

/* write_plan: campaign.ini and plan.tsv into the output directory. Returns an exit code
 * (EXITCODE_OK to go on); messages on stderr. */
static int write_plan(struct cctx *x)
{
	struct err e;
	char path[4096];
	char *tsv = NULL;
	size_t tsv_len = 0;
	FILE *mf;
	int rc = EXITCODE_USAGE;

	mf = open_memstream(&tsv, &tsv_len);
	if (mf == NULL || write_tsv(x, mf, &e) < 0) {
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
	if (fs_write_file(path, tsv, tsv_len, &e) < 0 || copy_trace(x, &e) < 0)
		goto fail;
	rc = EXITCODE_OK;
	goto out;
fail:
	fprintf(stderr, "collect: %s\n", e.msg);
out:
	free(tsv);
	return rc;
}

/* run_input: the run.json fields run r of the plan gives (the rest zeroed). */
static void run_input(const struct cctx *x, const struct plan_run *r, struct runjson_input *in)
{
	memset(in, 0, sizeof(*in));
	in->campaign = x->c;
	in->cycle = r->cycle;
	in->subject = &x->c->subjects[r->subject];
	in->wl = &r->wl;
	in->timeout_s = r->timeout_s;
	in->client.nic_mbit = x->c->client_nic_mbit;
	in->client.shares_cpu = x->c->client_shares_cpu;
}

/* add_spend: the run's bill (all its phases) at its subject's prices, those its run.json
 * records. */
static void add_spend(struct cctx *x, const struct plan_run *r, const struct run_state *st)
{
	struct bill_counts b;

	memset(&b, 0, sizeof(b));
	for (int k = 0; k < PHASE_COUNT; k++)
		if (st->billing.phases & (1u << k))
			bill_add(&b, &st->billing.bill[k]);
	budget_add(&x->bg, r->subject, &x->c->subjects[r->subject].prices, &b);
}

/* record_budget: run.json of a run not run because of max_cost: no phase reached, class
 * budget, status failed (analyze counts it as never run). 0, or -1 when the directory
 * cannot be written (the campaign stops). */
static int record_budget(struct cctx *x, const struct plan_run *r)
{
	struct run_state st;
	struct run_wrapper w;
	struct runjson_input in;
	struct err e;
	char dir[4096];
	json_t *j;
	int rc;

	if (outdir_prepare_run(x->od, r->id, dir, sizeof(dir), &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return -1;
	}
	run_state_init(&st);
	st.cls = EC_BUDGET;
	run_state_add_error(&st, "not run: the subject's spend had passed its max_cost");
	memset(&w, 0, sizeof(w));
	w.started_ns = w.ended_ns = time_now_ns();
	run_input(x, r, &in);
	in.st = &st;
	in.wrapper = &w;
	in.cls = EC_BUDGET;
	j = runjson_build(&in, &e);
	rc = j != NULL && runjson_write(dir, j, &e) == 0 ? 0 : -1;
	json_decref(j);
	if (rc < 0)
		fprintf(stderr, "collect: %s: cannot record run.json: %s\n", dir, e.msg);
	else
		outdir_remove_temps(dir);
	x->failed = 1; /* not every run of the plan was measured: exit 1 */
	return rc;
}

/* note_redo: the billing of the recorded attempt of run r that is run again now, as a
 * sweeps.json entry "by": "redo" (core/sweeplog.h: its requests stay in the bill). */
static void note_redo(struct cctx *x, const struct plan_run *r, const struct resume_run *rr)
{
	struct sweep_rec rec;
	struct err e;
	char root[4096];

	if (outdir_path(x->od, ".", root, sizeof(root), &e) < 0)
		return;
	memset(&rec, 0, sizeof(rec));
	snprintf(rec.run, sizeof(rec.run), "%s", r->id);
	snprintf(rec.subject, sizeof(rec.subject), "%s", x->c->subjects[r->subject].id);
	snprintf(rec.by, sizeof(rec.by), "redo");
	rec.bill = rr->bill;
	if (sweeplog_append(root, &rec, 1, &e) < 0)
		progress_note(x->pg, "collect: %s: the bill of its earlier attempt is lost: %s",
			      r->id, e.msg);
}

/* disk_stop: the output directory could not take run r's logs (class local-io, or its
 * record could not be written: what): say so, with the directory's free space. */
static void disk_stop(struct cctx *x, const struct plan_run *r, const char *what)
{
	struct statvfs vfs;
	char avail[32] = "?";

	if (statvfs(x->out, &vfs) == 0)
		units_format_size_human((uint64_t)vfs.f_bavail * vfs.f_frsize, avail,
					sizeof(avail));
	progress_note(x->pg, "collect: %s: the output directory %s cannot take the run's logs (%s)",
		      r->id, x->out, what);
	progress_note(x->pg,
		      "collect: stopped: the output disk is full or failing (local-io); %s has %s "
		      "free; free space and run again with --resume (it runs %s again)",
		      x->out, avail, r->id);
}

/* run_k: run k of the plan unless --resume keeps what is recorded of it (collect/run/
 * resume.h). -1 when its directory cannot be prepared (a usage error: the campaign stops),
 * 1 when the output directory could not take its logs (the campaign stops: disk_stop),
 * else 0. */
static int run_k(struct cctx *x, int k)
{
	const struct plan_run *r = &x->p->runs[k];
	const struct resume_run *rsr = &x->rs.runs[k];
	struct runner_result rr;
	struct runjson_input in;
	struct err e;
	char prefix[PLAN_ID_MAX + 128], dir[4096];
	int one;

	if (!resume_runs_it(rsr->what)) {
		x->failed |= rsr->failed; /* its spend: budget_check's */
		return 0;
	}
	if (budget_stops(&x->bg, r, x->pg))
		return record_budget(x, r);
	if (rsr->what == RESUME_FIX || rsr->what == RESUME_REDO_FAILED)
		note_redo(x, r, rsr);
	if (rsr->what == RESUME_AGAIN && !r->wl.keep &&
	    outdir_path(x->od, r->id, dir, sizeof(dir), NULL) == 0)
		sweep_earlier(x, r, dir);
	if (outdir_prepare_run(x->od, r->id, dir, sizeof(dir), &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return -1;
	}
	snprintf(prefix, sizeof(prefix), "s3bench/%s/%s/%llx/", x->c->name, r->id + strlen("runs/"),
		 (unsigned long long)(time_now_ns() & 0xffffffffffffULL));
	run_input(x, r, &in);
	memset(&rr, 0, sizeof(rr)); /* run_one may fail before it fills it */
	progress_spend(x->pg, r->subject < BUDGET_SUBJECTS ? x->bg.spent[r->subject] : 0,
		       campaign_subject_budget(x->c, in.subject), in.subject->prices.currency);
	progress_run_start(x->pg, k + 1, r->id, in.subject->id, &r->wl,
			   plan_total_expected(x->p, k + 1, NULL));
	one = run_one(&in, dir, prefix, outdir_lock_fd(x->od), x->stop, x->pg, x->a->runner, &rr,
		      &e);
	if (one == RUN_ONE_UNRECORDED) {
		disk_stop(x, r, e.msg);
	} else if (one < 0) {
		progress_note(x->pg, "collect: %s", e.msg);
	} else {
		add_spend(x, r, &rr.st);
		progress_spend(x->pg, r->subject < BUDGET_SUBJECTS ? x->bg.spent[r->subject] : 0,
			       campaign_subject_budget(x->c, in.subject),
			       in.subject->prices.currency);
		report_end(x->pg, &rr);
		if (rr.cls == EC_LOCAL_IO) {
			disk_stop(x, r, rr.st.n_first ? rr.st.first[0] : "local-io");
			one = RUN_ONE_UNRECORDED;
		}
	}
	x->failed |= one != 0;
	runner_result_clear(&rr);
	return one == RUN_ONE_UNRECORDED;
}

/* preflight: the checks before the first request (collect/run/preflight.h) of the
 * subjects with runs flagged in todo (NULL: every run of the plan). Returns an exit code:
 * EXITCODE_OK when nothing is wrong (or there is nothing to do), else EXITCODE_USAGE. */
static int preflight(struct cctx *x, const unsigned char *todo)
{
	unsigned char which[64] = {0}, spread[64] = {0};
	struct preflight_opts o = {.check_only = x->a->check, .out = x->out};
	char root[4096];
	int any = 0;

	if (x->od != NULL && outdir_path(x->od, ".", root, sizeof(root), NULL) == 0)
		o.bills = root;
	for (int k = 0; k < x->p->n; k++) {
		const struct plan_run *r = &x->p->runs[k];
		if ((todo != NULL && !todo[k]) || r->subject >= 64)
			continue;
		which[r->subject] = 1;
		spread[r->subject] |= workload_buckets(&r->wl) > 1;
		any = 1;
	}
	if (!any)
		return EXITCODE_OK;
	o.log_bytes = preflight_log_bytes(x->c, x->p, todo, &x->est, &o.runs);
	return preflight_run(x->c, which, spread, &o, stderr) == 0 ? EXITCODE_OK : EXITCODE_USAGE;
}

/* in_only: subject id is one of --only's (or there is no --only). */
static int in_only(const char *only, const char *id)
{
	size_t n = strlen(id);

	for (const char *p = only; p != NULL && *p != '\0'; p += strcspn(p, ",")) {
		p += *p == ',';
		if (strncmp(p, id, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return 1;
	}
	return only == NULL;
}

/* verify_datasets: the datasets the runs name, verified in each subject's bucket (those
 * of --only) before the first run (collect/run/dataset.h); an exit code. */
static int verify_datasets(struct cctx *x)
{
	unsigned char *which = calloc((size_t)x->c->n_subjects, 1);
	struct err e;
	int rc = EXITCODE_OK;

	if (which == NULL) {
		fprintf(stderr, "collect: out of memory\n");
		return EXITCODE_USAGE;
	}
	for (int k = 0; k < x->c->n_subjects; k++)
		which[k] = (unsigned char)in_only(x->a->only, x->c->subjects[k].id);
	if (dataset_verify_campaign(x->c, which, stderr, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXITCODE_USAGE;
	}
	free(which);
	return rc;
}

/* probe_subjects: probe k of each subject before the first run, into OUT/k->file; its
 * bill counts toward max_cost. Skipped when the campaign does not ask for it ([probe]
 * probe = no, no [consistency]), and on --resume when OUT/k->file is there. A subject the
 * probe cannot reach (or a probe stopped early, or out of memory) is said and its record
 * in the file has the error; the runs go on, and the exit status is theirs (a subject that
 * is not an S3 server, nginx WebDAV, is still benchmarked). */
static void probe_subjects(struct cctx *x, const struct probing_kind *k)
{
	const struct campaign *c = x->c;
	char path[4200], prefix[256], *r;
	struct err e;
	size_t n = 0;

	snprintf(path, sizeof(path), "%s/%s", x->out, k->file);
	if (!k->asked(c) || (x->a->resume && access(path, F_OK) == 0))
		return;
	if ((r = calloc((size_t)c->n_subjects, k->size)) == NULL) {
		progress_note(x->pg, "collect: %s: out of memory", k->word);
		return;
	}
	for (int i = 0; i < c->n_subjects && !*x->stop; i++) {
		const struct campaign_subject *s = &c->subjects[i];
		void *rep = r + n * k->size;
		if (!in_only(x->a->only, s->id))
			continue;
		snprintf(prefix, sizeof(prefix), "s3bench-%s/%s/%s/", k->word, c->name, s->id);
		progress_note(x->pg, "collect: %s %s", k->word, s->id);
		if (k->run(c, s, prefix, rep, &e) < 0)
			progress_note(x->pg, "collect: %s", e.msg);
		budget_add(&x->bg, i, &s->prices, k->bill(rep));
		n++;
	}
	if (k->write(x->out, r, n, &e) < 0)
		progress_note(x->pg, "collect: %s: %s", k->word, e.msg);
	for (size_t i = 0; k->free_rep != NULL && i < n; i++)
		k->free_rep(r + i * k->size);
	free(r);
}

/* dry_bound: --dry-run's bound of every priced subject's bill (collect/run/budget.h). */
static int dry_bound(struct cctx *x)
{
	struct err e;
	int priced = 0;

	for (int i = 0; i < x->c->n_subjects; i++)
		priced |= x->c->subjects[i].prices.given;
	if (!priced)
		return EXITCODE_OK;
	if (budget_probe(&x->bg, 1, x->a->runner ? x->a->runner->clients : 1, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return EXITCODE_USAGE;
	}
	estimate_print(x->c, x->p, &x->bg.opts, stdout);
	return EXITCODE_OK;
}

/* trim: the plan as far as cycle `cycle` (its n and last_cycle; the rest kept in memory
 * for untrim). */
static void trim(struct plan *p, int cycle, int *n, int *last)
{
	*n = p->n;
	*last = p->last_cycle;
	p->n = plan_cycle_end(p, cycle);
	p->last_cycle = cycle;
}

static void untrim(struct plan *p, int n, int last)
{
	p->n = n;
	p->last_cycle = last;
}

/* write_plan_upto: plan.tsv as far as cycle `cycle` (cycles = auto: it grows a cycle at a
 * time). An exit code as write_plan's. */
static int write_plan_upto(struct cctx *x, int cycle)
{
	int n, last, rc;

	trim(x->p, cycle, &n, &last);
	rc = write_plan(x);
	untrim(x->p, n, last);
	return rc;
}

/* auto_next: after cycle `cycle` of a cycles = auto campaign, the stopping rule
 * (collect/run/autocycles.h): 1 to go on to the next cycle (plan.tsv then names it), 0 to
 * stop (plan.tsv then ends at this cycle and says why), or an exit code's negation when
 * plan.tsv cannot be written or memory runs out. */
static int auto_next(struct cctx *x, int cycle)
{
	struct autocycles_verdict v;
	const char *reason = NULL;
	struct err e;
	int end = plan_cycle_end(x->p, cycle), rc;

	if (autocycles_judge(&x->judge, x->out, cycle, x->c->target_ci, &v, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return -EXITCODE_USAGE;
	}
	if (cycle >= x->c->min_cycles && v.met == v.cells)
		reason = "target";
	else if (cycle >= x->p->max_cycle)
		reason = "max_cycles";
	for (int k = end; reason == NULL && k < plan_cycle_end(x->p, cycle + 1); k++)
		if (resume_runs_it(x->rs.runs[k].what) &&
		    budget_stops(&x->bg, &x->p->runs[k], x->pg))
			reason = "max_cost";
	if (reason == NULL) {
		progress_note(
			x->pg,
			"collect: cycle %d: %d of %d matrix cells within %g %%; cycle %d next",
			cycle, v.met, v.cells, x->c->target_ci * 100, cycle + 1);
		rc = write_plan_upto(x, cycle + 1);
		return rc == EXITCODE_OK ? 1 : -rc;
	}
	autocycles_why(&v, reason, cycle, x->c->target_ci, x->p->stopped, sizeof(x->p->stopped));
	progress_note(x->pg, "collect: stopped on precision: %s", x->p->stopped);
	x->p->n = end;
	x->p->last_cycle = cycle;
	rc = write_plan(x);
	return rc == EXITCODE_OK ? 0 : -rc;
}

/* run_all: every run of the plan in order; a cycles = auto campaign judges its stopping rule
 * after each cycle. An exit code (EXITCODE_OK when every run was made). */
static int run_all(struct cctx *x)
{
	int full = 0, cycle = 0;

	for (int k = 0; k < x->p->n && !*x->stop && !full; k++) {
		int go;
		full = run_k(x, k);
		if (full < 0)
			return EXITCODE_USAGE;
		if (x->p->runs[k].cycle > cycle)
			cycle = x->p->runs[k].cycle;
		if (!x->p->auto_cycles || full || *x->stop || k + 1 != plan_cycle_end(x->p, cycle))
			continue;
		if ((go = auto_next(x, cycle)) < 0)
			return -go;
		if (go == 0)
			break;
	}
	if (*x->stop) {
		progress_note(x->pg, "collect: stopped; the current run is recorded as "
				     "interrupted; run again with --resume to go on");
		return EXITCODE_INTERRUPTED;
	}
	return x->failed ? EXITCODE_PARTIAL : EXITCODE_OK;
}

int cmd_campaign(const struct campaign_args *a, volatile sig_atomic_t *stop)
{
	struct cctx x;
	unsigned char *todo = NULL;
	struct err e;
	int rc = EXITCODE_USAGE, n_all = 0, last_all = 0;

	memset(&x, 0, sizeof(x));
	x.a = a;
	x.stop = stop;
	if (load_plan(&x) < 0)
		goto out;
	x.est.assume_mib_s = a->assume_mib_s;
	if (a->estimate_from != NULL) {
		if (estimate_from(a->estimate_from, &x.est, &e) < 0) {
			fprintf(stderr, "collect: %s\n", e.msg);
			goto out;
		}
	}
	budget_init(&x.bg, x.c);
	if (a->dry_run) {
		plan_print(x.p, x.c, stdout);
		estimate_print(x.c, x.p, &x.est, stdout);
		rc = dry_bound(&x);
		goto out;
	}
	if (a->check) {
		rc = preflight(&x, NULL);
		goto out;
	}
	if (budget_probe(&x.bg, 0, a->runner ? a->runner->clients : 1, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		goto out;
	}
	/* refused before anything is written; cycles = auto: the bound of its min_cycles
	 * (those after are judged one by one against max_cost) */
	if (x.p->auto_cycles)
		trim(x.p, x.c->min_cycles, &n_all, &last_all);
	rc = budget_check(&x.bg, x.p, x.out, stderr);
	if (x.p->auto_cycles)
		untrim(x.p, n_all, last_all);
	if (rc != EXITCODE_OK || (rc = open_out(&x)) != EXITCODE_OK)
		goto out;
	if (x.p->auto_cycles && autocycles_init(&x.judge, x.p, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXITCODE_USAGE;
		goto out;
	}
	if (!a->no_preflight) {
		todo = calloc((size_t)x.p->n, 1);
		if (todo == NULL) {
			fprintf(stderr, "collect: out of memory\n");
			rc = EXITCODE_USAGE;
			goto out;
		}
		for (int k = 0; k < x.p->n; k++)
			todo[k] = resume_runs_it(x.rs.runs[k].what);
		if ((rc = preflight(&x, todo)) != EXITCODE_OK)
			goto out;
	}
	if ((rc = verify_datasets(&x)) != EXITCODE_OK)
		goto out;
	if ((rc = x.p->auto_cycles ? write_plan_upto(&x, 1) : write_plan(&x)) != EXITCODE_OK)
		goto out;
	x.pg = progress_new(stderr, isatty(STDERR_FILENO), x.p->n);
	if (x.pg == NULL) {
		fprintf(stderr, "collect: out of memory\n");
		rc = EXITCODE_USAGE;
		goto out;
	}
	probe_subjects(&x, &probing_conformance);
	/* the campaign's SSE-C key, in memory only, before the runs fork (every run sends it) */
	if (s3_sse_process_key(&e) == NULL) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXITCODE_USAGE;
		goto out;
	}
	probe_subjects(&x, &probing_consistency);
	rc = run_all(&x);
out:
	free(todo);
	autocycles_free(&x.judge);
	resume_free(&x.rs);
	progress_free(x.pg);
	outdir_free(x.od);
	plan_free(x.p);
	campaign_free(x.c);
	estimate_opts_clear(&x.est);
	return rc;
}

/* collect/engine/engine.c: see engine.h.
 *
 * A phase (struct eng, engine_int.h) is set up here, its workers are spread over a few
 * threads (at most one per CPU the process may run on; collect/engine/engine_loop.c drives
 * them), each with its own libcurl multi handle, so connections stay alive per worker and
 * no thread blocks on one request; what the workers ask of the phase is
 * collect/engine/eng.h.
 *
 * Object names are deterministic so that the three phases need no shared state:
 *   PREFIX obj/NNNNNNNN     prepared objects (get, head, list, delete, get-small)
 *   PREFIX put/wWWWW/SEQ    put, put-empty and multipart objects
 * Rows: one per request, except list (one row per full listing of the prefix: all its
 * pages, n_objects = keys listed, first byte of the first page) and multipart (one row
 * per object: create, parts, complete; op PUT, last_byte = end of the last part). */
#include "collect/engine/engine.h"
#include "collect/engine/engine_int.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "collect/engine/body.h"
#include "collect/engine/eng.h"
#include "collect/s3/s3.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/sweep.h"
#include "collect/engine/wl.h"
#include "collect/workload.h"
#include "core/rng.h"
#include "core/timefmt.h"

/* n_cpus: the CPUs this process may run on (its affinity: a collector pinned with taskset
 * to one core runs one thread), else those online; 1 to 16. */
static int n_cpus(void)
{
	cpu_set_t set;
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
		n = CPU_COUNT(&set);
	return n < 1 ? 1 : n > 16 ? 16 : (int)n;
}

/* raise_fd_limit: one socket per worker plus the process's own files must fit under
 * RLIMIT_NOFILE (often 1024 soft): raise the soft limit towards the hard one. */
static void raise_fd_limit(int nworkers)
{
	struct rlimit rl;
	rlim_t want = (rlim_t)nworkers * 2 + 64;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= want)
		return;
	rl.rlim_cur = (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > want) ? want : rl.rlim_max;
	setrlimit(RLIMIT_NOFILE, &rl);
}

static void worker_free(const struct eng *g, struct worker *w)
{
	if (w->st != NULL && g->kind->state_free != NULL)
		g->kind->state_free(w->st);
	free(w->st);
	strbuf_free(&w->key);
	s3_req_free(w->req);
}

/* wait_until: sleep until the Unix time at_ns (0 or past: return at once), waking
 * every 100 ms to see the stop flag. */
static void wait_until(const struct eng *g, int64_t at_ns)
{
	for (;;) {
		int64_t left = at_ns - time_now_ns();
		struct timespec ts;

		if (at_ns == 0 || left <= 0 || eng_stopped(g))
			return;
		if (left > 100000000)
			left = 100000000;
		ts.tv_sec = (time_t)(left / 1000000000);
		ts.tv_nsec = (long)(left % 1000000000);
		nanosleep(&ts, NULL);
	}
}

/* start_clock: the phase's t0 (after engine_opts.start_at_ns for a benchmark): t0_mono,
 * t0_unix, next_tick and the duration bound's deadline. t0 is start_at_ns itself when
 * the engine waited for it (the wake-up's latency is not the schedule's), else the
 * moment the workers start. The phase's requests are timed on this clock. */
static void start_clock(struct eng *g)
{
	int64_t at = g->phase == ENG_PHASE_BENCH ? g->o->start_at_ns : 0, now;
	int waited = at > 0 && time_now_ns() < at;

	wait_until(g, at);
	now = time_now_ns();
	g->t0_mono = time_mono_ns();
	g->t0_unix = now;
	if (waited && now >= at && now - at < 1000000000LL) {
		g->t0_mono -= now - at;
		g->t0_unix = at;
	}
	/* every request's times on t0's clock: a real-time step mid-run is no lateness */
	s3_client_set_clock(g->o->client, g->t0_unix, g->t0_mono);
	g->next_tick = g->t0_mono + 1000000000LL;
	if (g->wl->bound == WL_BOUND_DURATION && g->phase == ENG_PHASE_BENCH)
		g->deadline_mono = g->t0_mono + (int64_t)(g->wl->duration_s * 1e9);
}

/* run: drive nworkers workers of phase `phase` to the end. */
static int run(struct eng *g, int nworkers, struct err *e)
{
	int nthreads = nworkers < n_cpus() ? nworkers : n_cpus();

	if (g->wl->send.http2 && g->wl->send.http2_shared)
		nthreads = 1; /* one multi handle: one shared connection */
	struct tctx *t = NULL;
	int rc = -1, started = 0;
	uint64_t seed;

	g->w = calloc((size_t)nworkers, sizeof(*g->w));
	t = calloc((size_t)nthreads, sizeof(*t));
	if (g->w == NULL || t == NULL) {
		err_set(e, "engine: out of memory for %d workers", nworkers);
		goto done;
	}
	g->nworkers = nworkers;
	raise_fd_limit(nworkers);
	seed = rng_time_seed();
	for (int i = 0; i < nworkers; i++) {
		g->w[i].id = i;
		g->w[i].rng = rng_stream(seed, (unsigned)i);
		g->w[i].req = s3_req_new(g->o->client, e);
		if (g->w[i].req == NULL)
			goto done;
		s3_req_set_user(g->w[i].req, &g->w[i]);
		g->w[i].g = g;
		if (g->kind->state_size > 0 &&
		    (g->w[i].st = calloc(1, g->kind->state_size)) == NULL) {
			err_set(e, "engine: out of memory for %d workers", nworkers);
			goto done;
		}
	}
	if ((g->kind->shared_new != NULL && g->kind->shared_new(g, &g->shared, e) != 0) ||
	    hedge_init(g, e) != 0)
		goto done;
	start_clock(g);
	for (int i = 0; i < nthreads; i++) {
		t[i].g = g;
		t[i].index = i;
		t[i].first = (int)((long)nworkers * i / nthreads);
		t[i].last = (int)((long)nworkers * (i + 1) / nthreads);
	}
	for (int i = 1; i < nthreads; i++) {
		if (pthread_create(&t[i].th, NULL, engine_thread, &t[i]) != 0) {
			eng_fail(g, EC_CRASHED, "cannot start a worker thread");
			break;
		}
		started = i;
	}
	engine_thread(&t[0]);
	for (int i = 1; i <= started; i++)
		pthread_join(t[i].th, NULL);
	rc = 0;
done:
	hedge_fini(g);
	if (g->w != NULL) {
		for (int i = 0; i < nworkers; i++) {
			worker_free(g, &g->w[i]);
		}
		free(g->w);
		g->w = NULL;
	}
	if (g->shared != NULL && g->kind->shared_free != NULL)
		g->kind->shared_free(g->shared);
	g->shared = NULL;
	free(t);
	return rc;
}

/* extra_headers: the encryption and tagging headers of the workload's sse and tags, by use
 * (eng_request_headers); an SSE-C key is the process's (s3_sse_process_key). */
static int extra_headers(struct eng *g, struct err *e)
{
	const struct wl_send *snd = &g->wl->send;
	const struct s3_sse_key *k = NULL;

	if (snd->sse == S3_SSE_C && (k = s3_sse_process_key(e)) == NULL)
		return err_prefix(e, "engine");
	for (int u = S3_SSE_WRITE; u <= S3_SSE_READ; u++)
		g->n_extra[u] = s3_sse_headers((enum s3_sse)snd->sse, snd->sse_kms, k,
					       (enum s3_sse_use)u, g->extra[u]);
	if (snd->tags > 0) {
		s3_tagging(snd->tags, g->tagging, sizeof(g->tagging));
		g->extra[S3_SSE_WRITE][g->n_extra[S3_SSE_WRITE]++] = (struct s3_hdr){
			"x-amz-tagging", g->tagging};
	}
	return 0;
}

static int eng_init(struct eng *g, const struct engine_opts *o, struct engine_result *res,
		    enum eng_phase phase, struct err *e)
{
	memset(g, 0, sizeof(*g));
	atomic_init(&g->next_slot, 0);
	atomic_init(&g->rate_workers, 0);
	atomic_init(&g->late_no_worker, 0);
	atomic_init(&g->sent, 0);
	g->live.prepare_s = o->prepare_s;
	g->o = o;
	g->wl = o->wl;
	g->res = res;
	g->phase = phase;
	if (o->client == NULL || o->bucket == NULL || o->prefix == NULL || o->wl == NULL)
		return err_set(e, "engine: client, bucket, prefix and workload are required");
	if (o->wl->op < 0 || o->wl->op >= WL_KIND_COUNT)
		return err_set(e, "engine: unknown workload op %d", (int)o->wl->op);
	if (o->wl->concurrency < 1 || o->wl->concurrency > 1024)
		return err_set(e, "engine: concurrency %d not in 1..1024", o->wl->concurrency);
	if (phase != ENG_PHASE_CLEANUP && (g->kind = wl_kind_for(o->wl, phase)) == NULL)
		return err_set(e, "engine: no workload kind for op %d", (int)o->wl->op);
	if (workload_where_new(&g->where, o->bucket, workload_buckets(o->wl),
			       workload_prefixes(o->wl), o->prefix, e) < 0)
		return err_prefix(e, "engine");
	if (extra_headers(g, e) != 0)
		return -1;
	pthread_mutex_init(&g->lock, NULL);
	g->lock_ok = 1;
	return 0;
}

static void eng_fini(struct eng *g)
{
	workload_where_free(&g->where);
	body_free(g->body);
	bodycert_free(g->cert);
	if (g->lock_ok)
		pthread_mutex_destroy(&g->lock);
}

/* phase_body: the phase's bodies (collect/engine/body.h) in the workload's data mode, from
 * seed, and the sampler of those it sends. */
static int phase_body(struct eng *g, uint64_t seed, struct err *e)
{
	const struct wl_send *snd = &g->wl->send;

	g->body = body_new(g->wl->size, seed, e);
	if (g->body == NULL)
		return -1;
	body_set_mode(g->body,
		      snd->data == WL_DATA_COMPRESSIBLE ? BODY_COMPRESSIBLE
		      : snd->data == WL_DATA_DEDUP      ? BODY_DEDUP
							: BODY_RANDOM,
		      snd->data_value);
	g->cert = bodycert_new(seed ^ 0xce27, e);
	return g->cert != NULL ? 0 : -1;
}

/* phase_cert: the certificate of the bodies the phase sent into the result (phase:
 * ENG_CERT_PREPARE or ENG_CERT_BENCHMARK), when it sent any; a certificate that cannot be
 * computed (memory) is left out, with a line on stderr. */
static void phase_cert(struct eng *g, int phase)
{
	struct bodycert c;
	struct err e = {{0}};

	if (g->cert == NULL || g->body == NULL)
		return;
	if (bodycert_compute(g->cert, g->body, &c, &e) != 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return;
	}
	if (c.offered == 0)
		return;
	g->res->payload = c;
	g->res->payload_phase = phase;
}

static enum err_class main_class(const struct eng *g)
{
	int best = EC_NONE;

	for (int i = 1; i < EC_COUNT; i++)
		if (g->cls_count[i] > g->cls_count[best] || (best == EC_NONE && g->cls_count[i]))
			best = i;
	return (enum err_class)best;
}

/* ensure_bucket: create bucket i of the run when HeadBucket says 404 (noted in
 * res->created[i] when it succeeds). Any other answer leaves it
 * alone: it exists, or we may not see it (a benchmark user often has object rights but
 * no bucket rights; the object requests then tell). WebDAV servers answer 301 for an
 * existing directory. */
static int ensure_bucket(struct eng *g, int i, struct err *e)
{
	struct s3_req *r = s3_req_new(g->o->client, e);
	struct s3_result res;
	struct s3_args h = {.op = S3_HEAD_BUCKET, .bucket = g->where.bucket[i]};
	struct s3_args a = {.op = S3_CREATE_BUCKET, .bucket = g->where.bucket[i]};
	int rc = -1;

	if (r == NULL)
		return -1;
	if (s3_retry(r, &h, &res, e) == 0 || (res.status != 404 && res.status != 0)) {
		rc = 0;
	} else if (res.status == 0 && res.cls == EC_HTTP_4XX) {
		/* not sent: s3_req_setup refused it (out of memory); e says so */
		g->res->cls = res.cls = EC_PREPARE_FAILED;
		eng_count_error(g, &res);
	} else if (s3_retry(r, &a, &res, e) == 0) {
		g->res->created[i] = 1;
		rc = 0;
	} else if (strcmp(res.code, "BucketAlreadyOwnedByYou") == 0 ||
		   strcmp(res.code, "BucketAlreadyExists") == 0) {
		rc = 0;
	} else {
		/* named as the bucket's creation: a 403 here is no right to create buckets,
		 * not wrong keys (HeadBucket answered 404 with them) */
		char text[S3_ERROR_MAX];
		snprintf(text, sizeof(text), "%s", res.error);
		if (res.status != 0)
			snprintf(res.error, sizeof(res.error), "CreateBucket %s: %s%s", a.bucket,
				 text,
				 res.status == 403 ? " (these keys may not create the bucket)"
						   : "");
		g->res->cls = res.cls;
		eng_count_error(g, &res);
	}
	s3_req_free(r);
	return rc;
}

/* ask_buckets: what the run's buckets keep into res->ver (the client's bill told when
 * they keep versions); -1 with class prepare-failed when one's object lock keeps every
 * object for a default retention and the run does not allow that. */
static int ask_buckets(struct eng *g, struct err *e)
{
	struct engine_versions *v = &g->res->ver;
	struct sweep_bucket st;

	memset(v, 0, sizeof(*v));
	v->asked = 1;
	v->lock = 0;
	for (int i = 0; i < g->where.nb; i++) {
		if (sweep_bucket_state(g->o->client, g->where.bucket[i], 1, &st, e) != 0)
			return -1;
		if (st.versioning > v->versioning)
			v->versioning = st.versioning;
		if (st.lock != 0 && v->lock != 1)
			v->lock = st.lock;
		if (st.lock_mode[0] != '\0' && v->lock_mode[0] == '\0') {
			snprintf(v->lock_mode, sizeof(v->lock_mode), "%s", st.lock_mode);
			v->lock_days = st.lock_days;
			if (!g->o->allow_retention) {
				g->res->cls = EC_PREPARE_FAILED;
				return err_set(
					e,
					"bucket %s: object lock keeps every object written "
					"for %d days (default retention %s), and the run's "
					"cleanup could not delete them; allow_retention = yes "
					"(collect run --allow-retention) runs there anyway",
					g->where.bucket[i], st.lock_days, st.lock_mode);
			}
		}
	}
	/* a suspended bucket writes the run's new keys as null versions, which a PUT
	 * replaces and a DELETE removes (behind a null marker): billed as unversioned */
	s3_client_set_versioned(g->o->client, v->versioning == S3_VER_ENABLED);
	return 0;
}

/* phase_ok: 0 when the prepare's last run neither failed nor was stopped, else -1 with
 * the class and "prepare: ..." in e. */
static int phase_ok(struct eng *g, struct err *e)
{
	if (!g->abort && !(g->o->stop && *g->o->stop))
		return 0;
	g->res->cls = g->abort ? g->fail_cls : EC_KILLED;
	return err_set(e, "prepare: %s", g->abort ? g->fail_msg : "stopped");
}

/* put_objects: PUT the prepared objects [first, end) with 8 to 64 workers. */
static int put_objects(struct eng *g, uint64_t first, uint64_t end, struct err *e)
{
	int workers = g->wl->concurrency < 8    ? 8
		      : g->wl->concurrency > 64 ? 64
						: g->wl->concurrency;

	g->kind = &wl_kind_prepare;
	g->cursor = first;
	g->cursor_end = end;
	g->prep_total = (end - first) * g->wl->size;
	atomic_store(&g->sent, 0);
	g->prep_limit_s = 0;
	if ((uint64_t)workers > end - first)
		workers = (int)(end - first);
	return run(g, workers, e) != 0 ? -1 : phase_ok(g, e);
}

/* calibrate: a get with reads = once (workload_calibrates): read each of the objects PUT
 * so far with the run's workers, once and then in rounds until WL_CALIBRATE_MIN_S have
 * passed, the rate measured R; then PUT the objects the benchmark reads,
 * workload_once_objects(R) after them (res: calib_*, once_*). */
static int calibrate(struct eng *g, struct err *e)
{
	struct engine_result *res = g->res;
	uint64_t c = g->cursor_end;
	int64_t t0;

	g->kind = &wl_kind_calibrate;
	g->cursor = 0;
	g->calibrating = 1;
	g->calib_reads = 0;
	g->calib_t0 = t0 = time_mono_ns();
	if (run(g, workload_workers(g->wl), e) != 0 || phase_ok(g, e) != 0)
		return -1;
	g->calibrating = 0;
	res->calibrated = 1;
	res->calib_objects = c;
	res->calib_s = (double)(time_mono_ns() - t0) / 1e9;
	res->calib_obj_s = res->calib_s > 0 ? (double)g->calib_reads / res->calib_s
					    : (double)g->calib_reads;
	res->once_first = c;
	res->once_end = c + workload_once_objects(g->wl, res->calib_obj_s);
	return put_objects(g, res->once_first, res->once_end, e);
}

int engine_prepare(const struct engine_opts *o, struct engine_result *res, struct err *e)
{
	struct eng g;
	int rc = -1;

	if (eng_init(&g, o, res, ENG_PHASE_PREPARE, e) != 0)
		return -1;
	for (int i = 0; o->wl->op != WL_CREATE_BUCKET && i < g.where.nb; i++)
		if (ensure_bucket(&g, i, e) != 0)
			goto done;
	if (o->on_created != NULL && memchr(res->created, 1, (size_t)g.where.nb) != NULL)
		o->on_created(res->created, o->created_arg);
	if (o->wl->op != WL_CREATE_BUCKET && ask_buckets(&g, e) != 0)
		goto done;
	if (workload_prepared_objects(o->wl) == 0 || o->wl->dataset != NULL) {
		rc = 0; /* a dataset's objects are there (collect/run/dataset.h) */
		goto done;
	}
	if (phase_body(&g, (uint64_t)time_now_ns(), e) != 0 ||
	    put_objects(&g, 0, workload_prepared_objects(o->wl), e) != 0)
		goto done;
	if (workload_calibrates(o->wl) && calibrate(&g, e) != 0)
		goto done;
	phase_cert(&g, ENG_CERT_PREPARE);
	rc = 0;
done:
	if (rc != 0 && res->cls == EC_NONE)
		res->cls = EC_PREPARE_FAILED;
	eng_fini(&g);
	return rc;
}

int engine_put_range(const struct engine_opts *o, uint64_t first, uint64_t end,
		     struct engine_result *res, struct err *e)
{
	struct eng g;
	int rc = -1;

	if (eng_init(&g, o, res, ENG_PHASE_PREPARE, e) != 0)
		return -1;
	for (int i = 0; i < g.where.nb; i++)
		if (ensure_bucket(&g, i, e) != 0)
			goto done;
	if (ask_buckets(&g, e) != 0)
		goto done;
	g.body = body_new(o->wl->size, (uint64_t)time_now_ns(), e);
	if (g.body == NULL || (end > first && put_objects(&g, first, end, e) != 0))
		goto done;
	rc = 0;
done:
	if (rc != 0 && res->cls == EC_NONE)
		res->cls = EC_PREPARE_FAILED;
	eng_fini(&g);
	return rc;
}

static double cpu_now(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
	       ru.ru_stime.tv_usec / 1e6;
}

/* kept_span: the span of the summary's kept segments into res, on the monotonic clock
 * (the run's clock maps its Unix seconds back: "One clock per run"); 0 when none. */
static void kept_span(const struct eng *g, struct engine_result *res)
{
	struct seg_value *v = NULL;
	size_t n = 0;
	int64_t s0 = 0;
	int kf = -1, kl = -1;
	struct err e;

	res->kept_start_mono = res->kept_end_mono = 0;
	if (summary_acc_series(g->acc, &v, &n, &s0, &kf, &kl, &e) == 0 && kf >= 0) {
		res->kept_start_mono = g->t0_mono + ((s0 + kf) * 1000000000LL - g->t0_unix);
		res->kept_end_mono = g->t0_mono + ((s0 + kl + 1) * 1000000000LL - g->t0_unix);
	}
	free(v);
}

/* delete_markers: on a versioned bucket each object a delete of the benchmark deleted is
 * still there, behind a delete marker (the summary's objects of a delete run, of a mixed
 * run's DELETE rows). */
static void delete_markers(const struct eng *g, struct engine_result *res)
{
	const struct run_summary *s = &res->summary;

	if (res->ver.versioning != S3_VER_ENABLED && res->ver.versioning != S3_VER_SUSPENDED)
		return;
	if (g->wl->op == WL_DELETE)
		res->ver.delete_markers = s->objects;
	for (int i = 0; g->wl->op == WL_MIXED && i < s->n_by_op; i++)
		if (strcmp(s->by_op[i].op, "DELETE") == 0)
			res->ver.delete_markers = s->by_op[i].objects;
}

/* read_part: the cursor's range [cursor, cursor_end) cut to its part k of n (n / parts
 * each, the first remainder ones one more). */
static void read_part(struct eng *g, uint64_t k, uint64_t n)
{
	uint64_t total = g->cursor_end - g->cursor, base = total / n, rem = total % n;
	uint64_t first = g->cursor + k * base + (k < rem ? k : rem);

	g->cursor = first;
	g->cursor_end = first + base + (k < rem);
}

int engine_benchmark(const struct engine_opts *o, struct engine_result *res, struct err *e)
{
	struct eng g;
	int rc = -1, workers;
	double cpu0;

	if (eng_init(&g, o, res, ENG_PHASE_BENCH, e) != 0)
		return -1;
	res->has_summary = 0;
	g.acc = summary_acc_new();
	if (g.acc == NULL) {
		err_set(e, "engine: out of memory");
		goto done;
	}
	if (wl_uses_body(o->wl) && phase_body(&g, (uint64_t)time_now_ns() ^ 0x5eed, e) != 0)
		goto done;
	/* delete, and a get with reads = once: each prepared object handed out once (a
	 * calibrating get's: those prepared for the benchmark) */
	g.cursor_end = o->wl->op == WL_DELETE ||
				       (o->wl->op == WL_GET && o->wl->send.reads == WL_READS_ONCE)
			       ? workload_prepared_objects(o->wl)
			       : 0;
	if (o->wl->op == WL_GET && res->once_end > 0) {
		g.cursor = res->once_first;
		g.cursor_end = res->once_end;
	}
	if (o->wl->op == WL_GET && g.cursor_end > 0 && o->read_parts > 1)
		read_part(&g, (uint64_t)o->read_part, (uint64_t)o->read_parts);
	res->reads_exhausted = 0;
	res->realtime_errno = 0;
	memset(&res->transport, 0, sizeof(res->transport));
	/* open loop: slots at fixed intended times (collect/engine/engine_loop.c) */
	g.rate = o->wl->rate > 0 && o->wl->bound == WL_BOUND_DURATION ? o->wl->rate : 0;
	if (g.rate > 0)
		g.rate_tol_ns = summary_rate_tolerance_ns(g.rate);
	workers = workload_workers(o->wl);
	cpu0 = cpu_now();
	if (run(&g, workers, e) != 0) {
		res->cls = EC_CRASHED;
		goto done;
	}
	res->cpu_s = cpu_now() - cpu0;
	res->realtime_drift_ns = (time_now_ns() - g.t0_unix) - (time_mono_ns() - g.t0_mono);
	res->realtime_errno = atomic_load(&g.realtime_errno);
	if (o->wl->auto_stop && !res->steady)
		res->stopped_s = (double)(time_mono_ns() - g.t0_mono) / 1e9;
	if (g.next_idx > 0)
		res->cpu_us_per_op = res->cpu_s * 1e6 / (double)g.next_idx;
	if (g.abort) {
		res->cls = g.fail_cls;
		err_set(e, "benchmark: %s", g.fail_msg);
		goto done;
	}
	if (summary_acc_finish(g.acc, &res->summary, e) != 0) {
		res->cls = main_class(&g);
		if (res->cls == EC_NONE) /* every write refused by its condition: http-4xx */
			res->cls = g.conflicts > 0 ? EC_HTTP_4XX : EC_UNAVAILABLE;
		err_prefix(e, "benchmark: %llu requests, %llu errors%s%s",
			   (unsigned long long)g.next_idx, (unsigned long long)res->errors,
			   res->n_first ? ", first: " : "", res->n_first ? res->first[0] : "");
		goto done;
	}
	res->summary.retry.max = o->wl->retries;
	hedge_result(&g, &res->summary);
	if (g.rate > 0) {
		if (summary_acc_rate(g.acc, g.rate, o->wl->duration_s, &res->summary, e) != 0) {
			summary_clear(&res->summary);
			res->cls = EC_CRASHED;
			err_prefix(e, "benchmark");
			goto done;
		}
		res->summary.rate.peak_workers = atomic_load(&g.rate_workers);
		res->summary.rate.late_no_worker = (int64_t)atomic_load(&g.late_no_worker);
	}
	kept_span(&g, res);
	delete_markers(&g, res);
	phase_cert(&g, ENG_CERT_BENCHMARK);
	res->has_summary = 1;
	if (res->errors > 0)
		res->cls = main_class(&g);
	rc = 0;
done:
	summary_acc_free(g.acc);
	eng_fini(&g);
	return rc;
}

/* sweep: delete everything under the run's prefixes in its buckets (collect/s3/sweep.h:
 * incomplete multipart uploads aborted, objects deleted), then remove the buckets of a
 * many-bucket run that its prepare created (res->created). */
static int sweep(struct eng *g, struct err *e)
{
	struct sweep_count n;
	struct s3_result failed;

	int rc = sweep_spread(g->o->client, (const char *const *)g->where.bucket, g->where.nb,
			      (const char *const *)g->where.prefix, g->where.np,
			      g->where.nb > 1 ? g->res->created : NULL, &n, &failed, e);

	g->res->ver.cleaned = 1;
	g->res->ver.versions = n.versions;
	g->res->ver.markers = n.markers;
	if (rc == 0)
		return 0;
	if (failed.cls != EC_NONE)
		eng_count_error(g, &failed);
	return err_prefix(e, "cleanup");
}

int engine_cleanup(const struct engine_opts *o, struct engine_result *res, struct err *e)
{
	struct eng g;
	int rc;

	if (eng_init(&g, o, res, ENG_PHASE_CLEANUP, e) != 0)
		return -1;
	if (o->wl->keep || o->wl->dataset != NULL) {
		eng_fini(&g);
		return 0;
	}
	rc = sweep(&g, e);
	if (rc != 0 && res->cls == EC_NONE)
		res->cls = main_class(&g) != EC_NONE ? main_class(&g) : EC_HTTP_4XX;
	eng_fini(&g);
	return rc;
}

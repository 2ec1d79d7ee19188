/* collect/engine.c: see engine.h.
 *
 * Workers are spread over a few threads (at most one per CPU); each thread drives its
 * workers' requests with its own libcurl multi handle, so connections stay alive per
 * worker and no thread blocks on one request. Rows, the run summary and the counters
 * are shared under one lock (taken once per request).
 *
 * Object names are deterministic so that the three phases need no shared state:
 *   PREFIX obj/NNNNNNNN     prepared objects (get, head, list, delete, get-small)
 *   PREFIX put/wWWWW/SEQ    put, put-empty and multipart objects
 * Rows: one per request, except list (one row per full listing of the prefix: all its
 * pages, n_objects = keys listed, first byte of the first page) and multipart (one row
 * per object: create, parts, complete; op PUT, last_byte = end of the last part). */
#include "collect/engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "collect/body.h"
#include "collect/engine_wl.h"
#include "collect/s3.h"
#include "core/opslog.h"
#include "core/timefmt.h"

static int stopped(const struct eng *g)
{
	return g->abort || (g->o->stop != NULL && *g->o->stop);
}

/* note_error: count a failed request (lock held). */
static void note_error(struct eng *g, enum err_class cls, const char *text)
{
	g->res->errors++;
	g->live.errors++;
	if ((int)cls > 0 && cls < EC_COUNT)
		g->cls_count[cls]++;
	if (g->res->n_first < ENGINE_FIRST_ERRORS) {
		for (int i = 0; i < g->res->n_first; i++)
			if (strcmp(g->res->first[i], text) == 0)
				return;
		snprintf(g->res->first[g->res->n_first++], sizeof(g->res->first[0]), "%s", text);
	}
}

void eng_fail(struct eng *g, enum err_class cls, const char *text)
{
	pthread_mutex_lock(&g->lock);
	if (!g->abort) {
		g->abort = 1;
		g->fail_cls = cls;
		snprintf(g->fail_msg, sizeof(g->fail_msg), "%s", text);
	}
	pthread_mutex_unlock(&g->lock);
}

void eng_count_error(struct eng *g, const struct s3_result *res)
{
	pthread_mutex_lock(&g->lock);
	note_error(g, res->cls, res->error);
	pthread_mutex_unlock(&g->lock);
}

void eng_row(struct eng *g, struct worker *w, const char *op, uint64_t n_objects,
	     uint64_t bytes, const char *file, const char *error, enum err_class cls,
	     int64_t start, int64_t first, int64_t last, int64_t end)
{
	struct err e = {{0}};
	struct op_row row = {
		.thread = w->id, .op = op, .client_id = "", .n_objects = n_objects,
		.bytes = bytes, .endpoint = g->o->endpoint ? g->o->endpoint : "", .file = file,
		.error = error ? error : "", .start_ns = start, .first_byte_ns = first,
		.last_byte_ns = last, .end_ns = end, .duration_ns = end - start, .cat = "",
	};

	pthread_mutex_lock(&g->lock);
	row.idx = g->next_idx++;
	g->live.requests++;
	if (row.error[0] != '\0') {
		note_error(g, cls, row.error);
	} else {
		g->live.bytes += bytes;
		g->live.objects += n_objects;
	}
	if (g->o->log != NULL && opslog_writer_add(g->o->log, &row, &e) != 0 && !g->abort) {
		g->abort = 1;
		g->fail_cls = EC_CRASHED;
		snprintf(g->fail_msg, sizeof(g->fail_msg), "ops log: %s", e.msg);
	}
	if (g->acc != NULL && summary_acc_add(g->acc, &row, &e) != 0 && !g->abort) {
		g->abort = 1;
		g->fail_cls = EC_CRASHED;
		snprintf(g->fail_msg, sizeof(g->fail_msg), "summary: %s", e.msg);
	}
	pthread_mutex_unlock(&g->lock);
}

uint64_t eng_take(struct eng *g, uint64_t n, uint64_t *first)
{
	uint64_t got;

	pthread_mutex_lock(&g->lock);
	*first = g->cursor;
	got = g->cursor < g->cursor_end ? g->cursor_end - g->cursor : 0;
	if (got > n)
		got = n;
	g->cursor += got;
	pthread_mutex_unlock(&g->lock);
	return got;
}

int eng_time_left(const struct eng *g)
{
	if (stopped(g))
		return 0;
	if (g->deadline_mono != 0 && time_mono_ns() >= g->deadline_mono)
		return 0;
	return 1;
}

static void tick(struct eng *g, int64_t now)
{
	if (g->o->on_tick == NULL || now < g->next_tick)
		return;
	g->next_tick = now + 1000000000LL;
	pthread_mutex_lock(&g->lock);
	struct engine_live live = g->live;
	live.elapsed_s = (now - g->t0_mono) / 1e9;
	g->o->on_tick(&live, g->o->tick_arg);
	pthread_mutex_unlock(&g->lock);
}

/* start_next: give worker w its next request; 0 when one is in flight, -1 when done. */
static int start_next(struct eng *g, struct worker *w, CURLM *m)
{
	struct s3_args a;
	struct err e = {{0}};

	for (;;) {
		memset(&a, 0, sizeof(a));
		if (stopped(g) || wl_next(g, w, &a) != 0)
			return -1;
		if (s3_req_setup(w->req, &a, &e) == 0)
			break;
		eng_fail(g, g->phase == PHASE_PREPARE ? EC_PREPARE_FAILED : EC_CRASHED, e.msg);
		return -1;
	}
	if (curl_multi_add_handle(m, s3_req_easy(w->req)) != CURLM_OK) {
		eng_fail(g, EC_CRASHED, "curl_multi_add_handle failed");
		return -1;
	}
	w->busy = 1;
	return 0;
}

struct tctx {
	struct eng *g;
	int index, first, last; /* workers [first, last) */
	pthread_t th;
};

static void *thread_run(void *arg)
{
	struct tctx *t = arg;
	struct eng *g = t->g;
	CURLM *m = curl_multi_init();
	int active = 0, running = 0, q;
	CURLMsg *msg;

	if (m == NULL) {
		eng_fail(g, EC_CRASHED, "curl_multi_init failed");
		return NULL;
	}
	curl_multi_setopt(m, CURLMOPT_MAXCONNECTS, (long)(t->last - t->first + 4));
	for (int i = t->first; i < t->last; i++)
		if (start_next(g, &g->w[i], m) == 0)
			active++;
	while (active > 0 && !stopped(g)) {
		if (curl_multi_perform(m, &running) != CURLM_OK) {
			eng_fail(g, EC_CRASHED, "curl_multi_perform failed");
			break;
		}
		while ((msg = curl_multi_info_read(m, &q)) != NULL) {
			if (msg->msg != CURLMSG_DONE)
				continue;
			CURL *easy = msg->easy_handle;
			CURLcode cc = msg->data.result;
			struct s3_req *r = s3_req_from_easy(easy);
			struct worker *w = r ? s3_req_user(r) : NULL;
			curl_multi_remove_handle(m, easy);
			if (w == NULL)
				continue;
			s3_req_finish(r, cc, &w->res);
			w->busy = 0;
			active--;
			wl_done(g, w, &w->res);
			if (start_next(g, w, m) == 0)
				active++;
		}
		if (t->index == 0)
			tick(g, time_mono_ns());
		if (active > 0 && curl_multi_poll(m, NULL, 0, 100, NULL) != CURLM_OK) {
			eng_fail(g, EC_CRASHED, "curl_multi_poll failed");
			break;
		}
	}
	/* stopped: requests still in flight are abandoned, not logged */
	for (int i = t->first; i < t->last; i++)
		if (g->w[i].busy) {
			curl_multi_remove_handle(m, s3_req_easy(g->w[i].req));
			g->w[i].busy = 0;
		}
	curl_multi_cleanup(m);
	return NULL;
}

static int n_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

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

/* run: drive nworkers workers of phase `phase` to the end. */
static int run(struct eng *g, int nworkers, struct err *e)
{
	int nthreads = nworkers < n_cpus() ? nworkers : n_cpus();
	struct tctx *t = NULL;
	int rc = -1, started = 0;

	g->w = calloc((size_t)nworkers, sizeof(*g->w));
	t = calloc((size_t)nthreads, sizeof(*t));
	if (g->w == NULL || t == NULL) {
		err_set(e, "engine: out of memory for %d workers", nworkers);
		goto done;
	}
	g->nworkers = nworkers;
	raise_fd_limit(nworkers);
	for (int i = 0; i < nworkers; i++) {
		g->w[i].id = i;
		g->w[i].rng = 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1) ^ (uint64_t)time_now_ns();
		g->w[i].req = s3_req_new(g->o->client, e);
		if (g->w[i].req == NULL)
			goto done;
		s3_req_set_user(g->w[i].req, &g->w[i]);
	}
	g->t0_mono = time_mono_ns();
	g->next_tick = g->t0_mono + 1000000000LL;
	if (g->wl->bound == WL_BOUND_DURATION && g->phase == PHASE_BENCH)
		g->deadline_mono = g->t0_mono + (int64_t)(g->wl->duration_s * 1e9);
	for (int i = 0; i < nthreads; i++) {
		t[i].g = g;
		t[i].index = i;
		t[i].first = (int)((long)nworkers * i / nthreads);
		t[i].last = (int)((long)nworkers * (i + 1) / nthreads);
	}
	for (int i = 1; i < nthreads; i++) {
		if (pthread_create(&t[i].th, NULL, thread_run, &t[i]) != 0) {
			eng_fail(g, EC_CRASHED, "cannot start a worker thread");
			break;
		}
		started = i;
	}
	thread_run(&t[0]);
	for (int i = 1; i <= started; i++)
		pthread_join(t[i].th, NULL);
	rc = 0;
done:
	if (g->w != NULL) {
		for (int i = 0; i < nworkers; i++) {
			wl_worker_free(&g->w[i]);
			s3_req_free(g->w[i].req);
		}
		free(g->w);
		g->w = NULL;
	}
	free(t);
	return rc;
}

static int eng_init(struct eng *g, const struct engine_opts *o, struct engine_result *res,
		    enum phase phase, struct err *e)
{
	memset(g, 0, sizeof(*g));
	g->o = o;
	g->wl = o->wl;
	g->res = res;
	g->phase = phase;
	if (o->client == NULL || o->bucket == NULL || o->prefix == NULL || o->wl == NULL)
		return err_set(e, "engine: client, bucket, prefix and workload are required");
	if (o->wl->op < 0 || o->wl->op >= WL_OP_COUNT)
		return err_set(e, "engine: unknown workload op %d", (int)o->wl->op);
	if (o->wl->concurrency < 1 || o->wl->concurrency > 1024)
		return err_set(e, "engine: concurrency %d not in 1..1024", o->wl->concurrency);
	pthread_mutex_init(&g->lock, NULL);
	g->lock_ok = 1;
	return 0;
}

static void eng_fini(struct eng *g)
{
	body_free(g->body);
	if (g->lock_ok)
		pthread_mutex_destroy(&g->lock);
}

static enum err_class main_class(const struct eng *g)
{
	int best = EC_NONE;

	for (int i = 1; i < EC_COUNT; i++)
		if (g->cls_count[i] > g->cls_count[best] || (best == EC_NONE && g->cls_count[i]))
			best = i;
	return (enum err_class)best;
}

/* ensure_bucket: create the bucket when HeadBucket says 404. Any other answer leaves it
 * alone: it exists, or we may not see it (a benchmark user often has object rights but
 * no bucket rights; the object requests then tell). WebDAV servers answer 301 for an
 * existing directory. */
static int ensure_bucket(struct eng *g, struct err *e)
{
	struct s3_req *r = s3_req_new(g->o->client, e);
	struct s3_result res;
	struct s3_args h = {.op = S3_HEAD_BUCKET, .bucket = g->o->bucket};
	struct s3_args a = {.op = S3_CREATE_BUCKET, .bucket = g->o->bucket};
	int rc = -1;

	if (r == NULL)
		return -1;
	if (s3_retry(r, &h, 3, 200, &res, e) == 0 || (res.status != 404 && res.status != 0)) {
		rc = 0;
	} else if (s3_retry(r, &a, 3, 200, &res, e) == 0 ||
	    strcmp(res.code, "BucketAlreadyOwnedByYou") == 0 ||
	    strcmp(res.code, "BucketAlreadyExists") == 0) {
		rc = 0;
	} else {
		g->res->cls = res.cls;
		pthread_mutex_lock(&g->lock);
		note_error(g, res.cls, res.error);
		pthread_mutex_unlock(&g->lock);
	}
	s3_req_free(r);
	return rc;
}

int engine_prepare(const struct engine_opts *o, struct engine_result *res, struct err *e)
{
	struct eng g;
	int rc = -1, workers;

	if (eng_init(&g, o, res, PHASE_PREPARE, e) != 0)
		return -1;
	if (o->wl->op != WL_CREATE_BUCKET && ensure_bucket(&g, e) != 0)
		goto done;
	g.cursor_end = wl_prepared_objects(o->wl);
	if (g.cursor_end == 0) {
		rc = 0;
		goto done;
	}
	g.body = body_new(o->wl->size, (uint64_t)time_now_ns(), e);
	if (g.body == NULL)
		goto done;
	workers = o->wl->concurrency < 8 ? 8 : o->wl->concurrency > 64 ? 64 : o->wl->concurrency;
	if ((uint64_t)workers > g.cursor_end)
		workers = (int)g.cursor_end;
	if (run(&g, workers, e) != 0)
		goto done;
	if (g.abort || (o->stop && *o->stop)) {
		res->cls = g.abort ? g.fail_cls : EC_KILLED;
		err_set(e, "prepare: %s", g.abort ? g.fail_msg : "stopped");
		goto done;
	}
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

int engine_benchmark(const struct engine_opts *o, struct engine_result *res, struct err *e)
{
	struct eng g;
	int rc = -1, workers;
	double cpu0;

	if (eng_init(&g, o, res, PHASE_BENCH, e) != 0)
		return -1;
	res->has_summary = 0;
	g.acc = summary_acc_new();
	if (g.acc == NULL) {
		err_set(e, "engine: out of memory");
		goto done;
	}
	if (wl_uses_body(o->wl)) {
		g.body = body_new(o->wl->size, (uint64_t)time_now_ns() ^ 0x5eed, e);
		if (g.body == NULL)
			goto done;
	}
	g.cursor_end = o->wl->op == WL_DELETE ? wl_prepared_objects(o->wl) : 0;
	workers = wl_sequential(o->wl) ? 1 : o->wl->concurrency;
	cpu0 = cpu_now();
	if (run(&g, workers, e) != 0) {
		res->cls = EC_CRASHED;
		goto done;
	}
	res->cpu_s = cpu_now() - cpu0;
	if (g.next_idx > 0)
		res->cpu_us_per_op = res->cpu_s * 1e6 / (double)g.next_idx;
	if (g.abort) {
		res->cls = g.fail_cls;
		err_set(e, "benchmark: %s", g.fail_msg);
		goto done;
	}
	if (summary_acc_finish(g.acc, &res->summary, e) != 0) {
		res->cls = main_class(&g);
		if (res->cls == EC_NONE)
			res->cls = EC_UNAVAILABLE;
		err_prefix(e, "benchmark: %llu requests, %llu errors%s%s",
			   (unsigned long long)g.next_idx, (unsigned long long)res->errors,
			   res->n_first ? ", first: " : "", res->n_first ? res->first[0] : "");
		goto done;
	}
	res->has_summary = 1;
	if (res->errors > 0)
		res->cls = main_class(&g);
	rc = 0;
done:
	summary_acc_free(g.acc);
	eng_fini(&g);
	return rc;
}

int engine_cleanup(const struct engine_opts *o, struct engine_result *res, struct err *e)
{
	struct eng g;
	int rc;

	if (eng_init(&g, o, res, PHASE_CLEANUP, e) != 0)
		return -1;
	if (o->wl->keep) {
		eng_fini(&g);
		return 0;
	}
	rc = wl_cleanup(&g, e);
	if (rc != 0 && res->cls == EC_NONE)
		res->cls = main_class(&g) != EC_NONE ? main_class(&g) : EC_HTTP_4XX;
	eng_fini(&g);
	return rc;
}

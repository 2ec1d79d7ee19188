/* collect/engine/engine_loop.c: the engine's threads: each drives its workers' requests with
 * its own libcurl multi handle over epoll (see engine_int.h).
 *
 * Closed loop: a worker sends its next request as soon as its last one is answered.
 * Open loop (a benchmark with a rate; docs/METHODOLOGY.md, "Fixed-rate runs"): the
 * requests are slots 0, 1, 2, ... due at t0 + i / rate (eng_slot_due; a replay's at
 * its trace's offsets, collect/replay.h). A free worker
 * takes the next slot from the phase's shared counter (atomically, any thread) and
 * sends it when it is due, or at once when it is already late; no slot is skipped, so
 * a stall shows in the latency from the intended start. A thread's epoll wait ends at
 * the earliest due slot of its waiting workers (epoll_pwait2, nanoseconds), so each
 * request leaves at its own time: no herd. Slots due at or after the duration bound's
 * deadline are not taken. */
#include "collect/engine/engine_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "collect/engine/realtime.h"
#include "collect/engine/retry.h"
#include "collect/s3/s3.h"
#include "core/timefmt.h"

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

/* in_flight: hand worker w's set-up request to the multi handle m (its duplicate armed
 * when the run hedges); 0, or -1 after eng_fail. */
static int in_flight(struct eng *g, struct worker *w, CURLM *m)
{
	if (curl_multi_add_handle(m, s3_req_easy(w->req)) != CURLM_OK) {
		eng_fail(g, EC_CRASHED, "curl_multi_add_handle failed");
		return -1;
	}
	w->busy = 1;
	hedge_arm(g, w, time_mono_ns());
	return 0;
}

/* start_next: give worker w its next request; 0 when one is in flight, -1 when done. */
static int start_next(struct eng *g, struct worker *w, CURLM *m)
{
	struct s3_args a;
	struct err e = {{0}};

	for (;;) {
		memset(&a, 0, sizeof(a));
		a.bucket = g->o->bucket;
		if (eng_stopped(g) || g->kind->next(g, w, &a) != 0)
			return -1;
		/* many buckets: the bucket of the worker's key, unless next named another */
		if (a.bucket == g->o->bucket && w->bucket != NULL)
			a.bucket = w->bucket;
		eng_request_headers(g, w, &a);
		if (s3_req_setup(w->req, &a, &e) == 0) {
			w->args = a; /* its strings stay valid until done: for a resend */
			break;
		}
		eng_fail(g, g->phase == ENG_PHASE_PREPARE ? EC_PREPARE_FAILED : EC_CRASHED, e.msg);
		return -1;
	}
	return in_flight(g, w, m);
}


/* The multi loop of one thread: libcurl's socket interface over epoll.
 *
 * curl_multi_socket_action is told which socket is ready (so libcurl neither polls every
 * socket of the thread nor re-polls the ready one before reading it), and epoll
 * registrations are kept across requests: when libcurl drops interest in a kept-alive
 * connection between two requests (CURL_POLL_REMOVE), the socket stays registered and
 * the next request's CURL_POLL_IN costs no system call. An idle registered socket that
 * becomes readable (the server closed it) is unregistered then. A socket libcurl closes
 * leaves the epoll set by itself (closing removes it); the socket libcurl opens next
 * under the same number starts unregistered (open_socket resets its entry). */
struct loop {
	CURLM *m;
	int ep;           /* epoll descriptor */
	long timeout_ms;  /* libcurl's timer: -1 none, 0 now */
	int64_t timer_at; /* monotonic ns when it expires */
	int64_t now;      /* monotonic ns, read once per turn of the loop */
	struct fdent {
		unsigned char reg;  /* events registered in epoll (EPOLLIN | EPOLLOUT), 0 none */
		unsigned char want; /* events libcurl wants now, 0 none */
	} * fds;
	int nfds;
	int failed;
	int waiting;             /* open loop: workers holding a slot not yet due */
	int64_t next_due;        /* the earliest due_mono among them */
	struct s3_conntab *ctab; /* the connections of m (collect/s3/s3.h) */
};

static struct fdent *fd_entry(struct loop *l, int fd)
{
	if (fd < 0)
		return NULL;
	if (fd >= l->nfds) {
		int n = l->nfds ? l->nfds : 256;
		while (n <= fd)
			n *= 2;
		struct fdent *f = realloc(l->fds, (size_t)n * sizeof(*f));
		if (f == NULL)
			return NULL;
		memset(f + l->nfds, 0, (size_t)(n - l->nfds) * sizeof(*f));
		l->fds = f;
		l->nfds = n;
	}
	return &l->fds[fd];
}

/* fd_register: make the epoll registration of fd match `want` (0: leave it as is). */
static int fd_register(struct loop *l, int fd, struct fdent *f, unsigned want)
{
	struct epoll_event ev = {.events = want, .data.fd = fd};

	if (want == 0 || f->reg == want)
		return 0;
	if (epoll_ctl(l->ep, f->reg ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &ev) != 0) {
		if (f->reg == 0 || errno != ENOENT || epoll_ctl(l->ep, EPOLL_CTL_ADD, fd, &ev) != 0)
			return -1;
	}
	f->reg = (unsigned char)want;
	return 0;
}

static int on_socket(CURL *easy, curl_socket_t s, int what, void *userp, void *socketp)
{
	struct loop *l = userp;
	struct fdent *f = fd_entry(l, s);
	unsigned want = 0;

	(void)easy;
	(void)socketp;
	if (f == NULL) {
		l->failed = 1;
		return -1;
	}
	if (what == CURL_POLL_IN || what == CURL_POLL_INOUT)
		want |= EPOLLIN;
	if (what == CURL_POLL_OUT || what == CURL_POLL_INOUT)
		want |= EPOLLOUT;
	f->want = (unsigned char)want;
	if (fd_register(l, s, f, want) != 0) {
		l->failed = 1;
		return -1;
	}
	return 0;
}

static int on_timer(CURLM *m, long timeout_ms, void *userp)
{
	struct loop *l = userp;

	(void)m;
	l->timeout_ms = timeout_ms;
	/* from the turn's clock: at worst the timer fires a little early, and libcurl then
	 * just sets it again */
	l->timer_at = timeout_ms >= 0 ? l->now + (int64_t)timeout_ms * 1000000 : 0;
	return 0;
}

static curl_socket_t open_socket(void *arg, curlsocktype purpose, struct curl_sockaddr *a)
{
	struct loop *l = arg;
	curl_socket_t s;
	struct fdent *f;

	(void)purpose;
	s = socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
	if (s != CURL_SOCKET_BAD && (f = fd_entry(l, s)) != NULL)
		f->reg = f->want = 0;
	return s;
}

/* take_slot: the open-loop worker w takes the next slot: w->due_mono and w->intended_ns
 * set; 0, or -1 when the slot is due at or after the deadline (the worker is done). */
static int take_slot(struct eng *g, struct worker *w)
{
	uint64_t i = atomic_fetch_add(&g->next_slot, 1);
	int64_t due = eng_slot_due(g, i);

	if (g->deadline_mono != 0 && due >= g->deadline_mono)
		return -1;
	w->due_mono = due;
	w->intended_ns = g->t0_unix + (due - g->t0_mono);
	w->slot = i;
	return 0;
}

/* resend: send worker w's request again (a retry): its body from the start. 0 when it is in
 * flight, -1 after eng_fail. */
static int resend(struct eng *g, struct worker *w, CURLM *m)
{
	struct err e = {{0}};

	if (w->args.body != NULL && w->args.body->seek != NULL)
		w->args.body->seek(w->args.body->arg, 0);
	if (s3_req_setup(w->req, &w->args, &e) != 0) {
		eng_fail(g, EC_CRASHED, e.msg);
		return -1;
	}
	return in_flight(g, w, m);
}

/* retry_take: when worker w's answer is a failure to retry (s3_retry_wanted) with attempts
 * left (benchmark: workload.retries, before the duration's deadline; prepare:
 * s3_phase_attempts in all, each retry counted in the client and the failed attempt as an
 * error without a row), log the attempt (benchmark: its row "K+"), and make w wait its
 * backoff to resend it; 1 then, else 0 (the answer is final). */
static int retry_take(struct eng *g, struct loop *l, struct worker *w)
{
	int prep = g->phase == ENG_PHASE_PREPARE;
	int left = prep ? s3_phase_attempts(&w->res, S3_PREPARE_ATTEMPTS) - 1
		   : g->phase == ENG_PHASE_BENCH ? g->wl->retries
						 : 0;

	if (w->tries >= left || !s3_retry_wanted(&w->res) || eng_stopped(g) ||
	    (!prep && g->deadline_mono != 0 && l->now >= g->deadline_mono))
		return 0;
	if (w->tries == 0)
		w->first_start_ns = w->res.start_ns;
	w->resend = 1; /* eng_row writes this attempt as retried */
	if (prep) {
		eng_count_error(g, &w->res);
		s3_client_note_retry(g->o->client);
	} else {
		eng_row(g, w, retry_row_op(w->args.op), 0, 0, w->key.p ? w->key.p : "",
			w->res.error, w->res.cls, w->res.start_ns, w->res.first_byte_ns,
			w->res.last_byte_ns, w->res.end_ns);
	}
	w->tries++;
	w->due_mono = l->now + s3_backoff_ns(&w->rng, w->tries);
	if (w->due_mono <= l->now)
		w->due_mono = l->now + 1;
	l->waiting++;
	return 1;
}

/* resume: worker w is free: closed loop, its next request at once; open loop, it takes
 * a slot and sends it now when due (or late), else it waits (l->waiting). A slot taken
 * late after a request (`after`) with every worker woken (the cap reached) waited for
 * a worker: late_no_worker. (Below the cap an idle worker was there; the slot is late
 * because its thread woke late, which the on-time share shows.) */
static void resume(struct eng *g, struct loop *l, struct worker *w, int after, int *active)
{
	if (g->rate > 0) {
		if (eng_stopped(g) || take_slot(g, w) != 0)
			return;
		if (w->due_mono > l->now) {
			l->waiting++;
			return;
		}
		if (after && l->now - w->due_mono > g->rate_tol_ns &&
		    atomic_load(&g->rate_workers) >= g->nworkers)
			atomic_fetch_add(&g->late_no_worker, 1);
		w->due_mono = 0;
	}
	if (start_next(g, w, l->m) == 0)
		(*active)++;
}

/* untaken_due: open loop: when the next slot nobody holds is due (monotonic ns), or 0
 * when it falls at or after the deadline (no worker is needed for it). */
static int64_t untaken_due(const struct eng *g)
{
	int64_t due = eng_slot_due(g, atomic_load(&g->next_slot));

	return g->deadline_mono != 0 && due >= g->deadline_mono ? 0 : due;
}

/* grow: open loop, Little's law: while a slot is due that no worker holds (every
 * worker is busy or holds an earlier one), wake one of t's idle workers for it, up to
 * the cap (the workers a thread was given). The slot is claimed with a compare and
 * swap, so threads waking at the same instant do not wake two workers for one slot. */
static void grow(struct tctx *t, struct loop *l, int *active)
{
	struct eng *g = t->g;

	while (t->idle < t->last && !eng_stopped(g)) {
		uint_least64_t i = atomic_load(&g->next_slot);
		int64_t due = eng_slot_due(g, i);
		struct worker *w;

		if (due > l->now || (g->deadline_mono != 0 && due >= g->deadline_mono))
			return;
		if (!atomic_compare_exchange_weak(&g->next_slot, &i, i + 1))
			continue;
		w = &g->w[t->idle++];
		atomic_fetch_add(&g->rate_workers, 1);
		w->due_mono = 0;
		w->intended_ns = g->t0_unix + (due - g->t0_mono);
		w->slot = i;
		if (start_next(g, w, l->m) == 0)
			(*active)++;
	}
}

/* release_due: start the waiting workers of t whose slot is due, then wake idle ones for
 * due slots nobody holds (grow); l->next_due = the earliest instant the thread must act
 * on: a waiting worker's slot, or (idle workers left) the next untaken slot. */
static void release_due(struct tctx *t, struct loop *l, int *active)
{
	struct eng *g = t->g;
	int64_t next;

	l->next_due = 0;
	if (g->rate > 0 && t->idle < t->last) {
		grow(t, l, active);
		if (t->idle < t->last && (next = untaken_due(g)) != 0)
			l->next_due = next;
	}
	if (l->waiting == 0)
		return;
	for (int i = t->first; i < t->idle; i++) {
		struct worker *w = &g->w[i];
		if (w->due_mono == 0)
			continue;
		if (w->due_mono <= l->now) {
			w->due_mono = 0;
			l->waiting--;
			if (w->resend) {
				w->resend = 0;
				if (resend(g, w, l->m) == 0)
					(*active)++;
			} else if (start_next(g, w, l->m) == 0) {
				(*active)++;
			}
		} else if (l->next_due == 0 || w->due_mono < l->next_due) {
			l->next_due = w->due_mono;
		}
	}
}

/* drain: hand every finished transfer back to its worker and start its next request. */
static void drain(struct eng *g, struct loop *l, int *active)
{
	CURLMsg *msg;
	int q;

	while ((msg = curl_multi_info_read(l->m, &q)) != NULL) {
		if (msg->msg != CURLMSG_DONE)
			continue;
		CURL *easy = msg->easy_handle;
		CURLcode cc = msg->data.result;
		struct s3_req *r = s3_req_from_easy(easy);
		struct worker *w = r ? s3_req_user(r) : NULL;
		if (r != NULL)
			s3_req_sample_conn(r);
		curl_multi_remove_handle(l->m, easy);
		if (w == NULL)
			continue;
		hedge_settle(g, w, r, cc, l->m, active);
		eng_note_transport(g, &w->res);
		w->busy = 0;
		(*active)--;
		if (retry_take(g, l, w))
			continue;
		/* a retried request: from its first attempt's start (end to end) */
		if (w->tries > 0)
			w->res.start_ns = w->first_start_ns;
		g->kind->done(g, w, &w->res);
		hedge_note(g, &w->res);
		w->row_hedge = 0;
		w->tries = 0;
		resume(g, l, w, 1, active);
	}
}

/* loop_open: the thread's multi handle and epoll set, and each worker's first request
 * (or, open loop, slot); how many are in flight, or -1 when the loop cannot start. */
static int loop_open(struct tctx *t, struct loop *l)
{
	struct eng *g = t->g;
	int active = 0;

	l->m = curl_multi_init();
	l->ep = epoll_create1(EPOLL_CLOEXEC);
	if (l->m == NULL || l->ep < 0) {
		eng_fail(g, EC_CRASHED, "curl_multi_init or epoll_create1 failed");
		return -1;
	}
	/* room for every connection libcurl keeps (MAXCONNECTS idle) and the workers' and
	 * their duplicates' in use */
	l->ctab = s3_conntab_new(t->first, t->last - t->first, 3 * (t->last - t->first) + 8,
				 eng_conn_gone, g);
	if (l->ctab == NULL) {
		eng_fail(g, EC_CRASHED, "out of memory for the connection table");
		return -1;
	}
	curl_multi_setopt(l->m, CURLMOPT_MAXCONNECTS, (long)(t->last - t->first + 4));
	/* HTTP/2: every worker on one multiplexed connection (http2_shared, one thread), or
	 * each on its own */
	curl_multi_setopt(l->m, CURLMOPT_PIPELINING,
			  g->wl->send.http2 && g->wl->send.http2_shared ? (long)CURLPIPE_MULTIPLEX
									: (long)CURLPIPE_NOTHING);
	curl_multi_setopt(l->m, CURLMOPT_SOCKETFUNCTION, on_socket);
	curl_multi_setopt(l->m, CURLMOPT_SOCKETDATA, l);
	curl_multi_setopt(l->m, CURLMOPT_TIMERFUNCTION, on_timer);
	curl_multi_setopt(l->m, CURLMOPT_TIMERDATA, l);
	l->now = time_mono_ns();
	/* open loop: start small, one worker a thread; grow wakes the others when needed */
	t->idle = g->rate > 0 ? t->first + 1 : t->last;
	for (int i = t->first; i < t->last; i++) {
		CURL *h = s3_req_easy(g->w[i].req);
		curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, open_socket);
		curl_easy_setopt(h, CURLOPT_OPENSOCKETDATA, l);
		s3_req_set_conntab(g->w[i].req, l->ctab, g->w[i].id);
		if (g->w[i].hreq != NULL) { /* a hedged run's duplicates (collect/engine/hedge.h) */
			s3_req_set_conntab(g->w[i].hreq, l->ctab, g->w[i].id);
			curl_easy_setopt(s3_req_easy(g->w[i].hreq), CURLOPT_OPENSOCKETFUNCTION,
					 open_socket);
			curl_easy_setopt(s3_req_easy(g->w[i].hreq), CURLOPT_OPENSOCKETDATA, l);
		}
		if (i < t->idle) {
			if (g->rate > 0)
				atomic_fetch_add(&g->rate_workers, 1);
			resume(g, l, &g->w[i], 0, &active);
		}
	}
	release_due(t, l, &active);
	return active;
}

/* socket_ready: tell libcurl what epoll said of fd; 0, or -1 when libcurl failed. */
static int socket_ready(struct loop *l, int fd, uint32_t events, int *running)
{
	struct fdent *f = fd_entry(l, fd);
	int act = 0;

	if (f == NULL)
		return 0;
	if (f->want == 0) {
		/* idle kept-alive connection: the server closed it, or stray bytes; libcurl
		 * sees it when it next looks at the connection */
		epoll_ctl(l->ep, EPOLL_CTL_DEL, fd, NULL);
		f->reg = 0;
		return 0;
	}
	if ((f->want & EPOLLIN) && (events & (EPOLLIN | EPOLLHUP | EPOLLERR)))
		act |= CURL_CSELECT_IN;
	if ((f->want & EPOLLOUT) && (events & (EPOLLOUT | EPOLLHUP | EPOLLERR)))
		act |= CURL_CSELECT_OUT;
	return curl_multi_socket_action(l->m, fd, act, running) == CURLM_OK ? 0 : -1;
}

/* loop_turn: wait (at most 100 ms, until libcurl's timer, or until the next due slot)
 * for sockets, let libcurl act on them and on its timer; 0, or -1 after eng_fail. */
static int loop_turn(struct eng *g, struct loop *l)
{
	struct epoll_event ev[64];
	int64_t until = l->now + 100000000LL, left;
	int n, running = 0;

	if (l->timeout_ms >= 0 && l->timer_at < until)
		until = l->timer_at;
	if (l->next_due != 0 && l->next_due < until)
		until = l->next_due;
	/* from the clock now, not l->now: the turn's work since (its answers, their rows) would
	 * otherwise make every wake-up that much late */
	left = until - time_mono_ns();
	if (left <= 0) {
		n = 0;
	} else {
		struct timespec ts = {.tv_sec = (time_t)(left / 1000000000),
				      .tv_nsec = (long)(left % 1000000000)};
		n = epoll_pwait2(l->ep, ev, (int)(sizeof(ev) / sizeof(ev[0])), &ts, NULL);
	}
	if (n < 0 && errno != EINTR) {
		eng_fail(g, EC_CRASHED, "epoll_wait failed");
		return -1;
	}
	l->now = time_mono_ns();
	for (int i = 0; i < n; i++)
		if (socket_ready(l, ev[i].data.fd, ev[i].events, &running) != 0) {
			eng_fail(g, EC_CRASHED, "curl_multi_socket_action failed");
			return -1;
		}
	if (l->timeout_ms >= 0 && l->now >= l->timer_at) {
		l->timeout_ms = -1;
		if (curl_multi_socket_action(l->m, CURL_SOCKET_TIMEOUT, 0, &running) != CURLM_OK) {
			eng_fail(g, EC_CRASHED, "curl_multi_socket_action failed");
			return -1;
		}
	}
	return 0;
}

/* loop_close: abandon the requests in flight (not logged), release the loop. */
static void loop_close(struct tctx *t, struct loop *l)
{
	struct eng *g = t->g;

	for (int i = t->first; i < t->last; i++)
		if (g->w[i].busy) {
			curl_multi_remove_handle(l->m, s3_req_easy(g->w[i].req));
			hedge_abandon(&g->w[i], l->m);
			g->w[i].busy = 0;
		}
	if (l->m != NULL)
		curl_multi_cleanup(l->m);
	for (int i = t->first; i < t->last; i++) {
		CURL *h = s3_req_easy(g->w[i].req);
		s3_req_set_conntab(g->w[i].req, NULL, 0);
		if (g->w[i].hreq != NULL)
			s3_req_set_conntab(g->w[i].hreq, NULL, 0);
		curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, (curl_opensocket_callback)NULL);
		curl_easy_setopt(h, CURLOPT_OPENSOCKETDATA, (void *)NULL);
		if (g->w[i].hreq != NULL) {
			h = s3_req_easy(g->w[i].hreq);
			curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION,
					 (curl_opensocket_callback)NULL);
			curl_easy_setopt(h, CURLOPT_OPENSOCKETDATA, (void *)NULL);
		}
	}
	s3_conntab_free(l->ctab); /* its connections into the result (eng_conn_gone) */
	if (l->ep >= 0)
		close(l->ep);
	free(l->fds);
}

/* creds_watch: the phase fails with class auth, naming why, once the keys the client signs
 * with have expired (no refresh replaced them in time: collect/s3/s3.h); thread 0 looks
 * once a second. */
static void creds_watch(struct eng *g)
{
	char why[400];

	if (s3_client_creds_expired(g->o->client, why, sizeof(why)))
		eng_fail(g, EC_AUTH, why);
}

/* hedge_due_next: a hedged run's duplicates that are due go out (collect/engine/hedge.h);
 * l->next_due wakes the loop for the next one. */
static void hedge_due_next(struct tctx *t, struct loop *l, int *active)
{
	int64_t next = hedge_release(t->g, t->first, t->last, l->m, l->now, active);

	if (next != 0 && (l->next_due == 0 || next < l->next_due))
		l->next_due = next;
}

void *engine_thread(void *arg)
{
	struct tctx *t = arg;
	struct eng *g = t->g;
	struct loop l = {.ep = -1, .timeout_ms = -1};
	struct realtime_saved rt = {0};
	int64_t creds_next = 0;
	int active, rc;

	if (g->rate > 0 && g->phase == ENG_PHASE_BENCH && g->o->realtime_prio > 0 &&
	    (rc = realtime_enter(g->o->realtime_prio, &rt)) != 0)
		atomic_store(&g->realtime_errno, rc);
	active = loop_open(t, &l);

	while ((active > 0 || l.waiting > 0 || l.next_due != 0) && !eng_stopped(g) && !l.failed) {
		if (loop_turn(g, &l) != 0)
			break;
		drain(g, &l, &active);
		release_due(t, &l, &active);
		hedge_due_next(t, &l, &active);
		if (t->index == 0 && g->phase == ENG_PHASE_PREPARE && !g->calibrating &&
		    l.now >= g->next_tick)
			eng_prepare_watch(g, l.now);
		if (t->index == 0) {
			tick(g, l.now);
			eng_steady_check(g, l.now);
			if (l.now >= creds_next) {
				creds_next = l.now + 1000000000LL;
				creds_watch(g);
			}
		}
	}
	if (l.failed)
		eng_fail(g, EC_CRASHED, "engine: epoll registration failed");
	loop_close(t, &l);
	realtime_leave(&rt);
	return NULL;
}

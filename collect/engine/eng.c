/* collect/engine/eng.c: the services of one phase of a run to the workload kinds and the
 * threads' loop; see eng.h. Rows, the run summary and the counters are shared under the
 * phase's lock (taken once per request); the stop, abort and steady flags are atomic. */
#include "collect/engine/eng.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/engine/engine_int.h"
#include "collect/engine/steady.h"
#include "collect/engine/wl.h"
#include "collect/replay.h"
#include "core/errstat.h"
#include "core/opslog.h"
#include "core/timefmt.h"

const struct engine_opts *eng_opts(const struct eng *g)
{
	return g->o;
}

const struct workload *eng_workload(const struct eng *g)
{
	return g->wl;
}

struct body_buf *eng_body(const struct eng *g)
{
	return g->body;
}

void eng_note_body(struct eng *g, uint64_t n, uint64_t off, uint64_t len)
{
	bodycert_offer(g->cert, n, off, len);
}

void eng_request_headers(struct eng *g, struct worker *w, struct s3_args *a)
{
	int u = a->op == S3_PUT_OBJECT || a->op == S3_MP_CREATE     ? S3_SSE_WRITE
		: a->op == S3_MP_UPLOAD_PART                        ? S3_SSE_PART
		: a->op == S3_GET_OBJECT || a->op == S3_HEAD_OBJECT ? S3_SSE_READ
								    : -1;
	size_t n = a->n_hdrs;

	if (u < 0 || g->n_extra[u] == 0 || n + g->n_extra[u] > S3_HDRS_MAX)
		return;
	if (n > 0 && a->hdrs != w->hdrs)
		memcpy(w->hdrs, a->hdrs, n * sizeof(*a->hdrs));
	memcpy(w->hdrs + n, g->extra[u], g->n_extra[u] * sizeof(*a->hdrs));
	a->hdrs = w->hdrs;
	a->n_hdrs = n + g->n_extra[u];
}

void *eng_shared(const struct eng *g)
{
	return g->shared;
}

const struct workload_where *eng_where(const struct eng *g)
{
	return &g->where;
}

/* abort is atomic_int; stop is written by a signal handler or another thread and read here
 * by every worker: an atomic load (checked by the ThreadSanitizer build of
 * tests/live/live_engine.c). */
int eng_stopped(const struct eng *g)
{
	return g->abort || (g->o->stop != NULL && __atomic_load_n(g->o->stop, __ATOMIC_RELAXED));
}

int64_t eng_slot_due(const struct eng *g, uint64_t i)
{
	const struct replay_trace *t = g->wl->trace;

	if (t != NULL) /* a replay: its requests' offsets; past the last, never */
		return i < t->n ? g->t0_mono + t->req[i].at_ns : INT64_MAX;
	return g->t0_mono + summary_rate_slot_ns(g->rate, i);
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

void eng_count_sent(struct eng *g, uint64_t n)
{
	atomic_fetch_add_explicit(&g->sent, n, memory_order_relaxed);
}

double eng_prepare_limit(uint64_t total, uint64_t sent, double window_s)
{
	if (sent == 0 || !(window_s > 0))
		return 0;
	return ENGINE_PREPARE_MIN_S + 2.0 * (double)total / ((double)sent / window_s);
}

void eng_prepare_watch(struct eng *g, int64_t now)
{
	double el = (double)(now - g->t0_mono) / 1e9;
	uint64_t sent = atomic_load_explicit(&g->sent, memory_order_relaxed);
	char msg[256];

	if (g->prep_limit_s == 0 && el >= ENGINE_PREPARE_WINDOW_S) {
		g->prep_limit_s = eng_prepare_limit(g->prep_total, sent, el);
		if (g->prep_limit_s == 0 && el >= ENGINE_PREPARE_MIN_S) {
			snprintf(msg, sizeof(msg), "prepare: no body byte sent in %.0f s", el);
			eng_fail(g, EC_PREPARE_FAILED, msg);
		}
	}
	if (g->prep_limit_s > 0 && el > g->prep_limit_s) {
		snprintf(msg, sizeof(msg),
			 "prepare: %llu of %llu bytes sent in %.0f s, past its limit of %.0f s "
			 "(docs/METHODOLOGY.md, \"Prepare\")",
			 (unsigned long long)sent, (unsigned long long)g->prep_total, el,
			 g->prep_limit_s);
		eng_fail(g, EC_PREPARE_FAILED, msg);
	}
	pthread_mutex_lock(&g->lock);
	g->live.prepare = 1;
	g->live.bytes = sent;
	g->live.limit_s = g->prep_limit_s;
	pthread_mutex_unlock(&g->lock);
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

/* row_phases: the request's phases (collect/s3/s3.h) into the row. */
static void row_phases(struct op_row *row, const struct s3_phases *ph)
{
	static const int conn[S3_CONN_COUNT] = {
		[S3_CONN_REUSED] = OPS_CONN_REUSED,
		[S3_CONN_NEW] = OPS_CONN_NEW,
		[S3_CONN_TLS_FULL] = OPS_CONN_TLS_FULL,
		[S3_CONN_TLS_RESUMED] = OPS_CONN_TLS_RESUMED,
	};

	row->has_phases = 1;
	row->dns_ns = ph->dns_ns;
	row->connect_ns = ph->connect_ns;
	row->tls_ns = ph->tls_ns;
	row->send_ns = ph->send_ns;
	row->wait_ns = ph->wait_ns;
	row->transfer_ns = ph->transfer_ns;
	row->conn = conn[ph->conn];
	row->rtt_ns = ph->rtt_ns;
}

void eng_row(struct eng *g, struct worker *w, const char *op, uint64_t n_objects, uint64_t bytes,
	     const char *file, const char *error, enum err_class cls, int64_t start, int64_t first,
	     int64_t last, int64_t end)
{
	struct err e = {{0}};
	struct op_row row = {
		.thread = w->id,
		.op = op,
		.n_objects = n_objects,
		.client_id = g->o->client_id ? g->o->client_id : "",
		.bytes = bytes,
		.endpoint = g->o->endpoint ? g->o->endpoint : "",
		.file = file,
		.error = error ? error : "",
		.start_ns = start,
		.first_byte_ns = first,
		.last_byte_ns = last,
		.end_ns = end,
		.duration_ns = end - start,
		.cat = "",
		.intended_ns = w->intended_ns,
		/* a run with retries: the attempt (collect/engine/retry.h); a retried one is
		 * logged but is no request of its own */
		.attempt = g->phase == ENG_PHASE_BENCH && g->wl->retries > 0 ? w->tries + 1 : 0,
		.retried = w->resend,
		.hedge = w->row_hedge,       /* collect/engine/hedge.h */
		.if_match = w->row_if_match, /* a conditional write's (wl_cond.c) */
		.etag = w->row_etag,
		.page = w->row_page, /* a list's page (wl_list.c) */
	};
	const struct s3_result *res = w->row_res;
	char spread_file[1200];

	/* many buckets: the row's file is BUCKET/KEY (docs/FORMATS.md) */
	if (g->where.nb > 1 && w->bucket != NULL &&
	    snprintf(spread_file, sizeof(spread_file), "%s/%s", w->bucket, file) <
		    (int)sizeof(spread_file))
		row.file = spread_file;
	if (res != NULL && res->ph.valid)
		row_phases(&row, &res->ph);
	if (res != NULL) { /* who answered: the address, the provider's request ids */
		row.remote = res->address;
		row.request_id = res->request_id;
		row.host_id = res->host_id;
		row.conn_id = res->cref.id; /* the connection (0: none known) */
		row.conn_req = res->cref.req;
		row.conn_age_ns = res->cref.age_ns;
	}
	/* a run that verifies GET checksums: whether a successful GET's was checked */
	if (res != NULL && g->phase == ENG_PHASE_BENCH && row.error[0] == '\0' &&
	    strcmp(op, "GET") == 0 && workload_verifies_checksums(g->wl))
		row.checksum = res->checksum_verified ? OPS_CK_VERIFIED : OPS_CK_ABSENT;
	pthread_mutex_lock(&g->lock);
	if (res != NULL && res->local_ip != NULL && g->res->local_ip[0] == '\0') {
		snprintf(g->res->local_ip, sizeof(g->res->local_ip), "%s", res->local_ip);
		snprintf(g->res->peer_ip, sizeof(g->res->peer_ip), "%s",
			 res->primary_ip ? res->primary_ip : "");
	}
	row.idx = g->next_idx++;
	if (row.retried || row.hedge == OPS_HEDGE_LOST) {
		/* counted by the summary's retry or hedge figures only */
	} else if (errstat_is_conflict(row.error)) {
		g->live.requests++; /* a conflict: neither a success nor an error */
		g->conflicts++;
	} else if (row.error[0] != '\0') {
		g->live.requests++;
		note_error(g, cls, row.error);
	} else {
		g->live.requests++;
		g->live.bytes += bytes;
		g->live.objects += n_objects;
	}
	if (g->o->log != NULL && opslog_writer_add(g->o->log, &row, &e) != 0 && !g->abort) {
		g->abort = 1;
		g->fail_cls = EC_LOCAL_IO; /* the client's own disk (full, or failing) */
		snprintf(g->fail_msg, sizeof(g->fail_msg), "%s", e.msg); /* names the log */
	}
	if (g->acc != NULL && summary_acc_add(g->acc, &row, &e) != 0 && !g->abort) {
		g->abort = 1;
		g->fail_cls = EC_CRASHED;
		snprintf(g->fail_msg, sizeof(g->fail_msg), "%s", e.msg); /* "summary: ..." */
	}
	pthread_mutex_unlock(&g->lock);
}

void eng_steady_check(struct eng *g, int64_t now)
{
	struct seg_value *v = NULL;
	size_t n = 0, m = 0;
	int64_t s0;
	int kf, kl;
	struct err e;
	double *x;

	if (!g->wl->auto_stop || g->phase != ENG_PHASE_BENCH || g->acc == NULL ||
	    now < g->steady_next || atomic_load(&g->steady))
		return;
	g->steady_next = now + 1000000000LL;
	if ((double)(now - g->t0_mono) / 1e9 < g->wl->min_duration_s)
		return;
	pthread_mutex_lock(&g->lock);
	int rc = summary_acc_series(g->acc, &v, &n, &s0, &kf, &kl, &e);
	pthread_mutex_unlock(&g->lock);
	/* complete seconds past the warm-up: leave out the first 2 and the last 2 */
	x = rc == 0 && n > 4 ? malloc((n - 4) * sizeof(*x)) : NULL;
	for (size_t i = 2; x != NULL && i + 2 < n; i++)
		x[m++] = g->wl->size > 0 ? v[i].mib_s : v[i].obj_s;
	if (x != NULL && steady_met(x, m)) {
		g->res->steady = 1;
		g->res->stopped_s = (double)(now - g->t0_mono) / 1e9;
		atomic_store(&g->steady, 1);
	}
	free(x);
	free(v);
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

int eng_take_calibration(struct eng *g, int64_t min_ns, uint64_t *obj)
{
	int more;

	pthread_mutex_lock(&g->lock);
	more = g->cursor_end > 0 &&
	       (g->calib_reads < g->cursor_end || time_mono_ns() - g->calib_t0 < min_ns);
	*obj = more ? g->calib_reads % g->cursor_end : 0;
	g->calib_reads += (uint64_t)more;
	pthread_mutex_unlock(&g->lock);
	return more;
}

void eng_reads_exhausted(struct eng *g)
{
	pthread_mutex_lock(&g->lock);
	g->res->reads_exhausted = 1;
	pthread_mutex_unlock(&g->lock);
}

/* note_conn: a connection the benchmark opened, its TLS pair and TCP_NODELAY counted. */
static void note_conn(struct engine_transport *t, const struct s3_conn_facts *f)
{
	int i;

	if (f->tcp_nodelay >= 0)
		*(f->tcp_nodelay ? &t->nodelay_on : &t->nodelay_off) += 1;
	if (f->tls_version[0] == '\0')
		return;
	for (i = 0; i < t->n_tls && (strcmp(t->tls_version[i], f->tls_version) != 0 ||
				     strcmp(t->tls_cipher[i], f->tls_cipher) != 0);
	     i++)
		;
	if (i == t->n_tls && i < ENGINE_TLS) {
		memcpy(t->tls_version[i], f->tls_version, sizeof(t->tls_version[i]));
		memcpy(t->tls_cipher[i], f->tls_cipher, sizeof(t->tls_cipher[i]));
		t->n_tls++;
	}
	if (i < t->n_tls)
		t->tls_conns[i]++;
}

void eng_conn_gone(void *arg, const struct s3_conn_info *c)
{
	struct eng *g = arg;
	struct engine_transport *t = &g->res->transport;
	struct engine_conn *o;

	if (g->phase != ENG_PHASE_BENCH)
		return;
	pthread_mutex_lock(&g->lock);
	if (t->n_conn < ENGINE_CONNS) {
		o = &t->conn[t->n_conn++];
		o->id = c->id;
		o->requests = c->requests;
		o->opened_ns = g->t0_unix + (c->opened_mono - g->t0_mono);
		memcpy(o->remote, c->remote, sizeof(o->remote));
		memcpy(o->tls_version, c->tls_version, sizeof(o->tls_version));
		memcpy(o->tls_cipher, c->tls_cipher, sizeof(o->tls_cipher));
		memcpy(o->tls_group, c->tls_group, sizeof(o->tls_group));
	} else {
		t->conns_more++;
	}
	pthread_mutex_unlock(&g->lock);
}

void eng_note_transport(struct eng *g, const struct s3_result *res)
{
	struct engine_transport *t = &g->res->transport;
	int i;

	if (g->phase != ENG_PHASE_BENCH)
		return;
	pthread_mutex_lock(&g->lock);
	if (res->http_version == 11)
		t->http11++;
	else if (res->http_version == 20)
		t->http2++;
	else if (res->http_version != 0)
		t->http_other++;
	for (i = 0; i < t->n_addr && strcmp(t->addr[i], res->address) != 0; i++)
		;
	if (i == t->n_addr && i < ENGINE_ADDRS && res->address[0]) {
		snprintf(t->addr[i], sizeof(t->addr[i]), "%s", res->address);
		t->n_addr++;
	}
	if (i < t->n_addr) {
		t->addr_requests[i]++;
		t->addr_bytes[i] += res->bytes_up + res->bytes_down;
	}
	if (res->facts.fresh)
		note_conn(t, &res->facts);
	pthread_mutex_unlock(&g->lock);
}

static int eng_time_left(const struct eng *g)
{
	if (eng_stopped(g) || atomic_load(&g->steady))
		return 0;
	if (g->deadline_mono != 0 && time_mono_ns() >= g->deadline_mono)
		return 0;
	return 1;
}

int eng_more(const struct eng *g, const struct worker *w)
{
	const struct workload *wl = g->wl;

	/* open loop: a worker holds a slot due before the deadline (take_slot refuses later
	 * ones), and that slot is sent even when its thread woke after the deadline */
	if (g->rate > 0 && wl->bound == WL_BOUND_DURATION)
		return !eng_stopped(g);
	if (!eng_time_left(g))
		return 0;
	switch (wl->bound) {
	case WL_BOUND_DURATION:
		return 1;
	case WL_BOUND_COUNT:
		return w->done < wl->count;
	case WL_BOUND_UNTIL_DONE:
	default:
		/* delete ends when the objects are gone; others do `count` (at least 1) */
		return wl->op == WL_DELETE || w->done < (wl->count ? wl->count : 1);
	}
}

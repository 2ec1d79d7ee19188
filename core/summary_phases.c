/* core/summary_phases.c: the summary's request phases and connections (summary.h,
 * struct request_phases and struct conn_summary; docs/METHODOLOGY.md, "Where the time
 * goes"), from the rows' phase columns:
 *   dns, connect, tls: statistics over the successful requests that opened a
 *     connection; send, wait, transfer: over every successful request with phases;
 *   mean_all_ms: each phase's sum over every successful request with phases / their
 *     number (a reused connection's set-up counts 0), so the six add up to the mean
 *     request duration (to the columns' microsecond rounding);
 *   rtt: the median of the rows' TCP_INFO samples, else the median connect time;
 *   connections: over every row with phases (errors included): opened = rows that
 *     opened one, tls_full / tls_resumed by handshake, reused_share = 1 - opened /
 *     requests. */
#include <stdlib.h>
#include <string.h>

#include "core/opslog.h"
#include "core/summary_int.h"

struct phase_acc {
	uint64_t rows, ok, conn[OPS_CONN_COUNT];
	struct i64vec v[RPH_COUNT], rtt;
	int64_t sum[RPH_COUNT];
	struct hist *h[RPH_COUNT];
};

static const char *const names[RPH_COUNT] = {"dns", "connect", "tls", "send", "wait", "transfer"};

const char *req_phase_name(int ph)
{
	return ph >= 0 && ph < RPH_COUNT ? names[ph] : NULL;
}

static struct phase_acc *acc_new(void)
{
	struct phase_acc *p = calloc(1, sizeof(*p));

	if (p == NULL)
		return NULL;
	for (int i = 0; i < RPH_COUNT; i++)
		if ((p->h[i] = hist_new()) == NULL) {
			for (int k = 0; k < i; k++)
				hist_free(p->h[k]);
			free(p);
			return NULL;
		}
	return p;
}

void summary_phases_free(struct summary_acc *a)
{
	struct phase_acc *p = a->ph;

	if (p == NULL)
		return;
	for (int i = 0; i < RPH_COUNT; i++) {
		free(p->v[i].v);
		hist_free(p->h[i]);
	}
	free(p->rtt.v);
	free(p);
	a->ph = NULL;
}

int summary_phases_add(struct summary_acc *a, const struct op_row *row, int ok, struct err *e)
{
	const int64_t v[RPH_COUNT] = {row->dns_ns,  row->connect_ns, row->tls_ns,
				      row->send_ns, row->wait_ns,    row->transfer_ns};
	struct phase_acc *p;
	int opened = row->conn != OPS_CONN_REUSED;

	if (!row->has_phases)
		return 0;
	if (a->ph == NULL && (a->ph = acc_new()) == NULL)
		return err_set(e, "summary: out of memory");
	p = a->ph;
	p->rows++;
	if (row->conn >= 0 && row->conn < OPS_CONN_COUNT)
		p->conn[row->conn]++;
	if (row->rtt_ns > 0 && summary_push(&p->rtt, row->rtt_ns) < 0)
		return err_set(e, "summary: out of memory");
	if (!ok)
		return 0;
	p->ok++;
	for (int i = 0; i < RPH_COUNT; i++) {
		p->sum[i] += v[i];
		if (i <= RPH_TLS && !opened)
			continue;
		if (i == RPH_TLS && row->conn == OPS_CONN_NEW)
			continue; /* a plain connection has no handshake */
		if (summary_push(&p->v[i], v[i]) < 0 || hist_record(p->h[i], v[i]) < 0)
			return err_set(e, "summary: out of memory");
	}
	return 0;
}

void summary_phases_clear(struct run_summary *s)
{
	for (int i = 0; i < RPH_COUNT; i++) {
		hist_free(s->phases.ph[i].hist);
		s->phases.ph[i].hist = NULL;
	}
}

static double median_ms(struct i64vec *v)
{
	struct lat_stats l;

	summary_lat(v, &l);
	return l.p50;
}

int summary_phases_finish(struct summary_acc *a, struct run_summary *out, struct err *e)
{
	struct phase_acc *p = a->ph;
	struct request_phases *rp = &out->phases;
	struct conn_summary *c = &out->conn;

	out->has_phases = 0;
	if (p == NULL || p->rows == 0)
		return 0;
	memset(rp, 0, sizeof(*rp));
	rp->requests = p->ok;
	for (int i = 0; i < RPH_COUNT; i++) {
		struct phase_summary *ps = &rp->ph[i];

		ps->n = p->v[i].n;
		ps->mean_all_ms = p->ok ? (double)p->sum[i] / (double)p->ok / 1e6 : 0;
		summary_lat(&p->v[i], &ps->lat);
		if (ps->n > 0 && (ps->hist = hist_copy(p->h[i])) == NULL) {
			summary_phases_clear(out);
			return err_set(e, "summary: out of memory");
		}
	}
	rp->rtt_samples = p->rtt.n;
	if (p->rtt.n > 0) {
		rp->rtt_source = RTT_TCP_INFO;
		rp->rtt_ms = median_ms(&p->rtt);
	} else if (rp->ph[RPH_CONNECT].n > 0) {
		rp->rtt_source = RTT_CONNECT;
		rp->rtt_ms = rp->ph[RPH_CONNECT].lat.p50;
	}
	c->requests = p->rows;
	c->opened = p->rows - p->conn[OPS_CONN_REUSED];
	c->tls_full = p->conn[OPS_CONN_TLS_FULL];
	c->tls_resumed = p->conn[OPS_CONN_TLS_RESUMED];
	c->reused_share = 1.0 - (double)c->opened / (double)c->requests;
	out->has_phases = 1;
	return 0;
}

static const char *const rtt_names[] = {"none", "tcp_info", "connect"};

static json_t *phase_json(const struct phase_summary *ps)
{
	json_t *o = json_pack("{s:I,s:f,s:o}", "n", (json_int_t)ps->n, "mean_all_ms",
			      ps->mean_all_ms, "latency_ms",
			      ps->n > 0 ? summary_lat_json(&ps->lat) : json_null());

	if (o != NULL && ps->hist != NULL &&
	    json_object_set_new(o, "latency_hist", hist_to_json(ps->hist)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int summary_phases_to_json(const struct run_summary *s, json_t *o)
{
	const struct request_phases *rp = &s->phases;
	const struct conn_summary *c = &s->conn;
	json_t *r, *cn;

	if (!s->has_phases)
		return 0;
	r = json_pack("{s:I,s:o,s:s,s:I}", "requests", (json_int_t)rp->requests, "rtt_ms",
		      rp->rtt_source != RTT_NONE ? json_real(rp->rtt_ms) : json_null(),
		      "rtt_source", rtt_names[rp->rtt_source], "rtt_samples",
		      (json_int_t)rp->rtt_samples);
	if (r == NULL || json_object_set_new(o, "request_phases", r) < 0)
		return -1;
	for (int i = 0; i < RPH_COUNT; i++)
		if (json_object_set_new(r, names[i], phase_json(&rp->ph[i])) < 0)
			return -1;
	cn = json_pack("{s:I,s:I,s:I,s:I,s:f}", "opened", (json_int_t)c->opened, "tls_full",
		       (json_int_t)c->tls_full, "tls_resumed", (json_int_t)c->tls_resumed,
		       "requests", (json_int_t)c->requests, "reused_share", c->reused_share);
	return cn == NULL || json_object_set_new(o, "connections", cn) < 0 ? -1 : 0;
}

static int phase_from_json(const json_t *r, int i, struct phase_summary *ps, struct err *e)
{
	json_t *x = json_object_get(r, names[i]), *h;
	char p[64];

	snprintf(p, sizeof(p), "summary.request_phases.%s", names[i]);
	if (!json_is_object(x))
		return err_set(e, "%s: missing or not an object", p);
	if (summary_get_u64(x, p, "n", &ps->n, e) ||
	    summary_get_num(x, p, "mean_all_ms", &ps->mean_all_ms, e))
		return -1;
	if (ps->n > 0 && summary_get_lat(x, p, "latency_ms", &ps->lat, e))
		return -1;
	h = json_object_get(x, "latency_hist");
	if (h == NULL || json_is_null(h))
		return 0;
	strncat(p, ".latency_hist", sizeof(p) - strlen(p) - 1);
	ps->hist = hist_from_json(h, p, e);
	if (ps->hist == NULL)
		return -1;
	if (hist_count(ps->hist) != ps->n)
		return err_set(e, "%s.count: %llu, but n is %llu", p,
			       (unsigned long long)hist_count(ps->hist), (unsigned long long)ps->n);
	return 0;
}

static int conn_from_json(const json_t *o, struct conn_summary *c, struct err *e)
{
	const char *p = "summary.connections";
	json_t *x = json_object_get(o, "connections");

	if (!json_is_object(x))
		return err_set(e, "%s: missing or not an object", p);
	if (summary_get_u64(x, p, "opened", &c->opened, e) ||
	    summary_get_u64(x, p, "tls_full", &c->tls_full, e) ||
	    summary_get_u64(x, p, "tls_resumed", &c->tls_resumed, e) ||
	    summary_get_u64(x, p, "requests", &c->requests, e) ||
	    summary_get_num(x, p, "reused_share", &c->reused_share, e))
		return -1;
	if (c->opened > c->requests || c->tls_full + c->tls_resumed > c->opened)
		return err_set(e, "%s: opened %llu of %llu requests, %llu + %llu TLS handshakes", p,
			       (unsigned long long)c->opened, (unsigned long long)c->requests,
			       (unsigned long long)c->tls_full, (unsigned long long)c->tls_resumed);
	return 0;
}

int summary_phases_from_json(const json_t *o, struct run_summary *out, struct err *e)
{
	const char *p = "summary.request_phases";
	json_t *r = json_object_get(o, "request_phases"), *x;
	struct request_phases *rp = &out->phases;
	const char *src;

	out->has_phases = 0;
	if (r == NULL || json_is_null(r))
		return 0;
	if (!json_is_object(r))
		return err_set(e, "%s: not an object", p);
	memset(rp, 0, sizeof(*rp));
	out->has_phases = 1; /* from here the caller's summary_clear frees the histograms */
	if (summary_get_u64(r, p, "requests", &rp->requests, e) ||
	    summary_get_u64(r, p, "rtt_samples", &rp->rtt_samples, e))
		return -1;
	src = json_string_value(json_object_get(r, "rtt_source"));
	for (int i = 0; src != NULL && i < 3; i++)
		if (strcmp(src, rtt_names[i]) == 0)
			rp->rtt_source = (enum rtt_source)i, src = NULL;
	if (src != NULL || json_object_get(r, "rtt_source") == NULL)
		return err_set(e, "%s.rtt_source: missing or not none, tcp_info, connect", p);
	x = json_object_get(r, "rtt_ms");
	if (rp->rtt_source != RTT_NONE && summary_get_num(r, p, "rtt_ms", &rp->rtt_ms, e))
		return -1;
	if (rp->rtt_source == RTT_NONE && !json_is_null(x))
		return err_set(e, "%s.rtt_ms: not null while rtt_source is none", p);
	for (int i = 0; i < RPH_COUNT; i++)
		if (phase_from_json(r, i, &rp->ph[i], e) < 0)
			return -1;
	return conn_from_json(o, &out->conn, e);
}

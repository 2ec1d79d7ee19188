/* analyze/cells/slowest.c: see slowest.h. Each cell's logs are read once: the SLOWEST_N
 * longest requests kept in an array sorted by latency (a new one goes in by insertion: the
 * array is short and nearly every row is faster than its last), each request counted for
 * its front end (its latency kept for the percentiles) and, with a server log, joined by
 * its request id (the parts of its latency kept). */
#include "analyze/cells/slowest.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/hedge_cells.h"
#include "analyze/read/reqlog.h"
#include "analyze/read/serverlog.h"
#include "analyze/stats/pctci.h"
#include "core/opslog.h"

static void req_free(struct slow_req *q)
{
	free(q->op);
	free(q->file);
	free(q->error);
	free(q->remote);
	free(q->request_id);
	free(q->host_id);
	memset(q, 0, sizeof(*q));
}

/* copy: s, or NULL when s is empty; *ok 0 when memory runs out. */
static char *copy(const char *s, int *ok)
{
	char *d;

	if (s == NULL || s[0] == '\0')
		return NULL;
	if ((d = strdup(s)) == NULL)
		*ok = 0;
	return d;
}

/* What one cell's read keeps: the run being read (its first start and last end), the
 * list. */
struct keep {
	struct slow_cell *c;
	const struct runlog *run;
	int64_t first, last;
	struct serverlog *srv; /* NULL: no join */
};

static int part_add(struct slow_part *p, int64_t x)
{
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 256;
		int64_t *v = realloc(p->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		p->v = v;
		p->cap = cap;
	}
	p->v[p->n++] = x;
	return 0;
}

/* join: request r of the cell against the server's log; -1 out of memory. */
static int join(struct keep *k, const struct op_row *r)
{
	struct slow_join *j = &k->c->join;
	struct srv_req *q;
	int64_t total;
	int fail = 0;

	if (k->srv == NULL || r->request_id[0] == '\0')
		return 0;
	j->with_id++;
	if ((q = serverlog_find(k->srv, r->request_id)) == NULL)
		return 0;
	q->joined = 1;
	j->joined++;
	total = (int64_t)(q->total_ms * 1e6);
	fail |= part_add(&j->part[SLOW_TOTAL], total);
	fail |= part_add(&j->part[SLOW_REST], r->duration_ns - total);
	if (!isnan(q->turnaround_ms)) {
		int64_t turn = (int64_t)(q->turnaround_ms * 1e6);

		fail |= part_add(&j->part[SLOW_TURN], turn);
		fail |= part_add(&j->part[SLOW_XFER], total - turn);
	}
	return fail;
}

/* front: the front end of address a in c (a new one when there is room; NULL: none). */
static struct slow_front *front(struct slow_cell *c, const char *a)
{
	for (size_t i = 0; i < c->n_front; i++)
		if (strcmp(c->front[i].remote, a) == 0)
			return &c->front[i];
	if (c->n_front == SLOW_FRONT_MAX)
		return NULL;
	snprintf(c->front[c->n_front].remote, sizeof(c->front[0].remote), "%s", a);
	return &c->front[c->n_front++];
}

/* note_front: row r of a cell's front end (its address); -1 out of memory. */
static int note_front(struct slow_cell *c, const struct op_row *r)
{
	struct slow_front *f;

	if (r->remote[0] == '\0')
		return 0; /* no answer, or a row of several requests */
	if ((f = front(c, r->remote)) == NULL) {
		c->front_others++;
		return 0;
	}
	f->requests++;
	if (r->error[0] != '\0') {
		f->errors++;
		return 0;
	}
	f->bytes += r->bytes;
	if (f->n_lat == f->cap_lat) {
		size_t cap = f->cap_lat ? 2 * f->cap_lat : 256;
		int64_t *v = realloc(f->lat, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		f->lat = v;
		f->cap_lat = cap;
	}
	f->lat[f->n_lat++] = r->duration_ns;
	return 0;
}

/* slower: a request of latency d goes before q (one as long stays after it: the earlier
 * read first). */
static int slower(int64_t d, const struct slow_req *q)
{
	return d > q->duration_ns;
}

static int note(const struct op_row *r, void *arg, struct err *e)
{
	struct keep *k = arg;
	struct slow_cell *c = k->c;
	struct slow_req q = {0};
	size_t at;
	int ok = 1;

	if (r->retried || r->hedge == OPS_HEDGE_LOST)
		return 0; /* an attempt, not a request (docs/METHODOLOGY.md, "Retries") */
	c->requests++;
	if (k->first == 0 || r->start_ns < k->first)
		k->first = r->start_ns;
	if (r->end_ns > k->last)
		k->last = r->end_ns;
	if (note_front(c, r) < 0 || join(k, r) < 0)
		return err_set(e, "out of memory");
	if (c->n == SLOWEST_N && !slower(r->duration_ns, &c->req[SLOWEST_N - 1]))
		return 0;
	for (at = c->n; at > 0 && slower(r->duration_ns, &c->req[at - 1]); at--)
		;
	q = (struct slow_req){
		.run = k->run->path,
		.cycle = k->run->cycle,
		.idx = r->idx,
		.op = copy(r->op, &ok),
		.file = copy(r->file, &ok),
		.error = copy(r->error, &ok),
		.start_ns = r->start_ns,
		.duration_ns = r->duration_ns,
		.has_phases = r->has_phases,
		.dns_ns = r->dns_ns,
		.connect_ns = r->connect_ns,
		.tls_ns = r->tls_ns,
		.send_ns = r->send_ns,
		.wait_ns = r->wait_ns,
		.transfer_ns = r->transfer_ns,
		.conn = r->conn,
		.conn_id = r->conn_id,
		.conn_req = r->conn_req,
		.conn_age_ns = r->conn_age_ns,
		.attempt = r->attempt,
		.remote = copy(r->remote, &ok),
		.request_id = copy(r->request_id, &ok),
		.host_id = copy(r->host_id, &ok),
	};
	if (!ok) {
		req_free(&q);
		return err_set(e, "out of memory");
	}
	if (c->n == SLOWEST_N)
		req_free(&c->req[--c->n]);
	memmove(&c->req[at + 1], &c->req[at], (c->n - at) * sizeof(c->req[0]));
	c->req[at] = q;
	c->n++;
	return 0;
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;

	return a < b ? -1 : a > b;
}

/* fronts: each front end's percentiles (nearest rank over its sorted latencies). */
static void fronts(struct slow_cell *s)
{
	for (size_t i = 0; i < s->n_front; i++) {
		struct slow_front *f = &s->front[i];
		size_t n = f->n_lat;

		if (n > 0) /* (lat is NULL when every request failed) */
			qsort(f->lat, n, sizeof(*f->lat), cmp_i64);
		/* nearest rank: the ceil(p n)-th smallest, in integers */
		f->p50_ms = pctci_supported(n, 0.5) ? (double)f->lat[(n + 1) / 2 - 1] / 1e6 : NAN;
		f->p99_ms = pctci_supported(n, 0.99) ? (double)f->lat[(99 * n + 99) / 100 - 1] / 1e6
						     : NAN;
	}
}

/* parts: each joined part's mean and p99 (nearest rank). */
static void parts(struct slow_cell *s)
{
	for (int i = 0; i < SLOW_NPART; i++) {
		struct slow_part *p = &s->join.part[i];
		double sum = 0;

		if (p->n > 0) /* (v is NULL without values) */
			qsort(p->v, p->n, sizeof(*p->v), cmp_i64);
		for (size_t k = 0; k < p->n; k++)
			sum += (double)p->v[k];
		p->mean_ms = p->n ? sum / (double)p->n / 1e6 : NAN;
		p->p99_ms = pctci_supported(p->n, 0.99)
				    ? (double)p->v[(99 * p->n + 99) / 100 - 1] / 1e6
				    : NAN;
	}
}

/* cell_free: what s owns. */
static void cell_free(struct slow_cell *s)
{
	for (size_t i = 0; i < s->n; i++)
		req_free(&s->req[i]);
	s->n = 0;
	for (size_t i = 0; i < s->n_front; i++)
		free(s->front[i].lat);
	s->n_front = 0;
	for (int i = 0; i < SLOW_NPART; i++)
		free(s->join.part[i].v);
	memset(&s->join, 0, sizeof(s->join));
}

/* one_cell: the slowest requests of c into s. 1 done, 0 left out (a log missing or
 * unreadable: reported), -1 out of memory. */
static int one_cell(const struct aggregate *a, const struct agg_cell *c, const char *data_dir,
		    struct serverlog *srv, struct slow_cell *s, void (*report)(const char *msg),
		    struct err *e)
{
	char file[PATH_MAX], name[128], msg[ERR_MSG_MAX + PATH_MAX + 128];
	struct keep k = {.c = s, .srv = srv};
	struct err re = {{0}};
	int rc = 1;

	memset(s, 0, sizeof(*s));
	s->cell = c;
	hedge_cell_name(a, c, name, sizeof(name));
	msg[0] = '\0';
	for (size_t i = 0; i < c->n_runs && rc == 1; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		const char *f = file;

		if (!r->v.included)
			continue;
		reqlog_path(file, sizeof(file), data_dir, r->log->path);
		k.run = r->log;
		k.first = k.last = 0;
		if (access(file, F_OK) != 0) {
			snprintf(msg, sizeof(msg),
				 "cell %s: %s is missing: its slowest requests are not known "
				 "(left out)",
				 name, file);
			rc = 0;
		} else if (reqlog_each(&f, 1, NULL, note, &k, &re) < 0) {
			rc = strstr(re.msg, "out of memory") ? -1 : 0;
			snprintf(msg, sizeof(msg), "cell %s: %s (its slowest requests left out)",
				 name, re.msg);
		} else if (k.last > k.first) {
			s->span_ns += k.last - k.first;
		}
	}
	if (rc == 1) {
		fronts(s);
		parts(s);
		return 1;
	}
	cell_free(s);
	if (rc < 0)
		return err_set(e, "slowest requests: cell %s: out of memory", name);
	if (report != NULL)
		report(msg);
	return 0;
}

static int cells(const struct aggregate *a, const struct agg_cell *v, size_t n,
		 const char *data_dir, struct serverlog *srv, struct slow_list *out,
		 void (*report)(const char *msg), struct err *e)
{
	for (size_t i = 0; i < n; i++) {
		int r;

		if (v[i].n == 0)
			continue;
		r = one_cell(a, &v[i], data_dir, srv, &out->v[out->n], report, e);
		if (r < 0)
			return -1;
		out->n += (size_t)r;
	}
	return 0;
}

int slowest_build(const struct aggregate *a, const char *data_dir, struct serverlog *srv,
		  struct slow_list *out, void (*report)(const char *msg), struct err *e)
{
	memset(out, 0, sizeof(*out));
	out->v = calloc(a->n_cells + a->n_wcells + 1, sizeof(*out->v));
	if (out->v == NULL)
		return err_set(e, "slowest requests: out of memory");
	if (cells(a, a->cells, a->n_cells, data_dir, srv, out, report, e) < 0 ||
	    cells(a, a->wcells, a->n_wcells, data_dir, srv, out, report, e) < 0)
		return -1;
	return 0;
}

void slowest_clear(struct slow_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		cell_free(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

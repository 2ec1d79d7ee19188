/* tests/unit/test_s3conntab.c: the connection table of collect/s3/s3_conntab.c: a request's
 * connection found by its local port and remote address, numbered worker * 10^8 + K when a
 * request opens it, its requests counted from 1 and its age from the opening request's
 * start; a full table lets its least recently used connection go (the gone callback with
 * its final count), a reused port with a new connection replaces the old one, and the
 * rest go at s3_conntab_free in the order of their numbers. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "collect/s3/s3_int.h"

struct gone_log {
	int n;
	uint64_t id[16], requests[16];
	char remote[16][64], group[16][32];
};

static void on_gone(void *arg, const struct s3_conn_info *c)
{
	struct gone_log *g = arg;

	if (g->n < 16) {
		g->id[g->n] = c->id;
		g->requests[g->n] = c->requests;
		snprintf(g->remote[g->n], sizeof(g->remote[0]), "%s", c->remote);
		snprintf(g->group[g->n], sizeof(g->group[0]), "%s", c->tls_group);
	}
	g->n++;
}

/* One request: worker w's, on local port lport to ip:port, fresh or not, started at t. */
struct step {
	int worker, lport, fresh;
	const char *ip;
	int64_t start;
	uint64_t want_id, want_req;
	int64_t want_age;
	int want_gone; /* the gone callbacks so far */
};

int main(void)
{
	/* a table of 2 slots for workers 3 and 4 */
	static const struct step steps[] = {
		{3, 40001, 1, "10.0.0.1", 1000, 300000001, 1, 0, 0},
		{3, 40001, 0, "10.0.0.1", 1500, 300000001, 2, 500, 0},
		{4, 40001, 0, "10.0.0.1", 1700, 300000001, 3, 700, 0}, /* another worker's turn */
		{4, 40002, 1, "::1", 2000, 400000001, 1, 0, 0},
		{3, 40003, 1, "10.0.0.1", 2500, 300000002, 1, 0, 1}, /* 300000001 goes (LRU) */
		{4, 40002, 0, "::1", 2600, 400000001, 2, 600, 1},
		{4, 40003, 1, "10.0.0.1", 3000, 400000002, 1, 0, 2}, /* port reused: replaced */
		{3, 40009, 0, "10.0.0.2", 3100, 300000003, 1, 0, 3}, /* unknown: entered */
	};
	struct gone_log g = {0};
	struct s3_conntab *t = s3_conntab_new(3, 2, 2, on_gone, &g);
	struct s3_req *r = calloc(1, sizeof(*r));

	CHECK(t != NULL && r != NULL, "table and request");
	if (t == NULL || r == NULL)
		return check_done();
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		const struct step *s = &steps[i];

		s3_req_set_conntab(r, t, s->worker);
		memset(&r->facts, 0, sizeof(r->facts));
		r->facts.fresh = s->fresh;
		snprintf(r->facts.tls_group, sizeof(r->facts.tls_group), "g%zu", i);
		r->start_mono = s->start;
		s3_conntab_use(r, s->ip, 9000, s->lport);
		CHECK(r->cref.id == s->want_id && r->cref.req == s->want_req &&
			      r->cref.age_ns == s->want_age && g.n == s->want_gone,
		      "step %zu: id %llu req %llu age %lld gone %d", i,
		      (unsigned long long)r->cref.id, (unsigned long long)r->cref.req,
		      (long long)r->cref.age_ns, g.n);
	}
	CHECK(g.n == 3 && g.id[0] == 300000001 && g.requests[0] == 3 &&
		      strcmp(g.remote[0], "10.0.0.1:9000") == 0 && strcmp(g.group[0], "g0") == 0 &&
		      g.id[1] == 300000002 && g.requests[1] == 1 && g.id[2] == 400000001 &&
		      g.requests[2] == 2 && strcmp(g.remote[2], "[::1]:9000") == 0,
	      "gone: the evicted and replaced ones with their counts, address, group");
	s3_conntab_free(t);
	CHECK(g.n == 5 && g.id[3] == 300000003 && g.id[4] == 400000002 && g.requests[3] == 1,
	      "free: the rest in the order of their numbers (%d: %llu %llu)", g.n,
	      (unsigned long long)g.id[3], (unsigned long long)g.id[4]);
	/* without a table: no connection */
	s3_req_set_conntab(r, NULL, 0);
	r->facts.fresh = 1;
	s3_conntab_use(r, "10.0.0.1", 9000, 40001);
	CHECK(r->cref.id == 0 && r->cref.req == 0, "no table: id 0");
	free(r);
	return check_done();
}

/* analyze/cells/slowest.c: see slowest.h. Each cell's logs are read once, keeping the
 * SLOWEST_N longest requests in an array sorted by latency (a new one goes in by insertion:
 * the array is short and nearly every row is faster than its last). */
#include "analyze/cells/slowest.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/hedge_cells.h"
#include "analyze/read/reqlog.h"
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

/* What one cell's read keeps: the run being read, the list. */
struct keep {
	struct slow_cell *c;
	const struct runlog *run;
};

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

/* one_cell: the slowest requests of c into s. 1 done, 0 left out (a log missing or
 * unreadable: reported), -1 out of memory. */
static int one_cell(const struct aggregate *a, const struct agg_cell *c, const char *data_dir,
		    struct slow_cell *s, void (*report)(const char *msg), struct err *e)
{
	char file[PATH_MAX], name[128], msg[ERR_MSG_MAX + PATH_MAX + 128];
	struct keep k = {s, NULL};
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
		}
	}
	if (rc == 1)
		return 1;
	for (size_t i = 0; i < s->n; i++)
		req_free(&s->req[i]);
	s->n = 0;
	if (rc < 0)
		return err_set(e, "slowest requests: cell %s: out of memory", name);
	if (report != NULL)
		report(msg);
	return 0;
}

static int cells(const struct aggregate *a, const struct agg_cell *v, size_t n,
		 const char *data_dir, struct slow_list *out, void (*report)(const char *msg),
		 struct err *e)
{
	for (size_t i = 0; i < n; i++) {
		int r;

		if (v[i].n == 0)
			continue;
		r = one_cell(a, &v[i], data_dir, &out->v[out->n], report, e);
		if (r < 0)
			return -1;
		out->n += (size_t)r;
	}
	return 0;
}

int slowest_build(const struct aggregate *a, const char *data_dir, struct slow_list *out,
		  void (*report)(const char *msg), struct err *e)
{
	memset(out, 0, sizeof(*out));
	out->v = calloc(a->n_cells + a->n_wcells + 1, sizeof(*out->v));
	if (out->v == NULL)
		return err_set(e, "slowest requests: out of memory");
	if (cells(a, a->cells, a->n_cells, data_dir, out, report, e) < 0 ||
	    cells(a, a->wcells, a->n_wcells, data_dir, out, report, e) < 0)
		return -1;
	return 0;
}

void slowest_clear(struct slow_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		for (size_t j = 0; j < l->v[i].n; j++)
			req_free(&l->v[i].req[j]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

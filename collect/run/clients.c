/* collect/run/clients.c: see clients.h. */
#include "collect/run/clients.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/climit.h"
#include "core/opslog.h"

static double busy(const struct runrec_clientres *client)
{
	return runrec_clientres_window(client)->cpu_busy_pct;
}

const struct runrec_clientres *clients_busiest(const struct client_result *c, int n)
{
	const struct runrec_clientres *best = NULL;

	for (int i = 0; i < n; i++)
		if (c[i].client != NULL && (best == NULL || busy(c[i].client) > busy(best)))
			best = c[i].client;
	return best;
}

/* client_entry: the list entry of c (its strings point into c) */
static void client_entry(const struct client_result *c, struct runrec_client *x)
{
	struct run_summary s;
	int has_rate = c->summary != NULL && summary_from_json(c->summary, &s, NULL) == 0;

	memset(x, 0, sizeof(*x));
	x->rank = c->rank;
	x->host = c->host;
	x->client_id = c->client_id;
	x->offset_ms = c->offset_s * 1e3;
	x->rtt_ms = c->rtt_s * 1e3;
	x->status = c->complete ? RUNREC_COMPLETE : RUNREC_FAILED;
	x->cls = c->cls ? err_class_name(c->cls) : NULL;
	x->reason = c->reason[0] ? c->reason : NULL;
	x->has_summary = c->summary != NULL &&
			 runrec_brief_from_json(c->summary, "summary", &x->summary, NULL) == 0;
	if (c->client != NULL) {
		x->has_client = 1;
		x->client = *c->client;
		x->has_limit = climit_judge(c->client, has_rate && s.has_rate ? &s.rate : NULL, 0,
					    NULL, &x->limit, NULL) > 0;
	}
	if (has_rate)
		summary_clear(&s);
}

int clients_record(const struct client_result *c, int n, int concurrency, struct run_clients *out,
		   struct err *e)
{
	memset(out, 0, sizeof(*out));
	out->c = calloc(n > 0 ? (size_t)n : 1, sizeof(*out->c));
	if (out->c == NULL || runrec_clients_alloc(&out->rec, (size_t)n, e) < 0) {
		free(out->c);
		out->c = NULL;
		return err_set(e, "clients: out of memory");
	}
	out->rec.count = n;
	out->rec.concurrency_total = (int64_t)n * concurrency;
	for (int i = 0; i < n; i++) {
		client_entry(&c[i], &out->rec.list[i]);
		out->c[i] = c[i];
		out->c[i].summary = NULL;
		out->c[i].client = NULL;
		out->rec.hosts[i] = out->c[i].host;
		out->rec.list[i].host = out->c[i].host;
		out->rec.list[i].client_id = out->c[i].client_id;
		out->rec.list[i].reason = out->c[i].reason[0] ? out->c[i].reason : NULL;
	}
	return 0;
}

void clients_clear(struct run_clients *r)
{
	runrec_clients_clear(&r->rec);
	free(r->c);
	r->c = NULL;
}

struct merge_ctx {
	struct opslog_writer *w;
	struct summary_acc *acc;
	uint64_t rows;
	struct err *e;
	uint64_t conn_base; /* the client's rank x OPS_CONN_RANK (its conn_id numbers) */
};

static int merge_row(const struct op_row *row, void *arg)
{
	struct merge_ctx *m = arg;

	m->rows++;
	if (row->conn_id != 0 && m->conn_base != 0) {
		struct op_row r = *row;

		r.conn_id += m->conn_base;
		return opslog_writer_add(m->w, &r, m->e) < 0 ? -1 : 0;
	}
	return opslog_writer_add(m->w, row, m->e) < 0 ? -1 : 0;
}

static int acc_row(const struct op_row *row, void *arg)
{
	struct merge_ctx *m = arg;

	return summary_acc_add(m->acc, row, m->e) < 0 ? -1 : 0;
}

int clients_merge_logs(const char *const *in, int n, const char *out,
		       const struct opslog_writer_opts *cols, struct run_summary *sum, int *has_sum,
		       uint64_t *rows, struct err *e)
{
	struct merge_ctx m = {NULL, NULL, 0, e, 0};
	int rc = -1;

	*has_sum = 0;
	*rows = 0;
	/* the run's columns kept (empty where a client wrote none) */
	m.w = opslog_writer_open_opts(out, cols, e);
	if (m.w == NULL)
		return -1;
	for (int i = 0; i < n; i++) {
		if (in[i] == NULL || access(in[i], F_OK) != 0)
			continue;
		m.conn_base = (uint64_t)i * OPS_CONN_RANK;
		if (opslog_read(in[i], merge_row, &m, e) != 0) {
			opslog_writer_abort(m.w);
			return -1;
		}
	}
	if (opslog_writer_close(m.w, e) < 0)
		return -1;
	*rows = m.rows;
	/* the summary from the file as written, in its order: what analyze --recompute
	 * computes, to the last digit */
	m.acc = summary_acc_new();
	if (m.acc == NULL) {
		err_set(e, "%s: out of memory", out);
		goto out;
	}
	if (opslog_read(out, acc_row, &m, e) != 0)
		goto out;
	if (m.rows > 0 && summary_acc_finish(m.acc, sum, NULL) == 0)
		*has_sum = 1;
	rc = 0;
out:
	summary_acc_free(m.acc);
	return rc;
}

/* render/report/report_clients.c: the clients of distributed runs in the report:
 * the client hosts in the environment, "12 workers (3 clients × 4) on 2 hosts" for the
 * tables of distributed configurations, the per-client throughput of client_balance and
 * the imbalance finding. A single-client report is unchanged: every function here adds
 * nothing when no cell has more than one client. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/model/model_clients.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

int report_clients_workers(struct report_builder *r, const char *op, int conc, struct strbuf *b)
{
	struct report_workers w;
	int rc = report_workers_at(r->m, r->l, op, conc, REPORT_WORKERS_LONG, &w);

	if (rc < 0)
		fail_oom(r);
	if (rc <= 0)
		return 0;
	subst(b, rb_str(r, "workers.dist"), "total", w.total, "per_client", w.per_client);
	return 1;
}

int report_clients_matrix(struct report_builder *r, const char *op, struct strbuf *b)
{
	const struct report_model *m = r->m;
	struct strbuf list = {0};
	int clients = 0, hosts, same = 1;
	char cl[16];

	for (size_t k = 0; k < m->nconc; k++) {
		int c = model_clients_at(m, op, m->concurrency[k], &hosts);
		if (!model_measured_conc(m, op, m->concurrency[k]))
			continue;
		same &= !clients || c == clients; /* else the tables label each */
		clients = c;
		strbuf_addf(&list, "%s%d", list.len ? ", " : "", m->concurrency[k]);
	}
	clients = same ? clients : 0;
	if (clients > 1) {
		snprintf(cl, sizeof(cl), "%d", clients);
		subst(b, rb_str(r, "matrix.per_client"), "list", rb_text(r, &list), "clients", cl);
	}
	strbuf_free(&list);
	return clients > 1;
}

void report_clients_env(struct report_builder *r, struct doc_table *t)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0};
	char n[16];

	if (!model_distributed(m) || !m->doc.n_client_hosts)
		return;
	for (size_t i = 0; i < m->doc.n_client_hosts; i++) {
		const struct results_client_host *h = &m->doc.client_hosts[i];
		if (i)
			strbuf_adds(&b, ", ");
		snprintf(n, sizeof(n), "%d", h->ranks);
		subst(&b, rb_str(r, h->ranks == 1 ? "env.host_ranks1" : "env.host_ranks"), "host",
		      h->host, "n", n);
	}
	doc_table_row(t);
	doc_table_cell(t, 0, rb_str(r, "env.client_hosts"), CELL_ROWHEAD, NULL, NULL);
	doc_table_cell(t, 1, rb_text(r, &b), 0, NULL, NULL);
	strbuf_free(&b);
}

/* balance_parts: the op name, size text and workers text ("24 workers (3 clients × 8) on
 * 2 hosts") of entry b. */
static void balance_parts(struct report_builder *r, const struct results_balance *b, char *opname,
			  size_t on, char *sz, size_t sn, struct strbuf *workers)
{
	report_op_name(r->l, b->op, opname, on);
	model_size_text(r->m, r->nf, b->size, sz, sn);
	if (!report_clients_workers(r, b->op, b->concurrency, workers))
		strbuf_addf(workers, "%d", b->workers_total);
}

void report_clients_findings(struct report_builder *r, struct findings *fd)
{
	const struct report_model *m = r->m;

	for (size_t i = 0; i < m->doc.n_client_balance && !r->failed; i++) {
		const struct results_balance *b = &m->doc.client_balance[i];
		struct strbuf s = {0}, w = {0};
		char opname[32], sz[32], ratio[TEXT_NUM_MAX];

		if (!(b->ratio_max_min > REPORT_IMBALANCE))
			continue;
		balance_parts(r, b, opname, sizeof(opname), sz, sizeof(sz), &w);
		text_num(r->nf, b->ratio_max_min, 2, ratio, sizeof(ratio));
		const char *names[] = {"subject", "op", "size", "ratio", "workers"};
		const char *vals[] = {m->subjects[b->subject].label, opname, sz, ratio,
				      rb_text(r, &w)};
		text_subst(&s, rb_str(r, "finding.imbalance"), names, vals, 5);
		if (report_finding_add(fd, &s) < 0)
			fail_oom(r);
		strbuf_free(&s);
		strbuf_free(&w);
	}
}

/* balance_table: the per-client table of one client_balance entry. */
static void balance_table(struct report_builder *r, const struct results_balance *b, size_t idx)
{
	const struct report_model *m = r->m;
	struct strbuf cap = {0}, w = {0};
	char opname[32], sz[32], id[32], rank[16], buf[TEXT_NUM_MAX];

	balance_parts(r, b, opname, sizeof(opname), sz, sizeof(sz), &w);
	const char *names[] = {"subject", "op", "size", "workers"};
	const char *vals[] = {m->subjects[b->subject].label, opname, sz, rb_text(r, &w)};
	text_subst(&cap, rb_str(r, "table.clients"), names, vals, 4);
	snprintf(id, sizeof(id), "t-clients-%zu", idx);
	struct doc_table *t = doc_table(r->d, id, rb_text(r, &cap), 4);
	strbuf_free(&cap);
	strbuf_free(&w);
	doc_table_head(t, 0, rb_str(r, "col.rank"), 0.6);
	doc_table_head(t, 1, rb_str(r, "col.host"), 1.6);
	doc_table_head(t, 2, rb_str(r, "unit.mibs"), 1);
	doc_table_head(t, 3, rb_str(r, "unit.objs"), 1);
	for (size_t k = 0; k < b->n_clients; k++) {
		const struct results_balance_client *c = &b->clients[k];
		doc_table_row(t);
		snprintf(rank, sizeof(rank), "%d", c->rank);
		doc_table_cell(t, 0, rank, CELL_ROWHEAD | CELL_NUM, NULL, NULL);
		doc_table_cell(t, 1, *model_str(c->host) ? c->host : TEXT_NULL, 0, NULL, NULL);
		doc_table_cell(t, 2, num(r, c->mib_s, buf),
			       CELL_NUM | (isnan(c->mib_s) ? CELL_MUTED : 0), NULL, NULL);
		doc_table_cell(t, 3, num(r, c->obj_s, buf),
			       CELL_NUM | (isnan(c->obj_s) ? CELL_MUTED : 0), NULL, NULL);
	}
	text_num(r->nf, b->ratio_max_min, 2, buf, sizeof(buf));
	subst(&cap,
	      rb_str(r,
		     b->ratio_max_min > REPORT_IMBALANCE ? "clients.ratio_high" : "clients.ratio"),
	      "ratio", buf, NULL, NULL);
	doc_table_foot(t, rb_text(r, &cap));
	strbuf_free(&cap);
}

void report_clients(struct report_builder *r)
{
	const struct report_model *m = r->m;

	if (!m->doc.n_client_balance)
		return;
	doc_heading(r->d, 1, "clients", rb_str(r, "section.clients"));
	doc_para(r->d, rb_str(r, "clients.intro"), 0);
	for (size_t i = 0; i < m->doc.n_client_balance && !r->failed; i++)
		balance_table(r, &m->doc.client_balance[i], i);
}

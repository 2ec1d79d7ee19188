/* analyze/cells/clients.c: see clients.h. */
#include "analyze/cells/clients.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/stats.h"

static int run_clients(const struct runlog *r)
{
	return runlog_clients_count(&r->clients);
}

/* same_category: x and y are runs of one op at one concurrency, both matrix runs or
 * both one-off runs (the unit in which client counts must agree). */
static int same_category(const struct runlog *x, const struct runlog *y)
{
	return (x->cycle > 0) == (y->cycle > 0) && strcmp(x->op, y->op) == 0 &&
	       x->concurrency == y->concurrency;
}

/* category_winner: the client count most valid runs of run i's category have (ties:
 * the larger). val, cnt: scratch of a->n_runs entries each. */
static int category_winner(const struct aggregate *a, size_t i, int *val, size_t *cnt)
{
	size_t nd = 0, best = 0;

	for (size_t j = 0; j < a->n_runs; j++) {
		int v;
		size_t k;

		if (!a->runs[j].v.included || !same_category(a->runs[i].log, a->runs[j].log))
			continue;
		v = run_clients(a->runs[j].log);
		for (k = 0; k < nd && val[k] != v; k++)
			;
		if (k == nd) {
			val[nd] = v;
			cnt[nd++] = 0;
		}
		cnt[k]++;
	}
	for (size_t k = 1; k < nd; k++)
		if (cnt[k] > cnt[best] || (cnt[k] == cnt[best] && val[k] > val[best]))
			best = k;
	return val[best];
}

int clients_reconcile(struct aggregate *a)
{
	int *val = malloc((a->n_runs + 1) * sizeof(*val));
	size_t *cnt = malloc((a->n_runs + 1) * sizeof(*cnt));
	int rc = -1, mixed = 0;

	if (val == NULL || cnt == NULL)
		goto done;
	for (size_t i = 1; i < a->n_runs; i++)
		mixed |= run_clients(a->runs[i].log) != run_clients(a->runs[0].log);
	for (size_t i = 0; mixed && i < a->n_runs; i++) {
		struct agg_run *r = &a->runs[i];
		int have = run_clients(r->log), want;

		if (!r->v.included)
			continue;
		want = category_winner(a, i, val, cnt);
		if (have == want)
			continue;
		r->v.included = 0;
		snprintf(r->v.cls, sizeof(r->v.cls), "clients-mismatch");
		snprintf(
			r->v.reason, sizeof(r->v.reason),
			"ran with %d client%s; the other valid %s runs at concurrency %d ran with %d "
			"(a cell never mixes client counts)",
			have, have == 1 ? "" : "s", r->log->op, r->log->concurrency, want);
	}
	rc = 0;
done:
	free(val);
	free(cnt);
	return rc;
}

/* host_seen: h is among the hosts of the valid runs sel[0..k-1] of a, or among the
 * first `upto` hosts of run sel[k]. */
static int host_seen(const struct aggregate *a, const size_t *sel, size_t k, int upto,
		     const char *h)
{
	for (size_t i = 0; i <= k; i++) {
		const struct runlog_clients *c = &a->runs[sel[i]].log->clients;
		int n = i < k ? c->count : upto;

		if (!a->runs[sel[i]].v.included)
			continue;
		for (int j = 0; c->hosts != NULL && j < n; j++)
			if (strcmp(c->hosts[j], h) == 0)
				return 1;
	}
	return 0;
}

/* cell_clients: c's client count (of its first valid run, else of its first run, else
 * 1) and how many distinct hosts its valid runs ran on (1 when none says). */
static void cell_clients(const struct aggregate *a, struct agg_cell *c)
{
	const struct runlog *pick = NULL;
	int hosts = 0;

	for (size_t i = 0; i < c->n_runs && pick == NULL; i++)
		if (a->runs[c->runs[i]].v.included)
			pick = a->runs[c->runs[i]].log;
	if (pick == NULL && c->n_runs > 0)
		pick = a->runs[c->runs[0]].log;
	c->clients = pick != NULL ? run_clients(pick) : 1;
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct runlog_clients *rc = &a->runs[c->runs[i]].log->clients;

		for (int j = 0; a->runs[c->runs[i]].v.included && rc->hosts && j < rc->count; j++)
			hosts += !host_seen(a, c->runs, i, j, rc->hosts[j]);
	}
	c->client_hosts = hosts > 0 ? hosts : 1;
}

/* build_hosts: the distinct hosts of the valid runs, in order of appearance, each with
 * the most ranks it ran in one run. */
static int build_hosts(struct aggregate *a)
{
	size_t cap = 1;

	for (size_t i = 0; i < a->n_runs; i++)
		cap += (size_t)a->runs[i].log->clients.count;
	a->client_hosts = calloc(cap, sizeof(*a->client_hosts));
	if (a->client_hosts == NULL)
		return -1;
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog_clients *c = &a->runs[i].log->clients;

		for (int j = 0; a->runs[i].v.included && c->hosts && j < c->count; j++) {
			int ranks = 0;
			size_t k;

			for (int q = 0; q < c->count; q++)
				ranks += strcmp(c->hosts[q], c->hosts[j]) == 0;
			for (k = 0; k < a->n_client_hosts; k++)
				if (strcmp(a->client_hosts[k].host, c->hosts[j]) == 0)
					break;
			if (k == a->n_client_hosts)
				a->client_hosts[a->n_client_hosts++].host = c->hosts[j];
			if (ranks > a->client_hosts[k].ranks)
				a->client_hosts[k].ranks = ranks;
		}
	}
	return 0;
}

/* better: cell x is a larger distributed configuration than y (NULL: none yet). */
static int better(const struct agg_cell *x, const struct agg_cell *y)
{
	long wx = (long)x->concurrency * x->clients;
	long wy;

	if (y == NULL)
		return 1;
	wy = (long)y->concurrency * y->clients;
	if (wx != wy)
		return wx > wy;
	if (x->size != y->size)
		return x->size > y->size;
	return x->clients > y->clients;
}

/* fill_balance: b's clients from the valid runs of cell c (v: n_runs doubles). */
static int fill_balance(const struct aggregate *a, const struct agg_cell *c, struct agg_balance *b,
			double *v)
{
	double lo = NAN, hi = NAN;
	size_t nfig = 0;

	b->list = calloc((size_t)c->clients, sizeof(*b->list));
	if (b->list == NULL)
		return -1;
	for (int rank = 0; rank < c->clients; rank++) {
		struct agg_balance_client *bc = &b->list[rank];

		bc->rank = rank;
		for (int f = 0; f < 2; f++) {
			size_t k = 0;

			for (size_t i = 0; i < c->n_runs; i++) {
				const struct agg_run *r = &a->runs[c->runs[i]];
				const struct runlog_clients *rc = &r->log->clients;

				for (size_t q = 0; r->v.included && q < rc->n_list; q++) {
					const struct runlog_client *cl = &rc->list[q];

					if (cl->rank != rank)
						continue;
					if (bc->host == NULL)
						bc->host = cl->host;
					v[k++] = f == 0 ? cl->mib_s : cl->obj_s;
				}
			}
			*(f == 0 ? &bc->mib_s : &bc->obj_s) = stats_mean_of(v, k);
		}
		double fig = c->size == 0 ? bc->obj_s : bc->mib_s;
		if (!isfinite(fig))
			continue;
		lo = nfig == 0 || fig < lo ? fig : lo;
		hi = nfig == 0 || fig > hi ? fig : hi;
		nfig++;
	}
	b->ratio = nfig >= 2 && lo > 0 ? hi / lo : NAN;
	return 0;
}

static int build_balance(struct aggregate *a)
{
	double *v = malloc((a->n_runs + 1) * sizeof(*v));
	int rc = -1;

	a->balance = calloc(a->n_subjects * a->n_m_ops + 1, sizeof(*a->balance));
	if (v == NULL || a->balance == NULL)
		goto done;
	for (size_t s = 0; s < a->n_subjects; s++)
		for (size_t o = 0; o < a->n_m_ops; o++) {
			const struct agg_cell *best = NULL;
			struct agg_balance *b;

			for (size_t i = 0; i < a->n_cells; i++) {
				const struct agg_cell *c = &a->cells[i];

				if (c->subject == s && strcmp(c->op, a->m_ops[o]) == 0 &&
				    c->clients > 1 && c->n > 0 && better(c, best))
					best = c;
			}
			if (best == NULL)
				continue;
			b = &a->balance[a->n_balance++];
			*b = (struct agg_balance){
				.subject = s,
				.op = best->op,
				.size = best->size,
				.concurrency = best->concurrency,
				.clients = best->clients,
				.n = best->n,
			};
			if (fill_balance(a, best, b, v) < 0)
				goto done;
		}
	rc = 0;
done:
	free(v);
	return rc;
}

int clients_build(struct aggregate *a)
{
	for (size_t i = 0; i < a->n_cells; i++)
		cell_clients(a, &a->cells[i]);
	for (size_t i = 0; i < a->n_wcells; i++)
		cell_clients(a, &a->wcells[i]);
	return build_hosts(a) < 0 || build_balance(a) < 0 ? -1 : 0;
}

void clients_free(struct aggregate *a)
{
	for (size_t i = 0; i < a->n_balance; i++)
		free(a->balance[i].list);
	free(a->balance);
	free(a->client_hosts);
}

/* analyze/claims/claims_cells.c: the claims of one cell: "client-limit" (the cell's verdict of
 * analyze/cells/climit_cells.h: limited for cpu, nic or workers; a caveat for shared-cpu
 * alone; which clients of a distributed run were), "errors" (a failed share above
 * CLAIM_ERROR_SHARE) and the short-window caveat (analyze/cells/kept_window.h), for matrix
 * and workload cells (claim_kinds.h; docs/METHODOLOGY.md, "Claims"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/cells/climit_cells.h"
#include "analyze/cells/kept_window.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"

/* limited_clients: the clients of c's valid distributed runs that were limited, each once
 * ("node-b (rank 1), node-c (rank 2)"), into buf; NULL when none was (one machine). */
static const char *limited_clients(const struct aggregate *a, const struct agg_cell *c, char *buf,
				   size_t n)
{
	size_t len = 0;
	char one[300];

	buf[0] = '\0';
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];

		for (size_t k = 0; r->v.included && k < r->n_climit_clients; k++) {
			const struct agg_climit_client *x = &r->climit_clients[k];

			snprintf(one, sizeof(one), "%s (rank %d)", x->host ? x->host : "?",
				 x->rank);
			if (strstr(buf, one) == NULL && len + strlen(one) + 3 < n)
				len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? ", " : "",
							one);
		}
	}
	return len ? buf : NULL;
}

static int client_limit(struct claim_list *l, const struct aggregate *a, const struct agg_cell *c)
{
	const struct agg_climit *k = &c->climit;
	struct claim_key key = claim_key_cell("client-limit", c);
	char who[1024];

	if (!k->is_limited)
		return 0;
	if (claims_add(l, a, &key, k->reasons & CLIMIT_CELLS_BLOCKING ? "limited" : "caveat") < 0)
		return -1;
	claims_reason_bits(l, k->reasons);
	claims_num(l, "cpu_busy_max", k->cpu_busy_max);
	claims_num(l, "thread_cpu_max", k->thread_pct_max);
	claims_num(l, "nic_pct_max", k->nic_pct_max);
	claims_num(l, "runs", (double)c->n);
	claims_num(l, "measured", (double)k->measured);
	claims_num(l, "limited", (double)k->limited);
	claims_text(l, "client", limited_clients(a, c, who, sizeof(who)));
	return l->failed ? -1 : 0;
}

static int errors(struct claim_list *l, const struct aggregate *a, const struct agg_cell *c)
{
	struct claim_key key = claim_key_cell("errors", c);
	uint64_t failed = errstat_total(&c->errs);
	double share = c->requests ? (double)failed / (double)c->requests : NAN;
	char name[ERRSTAT_KEY_MAX + 8];

	if (!(share > CLAIM_ERROR_SHARE))
		return 0;
	if (claims_add(l, a, &key, "above-threshold") < 0)
		return -1;
	claims_num(l, "share", share);
	claims_num(l, "threshold", CLAIM_ERROR_SHARE);
	claims_num(l, "failed", (double)failed);
	claims_num(l, "requests", (double)c->requests);
	claims_num(l, "throttled_share", (double)errstat_throttled(&c->errs) / (double)c->requests);
	claims_num(l, "throttled_attempt_share", workload_cells_throttled_attempt_share(c));
	for (int i = 0; i < c->errs.n; i++) {
		snprintf(name, sizeof(name), "by.%s", c->errs.e[i].key);
		claims_num(l, name, (double)c->errs.e[i].n);
	}
	return l->failed ? -1 : 0;
}

/* short_window: the caveat of a cell some of whose valid runs kept a window shorter than
 * KEPT_WINDOW_REQUESTS median requests. */
static int short_window(struct claim_list *l, const struct aggregate *a, const struct agg_cell *c)
{
	struct claim_key key = claim_key_cell("caveat", c);

	if (!c->short_window)
		return 0;
	key.tag = "short-window";
	if (claims_add(l, a, &key, "short-window") < 0)
		return -1;
	claims_text(l, "about", "throughput");
	claims_num(l, "runs", (double)c->short_window_runs);
	claims_num(l, "n", (double)c->n);
	claims_num(l, "requests_min", KEPT_WINDOW_REQUESTS);
	return l->failed ? -1 : 0;
}

int claims_cells(struct claim_list *l, const struct aggregate *a)
{
	for (size_t i = 0; i < a->n_cells; i++)
		if (client_limit(l, a, &a->cells[i]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_wcells; i++)
		if (client_limit(l, a, &a->wcells[i]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_cells; i++)
		if (errors(l, a, &a->cells[i]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_wcells; i++)
		if (errors(l, a, &a->wcells[i]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_cells; i++)
		if (short_window(l, a, &a->cells[i]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_wcells; i++)
		if (short_window(l, a, &a->wcells[i]) < 0)
			return -1;
	return 0;
}

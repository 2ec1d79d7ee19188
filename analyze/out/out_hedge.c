/* analyze/out/out_hedge.c: `analyze --hedge`'s table on standard output (see out.h). */
#include <math.h>

#include "analyze/cells/hedge_cells.h"
#include "analyze/out/out.h"

/* num: v with 3 decimals, or "-" when it has none. */
static const char *num(double v, char *buf, size_t n)
{
	if (!isfinite(v))
		return "-";
	snprintf(buf, n, "%.3f", v);
	return buf;
}

/* live: live-hedged cell c's measure beside the what-if of its point at its threshold. */
static void live(FILE *f, const char *name, const struct hedge_cell *c)
{
	const struct hedge_at *w = c->whatif_at;
	char b1[32], b2[32], b3[32];

	fprintf(f,
		"hedge %s live at %s ms: p99 %s ms, p99.9 %s ms, extra %.4f (%llu hedged, %llu "
		"answered by the duplicate); ",
		name, num(c->threshold_ms, b1, sizeof(b1)), num(c->p99_ms, b2, sizeof(b2)),
		num(c->p999_ms, b3, sizeof(b3)),
		c->requests ? (double)c->hedged / (double)c->requests : 0.0,
		(unsigned long long)c->hedged, (unsigned long long)c->won_by_duplicate);
	if (w == NULL)
		fputs("no what-if (no unhedged cell of this point with a p99)\n", f);
	else
		fprintf(f, "what-if at %s = %.6f ms: p99 %s ms, p99.9 %s ms, extra %.4f\n", w->name,
			w->t_ms, num(w->p99_ms, b2, sizeof(b2)), num(w->p999_ms, b3, sizeof(b3)),
			w->extra);
}

void out_hedge_print(FILE *f, const struct aggregate *a, const struct hedge_list *h)
{
	for (size_t i = 0; i < h->n; i++) {
		const struct hedge_cell *c = &h->v[i];
		char name[128], b1[32], b2[32], b3[32];

		hedge_cell_name(a, c->cell, name, sizeof(name));
		fprintf(f, "hedge %s: %llu requests, p95 %s ms, p99 %s ms, p99.9 %s ms, ", name,
			(unsigned long long)c->requests, num(c->p95_ms, b1, sizeof(b1)),
			num(c->p99_ms, b2, sizeof(b2)), num(c->p999_ms, b3, sizeof(b3)));
		if (c->setups > 0)
			fprintf(f, "new connection %s ms (median of %zu)\n",
				num(c->setup_ms, b1, sizeof(b1)), c->setups);
		else
			fputs("new connection not measured (taken as 0)\n", f);
		if (c->live)
			live(f, name, c);
		else if (!c->p99_supported)
			fprintf(f, "hedge %s: too few requests (n = %llu) for a p99 what-if\n",
				name, (unsigned long long)c->requests);
		for (size_t j = 0; j < c->n_at; j++)
			fprintf(f, "hedge %s at %s = %.6f ms: p99 %s ms, p99.9 %s ms, extra %.4f\n",
				name, c->at[j].name, c->at[j].t_ms,
				num(c->at[j].p99_ms, b2, sizeof(b2)),
				num(c->at[j].p999_ms, b3, sizeof(b3)), c->at[j].extra);
	}
}

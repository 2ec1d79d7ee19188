/* analyze/cells/hedge_cells.c: see hedge_cells.h. */
#include "analyze/cells/hedge_cells.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "analyze/cells/aggregate.h"
#include "analyze/read/reqlog.h"
#include "analyze/stats/hedge.h"
#include "analyze/stats/pctci.h"
#include "core/opslog.h"
#include "core/units.h"

/* A growing array of ns values. */
struct vec {
	int64_t *v;
	size_t n, cap;
};

static int str_eq(const char *x, const char *y)
{
	return x == NULL || y == NULL ? x == y : strcmp(x, y) == 0;
}

static int push(struct vec *a, int64_t x)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 1024;
		int64_t *v = realloc(a->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		a->v = v;
		a->cap = cap;
	}
	a->v[a->n++] = x;
	return 0;
}

/* What a cell's logs give: latencies of the successful requests, set-up times of those
 * that opened a connection; in a live-hedged cell's, its hedged rows (lost attempts are no
 * requests). */
struct gather {
	struct vec x, c;
	uint64_t hedged, dup;
};

static int note(const struct op_row *r, void *arg, struct err *e)
{
	struct gather *g = arg;

	if (r->hedge == OPS_HEDGE_LOST || r->error[0] != '\0')
		return 0;
	g->hedged += r->hedge == OPS_HEDGE_ORIG || r->hedge == OPS_HEDGE_DUP;
	g->dup += r->hedge == OPS_HEDGE_DUP;
	if (push(&g->x, r->duration_ns) < 0 || (r->has_phases && r->conn != OPS_CONN_REUSED &&
						push(&g->c, r->connect_ns + r->tls_ns) < 0))
		return err_set(e, "out of memory");
	return 0;
}

/* same_point: live-hedged cell h and unhedged cell c measure the same point (but for the
 * hedge). */
static int same_point(const struct agg_cell *h, const struct agg_cell *c)
{
	return h->subject == c->subject && strcmp(h->op, c->op) == 0 && h->size == c->size &&
	       h->concurrency == c->concurrency && h->rate == c->rate &&
	       str_eq(h->size_spec, c->size_spec) && str_eq(h->range, c->range) &&
	       str_eq(h->mix, c->mix);
}

char *hedge_cell_name(const struct aggregate *a, const struct agg_cell *c, char *buf, size_t n)
{
	char size[32];

	snprintf(buf, n, "%s %s c%d %s%s%s", c->op, units_format_size(c->size, size, sizeof(size)),
		 c->concurrency, a->subjects[c->subject].id, c->hedge != NULL ? " hedged " : "",
		 c->hedge != NULL ? c->hedge : "");
	return buf;
}

static double ms(int64_t ns)
{
	return (double)ns / 1e6;
}

/* fixed_ms: a live hedge's fixed threshold ("200ms") in ms; NaN for p95, p99. */
static double fixed_ms(const char *spec)
{
	double sec;
	struct err e = {{0}};

	if (strcasecmp(spec, "p95") == 0 || strcasecmp(spec, "p99") == 0 ||
	    units_parse_duration(spec, &sec, &e) < 0)
		return NAN;
	return sec * 1000;
}

/* has_at: 1 when h has a threshold of that name already. */
static int has_at(const struct hedge_cell *h, const char *name)
{
	for (size_t i = 0; i < h->n_at; i++)
		if (strcasecmp(h->at[i].name, name) == 0)
			return 1;
	return 0;
}

/* live_at: the fixed thresholds of the live-hedged cells of h's point, after h's own. */
static void live_at(const struct aggregate *a, struct hedge_sample *s, struct hedge_cell *h)
{
	for (size_t i = 0; i < a->n_wcells && h->n_at < HEDGE_NT_MAX; i++) {
		const struct agg_cell *c = &a->wcells[i];
		double t = c->hedge != NULL ? fixed_ms(c->hedge) : NAN;
		int64_t tn = (int64_t)(t * 1e6);

		if (!isfinite(t) || c->n == 0 || !same_point(c, h->cell) || has_at(h, c->hedge))
			continue;
		h->at[h->n_at++] = (struct hedge_at){
			.name = c->hedge,
			.t_ms = t,
			.p99_ms = ms(hedge_quantile(s, tn, 0.99)),
			.p999_ms = h->p999_supported ? ms(hedge_quantile(s, tn, 0.999)) : NAN,
			.extra = hedge_extra(s, tn),
		};
	}
}

/* figures: the what-if of the gathered sample s into h (a live-hedged cell: its measure
 * only). */
static void figures(const struct aggregate *a, struct hedge_sample *s, struct hedge_cell *h)
{
	static const char *const names[HEDGE_NT] = {"p95", "p99", "2s"};
	int64_t t[HEDGE_NT];

	hedge_sort(s);
	h->requests = s->n;
	h->p99_supported = pctci_supported(s->n, 0.99);
	h->p999_supported = pctci_supported(s->n, 0.999);
	h->p50_ms = pctci_supported(s->n, 0.5) ? ms(hedge_plain(s, 0.5)) : NAN;
	h->p95_ms = pctci_supported(s->n, 0.95) ? ms(hedge_plain(s, 0.95)) : NAN;
	h->p99_ms = h->p99_supported ? ms(hedge_plain(s, 0.99)) : NAN;
	h->p999_ms = h->p999_supported ? ms(hedge_plain(s, 0.999)) : NAN;
	h->setups = s->k;
	h->setup_ms = s->k ? ms(s->c[(s->k - 1) / 2]) : NAN;
	if (!h->p99_supported || h->live)
		return;
	t[0] = hedge_plain(s, 0.95);
	t[1] = hedge_plain(s, 0.99);
	t[2] = HEDGE_FIXED_NS;
	h->n_at = h->cell->size < HEDGE_FIXED_BELOW ? HEDGE_NT : HEDGE_NT - 1;
	for (size_t i = 0; i < h->n_at; i++)
		h->at[i] = (struct hedge_at){
			.name = names[i],
			.t_ms = ms(t[i]),
			.p99_ms = ms(hedge_quantile(s, t[i], 0.99)),
			.p999_ms = h->p999_supported ? ms(hedge_quantile(s, t[i], 0.999)) : NAN,
			.extra = hedge_extra(s, t[i]),
		};
	live_at(a, s, h);
}

/* threshold: the mean threshold the valid runs of live-hedged cell c used (ms); NaN when
 * none knew one. */
static double threshold(const struct aggregate *a, const struct agg_cell *c)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i < c->n_runs; i++) {
		const struct run_summary *s = &a->runs[c->runs[i]].log->summary;

		if (a->runs[c->runs[i]].v.included && s->has_hedge &&
		    isfinite(s->hedge.threshold_ms)) {
			sum += s->hedge.threshold_ms;
			k++;
		}
	}
	return k ? sum / (double)k : NAN;
}

/* one_cell: the what-if of c into h. 1 done, 0 none (a log missing or unreadable:
 * reported; or no successful request), -1 out of memory. */
static int one_cell(const struct aggregate *a, const struct agg_cell *c, const char *data_dir,
		    struct hedge_cell *h, void (*report)(const char *msg), int *problems,
		    struct err *e)
{
	char **files = calloc(c->n_runs ? c->n_runs : 1, sizeof(*files));
	char name[128], msg[ERR_MSG_MAX + 256];
	struct gather g = {{0}, {0}, 0, 0};
	struct err re = {{0}};
	int nf = 0, rc = -1;

	if (files == NULL)
		return err_set(e, "--hedge: out of memory");
	hedge_cell_name(a, c, name, sizeof(name));
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];

		if (!r->v.included)
			continue;
		if ((files[nf] = malloc(PATH_MAX)) == NULL)
			goto done;
		reqlog_path(files[nf], PATH_MAX, data_dir, r->log->path);
		if (access(files[nf++], F_OK) != 0) {
			snprintf(msg, sizeof(msg),
				 "--hedge: cell %s: %s is missing: the what-if needs each "
				 "request's latency (no what-if for this cell)",
				 name, files[nf - 1]);
			goto skip;
		}
	}
	if (reqlog_each((const char *const *)files, nf, strcmp(c->op, "head") ? "GET" : "STAT",
			note, &g, &re) < 0) {
		if (strstr(re.msg, "out of memory"))
			goto done;
		snprintf(msg, sizeof(msg), "--hedge: cell %s: %s (no what-if for this cell)", name,
			 re.msg);
		goto skip;
	}
	rc = 0;
	if (g.x.n > 0) {
		struct hedge_sample s = {g.x.v, g.x.n, g.c.v, g.c.n};

		*h = (struct hedge_cell){.cell = c,
					 .live = c->hedge != NULL,
					 .hedged = g.hedged,
					 .won_by_duplicate = g.dup,
					 .threshold_ms = NAN};
		figures(a, &s, h);
		if (h->live)
			h->threshold_ms = threshold(a, c);
		rc = 1;
	}
	goto done;
skip:
	rc = 0;
	(*problems)++;
	if (report != NULL)
		report(msg);
done:
	for (int i = 0; i < nf; i++)
		free(files[i]);
	free(files);
	free(g.x.v);
	free(g.c.v);
	return rc < 0 ? err_set(e, "--hedge: cell %s: out of memory", name) : rc;
}

/* cells: the what-if of each GET and HEAD cell of v[0..n-1] with a valid run. */
static int cells(const struct aggregate *a, const struct agg_cell *v, size_t n,
		 const char *data_dir, struct hedge_list *out, void (*report)(const char *msg),
		 int *problems, struct err *e)
{
	for (size_t i = 0; i < n; i++) {
		int r;

		if (v[i].n == 0 || (strcmp(v[i].op, "get") != 0 && strcmp(v[i].op, "head") != 0))
			continue;
		r = one_cell(a, &v[i], data_dir, &out->v[out->n], report, problems, e);
		if (r < 0)
			return -1;
		out->n += (size_t)r;
	}
	return 0;
}

/* link_live: each live-hedged cell of out to the what-if of its point's unhedged cell at its
 * threshold (by name: p95, p99, or its fixed one). */
static void link_live(struct hedge_list *out)
{
	for (size_t i = 0; i < out->n; i++) {
		struct hedge_cell *h = &out->v[i];

		for (size_t j = 0; h->live && h->whatif == NULL && j < out->n; j++) {
			const struct hedge_cell *w = &out->v[j];

			if (w->live || !same_point(h->cell, w->cell))
				continue;
			for (size_t k = 0; k < w->n_at; k++)
				if (strcasecmp(w->at[k].name, h->cell->hedge) == 0) {
					h->whatif = w;
					h->whatif_at = &w->at[k];
				}
		}
	}
}

int hedge_build(const struct aggregate *a, const char *data_dir, struct hedge_list *out,
		void (*report)(const char *msg), int *problems, struct err *e)
{
	memset(out, 0, sizeof(*out));
	out->v = calloc(a->n_cells + a->n_wcells + 1, sizeof(*out->v));
	if (out->v == NULL)
		return err_set(e, "--hedge: out of memory");
	if (cells(a, a->cells, a->n_cells, data_dir, out, report, problems, e) < 0 ||
	    cells(a, a->wcells, a->n_wcells, data_dir, out, report, problems, e) < 0)
		return -1;
	link_live(out);
	return 0;
}

void hedge_clear(struct hedge_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

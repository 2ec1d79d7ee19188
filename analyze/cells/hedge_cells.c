/* analyze/cells/hedge_cells.c: see hedge_cells.h. */
#include "analyze/cells/hedge_cells.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
 * that opened a connection. */
struct gather {
	struct vec x, c;
};

static int note(const struct op_row *r, void *arg, struct err *e)
{
	struct gather *g = arg;

	if (r->error[0] != '\0')
		return 0;
	if (push(&g->x, r->duration_ns) < 0 || (r->has_phases && r->conn != OPS_CONN_REUSED &&
						push(&g->c, r->connect_ns + r->tls_ns) < 0))
		return err_set(e, "out of memory");
	return 0;
}

char *hedge_cell_name(const struct aggregate *a, const struct agg_cell *c, char *buf, size_t n)
{
	char size[32];

	snprintf(buf, n, "%s %s c%d %s", c->op, units_format_size(c->size, size, sizeof(size)),
		 c->concurrency, a->subjects[c->subject].id);
	return buf;
}

static double ms(int64_t ns)
{
	return (double)ns / 1e6;
}

/* figures: the what-if of the gathered sample s into h. */
static void figures(struct hedge_sample *s, struct hedge_cell *h)
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
	if (!h->p99_supported)
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
}

/* one_cell: the what-if of c into h. 1 done, 0 none (a log missing or unreadable:
 * reported; or no successful request), -1 out of memory. */
static int one_cell(const struct aggregate *a, const struct agg_cell *c, const char *data_dir,
		    struct hedge_cell *h, void (*report)(const char *msg), int *problems,
		    struct err *e)
{
	char **files = calloc(c->n_runs ? c->n_runs : 1, sizeof(*files));
	char name[128], msg[ERR_MSG_MAX + 256];
	struct gather g = {{0}, {0}};
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

		*h = (struct hedge_cell){.cell = c};
		figures(&s, h);
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
	return 0;
}

void hedge_clear(struct hedge_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* render/chart/chart.c: the chart model (see chart.h) and chart_layout, which hands a chart
 * to its layout: render/chart/chart_line.c (LINE) or render/chart/chart_bars.c (the
 * others). */
#include "render/chart/chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart_int.h"

static char *dupe(const char *s)
{
	return strdup(s ? s : "");
}

/* dupe() for a string the chart keeps; a failure marks the chart. */
static char *ch_keep(struct chart *c, const char *s)
{
	char *r = dupe(s);
	if (r == NULL)
		c->oom = 1;
	return r;
}

struct chart *chart_new(enum chart_kind kind, const char *title, const char *desc)
{
	struct chart *c = calloc(1, sizeof(*c));
	if (c == NULL)
		return NULL;
	c->kind = kind;
	c->title = ch_keep(c, title);
	c->desc = ch_keep(c, desc);
	c->value_title = ch_keep(c, "");
	c->unit = ch_keep(c, "");
	c->x_title = ch_keep(c, "");
	c->ref = 1;
	if (c->oom) {
		chart_free(c);
		return NULL;
	}
	return c;
}

const char *chart_title(const struct chart *c)
{
	return c->title;
}

void chart_add_desc(struct chart *c, const char *text)
{
	size_t a = c->desc ? strlen(c->desc) : 0, b = strlen(text);
	char *d = realloc(c->desc, a + b + 2);
	if (d == NULL) {
		c->oom = 1;
		return;
	}
	d[a] = 0;
	if (a)
		strcat(d, " ");
	strcat(d, text);
	c->desc = d;
}

void chart_free(struct chart *c)
{
	size_t i, j;
	if (c == NULL)
		return;
	free(c->title);
	free(c->desc);
	free(c->value_title);
	free(c->unit);
	free(c->x_title);
	for (i = 0; i < c->ncats; i++)
		free(c->cats[i]);
	free(c->cats);
	series_free(&c->series);
	for (i = 0; i < c->npanels; i++) {
		for (j = 0; j < c->panels[i].nrows; j++) {
			struct row *r = &c->panels[i].rows[j];
			for (size_t k = 0; k < r->nmarks; k++) {
				free(r->marks[k].text);
				free(r->marks[k].claim);
			}
			free(r->marks);
			free(r->parts);
			free(r->label);
			free(r->text);
			free(r->claim);
		}
		free(c->panels[i].rows);
		free(c->panels[i].title);
	}
	free(c->panels);
	free(c);
}

void chart_set_axis(struct chart *c, const char *value_title, const char *unit, const char *x_title)
{
	free(c->value_title);
	free(c->unit);
	free(c->x_title);
	c->value_title = ch_keep(c, value_title);
	c->unit = ch_keep(c, unit);
	c->x_title = ch_keep(c, x_title);
}

void chart_set_categories(struct chart *c, const char *const *labels, size_t n)
{
	char **cats = calloc(n + 1, sizeof(*cats));
	if (cats == NULL) {
		c->oom = 1;
		return;
	}
	for (size_t i = 0; i < c->ncats; i++)
		free(c->cats[i]);
	free(c->cats);
	for (size_t i = 0; i < n; i++)
		cats[i] = ch_keep(c, labels[i]);
	c->cats = cats;
	c->ncats = n;
}

int chart_add_series(struct chart *c, const char *label, const char *color)
{
	return series_add(&c->series, label, color, c->ncats);
}

void chart_set_point(struct chart *c, int s, size_t i, double y)
{
	struct series_pt *p = series_at(&c->series, s, i);
	if (p != NULL)
		p->y = y;
}

void chart_set_interval(struct chart *c, int s, size_t i, double lo, double hi)
{
	struct series_pt *p = series_at(&c->series, s, i);
	if (p != NULL) {
		p->lo = lo;
		p->hi = hi;
	}
}

int chart_add_panel(struct chart *c, const char *title)
{
	struct panel *p = realloc(c->panels, (c->npanels + 1) * sizeof(*p));
	if (p == NULL) {
		c->oom = 1;
		return -1;
	}
	c->panels = p;
	memset(&p[c->npanels], 0, sizeof(*p));
	p[c->npanels].title = ch_keep(c, title);
	return (int)c->npanels++;
}

/* A new row of panel p (NULL when p is out of range or out of memory). */
static struct row *ch_add_row(struct chart *c, int p, const char *label, const char *color)
{
	if (p < 0 || (size_t)p >= c->npanels)
		return NULL;
	struct panel *pn = &c->panels[p];
	struct row *r = realloc(pn->rows, (pn->nrows + 1) * sizeof(*r));
	if (r == NULL) {
		c->oom = 1;
		return NULL;
	}
	pn->rows = r;
	r = &pn->rows[pn->nrows++];
	r->label = ch_keep(c, label);
	scene_color(r->color, color);
	r->value = r->lo = r->hi = r->mark = NAN;
	r->text = NULL;
	r->claim = NULL;
	r->marks = NULL;
	r->nmarks = 0;
	r->parts = NULL;
	r->nparts = 0;
	r->n[0] = 0;
	r->aside = 0;
	return r;
}

void chart_add_bar(struct chart *c, int p, const char *label, const char *color, double value)
{
	struct row *r = ch_add_row(c, p, label, color);
	if (r)
		r->value = value;
}

void chart_add_range(struct chart *c, int p, const char *label, const char *color, double lo,
		     double mid, double hi)
{
	struct row *r = ch_add_row(c, p, label, color);
	if (r) {
		r->value = mid;
		r->lo = lo;
		r->hi = hi;
	}
}

void chart_add_range_mark(struct chart *c, int p, const char *label, const char *color, double lo,
			  double mid, double hi, double mark, const char *text)
{
	struct row *r = ch_add_row(c, p, label, color);
	if (r) {
		r->value = mid;
		r->lo = lo;
		r->hi = hi;
		r->mark = mark;
		r->text = text ? ch_keep(c, text) : NULL;
	}
}

void chart_add_stack(struct chart *c, int p, const char *label, const double *parts, size_t n,
		     const char *text)
{
	struct row *r = ch_add_row(c, p, label, NULL);
	if (r == NULL)
		return;
	n = n < c->series.n ? n : c->series.n;
	r->parts = malloc((n + 1) * sizeof(*r->parts));
	if (r->parts == NULL) {
		c->oom = 1;
		return;
	}
	r->nparts = n;
	for (size_t i = 0; i < n; i++) {
		r->parts[i] = parts[i];
		if (isfinite(parts[i])) /* the bar's length: what its segments cover */
			r->value = (isnan(r->value) ? 0 : r->value) + (parts[i] > 0 ? parts[i] : 0);
	}
	r->text = text ? ch_keep(c, text) : NULL;
}

void chart_add_row(struct chart *c, int p, const char *label)
{
	ch_add_row(c, p, label, NULL);
}

void chart_add_estimate(struct chart *c, int p, const char *color, double value, double lo,
			double hi, int filled, const char *text)
{
	if (p < 0 || (size_t)p >= c->npanels || !c->panels[p].nrows)
		return;
	struct row *r = &c->panels[p].rows[c->panels[p].nrows - 1];
	struct fmark *m = realloc(r->marks, (r->nmarks + 1) * sizeof(*m));
	if (m == NULL) {
		c->oom = 1;
		return;
	}
	r->marks = m;
	m = &m[r->nmarks++];
	scene_color(m->color, color);
	m->value = value;
	m->lo = lo;
	m->hi = hi;
	m->filled = filled;
	m->text = text ? ch_keep(c, text) : NULL;
	m->n[0] = 0;
	m->claim = NULL;
}

void chart_set_n(struct chart *c, int s, size_t i, const char *n)
{
	struct series_pt *p = series_at(&c->series, s, i);
	if (p != NULL)
		snprintf(p->n, sizeof(p->n), "%s", n ? n : "");
}

void chart_set_row_n(struct chart *c, int p, const char *n)
{
	if (p < 0 || (size_t)p >= c->npanels || !c->panels[p].nrows)
		return;
	struct row *r = &c->panels[p].rows[c->panels[p].nrows - 1];
	if (r->nmarks)
		snprintf(r->marks[r->nmarks - 1].n, sizeof(r->marks[0].n), "%s", n ? n : "");
	else
		snprintf(r->n, sizeof(r->n), "%s", n ? n : "");
}

void chart_set_series_claim(struct chart *c, int s, const char *claim)
{
	series_set_claim(&c->series, s, claim);
}

void chart_set_row_claim(struct chart *c, int p, const char *claim)
{
	char **at;

	if (p < 0 || (size_t)p >= c->npanels || !c->panels[p].nrows)
		return;
	struct row *r = &c->panels[p].rows[c->panels[p].nrows - 1];
	at = r->nmarks ? &r->marks[r->nmarks - 1].claim : &r->claim;
	free(*at);
	*at = claim != NULL && *claim ? ch_keep(c, claim) : NULL;
}

void chart_set_row_aside(struct chart *c, int p)
{
	if (p >= 0 && (size_t)p < c->npanels && c->panels[p].nrows)
		c->panels[p].rows[c->panels[p].nrows - 1].aside = 1;
}

void chart_set_series_aside(struct chart *c, int s)
{
	if (s >= 0 && (size_t)s < c->series.n)
		c->series.v[s].aside = 1;
}

struct scene *chart_layout(const struct chart *c, const struct fonts *f, const struct numfmt *nf,
			   double width, struct err *e)
{
	struct scene *s = scene_new(width, c->title, c->desc, c->oom || c->series.oom, e);
	struct scene_pen x = {s, f, nf, NULL, NULL};
	if (s == NULL)
		return NULL;
	if (c->kind == CHART_LINE)
		ch_layout_line(&x, c, width);
	else if (c->kind == CHART_FOREST)
		ch_layout_forest(&x, c, width);
	else /* HBAR, RANGE, STACK */
		ch_layout_bars(&x, c, width);
	return scene_done(s, e);
}

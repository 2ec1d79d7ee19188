/* render/chart/chart.c: the chart model and the scene (see chart.h); the layouts are in
 * render/chart/chart_line.c (LINE) and render/chart/chart_bars.c (the others). */
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

void ch_set_color(char dst[8], const char *src)
{
	snprintf(dst, 8, "%s", src && src[0] == '#' && strlen(src) == 7 ? src : "#777777");
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
			for (size_t k = 0; k < r->nmarks; k++)
				free(r->marks[k].text);
			free(r->marks);
			free(r->parts);
			free(r->label);
			free(r->text);
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
	ch_set_color(r->color, color);
	r->value = r->lo = r->hi = r->mark = NAN;
	r->text = NULL;
	r->marks = NULL;
	r->nmarks = 0;
	r->parts = NULL;
	r->nparts = 0;
	r->n[0] = 0;
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
	ch_set_color(m->color, color);
	m->value = value;
	m->lo = lo;
	m->hi = hi;
	m->filled = filled;
	m->text = text ? ch_keep(c, text) : NULL;
	m->n[0] = 0;
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

int chart_nice_ticks(double lo, double hi, int target, double *tlo, double *thi, double *step)
{
	if (target < 1)
		target = 1;
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = 0;
		hi = 1;
	}
	if (hi < lo) {
		double t = lo;
		lo = hi;
		hi = t;
	}
	if (hi == lo) {
		if (hi == 0)
			hi = 1;
		else if (lo == 0 || hi > 0)
			hi = hi + fabs(hi) * 0.5, lo = lo == 0 ? 0 : lo - fabs(lo) * 0.5;
		else
			lo = lo - fabs(lo) * 0.5, hi = hi + fabs(hi) * 0.5;
	}
	double raw = (hi - lo) / target;
	double mag = pow(10, floor(log10(raw)));
	double f = raw / mag, s;
	if (f <= 1.0 + 1e-9)
		s = 1;
	else if (f <= 2.0 + 1e-9)
		s = 2;
	else if (f <= 5.0 + 1e-9)
		s = 5;
	else
		s = 10;
	s *= mag;
	*tlo = floor(lo / s + 1e-9) * s;
	*thi = ceil(hi / s - 1e-9) * s;
	*step = s;
	return (int)floor((*thi - *tlo) / s + 0.5) + 1;
}

/* ---- scene building ---- */

/* A new item of the scene; a failed allocation marks the scene (s->oom), NULL. */
static struct sc_item *ch_push(struct scene *s, enum sc_kind kind, enum sc_role role)
{
	if (s->oom)
		return NULL;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct sc_item *it = realloc(s->items, cap * sizeof(*it));
		if (it == NULL) {
			s->oom = 1;
			return NULL;
		}
		s->items = it;
		s->cap = cap;
	}
	struct sc_item *it = &s->items[s->n++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->role = role;
	it->stroke_width = 1;
	return it;
}

/* mark_tip: the current tooltip (x->tip) on a mark just pushed. */
static void mark_tip(struct ctx *x, struct sc_item *it)
{
	if (x->tip == NULL)
		return;
	it->tip = strdup(x->tip);
	if (it->tip == NULL)
		x->s->oom = 1;
}

double ch_text_w(const struct ctx *x, const char *t, double size, int bold)
{
	return fonts_width(x->f, t, size, bold);
}

void ch_text(struct ctx *x, enum sc_role role, double px, double py, const char *t, double size,
	     int bold, enum sc_anchor anchor, const char *color)
{
	struct sc_item *it = ch_push(x->s, SC_TEXT, role);
	if (it == NULL)
		return;
	it->x = px;
	it->y = py;
	it->text = strdup(t);
	if (it->text == NULL)
		x->s->oom = 1;
	it->size = size;
	it->bold = bold;
	it->anchor = anchor;
	ch_set_color(it->fill, color);
	it->text_width = ch_text_w(x, t, size, bold);
}

void ch_rect(struct ctx *x, double px, double py, double w, double h, const char *fill)
{
	struct sc_item *it = ch_push(x->s, SC_RECT, SC_ROLE_OTHER);
	if (it == NULL)
		return;
	it->x = px;
	it->y = py;
	it->w = w;
	it->h = h;
	ch_set_color(it->fill, fill);
	it->stroke_width = 0;
	mark_tip(x, it);
}

void ch_line(struct ctx *x, double x1, double y1, double x2, double y2, const char *color,
	     double width, int dash)
{
	struct sc_item *it = ch_push(x->s, SC_LINE, SC_ROLE_OTHER);
	if (it == NULL)
		return;
	it->x = x1;
	it->y = y1;
	it->x2 = x2;
	it->y2 = y2;
	ch_set_color(it->stroke, color);
	it->stroke_width = width;
	it->dash = dash;
	mark_tip(x, it);
}

void ch_circle(struct ctx *x, double cx, double cy, double r, const char *fill, const char *stroke,
	       double width)
{
	struct sc_item *it = ch_push(x->s, SC_CIRCLE, SC_ROLE_OTHER);
	if (it == NULL)
		return;
	it->x = cx;
	it->y = cy;
	it->r = r;
	ch_set_color(it->fill, fill);
	if (stroke)
		ch_set_color(it->stroke, stroke);
	it->stroke_width = width;
	mark_tip(x, it);
}

/* push_path: a new item of `kind` holding a copy of the n points pts; NULL when out of
 * memory (the scene is marked). */
static struct sc_item *push_path(struct ctx *x, enum sc_kind kind, const double *pts, size_t n)
{
	struct sc_item *it = ch_push(x->s, kind, SC_ROLE_OTHER);
	if (it == NULL)
		return NULL;
	it->pts = malloc(2 * n * sizeof(*it->pts));
	if (it->pts == NULL) {
		x->s->oom = 1;
		return NULL;
	}
	memcpy(it->pts, pts, 2 * n * sizeof(*it->pts));
	it->npts = n;
	return it;
}

void ch_polygon(struct ctx *x, const double *pts, size_t n, const char *fill, const char *stroke,
		double width)
{
	struct sc_item *it = n >= 3 ? push_path(x, SC_POLYGON, pts, n) : NULL;
	if (it == NULL)
		return;
	if (fill && *fill)
		ch_set_color(it->fill, fill);
	if (stroke && *stroke)
		ch_set_color(it->stroke, stroke);
	it->stroke_width = width;
	mark_tip(x, it);
}

void ch_polyline(struct ctx *x, const double *pts, size_t n, const char *color, double width)
{
	struct sc_item *it = n >= 2 ? push_path(x, SC_POLYLINE, pts, n) : NULL;
	if (it == NULL)
		return;
	ch_set_color(it->stroke, color);
	it->stroke_width = width;
	mark_tip(x, it);
}

/* A darker shade of a colour, for text in a series' colour. */
void ch_darken(char out[8], const char *in, double k)
{
	unsigned r = 0x77, g = 0x77, b = 0x77;
	sscanf(in, "#%02x%02x%02x", &r, &g, &b);
	snprintf(out, 8, "#%02x%02x%02x", (unsigned)(r * k), (unsigned)(g * k), (unsigned)(b * k));
}

int ch_tick_decimals(double step)
{
	int d = 0;
	while (d < 6 && fabs(step * pow(10, d) - floor(step * pow(10, d) + 0.5)) > 1e-6)
		d++;
	return d;
}

void ch_fmt_value(const struct ctx *x, double v, const char *unit, char *buf, size_t n)
{
	char num[TEXT_NUM_MAX];
	text_num(x->nf, v, -1, num, sizeof(num));
	snprintf(buf, n, "%s%s", num, isnan(v) ? "" : unit);
}

/* The widest of the n tick labels tlo, tlo + step, ... written with dec decimals. */
double ch_ticks_width(const struct ctx *x, double tlo, double step, int n, int dec)
{
	double maxw = 0;
	for (int i = 0; i < n; i++) {
		char num[TEXT_NUM_MAX];
		double w = ch_text_w(x, text_num(x->nf, tlo + i * step, dec, num, sizeof(num)),
				     SZ_TICK, 0);
		if (w > maxw)
			maxw = w;
	}
	return maxw;
}

/* Ticks on a horizontal axis of `len` points whose labels do not overlap. */
int ch_fit_hticks(const struct ctx *x, double hi, double len, double *thi, double *step)
{
	double tlo;
	int n = 2;
	for (int target = 6; target >= 1; target--) {
		n = chart_nice_ticks(0, hi, target, &tlo, thi, step);
		double maxw = ch_ticks_width(x, tlo, *step, n, ch_tick_decimals(*step));
		if (n < 2 || len / (n - 1) >= maxw + 6)
			return n;
	}
	return n;
}

/* Shorten t (with "…") until it is at most w points wide; writes into buf. */
void ch_fit_label(const struct ctx *x, const char *t, double size, int bold, double w, char *buf,
		  size_t n)
{
	size_t len;
	snprintf(buf, n, "%s", t);
	if (ch_text_w(x, buf, size, bold) <= w)
		return;
	len = strlen(buf);
	while (len > 0) {
		do
			len--;
		while (len > 0 && ((unsigned char)buf[len] & 0xc0) == 0x80);
		if (len + 4 > n)
			continue;
		memcpy(buf + len, "\xe2\x80\xa6", 4);
		if (ch_text_w(x, buf, size, bold) <= w)
			return;
	}
}

/* Where the first line of title t (strlen n) ends so that it is at most w points wide:
 * after a ':' where one fits, else before a '(', else at the last space that fits; a
 * first word wider than w is the whole line (the caller's width leaves it no better). */
static size_t title_break(const struct ctx *x, const char *t, size_t n, double w)
{
	size_t colon = 0, paren = 0, space = 0;
	char line[512];
	for (size_t i = 1; i < n && i < sizeof(line); i++) {
		if (t[i] != ' ')
			continue;
		memcpy(line, t, i);
		line[i] = 0;
		if (ch_text_w(x, line, SZ_TITLE, 1) > w)
			break;
		space = i;
		if (t[i - 1] == ':')
			colon = i;
		if (t[i + 1] == '(')
			paren = i;
	}
	if (colon || paren || space)
		return colon ? colon : paren ? paren : space;
	const char *sp = strchr(t, ' ');
	return sp ? (size_t)(sp - t) : n;
}

double ch_layout_title(struct ctx *x, const char *title, double width)
{
	double y = 0;
	const char *t = title;
	char line[512];
	if (!*t)
		return 0;
	while (*t) {
		size_t n = strlen(t);
		size_t cut = ch_text_w(x, t, SZ_TITLE, 1) <= width ? n
								   : title_break(x, t, n, width);
		snprintf(line, sizeof(line), "%.*s", (int)cut, t);
		ch_text(x, SC_ROLE_TITLE, 0, y + SZ_TITLE, line, SZ_TITLE, 1, SC_START, C_TEXT);
		y += SZ_TITLE + 3;
		for (t += cut; *t == ' '; t++)
			;
	}
	return y + 4;
}

double ch_layout_legend(struct ctx *x, const struct series_set *ss, double y, double width,
			int dots)
{
	double cx = 0, row = y;
	char label[1024];
	for (size_t i = 0; i < ss->n; i++) {
		const struct series *se = &ss->v[i];
		double w;
		/* a label wider than the chart is shortened to fit a row of its own (the full
		 * label is in the report's subjects table) */
		ch_fit_label(x, se->label, SZ_LABEL, 0, width - 16, label, sizeof(label));
		w = 16 + ch_text_w(x, label, SZ_LABEL, 0);
		if (cx > 0 && cx + w > width) {
			cx = 0;
			row += SZ_LABEL + 5;
		}
		ch_line(x, cx, row + SZ_LABEL * 0.45, cx + 12, row + SZ_LABEL * 0.45, se->color, 2,
			0);
		if (dots) /* the series' marker shape, as on its line */
			ch_marker(x, i, cx + 6, row + SZ_LABEL * 0.45, 2.4, se->color, NULL, 0);
		ch_text(x, SC_ROLE_LEGEND, cx + 15, row + SZ_LABEL * 0.8, label, SZ_LABEL, 0,
			SC_START, C_TEXT);
		cx += w + 10;
	}
	return ss->n ? row + SZ_LABEL + 6 : y;
}

struct scene *ch_scene_new(double width, const char *title, const char *desc, int oom,
			   struct err *e)
{
	struct scene *s = oom ? NULL : calloc(1, sizeof(*s));
	if (s == NULL) {
		err_set(e, "chart '%s': out of memory", title);
		return NULL;
	}
	s->width = width;
	s->title = dupe(title);
	s->desc = dupe(desc);
	return s;
}

struct scene *ch_scene_done(struct scene *s, struct err *e)
{
	if (s->oom || s->title == NULL || s->desc == NULL) {
		err_set(e, "chart '%s': out of memory", s->title ? s->title : "");
		chart_scene_free(s);
		return NULL;
	}
	return s;
}

struct scene *chart_layout(const struct chart *c, const struct fonts *f, const struct numfmt *nf,
			   double width, struct err *e)
{
	struct scene *s = ch_scene_new(width, c->title, c->desc, c->oom || c->series.oom, e);
	struct ctx x = {s, f, nf, NULL};
	if (s == NULL)
		return NULL;
	if (c->kind == CHART_LINE)
		ch_layout_line(&x, c, width);
	else if (c->kind == CHART_FOREST)
		ch_layout_forest(&x, c, width);
	else /* HBAR, RANGE, STACK */
		ch_layout_bars(&x, c, width);
	return ch_scene_done(s, e);
}

void chart_scene_free(struct scene *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->items[i].text);
		free(s->items[i].pts);
		free(s->items[i].tip);
	}
	free(s->items);
	free(s->title);
	free(s->desc);
	free(s);
}

double chart_scene_width(const struct scene *s)
{
	return s->width;
}
double chart_scene_height(const struct scene *s)
{
	return s->height;
}
const char *chart_scene_title(const struct scene *s)
{
	return s->title;
}
const char *chart_scene_desc(const struct scene *s)
{
	return s->desc;
}
size_t chart_scene_count(const struct scene *s)
{
	return s->n;
}

const struct sc_item *chart_scene_item(const struct scene *s, size_t i)
{
	return i < s->n ? &s->items[i] : NULL;
}

void chart_scene_text_box(const struct sc_item *it, double *x0, double *y0, double *x1, double *y1)
{
	double left = it->x;
	if (it->anchor == SC_MIDDLE)
		left -= it->text_width / 2;
	else if (it->anchor == SC_END)
		left -= it->text_width;
	*x0 = left;
	*x1 = left + it->text_width;
	*y0 = it->y - it->size * 0.8;
	*y1 = it->y + it->size * 0.2;
}

size_t chart_scene_overlaps(const struct scene *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++) {
		double a0, b0, a1, b1;
		if (s->items[i].kind != SC_TEXT)
			continue;
		chart_scene_text_box(&s->items[i], &a0, &b0, &a1, &b1);
		for (size_t j = i + 1; j < s->n; j++) {
			double c0, d0, c1, d1;
			if (s->items[j].kind != SC_TEXT)
				continue;
			chart_scene_text_box(&s->items[j], &c0, &d0, &c1, &d1);
			if (a0 < c1 && c0 < a1 && b0 < d1 && d0 < b1)
				n++;
		}
	}
	return n;
}

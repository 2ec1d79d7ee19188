/* render/chart/scene.c: see scene.h. */
#include "render/chart/scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct scene {
	double width, height;
	char *title, *desc, *about;
	struct sc_item *items;
	size_t n, cap;
	int oom;
};

static char *dupe(const char *s)
{
	return strdup(s ? s : "");
}

void scene_color(char dst[8], const char *src)
{
	snprintf(dst, 8, "%s", src && src[0] == '#' && strlen(src) == 7 ? src : "#777777");
}

struct scene *scene_new(double width, const char *title, const char *desc, int oom, struct err *e)
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

struct scene *scene_done(struct scene *s, struct err *e)
{
	if (s->oom || s->title == NULL || s->desc == NULL) {
		err_set(e, "chart '%s': out of memory", s->title ? s->title : "");
		scene_free(s);
		return NULL;
	}
	return s;
}

void scene_set_height(struct scene *s, double h)
{
	s->height = h;
}

int scene_set_about(struct scene *s, const char *about)
{
	free(s->about);
	s->about = about ? strdup(about) : NULL;
	return about != NULL && s->about == NULL ? -1 : 0;
}

void scene_fail(struct scene *s)
{
	s->oom = 1;
}

/* A new item of the scene; a failed allocation marks the scene (s->oom), NULL. */
static struct sc_item *push(struct scene *s, enum sc_kind kind, enum sc_role role)
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

/* mark_claim: the current claim ids (x->claim) on an item just pushed. */
static void mark_claim(struct scene_pen *x, struct sc_item *it)
{
	if (x->claim == NULL || *x->claim == '\0')
		return;
	it->claim = strdup(x->claim);
	if (it->claim == NULL)
		x->s->oom = 1;
}

/* mark_tip: the current tooltip (x->tip) and claim ids on a mark just pushed. */
static void mark_tip(struct scene_pen *x, struct sc_item *it)
{
	mark_claim(x, it);
	if (x->tip == NULL)
		return;
	it->tip = strdup(x->tip);
	if (it->tip == NULL)
		x->s->oom = 1;
}

double scene_text_w(const struct scene_pen *x, const char *t, double size, int bold)
{
	return fonts_width(x->f, t, size, bold);
}

void scene_text(struct scene_pen *x, enum sc_role role, double px, double py, const char *t,
		double size, int bold, enum sc_anchor anchor, const char *color)
{
	struct sc_item *it = push(x->s, SC_TEXT, role);
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
	scene_color(it->fill, color);
	it->text_width = scene_text_w(x, t, size, bold);
	mark_claim(x, it);
}

void scene_rect(struct scene_pen *x, double px, double py, double w, double h, const char *fill)
{
	struct sc_item *it = push(x->s, SC_RECT, SC_ROLE_OTHER);
	if (it == NULL)
		return;
	it->x = px;
	it->y = py;
	it->w = w;
	it->h = h;
	scene_color(it->fill, fill);
	it->stroke_width = 0;
	mark_tip(x, it);
}

void scene_line(struct scene_pen *x, double x1, double y1, double x2, double y2, const char *color,
		double width, int dash)
{
	struct sc_item *it = push(x->s, SC_LINE, SC_ROLE_OTHER);
	if (it == NULL)
		return;
	it->x = x1;
	it->y = y1;
	it->x2 = x2;
	it->y2 = y2;
	scene_color(it->stroke, color);
	it->stroke_width = width;
	it->dash = dash;
	mark_tip(x, it);
}

void scene_circle(struct scene_pen *x, double cx, double cy, double r, const char *fill,
		  const char *stroke, double width)
{
	struct sc_item *it = push(x->s, SC_CIRCLE, SC_ROLE_OTHER);
	if (it == NULL)
		return;
	it->x = cx;
	it->y = cy;
	it->r = r;
	scene_color(it->fill, fill);
	if (stroke)
		scene_color(it->stroke, stroke);
	it->stroke_width = width;
	mark_tip(x, it);
}

/* push_path: a new item of `kind` holding a copy of the n points pts; NULL when out of
 * memory (the scene is marked). */
static struct sc_item *push_path(struct scene_pen *x, enum sc_kind kind, const double *pts,
				 size_t n)
{
	struct sc_item *it = push(x->s, kind, SC_ROLE_OTHER);
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

void scene_polygon(struct scene_pen *x, const double *pts, size_t n, const char *fill,
		   const char *stroke, double width)
{
	struct sc_item *it = n >= 3 ? push_path(x, SC_POLYGON, pts, n) : NULL;
	if (it == NULL)
		return;
	if (fill && *fill)
		scene_color(it->fill, fill);
	if (stroke && *stroke)
		scene_color(it->stroke, stroke);
	it->stroke_width = width;
	mark_tip(x, it);
}

void scene_polyline(struct scene_pen *x, const double *pts, size_t n, const char *color,
		    double width)
{
	struct sc_item *it = n >= 2 ? push_path(x, SC_POLYLINE, pts, n) : NULL;
	if (it == NULL)
		return;
	scene_color(it->stroke, color);
	it->stroke_width = width;
	mark_tip(x, it);
}

void scene_free(struct scene *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->items[i].text);
		free(s->items[i].pts);
		free(s->items[i].tip);
		free(s->items[i].claim);
	}
	free(s->items);
	free(s->title);
	free(s->desc);
	free(s->about);
	free(s);
}

double scene_width(const struct scene *s)
{
	return s->width;
}
double scene_height(const struct scene *s)
{
	return s->height;
}
const char *scene_title(const struct scene *s)
{
	return s->title;
}
const char *scene_desc(const struct scene *s)
{
	return s->desc;
}
const char *scene_about(const struct scene *s)
{
	return s->about;
}
size_t scene_count(const struct scene *s)
{
	return s->n;
}

const struct sc_item *scene_item(const struct scene *s, size_t i)
{
	return i < s->n ? &s->items[i] : NULL;
}

void scene_text_box(const struct sc_item *it, double *x0, double *y0, double *x1, double *y1)
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

size_t scene_overlaps(const struct scene *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++) {
		double a0, b0, a1, b1;
		if (s->items[i].kind != SC_TEXT)
			continue;
		scene_text_box(&s->items[i], &a0, &b0, &a1, &b1);
		for (size_t j = i + 1; j < s->n; j++) {
			double c0, d0, c1, d1;
			if (s->items[j].kind != SC_TEXT)
				continue;
			scene_text_box(&s->items[j], &c0, &d0, &c1, &d1);
			if (a0 < c1 && c0 < a1 && b0 < d1 && d0 < b1)
				n++;
		}
	}
	return n;
}

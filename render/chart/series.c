/* render/chart/series.c: see series.h. */
#include "render/chart/series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/scene.h"

static int grow(struct series *se, size_t want)
{
	if (want <= se->cap)
		return 0;
	size_t cap = se->cap ? se->cap * 2 : 16;
	if (cap < want)
		cap = want;
	struct series_pt *p = realloc(se->pts, cap * sizeof(*p));
	if (p == NULL)
		return -1;
	se->pts = p;
	se->cap = cap;
	return 0;
}

static void blank(struct series_pt *p, double x)
{
	*p = (struct series_pt){x, NAN, NAN, NAN, 0, ""};
}

int series_add(struct series_set *ss, const char *label, const char *color, size_t npts)
{
	struct series *v = realloc(ss->v, (ss->n + 1) * sizeof(*v));
	if (v == NULL) {
		ss->oom = 1;
		return -1;
	}
	ss->v = v;
	struct series *se = &v[ss->n];
	memset(se, 0, sizeof(*se));
	se->label = strdup(label ? label : "");
	if (se->label == NULL || grow(se, npts) < 0) {
		free(se->label);
		free(se->pts);
		ss->oom = 1;
		return -1;
	}
	scene_color(se->color, color);
	for (size_t i = 0; i < npts; i++)
		blank(&se->pts[i], (double)i);
	se->n = npts;
	return (int)ss->n++;
}

struct series_pt *series_at(struct series_set *ss, int s, size_t i)
{
	if (s < 0 || (size_t)s >= ss->n || i >= ss->v[s].n)
		return NULL;
	return &ss->v[s].pts[i];
}

struct series_pt *series_push(struct series_set *ss, int s)
{
	if (s < 0 || (size_t)s >= ss->n)
		return NULL;
	struct series *se = &ss->v[s];
	if (grow(se, se->n + 1) < 0) {
		ss->oom = 1;
		return NULL;
	}
	struct series_pt *p = &se->pts[se->n++];
	blank(p, NAN);
	return p;
}

int series_any(const struct series_set *ss)
{
	for (size_t s = 0; s < ss->n; s++)
		for (size_t i = 0; i < ss->v[s].n; i++)
			if (isfinite(ss->v[s].pts[i].y))
				return 1;
	return 0;
}

void series_set_claim(struct series_set *ss, int s, const char *claim)
{
	if (s < 0 || (size_t)s >= ss->n)
		return;
	free(ss->v[s].claim);
	ss->v[s].claim = claim != NULL && *claim ? strdup(claim) : NULL;
	if (claim != NULL && *claim && ss->v[s].claim == NULL)
		ss->oom = 1;
}

void series_free(struct series_set *ss)
{
	for (size_t i = 0; i < ss->n; i++) {
		free(ss->v[i].claim);
		free(ss->v[i].label);
		free(ss->v[i].pts);
	}
	free(ss->v);
	ss->v = NULL;
	ss->n = 0;
}

/* render/chart/chart_summary.c: what a chart's data says, read from the model (see
 * chart.h): whether it has anything to draw, and the summary its description ends with. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/chart/chart.h"
#include "render/chart/chart_int.h"
#include "render/chart/series.h"

int chart_is_empty(const struct chart *c)
{
	if (c->oom) /* a point may be missing for want of memory: chart_layout refuses it */
		return 0;
	if (c->kind == CHART_LINE)
		return !series_any(&c->series);
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t i = 0; i < c->panels[p].nrows; i++) {
			const struct row *w = &c->panels[p].rows[i];
			if (c->kind != CHART_FOREST && isfinite(w->value))
				return 0;
			for (size_t k = 0; k < w->nmarks; k++)
				if (isfinite(w->marks[k].value))
					return 0;
		}
	return 1;
}

/* summary_line: LINE: per category the highest series not set aside; top = the most
 * frequent; the first series set aside with a point. */
static void summary_line(const struct chart *c, struct chart_summary *out)
{
	size_t best = 0;
	for (size_t s = 0; s < c->series.n; s++) {
		size_t wins = 0;
		for (size_t k = 0; k < c->ncats; k++) {
			size_t top = c->series.n;
			if (c->series.v[s].aside && out->aside == NULL &&
			    isfinite(c->series.v[s].pts[k].y))
				out->aside = c->series.v[s].label;
			for (size_t t = 0; t < c->series.n; t++) {
				double v = c->series.v[t].pts[k].y;
				if (isfinite(v) && !c->series.v[t].aside &&
				    (top == c->series.n || v > c->series.v[top].pts[k].y))
					top = t;
			}
			wins += top == s;
			out->of += s == 0 && top < c->series.n;
		}
		if (wins > best) {
			best = wins;
			out->top = c->series.v[s].label;
		}
	}
	out->wins = best;
}

/* summary_rows: HBAR / RANGE / FOREST: per panel the highest row (a row set aside: none, the
 * first such one kept); estimates counted. */
static void summary_rows(const struct chart *c, struct chart_summary *out)
{
	const char *lab[64];
	size_t cnt[64] = {0}, nl = 0;
	for (size_t p = 0; p < c->npanels; p++) {
		const struct row *hi = NULL, *lo = NULL;
		for (size_t i = 0; i < c->panels[p].nrows; i++) {
			const struct row *w = &c->panels[p].rows[i];
			for (size_t k = 0; k < w->nmarks; k++) {
				out->estimates += isfinite(w->marks[k].value);
				out->filled += isfinite(w->marks[k].value) && w->marks[k].filled;
			}
			if (w->aside && isfinite(w->value) && out->aside == NULL)
				out->aside = w->label;
			if (c->kind == CHART_FOREST || !isfinite(w->value) || w->aside)
				continue;
			hi = hi == NULL || w->value > hi->value ? w : hi;
			lo = lo == NULL || w->value < lo->value ? w : lo;
		}
		if (hi == NULL)
			continue;
		out->of++;
		if (c->npanels == 1) {
			out->top = hi->label, out->top_value = hi->value;
			out->low = lo->label, out->low_value = lo->value;
			out->wins = 1;
		}
		size_t j = 0;
		while (j < nl && strcmp(lab[j], hi->label))
			j++;
		if (j == nl && nl < 64)
			lab[nl++] = hi->label;
		if (j < nl)
			cnt[j]++;
	}
	for (size_t j = 0; c->npanels > 1 && j < nl; j++)
		if (cnt[j] > out->wins) {
			out->wins = cnt[j];
			out->top = lab[j];
		}
}

/* summary_stack: STACK: per bar its largest part; top = the part largest in the most bars. */
static void summary_stack(const struct chart *c, struct chart_summary *out)
{
	size_t cnt[64] = {0}, n = c->series.n < 64 ? c->series.n : 64;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t i = 0; i < c->panels[p].nrows; i++) {
			const struct row *w = &c->panels[p].rows[i];
			size_t top = n;
			for (size_t k = 0; k < w->nparts && k < n; k++)
				if (isfinite(w->parts[k]) && w->parts[k] > 0 &&
				    (top == n || w->parts[k] > w->parts[top]))
					top = k;
			if (top == n)
				continue;
			cnt[top]++;
			out->of++;
		}
	for (size_t k = 0; k < n; k++)
		if (cnt[k] > out->wins) {
			out->wins = cnt[k];
			out->top = c->series.v[k].label;
		}
}

void chart_summary(const struct chart *c, struct chart_summary *out)
{
	*out = (struct chart_summary){c->kind, NULL, NULL, NAN, NAN, 0, 0, 0, 0, NULL};
	if (c->kind == CHART_LINE)
		summary_line(c, out);
	else if (c->kind == CHART_STACK)
		summary_stack(c, out);
	else
		summary_rows(c, out);
}

/* render/chart/chart_stack.c: the parts of a STACK chart (see chart.h and chart_int.h): the
 * legend of coloured swatches and a bar's segments laid end to end. The panels, labels,
 * ticks and the text after each bar are ch_layout_bars' (render/chart/chart_bars.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/chart/chart_int.h"

double ch_layout_swatches(struct scene_pen *x, const struct series_set *ss, double y, double width)
{
	double cx = 0, row = y, box = SZ_LABEL * 0.9;
	for (size_t i = 0; i < ss->n; i++) {
		const struct series *se = &ss->v[i];
		double w = box + 4 + scene_text_w(x, se->label, SZ_LABEL, 0);
		if (cx > 0 && cx + w > width) {
			cx = 0;
			row += SZ_LABEL + 5;
		}
		scene_rect(x, cx, row + SZ_LABEL * 0.8 - box, box, box, se->color);
		scene_text(x, SC_ROLE_LEGEND, cx + box + 4, row + SZ_LABEL * 0.8, se->label,
			   SZ_LABEL, 0, SC_START, C_TEXT);
		cx += w + 10;
	}
	return ss->n ? row + SZ_LABEL + 6 : y;
}

/* light: 1 when dark text reads better than white on color (its luma above one half). */
static int light(const char *color)
{
	unsigned r = 0x77, g = 0x77, b = 0x77;
	sscanf(color, "#%02x%02x%02x", &r, &g, &b);
	return 0.299 * r + 0.587 * g + 0.114 * b > 127.5;
}

/* part_value: v written inside its segment (from at, w points wide, centred at cy) when the
 * text fits with 2 points to spare on each side. */
static void part_value(struct scene_pen *x, double v, double at, double w, double cy,
		       const char *color)
{
	char buf[TEXT_NUM_MAX];
	ch_fmt_value(x, v, "", buf, sizeof(buf));
	if (scene_text_w(x, buf, SZ_TICK, 0) + 4 > w)
		return;
	scene_text(x, SC_ROLE_PART, at + w / 2, cy + SZ_TICK * 0.35, buf, SZ_TICK, 0, SC_MIDDLE,
		   light(color) ? C_TEXT : "#ffffff");
}

double ch_stack_shape(struct scene_pen *x, const struct chart *c, const struct panel *pn,
		      const struct row *rw, double x0, double k, double cy, double barh)
{
	const char *row_tip = x->tip;
	char where[320], tip[512], u[64];
	double at = x0;
	ch_tip_unit(c->unit, c->value_title, u, sizeof(u));
	for (size_t i = 0; i < rw->nparts && i < c->series.n; i++) {
		const struct series *se = &c->series.v[i];
		double v = rw->parts[i], w = v * k;
		if (!isfinite(v) || v <= 0)
			continue;
		/* "subject · GET 4 KiB · wait: 0.123 ms · n = 2", as the other charts' marks */
		snprintf(where, sizeof(where), "%s%s%s", pn->title, *pn->title ? " · " : "",
			 se->label);
		x->tip = ch_tip(x, rw->label, where, v, u, NAN, NAN, rw->n, tip, sizeof(tip));
		scene_rect(x, at, cy - barh / 2, w, barh, se->color);
		x->tip = row_tip;
		part_value(x, v, at, w, cy, se->color);
		at += w;
	}
	return at;
}

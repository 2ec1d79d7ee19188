/* render/chart/chart_draw.c: what every chart layout draws with (see chart_int.h): the
 * title and the legend, axis ticks, value labels, marker shapes and mark tooltips, written
 * into the scene (render/chart/scene.h). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/chart/chart_int.h"

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

void ch_fmt_value(const struct scene_pen *x, double v, const char *unit, char *buf, size_t n)
{
	char num[TEXT_NUM_MAX];
	text_num(x->nf, v, -1, num, sizeof(num));
	snprintf(buf, n, "%s%s", num, isnan(v) ? "" : unit);
}

/* The widest of the n tick labels tlo, tlo + step, ... written with dec decimals. */
double ch_ticks_width(const struct scene_pen *x, double tlo, double step, int n, int dec)
{
	double maxw = 0;
	for (int i = 0; i < n; i++) {
		char num[TEXT_NUM_MAX];
		double w = scene_text_w(x, text_num(x->nf, tlo + i * step, dec, num, sizeof(num)),
					SZ_TICK, 0);
		if (w > maxw)
			maxw = w;
	}
	return maxw;
}

/* Ticks on a horizontal axis of `len` points whose labels do not overlap. */
int ch_fit_hticks(const struct scene_pen *x, double hi, double len, double *thi, double *step)
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

/* mark_len: the length of t's trailing mark, a space and one character that is not a letter
 * or digit of ASCII (" ‡", " *"), or 0. */
static size_t mark_len(const char *t)
{
	size_t n = strlen(t), i = n;

	while (i > 0 && ((unsigned char)t[i - 1] & 0xc0) == 0x80)
		i--;
	if (i < 2 || i == n || t[i - 2] != ' ' || isalnum((unsigned char)t[i - 1]))
		return 0;
	return n - (i - 2);
}

/* Shorten t (with "…") until it is at most w points wide; writes into buf. A trailing mark
 * (mark_len) is kept: the text before it is shortened. */
void ch_fit_label(const struct scene_pen *x, const char *t, double size, int bold, double w,
		  char *buf, size_t n)
{
	size_t len, m = mark_len(t);
	const char *mark = t + strlen(t) - m;

	snprintf(buf, n, "%s", t);
	if (scene_text_w(x, buf, size, bold) <= w)
		return;
	len = strlen(buf) > m ? strlen(buf) - m : 0;
	while (len > 0) {
		do
			len--;
		while (len > 0 && ((unsigned char)buf[len] & 0xc0) == 0x80);
		if (len + 4 + m > n)
			continue;
		memcpy(buf + len, "\xe2\x80\xa6", 3);
		memcpy(buf + len + 3, mark, m + 1);
		if (scene_text_w(x, buf, size, bold) <= w)
			return;
	}
}

/* Where the first line of title t (strlen n) ends so that it is at most w points wide:
 * after a ':' where one fits, else before a '(', else at the last space that fits; a
 * first word wider than w is the whole line (the caller's width leaves it no better). */
static size_t title_break(const struct scene_pen *x, const char *t, size_t n, double w)
{
	size_t colon = 0, paren = 0, space = 0;
	char line[512];
	for (size_t i = 1; i < n && i < sizeof(line); i++) {
		if (t[i] != ' ')
			continue;
		memcpy(line, t, i);
		line[i] = 0;
		if (scene_text_w(x, line, SZ_TITLE, 1) > w)
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

double ch_layout_title(struct scene_pen *x, const char *title, double width)
{
	double y = 0;
	const char *t = title;
	char line[512];
	if (!*t)
		return 0;
	while (*t) {
		size_t n = strlen(t);
		size_t cut = scene_text_w(x, t, SZ_TITLE, 1) <= width ? n
								      : title_break(x, t, n, width);
		snprintf(line, sizeof(line), "%.*s", (int)cut, t);
		scene_text(x, SC_ROLE_TITLE, 0, y + SZ_TITLE, line, SZ_TITLE, 1, SC_START, C_TEXT);
		y += SZ_TITLE + 3;
		for (t += cut; *t == ' '; t++)
			;
	}
	return y + 4;
}

double ch_layout_legend(struct scene_pen *x, const struct series_set *ss, double y, double width,
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
		w = 16 + scene_text_w(x, label, SZ_LABEL, 0);
		if (cx > 0 && cx + w > width) {
			cx = 0;
			row += SZ_LABEL + 5;
		}
		x->claim = se->claim;
		scene_line(x, cx, row + SZ_LABEL * 0.45, cx + 12, row + SZ_LABEL * 0.45, se->color,
			   2, 0);
		if (dots) /* the series' marker shape, as on its line */
			ch_marker(x, i, cx + 6, row + SZ_LABEL * 0.45, 2.4, se->color, NULL, 0);
		scene_text(x, SC_ROLE_LEGEND, cx + 15, row + SZ_LABEL * 0.8, label, SZ_LABEL, 0,
			   SC_START, C_TEXT);
		x->claim = NULL;
		cx += w + 10;
	}
	return ss->n ? row + SZ_LABEL + 6 : y;
}

void ch_marker(struct scene_pen *x, size_t k, double cx, double cy, double r, const char *fill,
	       const char *stroke, double width)
{
	double s = r * 0.9, t = r * 1.25, d = r * 1.3;
	double sq[] = {cx - s, cy - s, cx + s, cy - s, cx + s, cy + s, cx - s, cy + s};
	double up[] = {cx, cy - t, cx + t * 0.87, cy + t * 0.5, cx - t * 0.87, cy + t * 0.5};
	double dm[] = {cx, cy - d, cx + d, cy, cx, cy + d, cx - d, cy};
	double dn[] = {cx, cy + t, cx + t * 0.87, cy - t * 0.5, cx - t * 0.87, cy - t * 0.5};
	switch (k % 5) {
	case 0:
		scene_circle(x, cx, cy, r, fill, stroke, width);
		break;
	case 1:
		scene_polygon(x, sq, 4, fill, stroke, width);
		break;
	case 2:
		scene_polygon(x, up, 3, fill, stroke, width);
		break;
	case 3:
		scene_polygon(x, dm, 4, fill, stroke, width);
		break;
	default:
		scene_polygon(x, dn, 3, fill, stroke, width);
		break;
	}
}

char *ch_tip_unit(const char *unit, const char *title, char *buf, size_t n)
{
	if (unit && *unit)
		snprintf(buf, n, "%s", unit);
	else
		snprintf(buf, n, "%s%s", title && *title ? " " : "", title ? title : "");
	return buf;
}

/* tip_dec: the decimals that give v 6 significant digits (more than any label shows), 0 to
 * 8; 2 for 0. */
static int tip_dec(double v)
{
	int dec = isfinite(v) && v != 0 ? 5 - (int)floor(log10(fabs(v))) : 2;

	return dec < 0 ? 0 : dec > 8 ? 8 : dec;
}

char *ch_tip(const struct scene_pen *x, const char *who, const char *where, double value,
	     const char *unit, double lo, double hi, const char *n, char *buf, size_t len)
{
	char v[TEXT_NUM_MAX], a[TEXT_NUM_MAX], b[TEXT_NUM_MAX];
	size_t k = 0;
	int dec = tip_dec(value);
	buf[0] = 0;
	if (who && *who)
		k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s", who);
	if (where && *where)
		k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s%s", k ? " · " : "",
				      where);
	if (isfinite(value))
		k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s%s%s", k ? ": " : "",
				      text_num(x->nf, value, dec, v, sizeof(v)), unit ? unit : "");
	if (isfinite(lo) && isfinite(hi))
		k += (size_t)snprintf(buf + k, k < len ? len - k : 0, " [%s, %s]",
				      text_num(x->nf, lo, tip_dec(lo), a, sizeof(a)),
				      text_num(x->nf, hi, tip_dec(hi), b, sizeof(b)));
	if (n && *n)
		snprintf(buf + k, k < len ? len - k : 0, " · n = %s", n);
	return buf;
}

/* render/doc/colfit.c: see colfit.h. */
#include "render/doc/colfit.h"

#include <stdlib.h>
#include <string.h>

#include "render/text/fonts.h"

/* widest_word: the width of s's widest space-separated word. */
static double widest_word(const struct fonts *f, const char *s, double size, int bold)
{
	double best = 0;
	char word[256];
	while (s && *s) {
		size_t n = strcspn(s, " ");
		size_t k = n < sizeof(word) - 1 ? n : sizeof(word) - 1;
		memcpy(word, s, k);
		word[k] = 0;
		double wd = fonts_width(f, word, size, bold);
		best = wd > best ? wd : best;
		s += n;
		while (*s == ' ')
			s++;
	}
	return best;
}

/* col_need: column i's minimum and preferred widths at font size `size`: its widest
 * word (header in bold) and its longest unwrapped text, with padding, swatch and note. */
static void col_need(const struct fonts *f, const struct doc_table *t, size_t i, double size,
		     double total, double *mn, double *pref)
{
	const char *h = t->head[i].text ? t->head[i].text : "";
	*mn = widest_word(f, h, size, 1) + 8;
	*pref = fonts_width(f, h, size, 1) + 8;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct doc_cell *c = &t->rows[r][i];
		const char *s = c->text ? c->text : "";
		int bold = (c->flags & CELL_LEAD) != 0;
		double pad = 8 + (c->color[0] ? size + 3 : 0) +
			     (c->note ? fonts_width(f, c->note, size * 0.8, 0) + 3 : 0);
		double a = widest_word(f, s, size, bold) + pad,
		       b = fonts_width(f, s, size, bold) + pad;
		/* a number, a short phrase or a name up to a third of the line stays on one
		 * line; a longer name (a long subject label) wraps like any text */
		if ((c->flags & CELL_NUM) || b < total / 4 ||
		    ((c->flags & CELL_ROWHEAD) && b <= total / 3))
			a = b;
		*mn = a > *mn ? a : *mn;
		*pref = b > *pref ? b : *pref;
	}
}

int colfit(size_t n, const double *minw, const double *pref, double total, double *out)
{
	double smin = 0, spref = 0, extra = 0;

	for (size_t i = 0; i < n; i++) {
		double p = pref[i] > minw[i] ? pref[i] : minw[i];

		smin += minw[i];
		spref += p;
		extra += p - minw[i];
	}
	if (spref <= total && spref > 0) {
		for (size_t i = 0; i < n; i++) {
			double p = pref[i] > minw[i] ? pref[i] : minw[i];

			out[i] = p + (total - spref) * p / spref;
		}
		return 0;
	}
	if (smin <= total && extra > 0) {
		for (size_t i = 0; i < n; i++) {
			double p = pref[i] > minw[i] ? pref[i] : minw[i];

			out[i] = minw[i] + (total - smin) * (p - minw[i]) / extra;
		}
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = smin > 0 ? minw[i] * total / smin : total / (double)n;
	return smin > total;
}

int colfit_table(struct fonts *f, const struct doc_table *t, double size, double total, double *wd)
{
	double *need = malloc(2 * (t->ncols ? t->ncols : 1) * sizeof(*need));
	int rc;

	if (need == NULL)
		return -1;
	for (size_t i = 0; i < t->ncols; i++)
		col_need(f, t, i, size, total, &need[i], &need[t->ncols + i]);
	rc = colfit(t->ncols, need, need + t->ncols, total, wd);
	free(need);
	return rc;
}

/* render/doc/colfit.h: table column widths from their content (the PDF back end; the HTML
 * one leaves it to the browser's automatic table layout, which does the same).
 *
 * Each column has a minimum width (its widest unbreakable word, padding included: below
 * it a word would be cut) and a preferred width (its longest line unwrapped). */
#ifndef RENDER_COLFIT_H
#define RENDER_COLFIT_H

#include <stddef.h>

#include "render/doc/doc.h"
#include "render/text/fonts.h"

/* colfit: widths out[0..n-1] that sum to total (n >= 1, total > 0) from minw[] and
 * pref[] (pref[i] >= minw[i] >= 0 is assumed; a smaller pref is taken as minw):
 * - every preferred width fits: each column gets its preferred width, and what is left
 *   is shared in proportion to the preferred widths (the table fills the line);
 * - else the minimums fit: each gets its minimum plus a share of what is left in
 *   proportion to how much it wanted beyond its minimum (pref - min);
 * - else nothing fits: the minimums scaled down to total. Returns 1 in that last case
 *   (some word will be cut; the caller may retry with a smaller font), else 0.
 * The arrays are only read but out, which is written. */
int colfit(size_t n, const double *minw, const double *pref, double total, double *out);

/* colfit_table: colfit on table t's columns at font size `size` (points) measured with
 * f: a column's minimum is its widest word (the header's in bold; a number's, a short
 * cell's or a row header's up to a third of total whole, which stays on one line: a
 * longer row header, a long subject label, wraps), its preferred width
 * its longest text unwrapped, each with 8 pt of padding and any swatch or note. Writes
 * t->ncols widths summing to total into wd. Returns colfit's result, -1 out of memory. */
int colfit_table(struct fonts *f, const struct doc_table *t, double size, double total, double *wd);

#endif

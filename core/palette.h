/* core/palette.h: the subjects' default colours, one palette for the whole project.
 *
 * The eight colours of Okabe and Ito's "Color Universal Design" palette (Masataka Okabe
 * and Kei Ito, "Color Universal Design (CUD): How to make figures and presentations that
 * are friendly to colorblind people", J*FLY, 2002/2008, https://jfly.uni-koeln.de/color/),
 * chosen to stay distinguishable under protanopia, deuteranopia and tritanopia. The order
 * puts the two blues, orange and vermillion first (the pairs most charts need) and the
 * yellow, weakest on white, last but one; black closes the cycle. Charts also give each
 * subject its own marker shape (render/chart/chart_int.h ch_marker), so a grey print still
 * tells them apart. A subject's `color` in the campaign overrides it. */
#ifndef CORE_PALETTE_H
#define CORE_PALETTE_H

#include <stddef.h>

#define PALETTE_SIZE 8

/* palette_color: the default colour of subject number i (0-based, in campaign order) as
 * "#rrggbb" (static); the palette repeats after PALETTE_SIZE subjects. */
const char *palette_color(size_t i);

#endif

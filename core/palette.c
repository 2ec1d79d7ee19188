/* core/palette.c: see palette.h. */
#include "core/palette.h"

/* Okabe-Ito, in RGB as the source gives it (0-255): blue 0,114,178; orange 230,159,0;
 * bluish green 0,158,115; vermillion 213,94,0; reddish purple 204,121,167; sky blue
 * 86,180,233; yellow 240,228,66; black 0,0,0. */
static const char *const colors[PALETTE_SIZE] = {
	"#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#f0e442", "#000000",
};

const char *palette_color(size_t i)
{
	return colors[i % PALETTE_SIZE];
}

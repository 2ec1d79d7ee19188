/* tests/unit/test_palette.c: the default palette (core/palette.h) stays apart under the
 * common colour-vision deficiencies.
 *
 * Each colour is simulated for full protanopia, deuteranopia and tritanopia with the
 * matrices of Machado, Oliveira and Fernandes (IEEE TVCG 2009, severity 1.0, on linear
 * RGB), then taken to CIELAB (D65); the smallest CIE76 distance between any two of the
 * 8 colours must stay above 12 (colours closer than about 10 are hard to tell apart in
 * a legend). Reference values, computed independently with NumPy (/usr/bin/python3, the
 * same matrices, sRGB -> linear -> matrix -> XYZ -> Lab): Okabe-Ito, all 8 colours:
 * protan 20.7, deutan 17.0, tritan 16.1, normal vision 26.4; the palette render used
 * before (matplotlib's tab10, first 8): protan 4.6, deutan 7.3 (its red and green merge). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/palette.h"
#include "tests/unit/check.h"

static const double sim[4][3][3] = {
	{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	{{0.152286, 1.052583, -0.204868},
	 {0.114503, 0.786281, 0.099216},
	 {-0.003882, -0.048116, 1.051998}},
	{{0.367322, 0.860646, -0.227968},
	 {0.280085, 0.672501, 0.047413},
	 {-0.011820, 0.042940, 0.968881}},
	{{1.255528, -0.076749, -0.178779},
	 {-0.078411, 0.930809, 0.147602},
	 {0.004733, 0.691367, 0.303900}},
};
static const char *const names[] = {"normal", "protan", "deutan", "tritan"};

static double lin(unsigned v)
{
	double c = v / 255.0;
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double lab_f(double t)
{
	return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

/* lab: "#rrggbb" seen through simulation k, in CIELAB. */
static void lab(const char *hex, int k, double out[3])
{
	unsigned r = 0, g = 0, b = 0;
	double in[3], s[3], X, Y, Z;
	sscanf(hex, "#%02x%02x%02x", &r, &g, &b);
	in[0] = lin(r), in[1] = lin(g), in[2] = lin(b);
	for (int i = 0; i < 3; i++) {
		s[i] = sim[k][i][0] * in[0] + sim[k][i][1] * in[1] + sim[k][i][2] * in[2];
		s[i] = s[i] < 0 ? 0 : s[i] > 1 ? 1 : s[i];
	}
	X = (0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2]) / 0.95047;
	Y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
	Z = (0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2]) / 1.08883;
	out[0] = 116 * lab_f(Y) - 16;
	out[1] = 500 * (lab_f(X) - lab_f(Y));
	out[2] = 200 * (lab_f(Y) - lab_f(Z));
}

static double min_distance(const char *const *pal, size_t n, int k)
{
	double best = INFINITY, a[3], b[3];
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			lab(pal[i], k, a);
			lab(pal[j], k, b);
			double d = sqrt((a[0] - b[0]) * (a[0] - b[0]) +
					(a[1] - b[1]) * (a[1] - b[1]) +
					(a[2] - b[2]) * (a[2] - b[2]));
			best = d < best ? d : best;
		}
	return best;
}

int main(void)
{
	static const double want[4] = {26.4, 20.7, 17.0, 16.1};
	static const char *const tab10[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
					    "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
	const char *pal[PALETTE_SIZE];
	for (size_t i = 0; i < PALETTE_SIZE; i++)
		pal[i] = palette_color(i);
	CHECK_STR(palette_color(0), "#0072b2", "Okabe-Ito blue first");
	CHECK(palette_color(PALETTE_SIZE) == palette_color(0), "the palette repeats");
	for (int k = 0; k < 4; k++) {
		double d = min_distance(pal, PALETTE_SIZE, k);
		CHECK(d > 12 && fabs(d - want[k]) < 0.1, "%s: closest pair %.2f apart (NumPy %.1f)",
		      names[k], d, want[k]);
	}
	/* the check can fail: the old palette does, under protanopia and deuteranopia */
	CHECK(min_distance(tab10, 8, 1) < 5 && min_distance(tab10, 8, 2) < 8,
	      "tab10 fails the same test (protan %.1f, deutan %.1f)", min_distance(tab10, 8, 1),
	      min_distance(tab10, 8, 2));
	return check_done();
}

/* tests/unit/test_steady.c: collect/engine/steady (the rule of duration = auto). */
#include "collect/engine/steady.h"
#include "tests/unit/check.h"

int main(void)
{
	double flat[12] = {50, 60, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100};
	double band[10] = {100, 104, 96, 103, 97, 102, 98, 101, 99, 100};
	double out[10] = {100, 100, 100, 100, 106, 100, 100, 100, 100, 100};
	double ramp[10] = {96, 97, 98, 99, 100, 100, 101, 102, 103, 104}; /* inside +-5 % */
	double zero[10] = {0};

	CHECK(steady_met(flat, 12) == 1, "flat after a warm-up: steady");
	CHECK(steady_met(flat, 11) == 0, "the warm-up still in the window: not steady");
	CHECK(steady_met(flat, 9) == 0, "fewer than the window: not steady");
	CHECK(steady_met(band, 10) == 1, "noise inside the band, no trend: steady");
	CHECK(steady_met(out, 10) == 0, "one segment 6 %% off: not steady");
	CHECK(steady_met(ramp, 10) == 0, "inside the band but a significant slope: not steady");
	CHECK(steady_met(zero, 10) == 0, "nothing moved: not steady");
	return check_done();
}

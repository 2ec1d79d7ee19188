/* tests/unit/test_schedule.c: where `schedule = spread` puts each cycle (collect/run/schedule.c;
 * docs/SCHEDULING.md): for anchors on each of the 7 weekdays and every run of consecutive
 * cycles starting in the first 56, any 8 consecutive cycles visit all 8 three-hour UTC bands
 * and all 7 weekdays, any 7 all weekdays (and 7 bands: 8 is the fewest that can visit 8);
 * cycles 1-56 visit each (weekday, band) pair once; each slot is its band on its day, as
 * gmtime says; and the decision: before a slot wait, inside it run, past it the anchor moves
 * on by whole days keeping the band, none recorded puts the cycle on today's date. */
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "collect/run/schedule.h"
#include "tests/unit/check.h"

static const int64_t monday = 1796601600; /* 2026-12-07T00:00:00Z, a Monday */

/* covered: how many bands (*bands) and weekdays (*days) cycles first..first+n-1 visit. */
static void covered(int64_t anchor, int first, int n, int *bands, int *days)
{
	int b[SCHEDULE_BANDS] = {0}, d[8] = {0};

	*bands = *days = 0;
	for (int k = first; k < first + n; k++) {
		struct schedule_slot s = schedule_slot_of(anchor, k);
		*bands += !b[s.band]++;
		*days += !d[s.weekday]++;
	}
}

int main(void)
{
	int bad8 = 0, bad7 = 0, bad_slot = 0, pairs[8][SCHEDULE_BANDS] = {{0}}, distinct = 0;

	for (int a = 0; a < 7; a++) {
		int64_t anchor = monday + (int64_t)a * SCHEDULE_DAY_S;
		for (int first = 1; first <= 56; first++) {
			int nb, nd;
			covered(anchor, first, 8, &nb, &nd);
			bad8 += nb != 8 || nd != 7;
			covered(anchor, first, 7, &nb, &nd);
			bad7 += nb != 7 || nd != 7;
		}
		for (int k = 1; k <= 60; k++) {
			struct schedule_slot s = schedule_slot_of(anchor, k);
			time_t t = (time_t)s.start;
			struct tm tm;
			gmtime_r(&t, &tm);
			bad_slot += tm.tm_hour / 3 != s.band || tm.tm_min != 0 ||
				    s.end - s.start != SCHEDULE_BAND_S ||
				    (tm.tm_wday == 0 ? 7 : tm.tm_wday) != s.weekday ||
				    schedule_midnight(s.start) !=
					    anchor + (k - 1) * (int64_t)SCHEDULE_DAY_S;
		}
	}
	CHECK(bad8 == 0, "any 8 consecutive cycles visit 8 bands and 7 weekdays (%d runs not)",
	      bad8);
	CHECK(bad7 == 0, "any 7 consecutive cycles visit 7 weekdays and 7 bands (%d runs not)",
	      bad7);
	CHECK(bad_slot == 0,
	      "each slot is its 3-hour band on day k - 1, weekday as gmtime (%d not)", bad_slot);
	for (int k = 1; k <= 56; k++) {
		struct schedule_slot s = schedule_slot_of(monday, k);
		distinct += !pairs[s.weekday][s.band]++;
	}
	CHECK(distinct == 56, "cycles 1-56 visit each of the 56 (weekday, band) pairs once (%d)",
	      distinct);
	CHECK(schedule_slot_of(monday, 1).weekday == 1 &&
		      schedule_slot_of(monday, 7).weekday == 7 &&
		      schedule_slot_of(monday, 9).band == 0 && schedule_midnight(-1) == -86400,
	      "Monday is 1, Sunday 7; cycle 9 is band 0 again; midnight before 1970");

	/* the decision */
	struct schedule_slot s;
	int64_t anchor = monday, k3 = monday + 2 * SCHEDULE_DAY_S + 2 * SCHEDULE_BAND_S;
	CHECK(schedule_decide(&anchor, 3, k3 - 1, &s) == 0 && anchor == monday && s.start == k3,
	      "a second before cycle 3's slot (Wednesday 06:00): wait, the anchor kept");
	CHECK(schedule_decide(&anchor, 3, k3 + SCHEDULE_BAND_S - 1, &s) == 1 && anchor == monday,
	      "its slot's last second: run");
	CHECK(schedule_decide(&anchor, 3, k3 + SCHEDULE_BAND_S, &s) == 0 &&
		      anchor == monday + SCHEDULE_DAY_S && s.band == 2 &&
		      s.start == k3 + SCHEDULE_DAY_S,
	      "its slot's end: missed, the anchor a day on, the same band tomorrow: wait");
	anchor = monday;
	CHECK(schedule_decide(&anchor, 3, k3 + 3 * SCHEDULE_DAY_S + 3600, &s) == 1 &&
		      anchor == monday + 3 * SCHEDULE_DAY_S,
	      "3 days late, inside the band's hours: run, the anchor 3 days on");
	anchor = -1;
	CHECK(schedule_decide(&anchor, 5, monday + 13 * 3600, &s) == 1 &&
		      anchor == monday - 4 * SCHEDULE_DAY_S && s.band == 4,
	      "no anchor yet: cycle 5's slot today (band 4, 12:00-15:00), running at 13:00");
	return check_done();
}

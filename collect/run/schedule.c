/* collect/run/schedule.c: see schedule.h. */
#include "collect/run/schedule.h"

int64_t schedule_midnight(int64_t t)
{
	int64_t d = t / SCHEDULE_DAY_S;

	if (t % SCHEDULE_DAY_S < 0)
		d--;
	return d * SCHEDULE_DAY_S;
}

struct schedule_slot schedule_slot_of(int64_t anchor, int k)
{
	struct schedule_slot s;
	int64_t day = anchor + (int64_t)(k - 1) * SCHEDULE_DAY_S;

	s.band = (k - 1) % SCHEDULE_BANDS;
	s.start = day + (int64_t)s.band * SCHEDULE_BAND_S;
	s.end = s.start + SCHEDULE_BAND_S;
	/* 1970-01-01 was a Thursday (ISO weekday 4) */
	s.weekday = (int)(((day / SCHEDULE_DAY_S) % 7 + 7 + 3) % 7) + 1;
	return s;
}

int schedule_decide(int64_t *anchor, int k, int64_t now, struct schedule_slot *slot)
{
	if (*anchor < 0)
		*anchor = schedule_midnight(now) - (int64_t)(k - 1) * SCHEDULE_DAY_S;
	*slot = schedule_slot_of(*anchor, k);
	if (now >= slot->end) {
		int64_t days = (now - slot->end) / SCHEDULE_DAY_S + 1;

		*anchor += days * SCHEDULE_DAY_S;
		*slot = schedule_slot_of(*anchor, k);
	}
	return now >= slot->start;
}

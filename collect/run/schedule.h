/* collect/run/schedule.h: where `schedule = spread` puts each cycle of a scheduled build in
 * time (docs/SCHEDULING.md, "Spreading cycles over the day and the week"). Cycle k (from 1)
 * has the slot of day k - 1 after the anchor (a UTC midnight) in the 3-hour UTC band
 * (k - 1) mod 8: one cycle a day, each 3 hours later in the day than the one before,
 * wrapping at midnight. So any 8 consecutive cycles run in their slots visit all 8 bands
 * and all 7 weekdays, any 7 all weekdays, and any 56 each (weekday, band) pair once (7 and
 * 8 have no common factor). A slot missed (the machine was off) moves the anchor, and so
 * that cycle and every later one, by whole days to the next time its band comes round: the
 * bands keep their rotation; the weekdays go on from the new day. */
#ifndef COLLECT_RUN_SCHEDULE_H
#define COLLECT_RUN_SCHEDULE_H

#include <stdint.h>

#define SCHEDULE_BANDS 8
#define SCHEDULE_BAND_S (3 * 3600)
#define SCHEDULE_DAY_S 86400

struct schedule_slot {
	int64_t start, end; /* Unix seconds, [start, end): one 3-hour UTC band */
	int band;           /* 0-7: start's UTC hour / 3 */
	int weekday;        /* start's UTC weekday, 1 (Monday) to 7 (Sunday), as ISO 8601 */
};

/* schedule_midnight: the UTC midnight at or before Unix second t. */
int64_t schedule_midnight(int64_t t);

/* schedule_slot_of: cycle k's slot (k >= 1) from anchor (a UTC midnight). */
struct schedule_slot schedule_slot_of(int64_t anchor, int k);

/* schedule_decide: whether cycle k runs at Unix second now: 1 when now is in its slot, 0
 * when its slot is still ahead. *anchor: the anchor (a UTC midnight), or -1 when none is
 * recorded yet: then the one that puts cycle k's slot on now's UTC day; and when now is past
 * the slot's end, moved on by whole days until it is not. *slot: the slot decided on.
 * Returns 1 or 0; never fails. */
int schedule_decide(int64_t *anchor, int k, int64_t now, struct schedule_slot *slot);

#endif

/* core/tzone.h: a named time zone's local time (docs/CAMPAIGN.md, [subject ID] `tz`): an IANA
 * name (`America/New_York`) checked against the system's zoneinfo, and the local hour,
 * weekday and UTC offset there at a given time. */
#ifndef CORE_TZONE_H
#define CORE_TZONE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* tzone_check: 0 when name is an IANA zone name (letters, digits, '_', '-', '+' and '/'
 * between non-empty parts, no "." part) whose file under $TZDIR (else /usr/share/zoneinfo)
 * is a TZif file; else -1 with e saying why ("not a time zone of /usr/share/zoneinfo"). */
int tzone_check(const char *name, struct err *e);

/* tzone_local: the local hour (0-23), ISO weekday (1 Monday - 7 Sunday) and offset from UTC
 * in minutes in zone name (checked by tzone_check) at Unix second t. Sets TZ for the call
 * and puts the process's back before returning: call it where no other thread reads the
 * time zone. -1 when the local time cannot be had. */
int tzone_local(const char *name, int64_t t, int *hour, int *weekday, int *utc_offset_min);

#endif

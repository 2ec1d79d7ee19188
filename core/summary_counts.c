/* core/summary_counts.c: counts of the run summary beyond its requests (summary.h), and
 * their run.json members. The accumulator is core/summary.c's (summary_int.h). The
 * method, as docs/METHODOLOGY.md ("How requests are sent") states it:
 *
 *   GET checksums: in a run that verifies them (its rows carry the `checksum` column),
 *   every successful GET is "verified" (the server returned a whole-object checksum and
 *   the body matched it) or "absent" (nothing to check: none returned, a composite
 *   multipart one, a ranged GET); a body that did not match is a failed request (class
 *   checksum), in neither count. checksums_verified + checksums_absent = the run's
 *   successful GETs, so a run that verified none does not look like one that verified all.
 */
#include <string.h>

#include "core/opslog.h"
#include "core/summary_int.h"

void summary_counts_add(struct summary_acc *a, const struct op_row *row)
{
	if (row->checksum == OPS_CK_VERIFIED || row->checksum == OPS_CK_ABSENT) {
		a->ck_on = 1;
		if (row->checksum == OPS_CK_VERIFIED)
			a->ck_verified++;
		else
			a->ck_absent++;
	}
}

void summary_counts_finish(const struct summary_acc *a, struct run_summary *out)
{
	out->has_checksums = a->ck_on;
	out->checksums_verified = a->ck_verified;
	out->checksums_absent = a->ck_absent;
}

int summary_counts_to_json(const struct run_summary *s, json_t *o)
{
	if (!s->has_checksums)
		return 0;
	if (json_object_set_new(o, "checksums_verified",
				json_integer((json_int_t)s->checksums_verified)) < 0 ||
	    json_object_set_new(o, "checksums_absent",
				json_integer((json_int_t)s->checksums_absent)) < 0)
		return -1;
	return 0;
}

int summary_counts_from_json(const json_t *o, struct run_summary *out, struct err *e)
{
	const json_t *v = json_object_get(o, "checksums_verified");

	out->has_checksums = 0;
	out->checksums_verified = out->checksums_absent = 0;
	if (v == NULL && json_object_get(o, "checksums_absent") == NULL)
		return 0;
	if (summary_get_u64(o, "summary", "checksums_verified", &out->checksums_verified, e) < 0 ||
	    summary_get_u64(o, "summary", "checksums_absent", &out->checksums_absent, e) < 0)
		return -1;
	if (out->checksums_verified + out->checksums_absent > out->requests)
		return err_set(e, "summary: checksums_verified and checksums_absent add up to more "
				  "than the requests");
	out->has_checksums = 1;
	return 0;
}

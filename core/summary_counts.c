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
 *
 *   Attempts: every row with an answer (or a failure) of its own is an attempt (a run
 *   without retries: one per request, a run with retries: its retried attempts too); a
 *   hedged run's lost attempts, cancelled unanswered because the other answered first, are
 *   none (summary.hedge.lost counts them, the bill those that went out), so a hedged run's
 *   attempts are its requests and no share of answers is diluted by attempts that never had
 *   one. attempts counts them, throttled_attempts those
 *   answered 503 or 429 (retried or final), throttled_first_attempts the rows of a first
 *   attempt (K = 1, retried or not) answered 503 or 429: one per request at most, the
 *   requests the provider throttled before any retry. A run with retries that turns every
 *   throttle into a success has no throttled request (errors_by) yet shows its throttling
 *   here: throttled_attempts / attempts is what the provider answered to the load offered.
 */
#include <string.h>

#include "core/opslog.h"
#include "core/summary_int.h"

void summary_counts_add(struct summary_acc *a, const struct op_row *row)
{
	if (row->hedge == OPS_HEDGE_LOST)
		return;
	a->at_all++;
	if (row->error != NULL && row->error[0] != '\0') {
		char key[ERRSTAT_KEY_MAX];
		const char *k = errstat_key(row->error, key, sizeof(key));

		if (strcmp(k, "503") == 0 || strcmp(k, "429") == 0) {
			a->at_throttled++;
			if (row->attempt <= 1)
				a->at_first_throttled++;
		}
	}
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
	out->has_attempt_counts = 1;
	out->attempts = a->at_all;
	out->throttled_attempts = a->at_throttled;
	out->throttled_first_attempts = a->at_first_throttled;
}

int summary_counts_to_json(const struct run_summary *s, json_t *o)
{
	if (s->conflicts > 0 &&
	    json_object_set_new(o, "conflicts", json_integer((json_int_t)s->conflicts)) < 0)
		return -1;
	if (s->has_attempt_counts &&
	    (json_object_set_new(o, "attempts", json_integer((json_int_t)s->attempts)) < 0 ||
	     json_object_set_new(o, "throttled_attempts",
				 json_integer((json_int_t)s->throttled_attempts)) < 0 ||
	     json_object_set_new(o, "throttled_first_attempts",
				 json_integer((json_int_t)s->throttled_first_attempts)) < 0))
		return -1;
	if (!s->has_checksums)
		return 0;
	if (json_object_set_new(o, "checksums_verified",
				json_integer((json_int_t)s->checksums_verified)) < 0 ||
	    json_object_set_new(o, "checksums_absent",
				json_integer((json_int_t)s->checksums_absent)) < 0)
		return -1;
	return 0;
}

/* attempts_from_json: the attempt counts of o into out (requests, errs and retry read);
 * absent (a run.json written before they were counted): attempts and throttled_attempts
 * derived (exactly: the final rows' failures are errors_by, the retried ones'
 * retries.attempt_errors_by), throttled_first_attempts too in a run without retries
 * (every request is its first attempt), else has_attempt_counts stays 0. */
static int attempts_from_json(const json_t *o, struct run_summary *out, struct err *e)
{
	uint64_t thr = errstat_throttled(&out->errs);

	out->has_attempt_counts = 0;
	if (json_object_get(o, "attempts") == NULL &&
	    json_object_get(o, "throttled_attempts") == NULL &&
	    json_object_get(o, "throttled_first_attempts") == NULL) {
		out->attempts = out->has_retries ? out->retry.attempts : out->requests;
		out->throttled_attempts =
			thr + (out->has_retries ? errstat_throttled(&out->retry.attempt_errs) : 0);
		out->throttled_first_attempts = thr;
		out->has_attempt_counts = !out->has_retries;
		return 0;
	}
	if (summary_get_u64(o, "summary", "attempts", &out->attempts, e) < 0 ||
	    summary_get_u64(o, "summary", "throttled_attempts", &out->throttled_attempts, e) < 0 ||
	    summary_get_u64(o, "summary", "throttled_first_attempts",
			    &out->throttled_first_attempts, e) < 0)
		return -1;
	if (out->attempts < out->requests)
		return err_set(e, "summary.attempts: %llu, fewer than the %llu requests",
			       (unsigned long long)out->attempts,
			       (unsigned long long)out->requests);
	if (out->throttled_attempts > out->attempts ||
	    out->throttled_first_attempts > out->throttled_attempts ||
	    out->throttled_first_attempts > out->requests)
		return err_set(e, "summary.throttled_attempts, throttled_first_attempts: more than "
				  "the attempts or requests they count");
	out->has_attempt_counts = 1;
	return 0;
}

int summary_counts_from_json(const json_t *o, struct run_summary *out, struct err *e)
{
	const json_t *v = json_object_get(o, "checksums_verified");

	if (attempts_from_json(o, out, e) < 0)
		return -1;
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

int summary_conflicts_from_json(const json_t *o, struct run_summary *out, struct err *e)
{
	out->conflicts = 0;
	if (json_object_get(o, "conflicts") != NULL &&
	    summary_get_u64(o, "summary", "conflicts", &out->conflicts, e) < 0)
		return -1;
	if (out->errors > out->requests || out->conflicts > out->requests - out->errors)
		return err_set(e,
			       "summary: errors (%llu) and conflicts (%llu) add up to more than "
			       "the %llu requests",
			       (unsigned long long)out->errors, (unsigned long long)out->conflicts,
			       (unsigned long long)out->requests);
	return 0;
}

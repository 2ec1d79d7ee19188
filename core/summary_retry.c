/* core/summary_retry.c: the retry figures of a run with retries (summary.h: retry) and
 * their run.json form ("retries"). The accumulator is core/summary.c's (summary_int.h).
 * The method, as docs/METHODOLOGY.md ("Retries") states it:
 *
 *   A run with retries writes every attempt as a row with the `attempt` column: "K+" for
 *   attempt K that failed and was retried, "K" for the request's final attempt. A
 *   request is its final row (starting at its first attempt, so its duration is the
 *   end-to-end latency an application sees); the retried attempts are not requests and
 *   add nothing to the counts, throughput or latency of the summary. requests = final
 *   rows; retried = final rows with K > 1; attempts = every row with the column; share =
 *   retried / requests; per_request = attempts / requests; first_attempt = statistics of
 *   the durations of the rows with K = 1 (every request's first attempt, failed or not);
 *   attempt_errs = the retried attempts' failures by status or class (core/errstat.h).
 */
#include <stdlib.h>
#include <string.h>

#include "core/opslog.h"
#include "core/summary_int.h"

int summary_retry_add(struct summary_acc *a, const struct op_row *row, struct err *e)
{
	a->retry_on = 1;
	a->r_attempts++;
	if (row->attempt == 1 && summary_push(&a->r_first, row->end_ns - row->start_ns) < 0)
		return err_set(e, "summary: out of memory");
	if (row->retried) {
		char key[ERRSTAT_KEY_MAX];

		errstat_add(&a->r_errs, errstat_key(row->error, key, sizeof(key)), 1);
		return 1;
	}
	a->r_final++;
	if (row->attempt > 1)
		a->r_retried++;
	return 0;
}

void summary_retry_finish(struct summary_acc *a, struct run_summary *out)
{
	struct retry_summary *r = &out->retry;

	out->has_retries = a->retry_on;
	memset(r, 0, sizeof(*r));
	if (!a->retry_on)
		return;
	r->requests = a->r_final;
	r->retried = a->r_retried;
	r->attempts = a->r_attempts;
	r->share = r->requests ? (double)r->retried / (double)r->requests : 0;
	r->per_request = r->requests ? (double)r->attempts / (double)r->requests : 0;
	summary_lat(&a->r_first, &r->first_attempt);
	r->attempt_errs = a->r_errs;
}

void summary_retry_free(struct summary_acc *a)
{
	free(a->r_first.v);
	a->r_first.v = NULL;
}

int summary_retry_to_json(const struct run_summary *s, json_t *o)
{
	const struct retry_summary *r = &s->retry;
	json_t *x;

	if (!s->has_retries)
		return 0;
	x = json_pack("{s:i,s:I,s:I,s:I,s:f,s:f,s:o,s:o}", "max", r->max, "requests",
		      (json_int_t)r->requests, "retried", (json_int_t)r->retried, "attempts",
		      (json_int_t)r->attempts, "share", r->share, "per_request", r->per_request,
		      "first_attempt_ms", summary_lat_json(&r->first_attempt), "attempt_errors_by",
		      errstat_to_json(&r->attempt_errs));
	if (x == NULL || json_object_set_new(o, "retries", x) < 0)
		return -1;
	return 0;
}

int summary_retry_from_json(const json_t *o, struct run_summary *out, struct err *e)
{
	const json_t *x = json_object_get(o, "retries");
	struct retry_summary *r = &out->retry;
	uint64_t max;

	out->has_retries = 0;
	memset(r, 0, sizeof(*r));
	if (x == NULL || json_is_null(x))
		return 0;
	if (!json_is_object(x))
		return err_set(e, "summary.retries: not an object");
	if (summary_get_u64(x, "summary.retries", "max", &max, e) < 0 ||
	    summary_get_u64(x, "summary.retries", "requests", &r->requests, e) < 0 ||
	    summary_get_u64(x, "summary.retries", "retried", &r->retried, e) < 0 ||
	    summary_get_u64(x, "summary.retries", "attempts", &r->attempts, e) < 0 ||
	    summary_get_num(x, "summary.retries", "share", &r->share, e) < 0 ||
	    summary_get_num(x, "summary.retries", "per_request", &r->per_request, e) < 0 ||
	    summary_get_lat(x, "summary.retries", "first_attempt_ms", &r->first_attempt, e) < 0 ||
	    errstat_from_json(json_object_get(x, "attempt_errors_by"),
			      "summary.retries.attempt_errors_by", &r->attempt_errs, e) < 0)
		return -1;
	if (max > 1000 || r->retried > r->requests || r->attempts < r->requests)
		return err_set(e, "summary.retries: max over 1000, retried over requests, or "
				  "fewer attempts than requests");
	r->max = (int)max;
	out->has_retries = 1;
	return 0;
}

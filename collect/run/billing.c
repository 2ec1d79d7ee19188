/* collect/run/billing.c: per-phase billable counts of a run (collect/run/billing.h). */
#include "collect/run/billing.h"

#include "collect/s3/s3.h"
#include "collect/s3/s3_bill.h"

static const char *const names[PHASE_COUNT] = {"prepare", "benchmark", "cleanup"};

void billing_mark(struct s3_client *cl, struct billing_mark *mark)
{
	s3_client_bill_read(cl, &mark->n);
	mark->retries = s3_client_retries(cl);
}

void billing_phase(struct s3_client *cl, struct billing_mark *mark, struct run_state *st,
		   enum run_phase ph)
{
	struct billing_mark now;

	billing_mark(cl, &now);
	s3_bill_diff(&now.n, &mark->n, &st->bill[ph]);
	st->phase_retries[ph] = now.retries - mark->retries;
	st->bill_phases |= 1u << ph;
	*mark = now;
}

/* The phases whose retries phase_retries records (the benchmark's are summary.retry). */
static const int retry_phases[] = {PHASE_PREPARE, PHASE_CLEANUP};

json_t *billing_retries_json(const struct run_state *st)
{
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
	for (size_t i = 0; i < sizeof(retry_phases) / sizeof(retry_phases[0]); i++) {
		int k = retry_phases[i];
		json_t *v = st->bill_phases & (1u << k)
				    ? json_integer((json_int_t)st->phase_retries[k])
				    : json_null();
		if (v == NULL || json_object_set_new(o, names[k], v) < 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

void billing_retries_read(const json_t *j, struct run_state *st)
{
	for (size_t i = 0; i < sizeof(retry_phases) / sizeof(retry_phases[0]); i++) {
		const json_t *v = json_object_get(j, names[retry_phases[i]]);
		if (json_is_integer(v) && json_integer_value(v) >= 0)
			st->phase_retries[retry_phases[i]] = (uint64_t)json_integer_value(v);
	}
}

json_t *billing_json(const struct run_state *st)
{
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
	for (int k = 0; k < PHASE_COUNT; k++) {
		json_t *v = st->bill_phases & (1u << k) ? bill_to_json(&st->bill[k]) : json_null();
		if (v == NULL || json_object_set_new(o, names[k], v) < 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

void billing_read(const json_t *j, struct run_state *st)
{
	for (int k = 0; k < PHASE_COUNT; k++) {
		const json_t *v = json_object_get(j, names[k]);
		if (json_is_object(v) && bill_from_json(v, &st->bill[k], NULL) == 0)
			st->bill_phases |= 1u << k;
	}
}

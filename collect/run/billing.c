/* collect/run/billing.c: per-phase billable counts of a run (collect/run/billing.h). */
#include "collect/run/billing.h"

#include "collect/s3/s3_bill.h"

static const char *const names[PHASE_COUNT] = {"prepare", "benchmark", "cleanup"};

void billing_mark(struct s3_client *cl, struct bill_counts *mark)
{
	s3_client_bill_read(cl, mark);
}

void billing_phase(struct s3_client *cl, struct bill_counts *mark, struct run_state *st,
		   enum run_phase ph)
{
	struct bill_counts now;

	s3_client_bill_read(cl, &now);
	s3_bill_diff(&now, mark, &st->bill[ph]);
	st->bill_phases |= 1u << ph;
	*mark = now;
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

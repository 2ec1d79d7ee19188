/* collect/run/billing.h: a run's billable counts per phase, as the child measured them
 * from its S3 client (collect/s3/s3_bill.h), in the state file and in run.json's
 * "billing" record (docs/FORMATS.md): {"prepare": COUNTS | null, "benchmark": ...,
 * "cleanup": ...}, null for a phase the child did not run; and the retries the prepare
 * and cleanup phases made (s3_client_retries; every attempt is in the counts), run.json's
 * "phase_retries": {"prepare": N | null, "cleanup": N | null}. */
#ifndef COLLECT_RUN_BILLING_H
#define COLLECT_RUN_BILLING_H

#include <jansson.h>

#include "collect/run/runjson.h"

struct s3_client;

/* Where a phase started: the client's cumulative counts and retries. */
struct billing_mark {
	struct bill_counts n;
	uint64_t retries;
};

/* billing_mark: the client's cumulative counts and retries now into *mark (the start of a
 * phase). */
void billing_mark(struct s3_client *cl, struct billing_mark *mark);

/* billing_phase: the counts since *mark into st->bill[ph] (bit ph of st->bill_phases set),
 * the retries since into st->phase_retries[ph]; *mark moves to now. */
void billing_phase(struct s3_client *cl, struct billing_mark *mark, struct run_state *st,
		   enum run_phase ph);

/* billing_retries_json: the "phase_retries" object of st (new reference; NULL when out of
 * memory); billing_retries_read: it (j may be NULL: nothing) back into st. */
json_t *billing_retries_json(const struct run_state *st);
void billing_retries_read(const json_t *j, struct run_state *st);

/* billing_json: the "billing" object of st (new reference; NULL when out of memory). */
json_t *billing_json(const struct run_state *st);

/* billing_read: the "billing" object j (may be NULL: nothing) back into st. */
void billing_read(const json_t *j, struct run_state *st);

#endif

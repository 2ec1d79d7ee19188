/* collect/run/billing.h: a run's billable counts per phase, as the child measured them
 * from its S3 client (collect/s3/s3_bill.h), and the retries the prepare and cleanup
 * phases made (s3_client_retries; every attempt is in the counts): run.json's "billing"
 * and "phase_retries" records (docs/FORMATS.md; core/runrec/runrec.h). */
#ifndef COLLECT_RUN_BILLING_H
#define COLLECT_RUN_BILLING_H

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

/* billing_phase: the counts since *mark into st->billing.bill[ph] (bit ph of
 * st->billing.phases set), the retries since into st->billing.retries[ph]; *mark moves to
 * now. */
void billing_phase(struct s3_client *cl, struct billing_mark *mark, struct run_state *st,
		   enum run_phase ph);

#endif

/* collect/run/billing.c: per-phase billable counts of a run (collect/run/billing.h). */
#include "collect/run/billing.h"

#include "collect/s3/s3.h"
#include "collect/s3/s3_bill.h"

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
	s3_bill_diff(&now.n, &mark->n, &st->billing.bill[ph]);
	st->billing.retries[ph] = (int64_t)(now.retries - mark->retries);
	st->billing.phases |= 1u << ph;
	*mark = now;
}

/* collect/s3/s3_cancel.c: a request abandoned by its caller (see s3.h, s3_req_cancel). */
#include <stdio.h>

#include "collect/s3/s3_bill.h"
#include "collect/s3/s3_int.h"

/* The status a request that was sent but never answered is billed with (s3_bill_note
 * counts a request by its op when the status is not 0): nginx's "client closed
 * request". */
#define SENT_UNANSWERED 499

void s3_req_cancel(struct s3_req *r, struct s3_result *res)
{
	long sent = 0;

	s3_req_finish(r, CURLE_ABORTED_BY_CALLBACK, res); /* billed when its answer had begun */
	if (res->status == 0 &&
	    curl_easy_getinfo(r->easy, CURLINFO_REQUEST_SIZE, &sent) == CURLE_OK && sent > 0) {
		struct s3_result billed = *res;

		billed.status = SENT_UNANSWERED;
		s3_bill_note(r->c->bill, &r->a, &billed);
	}
	snprintf(res->error, sizeof(res->error), "cancelled: the other attempt answered first");
}

/* collect/s3/s3_bill.h: every billable request of a client counted where it completes.
 *
 * Each s3_client owns one counter (created with it); s3_req_finish notes every request
 * with its op, so the prepare and cleanup calls (bucket creation, PUTs of the objects a
 * run reads, LIST, DeleteObjects, ListMultipartUploads) are counted like the measured
 * ones. Requests are counted by S3 operation (core/price.h's enum bill_op; the price list
 * puts them in classes, docs/CAMPAIGN.md "Prices"), with those answered 5xx and those of
 * the auth class (401, 403) apart. A request counts when an HTTP answer came (any status:
 * failed requests are billed too, and retries each count); object data (PUT and part
 * bodies, GET bodies of successful requests) is counted apart from all other bodies (XML;
 * both are billed). Storage: the bytes and objects stored under the keys the client wrote
 * (a PutObject's body, an upload's parts) from the first write to the delete, integrated
 * over time (on a versioned bucket, s3_client_set_versioned: to the delete of its
 * versions); a delete or an overwrite of such a key counts the object's bytes and age (the
 * minimum storage duration bills the rest). Safe to use from several threads (one mutex). */
#ifndef COLLECT_S3_BILL_H
#define COLLECT_S3_BILL_H

#include "collect/s3/s3.h"
#include "core/price.h"

struct s3_client;

/* s3_client_bill_read: the client's counts since its creation (cumulative; the storage
 * integral taken up to now). A phase's counts are the difference of two readings
 * (s3_bill_diff). */
void s3_client_bill_read(struct s3_client *c, struct bill_counts *out);

/* s3_client_set_versioned: from now on c's bucket keeps versions (1: versioning enabled)
 * or not (0): a PUT over a key adds a version, a delete without a version id (which
 * leaves a delete marker) frees no storage; a delete with one frees the key's bytes. */
void s3_client_set_versioned(struct s3_client *c, int versioned);

/* s3_bill_diff: *out = *later - *earlier. */
void s3_bill_diff(const struct bill_counts *later, const struct bill_counts *earlier,
		  struct bill_counts *out);

/* Internal to collect/s3/ (s3.c creates and frees, s3_finish.c notes): */
struct s3_bill;
struct s3_bill *s3_bill_new(void);
void s3_bill_free(struct s3_bill *b);
void s3_bill_note(struct s3_bill *b, const struct s3_args *a, const struct s3_result *res);

#endif

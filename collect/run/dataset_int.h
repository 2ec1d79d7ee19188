/* collect/run/dataset_int.h: what collect/run/dataset.c (create, delete, the manifest)
 * and collect/run/dataset_check.c (the listing against the population) share; internal
 * to them. */
#ifndef COLLECT_RUN_DATASET_INT_H
#define COLLECT_RUN_DATASET_INT_H

#include "collect/run/dataset.h"

/* dataset_list_compare: list d's prefix in bucket page by page (client cl) and compare
 * each key, in order, with the population (dskeys_next): the first missing, extra or
 * wrongly sized object is an error "dataset NAME on SUBJECT (who): object KEY ...";
 * the listing's fingerprint into *got (the manifest object not counted). 0, or -1 with
 * e. */
int dataset_list_compare(struct s3_client *cl, const char *bucket, const struct campaign_dataset *d,
			 const char *who, struct dataset_print *got, struct err *e);

#endif

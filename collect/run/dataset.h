/* collect/run/dataset.h: a dataset at namespace scale (docs/CAMPAIGN.md, "[dataset NAME]";
 * docs/METHODOLOGY.md, "Datasets"; docs/FORMATS.md, "Dataset manifest"): the population
 * of a [dataset NAME] section built once in a subject's bucket, checked, and removed, for
 * `collect dataset create|verify|delete` (collect/run/cmd_dataset.c) and for the campaign
 * runs that name it (verified before the first run).
 *
 * create PUTs the objects (collect/dskeys.h's keys) through the engine's prepare workers
 * (engine_put_range) in chunks of o->chunk objects; after each chunk the local progress
 * file records how many objects are stored (objects below that number) and what their
 * requests billed, so a create that was stopped or killed goes on where it stopped. Once
 * every object is there it lists them (the verify below), and writes the manifest: the
 * object PREFIX.s3bench-dataset.json beside the objects and the local copy
 * DIR/NAME.SUBJECT.json, with the fingerprint (count, bytes, the SHA-256 of the sorted
 * key list), the create's requests and cost and the storage cost per day.
 * verify lists PREFIX page by page and compares it with the population key by key, then
 * the fingerprint with the manifest's; delete removes every object under PREFIX (every
 * version on a versioned bucket, collect/s3/sweep.h) and the local files. */
#ifndef COLLECT_RUN_DATASET_H
#define COLLECT_RUN_DATASET_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "core/digest.h"
#include "core/err.h"

struct s3_client;

/* A population's fingerprint. */
struct dataset_print {
	uint64_t count, bytes;            /* objects, and their bytes */
	char keys_sha256[DIGEST_HEX_MAX]; /* SHA-256 of every key and "\n", in byte order */
};

struct dataset_opts {
	const char *dir;             /* the local manifests and progress files */
	uint64_t chunk;              /* create: objects per chunk (> 0) */
	volatile sig_atomic_t *stop; /* create stops after the requests in flight */
	FILE *out;                   /* what is done, a line each (may be NULL) */
};

#define DATASET_DIR "datasets" /* the default of dataset_opts.dir */
#define DATASET_CHUNK 10000    /* the default of dataset_opts.chunk */

/* dataset_print_of: the fingerprint d's population must have (its keys walked in
 * listing order: dskeys_next). 0, or -1 with e set (out of memory). */
int dataset_print_of(const struct campaign_dataset *d, struct dataset_print *fp, struct err *e);

/* dataset_create: build d in subject s's bucket (see above). 0 when every object is there
 * and the manifest written (an existing dataset is verified instead); 1 when stopped
 * (the progress file says how far it got); -1 with e naming the dataset and subject. */
int dataset_create(const struct campaign_dataset *d, const struct campaign_subject *s,
		   const struct dataset_opts *o, struct err *e);

/* dataset_verify: d in s's bucket against its manifest object (client cl, borrowed; NULL:
 * one of its own): the manifest's objects, size and layout are the section's, the listing
 * is the population (the first object missing, extra, or of another size named: "dataset
 * NAME on SUBJECT: object KEY is missing (the listing has KEY2 in its place)"), and its
 * fingerprint the manifest's. The fingerprint into *fp. 0, or -1 with e. */
int dataset_verify(const struct campaign_dataset *d, const struct campaign_subject *s,
		   struct s3_client *cl, struct dataset_print *fp, struct err *e);

/* dataset_verify_campaign: every dataset c's [list] and [head] name, verified in the
 * bucket of each subject k with which[k] set (which NULL: every subject) before the
 * first run; the key digest into the dataset's keys_sha256 (run.json carries it). Its
 * steps said on out (may be NULL). 0, or -1 with e (the first that failed). */
int dataset_verify_campaign(struct campaign *c, const unsigned char *which, FILE *out,
			    struct err *e);

/* dataset_delete: every object and version under d's prefix in s's bucket deleted, the
 * manifest object with them, and the local manifest and progress file removed; the days it
 * was kept and their storage cost said on o->out. 0, or -1 with e. */
int dataset_delete(const struct campaign_dataset *d, const struct campaign_subject *s,
		   const struct dataset_opts *o, struct err *e);

#endif

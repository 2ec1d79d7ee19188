/* core/price.h: list prices, a run's billable counts, and the bill they make.
 *
 * The one price and units parser of the project (docs/CAMPAIGN.md, "Prices"): collect
 * reads the campaign's price keys (price_set_section) and records the result in every
 * run.json (price_to_json, core/price_json.c); analyze reads them back from run.json
 * (price_from_json), never from the campaign file. The billable counts (struct bill_counts)
 * are what collect's S3 client counted per phase, by S3 operation (run.json "billing");
 * price_bill (core/price_bill.c) turns counts and prices into money (the formulas are in
 * docs/METHODOLOGY.md, "Cost").
 *
 * Price strings carry their unit, written out:
 *   price_storage       0.023/GB-month    (also /GiB-month, /TB-month, /TiB-month); volume
 *                                         tiers: 0.023/GB-month, 0.022/GB-month above 50TiB
 *   price_egress        0.09/GB           (also /GiB, /TB, /TiB); tiers as for storage
 *   price_ingress       0/GB
 *   price_retrieval     0.01/GB           (object bytes read, whatever the egress)
 *   price_class_NAME    0.005/1000        (per N requests: /1, /1000, /10000, /1M); NAME:
 *                                         a lowercase letter, then letters, digits, _
 *   price_delete        0/1000            (price_class_delete)
 *   class_NAME          PutObject, ...    (the S3 operations billed in class NAME; an
 *                                         operation no class_ key names is in its
 *                                         default class: a, b or delete)
 *   free_class_NAME     2500/day          (or 1M/month: free requests of the class)
 *   free_egress_gb      100               (GB per month, in the price_unit)
 *   free_egress_ratio   1                 (free egress up to N x the stored volume)
 *   free_storage_gb     10                (GB-months per month)
 *   min_storage_days    90                (days, a plain number)
 *   min_object_size     128KiB            (a size as core/units.h reads it)
 *   unbilled_answers    5xx, auth         (answers the provider does not bill: 5xx,
 *                                         auth = 401 and 403; none)
 *   egress              internet | same-region
 *   price_unit          GiB | GB          (what "GB" means in the strings above;
 *                                         default GiB = 2^30 bytes, as AWS bills)
 *   currency            USD               (three capital letters; default USD)
 *   price_date          2026-12-01        (free text, at most 79 characters: when the
 *                                         figures were taken; a price file's `date`)
 * "TB" is 1000 "GB" (of the price_unit); GiB and TiB written out are always binary. */
#ifndef CORE_PRICE_H
#define CORE_PRICE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/jread.h"

/* The seconds of one billed month: 730 hours (365 x 24 / 12), as providers prorate. */
#define PRICE_MONTH_S (730.0 * 3600.0)

#define PRICE_CLASSES 8 /* request classes of one price section */
#define PRICE_TIERS 8   /* volume tiers of storage or of egress */
#define PRICE_CLASS_NAME 16

/* The S3 operations a bill counts, by their API names (bill_op_name). The last three
 * stand for the class counts of run.json files written before counts by operation: they
 * are billed in their default class whatever the class_ keys say. */
enum bill_op {
	BOP_CREATE_BUCKET,
	BOP_DELETE_BUCKET,
	BOP_HEAD_BUCKET,
	BOP_LIST_BUCKETS,
	BOP_GET_BUCKET_VERSIONING,
	BOP_PUT_BUCKET_VERSIONING,
	BOP_PUT_OBJECT,
	BOP_COPY_OBJECT,
	BOP_GET_OBJECT,
	BOP_HEAD_OBJECT,
	BOP_DELETE_OBJECT,
	BOP_DELETE_OBJECTS,
	BOP_LIST_OBJECTS,
	BOP_LIST_OBJECTS_V2,
	BOP_LIST_OBJECT_VERSIONS,
	BOP_GET_OBJECT_TAGGING,
	BOP_PUT_OBJECT_TAGGING,
	BOP_CREATE_MULTIPART_UPLOAD,
	BOP_UPLOAD_PART,
	BOP_UPLOAD_PART_COPY,
	BOP_COMPLETE_MULTIPART_UPLOAD,
	BOP_ABORT_MULTIPART_UPLOAD,
	BOP_LIST_MULTIPART_UPLOADS,
	BOP_LIST_PARTS,
	BOP_GET_OBJECT_LOCK_CONFIGURATION,
	BOP_OLD_CLASS_A, /* "class_a" */
	BOP_OLD_CLASS_B, /* "class_b" */
	BOP_OLD_DELETE,  /* "delete" */
	BILL_OPS
};

/* bill_op_name: "PutObject" (the old class counts: "class_a", "class_b", "delete"). */
const char *bill_op_name(enum bill_op op);
/* bill_op_parse: the operation named s (an API name; not the old class counts); -1. */
int bill_op_parse(const char *s);
/* bill_op_default_class: the class op is in when no class_ key names it: "a" (PUT, COPY,
 * POST, LIST, CreateBucket and the multipart calls), "b" (GET, HEAD and the other
 * reads) or "delete" (DeleteObject, DeleteObjects, DeleteBucket, AbortMultipartUpload). */
const char *bill_op_default_class(enum bill_op op);

/* One volume tier: the price per GB (storage: per GB-month) from `from` GB (GB-months)
 * of the month's volume on. */
struct price_tier {
	double from, price;
};

/* One request class. */
struct price_class {
	char name[PRICE_CLASS_NAME];
	double price;  /* per request */
	int priced;    /* price_class_NAME given */
	double free_n; /* free requests per free_per */
	char free_per; /* 'd' (a UTC day), 'm' (a calendar month), 0: no free tier */
	int listed;    /* class_NAME given */
};

struct prices {
	int given; /* at least one key was set */
	struct price_tier storage[PRICE_TIERS], egress[PRICE_TIERS];
	int n_storage, n_egress; /* 0: not given (0 billed) */
	double ingress, retrieval;
	int has_ingress, has_retrieval;
	struct price_class cls[PRICE_CLASSES];
	int n_cls;
	signed char op_class[BILL_OPS];  /* index into cls named by a class_ key; -1: default */
	double min_storage_days;         /* 0: none */
	uint64_t min_object_size;        /* bytes; 0: none */
	double free_egress_gb;           /* GB per month; 0: none */
	double free_egress_ratio;        /* 0: none */
	double free_storage_gb;          /* GB-months per month; 0: none */
	int unbilled_5xx, unbilled_auth; /* unbilled_answers */
	int same_region;                 /* egress = same-region: egress is not billed */
	int decimal;                     /* price_unit = GB (10^9 bytes); 0: GiB */
	char currency[4];                /* "USD" by default */
	char date[80]; /* price_date (a price file's `date`): when the figures were taken, free
			  text; "" when not given */
};

/* price_init: no price given, GiB, internet egress, USD, every operation in its default
 * class. */
void price_init(struct prices *p);

/* price_is_key: whether key is a price key (the fixed ones above, price_class_NAME,
 * class_NAME, free_class_NAME; not "prices"). */
int price_is_key(const char *key);

/* price_set_key: set one key from its text. Returns 0; -1 with the reason in e
 * ("'0.09/XB' is not a price per GB (0.09/GB, 0.09/GiB, 90/TB)"), to which the caller
 * prefixes "FILE:LINE: [SECTION] KEY: "; -1 with "unknown price key" for another key.
 * The meaning of "GB" is the price_unit set so far: apply a section with
 * price_set_section. */
int price_set_key(struct prices *p, const char *key, const char *value, struct err *e);

/* price_set_section: the n price keys keys[i] = vals[i] of one section into p (price_init
 * first): price_unit first (it says what "GB" in the other strings means), then the others
 * in order (a key given twice: the last), then the checks across keys (a class listing
 * operations with no price; an operation in two classes). 0, or -1 with the reason in e and
 * the index of the key at fault in *bad. */
int price_set_section(struct prices *p, const char *const *keys, const char *const *vals, size_t n,
		      size_t *bad, struct err *e);

/* price_gb: the bytes of one GB of p's price_unit (2^30 or 10^9). */
double price_gb(const struct prices *p);

/* price_op_class: the class op is billed in (an index into p->cls), or -1 when that
 * class has no price (its requests cost nothing). */
int price_op_class(const struct prices *p, enum bill_op op);

/* price_op: the price of one request of op (0 when its class has none). */
double price_op(const struct prices *p, enum bill_op op);

/* The requests of one operation that got an HTTP answer (every status; retries each
 * count), and of them those answered 5xx and those of the auth class (401, 403). */
struct bill_req {
	uint64_t n, n_5xx, n_auth;
};

/* Billable counts of one phase (or of several, summed). */
struct bill_counts {
	struct bill_req req[BILL_OPS];
	uint64_t bytes_in, bytes_out;   /* object data: PUT and part bodies sent, GET
					   bodies received (successful requests) */
	uint64_t xml_in, xml_out;       /* every other body (XML requests and answers,
					   error bodies): billed as ingress and egress too */
	uint64_t objects, object_bytes; /* objects created (PUT, complete) and their bytes */
	double storage_byte_s;          /* integral of the stored bytes over time */
	double storage_object_s;        /* integral of the number of stored objects */
	/* objects deleted or overwritten (the keys the client wrote), their bytes, and the
	 * sums of bytes x age and of age at the delete (seconds) */
	uint64_t deleted, deleted_bytes;
	double deleted_byte_s, deleted_object_s;
};

/* bill_add: *to += *from. */
void bill_add(struct bill_counts *to, const struct bill_counts *from);

/* bill_class_count: the requests of b whose default class is cls ("a", "b", "delete"). */
uint64_t bill_class_count(const struct bill_counts *b, const char *cls);

/* bill_count_op: n requests of op, of which n_5xx answered 5xx and n_auth 401 or 403. */
void bill_count_op(struct bill_counts *b, enum bill_op op, uint64_t n, uint64_t n_5xx,
		   uint64_t n_auth);

/* The bill in money, by part; total = the sum of the others. deleted_early: storage of
 * objects deleted before the minimum storage duration, for the rest of it. */
struct cost_parts {
	double requests, egress, ingress, storage, deleted_early, retrieval, total;
};

/* cost_parts_add: *to += *c. */
void cost_parts_add(struct cost_parts *to, const struct cost_parts *c);

/* Where a subject's bill stands in its billing day and month: the month's volume so far
 * (which volume tiers apply) and the free allowances used. Runs are billed through it in
 * the order they started. */
struct price_ledger {
	int64_t day, month; /* days since 1970-01-01 and months since 1970-01 (UTC); -1: none */
	double egress_gb, storage_gbm; /* the month's egress and storage so far (all of it) */
	double active_gbm;             /* storage kept (not deleted early) so far */
	double free_egress_used, free_storage_used;
	struct {
		char name[PRICE_CLASS_NAME];
		double day, month;
	} free_req[PRICE_CLASSES]; /* free requests used, by class name */
	int n_free_req;
};

/* price_ledger_init: an empty ledger in no period. */
void price_ledger_init(struct price_ledger *lg);

/* price_ledger_at: lg moved to the day and month (UTC) of t_ns (Unix ns): a new month
 * starts everything again, a new day the daily free requests. t_ns <= 0 (not known): lg
 * stays where it is; the first known time sets the period without starting it again. */
void price_ledger_at(struct price_ledger *lg, int64_t t_ns);

/* price_bill: the bill of counts b at prices p into *out (docs/METHODOLOGY.md, "Cost").
 * lg NULL: b alone, from a month's volume 0 (its first tiers), no free allowance. With lg:
 * the tiers from the month's volume so far, and lg moves past b; after_free (may be NULL)
 * is then the same bill after the free allowances still left in lg's day and month, which
 * b uses up. */
void price_bill(const struct prices *p, const struct bill_counts *b, struct price_ledger *lg,
		struct cost_parts *out, struct cost_parts *after_free);

/* price_cost: b alone (price_bill with no ledger). */
void price_cost(const struct prices *p, const struct bill_counts *b, struct cost_parts *out);

/* price_to_json: run.json's "prices" object (new reference; NULL when out of memory). */
json_t *price_to_json(const struct prices *p);
/* price_from_json: read it back (price_init first); -1 with "prices.KEY: what" in e. */
int price_from_json(const json_t *j, struct prices *p, struct err *e);

/* bill_to_json / bill_from_json: one phase's "billing" object, the same way. A record
 * written before the counts by operation (no "requests") is read as its class counts (the
 * old operations above), and without the object-seconds and delete counts as if every
 * object had the mean size and was deleted at the end (the rule those records were billed
 * by). */
json_t *bill_to_json(const struct bill_counts *b);
int bill_from_json(const json_t *j, struct bill_counts *b, struct err *e);

/* cost_to_json: {"currency", "total", "requests", "egress", "ingress", "storage",
 * "deleted_early", "retrieval"}. */
json_t *cost_to_json(const struct cost_parts *c, const char *currency);
/* cost_from_json: read it back (o, the object at where) into *c and *currency (a copy the
 * caller frees; deleted_early and retrieval 0 when absent, as in records older than them); 0,
 * or -1 with r naming the field at fault. */
int cost_from_json(struct jread *r, const json_t *o, const char *where, struct cost_parts *c,
		   char **currency);

/* A stated monthly example workload: `cost_example = stored:10TB, read:50TB, gets:100M`
 * (items in any order, each at most once, at least one): stored and read are sizes as
 * core/units.h reads them (10TB = 10^13 bytes, 10TiB binary); gets and puts are request
 * counts with an optional K, M or G (10^3, 10^6, 10^9). */
struct cost_example {
	uint64_t stored, read; /* bytes kept all month, bytes read out per month */
	uint64_t gets, puts;   /* requests per month */
};

/* price_parse_example: 0, or -1 with "'stored:10XB' is not ..." in e. */
int price_parse_example(const char *s, struct cost_example *out, struct err *e);

/* price_example_cost: the monthly cost of ex at prices p (storage for a month, egress of
 * `read` as GETs, `gets` GetObject and `puts` PutObject requests, with the free
 * allowances of one month), into *out. */
void price_example_cost(const struct prices *p, const struct cost_example *ex,
			struct cost_parts *out);

#endif

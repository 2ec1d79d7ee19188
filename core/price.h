/* core/price.h: list prices, a run's billable counts, and the bill they make.
 *
 * The one price and units parser of the project (docs/CAMPAIGN.md, "Prices"): collect
 * reads the campaign's price keys with price_set_key and records the result in every
 * run.json (price_to_json); analyze reads them back from run.json (price_from_json),
 * never from the campaign file. The billable counts (struct bill_counts) are what
 * collect's S3 client counted per phase (run.json "billing"); price_cost turns counts and
 * prices into money (the formulas are in docs/METHODOLOGY.md, "Cost").
 *
 * Price strings carry their unit, written out:
 *   price_storage       0.023/GB-month    (also /GiB-month, /TB-month, /TiB-month)
 *   price_egress        0.09/GB           (also /GiB, /TB, /TiB)
 *   price_ingress       0/GB
 *   price_class_a       0.005/1000        (per N requests: /1, /1000, /10000, /1M)
 *   price_class_b       0.0004/1000
 *   price_delete        0/1000
 *   min_storage_days    90                (days, a plain number)
 *   min_object_size     128KiB            (a size as core/units.h reads it)
 *   free_egress_gb      100               (GB per month, in the price_unit)
 *   free_egress_ratio   1                 (free egress up to N x the stored volume)
 *   egress              internet | same-region
 *   price_unit          GiB | GB          (what "GB" means in the strings above;
 *                                          default GiB = 2^30 bytes, as AWS bills)
 *   currency            USD               (three capital letters; default USD)
 *   price_date          2026-12-01        (free text, at most 79 characters: when the
 *                                          figures were taken; a price file's `date`)
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

enum price_item {
	PRICE_STORAGE, /* per GB-month */
	PRICE_EGRESS,  /* per GB out of the provider */
	PRICE_INGRESS, /* per GB into it */
	PRICE_CLASS_A, /* per request: PUT, POST, COPY, LIST, multipart calls */
	PRICE_CLASS_B, /* per request: GET, HEAD */
	PRICE_DELETE,  /* per request: DELETE, multi-object delete, abort */
	PRICE_ITEMS
};

struct prices {
	int given;                /* at least one key was set */
	double v[PRICE_ITEMS];    /* per GB (storage: per GB-month), per one request */
	int has[PRICE_ITEMS];     /* the key was given (else 0 is billed) */
	double min_storage_days;  /* 0: none */
	uint64_t min_object_size; /* bytes; 0: none */
	double free_egress_gb;    /* GB per month; 0: none */
	double free_egress_ratio; /* 0: none */
	int same_region;          /* egress = same-region: egress is not billed */
	int decimal;              /* price_unit = GB (10^9 bytes); 0: GiB */
	char currency[4];         /* "USD" by default */
	char date[80];            /* price_date (a price file's `date`): when the figures
				     were taken, free text; "" when not given */
};

/* price_init: no price given, GiB, internet egress, USD. */
void price_init(struct prices *p);

/* price_is_key: whether key is one of the price keys listed above (not "prices"). */
int price_is_key(const char *key);

/* price_key_order: every price key (NULL-terminated) in the order a section's keys are
 * applied: price_unit first (it says what "GB" in the other strings means), price_date
 * last. Readers of price sections (campaign files, price files) apply them in this order. */
extern const char *const price_key_order[];

/* price_set_key: set one key from its text. Returns 0; -1 with the reason in e
 * ("'0.09/XB' is not a price per GB (0.09/GB, 0.09/GiB, 0.09/TB)"), to which the caller
 * prefixes "FILE:LINE: [SECTION] KEY: "; -1 with "unknown price key" for another key. */
int price_set_key(struct prices *p, const char *key, const char *value, struct err *e);

/* price_gb: the bytes of one GB of p's price_unit (2^30 or 10^9). */
double price_gb(const struct prices *p);

/* Billable counts of one phase (or of several, summed). */
struct bill_counts {
	uint64_t class_a, class_b, deletes; /* requests that got an HTTP answer */
	uint64_t bytes_in, bytes_out;       /* object data: PUT and part bodies sent, GET
					       bodies received (successful requests) */
	uint64_t xml_in, xml_out;           /* every other body (XML requests and answers,
					       error bodies): billed as ingress and egress too */
	uint64_t objects, object_bytes;     /* objects created (PUT, complete) and their bytes */
	double storage_byte_s;              /* integral of the stored bytes over time */
};

/* bill_add: *to += *from. */
void bill_add(struct bill_counts *to, const struct bill_counts *from);

/* The bill in money, by part; total = the sum of the four. */
struct cost_parts {
	double requests, egress, ingress, storage, total;
};

/* price_cost: the cost of counts b at prices p. free_allowances: apply the monthly free
 * egress (free_egress_gb, free_egress_ratio), as for a subject's whole campaign; 0 for one
 * run. Minimum storage duration and object size are applied (docs/METHODOLOGY.md). */
void price_cost(const struct prices *p, const struct bill_counts *b, int free_allowances,
		struct cost_parts *out);

/* price_free_egress_gb: the free egress of one month with counts b (GB of p's unit):
 * free_egress_gb + free_egress_ratio x the average stored volume (the billable storage
 * integral of b / PRICE_MONTH_S). */
double price_free_egress_gb(const struct prices *p, const struct bill_counts *b);

/* price_to_json: run.json's "prices" object (new reference; NULL when out of memory). */
json_t *price_to_json(const struct prices *p);
/* price_from_json: read it back (price_init first); -1 with "prices.KEY: what" in e. */
int price_from_json(const json_t *j, struct prices *p, struct err *e);

/* bill_to_json / bill_from_json: one phase's "billing" object, the same way. */
json_t *bill_to_json(const struct bill_counts *b);
int bill_from_json(const json_t *j, struct bill_counts *b, struct err *e);

/* cost_to_json: {"currency", "total", "requests", "egress", "ingress", "storage"}. */
json_t *cost_to_json(const struct cost_parts *c, const char *currency);
/* cost_from_json: read it back (o, the object at where) into *c and *currency (a copy the
 * caller frees); 0, or -1 with r naming the field at fault. */
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
 * `read` and its GETs, with the free allowances), into *out. */
void price_example_cost(const struct prices *p, const struct cost_example *ex,
			struct cost_parts *out);

#endif

/* collect/campaign/campaign.h: the campaign file (INI, read with inih): what to measure, where.
 *
 * Every key, default and unit is documented in docs/CAMPAIGN.md and in the comment block
 * of data/campaigns/example.ini. Sections: [campaign], [matrix] (the PUT/GET matrix
 * repeated every cycle), the one-off benchmarks [list] [head] [delete] [multipart]
 * and the rate sweep [rate] (optional; run once, in the first cycle), and one
 * [subject ID] per endpoint compared.
 * The [matrix] may name `mixed` among its ops (with a `mix`), size specs (random:,
 * dist:) among its sizes, a `range` for its get cells and a `rate` list (a dimension
 * like concurrency: open-loop runs at each offered rate).
 * Unknown sections and keys, repeated keys, bad values and missing required keys are
 * errors whose message starts with "FILE:LINE: [SECTION] KEY: ". Defaults and limits of
 * the runs are those of collect/workload.h (the same as `collect run`'s); a section's
 * [matrix] cell or one-off run outside them is named by its key. Credentials never live
 * in the file: a subject names a profile or an environment-variable prefix.
 *
 * The result is a plain, read-only record; its runs (every subject's workloads) are
 * expanded by collect/campaign/campaign_runs.h, for the plan (collect/campaign/plan.h). */
#ifndef COLLECT_CAMPAIGN_H
#define COLLECT_CAMPAIGN_H

#include <stdint.h>

#include "collect/dskeys.h"
#include "collect/consist/consist.h"
#include "collect/replay.h"
#include "collect/workload.h"
#include "core/err.h"
#include "core/price.h"

enum campaign_order {
	CAMPAIGN_ORDER_INTERLEAVE,
	CAMPAIGN_ORDER_RANDOM,
	CAMPAIGN_ORDER_SEQUENTIAL
};

/* campaign_order_name: "interleave", "random", "sequential". */
const char *campaign_order_name(enum campaign_order o);

#define CAMPAIGN_MAX_LIST 32         /* at most this many ops / sizes / concurrency values */
#define CAMPAIGN_ONEOFF_OBJECTS 1000 /* objects of [list] [head] [delete] when not given */
/* the highest cycle number (`cycles`, --cycles, --cycle): a daily build reaches it after
 * 2700 years; analyze reads run.json cycles up to the same number */
#define CAMPAIGN_CYCLES_MAX 1000000

/* A [dataset NAME] section (docs/CAMPAIGN.md, "[dataset NAME]"): a population of objects
 * `collect dataset create` builds once in every subject's bucket under prefix, which
 * [list] and [head] name with `dataset = NAME` (collect/run/dataset.h). */
struct campaign_dataset {
	char *name; /* [A-Za-z0-9._-], as a subject id */
	int line;
	struct dskeys keys; /* objects and layout */
	char layout[32];    /* the layout's name (dskeys_layout_name) */
	uint64_t size;      /* every object's size (default WL_DEFAULT_SIZE) */
	char *prefix;       /* ends in '/'; default s3bench-dataset/NAME/ */
	int concurrency;    /* create's workers (default 32) */
	/* the fingerprint's key digest (hex; "" until then), set by the collector once it
	 * verified the dataset before a campaign's runs (dataset_verify_campaign,
	 * collect/run/dataset.h): the runs' run.json carries it */
	char keys_sha256[65];
};

/* How a run is bounded, and its limits (shared by [matrix] and the one-off sections). */
struct campaign_bench {
	int enabled; /* the section is present (always 1 for [matrix]) */
	int line;    /* line of the section header, for messages */
	enum wl_bound bound;
	double duration_s;  /* WL_BOUND_DURATION */
	uint64_t count;     /* WL_BOUND_COUNT: requests per worker */
	double timeout_s;   /* wall-clock limit of one run (resolved; never 0) */
	uint64_t objects;   /* objects prepared (0 = engine default) */
	uint64_t keys;      /* [matrix]: the keys of put-if-absent and cas cells (0 = the
			       engine's WL_DEFAULT_KEYS) */
	uint64_t size;      /* one-off sections: object size */
	int concurrency;    /* one-off sections: workers */
	int batch;          /* [delete]: keys per request (0 = engine default) */
	uint64_t part_size; /* [multipart]: part size */
	uint64_t retries;   /* retries of a failed request (0 = none) */
	int auto_stop;      /* duration = auto: duration_s is max_duration */
	double min_duration_s;
	struct wl_send send; /* checksum, payload, reads, http, ...: the section's keys over
				[matrix]'s (one-off sections and [rate]) over the defaults */
	int timeout_derived; /* 1: timeout_s was derived from the duration (no timeout key
				here or in [campaign]): a subject's own duration derives its own */
	/* [list], [head]: dataset = NAME, ... (borrowed from the campaign): one run per
	 * dataset, in the order given; [matrix]: one, read by its get, head and list cells;
	 * none (n_datasets 0): objects of its own */
	const struct campaign_dataset *datasets[CAMPAIGN_MAX_LIST];
	int n_datasets;
	char *delimiter; /* [list] delimiter (NULL: none) */
	int page_size;   /* [list] max-keys per page (0: WL_DEFAULT_PAGE_SIZE) */
};

/* The [rate] section: a latency-vs-offered-load sweep, one open-loop run per rate, once
 * per subject in the first cycle. */
struct campaign_sweep {
	struct campaign_bench bench;     /* enabled, line, duration (always the bound),
					 timeout_s, objects, size (the largest of a
					 spec), concurrency (the worker cap) */
	enum wl_op op;                   /* get (default), put, head or mixed */
	struct wl_sizes sizes;           /* kind FIXED for a plain size */
	struct wl_mix mix;               /* mixed: the weights (default Warp's) */
	double rates[CAMPAIGN_MAX_LIST]; /* offered req/s, ascending, each once */
	int n_rates;                     /* >= 1 when enabled */
};

/* The [replay] section: one trace replayed once per subject in the first cycle. */
struct campaign_replay {
	struct campaign_bench bench; /* enabled, line, duration (the trace's span), timeout_s,
					size (the largest object), concurrency (the cap),
					retries, send */
	struct replay_trace trace;   /* read at campaign_load (collect/replay.h) */
};

enum campaign_cred_kind {
	CAMPAIGN_CRED_DEFAULT, /* AWS order: AWS_ACCESS_KEY_ID..., else AWS_PROFILE/default */
	CAMPAIGN_CRED_PROFILE, /* profile = NAME: that ~/.aws/credentials profile */
	CAMPAIGN_CRED_ENV,     /* credentials = env:PREFIX: PREFIX_ACCESS_KEY_ID, ... */
};

struct campaign_subject {
	char *id;       /* from [subject ID]: [A-Za-z0-9._-], not starting with '.' */
	char *label;    /* default: the id */
	char *endpoint; /* http(s)://host[:port] (collect/s3/s3_endpoint.h: nothing else,
			   never user info); NULL after campaign_load when a profile
			   subject leaves it to the AWS config (subject_profile_defaults) */
	char *region;   /* default us-east-1 (a profile subject: NULL, as endpoint) */
	char *tz;       /* the provider's IANA time zone (core/tzone.h); NULL: none given */
	char *bucket;
	int path_style; /* addressing = path (1) | virtual (0); default path */
	enum campaign_cred_kind cred_kind;
	char *cred_name;     /* profile name or env prefix; NULL for CAMPAIGN_CRED_DEFAULT */
	char color[8];       /* "#rrggbb"; a palette colour when not given */
	int insecure;        /* 1: do not verify TLS certificates */
	char *ca_bundle;     /* ca_bundle = PATH: the CAs to trust (PEM); NULL: --ca-bundle,
			    AWS_CA_BUNDLE, else the system's (collect/run/subject.h) */
	int allow_retention; /* allow_retention = yes: run on a bucket whose object lock keeps
				every object for a default retention (refused otherwise) */
	int line;
	/* Prices (docs/CAMPAIGN.md, "Prices"): the subject's price keys, over those of its
	 * `prices = FILE:SECTION`; prices.given 0 when none. */
	struct prices prices;
	double max_cost;     /* max_cost: the subject's budget; 0: the campaign's */
	double expect_mib_s; /* expect_mib_s: the throughput a dry run assumes; 0: none */
	/* the send keys the subject sets (checksum, payload, ...: a provider that lacks a
	 * feature): bit (f - WLF_CHECKSUM) of send_set for field f, its value in send;
	 * they override every section's for this subject's runs (campaign_runs.h applies them) */
	struct wl_send send;
	unsigned send_set;
	/* the other workload-mode keys the subject sets, over every section's: retries
	 * (retries_set), and duration (dur_set 1: a fixed duration_s for its duration-bound
	 * runs; 2: duration = auto, max_duration in duration_s, min_duration_s, for its
	 * closed-loop duration-bound runs) */
	int retries_set, retries;
	int dur_set;
	double duration_s, min_duration_s;
};

struct campaign {
	char *file;          /* the path it was read from */
	char *name;          /* [campaign] name: [A-Za-z0-9._-] (the default output dir) */
	char *title;         /* default: the name */
	char *client;        /* free text; default "" */
	char *vantage;       /* free text: where the client measures from; NULL: none */
	int schedule_spread; /* schedule = spread: scheduled builds place each cycle in its slot
				(collect/run/schedule.h); 0: each build runs its cycle */
	int cycles;          /* default 1; cycles = auto: max_cycles */
	/* cycles = auto (docs/CAMPAIGN.md, "Stopping on precision"): cycles until every matrix
	 * cell's 95 % interval is within target_ci of its mean (core/seqstop.h), at least
	 * min_cycles, at most max_cycles (then in cycles) or max_cost */
	int auto_cycles;           /* 1: cycles = auto */
	double target_ci;          /* default 0.05 */
	int min_cycles;            /* default SEQSTOP_MIN_CYCLES */
	enum campaign_order order; /* default interleave */
	int has_seed;
	uint64_t seed;          /* for order = random */
	double timeout_s;       /* [campaign] timeout: default limit of one run (0 = derived) */
	double p99_limit_ms;    /* [campaign] p99_limit: the p99 under which a rate counts as
				   sustained in the report's sustained-rate table; 0 = absent */
	double max_cost;        /* [campaign] max_cost: each subject's budget; 0 = none */
	char *cost_example;     /* [campaign] cost_example, as written (checked); NULL = none */
	double client_nic_mbit; /* [campaign] client_nic: the client's NIC speed; 0 = absent */
	int client_shares_cpu;  /* [campaign] client_shares_cpu: the endpoints run on the
				   client machine (a lab, the demo) */

	enum wl_op ops[CAMPAIGN_MAX_LIST];
	int n_ops;
	uint64_t sizes[CAMPAIGN_MAX_LIST];             /* the size, or the largest of a spec */
	struct wl_sizes size_specs[CAMPAIGN_MAX_LIST]; /* kind FIXED for a plain size */
	int n_sizes;
	int conc[CAMPAIGN_MAX_LIST];
	int n_conc;
	double rates[CAMPAIGN_MAX_LIST]; /* [matrix] rate: offered req/s */
	int n_rates;                     /* 0: closed loop only (no rate key) */
	struct wl_mix mix;               /* [matrix] mix (mixed cells; default Warp's) */
	struct wl_range range;           /* [matrix] range (get cells; default none) */
	struct wl_hedge hedge;           /* [matrix] hedge (get cells; default none) */
	struct campaign_bench matrix;
	struct campaign_bench list, head, del, multipart;
	struct campaign_sweep sweep;   /* [rate] */
	struct campaign_replay replay; /* [replay] */

	/* [probe]: the conformance probe of each subject before the matrix (probe = yes, the
	   default), its features (bits of enum probe_feature, collect/probe/probe.h; 0: all)
	   and the SSE-KMS key id it sends (NULL: none) */
	int probe;
	unsigned probe_features;
	char *probe_kms_key;

	/* [consistency]: the consistency probes of each subject before the matrix (on when
	   the section is there), collect/consist/consist.h's options (prefix NULL) */
	int consist;
	struct consist_opts consist_opts;

	struct campaign_subject *subjects;
	int n_subjects;

	struct campaign_dataset *datasets; /* the [dataset NAME] sections, in file order */
	int n_datasets;
};

/* campaign_load: read and check `path`. Returns a new campaign (free with campaign_free)
 * or NULL with "FILE:LINE: [SECTION] KEY: what is wrong" (or "FILE: ..." for problems of
 * the whole file, such as a missing [matrix] or no subject). */
struct campaign *campaign_load(const char *path, struct err *e);

/* campaign_parse_string: the same from text in memory; `name` stands for the file name
 * in messages. Test seam (unit tests and the campaign fuzzer); the collector reads
 * files with campaign_load. */
struct campaign *campaign_parse_string(const char *text, const char *name, struct err *e);

/* campaign_find_subject: index of the subject with this id, or -1. */
int campaign_find_subject(const struct campaign *c, const char *id);

/* campaign_subject_budget: the subject's max_cost, else the campaign's; 0 = none. */
double campaign_subject_budget(const struct campaign *c, const struct campaign_subject *s);

/* campaign_find_dataset: the [dataset NAME] of c, or NULL. */
const struct campaign_dataset *campaign_find_dataset(const struct campaign *c, const char *name);

/* campaign_uses_dataset: d is named by c's [list] or [head]. */
int campaign_uses_dataset(const struct campaign *c, const struct campaign_dataset *d);

void campaign_free(struct campaign *c);

#endif

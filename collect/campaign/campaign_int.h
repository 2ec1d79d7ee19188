/* collect/campaign/campaign_int.h: the parts of the campaign parser shared by its files,
 * internal to collect/campaign/. campaign.c reads the file section by section: the
 * sections' keys (campaign_section.c, campaign_matrix.c, campaign_rate.c,
 * campaign_price.c, campaign_subject.c: keys into the record, nothing more), then each
 * section's runs and each subject's checked (campaign_check.c, over the expansion of
 * campaign_runs.h). */
#ifndef COLLECT_CAMPAIGN_INT_H
#define COLLECT_CAMPAIGN_INT_H

#include "collect/campaign/campaign.h"
#include "collect/campaign/cini.h"
#include "collect/workload.h"

/* Keys several sections share (collect/campaign/campaign_section.c). */

/* campaign_check_name: s as a name ([A-Za-z0-9._-], at most 64, not starting with '.');
 * a fault names key kv, or when kv is NULL "FILE:LINE: [SEC]: 's' is not a valid WHAT". */
int campaign_check_name(struct cini *p, struct cini_kv *kv, const char *s, int line,
			const char *sec, const char *what);

/* campaign_get_money: key of sec as a positive number (max_cost = 200, expect_mib_s =
 * 150) into *out when given. */
int campaign_get_money(struct cini *p, const char *sec, const char *key, double *out);

/* campaign_item_rate: a cini_item_fn reading item i of a rate list ([matrix] rate, [rate]
 * rates) into ((double *)arg)[i], offered req/s as workload_parse_rate reads it; a rate
 * listed twice is an error. */
int campaign_item_rate(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg);

/* campaign_parse_send: the send keys of section sec (checksum, payload, reads, http,
 * http2_shared, keepalive, addresses, tls_resume, buckets, prefixes, connect_timeout, read_timeout,
 * request_timeout) over *snd; each key given sets
 * its bit (f - WLF_CHECKSUM) in *set (set may be NULL). 0, or -1 with
 * "FILE:LINE: [SEC] KEY: what". */
int campaign_parse_send(struct cini *p, const char *sec, struct wl_send *snd, unsigned *set);

/* campaign_parse_auto: duration = auto in section sec, with max_duration (into
 * b->duration_s; default WL_AUTO_MAX_S) and min_duration (default WL_AUTO_MIN_S) and
 * b->auto_stop set; those two keys only with it (without auto, auto_stop 0 and the rest
 * of b left alone). 0, or -1 with the message naming the key. */
int campaign_parse_auto(struct cini *p, const char *sec, struct campaign_bench *b);

/* campaign_parse_bench: the bound and limits of [matrix] (oneoff 0) or a one-off section
 * sec into *b (b->line set first; b->send preset to what the section's keys go over):
 * the send keys, duration (or auto), count, bound, timeout (else campaign_timeout, else
 * derived: campaign_bench_timeout), objects, retries, batch, part_size, and for a one-off
 * section its size and concurrency; defaults from workload_defaults. 0, or -1 with the
 * message naming the key. */
int campaign_parse_bench(struct cini *p, const char *sec, struct campaign_bench *b, int oneoff,
			 double campaign_timeout);

/* campaign_bench_timeout (collect/campaign/campaign_runs.c): a section's wall-clock limit
 * when it gives none: campaign_timeout (0: none), else workload_default_timeout of its
 * run of op, b->size and conc workers (b->timeout_derived then set). */
void campaign_bench_timeout(struct campaign_bench *b, double campaign_timeout, enum wl_op op,
			    int conc);

/* campaign_parse_cycles (collect/campaign/campaign_auto.c): [campaign] cycles, a number or
 * auto with target_ci, min_cycles and max_cycles (those three only with auto; auto needs
 * max_cycles or max_cost, so call it after max_cost is read). 0, or -1 with the message
 * naming the key. */
int campaign_parse_cycles(struct cini *p, struct campaign *c);

/* The sections (one file each). */

/* campaign_parse_matrix_lists (collect/campaign/campaign_matrix.c): the [matrix] keys ops,
 * sizes or size, concurrency, rate, mix and range into c (c->matrix.line set first). 0,
 * or -1 with the message naming the key. */
int campaign_parse_matrix_lists(struct cini *p, struct campaign *c);

/* campaign_parse_sweep (collect/campaign/campaign_rate.c): the [rate] section, when
 * present, into c->sweep (after [campaign] and [matrix]: it takes the campaign's timeout
 * and the matrix's send keys). 0, or -1 with the message naming the key. */
int campaign_parse_sweep(struct cini *p, struct campaign *c);

/* campaign_parse_replay (collect/campaign/campaign_replay.c): the [replay] section, when
 * present, into c->replay, its trace read (after [campaign] and [matrix], as [rate]). 0, or
 * -1 with the message naming the key (a trace that does not read: the trace key, with the
 * reader's message). */
int campaign_parse_replay(struct cini *p, struct campaign *c);

/* campaign_parse_prices (collect/campaign/campaign_price.c): the price keys of section
 * sec (and its `prices = FILE:SECTION`) into *out (price_init first). 0, or -1 with
 * "FILE:LINE: [SECTION] KEY: what" naming the campaign or the price file. */
int campaign_parse_prices(struct cini *p, const char *sec, struct prices *out);

/* campaign_parse_subject (collect/campaign/campaign_subject.c): [subject ID] section s
 * into *sub (zeroed), palette colour `index` when it names none: id, label, endpoint,
 * region, bucket, addressing, TLS keys, credentials, colour, prices, max_cost,
 * expect_mib_s, and its workload-mode keys (send keys, retries, duration = D | auto with
 * max_duration and min_duration). 0, or -1 with "FILE:LINE: [SEC] KEY: what". */
int campaign_parse_subject(struct cini *p, const struct cini_sec *s, struct campaign_subject *sub,
			   int index);

/* campaign_parse_datasets (collect/campaign/campaign_dataset.c): every [dataset NAME]
 * section into c->datasets (names unique): objects (required, 1..WL_OBJECTS_MAX), size,
 * layout (no more leaves than objects), prefix (default s3bench-dataset/NAME/, ending in
 * '/'), concurrency (create's workers, default 32). 0, or -1 with the message naming the
 * key. */
int campaign_parse_datasets(struct cini *p, struct campaign *c);

/* campaign_is_dataset_section: sec is "dataset NAME". */
int campaign_is_dataset_section(const char *sec);

/* campaign_parse_bench_dataset: the dataset and delimiter keys of one-off section sec
 * into *b (after campaign_parse_datasets and campaign_parse_bench): `dataset = NAME`
 * names a [dataset NAME] of c and sets b's objects and size from it (an objects or size
 * key beside it is an error). 0, or -1 with the message naming the key. */
int campaign_parse_bench_dataset(struct cini *p, const struct campaign *c, const char *sec,
				 struct campaign_bench *b);

/* campaign_parse_matrix_dataset: [matrix] dataset = NAME (one): its get, head and list
 * cells read the dataset (a cold GET with reads = once); every get cell's size must be the
 * dataset's. 0, or -1 with the message naming the key. */
int campaign_parse_matrix_dataset(struct cini *p, struct campaign *c);

/* campaign_datasets_free: c's datasets released. */
void campaign_datasets_free(struct campaign *c);

/* The checks (collect/campaign/campaign_check.c), each 0, or -1 with
 * "FILE:LINE: [SECTION] KEY: what" naming the key that spells the field at fault. */

/* campaign_check_section: every run of section b as written within workload_check's
 * limits (b read, and the sections before it). */
int campaign_check_section(struct cini *p, const struct campaign *c,
			   const struct campaign_bench *b);

/* campaign_check_subject: every run of c with subject sub's keys over it within
 * workload_check's limits; a fault of a field the subject sets is named by the subject's
 * key in its section sec ("FILE:LINE: [subject b] max_duration: ..."), any other by the
 * section's. */
int campaign_check_subject(struct cini *p, const struct campaign *c,
			   const struct campaign_subject *sub, const char *sec);

/* campaign_check_buckets: every bucket name of subject sub's runs within S3's 63
 * characters (its buckets key, else the most any section spreads over), else its bucket
 * key in section sec is named. */
int campaign_check_buckets(struct cini *p, const struct campaign *c,
			   const struct campaign_subject *sub, const char *sec);

/* campaign_parse_consistency (collect/campaign/campaign_consist.c): the [consistency]
 * section into c->consist (docs/CAMPAIGN.md, "[consistency]"): on when the section is there
 * (unless consistency = no), repeat (1..CONSIST_REPEAT_MAX, default 20), poll (default
 * 10ms), max_wait (default 5s, at least poll), probes (default all). 0, or -1 with the
 * message naming the key. */
int campaign_parse_consistency(struct cini *p, struct campaign *c);
#define CAMPAIGN_CONSIST_KEYS "consistency", "repeat", "poll", "max_wait", "probes"

/* CAMPAIGN_SUBJECT_MODE_KEYS: the workload-mode keys a [subject] takes besides the send
 * keys. */
#define CAMPAIGN_SUBJECT_MODE_KEYS "retries", "duration", "max_duration", "min_duration"

/* CAMPAIGN_SEND_KEYS: the send keys, for the sections' key lists. */
#define CAMPAIGN_SEND_KEYS                                                                     \
	"checksum", "payload", "reads", "http", "http2_shared", "keepalive", "addresses",      \
		"tls_resume", "data", "sse", "tags", "buckets", "prefixes", "connect_timeout", \
		"read_timeout", "request_timeout"

#endif

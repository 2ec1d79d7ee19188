/* collect/campaign/campaign_int.h: the parts of the campaign parser shared by its files,
 * internal to collect/campaign/: campaign.c interprets the file and calls the [matrix]
 * lists (campaign_matrix.c) and the [rate] sweep (campaign_rate.c); those build their
 * runs with campaign_bench_workload and report with campaign_bench_fault
 * (campaign_bench.c). */
#ifndef COLLECT_CAMPAIGN_INT_H
#define COLLECT_CAMPAIGN_INT_H

#include "collect/campaign/campaign.h"
#include "collect/campaign/cini.h"
#include "collect/workload.h"

/* campaign_parse_matrix_lists (collect/campaign/campaign_matrix.c, for campaign.c): the [matrix]
 * keys ops, sizes or size, concurrency, rate, mix and range into c (c->matrix.line set
 * first). 0, or -1 with the message naming the key. */
int campaign_parse_matrix_lists(struct cini *p, struct campaign *c);

/* campaign_item_rate (collect/campaign/campaign_matrix.c): a cini_item_fn reading item i of a rate
 * list ([matrix] rate, [rate] rates) into ((double *)arg)[i], offered req/s as
 * workload_parse_rate reads it; a rate listed twice is an error. */
int campaign_item_rate(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg);

/* campaign_parse_sweep (collect/campaign/campaign_rate.c, for campaign.c): the [rate] section, when
 * present, into c->sweep (after [campaign], whose timeout it may take). 0, or -1 with the
 * message naming the key. */
int campaign_parse_sweep(struct cini *p, struct campaign *c);

/* campaign_bench_fault (collect/campaign/campaign_bench.c): workload_check's complaint `what` about field
 * f of a run of section sec, as "FILE:LINE: [SEC] KEY: what" for the key the section
 * spells f with (matrix ops/sizes, rate rates; a [campaign] timeout when the section has
 * none; the section's header line when the key is absent). Returns -1. */
int campaign_bench_fault(struct cini *p, const char *sec, const struct campaign_bench *b,
			 enum wl_field f, const char *what);

/* campaign_parse_prices (collect/campaign/campaign_price.c, for campaign.c): the price keys
 * of section sec (and its `prices = FILE:SECTION`) into *out (price_init first). 0, or -1
 * with "FILE:LINE: [SECTION] KEY: what" naming the campaign or the price file. */
int campaign_parse_prices(struct cini *p, const char *sec, struct prices *out);
/* campaign_parse_send (collect/campaign/campaign_send.c): the send keys of section sec
 * (checksum, payload, reads, http, http2_shared, keepalive, addresses) over *snd; each
 * key given sets its bit (f - WLF_CHECKSUM) in *set (set may be NULL). 0, or -1 with
 * "FILE:LINE: [SEC] KEY: what". */
int campaign_parse_send(struct cini *p, const char *sec, struct wl_send *snd, unsigned *set);

/* campaign_parse_auto (collect/campaign/campaign.c): duration = auto in section sec, with
 * max_duration (into b->duration_s; default WL_AUTO_MAX_S) and min_duration (default
 * WL_AUTO_MIN_S) and b->auto_stop set; those two keys only with it (without auto,
 * auto_stop 0 and the rest of b left alone). 0, or -1 with the message naming the key. */
int campaign_parse_auto(struct cini *p, const char *sec, struct campaign_bench *b);

/* campaign_parse_subject_modes (collect/campaign/campaign_send.c): the workload-mode keys
 * of [subject] section sec into sub: the send keys (campaign_parse_send), retries, and
 * duration = D | auto with max_duration and min_duration (those two only with auto, as
 * in a section). 0, or -1 with "FILE:LINE: [SEC] KEY: what". */
int campaign_parse_subject_modes(struct cini *p, const char *sec, struct campaign_subject *sub);

/* campaign_check_subject_modes (collect/campaign/campaign_send.c): every run of c's
 * sections with subject sub's overrides (campaign_subject_override) within
 * workload_check's limits; a fault of a field the subject sets is named by the subject's
 * key ("FILE:LINE: [subject b] max_duration: ..."), any other by the section's. */
int campaign_check_subject_modes(struct cini *p, const struct campaign *c,
				 const struct campaign_subject *sub, const char *sec);

/* CAMPAIGN_SUBJECT_MODE_KEYS: the workload-mode keys a [subject] takes besides the send
 * keys. */
#define CAMPAIGN_SUBJECT_MODE_KEYS "retries", "duration", "max_duration", "min_duration"

/* CAMPAIGN_SEND_KEYS: the send keys, for the sections' key lists. */
#define CAMPAIGN_SEND_KEYS \
	"checksum", "payload", "reads", "http", "http2_shared", "keepalive", "addresses"

#endif

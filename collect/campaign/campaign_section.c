/* collect/campaign/campaign_section.c: the keys several sections of a campaign file share
 * (campaign_int.h): a run section's bound and limits ([matrix] and the one-off sections),
 * duration = auto, the send keys, a rate list's items, names and amounts of money. They
 * only read keys into the record; the runs are checked once the section is read
 * (collect/campaign/campaign_check.c). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "collect/campaign/campaign_runs.h"
#include "collect/workload.h"

int campaign_check_name(struct cini *p, struct cini_kv *kv, const char *s, int line,
			const char *sec, const char *what)
{
	int ok = s[0] != '\0' && s[0] != '.' && strlen(s) <= 64;

	for (const char *q = s; *q && ok; q++)
		ok = isalnum((unsigned char)*q) || *q == '.' || *q == '_' || *q == '-';
	if (ok)
		return 0;
	if (kv)
		return cini_bad_quoted(p, kv,
				       "is not a valid name (letters, digits, '.', '_', "
				       "'-'; at most 64; not starting with '.')");
	return err_set(p->e,
		       "%s:%d: [%s]: '%s' is not a valid %s (letters, digits, '.', '_', "
		       "'-'; at most 64; not starting with '.')",
		       p->name, line, sec, s, what);
}

int campaign_get_money(struct cini *p, const char *sec, const char *key, double *out)
{
	struct cini_kv *kv = cini_get(p, sec, key);
	char *end;

	if (kv == NULL)
		return 0;
	errno = 0;
	*out = strtod(kv->val, &end);
	if (errno != 0 || end == kv->val || *end != '\0' || !(*out > 0) || *out > 1e12)
		return cini_bad_quoted(p, kv, "is not a positive number");
	return 0;
}

int campaign_item_rate(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg)
{
	double *rates = arg;
	struct err we;

	if (workload_parse_rate(t, &rates[i], &we) < 0)
		return cini_bad(p, kv, we.msg);
	for (int j = 0; j < i; j++)
		if (rates[j] == rates[i])
			return cini_bad(p, kv, "a rate is listed twice");
	return 0;
}

int campaign_parse_send(struct cini *p, const char *sec, struct wl_send *snd, unsigned *set)
{
	for (int f = WLF_CHECKSUM; f <= WLF_SEND_LAST; f++) {
		struct cini_kv *kv = cini_get(p, sec, workload_field_key((enum wl_field)f));
		struct err we;

		if (kv == NULL)
			continue;
		if (workload_parse_send((enum wl_field)f, kv->val, snd, &we) < 0)
			return cini_bad(p, kv, we.msg);
		if (set != NULL)
			*set |= 1u << (f - WLF_CHECKSUM);
	}
	return 0;
}

int campaign_parse_auto(struct cini *p, const char *sec, struct campaign_bench *b)
{
	struct cini_kv *kd = cini_get(p, sec, "duration");
	struct cini_kv *kmax = cini_get(p, sec, "max_duration");
	struct cini_kv *kmin = cini_get(p, sec, "min_duration");

	b->auto_stop = kd != NULL && strcmp(kd->val, "auto") == 0;
	if (!b->auto_stop) {
		if (kmax != NULL || kmin != NULL)
			return cini_bad(p, kmax ? kmax : kmin, "needs duration = auto");
		return 0;
	}
	kd->used = 1;
	b->duration_s = WL_AUTO_MAX_S;
	b->min_duration_s = WL_AUTO_MIN_S;
	if (cini_get_duration(p, sec, "max_duration", &b->duration_s) < 0 ||
	    cini_get_duration(p, sec, "min_duration", &b->min_duration_s) < 0)
		return -1;
	if (!(b->min_duration_s > 0) || b->min_duration_s > b->duration_s)
		return cini_bad(p,
				kmin   ? kmin
				: kmax ? kmax
				       : kd,
				"min_duration must be above 0 and at most max_duration");
	return 0;
}

/* get_number: sec's key of whole-number field f into *out when given (workload.h's
 * range and message) */
static int get_number(struct cini *p, const char *sec, enum wl_field f, uint64_t *out)
{
	struct cini_kv *kv = cini_get(p, sec, workload_field_key(f));
	struct err we;

	if (kv != NULL && workload_parse_number(f, kv->val, out, &we) < 0)
		return cini_bad(p, kv, we.msg);
	return 0;
}

/* get_keys: [matrix] keys = N, the keys put-if-absent and cas cells contend for (the
 * range of objects) */
static int get_keys(struct cini *p, const char *sec, struct campaign_bench *b)
{
	struct cini_kv *kv = cini_get(p, sec, "keys");
	struct err we;

	if (kv != NULL && workload_parse_number(WLF_OBJECTS, kv->val, &b->keys, &we) < 0)
		return cini_bad(p, kv, we.msg);
	return 0;
}

/* section_op: the op of a one-off section */
static enum wl_op section_op(const char *sec)
{
	return strcmp(sec, "list") == 0     ? WL_LIST
	       : strcmp(sec, "head") == 0   ? WL_HEAD
	       : strcmp(sec, "delete") == 0 ? WL_DELETE
					    : WL_MULTIPART;
}

/* parse_bound: the bound keys of sec (duration, count, bound) */
static int parse_bound(struct cini *p, const char *sec, struct campaign_bench *b)
{
	struct cini_kv *kd = cini_get(p, sec, "duration"), *kc = cini_get(p, sec, "count");
	struct cini_kv *kb = cini_get(p, sec, "bound");

	if (kd && kc)
		return cini_bad(p, kc, "give duration or count, not both");
	b->bound = kc ? WL_BOUND_COUNT : WL_BOUND_DURATION;
	if (kb) {
		if (strcmp(kb->val, "until-done") == 0) {
			/* which ops it is for: workload_check */
			if (kd || kc)
				return cini_bad(p, kb, "until-done takes no duration or count");
			b->bound = WL_BOUND_UNTIL_DONE;
		} else if (strcmp(kb->val, "duration") == 0) {
			if (kd == NULL)
				return cini_bad(p, kb, "bound = duration needs a duration key");
		} else if (strcmp(kb->val, "count") == 0) {
			if (!kc)
				return cini_bad(p, kb, "bound = count needs a count key");
		} else {
			return cini_bad_quoted(p, kb,
					       "is not a bound (duration, count, "
					       "until-done)");
		}
	} else if (kd == NULL && !kc) {
		if (strcmp(sec, "delete") == 0)
			b->bound = WL_BOUND_UNTIL_DONE;
		else
			return err_set(p->e, "%s:%d: [%s]: needs duration = D or count = N",
				       p->name, b->line, sec);
	}
	return 0;
}

int campaign_parse_bench(struct cini *p, const char *sec, struct campaign_bench *b, int oneoff,
			 double campaign_timeout)
{
	struct workload wl;
	uint64_t v;

	b->enabled = 1;
	workload_defaults(&wl, oneoff ? section_op(sec) : WL_PUT);
	if (campaign_parse_send(p, sec, &b->send, NULL) < 0)
		return -1;
	if (campaign_parse_auto(p, sec, b) < 0 ||
	    (!b->auto_stop && cini_get_duration(p, sec, "duration", &b->duration_s) < 0) ||
	    get_number(p, sec, WLF_COUNT, &b->count) < 0 ||
	    cini_get_duration(p, sec, "timeout", &b->timeout_s) < 0 ||
	    get_number(p, sec, WLF_OBJECTS, &b->objects) < 0 ||
	    get_number(p, sec, WLF_RETRIES, &b->retries) < 0 || parse_bound(p, sec, b) < 0)
		return -1;
	if (!oneoff && get_keys(p, sec, b) < 0)
		return -1;
	if (oneoff) {
		v = (uint64_t)wl.concurrency;
		b->size = wl.size;
		if (cini_get_size(p, sec, "size", &b->size) < 0 ||
		    get_number(p, sec, WLF_CONCURRENCY, &v) < 0)
			return -1;
		b->concurrency = (int)v;
	}
	v = 0;
	if (get_number(p, sec, WLF_BATCH, &v) < 0)
		return -1;
	b->batch = (int)v;
	v = 0;
	if (get_number(p, sec, WLF_PAGE_SIZE, &v) < 0) /* [list] only (its keys) */
		return -1;
	b->page_size = (int)v;
	b->part_size = wl.part_size;
	if (cini_get_size(p, sec, "part_size", &b->part_size) < 0)
		return -1;
	campaign_bench_timeout(b, campaign_timeout, wl.op, 1);
	return 0;
}

/* collect/campaign/campaign_matrix.c: the [matrix] lists of a campaign file (ops, sizes or
 * size, concurrency, rate) and its mix and range keys; see campaign.h (its cells:
 * collect/campaign/campaign_runs.h). */
#include "collect/campaign/campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collect/campaign/campaign_int.h"
#include "collect/workload.h"

static int item_op(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg)
{
	struct campaign *c = arg;
	char what[200];

	if (strcasecmp(t, "put") == 0)
		c->ops[i] = WL_PUT;
	else if (strcasecmp(t, "get") == 0)
		c->ops[i] = WL_GET;
	else if (strcasecmp(t, "mixed") == 0)
		c->ops[i] = WL_MIXED;
	else if (strcasecmp(t, "put-if-absent") == 0)
		c->ops[i] = WL_PUT_IF_ABSENT;
	else if (strcasecmp(t, "cas") == 0)
		c->ops[i] = WL_CAS;
	else {
		snprintf(what, sizeof(what),
			 "'%s' is not a matrix op (put, get, mixed, put-if-absent, cas; list, "
			 "head, delete and multipart have their own sections)",
			 t);
		return cini_bad(p, kv, what);
	}
	for (int j = 0; j < i; j++)
		if (c->ops[j] == c->ops[i])
			return cini_bad(p, kv, "an op is listed twice");
	return 0;
}

/* add_size: size spec t as sizes item i */
static int add_size(struct cini *p, struct cini_kv *kv, const char *t, int i, struct campaign *c)
{
	struct err we;

	if (workload_parse_sizes(t, &c->size_specs[i], &c->sizes[i], &we) < 0)
		return cini_bad(p, kv, we.msg);
	for (int j = 0; j < i; j++)
		if (c->sizes[j] == c->sizes[i] &&
		    strcmp(c->size_specs[j].spec, c->size_specs[i].spec) == 0)
			return cini_bad(p, kv, "a size is listed twice");
	return 0;
}

/* is_spec_start: the item begins a random:, dist: or lognormal: size spec */
static int is_spec_start(const char *t)
{
	return strncasecmp(t, "random:", 7) == 0 || strncasecmp(t, "dist:", 5) == 0 ||
	       strncasecmp(t, "lognormal:", 10) == 0;
}

/* continues: item t belongs to the spec in group: a dist:'s SIZE:WEIGHT (an item with a
 * ':' that begins no spec), a lognormal:'s SIGMA (the item after it) and max=SIZE */
static int continues(const char *group, const char *t)
{
	if (strncasecmp(group, "lognormal:", 10) == 0)
		return strchr(group, ',') == NULL || strncasecmp(t, "max=", 4) == 0;
	return group[0] && strchr(t, ':') && !is_spec_start(t);
}

/* parse_sizes: the sizes list, where a dist: spec's SIZE:WEIGHT entries and a lognormal:
 * spec's SIGMA and max=SIZE go on after its commas */
static int parse_sizes(struct cini *p, struct cini_kv *kv, struct campaign *c)
{
	char *copy = strdup(kv->val), *tok, *next, group[512] = "";
	int n = 0, rc = -1;

	if (copy == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	for (tok = copy; tok; tok = next) {
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		tok = cini_trim(tok);
		if (tok[0] == '\0') {
			cini_bad(p, kv, "empty item in the list");
			goto out;
		}
		if (group[0] && continues(group, tok)) {
			size_t l = strlen(group); /* "dist:4KiB:50" + ",64KiB:30" */
			snprintf(group + l, sizeof(group) - l, ",%s", tok);
			continue;
		}
		if (group[0] && add_size(p, kv, group, n++, c) < 0)
			goto out;
		group[0] = '\0';
		if (n == CAMPAIGN_MAX_LIST) {
			cini_bad(p, kv, "too many items (at most 32)");
			goto out;
		}
		if (strncasecmp(tok, "dist:", 5) == 0 || strncasecmp(tok, "lognormal:", 10) == 0)
			snprintf(group, sizeof(group), "%s", tok);
		else if (add_size(p, kv, tok, n++, c) < 0)
			goto out;
	}
	if (group[0] && add_size(p, kv, group, n++, c) < 0)
		goto out;
	rc = n;
out:
	free(copy);
	return rc;
}

static int item_conc(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg)
{
	struct campaign *c = arg;
	uint64_t v;
	struct err we;

	if (workload_parse_number(WLF_CONCURRENCY, t, &v, &we) < 0)
		return cini_bad(p, kv, we.msg);
	c->conc[i] = (int)v;
	for (int j = 0; j < i; j++)
		if (c->conc[j] == c->conc[i])
			return cini_bad(p, kv, "a concurrency is listed twice");
	return 0;
}

/* has_op: op is in the [matrix] ops */
static int has_op(const struct campaign *c, enum wl_op op)
{
	for (int i = 0; i < c->n_ops; i++)
		if (c->ops[i] == op)
			return 1;
	return 0;
}

/* parse_mix_range: the mix, range, hedge and keys keys, and that an op of the list uses each */
static int parse_mix_range(struct cini *p, struct campaign *c)
{
	struct cini_kv *km = cini_get(p, "matrix", "mix"), *kr = cini_get(p, "matrix", "range");
	struct cini_kv *kh = cini_get(p, "matrix", "hedge");
	struct cini_kv *kk = cini_get(p, "matrix", "keys");
	struct workload wl;
	struct err we;

	workload_defaults(&wl, WL_MIXED);
	c->mix = wl.mix;
	if (km && !has_op(c, WL_MIXED))
		return cini_bad(p, km, "a mix is only for ops = mixed");
	if (km && workload_parse_mix(km->val, &c->mix, &we) < 0)
		return cini_bad(p, km, we.msg);
	if (kr && !has_op(c, WL_GET))
		return cini_bad(p, kr, "a range is only for get (ops = get)");
	if (kr && workload_parse_range(kr->val, &c->range, &we) < 0)
		return cini_bad(p, kr, we.msg);
	if (kh && !has_op(c, WL_GET))
		return cini_bad(p, kh, "a hedge is only for get (ops = get)");
	if (kh && workload_parse_hedge(kh->val, &c->hedge, &we) < 0)
		return cini_bad(p, kh, we.msg);
	if (kk && !has_op(c, WL_PUT_IF_ABSENT) && !has_op(c, WL_CAS))
		return cini_bad(p, kk, "keys are only for ops = put-if-absent or cas");
	return 0;
}

int campaign_parse_matrix_lists(struct cini *p, struct campaign *c)
{
	struct cini_kv *ks = cini_get(p, "matrix", "sizes"), *k1 = cini_get(p, "matrix", "size");
	struct cini_kv *kr = cini_get(p, "matrix", "rate");

	if (ks && k1)
		return cini_bad(p, k1, "give size (one size or size spec) or sizes, not both");
	if (ks == NULL && !k1)
		return err_set(p->e, "%s:%d: [matrix]: needs sizes = ... (or size = SPEC)", p->name,
			       c->matrix.line);
	if ((c->n_ops = cini_each_item(p, cini_get(p, "matrix", "ops"), CAMPAIGN_MAX_LIST, item_op,
				       c)) < 0 ||
	    (c->n_conc = cini_each_item(p, cini_get(p, "matrix", "concurrency"), CAMPAIGN_MAX_LIST,
					item_conc, c)) < 0)
		return -1;
	if (k1) {
		if (add_size(p, k1, cini_trim(k1->val), 0, c) < 0)
			return -1;
		c->n_sizes = 1;
	} else if ((c->n_sizes = parse_sizes(p, ks, c)) < 0) {
		return -1;
	}
	if (kr && (c->n_rates = cini_each_item(p, kr, CAMPAIGN_MAX_LIST, campaign_item_rate,
					       c->rates)) < 0)
		return -1;
	return parse_mix_range(p, c);
}

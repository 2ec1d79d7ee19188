/* collect/campaign/campaign.c: see campaign.h. The INI reading layer (collect/campaign/cini.h)
 * records (section, key, value, line) and the section headers seen; the checks here
 * then interpret the records, so every message can name file, line, section and key. */
#include "collect/campaign/campaign.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collect/campaign/campaign_int.h"
#include "collect/workload.h"
#include "core/cellsel.h"
#include "core/palette.h"
#include "core/units.h"

const char *campaign_order_name(enum campaign_order o)
{
	switch (o) {
	case CAMPAIGN_ORDER_RANDOM:
		return "random";
	case CAMPAIGN_ORDER_SEQUENTIAL:
		return "sequential";
	default:
		return "interleave";
	}
}

static int check_name(struct cini *p, struct cini_kv *kv, const char *s, int line, const char *sec,
		      const char *what)
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

/* bench: the bound and limits of [matrix] or a one-off section; defaults from
 * workload_defaults, limits checked by check_bench. */
static int parse_bench(struct cini *p, const char *sec, struct campaign_bench *b, int oneoff,
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
	b->part_size = wl.part_size;
	if (cini_get_size(p, sec, "part_size", &b->part_size) < 0)
		return -1;
	/* the wall-clock limit of one run */
	if (b->timeout_s == 0)
		b->timeout_s = campaign_timeout;
	if (b->timeout_s == 0) {
		campaign_bench_workload(b, wl.op, b->size, 1, &wl);
		b->timeout_s = workload_default_timeout(&wl);
		b->timeout_derived = 1;
	}
	return 0;
}

/* check_bench: every workload of sec within workload_check's limits */
static int check_bench(struct cini *p, const char *sec, const struct campaign_bench *b,
		       const struct campaign *c)
{
	struct workload wl;
	enum wl_field f;
	struct err we;

	if (strcmp(sec, "matrix") != 0) {
		campaign_bench_workload(b, section_op(sec), b->size, b->concurrency, &wl);
		if (workload_check(&wl, b->timeout_s, &f, &we) < 0)
			return campaign_bench_fault(p, sec, b, f, we.msg);
		return 0;
	}
	for (int k = 0; k < campaign_matrix_cells(c); k++) {
		campaign_matrix_workload(c, k, &wl);
		if (workload_check(&wl, b->timeout_s, &f, &we) < 0)
			return campaign_bench_fault(p, sec, b, f, we.msg);
	}
	return 0;
}

/* get_money: a positive number (max_cost = 200, expect_mib_s = 150). */
static int get_money(struct cini *p, const char *sec, const char *key, double *out)
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

int campaign_check_endpoint(const char *url)
{
	if (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0)
		return -1;
	return strlen(strstr(url, "//") + 2) == 0 ? -1 : 0;
}

static int parse_subject(struct cini *p, const struct cini_sec *s, struct campaign_subject *sub,
			 int index)
{
	char sec[300];
	struct cini_kv *kv;

	snprintf(sec, sizeof(sec), "%s", s->name);
	sub->line = s->line;
	sub->id = strdup(cini_trim(sec + strlen("subject")));
	if (sub->id == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	if (check_name(p, NULL, sub->id, s->line, s->name, "subject id") < 0)
		return -1;
	/* with a profile, endpoint and region may come from the AWS config file: left NULL
	 * here, filled in by the collector (subject_profile_defaults, collect/run/subject.h) */
	int has_profile = cini_get(p, s->name, "profile") != NULL ||
			  (cini_get(p, s->name, "credentials") != NULL &&
			   strncmp(cini_get(p, s->name, "credentials")->val, "profile:", 8) == 0);
	if (cini_get_str(p, s->name, "label", &sub->label, sub->id) < 0 ||
	    cini_get_str(p, s->name, "endpoint", &sub->endpoint, NULL) < 0 ||
	    cini_get_str(p, s->name, "region", &sub->region, has_profile ? NULL : "us-east-1") <
		    0 ||
	    cini_get_str(p, s->name, "bucket", &sub->bucket, NULL) < 0 ||
	    cini_get_bool(p, s->name, "insecure", &sub->insecure) < 0 ||
	    cini_get_str(p, s->name, "ca_bundle", &sub->ca_bundle, NULL) < 0 ||
	    campaign_parse_subject_modes(p, s->name, sub) < 0)
		return -1;
	if ((sub->endpoint == NULL && !has_profile) || sub->bucket == NULL)
		return err_set(p->e, "%s:%d: [%s]: needs %s", p->name, s->line, s->name,
			       sub->bucket != NULL ? "endpoint = http(s)://host[:port]"
						   : "bucket = NAME");
	kv = cini_get(p, s->name, "endpoint");
	if (sub->endpoint != NULL && campaign_check_endpoint(sub->endpoint) < 0)
		return cini_bad_quoted(p, kv, "is not an http:// or https:// URL");
	sub->path_style = 1;
	if ((kv = cini_get(p, s->name, "addressing")) != NULL) {
		if (strcmp(kv->val, "path") == 0)
			sub->path_style = 1;
		else if (strcmp(kv->val, "virtual") == 0)
			sub->path_style = 0;
		else
			return cini_bad_quoted(p, kv, "is not an addressing (path, virtual)");
	}
	snprintf(sub->color, sizeof(sub->color), "%s", palette_color((size_t)index));
	if ((kv = cini_get(p, s->name, "color")) != NULL) {
		int ok = strlen(kv->val) == 7 && kv->val[0] == '#';
		for (int i = 1; ok && i < 7; i++)
			ok = isxdigit((unsigned char)kv->val[i]);
		if (!ok)
			return cini_bad_quoted(p, kv, "is not a colour (#rrggbb)");
		for (int i = 0; i < 7; i++)
			sub->color[i] = (char)tolower((unsigned char)kv->val[i]);
	}
	sub->cred_kind = CAMPAIGN_CRED_DEFAULT;
	struct cini_kv *kp = cini_get(p, s->name, "profile");
	struct cini_kv *kc = cini_get(p, s->name, "credentials");
	if (kp && kc)
		return cini_bad(p, kc, "give profile or credentials, not both");
	if (kp) {
		sub->cred_kind = CAMPAIGN_CRED_PROFILE;
		if (kp->val[0] == '\0')
			return cini_bad(p, kp, "empty value");
		sub->cred_name = strdup(kp->val);
	} else if (kc) {
		const char *v = kc->val;
		if (strncmp(v, "env:", 4) == 0 && v[4] != '\0') {
			sub->cred_kind = CAMPAIGN_CRED_ENV;
			for (const char *q = v + 4; *q; q++)
				if (!isalnum((unsigned char)*q) && *q != '_')
					return cini_bad_quoted(p, kc,
							       "is not env:PREFIX (an "
							       "environment variable prefix: "
							       "letters, digits, '_')");
			sub->cred_name = strdup(v + 4);
		} else if (strncmp(v, "profile:", 8) == 0 && v[8] != '\0') {
			sub->cred_kind = CAMPAIGN_CRED_PROFILE;
			sub->cred_name = strdup(v + 8);
		} else if (strcmp(v, "default") != 0) {
			return cini_bad_quoted(p, kc,
					       "is not env:PREFIX, profile:NAME or "
					       "default");
		}
	}
	if (sub->cred_kind != CAMPAIGN_CRED_DEFAULT && sub->cred_name == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	if (campaign_parse_prices(p, s->name, &sub->prices) < 0 ||
	    get_money(p, s->name, "max_cost", &sub->max_cost) < 0 ||
	    get_money(p, s->name, "expect_mib_s", &sub->expect_mib_s) < 0)
		return -1;
	return 0;
}

double campaign_subject_budget(const struct campaign *c, const struct campaign_subject *s)
{
	return s->max_cost > 0 ? s->max_cost : c->max_cost;
}

static const char *const keys_campaign[] = {"name",
					    "title",
					    "cycles",
					    "order",
					    "seed",
					    "client",
					    "timeout",
					    "p99_limit",
					    "alert_min_change",
					    "alert_false_rate",
					    "alert_cells",
					    "client_nic",
					    "client_shares_cpu",
					    "max_cost",
					    "cost_example",
					    NULL};
static const char *const keys_matrix[] = {"ops",
					  "sizes",
					  "size",
					  "concurrency",
					  "duration",
					  "count",
					  "timeout",
					  "objects",
					  "bound",
					  "mix",
					  "range",
					  "rate",
					  CAMPAIGN_SEND_KEYS,
					  "retries",
					  "max_duration",
					  "min_duration",
					  NULL};
static const char *const keys_oneoff[] = {
	"objects",          "size",    "concurrency",  "duration",     "count", "timeout", "bound",
	CAMPAIGN_SEND_KEYS, "retries", "max_duration", "min_duration", NULL};
static const char *const keys_delete[] = {
	"objects",      "size",         "concurrency", "duration",         "count",
	"timeout",      "bound",        "batch",       CAMPAIGN_SEND_KEYS, "retries",
	"max_duration", "min_duration", NULL};
static const char *const keys_multipart[] = {
	"size",  "part_size",        "concurrency", "duration",     "count",        "timeout",
	"bound", CAMPAIGN_SEND_KEYS, "retries",     "max_duration", "min_duration", NULL};
static const char *const keys_rate[] = {"op",          "size",     "mix",
					"concurrency", "duration", "timeout",
					"objects",     "rates",    CAMPAIGN_SEND_KEYS,
					"retries",     NULL};
static const char *const keys_subject[] = {"label",
					   "endpoint",
					   "region",
					   "bucket",
					   "addressing",
					   "profile",
					   "credentials",
					   "color",
					   "insecure",
					   "ca_bundle",
					   CAMPAIGN_SEND_KEYS,
					   CAMPAIGN_SUBJECT_MODE_KEYS,
					   "prices",
					   "price_storage",
					   "price_egress",
					   "price_ingress",
					   "price_class_a",
					   "price_class_b",
					   "price_delete",
					   "min_storage_days",
					   "min_object_size",
					   "free_egress_gb",
					   "free_egress_ratio",
					   "egress",
					   "price_unit",
					   "currency",
					   "price_date",
					   "max_cost",
					   "expect_mib_s",
					   NULL};

static const char *const *section_keys(const char *sec)
{
	if (strcmp(sec, "campaign") == 0)
		return keys_campaign;
	if (strcmp(sec, "matrix") == 0)
		return keys_matrix;
	if (strcmp(sec, "list") == 0 || strcmp(sec, "head") == 0)
		return keys_oneoff;
	if (strcmp(sec, "delete") == 0)
		return keys_delete;
	if (strcmp(sec, "multipart") == 0)
		return keys_multipart;
	if (strcmp(sec, "rate") == 0)
		return keys_rate;
	if (strncmp(sec, "subject", 7) == 0 && isspace((unsigned char)sec[7]))
		return keys_subject;
	return NULL;
}

/* check_structure: known sections, once each; known keys, once each. */
static int check_structure(struct cini *p)
{
	for (int i = 0; i < p->n_secs; i++) {
		if (section_keys(p->secs[i].name) == NULL)
			return err_set(p->e,
				       "%s:%d: [%s]: unknown section (campaign, matrix, list, "
				       "head, delete, multipart, rate, subject ID)",
				       p->name, p->secs[i].line, p->secs[i].name);
		for (int j = 0; j < i; j++)
			if (strcmp(p->secs[i].name, p->secs[j].name) == 0)
				return err_set(p->e,
					       "%s:%d: [%s]: section repeated (first at line "
					       "%d)",
					       p->name, p->secs[i].line, p->secs[i].name,
					       p->secs[j].line);
	}
	for (int i = 0; i < p->n_kv; i++) {
		const char *const *keys = section_keys(p->kv[i].sec);
		int known = 0;

		if (p->kv[i].sec[0] == '\0')
			return err_set(p->e, "%s:%d: %s: key outside any section", p->name,
				       p->kv[i].line, p->kv[i].key);
		for (int k = 0; keys && keys[k]; k++)
			known |= strcmp(keys[k], p->kv[i].key) == 0;
		if (!known)
			return cini_bad(p, &p->kv[i], "unknown key");
		for (int j = 0; j < i; j++)
			if (strcmp(p->kv[i].sec, p->kv[j].sec) == 0 &&
			    strcmp(p->kv[i].key, p->kv[j].key) == 0) {
				char what[128];
				snprintf(what, sizeof(what),
					 "repeated (first at line %d; an "
					 "indented line continues the key above it)",
					 p->kv[j].line);
				return cini_bad(p, &p->kv[i], what);
			}
	}
	return 0;
}

/* interpret_campaign: the [campaign] section into c. 0, or -1 with p->e set. */
static int interpret_campaign(struct cini *p, struct campaign *c)
{
	struct cini_kv *kv;
	double min_change;
	uint64_t v;

	if (!cini_sec_line(p, "campaign"))
		return err_set(p->e, "%s: no [campaign] section", p->name);
	if (cini_get_str(p, "campaign", "name", &c->name, NULL) < 0)
		return -1;
	if (c->name == NULL)
		return err_set(p->e, "%s:%d: [campaign]: needs name = NAME", p->name,
			       cini_sec_line(p, "campaign"));
	if (check_name(p, cini_get(p, "campaign", "name"), c->name, 0, "campaign", "name") < 0 ||
	    cini_get_str(p, "campaign", "title", &c->title, c->name) < 0 ||
	    cini_get_str(p, "campaign", "client", &c->client, "") < 0)
		return -1;
	v = 1;
	if (cini_get_uint(p, "campaign", "cycles", 1, CAMPAIGN_CYCLES_MAX, &v) < 0)
		return -1;
	c->cycles = (int)v;
	if ((kv = cini_get(p, "campaign", "order")) != NULL) {
		if (strcmp(kv->val, "interleave") == 0)
			c->order = CAMPAIGN_ORDER_INTERLEAVE;
		else if (strcmp(kv->val, "random") == 0)
			c->order = CAMPAIGN_ORDER_RANDOM;
		else if (strcmp(kv->val, "sequential") == 0)
			c->order = CAMPAIGN_ORDER_SEQUENTIAL;
		else
			return cini_bad_quoted(p, kv,
					       "is not an order (interleave, random, "
					       "sequential)");
	}
	if ((kv = cini_get(p, "campaign", "seed")) != NULL) {
		if (cini_get_uint(p, "campaign", "seed", 0, UINT64_MAX, &c->seed) < 0)
			return -1;
		c->has_seed = 1;
	}
	if (cini_get_duration(p, "campaign", "timeout", &c->timeout_s) < 0 ||
	    cini_get_duration(p, "campaign", "p99_limit", &c->p99_limit_ms) < 0)
		return -1;
	c->p99_limit_ms *= 1000;
	if (get_money(p, "campaign", "max_cost", &c->max_cost) < 0)
		return -1;
	if ((kv = cini_get(p, "campaign", "cost_example")) != NULL) {
		struct cost_example ex;
		struct err xe;
		if (price_parse_example(kv->val, &ex, &xe) < 0)
			return cini_bad(p, kv, xe.msg);
		if ((c->cost_example = strdup(kv->val)) == NULL)
			return err_set(p->e, "%s: out of memory", p->name);
	}
	if ((kv = cini_get(p, "campaign", "client_nic")) != NULL) {
		struct err be;
		if (units_parse_bitrate(kv->val, &c->client_nic_mbit, &be) < 0)
			return cini_bad(p, kv, be.msg);
	}
	if (cini_get_bool(p, "campaign", "client_shares_cpu", &c->client_shares_cpu) < 0)
		return -1;
	/* alert_min_change, alert_false_rate, alert_cells: read by analyze from the
	 * campaign.ini copy; only checked here */
	if ((kv = cini_get(p, "campaign", "alert_min_change")) != NULL &&
	    (units_parse_percent(kv->val, &min_change, p->e) < 0 || !(min_change < 1)))
		return cini_bad_quoted(p, kv, "is not a percentage from 0% to 99% (10%)");
	if ((kv = cini_get(p, "campaign", "alert_false_rate")) != NULL &&
	    (units_parse_percent(kv->val, &min_change, p->e) < 0 || !(min_change > 0) ||
	     !(min_change < 1)))
		return cini_bad_quoted(p, kv, "is not a percentage above 0% and below 100% (1%)");
	if ((kv = cini_get(p, "campaign", "alert_cells")) != NULL) {
		struct cellsel sel;
		struct err se;

		if (cellsel_parse(kv->val, &sel, &se) < 0)
			return cini_bad(p, kv, se.msg);
	}
	return 0;
}

/* interpret_benches: [matrix], the one-off sections and [rate] into c. 0, or -1 with
 * p->e set. */
static int interpret_benches(struct cini *p, struct campaign *c)
{
	struct campaign_bench *oneoffs[] = {&c->list, &c->head, &c->del, &c->multipart};
	const char *oneoff_names[] = {"list", "head", "delete", "multipart"};

	c->matrix.line = cini_sec_line(p, "matrix");
	if (!c->matrix.line)
		return err_set(p->e, "%s: no [matrix] section", p->name);
	const char *need[] = {"ops", "concurrency"};
	for (int i = 0; i < 2; i++)
		if (cini_get(p, "matrix", need[i]) == NULL)
			return err_set(p->e, "%s:%d: [matrix]: needs %s = ...", p->name,
				       c->matrix.line, need[i]);
	if (campaign_parse_matrix_lists(p, c) < 0)
		return -1;
	if (parse_bench(p, "matrix", &c->matrix, 0, c->timeout_s) < 0 ||
	    check_bench(p, "matrix", &c->matrix, c) < 0)
		return -1;
	for (int i = 0; i < 4; i++) {
		oneoffs[i]->line = cini_sec_line(p, oneoff_names[i]);
		if (oneoffs[i]->line == 0)
			continue;
		oneoffs[i]->send = c->matrix.send;
		if (parse_bench(p, oneoff_names[i], oneoffs[i], 1, c->timeout_s) < 0)
			return -1;
		/* one-off list, head and delete runs prepare more objects than the engine's
		 * default (docs/CAMPAIGN.md) */
		if (i < 3 && oneoffs[i]->objects == 0)
			oneoffs[i]->objects = CAMPAIGN_ONEOFF_OBJECTS;
		if (check_bench(p, oneoff_names[i], oneoffs[i], c) < 0)
			return -1;
	}
	return campaign_parse_sweep(p, c);
}

/* most_buckets: the most buckets a run of subject s spreads over: its own buckets key,
 * else the largest of the sections'. */
static int most_buckets(const struct campaign *c, const struct campaign_subject *s)
{
	const struct campaign_bench *b[] = {&c->matrix, &c->list,      &c->head,
					    &c->del,    &c->multipart, &c->sweep.bench};
	int most = 1;

	if (s->send_set & 1u << (WLF_BUCKETS - WLF_CHECKSUM))
		return s->send.buckets;
	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++)
		if (b[i]->enabled && b[i]->send.buckets > most)
			most = b[i]->send.buckets;
	return most;
}

/* check_bucket_names: every bucket name of subject s's runs within S3's 63 characters,
 * else the subject's bucket key is named. */
static int check_bucket_names(struct cini *p, const struct cini_sec *sec, const struct campaign *c,
			      const struct campaign_subject *s)
{
	struct err we;

	if (workload_check_bucket_names(s->bucket, most_buckets(c, s), &we) < 0)
		return cini_bad(p, cini_get(p, sec->name, "bucket"), we.msg);
	return 0;
}

/* interpret_subjects: every [subject ID] section into c->subjects (ids unique, one
 * currency). 0, or -1 with p->e set. */
static int interpret_subjects(struct cini *p, struct campaign *c)
{
	int n = 0;
	for (int i = 0; i < p->n_secs; i++)
		if (section_keys(p->secs[i].name) == keys_subject)
			n++;
	if (n == 0)
		return err_set(p->e, "%s: no [subject ID] section", p->name);
	/* n_subjects only once the array is there: campaign_free walks it */
	c->subjects = calloc((size_t)n, sizeof(*c->subjects));
	if (c->subjects == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	c->n_subjects = n;
	for (int i = 0, k = 0; i < p->n_secs; i++) {
		if (section_keys(p->secs[i].name) != keys_subject)
			continue;
		if (parse_subject(p, &p->secs[i], &c->subjects[k], k) < 0 ||
		    check_bucket_names(p, &p->secs[i], c, &c->subjects[k]) < 0)
			return -1;
		for (int j = 0; j < k; j++)
			if (strcmp(c->subjects[j].id, c->subjects[k].id) == 0)
				return err_set(p->e,
					       "%s:%d: [%s]: subject id repeated (first at "
					       "line %d)",
					       p->name, p->secs[i].line, p->secs[i].name,
					       c->subjects[j].line);
		if (campaign_check_subject_modes(p, c, &c->subjects[k], p->secs[i].name) < 0)
			return -1;
		if (strcmp(c->subjects[k].prices.currency, c->subjects[0].prices.currency) != 0)
			return err_set(p->e,
				       "%s:%d: [%s] currency: %s, but [subject %s] bills in %s "
				       "(one currency per campaign)",
				       p->name, p->secs[i].line, p->secs[i].name,
				       c->subjects[k].prices.currency, c->subjects[0].id,
				       c->subjects[0].prices.currency);
		k++;
	}
	return 0;
}

/* interpret: the records of p into c, section by section. 0, or -1 with p->e set. */
static int interpret(struct cini *p, struct campaign *c)
{
	if (interpret_campaign(p, c) < 0 || interpret_benches(p, c) < 0)
		return -1;
	return interpret_subjects(p, c);
}

struct campaign *campaign_parse_string(const char *text, const char *name, struct err *e)
{
	struct cini p;
	struct campaign *c = NULL;

	cini_init(&p, text, name, e);
	c = calloc(1, sizeof(*c));
	if (c == NULL || (c->file = strdup(name)) == NULL) {
		err_set(e, "%s: out of memory", name);
		goto fail;
	}
	if (cini_parse(&p) < 0 || check_structure(&p) < 0 || interpret(&p, c) < 0)
		goto fail;
	goto done;
fail:
	campaign_free(c);
	c = NULL;
done:
	cini_free(&p);
	return c;
}

struct campaign *campaign_load(const char *path, struct err *e)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	struct campaign *c = NULL;
	long len;

	if (f == NULL) {
		err_set(e, "%s: %s", path, strerror(errno));
		goto out;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		err_set(e, "%s: cannot read: %s", path, strerror(errno));
		goto out;
	}
	if (len > 1 << 20) {
		err_set(e, "%s: larger than 1 MiB; not a campaign file", path);
		goto out;
	}
	text = malloc((size_t)len + 1);
	if (text == NULL) {
		err_set(e, "%s: out of memory", path);
		goto out;
	}
	if (fread(text, 1, (size_t)len, f) != (size_t)len) {
		err_set(e, "%s: cannot read: %s", path, strerror(errno));
		goto out;
	}
	text[len] = '\0';
	if (memchr(text, '\0', (size_t)len) != NULL) {
		err_set(e, "%s: contains a NUL byte; not a campaign file", path);
		goto out;
	}
	c = campaign_parse_string(text, path, e);
out:
	if (f)
		fclose(f);
	free(text);
	return c;
}

int campaign_find_subject(const struct campaign *c, const char *id)
{
	for (int i = 0; i < c->n_subjects; i++)
		if (strcmp(c->subjects[i].id, id) == 0)
			return i;
	return -1;
}

void campaign_free(struct campaign *c)
{
	if (c == NULL)
		return;
	for (int i = 0; i < c->n_subjects; i++) {
		struct campaign_subject *s = &c->subjects[i];
		free(s->id);
		free(s->label);
		free(s->endpoint);
		free(s->region);
		free(s->bucket);
		free(s->cred_name);
		free(s->ca_bundle);
	}
	free(c->subjects);
	free(c->file);
	free(c->name);
	free(c->title);
	free(c->client);
	free(c->cost_example);
	free(c);
}

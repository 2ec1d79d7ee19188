/* collect/campaign/campaign.c: see campaign.h. The file read in one pass: the INI layer
 * (collect/campaign/cini.h) records (section, key, value, line) and the section headers
 * seen; this file checks the structure (known sections and keys, once each), reads
 * [campaign], then [matrix], the one-off sections and [rate] (their keys read by
 * campaign_section.c, campaign_matrix.c and campaign_rate.c), each section's runs checked
 * once it is read, then every [subject ID] (campaign_subject.c), its runs checked with its
 * keys over them (campaign_check.c). Every message names file, line, section and key. */
#include "collect/campaign/campaign.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "collect/campaign/campaign_int.h"
#include "collect/probe/probe.h"
#include "collect/workload.h"
#include "core/cellsel.h"
#include "core/fsutil.h"
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
					    "target_ci",
					    "min_cycles",
					    "max_cycles",
					    "vantage",
					    "policy",
					    "repeat",
					    "schedule",
					    NULL};
static const char *const keys_matrix[] = {"ops",          "sizes",
					  "size",         "concurrency",
					  "duration",     "count",
					  "timeout",      "objects",
					  "bound",        "mix",
					  "range",        "hedge",
					  "rate",         CAMPAIGN_SEND_KEYS,
					  "retries",      "max_duration",
					  "min_duration", "keys",
					  "dataset",      NULL};
static const char *const keys_oneoff[] = {
	"objects", "size",         "concurrency",  "duration",
	"count",   "timeout",      "bound",        CAMPAIGN_SEND_KEYS,
	"retries", "max_duration", "min_duration", "dataset",
	NULL};
static const char *const keys_list[] = {
	"objects",      "size",    "concurrency",      "duration",  "count",
	"timeout",      "bound",   CAMPAIGN_SEND_KEYS, "retries",   "max_duration",
	"min_duration", "dataset", "delimiter",        "page_size", NULL};
static const char *const keys_dataset[] = {"objects", "size",        "layout",
					   "prefix",  "concurrency", NULL};
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
static const char *const keys_replay[] = {"trace",   "speed",   "remap",
					  "ops",     "window",  "concurrency",
					  "timeout", "retries", CAMPAIGN_SEND_KEYS,
					  NULL};
static const char *const keys_probe[] = {"probe", "features", "kms_key", NULL};
static const char *const keys_consist[] = {CAMPAIGN_CONSIST_KEYS, NULL};
static const char *const keys_subject[] = {"label",
					   "endpoint",
					   "region",
					   "tz",
					   "bucket",
					   "addressing",
					   "profile",
					   "credentials",
					   "color",
					   "insecure",
					   "allow_retention",
					   "ca_bundle",
					   CAMPAIGN_SEND_KEYS,
					   CAMPAIGN_SUBJECT_MODE_KEYS,
					   "prices",
					   "max_cost",
					   "expect_mib_s",
					   NULL};

static const char *const *section_keys(const char *sec)
{
	if (strcmp(sec, "campaign") == 0)
		return keys_campaign;
	if (strcmp(sec, "matrix") == 0)
		return keys_matrix;
	if (strcmp(sec, "list") == 0)
		return keys_list;
	if (strcmp(sec, "head") == 0)
		return keys_oneoff;
	if (campaign_is_dataset_section(sec))
		return keys_dataset;
	if (strcmp(sec, "delete") == 0)
		return keys_delete;
	if (strcmp(sec, "multipart") == 0)
		return keys_multipart;
	if (strcmp(sec, "rate") == 0)
		return keys_rate;
	if (strcmp(sec, "replay") == 0)
		return keys_replay;
	if (strcmp(sec, "probe") == 0)
		return keys_probe;
	if (strcmp(sec, "consistency") == 0)
		return keys_consist;
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
				       "head, delete, multipart, rate, replay, probe, consistency, "
				       "subject ID, dataset NAME)",
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
		known |= keys == keys_subject && price_is_key(p->kv[i].key); /* core/price.h */
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

/* check_policy: [campaign] policy and repeat, read by analyze from the campaign.ini copy
 * (docs/METHODOLOGY.md, "Policies"); only checked here: repeat goes with best-of-means
 * and with it only. 0, or -1 with p->e set. */
static int check_policy(struct cini *p)
{
	struct cini_kv *kv = cini_get(p, "campaign", "policy");
	struct cini_kv *rk = cini_get(p, "campaign", "repeat");
	uint64_t r;
	int bom = kv != NULL && strcmp(kv->val, "best-of-means") == 0;

	if (kv != NULL && !bom && strcmp(kv->val, "mean") != 0 && strcmp(kv->val, "median") != 0 &&
	    strcmp(kv->val, "best") != 0)
		return cini_bad_quoted(p, kv,
				       "is not a policy (mean, median, best, best-of-means)");
	if (cini_get_uint(p, "campaign", "repeat", 1, 1000, &r) < 0)
		return -1;
	if (bom && rk == NULL)
		return cini_bad(p, kv,
				"best-of-means needs repeat = N in [campaign] (the cycles of a "
				"group)");
	if (rk != NULL && !bom)
		return cini_bad(p, rk, "is read only with policy = best-of-means");
	return 0;
}

/* interpret_campaign: the [campaign] section into c. 0, or -1 with p->e set. */
static int interpret_campaign(struct cini *p, struct campaign *c)
{
	struct cini_kv *kv;
	double min_change;

	if (!cini_sec_line(p, "campaign"))
		return err_set(p->e, "%s: no [campaign] section", p->name);
	if (cini_get_str(p, "campaign", "name", &c->name, NULL) < 0)
		return -1;
	if (c->name == NULL)
		return err_set(p->e, "%s:%d: [campaign]: needs name = NAME", p->name,
			       cini_sec_line(p, "campaign"));
	if (campaign_check_name(p, cini_get(p, "campaign", "name"), c->name, 0, "campaign",
				"name") < 0 ||
	    cini_get_str(p, "campaign", "title", &c->title, c->name) < 0 ||
	    cini_get_str(p, "campaign", "client", &c->client, "") < 0 ||
	    cini_get_str(p, "campaign", "vantage", &c->vantage, NULL) < 0)
		return -1;
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
	if (campaign_get_money(p, "campaign", "max_cost", &c->max_cost) < 0 ||
	    campaign_parse_cycles(p, c) < 0)
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
	if (check_policy(p) < 0)
		return -1;
	if ((kv = cini_get(p, "campaign", "schedule")) != NULL) {
		if (strcmp(kv->val, "spread") != 0 && strcmp(kv->val, "each") != 0)
			return cini_bad_quoted(p, kv, "is not a schedule (each, spread)");
		c->schedule_spread = strcmp(kv->val, "spread") == 0;
	}
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
	if (!c->matrix.line && cini_sec_line(p, "replay"))
		return campaign_parse_replay(p, c); /* a campaign of a replay alone */
	if (!c->matrix.line)
		return err_set(p->e, "%s: no [matrix] section (nor [replay])", p->name);
	const char *need[] = {"ops", "concurrency"};
	for (int i = 0; i < 2; i++)
		if (cini_get(p, "matrix", need[i]) == NULL)
			return err_set(p->e, "%s:%d: [matrix]: needs %s = ...", p->name,
				       c->matrix.line, need[i]);
	if (campaign_parse_matrix_lists(p, c) < 0)
		return -1;
	if (campaign_parse_bench(p, "matrix", &c->matrix, 0, c->timeout_s) < 0 ||
	    campaign_parse_matrix_dataset(p, c) < 0 || campaign_check_section(p, c, &c->matrix) < 0)
		return -1;
	for (int i = 0; i < 4; i++) {
		oneoffs[i]->line = cini_sec_line(p, oneoff_names[i]);
		if (oneoffs[i]->line == 0)
			continue;
		oneoffs[i]->send = c->matrix.send;
		if (campaign_parse_bench(p, oneoff_names[i], oneoffs[i], 1, c->timeout_s) < 0 ||
		    (i < 2 && campaign_parse_bench_dataset(p, c, oneoff_names[i], oneoffs[i]) < 0))
			return -1;
		/* one-off list, head and delete runs prepare more objects than the engine's
		 * default (docs/CAMPAIGN.md) */
		if (i < 3 && oneoffs[i]->objects == 0)
			oneoffs[i]->objects = CAMPAIGN_ONEOFF_OBJECTS;
		if (campaign_check_section(p, c, oneoffs[i]) < 0)
			return -1;
	}
	if (campaign_parse_sweep(p, c) < 0 || campaign_parse_replay(p, c) < 0)
		return -1;
	return c->sweep.bench.enabled ? campaign_check_section(p, c, &c->sweep.bench) : 0;
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
		if (campaign_parse_subject(p, &p->secs[i], &c->subjects[k], k) < 0 ||
		    campaign_check_buckets(p, c, &c->subjects[k], p->secs[i].name) < 0)
			return -1;
		for (int j = 0; j < k; j++)
			if (strcmp(c->subjects[j].id, c->subjects[k].id) == 0)
				return err_set(p->e,
					       "%s:%d: [%s]: subject id repeated (first at "
					       "line %d)",
					       p->name, p->secs[i].line, p->secs[i].name,
					       c->subjects[j].line);
		if (campaign_check_subject(p, c, &c->subjects[k], p->secs[i].name) < 0)
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
/* interpret_probe: the [probe] section into c (docs/CAMPAIGN.md, "[probe]"): on unless
 * probe = no, every feature unless features names some. 0, or -1 with p->e set. */
static int interpret_probe(struct cini *p, struct campaign *c)
{
	struct cini_kv *kv;
	struct err fe;

	c->probe = 1;
	if (cini_get_bool(p, "probe", "probe", &c->probe) < 0 ||
	    cini_get_str(p, "probe", "kms_key", &c->probe_kms_key, NULL) < 0)
		return -1;
	if ((kv = cini_get(p, "probe", "features")) != NULL &&
	    probe_features_parse(kv->val, &c->probe_features, &fe) < 0)
		return cini_bad(p, kv, fe.msg);
	return 0;
}

static int interpret(struct cini *p, struct campaign *c)
{
	if (interpret_campaign(p, c) < 0 || campaign_parse_datasets(p, c) < 0 ||
	    interpret_benches(p, c) < 0 || interpret_probe(p, c) < 0 ||
	    campaign_parse_consistency(p, c) < 0)
		return -1;
	return interpret_subjects(p, c);
}

/* utf16: 1 with e set when text (len bytes) of file name begins with a UTF-16 byte order
 * mark (a file saved as UTF-16, whose NUL bytes would otherwise be the only complaint). */
static int utf16(const char *text, size_t len, const char *name, struct err *e)
{
	if (len < 2 || (memcmp(text, "\xff\xfe", 2) != 0 && memcmp(text, "\xfe\xff", 2) != 0))
		return 0;
	err_set(e, "%s: saved as UTF-16: save the file as UTF-8", name);
	return 1;
}

struct campaign *campaign_parse_string(const char *text, const char *name, struct err *e)
{
	struct cini p;
	struct campaign *c = NULL;

	if (utf16(text, strlen(text), name, e))
		return NULL;
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
	struct campaign *c = NULL;
	struct stat st;
	char *text = NULL;
	size_t len;

	if (stat(path, &st) < 0) {
		err_set(e, "%s: %s", path, strerror(errno));
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		err_set(e,
			"%s: a directory, not a campaign file (collect CAMPAIGN.ini; an output "
			"directory is given with -o)",
			path);
		goto out;
	}
	if (st.st_size > 1 << 20) {
		err_set(e, "%s: larger than 1 MiB; not a campaign file", path);
		goto out;
	}
	if ((text = fs_read_file(path, 1 << 20, &len, e)) == NULL)
		goto out;
	if (utf16(text, len, path, e))
		goto out;
	if (memchr(text, '\0', len) != NULL) {
		err_set(e, "%s: contains a NUL byte; not a campaign file", path);
		goto out;
	}
	c = campaign_parse_string(text, path, e);
out:
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
		free(s->tz);
		free(s->bucket);
		free(s->cred_name);
		free(s->ca_bundle);
	}
	free(c->subjects);
	free(c->file);
	free(c->name);
	free(c->title);
	free(c->client);
	free(c->vantage);
	free(c->cost_example);
	free(c->probe_kms_key);
	campaign_datasets_free(c);
	free(c->list.delimiter);
	replay_free(&c->replay.trace);
	free(c);
}

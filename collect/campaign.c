/* collect/campaign.c: see campaign.h. The INI reading layer (collect/campaign_ini.h)
 * records (section, key, value, line) and the section headers seen; the checks here
 * then interpret the records, so every message can name file, line, section and key. */
#include "collect/campaign.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collect/campaign_ini.h"
#include "core/units.h"

static const char *palette[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};

const char *cmp_order_name(enum cmp_order o)
{
	switch (o) {
	case CMP_ORDER_RANDOM: return "random";
	case CMP_ORDER_SEQUENTIAL: return "sequential";
	default: return "interleave";
	}
}

static int item_op(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg)
{
	struct campaign *c = arg;
	char what[160];

	if (strcasecmp(t, "put") == 0)
		c->ops[i] = WL_PUT;
	else if (strcasecmp(t, "get") == 0)
		c->ops[i] = WL_GET;
	else {
		snprintf(what, sizeof(what), "'%s' is not a matrix op (put, get; list, head, "
			 "delete and multipart have their own sections)", t);
		return cini_bad(p, kv, what);
	}
	for (int j = 0; j < i; j++)
		if (c->ops[j] == c->ops[i])
			return cini_bad(p, kv, "an op is listed twice");
	return 0;
}

static int item_size(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg)
{
	struct campaign *c = arg;
	struct err ue;

	if (units_parse_size(t, &c->sizes[i], &ue) < 0)
		return cini_bad(p, kv, ue.msg);
	for (int j = 0; j < i; j++)
		if (c->sizes[j] == c->sizes[i])
			return cini_bad(p, kv, "a size is listed twice");
	return 0;
}

static int item_conc(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg)
{
	struct campaign *c = arg;
	uint64_t v;
	char what[160];

	if (cini_parse_u64(t, &v) < 0 || v < 1 || v > 1024) {
		snprintf(what, sizeof(what), "'%s' is not a concurrency from 1 to 1024", t);
		return cini_bad(p, kv, what);
	}
	c->conc[i] = (int)v;
	for (int j = 0; j < i; j++)
		if (c->conc[j] == c->conc[i])
			return cini_bad(p, kv, "a concurrency is listed twice");
	return 0;
}

static int check_name(struct cini *p, struct cini_kv *kv, const char *s, int line,
		      const char *sec, const char *what)
{
	int ok = s[0] != '\0' && s[0] != '.' && strlen(s) <= 64;

	for (const char *q = s; *q && ok; q++)
		ok = isalnum((unsigned char)*q) || *q == '.' || *q == '_' || *q == '-';
	if (ok)
		return 0;
	if (kv)
		return cini_bad_quoted(p, kv, "is not a valid name (letters, digits, '.', '_', "
				       "'-'; at most 64; not starting with '.')");
	return err_set(p->e, "%s:%d: [%s]: '%s' is not a valid %s (letters, digits, '.', '_', "
		       "'-'; at most 64; not starting with '.')", p->name, line, sec, s, what);
}

/* bench: the bound and limits of [matrix] or a one-off section. */
static int parse_bench(struct cini *p, const char *sec, struct cmp_bench *b, int oneoff,
		       double campaign_timeout)
{
	struct cini_kv *kd = cini_get(p, sec, "duration"), *kc = cini_get(p, sec, "count");
	struct cini_kv *kb = cini_get(p, sec, "bound");
	uint64_t v;

	b->enabled = 1;
	if (cini_get_duration(p, sec, "duration", &b->duration_s) < 0 ||
	    cini_get_uint(p, sec, "count", 1, 1000000000ULL, &b->count) < 0 ||
	    cini_get_duration(p, sec, "timeout", &b->timeout_s) < 0 ||
	    cini_get_uint(p, sec, "objects", 1, 100000000ULL, &b->objects) < 0)
		return -1;
	if (kd && kc)
		return cini_bad(p, kc, "give duration or count, not both");
	b->bound = kc ? WL_BOUND_COUNT : WL_BOUND_DURATION;
	if (kb) {
		if (strcmp(kb->val, "until-done") == 0) {
			if (strcmp(sec, "delete") != 0)
				return cini_bad(p, kb, "until-done is only for [delete]");
			if (kd || kc)
				return cini_bad(p, kb, "until-done takes no duration or count");
			b->bound = WL_BOUND_UNTIL_DONE;
		} else if (strcmp(kb->val, "duration") == 0) {
			if (!kd)
				return cini_bad(p, kb, "bound = duration needs a duration key");
		} else if (strcmp(kb->val, "count") == 0) {
			if (!kc)
				return cini_bad(p, kb, "bound = count needs a count key");
		} else {
			return cini_bad_quoted(p, kb, "is not a bound (duration, count, "
					       "until-done)");
		}
	} else if (!kd && !kc) {
		if (strcmp(sec, "delete") == 0)
			b->bound = WL_BOUND_UNTIL_DONE;
		else
			return err_set(p->e, "%s:%d: [%s]: needs duration = D or count = N",
				       p->name, b->line, sec);
	}
	if (oneoff) {
		v = 1;
		b->size = 4096;
		if (cini_get_size(p, sec, "size", &b->size) < 0 ||
		    cini_get_uint(p, sec, "concurrency", 1, 1024, &v) < 0)
			return -1;
		b->concurrency = (int)v;
	}
	if (strcmp(sec, "delete") == 0) {
		v = 0;
		if (cini_get_uint(p, sec, "batch", 1, 1000, &v) < 0)
			return -1;
		b->batch = (int)v;
	}
	if (strcmp(sec, "multipart") == 0) {
		struct cini_kv *kp = cini_get(p, sec, "part_size");
		b->part_size = 5ULL << 20;
		if (cini_get_size(p, sec, "part_size", &b->part_size) < 0)
			return -1;
		if (b->part_size < (5ULL << 20))
			return cini_bad_quoted(p, kp, "is smaller than S3's 5MiB minimum part "
					       "size");
		if (b->size <= b->part_size)
			return err_set(p->e, "%s:%d: [multipart]: size must be larger than part_size",
				       p->name, b->line);
	}
	/* the wall-clock limit of one run */
	if (b->timeout_s == 0)
		b->timeout_s = campaign_timeout;
	if (b->timeout_s == 0)
		b->timeout_s = b->bound == WL_BOUND_DURATION ? 2 * b->duration_s + 60 : 1800;
	if (b->bound == WL_BOUND_DURATION && b->timeout_s <= b->duration_s) {
		struct cini_kv *kt = cini_get(p, sec, "timeout");
		if (kt)
			return cini_bad_quoted(p, kt, "is not longer than the duration");
		struct cini_kv *kct = cini_get(p, "campaign", "timeout");
		if (kct)
			return cini_bad(p, kct, "is not longer than the duration of every "
					"section; give a longer timeout");
		return err_set(p->e, "%s:%d: [%s]: timeout too short", p->name, b->line, sec);
	}
	return 0;
}

static int parse_subject(struct cini *p, const struct cini_sec *s, struct cmp_subject *sub,
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
	if (cini_get_str(p, s->name, "label", &sub->label, sub->id) < 0 ||
	    cini_get_str(p, s->name, "endpoint", &sub->endpoint, NULL) < 0 ||
	    cini_get_str(p, s->name, "region", &sub->region, "us-east-1") < 0 ||
	    cini_get_str(p, s->name, "bucket", &sub->bucket, NULL) < 0 ||
	    cini_get_bool(p, s->name, "insecure", &sub->insecure) < 0)
		return -1;
	if (sub->endpoint == NULL || sub->bucket == NULL)
		return err_set(p->e, "%s:%d: [%s]: needs %s", p->name, s->line, s->name,
			       sub->endpoint == NULL ? "endpoint = http(s)://host[:port]"
						     : "bucket = NAME");
	kv = cini_get(p, s->name, "endpoint");
	if ((strncmp(sub->endpoint, "http://", 7) != 0 &&
	     strncmp(sub->endpoint, "https://", 8) != 0) ||
	    strlen(strstr(sub->endpoint, "//") + 2) == 0)
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
	snprintf(sub->color, sizeof(sub->color), "%s", palette[index % 10]);
	if ((kv = cini_get(p, s->name, "color")) != NULL) {
		int ok = strlen(kv->val) == 7 && kv->val[0] == '#';
		for (int i = 1; ok && i < 7; i++)
			ok = isxdigit((unsigned char)kv->val[i]);
		if (!ok)
			return cini_bad_quoted(p, kv, "is not a colour (#rrggbb)");
		for (int i = 0; i < 7; i++)
			sub->color[i] = (char)tolower((unsigned char)kv->val[i]);
	}
	sub->cred_kind = CMP_CRED_DEFAULT;
	struct cini_kv *kp = cini_get(p, s->name, "profile");
	struct cini_kv *kc = cini_get(p, s->name, "credentials");
	if (kp && kc)
		return cini_bad(p, kc, "give profile or credentials, not both");
	if (kp) {
		sub->cred_kind = CMP_CRED_PROFILE;
		if (kp->val[0] == '\0')
			return cini_bad(p, kp, "empty value");
		sub->cred_name = strdup(kp->val);
	} else if (kc) {
		const char *v = kc->val;
		if (strncmp(v, "env:", 4) == 0 && v[4] != '\0') {
			sub->cred_kind = CMP_CRED_ENV;
			for (const char *q = v + 4; *q; q++)
				if (!isalnum((unsigned char)*q) && *q != '_')
					return cini_bad_quoted(p, kc, "is not env:PREFIX (an "
							       "environment variable prefix: "
							       "letters, digits, '_')");
			sub->cred_name = strdup(v + 4);
		} else if (strncmp(v, "profile:", 8) == 0 && v[8] != '\0') {
			sub->cred_kind = CMP_CRED_PROFILE;
			sub->cred_name = strdup(v + 8);
		} else if (strcmp(v, "default") != 0) {
			return cini_bad_quoted(p, kc, "is not env:PREFIX, profile:NAME or "
					       "default");
		}
	}
	if (sub->cred_kind != CMP_CRED_DEFAULT && sub->cred_name == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	return 0;
}

static const char *const keys_campaign[] = {"name", "title", "cycles", "order", "seed",
					    "client", "timeout", NULL};
static const char *const keys_matrix[] = {"ops", "sizes", "concurrency", "duration", "count",
					  "timeout", "objects", "bound", NULL};
static const char *const keys_oneoff[] = {"objects", "size", "concurrency", "duration",
					  "count", "timeout", "bound", NULL};
static const char *const keys_delete[] = {"objects", "size", "concurrency", "duration",
					  "count", "timeout", "bound", "batch", NULL};
static const char *const keys_multipart[] = {"size", "part_size", "concurrency", "duration",
					     "count", "timeout", "bound", NULL};
static const char *const keys_subject[] = {"label", "endpoint", "region", "bucket",
					   "addressing", "profile", "credentials", "color",
					   "insecure", NULL};

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
	if (strncmp(sec, "subject", 7) == 0 && isspace((unsigned char)sec[7]))
		return keys_subject;
	return NULL;
}

/* check_structure: known sections, once each; known keys, once each. */
static int check_structure(struct cini *p)
{
	for (int i = 0; i < p->n_secs; i++) {
		if (section_keys(p->secs[i].name) == NULL)
			return err_set(p->e, "%s:%d: [%s]: unknown section (campaign, matrix, list, "
				       "head, delete, multipart, subject ID)", p->name,
				       p->secs[i].line, p->secs[i].name);
		for (int j = 0; j < i; j++)
			if (strcmp(p->secs[i].name, p->secs[j].name) == 0)
				return err_set(p->e, "%s:%d: [%s]: section repeated (first at line "
					       "%d)", p->name, p->secs[i].line, p->secs[i].name,
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
				snprintf(what, sizeof(what), "repeated (first at line %d; an "
					 "indented line continues the key above it)", p->kv[j].line);
				return cini_bad(p, &p->kv[i], what);
			}
	}
	return 0;
}

static int interpret(struct cini *p, struct campaign *c)
{
	struct cini_kv *kv;
	uint64_t v;
	struct cmp_bench *oneoffs[] = {&c->list, &c->head, &c->del, &c->multipart};
	const char *oneoff_names[] = {"list", "head", "delete", "multipart"};

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
	if (cini_get_uint(p, "campaign", "cycles", 1, 999, &v) < 0)
		return -1;
	c->cycles = (int)v;
	if ((kv = cini_get(p, "campaign", "order")) != NULL) {
		if (strcmp(kv->val, "interleave") == 0)
			c->order = CMP_ORDER_INTERLEAVE;
		else if (strcmp(kv->val, "random") == 0)
			c->order = CMP_ORDER_RANDOM;
		else if (strcmp(kv->val, "sequential") == 0)
			c->order = CMP_ORDER_SEQUENTIAL;
		else
			return cini_bad_quoted(p, kv, "is not an order (interleave, random, "
					       "sequential)");
	}
	if ((kv = cini_get(p, "campaign", "seed")) != NULL) {
		if (cini_get_uint(p, "campaign", "seed", 0, UINT64_MAX, &c->seed) < 0)
			return -1;
		c->has_seed = 1;
	}
	if (cini_get_duration(p, "campaign", "timeout", &c->timeout_s) < 0)
		return -1;

	c->matrix.line = cini_sec_line(p, "matrix");
	if (!c->matrix.line)
		return err_set(p->e, "%s: no [matrix] section", p->name);
	const char *need[] = {"ops", "sizes", "concurrency"};
	for (int i = 0; i < 3; i++)
		if (cini_get(p, "matrix", need[i]) == NULL)
			return err_set(p->e, "%s:%d: [matrix]: needs %s = ...", p->name,
				       c->matrix.line, need[i]);
	if ((c->n_ops = cini_each_item(p, cini_get(p, "matrix", "ops"), CMP_MAX_LIST, item_op,
				       c)) < 0 ||
	    (c->n_sizes = cini_each_item(p, cini_get(p, "matrix", "sizes"), CMP_MAX_LIST,
					 item_size, c)) < 0 ||
	    (c->n_conc = cini_each_item(p, cini_get(p, "matrix", "concurrency"), CMP_MAX_LIST,
					item_conc, c)) < 0)
		return -1;
	if (parse_bench(p, "matrix", &c->matrix, 0, c->timeout_s) < 0)
		return -1;
	for (int i = 0; i < 4; i++) {
		oneoffs[i]->line = cini_sec_line(p, oneoff_names[i]);
		if (oneoffs[i]->line &&
		    parse_bench(p, oneoff_names[i], oneoffs[i], 1, c->timeout_s) < 0)
			return -1;
	}
	if (c->list.enabled && c->list.objects == 0)
		c->list.objects = 1000;
	if (c->head.enabled && c->head.objects == 0)
		c->head.objects = 1000;
	if (c->del.enabled && c->del.objects == 0)
		c->del.objects = 1000;

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
		if (parse_subject(p, &p->secs[i], &c->subjects[k], k) < 0)
			return -1;
		for (int j = 0; j < k; j++)
			if (strcmp(c->subjects[j].id, c->subjects[k].id) == 0)
				return err_set(p->e, "%s:%d: [%s]: subject id repeated (first at "
					       "line %d)", p->name, p->secs[i].line, p->secs[i].name,
					       c->subjects[j].line);
		k++;
	}
	return 0;
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
		struct cmp_subject *s = &c->subjects[i];
		free(s->id);
		free(s->label);
		free(s->endpoint);
		free(s->region);
		free(s->bucket);
		free(s->cred_name);
	}
	free(c->subjects);
	free(c->file);
	free(c->name);
	free(c->title);
	free(c->client);
	free(c);
}

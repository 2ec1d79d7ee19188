/* collect/campaign.c: see campaign.h. Two steps: inih hands every key to a handler that
 * only records (section, key, value, line) and the section headers seen; the checks
 * then interpret the records, so every message can name file, line, section and key. */
#include "collect/campaign.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/units.h"

struct kv {
	char *sec, *key, *val;
	int line;
	int used;
};

struct sec {
	char *name;
	int line;
};

struct parse {
	const char *name;          /* file name for messages */
	const char *text, *pos;    /* the reader's input */
	int line;                  /* line the reader handed out last */
	int long_line;             /* first line longer than inih takes, or 0 */
	int oom;
	struct kv *kv;
	int n_kv, cap_kv;
	struct sec *secs;
	int n_secs, cap_secs;
	struct err *e;
};

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

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int add_section(struct parse *p, const char *line)
{
	const char *close = strchr(line, ']');
	char buf[256];
	size_t n;

	if (close == NULL)
		return 0; /* inih reports the syntax error */
	n = (size_t)(close - line - 1);
	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, line + 1, n);
	buf[n] = '\0';
	if (p->n_secs == p->cap_secs) {
		int cap = p->cap_secs ? p->cap_secs * 2 : 16;
		struct sec *s = realloc(p->secs, (size_t)cap * sizeof(*s));
		if (s == NULL)
			return -1;
		p->secs = s;
		p->cap_secs = cap;
	}
	p->secs[p->n_secs].name = strdup(trim(buf));
	if (p->secs[p->n_secs].name == NULL)
		return -1;
	p->secs[p->n_secs].line = p->line;
	p->n_secs++;
	return 0;
}

/* reader: one line per call (inih's fgets), counting lines and noting section headers. */
static char *reader(char *str, int num, void *stream)
{
	struct parse *p = stream;
	const char *nl, *s;
	size_t len, take;

	if (*p->pos == '\0')
		return NULL;
	nl = strchr(p->pos, '\n');
	len = nl ? (size_t)(nl - p->pos + 1) : strlen(p->pos);
	take = len;
	p->line++;
	if (take > (size_t)num - 1) {
		if (!p->long_line)
			p->long_line = p->line;
		take = (size_t)num - 1;
	}
	memcpy(str, p->pos, take);
	str[take] = '\0';
	p->pos += len;
	s = str;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '[' && s == str && add_section(p, s) < 0)
		p->oom = 1;
	return str;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
	struct parse *p = user;
	struct kv *kv;

	if (p->n_kv == p->cap_kv) {
		int cap = p->cap_kv ? p->cap_kv * 2 : 32;
		struct kv *n = realloc(p->kv, (size_t)cap * sizeof(*n));
		if (n == NULL) {
			p->oom = 1;
			return 0;
		}
		p->kv = n;
		p->cap_kv = cap;
	}
	kv = &p->kv[p->n_kv];
	kv->sec = strdup(section);
	kv->key = strdup(name);
	kv->val = strdup(value);
	kv->line = p->line;
	kv->used = 0;
	p->n_kv++;
	if (kv->sec == NULL || kv->key == NULL || kv->val == NULL) {
		p->oom = 1;
		return 0;
	}
	return 1;
}

static struct kv *get(struct parse *p, const char *sec, const char *key)
{
	for (int i = 0; i < p->n_kv; i++)
		if (strcmp(p->kv[i].sec, sec) == 0 && strcmp(p->kv[i].key, key) == 0) {
			p->kv[i].used = 1;
			return &p->kv[i];
		}
	return NULL;
}

static int bad(struct parse *p, const struct kv *kv, const char *what)
{
	return err_set(p->e, "%s:%d: [%s] %s: %s", p->name, kv->line, kv->sec, kv->key, what);
}

static int bad_quoted(struct parse *p, const struct kv *kv, const char *what)
{
	return err_set(p->e, "%s:%d: [%s] %s: '%s' %s", p->name, kv->line, kv->sec, kv->key,
		       kv->val, what);
}

static int get_str(struct parse *p, const char *sec, const char *key, char **out,
		   const char *def)
{
	struct kv *kv = get(p, sec, key);
	const char *v = kv ? kv->val : def;

	if (kv && kv->val[0] == '\0')
		return bad(p, kv, "empty value");
	if (v == NULL)
		return 0;
	*out = strdup(v);
	if (*out == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = v;
	return 0;
}

static int get_uint(struct parse *p, const char *sec, const char *key, uint64_t min,
		    uint64_t max, uint64_t *out)
{
	struct kv *kv = get(p, sec, key);
	uint64_t v;
	char what[128];

	if (kv == NULL)
		return 0;
	if (parse_u64(kv->val, &v) < 0 || v < min || v > max) {
		snprintf(what, sizeof(what), "is not a whole number from %llu to %llu",
			 (unsigned long long)min, (unsigned long long)max);
		return bad_quoted(p, kv, what);
	}
	*out = v;
	return 0;
}

static int get_size(struct parse *p, const char *sec, const char *key, uint64_t *out)
{
	struct kv *kv = get(p, sec, key);
	struct err ue;

	if (kv == NULL)
		return 0;
	if (units_parse_size(kv->val, out, &ue) < 0)
		return bad(p, kv, ue.msg);
	return 0;
}

static int get_duration(struct parse *p, const char *sec, const char *key, double *out)
{
	struct kv *kv = get(p, sec, key);
	struct err ue;

	if (kv == NULL)
		return 0;
	if (units_parse_duration(kv->val, out, &ue) < 0)
		return bad(p, kv, ue.msg);
	if (*out <= 0)
		return bad_quoted(p, kv, "must be longer than 0s");
	return 0;
}

static int get_bool(struct parse *p, const char *sec, const char *key, int *out)
{
	struct kv *kv = get(p, sec, key);
	static const char *yes[] = {"true", "yes", "on", "1"}, *no[] = {"false", "no", "off", "0"};

	if (kv == NULL)
		return 0;
	for (int i = 0; i < 4; i++) {
		if (strcasecmp(kv->val, yes[i]) == 0)
			return (*out = 1), 0;
		if (strcasecmp(kv->val, no[i]) == 0)
			return (*out = 0), 0;
	}
	return bad_quoted(p, kv, "is not true or false");
}

/* each_item: split a comma list; calls fn for every trimmed item. */
static int each_item(struct parse *p, struct kv *kv, int max,
		     int (*fn)(struct parse *, struct kv *, const char *, int, void *), void *arg)
{
	char *copy = strdup(kv->val), *next, *tok;
	int n = 0, rc = 0;

	if (copy == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	for (tok = copy; tok != NULL; tok = next) {
		char *t;

		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		t = trim(tok);
		if (*t == '\0') {
			rc = bad(p, kv, "empty item in the list");
			goto out;
		}
		if (n == max) {
			rc = bad(p, kv, "too many items (at most 32)");
			goto out;
		}
		if (fn(p, kv, t, n, arg) < 0) {
			rc = -1;
			goto out;
		}
		n++;
	}
	if (n == 0)
		rc = bad(p, kv, "empty list");
	else
		rc = n;
out:
	free(copy);
	return rc;
}

static int item_op(struct parse *p, struct kv *kv, const char *t, int i, void *arg)
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
		return bad(p, kv, what);
	}
	for (int j = 0; j < i; j++)
		if (c->ops[j] == c->ops[i])
			return bad(p, kv, "an op is listed twice");
	return 0;
}

static int item_size(struct parse *p, struct kv *kv, const char *t, int i, void *arg)
{
	struct campaign *c = arg;
	struct err ue;

	if (units_parse_size(t, &c->sizes[i], &ue) < 0)
		return bad(p, kv, ue.msg);
	for (int j = 0; j < i; j++)
		if (c->sizes[j] == c->sizes[i])
			return bad(p, kv, "a size is listed twice");
	return 0;
}

static int item_conc(struct parse *p, struct kv *kv, const char *t, int i, void *arg)
{
	struct campaign *c = arg;
	uint64_t v;
	char what[160];

	if (parse_u64(t, &v) < 0 || v < 1 || v > 1024) {
		snprintf(what, sizeof(what), "'%s' is not a concurrency from 1 to 1024", t);
		return bad(p, kv, what);
	}
	c->conc[i] = (int)v;
	for (int j = 0; j < i; j++)
		if (c->conc[j] == c->conc[i])
			return bad(p, kv, "a concurrency is listed twice");
	return 0;
}

static int check_name(struct parse *p, struct kv *kv, const char *s, int line,
		      const char *sec, const char *what)
{
	int ok = s[0] != '\0' && s[0] != '.' && strlen(s) <= 64;

	for (const char *q = s; *q && ok; q++)
		ok = isalnum((unsigned char)*q) || *q == '.' || *q == '_' || *q == '-';
	if (ok)
		return 0;
	if (kv)
		return bad_quoted(p, kv, "is not a valid name (letters, digits, '.', '_', '-'; "
				  "at most 64; not starting with '.')");
	return err_set(p->e, "%s:%d: [%s]: '%s' is not a valid %s (letters, digits, '.', '_', "
		       "'-'; at most 64; not starting with '.')", p->name, line, sec, s, what);
}

/* bench: the bound and limits of [matrix] or a one-off section. */
static int parse_bench(struct parse *p, const char *sec, struct cmp_bench *b, int oneoff,
		       double campaign_timeout)
{
	struct kv *kd = get(p, sec, "duration"), *kc = get(p, sec, "count");
	struct kv *kb = get(p, sec, "bound");
	uint64_t v;

	b->enabled = 1;
	if (get_duration(p, sec, "duration", &b->duration_s) < 0 ||
	    get_uint(p, sec, "count", 1, 1000000000ULL, &b->count) < 0 ||
	    get_duration(p, sec, "timeout", &b->timeout_s) < 0 ||
	    get_uint(p, sec, "objects", 1, 100000000ULL, &b->objects) < 0)
		return -1;
	if (kd && kc)
		return bad(p, kc, "give duration or count, not both");
	b->bound = kc ? WL_BOUND_COUNT : WL_BOUND_DURATION;
	if (kb) {
		if (strcmp(kb->val, "until-done") == 0) {
			if (strcmp(sec, "delete") != 0)
				return bad(p, kb, "until-done is only for [delete]");
			if (kd || kc)
				return bad(p, kb, "until-done takes no duration or count");
			b->bound = WL_BOUND_UNTIL_DONE;
		} else if (strcmp(kb->val, "duration") == 0) {
			if (!kd)
				return bad(p, kb, "bound = duration needs a duration key");
		} else if (strcmp(kb->val, "count") == 0) {
			if (!kc)
				return bad(p, kb, "bound = count needs a count key");
		} else {
			return bad_quoted(p, kb, "is not a bound (duration, count, until-done)");
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
		if (get_size(p, sec, "size", &b->size) < 0 ||
		    get_uint(p, sec, "concurrency", 1, 1024, &v) < 0)
			return -1;
		b->concurrency = (int)v;
	}
	if (strcmp(sec, "delete") == 0) {
		v = 0;
		if (get_uint(p, sec, "batch", 1, 1000, &v) < 0)
			return -1;
		b->batch = (int)v;
	}
	if (strcmp(sec, "multipart") == 0) {
		struct kv *kp = get(p, sec, "part_size");
		b->part_size = 5ULL << 20;
		if (get_size(p, sec, "part_size", &b->part_size) < 0)
			return -1;
		if (b->part_size < (5ULL << 20))
			return bad_quoted(p, kp, "is smaller than S3's 5MiB minimum part size");
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
		struct kv *kt = get(p, sec, "timeout");
		if (kt)
			return bad_quoted(p, kt, "is not longer than the duration");
		struct kv *kct = get(p, "campaign", "timeout");
		if (kct)
			return bad(p, kct, "is not longer than the duration of every section; "
				   "give a longer timeout");
		return err_set(p->e, "%s:%d: [%s]: timeout too short", p->name, b->line, sec);
	}
	return 0;
}

static int parse_subject(struct parse *p, const struct sec *s, struct cmp_subject *sub,
			 int index)
{
	char sec[300];
	struct kv *kv;

	snprintf(sec, sizeof(sec), "%s", s->name);
	sub->line = s->line;
	sub->id = strdup(trim(sec + strlen("subject")));
	if (sub->id == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	if (check_name(p, NULL, sub->id, s->line, s->name, "subject id") < 0)
		return -1;
	if (get_str(p, s->name, "label", &sub->label, sub->id) < 0 ||
	    get_str(p, s->name, "endpoint", &sub->endpoint, NULL) < 0 ||
	    get_str(p, s->name, "region", &sub->region, "us-east-1") < 0 ||
	    get_str(p, s->name, "bucket", &sub->bucket, NULL) < 0 ||
	    get_bool(p, s->name, "insecure", &sub->insecure) < 0)
		return -1;
	if (sub->endpoint == NULL || sub->bucket == NULL)
		return err_set(p->e, "%s:%d: [%s]: needs %s", p->name, s->line, s->name,
			       sub->endpoint == NULL ? "endpoint = http(s)://host[:port]"
						     : "bucket = NAME");
	kv = get(p, s->name, "endpoint");
	if ((strncmp(sub->endpoint, "http://", 7) != 0 &&
	     strncmp(sub->endpoint, "https://", 8) != 0) ||
	    strlen(strstr(sub->endpoint, "//") + 2) == 0)
		return bad_quoted(p, kv, "is not an http:// or https:// URL");
	sub->path_style = 1;
	if ((kv = get(p, s->name, "addressing")) != NULL) {
		if (strcmp(kv->val, "path") == 0)
			sub->path_style = 1;
		else if (strcmp(kv->val, "virtual") == 0)
			sub->path_style = 0;
		else
			return bad_quoted(p, kv, "is not an addressing (path, virtual)");
	}
	snprintf(sub->color, sizeof(sub->color), "%s", palette[index % 10]);
	if ((kv = get(p, s->name, "color")) != NULL) {
		int ok = strlen(kv->val) == 7 && kv->val[0] == '#';
		for (int i = 1; ok && i < 7; i++)
			ok = isxdigit((unsigned char)kv->val[i]);
		if (!ok)
			return bad_quoted(p, kv, "is not a colour (#rrggbb)");
		for (int i = 0; i < 7; i++)
			sub->color[i] = (char)tolower((unsigned char)kv->val[i]);
	}
	sub->cred_kind = CMP_CRED_DEFAULT;
	struct kv *kp = get(p, s->name, "profile"), *kc = get(p, s->name, "credentials");
	if (kp && kc)
		return bad(p, kc, "give profile or credentials, not both");
	if (kp) {
		sub->cred_kind = CMP_CRED_PROFILE;
		if (kp->val[0] == '\0')
			return bad(p, kp, "empty value");
		sub->cred_name = strdup(kp->val);
	} else if (kc) {
		const char *v = kc->val;
		if (strncmp(v, "env:", 4) == 0 && v[4] != '\0') {
			sub->cred_kind = CMP_CRED_ENV;
			for (const char *q = v + 4; *q; q++)
				if (!isalnum((unsigned char)*q) && *q != '_')
					return bad_quoted(p, kc, "is not env:PREFIX (an environment "
							  "variable prefix: letters, digits, '_')");
			sub->cred_name = strdup(v + 4);
		} else if (strncmp(v, "profile:", 8) == 0 && v[8] != '\0') {
			sub->cred_kind = CMP_CRED_PROFILE;
			sub->cred_name = strdup(v + 8);
		} else if (strcmp(v, "default") != 0) {
			return bad_quoted(p, kc, "is not env:PREFIX, profile:NAME or default");
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
static int check_structure(struct parse *p)
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
			return bad(p, &p->kv[i], "unknown key");
		for (int j = 0; j < i; j++)
			if (strcmp(p->kv[i].sec, p->kv[j].sec) == 0 &&
			    strcmp(p->kv[i].key, p->kv[j].key) == 0) {
				char what[128];
				snprintf(what, sizeof(what), "repeated (first at line %d; an "
					 "indented line continues the key above it)", p->kv[j].line);
				return bad(p, &p->kv[i], what);
			}
	}
	return 0;
}

static int sec_line(const struct parse *p, const char *name)
{
	for (int i = 0; i < p->n_secs; i++)
		if (strcmp(p->secs[i].name, name) == 0)
			return p->secs[i].line;
	return 0;
}

static int interpret(struct parse *p, struct campaign *c)
{
	struct kv *kv;
	uint64_t v;
	struct cmp_bench *oneoffs[] = {&c->list, &c->head, &c->del, &c->multipart};
	const char *oneoff_names[] = {"list", "head", "delete", "multipart"};

	if (!sec_line(p, "campaign"))
		return err_set(p->e, "%s: no [campaign] section", p->name);
	if (get_str(p, "campaign", "name", &c->name, NULL) < 0)
		return -1;
	if (c->name == NULL)
		return err_set(p->e, "%s:%d: [campaign]: needs name = NAME", p->name,
			       sec_line(p, "campaign"));
	if (check_name(p, get(p, "campaign", "name"), c->name, 0, "campaign", "name") < 0 ||
	    get_str(p, "campaign", "title", &c->title, c->name) < 0 ||
	    get_str(p, "campaign", "client", &c->client, "") < 0)
		return -1;
	v = 1;
	if (get_uint(p, "campaign", "cycles", 1, 999, &v) < 0)
		return -1;
	c->cycles = (int)v;
	if ((kv = get(p, "campaign", "order")) != NULL) {
		if (strcmp(kv->val, "interleave") == 0)
			c->order = CMP_ORDER_INTERLEAVE;
		else if (strcmp(kv->val, "random") == 0)
			c->order = CMP_ORDER_RANDOM;
		else if (strcmp(kv->val, "sequential") == 0)
			c->order = CMP_ORDER_SEQUENTIAL;
		else
			return bad_quoted(p, kv, "is not an order (interleave, random, sequential)");
	}
	if ((kv = get(p, "campaign", "seed")) != NULL) {
		if (get_uint(p, "campaign", "seed", 0, UINT64_MAX, &c->seed) < 0)
			return -1;
		c->has_seed = 1;
	}
	if (get_duration(p, "campaign", "timeout", &c->timeout_s) < 0)
		return -1;

	c->matrix.line = sec_line(p, "matrix");
	if (!c->matrix.line)
		return err_set(p->e, "%s: no [matrix] section", p->name);
	const char *need[] = {"ops", "sizes", "concurrency"};
	for (int i = 0; i < 3; i++)
		if (get(p, "matrix", need[i]) == NULL)
			return err_set(p->e, "%s:%d: [matrix]: needs %s = ...", p->name,
				       c->matrix.line, need[i]);
	if ((c->n_ops = each_item(p, get(p, "matrix", "ops"), CMP_MAX_LIST, item_op, c)) < 0 ||
	    (c->n_sizes = each_item(p, get(p, "matrix", "sizes"), CMP_MAX_LIST, item_size,
				    c)) < 0 ||
	    (c->n_conc = each_item(p, get(p, "matrix", "concurrency"), CMP_MAX_LIST, item_conc,
				   c)) < 0)
		return -1;
	if (parse_bench(p, "matrix", &c->matrix, 0, c->timeout_s) < 0)
		return -1;
	for (int i = 0; i < 4; i++) {
		oneoffs[i]->line = sec_line(p, oneoff_names[i]);
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

	for (int i = 0; i < p->n_secs; i++)
		if (section_keys(p->secs[i].name) == keys_subject)
			c->n_subjects++;
	if (c->n_subjects == 0)
		return err_set(p->e, "%s: no [subject ID] section", p->name);
	c->subjects = calloc((size_t)c->n_subjects, sizeof(*c->subjects));
	if (c->subjects == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
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
	struct parse p;
	struct campaign *c = NULL;
	int rc;

	memset(&p, 0, sizeof(p));
	p.name = name;
	p.text = p.pos = text;
	p.e = e;
	c = calloc(1, sizeof(*c));
	if (c == NULL || (c->file = strdup(name)) == NULL) {
		err_set(e, "%s: out of memory", name);
		goto fail;
	}
	rc = ini_parse_stream(reader, &p, handler, &p);
	if (p.oom) {
		err_set(e, "%s: out of memory", name);
		goto fail;
	}
	if (p.long_line && (rc == 0 || p.long_line <= rc)) {
		err_set(e, "%s:%d: line longer than %d characters", name, p.long_line,
			INI_MAX_LINE - 3);
		goto fail;
	}
	if (rc != 0) {
		err_set(e, "%s:%d: syntax error (expected [section], key = value, or a comment "
			"starting with ; or #)", name, rc);
		goto fail;
	}
	if (check_structure(&p) < 0 || interpret(&p, c) < 0)
		goto fail;
	goto done;
fail:
	campaign_free(c);
	c = NULL;
done:
	for (int i = 0; i < p.n_kv; i++) {
		free(p.kv[i].sec);
		free(p.kv[i].key);
		free(p.kv[i].val);
	}
	free(p.kv);
	for (int i = 0; i < p.n_secs; i++)
		free(p.secs[i].name);
	free(p.secs);
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

/* collect/campaign/cini.c: see cini.h. The reader hands inih one line per call,
 * counting lines and noting section headers; the handler only records keys. */
#include "collect/campaign/cini.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/units.h"
#include "core/utf8.h"

char *cini_trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int add_section(struct cini *p, const char *line)
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
		struct cini_sec *s = realloc(p->secs, (size_t)cap * sizeof(*s));
		if (s == NULL)
			return -1;
		p->secs = s;
		p->cap_secs = cap;
	}
	p->secs[p->n_secs].name = strdup(cini_trim(buf));
	if (p->secs[p->n_secs].name == NULL)
		return -1;
	p->secs[p->n_secs].line = p->line;
	p->n_secs++;
	return 0;
}

/* note_long: the current line is longer than inih takes: its number, what it is, its key
 * (the text before '=' or ':' of a key line, trimmed; for a line that continues a value,
 * that value's key) and its section (none for a section header), for the message. */
static void note_long(struct cini *p, const char *s)
{
	size_t k = strcspn(s, "=:");
	const char *sec = p->n_secs ? p->secs[p->n_secs - 1].name : "";

	p->long_line = p->line;
	p->long_key[0] = '\0';
	p->long_kind = CINI_LONG_KEY;
	if (*s == '[' && !p->indented) {
		p->long_kind = CINI_LONG_SECTION;
		sec = "";
	} else if (p->indented && p->n_kv > 0 && strcmp(p->kv[p->n_kv - 1].sec, sec) == 0) {
		p->long_kind = CINI_LONG_CONTINUED;
		snprintf(p->long_key, sizeof(p->long_key), "%s", p->kv[p->n_kv - 1].key);
	} else if (!p->indented && s[k] != '\0' && *s != ';' && *s != '#') {
		snprintf(p->long_key, sizeof(p->long_key), "%.*s", (int)(k < 63 ? k : 63), s);
		cini_trim(p->long_key);
	}
	snprintf(p->long_sec, sizeof(p->long_sec), "%s", sec);
}

/* reader: one line per call (inih's fgets), counting lines and noting section headers. */
static char *reader(char *str, int num, void *stream)
{
	struct cini *p = stream;
	const char *nl, *s;
	size_t len, take;

	if (*p->pos == '\0')
		return NULL;
	nl = strchr(p->pos, '\n');
	len = nl ? (size_t)(nl - p->pos + 1) : strlen(p->pos);
	take = len;
	p->line++;
	if (take > (size_t)num - 1)
		take = (size_t)num - 1;
	memcpy(str, p->pos, take);
	str[take] = '\0';
	p->pos += len;
	if (p->line == 1 && strncmp(str, "\xef\xbb\xbf", 3) == 0) /* a Windows editor's BOM */
		memmove(str, str + 3, take - 2);
	s = str;
	while (*s == ' ' || *s == '\t')
		s++;
	p->indented = s > str && *s != '\0' && *s != '\n' && *s != '\r';
	if (take < len && !p->long_line)
		note_long(p, s);
	if (*s == '[' && s == str && add_section(p, s) < 0)
		p->oom = 1;
	return str;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
	struct cini *p = user;
	struct cini_kv *kv;

	/* an indented line continues the value of the key above it */
	if (p->indented && p->n_kv > 0 && strcmp(p->kv[p->n_kv - 1].sec, section) == 0 &&
	    strcmp(p->kv[p->n_kv - 1].key, name) == 0) {
		kv = &p->kv[p->n_kv - 1];
		size_t a = strlen(kv->val), b = strlen(value);
		char *v = realloc(kv->val, a + b + 2);
		if (v == NULL) {
			p->oom = 1;
			return 0;
		}
		v[a] = ' ';
		memcpy(v + a + 1, value, b + 1);
		kv->val = v;
		return 1;
	}
	if (p->n_kv == p->cap_kv) {
		int cap = p->cap_kv ? p->cap_kv * 2 : 32;
		struct cini_kv *n = realloc(p->kv, (size_t)cap * sizeof(*n));
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

void cini_init(struct cini *p, const char *text, const char *name, struct err *e)
{
	memset(p, 0, sizeof(*p));
	p->name = name;
	p->text = p->pos = text;
	p->e = e;
}

/* check_utf8: every section name, key and value is UTF-8 (each ends up in JSON: run.json,
 * aggregate.json), else "FILE:LINE: [SECTION] KEY: not UTF-8 (...)". */
static int check_utf8(struct cini *p)
{
	char what[160], at[64];

	for (int i = 0; i < p->n_secs; i++)
		if (!utf8_valid(p->secs[i].name, strlen(p->secs[i].name), NULL))
			return err_set(p->e,
				       "%s:%d: section name not UTF-8 (%s of the name): save the "
				       "file as UTF-8",
				       p->name, p->secs[i].line,
				       utf8_describe(p->secs[i].name, at, sizeof(at)));
	for (int i = 0; i < p->n_kv; i++) {
		const struct cini_kv *kv = &p->kv[i];
		const char *s = kv->val, *of = "value";

		if (!utf8_valid(kv->key, strlen(kv->key), NULL))
			s = kv->key, of = "key";
		else if (utf8_valid(kv->val, strlen(kv->val), NULL))
			continue;
		snprintf(what, sizeof(what), "not UTF-8 (%s of the %s): save the file as UTF-8",
			 utf8_describe(s, at, sizeof(at)), of);
		/* a key that is not UTF-8 is named by its line alone */
		if (s == kv->key)
			return err_set(p->e, "%s:%d: [%s]: %s", p->name, kv->line, kv->sec, what);
		return cini_bad(p, kv, what);
	}
	return 0;
}

int cini_parse(struct cini *p)
{
	int rc = ini_parse_stream(reader, p, handler, p);

	if (p->oom)
		return err_set(p->e, "%s: out of memory", p->name);
	if (p->long_line && (rc == 0 || p->long_line <= rc)) {
		char where[400] = "";
		if (p->long_sec[0] && p->long_key[0])
			snprintf(where, sizeof(where), "[%s] %s: ", p->long_sec, p->long_key);
		else if (p->long_sec[0] || p->long_key[0])
			snprintf(where, sizeof(where), "%s%s%s: ", p->long_sec[0] ? "[" : "",
				 p->long_sec[0] ? p->long_sec : p->long_key,
				 p->long_sec[0] ? "]" : "");
		return err_set(p->e, "%s:%d: %sline longer than %d characters (%s)", p->name,
			       p->long_line, where, INI_MAX_LINE - 3,
			       p->long_kind == CINI_LONG_SECTION
				       ? "a section header: shorten its name"
			       : p->long_kind == CINI_LONG_CONTINUED
				       ? "split the value over more lines that start with a blank"
				       : "continue a long value on lines that start with a blank");
	}
	if (rc != 0)
		return err_set(p->e,
			       "%s:%d: syntax error (expected [section], key = value, or a "
			       "comment starting with ; or #)",
			       p->name, rc);
	return check_utf8(p);
}

void cini_free(struct cini *p)
{
	for (int i = 0; i < p->n_kv; i++) {
		free(p->kv[i].sec);
		free(p->kv[i].key);
		free(p->kv[i].val);
	}
	free(p->kv);
	for (int i = 0; i < p->n_secs; i++)
		free(p->secs[i].name);
	free(p->secs);
}

int cini_sec_line(const struct cini *p, const char *name)
{
	for (int i = 0; i < p->n_secs; i++)
		if (strcmp(p->secs[i].name, name) == 0)
			return p->secs[i].line;
	return 0;
}

struct cini_kv *cini_get(struct cini *p, const char *sec, const char *key)
{
	for (int i = 0; i < p->n_kv; i++)
		if (strcmp(p->kv[i].sec, sec) == 0 && strcmp(p->kv[i].key, key) == 0) {
			p->kv[i].used = 1;
			return &p->kv[i];
		}
	return NULL;
}

int cini_bad(struct cini *p, const struct cini_kv *kv, const char *what)
{
	return err_set(p->e, "%s:%d: [%s] %s: %s", p->name, kv->line, kv->sec, kv->key, what);
}

int cini_bad_quoted(struct cini *p, const struct cini_kv *kv, const char *what)
{
	return err_set(p->e, "%s:%d: [%s] %s: '%s' %s", p->name, kv->line, kv->sec, kv->key,
		       kv->val, what);
}

int cini_get_str(struct cini *p, const char *sec, const char *key, char **out, const char *def)
{
	struct cini_kv *kv = cini_get(p, sec, key);
	const char *v = kv ? kv->val : def;

	if (kv && kv->val[0] == '\0')
		return cini_bad(p, kv, "empty value");
	if (v == NULL)
		return 0;
	*out = strdup(v);
	if (*out == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	return 0;
}

/* cini_parse_u64: a decimal number, digits only (no sign, no space). 0, or -1 when `s`
 * is not one or overflows. */
static int cini_parse_u64(const char *s, uint64_t *out)
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

int cini_get_uint(struct cini *p, const char *sec, const char *key, uint64_t min, uint64_t max,
		  uint64_t *out)
{
	struct cini_kv *kv = cini_get(p, sec, key);
	uint64_t v;
	char what[128];

	if (kv == NULL)
		return 0;
	if (cini_parse_u64(kv->val, &v) < 0 || v < min || v > max) {
		snprintf(what, sizeof(what), "is not a whole number from %llu to %llu",
			 (unsigned long long)min, (unsigned long long)max);
		return cini_bad_quoted(p, kv, what);
	}
	*out = v;
	return 0;
}

int cini_get_size(struct cini *p, const char *sec, const char *key, uint64_t *out)
{
	struct cini_kv *kv = cini_get(p, sec, key);
	struct err ue;

	if (kv == NULL)
		return 0;
	if (units_parse_size(kv->val, out, &ue) < 0)
		return cini_bad(p, kv, ue.msg);
	return 0;
}

int cini_get_duration(struct cini *p, const char *sec, const char *key, double *out)
{
	struct cini_kv *kv = cini_get(p, sec, key);
	struct err ue;

	if (kv == NULL)
		return 0;
	if (units_parse_duration(kv->val, out, &ue) < 0)
		return cini_bad(p, kv, ue.msg);
	if (*out <= 0)
		return cini_bad_quoted(p, kv, "must be longer than 0s");
	return 0;
}

int cini_get_bool(struct cini *p, const char *sec, const char *key, int *out)
{
	struct cini_kv *kv = cini_get(p, sec, key);
	static const char *yes[] = {"true", "yes", "on", "1"}, *no[] = {"false", "no", "off", "0"};

	if (kv == NULL)
		return 0;
	for (int i = 0; i < 4; i++) {
		if (strcasecmp(kv->val, yes[i]) == 0)
			return (*out = 1), 0;
		if (strcasecmp(kv->val, no[i]) == 0)
			return (*out = 0), 0;
	}
	return cini_bad_quoted(p, kv, "is not true or false");
}

int cini_each_item(struct cini *p, struct cini_kv *kv, int max, cini_item_fn fn, void *arg)
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
		t = cini_trim(tok);
		if (*t == '\0') {
			rc = cini_bad(p, kv, "empty item in the list");
			goto out;
		}
		if (n == max) {
			char what[64];
			snprintf(what, sizeof(what), "too many items (at most %d)", max);
			rc = cini_bad(p, kv, what);
			goto out;
		}
		if (fn(p, kv, t, n, arg) < 0) {
			rc = -1;
			goto out;
		}
		n++;
	}
	if (n == 0)
		rc = cini_bad(p, kv, "empty list");
	else
		rc = n;
out:
	free(copy);
	return rc;
}

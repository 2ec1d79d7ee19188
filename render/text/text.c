/* render/text/text.c: see text.h. */
#include "render/text/text.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fsutil.h"
#include "core/units.h"

void text_html_escape(struct strbuf *b, const char *s)
{
	const char *run = s;
	for (; *s; s++) {
		const char *rep = NULL;
		switch (*s) {
		case '&':
			rep = "&amp;";
			break;
		case '<':
			rep = "&lt;";
			break;
		case '>':
			rep = "&gt;";
			break;
		case '"':
			rep = "&quot;";
			break;
		case '\'':
			rep = "&#39;";
			break;
		default:
			break;
		}
		if (rep) {
			strbuf_add(b, run, (size_t)(s - run));
			strbuf_adds(b, rep);
			run = s + 1;
		}
	}
	strbuf_add(b, run, (size_t)(s - run));
}

int text_decimals(double v)
{
	double a = fabs(v);
	if (a >= 999.5)
		return 0;
	if (a >= 99.95)
		return 1;
	if (a >= 0.9995)
		return 2;
	return 3;
}

int text_bound_decimals(double b, int dec)
{
	int own = text_decimals(b);

	return own < dec ? own : dec;
}

char *text_short(const struct numfmt *f, double v, char *buf, size_t n)
{
	char tmp[32], *dot;

	snprintf(tmp, sizeof(tmp), "%g", v);
	dot = strchr(tmp, '.');
	if (dot != NULL) {
		*dot = 0;
		snprintf(buf, n, "%s%s%s", tmp, f->decimal, dot + 1);
	} else {
		snprintf(buf, n, "%s", tmp);
	}
	return buf;
}

/* put: append s[0..len) to out (capacity cap, kept NUL-terminated) when all of it fits;
 * nothing of it otherwise, so a separator of several bytes is never cut in two. */
static void put(char *out, size_t cap, size_t *o, const char *s, size_t len)
{
	if (*o + len >= cap)
		return;
	memcpy(out + *o, s, len);
	*o += len;
	out[*o] = '\0';
}

/* copy_whole: s into buf (n bytes, n > 0), cut before the character that does not fit,
 * never inside one. */
static void copy_whole(char *buf, size_t n, const char *s)
{
	size_t len = strlen(s);

	if (len >= n) {
		len = n - 1;
		while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
			len--;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
}

char *text_num(const struct numfmt *f, double v, int decimals, char *buf, size_t n)
{
	char raw[TEXT_NUM_MAX], out[2 * TEXT_NUM_MAX], *dot, *p;
	size_t o = 0;
	out[0] = '\0';
	if (isnan(v) || isinf(v)) {
		snprintf(buf, n, "%s", TEXT_NULL);
		return buf;
	}
	if (decimals < 0)
		decimals = text_decimals(v);
	snprintf(raw, sizeof(raw), "%.*f", decimals, v);
	p = raw;
	if (*p == '-') {
		/* "-0.00" reads as a value below zero: print it as zero */
		if (strspn(p + 1, "0.") != strlen(p + 1))
			put(out, sizeof(out), &o, "-", 1);
		p++;
	}
	dot = strchr(p, '.');
	size_t ilen = dot ? (size_t)(dot - p) : strlen(p);
	for (size_t i = 0; i < ilen; i++) {
		if (i > 0 && (ilen - i) % 3 == 0)
			put(out, sizeof(out), &o, f->group, strlen(f->group));
		put(out, sizeof(out), &o, p + i, 1);
	}
	if (dot) {
		put(out, sizeof(out), &o, f->decimal, strlen(f->decimal));
		put(out, sizeof(out), &o, dot + 1, strlen(dot + 1));
	}
	copy_whole(buf, n, out);
	return buf;
}

char *text_size(const struct numfmt *f, uint64_t bytes, char *buf, size_t n)
{
	struct units_human h = units_human(bytes);
	char num[TEXT_NUM_MAX];

	snprintf(buf, n, "%s %s", text_num(f, h.value, h.decimals, num, sizeof(num)), h.unit);
	return buf;
}

struct kv {
	char *key, *value;
};

struct text_lang {
	char code[8];
	char *dir;
	struct kv *kv;
	size_t nkv;
	struct numfmt nf;
};

static char *trim(char *s)
{
	char *end;
	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		*--end = 0;
	return s;
}

/* Unescape \n and \\ in place. */
static void unescape(char *s)
{
	char *o = s;
	for (; *s; s++) {
		if (*s == '\\' && s[1] == 'n') {
			*o++ = '\n';
			s++;
		} else if (*s == '\\' && s[1] == '\\') {
			*o++ = '\\';
			s++;
		} else {
			*o++ = *s;
		}
	}
	*o = 0;
}

/* set_separator: number.group or number.decimal into f; a separator longer than its
 * slot (7 bytes: one character, with room for a joiner) is refused at its line rather
 * than cut, since a cut separator is broken UTF-8 in every number. 0, or -1 with e set. */
static int set_separator(struct numfmt *f, const char *key, const char *v, const char *path,
			 int lineno, struct err *e)
{
	char *slot;

	if (strcmp(key, "number.group") == 0)
		slot = f->group;
	else if (strcmp(key, "number.decimal") == 0)
		slot = f->decimal;
	else
		return 0;
	if (strlen(v) >= sizeof(f->group)) {
		err_set(e, "%s:%d: %s is %zu bytes long; a separator is at most %zu bytes", path,
			lineno, key, strlen(v), sizeof(f->group) - 1);
		return -1;
	}
	snprintf(slot, sizeof(f->group), "%s", v);
	return 0;
}

struct text_lang *text_lang_load(const char *templates, const char *code, struct err *e)
{
	struct text_lang *l = calloc(1, sizeof(*l));
	char path[4096], *text = NULL, *line, *next;
	int lineno = 0;
	if (l == NULL) {
		err_set(e, "out of memory");
		return NULL;
	}
	if (strlen(code) >= sizeof(l->code) || strpbrk(code, "/.") || !*code) {
		err_set(e, "--lang: '%s' is not a language code", code);
		goto fail;
	}
	snprintf(l->code, sizeof(l->code), "%s", code);
	snprintf(path, sizeof(path), "%s/%s", templates, code);
	if ((l->dir = strdup(path)) == NULL) {
		err_set(e, "%s: out of memory", path);
		goto fail;
	}
	snprintf(path, sizeof(path), "%s/%s/strings.txt", templates, code);
	text = fs_read_file(path, 0, NULL, e);
	if (text == NULL)
		goto fail;
	snprintf(l->nf.group, sizeof(l->nf.group), ",");
	snprintf(l->nf.decimal, sizeof(l->nf.decimal), ".");
	for (line = text; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		lineno++;
		char *t = trim(line), *eq;
		if (!*t || *t == '#')
			continue;
		eq = strchr(t, '=');
		if (eq == NULL) {
			err_set(e, "%s:%d: expected 'key = value'", path, lineno);
			goto fail;
		}
		*eq = 0;
		struct kv *nkv = realloc(l->kv, (l->nkv + 1) * sizeof(*l->kv));
		if (nkv == NULL) {
			err_set(e, "%s:%d: out of memory", path, lineno);
			goto fail;
		}
		l->kv = nkv;
		char *key = trim(t), *v = trim(eq + 1);
		/* a value may be quoted to keep blanks at its ends */
		size_t vl = strlen(v);
		if (vl >= 2 && v[0] == '"' && v[vl - 1] == '"') {
			v[vl - 1] = 0;
			v++;
		}
		unescape(v);
		nkv = &l->kv[l->nkv++];
		nkv->key = strdup(key);
		nkv->value = strdup(v);
		if (nkv->key == NULL || nkv->value == NULL) {
			err_set(e, "%s:%d: out of memory", path, lineno);
			goto fail;
		}
		if (set_separator(&l->nf, key, v, path, lineno, e) != 0)
			goto fail;
	}
	free(text);
	return l;
fail:
	free(text);
	text_lang_free(l);
	return NULL;
}

void text_lang_free(struct text_lang *l)
{
	if (l == NULL)
		return;
	for (size_t i = 0; i < l->nkv; i++) {
		free(l->kv[i].key);
		free(l->kv[i].value);
	}
	free(l->kv);
	free(l->dir);
	free(l);
}

const char *text_lang_code(const struct text_lang *l)
{
	return l->code;
}

const char *text_lang_get(const struct text_lang *l, const char *key)
{
	/* later definitions win, so a local override file can be appended */
	for (size_t i = l->nkv; i-- > 0;)
		if (strcmp(l->kv[i].key, key) == 0)
			return l->kv[i].value;
	return NULL;
}

const char *text_lang_str(const struct text_lang *l, const char *key)
{
	const char *v = text_lang_get(l, key);

	/* not found: the key itself, so the gap is visible in the report and in tests */
	return v != NULL ? v : key;
}

const struct numfmt *text_lang_numfmt(const struct text_lang *l)
{
	return &l->nf;
}

char *text_lang_prose(const struct text_lang *l, const char *name, struct err *e)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", l->dir, name);
	return fs_read_file(path, 0, NULL, e);
}

void text_subst(struct strbuf *b, const char *tpl, const char *const *names,
		const char *const *values, size_t n)
{
	const char *p = tpl;
	while (*p) {
		const char *open = strchr(p, '{'), *close;
		if (open == NULL) {
			strbuf_adds(b, p);
			return;
		}
		strbuf_add(b, p, (size_t)(open - p));
		/* only {name} with name of letters, digits, '_' and '.' is a placeholder */
		close = open + 1 +
			strspn(open + 1, "abcdefghijklmnopqrstuvwxyz"
					 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.");
		if (*close != '}' || close == open + 1) {
			strbuf_add(b, open, 1);
			p = open + 1;
			continue;
		}
		size_t klen = (size_t)(close - open - 1), i;
		for (i = 0; i < n; i++)
			if (strlen(names[i]) == klen && strncmp(open + 1, names[i], klen) == 0)
				break;
		if (i < n)
			strbuf_adds(b, values[i]);
		else
			strbuf_add(b, open, (size_t)(close - open + 1));
		p = close + 1;
	}
}

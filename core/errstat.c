/* core/errstat.c: see errstat.h. */
#include "core/errstat.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const transport[] = {"dns", "connect", "tls", "timeout", "local-io", "checksum"};

const char *errstat_key(const char *error, char *buf, size_t n)
{
	snprintf(buf, n, "other");
	if (error == NULL)
		return buf;
	if (strncmp(error, "HTTP ", 5) == 0 && isdigit((unsigned char)error[5]) &&
	    isdigit((unsigned char)error[6]) && isdigit((unsigned char)error[7]) &&
	    !isdigit((unsigned char)error[8])) {
		snprintf(buf, n, "%.3s", error + 5);
		return buf;
	}
	for (size_t i = 0; i < sizeof(transport) / sizeof(transport[0]); i++) {
		size_t l = strlen(transport[i]);

		if (strncmp(error, transport[i], l) == 0 && error[l] == ':') {
			snprintf(buf, n, "%s", transport[i]);
			break;
		}
	}
	return buf;
}

static int find(const struct errstat *s, const char *key, int *at)
{
	int i = 0;

	while (i < s->n && strcmp(s->e[i].key, key) < 0)
		i++;
	*at = i;
	return i < s->n && strcmp(s->e[i].key, key) == 0;
}

/* has_word: s starts with w, followed by the end, ':' or a blank. */
static int has_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	return strncmp(s, w, n) == 0 && (s[n] == '\0' || s[n] == ':' || s[n] == ' ');
}

int errstat_is_conflict(const char *error)
{
	return error != NULL && (has_word(error, "HTTP 412 PreconditionFailed") ||
				 has_word(error, "HTTP 409 ConditionalRequestConflict"));
}

void errstat_add(struct errstat *s, const char *key, uint64_t n)
{
	int at;

	if (strlen(key) >= ERRSTAT_KEY_MAX)
		key = "other";
	if (!find(s, key, &at)) {
		/* the last slot is kept for "other" */
		if (s->n >= ERRSTAT_KEYS - 1 && strcmp(key, "other") != 0) {
			errstat_add(s, "other", n);
			return;
		}
		memmove(&s->e[at + 1], &s->e[at], (size_t)(s->n - at) * sizeof(s->e[0]));
		snprintf(s->e[at].key, sizeof(s->e[at].key), "%s", key);
		s->e[at].n = 0;
		s->n++;
	}
	s->e[at].n += n;
}

void errstat_merge(struct errstat *dst, const struct errstat *src)
{
	for (int i = 0; i < src->n; i++)
		errstat_add(dst, src->e[i].key, src->e[i].n);
}

int errstat_equal(const struct errstat *a, const struct errstat *b)
{
	if (a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (strcmp(a->e[i].key, b->e[i].key) != 0 || a->e[i].n != b->e[i].n)
			return 0;
	return 1;
}

uint64_t errstat_get(const struct errstat *s, const char *key)
{
	int at;

	return find(s, key, &at) ? s->e[at].n : 0;
}

uint64_t errstat_total(const struct errstat *s)
{
	uint64_t t = 0;

	for (int i = 0; i < s->n; i++)
		t += s->e[i].n;
	return t;
}

uint64_t errstat_throttled(const struct errstat *s)
{
	return errstat_get(s, "503") + errstat_get(s, "429");
}

json_t *errstat_to_json(const struct errstat *s)
{
	json_t *o = json_object();

	for (int i = 0; o != NULL && i < s->n; i++)
		if (json_object_set_new(o, s->e[i].key, json_integer((json_int_t)s->e[i].n)) < 0) {
			json_decref(o);
			return NULL;
		}
	return o;
}

int errstat_from_json(const json_t *o, const char *path, struct errstat *s, struct err *e)
{
	const char *k;
	json_t *v;

	memset(s, 0, sizeof(*s));
	if (!json_is_object(o))
		return err_set(e, "%s: not an object", path);
	json_object_foreach((json_t *)o, k, v) {
		if (strlen(k) >= ERRSTAT_KEY_MAX || k[0] == '\0')
			return err_set(e, "%s: key '%s' is not a status or an error class", path,
				       k);
		if (!json_is_integer(v) || json_integer_value(v) < 0)
			return err_set(e, "%s.%s: not a whole number", path, k);
		errstat_add(s, k, (uint64_t)json_integer_value(v));
	}
	return 0;
}

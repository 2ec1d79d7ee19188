/* core/jcs.c: see jcs.h. Written from RFC 8785 (sections 3.2.2.2 and 3.2.3) and
 * ECMA-262's Number::toString. */
#include "core/jcs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/digest.h"

/* shortest: the fewest significant digits (1..17) that read back to x, as the digit
 * string into digits (no dot, no leading zero) and the decimal exponent n such that
 * x = 0.DIGITS × 10^n (ECMAScript's n). x > 0 and finite. */
static void shortest(double x, char digits[20], int *n)
{
	char buf[40];

	for (int p = 1; p <= 17; p++) {
		snprintf(buf, sizeof(buf), "%.*e", p - 1, x);
		if (strtod(buf, NULL) == x || p == 17)
			break;
	}
	/* buf is D[.DDD]e[+-]XX */
	{
		char *ep = strchr(buf, 'e');
		size_t k = 0;

		*n = atoi(ep + 1) + 1;
		for (char *c = buf; c < ep; c++)
			if (*c >= '0' && *c <= '9')
				digits[k++] = *c;
		while (k > 1 && digits[k - 1] == '0')
			k--;
		digits[k] = '\0';
	}
}

int jcs_number(double x, char *buf, size_t len)
{
	char d[20], tmp[40], *o = tmp;
	int n, k;

	if (!isfinite(x))
		return -1;
	if (x < 0)
		*o++ = '-', x = -x;
	if (x == 0) /* -0 too */
		o = tmp, *o++ = '0';
	else {
		shortest(x, d, &n);
		k = (int)strlen(d);
		if (k <= n && n <= 21) { /* digits, then n - k zeros */
			o = stpcpy(o, d);
			for (int i = k; i < n; i++)
				*o++ = '0';
		} else if (0 < n && n <= 21) { /* n digits, dot, the rest */
			memcpy(o, d, (size_t)n), o += n, *o++ = '.', o = stpcpy(o, d + n);
		} else if (-6 < n && n <= 0) { /* 0. then -n zeros, then the digits */
			*o++ = '0', *o++ = '.';
			for (int i = 0; i < -n; i++)
				*o++ = '0';
			o = stpcpy(o, d);
		} else { /* exponent form: d[.ddd]e+-(n-1) */
			*o++ = d[0];
			if (k > 1)
				*o++ = '.', o = stpcpy(o, d + 1);
			o += sprintf(o, "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
		}
	}
	*o = '\0';
	if ((size_t)(o - tmp) + 1 > len)
		return -1;
	memcpy(buf, tmp, (size_t)(o - tmp) + 1);
	return 0;
}

static void put_string(struct strbuf *out, const char *s, size_t len)
{
	strbuf_addc(out, '"');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '"':
			strbuf_adds(out, "\\\"");
			break;
		case '\\':
			strbuf_adds(out, "\\\\");
			break;
		case '\b':
			strbuf_adds(out, "\\b");
			break;
		case '\f':
			strbuf_adds(out, "\\f");
			break;
		case '\n':
			strbuf_adds(out, "\\n");
			break;
		case '\r':
			strbuf_adds(out, "\\r");
			break;
		case '\t':
			strbuf_adds(out, "\\t");
			break;
		default:
			if (c < 0x20)
				strbuf_addf(out, "\\u%04x", c);
			else
				strbuf_addc(out, (char)c);
		}
	}
	strbuf_addc(out, '"');
}

/* next_unit: the next UTF-16 code unit of the UTF-8 string at *s (jansson keeps
 * valid UTF-8), *pend holding a pending low surrogate; 0 at the end. */
static unsigned next_unit(const unsigned char **s, unsigned *pend)
{
	const unsigned char *p = *s;
	unsigned cp;

	if (*pend) {
		cp = *pend;
		*pend = 0;
		return cp;
	}
	if (*p == 0)
		return 0;
	if (*p < 0x80)
		cp = *p++;
	else if ((*p & 0xe0) == 0xc0)
		cp = (p[0] & 0x1fu) << 6 | (p[1] & 0x3fu), p += 2;
	else if ((*p & 0xf0) == 0xe0)
		cp = (p[0] & 0x0fu) << 12 | (p[1] & 0x3fu) << 6 | (p[2] & 0x3fu), p += 3;
	else
		cp = (p[0] & 0x07u) << 18 | (p[1] & 0x3fu) << 12 | (p[2] & 0x3fu) << 6 |
		     (p[3] & 0x3fu),
		p += 4;
	*s = p;
	if (cp >= 0x10000) {
		cp -= 0x10000;
		*pend = 0xdc00 + (cp & 0x3ff);
		return 0xd800 + (cp >> 10);
	}
	return cp;
}

static int key_cmp(const void *a, const void *b)
{
	const unsigned char *x = *(const unsigned char *const *)a;
	const unsigned char *y = *(const unsigned char *const *)b;
	unsigned px = 0, py = 0;

	for (;;) {
		unsigned ux = next_unit(&x, &px), uy = next_unit(&y, &py);

		if (ux != uy)
			return ux < uy ? -1 : 1;
		if (ux == 0)
			return 0;
	}
}

static int dump(const json_t *v, const char *skip, struct strbuf *out, struct err *e);

static int dump_object(const json_t *v, const char *skip, struct strbuf *out, struct err *e)
{
	size_t n = json_object_size(v), k = 0;
	const char **keys = calloc(n ? n : 1, sizeof(*keys));
	const char *key;
	json_t *val;
	int rc = 0;

	if (keys == NULL)
		return err_set(e, "JCS: out of memory");
	json_object_foreach((json_t *)v, key, val)
		if (skip == NULL || strcmp(key, skip) != 0)
			keys[k++] = key;
	qsort(keys, k, sizeof(*keys), key_cmp);
	strbuf_addc(out, '{');
	for (size_t i = 0; i < k && rc == 0; i++) {
		if (i)
			strbuf_addc(out, ',');
		put_string(out, keys[i], strlen(keys[i]));
		strbuf_addc(out, ':');
		rc = dump(json_object_get(v, keys[i]), NULL, out, e);
	}
	strbuf_addc(out, '}');
	free(keys);
	return rc;
}

static int dump(const json_t *v, const char *skip, struct strbuf *out, struct err *e)
{
	char num[40];
	size_t i;
	json_t *x;

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return dump_object(v, skip, out, e);
	case JSON_ARRAY:
		strbuf_addc(out, '[');
		json_array_foreach((json_t *)v, i, x) {
			if (i)
				strbuf_addc(out, ',');
			if (dump(x, NULL, out, e) < 0)
				return -1;
		}
		strbuf_addc(out, ']');
		return 0;
	case JSON_STRING:
		put_string(out, json_string_value(v), json_string_length(v));
		return 0;
	case JSON_INTEGER:
		/* exact in a double up to 2^53: larger integers are written as doubles are */
		if (jcs_number((double)json_integer_value(v), num, sizeof(num)) < 0)
			return err_set(e, "JCS: integer out of range");
		strbuf_adds(out, num);
		return 0;
	case JSON_REAL:
		if (jcs_number(json_real_value(v), num, sizeof(num)) < 0)
			return err_set(e, "JCS: a number that is not finite");
		strbuf_adds(out, num);
		return 0;
	case JSON_TRUE:
		strbuf_adds(out, "true");
		return 0;
	case JSON_FALSE:
		strbuf_adds(out, "false");
		return 0;
	default:
		strbuf_adds(out, "null");
		return 0;
	}
}

int jcs_dump(const json_t *v, const char *skip, struct strbuf *out, struct err *e)
{
	if (dump(v, skip, out, e) < 0)
		return -1;
	if (out->failed)
		return err_set(e, "JCS: out of memory");
	return 0;
}

int jcs_digest(const json_t *v, const char *skip, char *hex, struct err *e)
{
	struct strbuf b = {0};
	int rc = -1;

	if (jcs_dump(v, skip, &b, e) == 0)
		rc = digest_buf(b.p ? b.p : "", b.len, hex, NULL, e);
	strbuf_free(&b);
	return rc;
}

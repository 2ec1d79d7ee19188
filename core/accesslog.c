/* core/accesslog.c: see accesslog.h. Fields are cut by hand, one pass over the line. */
#include "core/accesslog.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/zio.h"

#define ACCESSLOG_KEY_MAX 4096 /* a decoded key's bytes, its NUL included */

/* field: the next field at *p (up to end): [..] and "..." whole (\" inside quotes kept);
 * its start and length. 0 at the line's end. */
static int field(const char **p, const char *end, const char **s, size_t *n)
{
	const char *q = *p;

	while (q < end && *q == ' ')
		q++;
	if (q == end)
		return 0;
	*s = q;
	if (*q == '[' || *q == '"') {
		char close = *q == '[' ? ']' : '"';

		for (q++; q < end && *q != close; q++)
			if (*q == '\\' && q + 1 < end)
				q++;
		q += q < end;
	} else {
		while (q < end && *q != ' ')
			q++;
	}
	*n = (size_t)(q - *s);
	*p = q;
	return 1;
}

/* num: a field of digits ("-": none, *none set) into *v; -1 when it is neither. */
static int num(const char *s, size_t n, double *v, int *none)
{
	double x = 0;

	*none = n == 1 && s[0] == '-';
	if (*none)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]) || i > 18)
			return -1;
		x = x * 10 + (s[i] - '0');
	}
	*v = x;
	return n > 0 ? 0 : -1;
}

int accesslog_parse(const char *s, size_t n, struct accesslog_rec *r, const char **why)
{
	const char *q = s, *end = s + n, *f[ACCESSLOG_FIELDS];
	size_t fn[ACCESSLOG_FIELDS], k = 0;
	double v[5];
	int none[5];
	static const int numf[5] = {9, 11, 12, 13, 14}; /* status, bytes, size, total, turn */

	memset(r, 0, sizeof(*r));
	while (k < ACCESSLOG_FIELDS && field(&q, end, &f[k], &fn[k]))
		k++;
	if (k == 0)
		return 1;
	*why = "not an S3 access log record (request id, total time and turn-around time as "
	       "fields 6, 14 and 15)";
	if (k < ACCESSLOG_FIELDS || fn[5] == 0 || (fn[5] == 1 && f[5][0] == '-'))
		return -1;
	for (int i = 0; i < 5; i++)
		if (num(f[numf[i]], fn[numf[i]], &v[i], &none[i]) < 0)
			return -1;
	if (accesslog_time(f[2], fn[2], &r->time_ns) < 0)
		r->time_ns = 0;
	r->request_id = f[5];
	r->request_id_n = fn[5];
	r->operation = f[6];
	r->operation_n = fn[6];
	r->key = f[7];
	r->key_n = fn[7] == 1 && f[7][0] == '-' ? 0 : fn[7];
	r->status = none[0] ? 0 : (int)v[0];
	r->bytes_sent = none[1] ? 0 : (uint64_t)v[1];
	r->object_size = none[2] ? 0 : (uint64_t)v[2];
	r->total_ms = none[3] ? NAN : v[3];
	r->turnaround_ms = none[4] ? NAN : v[4];
	return 0;
}

int accesslog_time(const char *s, size_t n, int64_t *ns)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	char mon[4] = {0}, sign;
	int d, y, hh, mm, ss, off, used = 0;
	char buf[40];
	struct tm tm;
	const char *m;
	time_t t;

	if (n < 2 || n >= sizeof(buf) || s[0] != '[' || s[n - 1] != ']')
		return -1;
	memcpy(buf, s + 1, n - 2);
	buf[n - 2] = '\0';
	if (sscanf(buf, "%2d/%3c/%4d:%2d:%2d:%2d %c%4d%n", &d, mon, &y, &hh, &mm, &ss, &sign, &off,
		   &used) != 8 ||
	    (size_t)used != n - 2 || (sign != '+' && sign != '-') ||
	    (m = strstr(months, mon)) == NULL || (m - months) % 3 != 0)
		return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_mday = d;
	tm.tm_mon = (int)(m - months) / 3;
	tm.tm_year = y - 1900;
	tm.tm_hour = hh;
	tm.tm_min = mm;
	tm.tm_sec = ss;
	t = timegm(&tm);
	t -= (sign == '-' ? -1 : 1) * ((off / 100) * 3600 + (off % 100) * 60);
	*ns = (int64_t)t * 1000000000;
	return 0;
}

const char *accesslog_op(const char *operation, size_t n)
{
	static const struct {
		const char *rest, *op;
	} ops[] = {{"REST.PUT.OBJECT", "PUT"},
		   {"REST.GET.OBJECT", "GET"},
		   {"REST.HEAD.OBJECT", "STAT"},
		   {"REST.DELETE.OBJECT", "DELETE"},
		   {"REST.GET.BUCKET", "LIST"}};

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strlen(ops[i].rest) == n && memcmp(ops[i].rest, operation, n) == 0)
			return ops[i].op;
	return NULL;
}

/* hex: the value of hex digit c, -1 for another character. */
static int hex(char c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
				      : -1;
}

int accesslog_key(const char *s, size_t n, char *out, size_t cap)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c == '%') {
			if (i + 2 >= n || hex(s[i + 1]) < 0 || hex(s[i + 2]) < 0)
				return -1;
			c = hex(s[i + 1]) * 16 + hex(s[i + 2]);
			i += 2;
		}
		if (k + 1 >= cap)
			return -1;
		out[k++] = (char)c;
	}
	out[k] = '\0';
	return 0;
}

/* The state of accesslog_read. */
struct ar {
	const char *path;
	int (*cb)(const struct op_row *, void *);
	int (*bad_cb)(unsigned long, const char *, void *);
	void *arg;
	unsigned long line;
	char key[ACCESSLOG_KEY_MAX];
	char error[32];
};

/* one_line: line s (n bytes, no line end) to the callbacks; their value. */
static int one_line(struct ar *a, const char *s, size_t n)
{
	struct accesslog_rec r;
	struct op_row row;
	const char *why, *op;
	int rc = accesslog_parse(s, n, &r, &why);
	char msg[600];

	a->line++;
	if (rc == 1)
		return 0;
	if (rc == 0 && r.time_ns == 0)
		rc = -1, why = "field 3: not a time [DD/Mon/YYYY:HH:MM:SS +ZZZZ]";
	if (rc == 0 && accesslog_key(r.key, r.key_n, a->key, sizeof(a->key)) < 0)
		rc = -1, why = "field 8: not a URL-encoded key";
	if (rc < 0) {
		snprintf(msg, sizeof(msg), "%s:%lu: %s", a->path, a->line, why);
		return a->bad_cb(a->line, msg, a->arg);
	}
	memset(&row, 0, sizeof(row));
	op = accesslog_op(r.operation, r.operation_n);
	if (r.status >= 300)
		snprintf(a->error, sizeof(a->error), "HTTP %d", r.status);
	else
		a->error[0] = '\0';
	row.op = op != NULL ? op : "OTHER";
	row.client_id = row.endpoint = row.cat = row.remote = row.host_id = "";
	row.request_id = "";
	row.file = a->key;
	row.error = a->error;
	row.n_objects = 1;
	row.bytes = op != NULL && strcmp(op, "GET") == 0 ? r.bytes_sent : r.object_size;
	row.start_ns = r.time_ns;
	row.duration_ns = isnan(r.total_ms) ? 0 : (int64_t)(r.total_ms * 1e6);
	row.end_ns = row.start_ns + row.duration_ns;
	return a->cb(&row, a->arg);
}

/* feed: the whole lines of buf[0, *len) to one_line, the rest moved to the front. */
static int feed(struct ar *a, char *buf, size_t *len, int last)
{
	size_t off = 0;
	int rc = 0;

	while (rc == 0 && off < *len) {
		char *nl = memchr(buf + off, '\n', *len - off);
		size_t end = nl != NULL ? (size_t)(nl - buf) : *len;

		if (nl == NULL && !last)
			break;
		rc = one_line(a, buf + off, end - off - (end > off && buf[end - 1] == '\r'));
		off = nl != NULL ? end + 1 : end;
	}
	memmove(buf, buf + off, *len - off);
	*len -= off;
	return rc;
}

int accesslog_read(const char *path, int (*cb)(const struct op_row *row, void *arg),
		   int (*bad_cb)(unsigned long line, const char *msg, void *arg), void *arg,
		   struct err *e)
{
	struct ar *a = calloc(1, sizeof(*a));
	struct zio_reader *z = NULL;
	size_t cap = 1 << 17, len = 0;
	char *buf = malloc(cap);
	int rc = -1;

	if (a == NULL || buf == NULL) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	*a = (struct ar){.path = path, .cb = cb, .bad_cb = bad_cb, .arg = arg};
	if ((z = zio_reader_open(path, e)) == NULL)
		goto done;
	for (;;) {
		ssize_t got;

		if (len == cap) { /* a line longer than the buffer */
			char *nb = realloc(buf, cap * 2);

			if (nb == NULL) {
				err_set(e, "%s: out of memory", path);
				goto done;
			}
			buf = nb;
			cap *= 2;
		}
		if ((got = zio_read(z, buf + len, cap - len, e)) < 0)
			goto done;
		len += (size_t)got;
		if ((rc = feed(a, buf, &len, got == 0)) != 0 || got == 0)
			goto done;
	}
done:
	zio_reader_free(z);
	free(buf);
	free(a);
	return rc;
}

int accesslog_is(const char *path, struct err *e)
{
	struct zio_reader *z = zio_reader_open(path, e);
	char buf[8192];
	ssize_t got = z != NULL ? zio_read(z, buf, sizeof(buf), e) : -1;
	struct accesslog_rec r;
	const char *why, *p = buf, *nl;
	int rc = -1;

	if (got < 0)
		goto done;
	while (p < buf + got && (*p == '\n' || *p == '\r' || *p == ' '))
		p++;
	nl = memchr(p, '\n', (size_t)(buf + got - p));
	if (nl == NULL)
		nl = buf + got;
	rc = memchr(p, '\t', (size_t)(nl - p)) == NULL &&
	     accesslog_parse(p, (size_t)(nl - p), &r, &why) == 0;
done:
	zio_reader_free(z);
	return rc;
}

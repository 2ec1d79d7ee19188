/* tests/tools/faultproxy/http.c: see http.h. */
#include "tests/tools/faultproxy/http.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* ---- buffers ---- */

size_t buf_room(const struct buf *b)
{
	return BUF_SIZE - b->len;
}

char *buf_data(struct buf *b)
{
	return b->d + b->off;
}

void buf_take(struct buf *b, size_t n)
{
	b->off += n;
	b->len -= n;
	if (b->len == 0)
		b->off = 0;
}

void buf_compact(struct buf *b)
{
	if (b->off) {
		memmove(b->d, b->d + b->off, b->len);
		b->off = 0;
	}
}

/* buf_put: append n bytes; the caller has checked buf_room. */
void buf_put(struct buf *b, const void *p, size_t n)
{
	buf_compact(b);
	memcpy(b->d + b->len, p, n);
	b->len += n;
}

/* buf_move: move n bytes from the front of in to out (out NULL: discard). */
void buf_move(struct buf *in, struct buf *out, size_t n)
{
	if (out)
		buf_put(out, buf_data(in), n);
	buf_take(in, n);
}

/* ---- HTTP framing ---- */

/* find_head_end: the length of a complete head at the start of s[0..n), else 0. */
size_t find_head_end(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		if (s[i] != '\n')
			continue;
		if (s[i + 1] == '\n')
			return i + 2;
		if (i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n')
			return i + 3;
	}
	return 0;
}

static int name_is(const char *p, size_t n, const char *name)
{
	return strlen(name) == n && strncasecmp(p, name, n) == 0;
}

/* parse_head: fill h from the head s[0..len); 0, or -1 when it is not HTTP/1.x. */
int parse_head(const char *s, size_t len, int response, struct head *h)
{
	const char *p = s, *end = s + len;
	int first = 1;

	memset(h, 0, sizeof(*h));
	h->len = len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll, i;

		if (nl == NULL)
			return -1;
		ll = (size_t)(nl - p);
		if (ll && p[ll - 1] == '\r')
			ll--;
		if (first) {
			size_t cl = ll < sizeof(h->line) - 1 ? ll : sizeof(h->line) - 1;

			if (ll == 0)
				return -1;
			/* printable, and without the query (a presigned URL's credential) */
			for (i = 0; i < cl && (response || p[i] != '?'); i++)
				h->line[i] = (p[i] >= 32 && p[i] < 127) ? p[i] : '.';
			h->line[i] = '\0';
			if (response) {
				if (ll < 12 || strncmp(p, "HTTP/1.", 7) != 0 || p[8] != ' ')
					return -1;
				for (i = 9; i < 12; i++) {
					if (p[i] < '0' || p[i] > '9')
						return -1;
					h->status = h->status * 10 + (p[i] - '0');
				}
				h->close = p[7] == '0';
			} else {
				const char *sp = memchr(p, ' ', ll);

				if (sp == NULL || ll < 8 || strncmp(p + ll - 8, "HTTP/1.", 7) != 0)
					return -1;
				h->is_head_method = sp - p == 4 && memcmp(p, "HEAD", 4) == 0;
				h->close = p[ll - 1] == '0';
			}
			first = 0;
		} else if (ll > 0) {
			const char *colon = memchr(p, ':', ll), *v, *ve = p + ll;
			char val[128];
			size_t vl;

			if (colon == NULL)
				return -1;
			for (v = colon + 1; v < ve && (*v == ' ' || *v == '\t'); v++)
				;
			while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t'))
				ve--;
			vl = (size_t)(ve - v) < sizeof(val) - 1 ? (size_t)(ve - v)
								: sizeof(val) - 1;
			memcpy(val, v, vl);
			val[vl] = '\0';
			if (name_is(p, (size_t)(colon - p), "content-length")) {
				uint64_t n = 0;

				if (vl == 0 || (size_t)(ve - v) != vl)
					return -1;
				for (i = 0; i < vl; i++) {
					if (val[i] < '0' || val[i] > '9' || n > UINT64_MAX / 10 - 1)
						return -1;
					n = n * 10 + (uint64_t)(val[i] - '0');
				}
				if (h->has_len && h->clen != n)
					return -1;
				h->has_len = 1;
				h->clen = n;
			} else if (name_is(p, (size_t)(colon - p), "transfer-encoding")) {
				if (strcasestr(val, "chunked"))
					h->chunked = 1;
			} else if (name_is(p, (size_t)(colon - p), "expect")) {
				if (strcasestr(val, "100-continue"))
					h->expect = 1;
			} else if (name_is(p, (size_t)(colon - p), "connection")) {
				if (strcasestr(val, "close"))
					h->close = 1;
				else if (strcasestr(val, "keep-alive"))
					h->close = 0;
			}
		}
		p = nl + 1;
	}
	return first ? -1 : 0;
}

/* body_start: set the parser for the body of h; 1 when a body follows, 0 when the
 * message is complete with its head. */
int body_start(struct http *hp, const struct head *h, int eof_delimited)
{
	hp->body = 0;
	if (h->chunked) {
		hp->st = PS_CHUNK_SIZE;
		return 1;
	}
	if (h->has_len) {
		hp->remain = h->clen;
		hp->st = h->clen ? PS_LEN : PS_HEAD;
		return h->clen != 0;
	}
	hp->st = eof_delimited ? PS_EOF : PS_HEAD;
	return eof_delimited;
}

/* body_step: move one piece of the current message body from in to out (out NULL:
 * discard), passing at most cap payload bytes of this message. */
enum step body_step(struct http *hp, struct buf *in, struct buf *out, uint64_t cap, int in_eof)
{
	const char *s = buf_data(in), *nl;
	size_t n = in->len, room = out ? buf_room(out) : SIZE_MAX, ll;
	uint64_t k, v;
	int done = 0;

	switch (hp->st) {
	case PS_LEN:
	case PS_CHUNK_DATA:
	case PS_EOF:
		if (hp->st == PS_EOF && n == 0)
			return in_eof ? ST_DONE : ST_WAIT;
		if (hp->body >= cap)
			return ST_CAP;
		k = n;
		if (hp->st != PS_EOF && k > hp->remain)
			k = hp->remain;
		if (k > cap - hp->body)
			k = cap - hp->body;
		if (k > room)
			k = room;
		if (k == 0)
			return ST_WAIT;
		buf_move(in, out, (size_t)k);
		hp->body += k;
		if (hp->st != PS_EOF) {
			hp->remain -= k;
			if (hp->remain == 0) {
				if (hp->st == PS_LEN)
					return ST_DONE;
				hp->st = PS_CHUNK_END;
			}
		}
		return ST_MORE;
	case PS_CHUNK_END:
		if (n >= 1 && s[0] == '\n')
			ll = 1;
		else if (n < 2)
			return ST_WAIT;
		else if (s[0] == '\r' && s[1] == '\n')
			ll = 2;
		else
			return ST_ERR;
		if (ll > room)
			return ST_WAIT;
		buf_move(in, out, ll);
		hp->st = PS_CHUNK_SIZE;
		return ST_MORE;
	case PS_CHUNK_SIZE:
	case PS_TRAILER:
		nl = memchr(s, '\n', n);
		if (!nl)
			return n >= LINE_MAX_LEN ? ST_ERR : ST_WAIT;
		ll = (size_t)(nl - s) + 1;
		if (ll > room)
			return ST_WAIT;
		if (hp->st == PS_CHUNK_SIZE) {
			size_t i;
			int digits = 0;

			for (i = 0, v = 0; i < ll; i++, digits++) {
				int c = s[i], d;

				if (c >= '0' && c <= '9')
					d = c - '0';
				else if (c >= 'a' && c <= 'f')
					d = c - 'a' + 10;
				else if (c >= 'A' && c <= 'F')
					d = c - 'A' + 10;
				else
					break;
				if (v >> 60)
					return ST_ERR;
				v = v * 16 + (uint64_t)d;
			}
			if (digits == 0 || (s[i] != ';' && s[i] != ' ' && s[i] != '\t' &&
					    s[i] != '\r' && s[i] != '\n'))
				return ST_ERR;
			if (v == 0) {
				hp->st = PS_TRAILER;
			} else {
				hp->st = PS_CHUNK_DATA;
				hp->remain = v;
			}
		} else {
			done = ll == 1 || (ll == 2 && s[0] == '\r');
		}
		buf_move(in, out, ll);
		if (done) {
			hp->st = PS_HEAD;
			return ST_DONE;
		}
		return ST_MORE;
	case PS_HEAD:
		break;
	}
	return ST_ERR;
}

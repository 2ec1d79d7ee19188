/* tests/tools/faultproxy/http.h: buffers and just enough HTTP/1.1 framing for the proxy to
 * find message boundaries on a keep-alive connection: the head (request or status line and
 * headers), then a Content-Length, chunked or until-close body. */
#ifndef TESTS_TOOLS_FAULTPROXY_HTTP_H
#define TESTS_TOOLS_FAULTPROXY_HTTP_H

#include <stddef.h>
#include <stdint.h>

#define BUF_SIZE 65536
#define LINE_MAX_LEN 4096 /* chunk-size and trailer lines */

struct buf {
	size_t off, len;
	char d[BUF_SIZE];
};

/* What the proxy needs to know of one request or response head. */
struct head {
	size_t len;         /* bytes through the blank line */
	int status;         /* responses */
	int is_head_method; /* requests: HEAD */
	int chunked, has_len, expect, close;
	uint64_t clen;
	char line[160]; /* first line, printable, for logs */
};

enum pstate {
	PS_HEAD,
	PS_LEN,
	PS_CHUNK_SIZE,
	PS_CHUNK_DATA,
	PS_CHUNK_END,
	PS_TRAILER,
	PS_EOF
};
enum step {
	ST_WAIT,
	ST_MORE,
	ST_DONE,
	ST_CAP,
	ST_ERR
};

struct http {
	enum pstate st;
	uint64_t remain; /* PS_LEN, PS_CHUNK_DATA: bytes left */
	uint64_t body;   /* payload bytes of the current message so far */
};

/* buf_room: the bytes b can still take (after a compaction). */
size_t buf_room(const struct buf *b);

/* buf_data: the first unread byte of b. */
char *buf_data(struct buf *b);

/* buf_take: drop the first n unread bytes of b (n <= its length). */
void buf_take(struct buf *b, size_t n);

/* buf_compact: move the unread bytes of b to its start. */
void buf_compact(struct buf *b);

/* buf_put: append n bytes; the caller has checked buf_room. */
void buf_put(struct buf *b, const void *p, size_t n);

/* buf_move: move n bytes from the front of in to out (out NULL: discard). */
void buf_move(struct buf *in, struct buf *out, size_t n);

/* find_head_end: the length of a complete head at the start of s[0..n), else 0. */
size_t find_head_end(const char *s, size_t n);

/* parse_head: fill h from the head s[0..len); 0, or -1 when it is not HTTP/1.x. */
int parse_head(const char *s, size_t len, int response, struct head *h);

/* body_start: set the parser for the body of h; 1 when a body follows, 0 when the
 * message is complete with its head. */
int body_start(struct http *hp, const struct head *h, int eof_delimited);

/* body_step: move one piece of the current message body from in to out (out NULL:
 * discard), passing at most cap payload bytes of this message. */
enum step body_step(struct http *hp, struct buf *in, struct buf *out, uint64_t cap, int in_eof);

#endif

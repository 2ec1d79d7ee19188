/* core/opslog_read.c: the reader of opslog.h (the writer is core/opslog.c).
 *
 * The decompressed stream is cut into lines to recognise comment lines ('#' at the
 * start of a record, as Go's csv.Reader with Comment = '#'). A line that starts a
 * record and holds no '"' and no CR is cut at its tabs directly (fast_line); every
 * other line is fed to libcsv (tab separator, no space trimming), which handles
 * quoting and fields spanning lines. Fields are decoded as they arrive, so memory
 * stays bounded by the longest row whatever the file size. */
#include "core/opslog.h"

#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/opslog_field.h"
#include "core/timefmt.h"
#include "core/zio.h"

enum col {
	C_IDX,
	C_THREAD,
	C_OP,
	C_CLIENT,
	C_NOBJ,
	C_BYTES,
	C_ENDPOINT,
	C_FILE,
	C_ERROR,
	C_START,
	C_FIRST,
	C_LAST,
	C_END,
	C_DUR,
	C_CAT,
	C_INTENDED,
	C_DNS, /* the phase columns (collect's, docs/FORMATS.md), in op_row's order */
	C_CONNECT,
	C_TLS,
	C_SEND,
	C_WAIT,
	C_TRANSFER,
	C_CONN,
	C_RTT,
	C_ATTEMPT,
	C_HEDGE,
	C_CHECKSUM,
	C_REMOTE, /* who answered (collect's, docs/FORMATS.md) */
	C_REQID,
	C_HOSTID,
	C_IF_MATCH, /* conditional writes (collect's, docs/FORMATS.md) */
	C_ETAG,
	C_PAGE,    /* list runs (collect's, docs/FORMATS.md) */
	C_CONN_ID, /* the connection used (collect's, docs/FORMATS.md) */
	C_CONN_REQ,
	C_CONN_AGE,
	C_COUNT,
	C_NONE = -1
};

static const char
	*const col_names[C_COUNT] =
		{
			"idx",       "thread",      "op",
			"client_id", "n_objects",   "bytes",
			"endpoint",  "file",        "error",
			"start",     "first_byte",  "last_byte",
			"end",       "duration_ns", "cat",
			"intended", /* rate runs only (docs/FORMATS.md) */
			"dns_us",    "connect_us",  "tls_us",
			"send_us",   "wait_us",     "transfer_us",
			"conn",      "rtt_us",      "attempt", /* runs with retries only */
			"hedge",                               /* hedged runs only */
			"checksum", /* runs that verify GET checksums only */
			"remote",    "request_id",  "host_id",
			"if_match",  "etag", /* put-if-absent and cas runs only */
			"page",              /* list runs only */
			"conn_id",   "conn_req",    "conn_age_ms",
};

/* Columns every header generation has (Warp's own reader needs these). */
static const int col_required[C_COUNT] = {
	[C_THREAD] = 1, [C_OP] = 1,    [C_NOBJ] = 1,  [C_BYTES] = 1, [C_FILE] = 1,
	[C_ERROR] = 1,  [C_START] = 1, [C_FIRST] = 1, [C_END] = 1,
};

/* ---------------------------------------------------------------- reader */

struct rd {
	const char *path;
	struct err *e;
	int (*cb)(const struct op_row *, void *);
	int (*comment_cb)(const char *, void *);
	void *arg;
	unsigned long line;     /* line being fed, from 1 */
	unsigned long row_line; /* line where the current record started */
	int failed;             /* an error message is in e */
	int skip;               /* the current record did not read and is skipped (bad_cb) */
	int (*bad_cb)(unsigned long, const char *, void *); /* NULL: a bad row stops the read */
	int stop; /* non-zero value returned by a callback */
	int header_done;
	int *colmap; /* header position -> enum col */
	size_t ncols, colmap_cap;
	int have[C_COUNT];   /* column present in the header */
	int pos[C_COUNT];    /* its position there (when present) */
	size_t field;        /* field index within the current record */
	unsigned rows_ended; /* incremented at each record end */
	/* the record being built */
	struct op_row row;
	size_t str_off[C_COUNT];     /* string fields: offset into arena */
	const char *str_at[C_COUNT]; /* or, for a line cut by fast_line, the text in place */
	int in_place;                /* the current record comes from fast_line */
	char *arena;
	size_t arena_len, arena_cap;
	char *comment;
	size_t comment_len, comment_cap;
	struct rfc3339_cache tcache; /* rows share their date and second */
};

/* rd_fail: the read stops with a message naming the line (and column); a data row with a
 * bad_cb is skipped instead (r->skip), the message handed to bad_cb, which may stop the read
 * by returning non-zero. Returns -1. */
static int rd_fail(struct rd *r, const char *col, const char *what, const char *s, size_t n)
{
	struct err own, *e = r->e;

	if (r->bad_cb != NULL && r->header_done)
		e = &own;
	if (col)
		err_set(e, "%s:%lu: column '%s': %s \"%.*s\"", r->path, r->row_line, col, what,
			(int)(n > 60 ? 60 : n), s ? s : "");
	else
		err_set(e, "%s:%lu: %s", r->path, r->row_line, what);
	if (e != &own) {
		r->failed = 1;
		return -1;
	}
	r->skip = 1;
	r->stop = r->bad_cb(r->row_line, own.msg, r->arg);
	return -1;
}

/* rd_fatal: the read stops, whatever bad_cb (out of memory, a parser's failure). */
static int rd_fatal(struct rd *r, const char *what)
{
	r->failed = 1;
	return err_set(r->e, "%s:%lu: %s", r->path, r->row_line, what);
}

static int arena_put(struct rd *r, const char *s, size_t n, size_t *off)
{
	if (r->arena_len + n + 1 > r->arena_cap) {
		size_t cap = r->arena_cap ? r->arena_cap : 512;
		char *na;

		while (cap < r->arena_len + n + 1)
			cap *= 2;
		na = realloc(r->arena, cap);
		if (na == NULL)
			return -1;
		r->arena = na;
		r->arena_cap = cap;
	}
	*off = r->arena_len;
	if (n)
		memcpy(r->arena + r->arena_len, s, n);
	r->arena[r->arena_len + n] = '\0';
	r->arena_len += n + 1;
	return 0;
}

static void header_field(struct rd *r, const char *s, size_t n)
{
	int c, id = C_NONE;

	if (r->ncols == r->colmap_cap) {
		size_t cap = r->colmap_cap ? r->colmap_cap * 2 : 16;
		int *nm = realloc(r->colmap, cap * sizeof(*nm));

		if (nm == NULL) {
			rd_fail(r, NULL, "out of memory", NULL, 0);
			return;
		}
		r->colmap = nm;
		r->colmap_cap = cap;
	}
	for (c = 0; c < C_COUNT; c++)
		if (strlen(col_names[c]) == n && memcmp(col_names[c], s, n) == 0)
			id = c;
	if (id != C_NONE) {
		if (r->have[id]) {
			rd_fail(r, col_names[id], "column given twice in the header", s, n);
			return;
		}
		r->have[id] = 1;
		r->pos[id] = (int)r->ncols;
	}
	r->colmap[r->ncols++] = id;
}

/* count_parse: a count column's (idx, n_objects, bytes, thread, duration_ns) value s (n bytes)
 * into row; NULL, or what it is not (rd_fail's words). */
static const char *count_parse(struct op_row *row, int id, const char *s, size_t n)
{
	int64_t v;

	if (opslog_field_int(s, n, id == C_DUR, &v) < 0 || (id == C_THREAD && v > 0x7fffffff))
		return id == C_THREAD ? "not a thread number:"
		       : id == C_DUR  ? "not an integer:"
				      : "not a non-negative integer:";
	if (id == C_IDX)
		row->idx = (uint64_t)v;
	else if (id == C_NOBJ)
		row->n_objects = (uint64_t)v;
	else if (id == C_BYTES)
		row->bytes = (uint64_t)v;
	else if (id == C_THREAD)
		row->thread = (int)v;
	else
		row->duration_ns = v;
	return NULL;
}

/* time_parse: a time column's value s (n bytes; first_byte, last_byte and intended may be
 * empty) into r's row; -1 when it is no RFC 3339 time. */
static int time_parse(struct rd *r, int id, const char *s, size_t n)
{
	int64_t v;

	if (n == 0 && (id == C_FIRST || id == C_LAST || id == C_INTENDED))
		return 0;
	if (rfc3339_parse_n(s, n, &r->tcache, &v) < 0)
		return -1;
	if (id == C_START)
		r->row.start_ns = v;
	else if (id == C_END)
		r->row.end_ns = v;
	else if (id == C_FIRST)
		r->row.first_byte_ns = v;
	else if (id == C_LAST)
		r->row.last_byte_ns = v;
	else
		r->row.intended_ns = v;
	return 0;
}

/* field_value: the value s (n bytes) of column id into r's row (a text column's kept in
 * place or in the arena for the record's end); a bad value fails r naming the column. */
static void field_value(struct rd *r, int id, const char *s, size_t n)
{
	const char *why;

	switch (id) {
	case C_IDX:
	case C_NOBJ:
	case C_BYTES:
	case C_THREAD:
	case C_DUR:
		if ((why = count_parse(&r->row, id, s, n)) != NULL)
			rd_fail(r, col_names[id], why, s, n);
		break;
	case C_START:
	case C_END:
	case C_FIRST:
	case C_LAST:
	case C_INTENDED:
		if (time_parse(r, id, s, n) < 0)
			rd_fail(r, col_names[id], "not an RFC 3339 time:", s, n);
		break;
	case C_OP:
	case C_CLIENT:
	case C_ENDPOINT:
	case C_FILE:
	case C_ERROR:
	case C_CAT:
	case C_ATTEMPT:
	case C_HEDGE:
	case C_CHECKSUM:
	case C_REMOTE:
	case C_REQID:
	case C_HOSTID:
	case C_IF_MATCH:
	case C_ETAG:
	case C_PAGE:
		if (r->in_place)
			r->str_at[id] = s; /* NUL-terminated by fast_line */
		else if (arena_put(r, s, n, &r->str_off[id]) < 0)
			rd_fatal(r, "out of memory");
		break;
	case C_DNS:
	case C_CONNECT:
	case C_TLS:
	case C_SEND:
	case C_WAIT:
	case C_TRANSFER:
	case C_CONN:
	case C_RTT:
		if (opslog_field_phase(&r->row, id - C_DNS, s, n) < 0)
			rd_fail(r, col_names[id], "not a phase value:", s, n);
		break;
	case C_CONN_ID:
	case C_CONN_REQ:
	case C_CONN_AGE:
		if (opslog_field_conn(&r->row, id - C_CONN_ID, s, n) < 0)
			rd_fail(r, col_names[id], "not a connection number or age:", s, n);
		break;
	default:
		break; /* a column we do not use */
	}
}

/* on_field: libcsv's field callback, and the fast path's field by field (fast_line): the
 * header's names, then each record's values, into data (struct rd). */
static void on_field(void *sv, size_t n, void *data)
{
	struct rd *r = data;
	const char *s = sv ? sv : "";

	if (r->failed || r->stop)
		return;
	if (r->field == 0) {
		r->row_line = r->line;
		r->arena_len = 0;
		r->skip = 0;
		memset(&r->row, 0, sizeof(r->row));
	}
	if (r->skip) {
		r->field++;
		return;
	}
	if (!r->header_done) {
		header_field(r, s, n);
		r->field++;
		return;
	}
	if (r->field >= r->ncols) {
		r->field++;
		return; /* counted and reported at the record end */
	}
	field_value(r, r->colmap[r->field++], s, n);
}

static const char *row_str(struct rd *r, int id)
{
	if (!r->have[id])
		return "";
	return r->in_place ? r->str_at[id] : r->arena + r->str_off[id];
}

static void record_done(struct rd *r);

static void on_record(int c, void *data)
{
	struct rd *r = data;
	int i;

	(void)c;
	r->rows_ended++;
	if (r->failed || r->stop)
		return;
	if (!r->header_done) {
		for (i = 0; i < C_COUNT; i++)
			if (col_required[i] && !r->have[i]) {
				rd_fail(r, col_names[i], "required column missing from the header",
					NULL, 0);
				return;
			}
		r->header_done = 1;
		r->field = 0;
		return;
	}
	if (r->skip) {
		r->field = 0;
		return;
	}
	if (r->field != r->ncols) {
		char msg[96];

		snprintf(msg, sizeof(msg), "%zu fields where the header has %zu", r->field,
			 r->ncols);
		r->field = 0;
		rd_fail(r, NULL, msg, NULL, 0);
		return;
	}
	r->field = 0;
	record_done(r);
}

/* record_done: the decoded record r->row, its strings set, to the caller's callback. */
static void record_done(struct rd *r)
{
	r->row.op = row_str(r, C_OP);
	r->row.client_id = row_str(r, C_CLIENT);
	r->row.endpoint = row_str(r, C_ENDPOINT);
	r->row.file = row_str(r, C_FILE);
	r->row.error = row_str(r, C_ERROR);
	r->row.cat = row_str(r, C_CAT);
	r->row.remote = row_str(r, C_REMOTE);
	r->row.request_id = row_str(r, C_REQID);
	r->row.host_id = row_str(r, C_HOSTID);
	r->row.if_match = row_str(r, C_IF_MATCH);
	r->row.etag = row_str(r, C_ETAG);
	if (opslog_field_attempt(row_str(r, C_ATTEMPT), &r->row) < 0) {
		rd_fail(r, "attempt", "not an attempt (N or N+):", row_str(r, C_ATTEMPT),
			strlen(row_str(r, C_ATTEMPT)));
		return;
	}
	if (opslog_field_hedge(row_str(r, C_HEDGE), &r->row) < 0) {
		rd_fail(r, "hedge",
			"not a hedge word (orig, dup, lost or empty):", row_str(r, C_HEDGE),
			strlen(row_str(r, C_HEDGE)));
		return;
	}
	if (opslog_field_checksum(row_str(r, C_CHECKSUM), &r->row) < 0) {
		rd_fail(r, "checksum", "not verified, absent or empty:", row_str(r, C_CHECKSUM),
			strlen(row_str(r, C_CHECKSUM)));
		return;
	}
	if (opslog_field_page(row_str(r, C_PAGE), &r->row) < 0) {
		rd_fail(r, "page",
			"not a page number (1 to 999999999) or empty:", row_str(r, C_PAGE),
			strlen(row_str(r, C_PAGE)));
		return;
	}
	if (!r->have[C_DUR] &&
	    __builtin_sub_overflow(r->row.end_ns, r->row.start_ns, &r->row.duration_ns)) {
		rd_fail(r, NULL, "start and end more than 292 years apart", NULL, 0);
		return;
	}
	r->stop = r->cb ? r->cb(&r->row, r->arg) : 0;
}

/* tab_bits: the high bit of each byte of w that is a tab, and no other bit (exact:
 * no carry between bytes). */
static uint64_t tab_bits(uint64_t w)
{
	const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
	uint64_t x = w ^ UINT64_C(0x0909090909090909); /* a zero byte where a tab was */

	return ~(((x & low7) + low7) | x | low7);
}

/* cut: record the field from *p to the tab (or line end) t as field *nf. */
static void cut(char **f, size_t *fn, size_t *nf, char **p, char *t)
{
	f[*nf] = *p;
	fn[(*nf)++] = (size_t)(t - *p);
	*p = t + 1;
}

/* fast_fields: the fields of a row cut by fast_line decoded in one go, by position
 * (no dispatch per field). -1, with nothing reported, when a field does not read: the
 * caller then decodes the row field by field (on_field), which names the first bad
 * field in header order. */
static int fast_fields(struct rd *r, char *const *f, const size_t *n)
{
	static const int ints[] = {C_IDX, C_THREAD, C_NOBJ, C_BYTES, C_DUR};
	static const int times[] = {C_START, C_END, C_FIRST, C_LAST, C_INTENDED};
	static const int strs[] = {C_OP,    C_CLIENT,  C_ENDPOINT, C_FILE,     C_ERROR,
				   C_CAT,   C_ATTEMPT, C_HEDGE,    C_CHECKSUM, C_REMOTE,
				   C_REQID, C_HOSTID,  C_IF_MATCH, C_ETAG,     C_PAGE};
	int64_t v[C_COUNT]; /* only ints[] and times[] are read: each is set below */
	size_t i;

	for (i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		int c = ints[i], k = r->pos[c];

		v[c] = 0;
		if (r->have[c] && opslog_field_int(f[k], n[k], c == C_DUR, &v[c]) < 0)
			return -1;
	}
	if (v[C_THREAD] > 0x7fffffff)
		return -1;
	for (i = 0; i < sizeof(times) / sizeof(times[0]); i++) {
		int c = times[i], k = r->pos[c];

		v[c] = 0;
		if (r->have[c] && (n[k] > 0 || c == C_START || c == C_END) &&
		    rfc3339_parse_n(f[k], n[k], &r->tcache, &v[c]) < 0)
			return -1;
	}
	for (i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		if (r->have[strs[i]])
			r->str_at[strs[i]] = f[r->pos[strs[i]]];
	memset(&r->row, 0, sizeof(r->row));
	r->row.idx = (uint64_t)v[C_IDX];
	r->row.thread = (int)v[C_THREAD];
	r->row.n_objects = (uint64_t)v[C_NOBJ];
	r->row.bytes = (uint64_t)v[C_BYTES];
	r->row.duration_ns = v[C_DUR];
	r->row.start_ns = v[C_START];
	r->row.end_ns = v[C_END];
	r->row.first_byte_ns = v[C_FIRST];
	r->row.last_byte_ns = v[C_LAST];
	r->row.intended_ns = v[C_INTENDED];
	for (int c = C_DNS; c <= C_RTT; c++)
		if (r->have[c] &&
		    opslog_field_phase(&r->row, c - C_DNS, f[r->pos[c]], n[r->pos[c]]) < 0)
			return -1;
	for (int c = C_CONN_ID; c <= C_CONN_AGE; c++)
		if (r->have[c] &&
		    opslog_field_conn(&r->row, c - C_CONN_ID, f[r->pos[c]], n[r->pos[c]]) < 0)
			return -1;
	return 0;
}

#define FAST_MAX_COLS 40

/* fast_line: a whole line starting at a record boundary, holding no '"' and no CR (but
 * one before its '\n') and as many fields as the header: libcsv would cut it at its
 * tabs and nowhere else, so it is cut here (nearly every row; libcsv's per-byte state
 * machine and callbacks were the reader's main cost), each field NUL-terminated in
 * place (the buffer is the reader's) so that string fields are not copied. Returns 0,
 * having changed nothing, for any other line: the caller feeds it to libcsv.
 * s[n - 1] is the '\n'. */

static int fast_line(struct rd *r, char *s, size_t n)
{
	size_t len = n - 1, nf = 0, fn[FAST_MAX_COLS], i;
	char *p = s, *q = s, *end, *f[FAST_MAX_COLS];

	if (len > 0 && s[len - 1] == '\r')
		len--;
	if (len == 0 || r->ncols > FAST_MAX_COLS || memchr(s, '"', len) != NULL ||
	    memchr(s, '\r', len) != NULL)
		return 0;
	end = s + len;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* eight bytes at a time: the tabs of a word, first byte lowest */
	for (; end - q >= 8; q += 8) {
		uint64_t w, m;

		memcpy(&w, q, sizeof(w));
		for (m = tab_bits(w); m != 0 && nf < r->ncols; m &= m - 1)
			cut(f, fn, &nf, &p, q + (__builtin_ctzll(m) >> 3));
	}
#endif
	for (; q < end && nf < r->ncols; q++)
		if (*q == '\t')
			cut(f, fn, &nf, &p, q);
	if (nf < r->ncols)
		cut(f, fn, &nf, &p, end);
	if (nf != r->ncols || p != end + 1)
		return 0; /* a field count libcsv's path reports */
	for (i = 0; i < nf; i++)
		f[i][fn[i]] = '\0';
	r->row_line = r->line;
	r->in_place = 1;
	if (fast_fields(r, f, fn) < 0) {
		for (i = 0; i < nf; i++)
			on_field(f[i], fn[i], r);
		on_record('\n', r);
		r->in_place = 0;
		return 1;
	}
	r->rows_ended++;
	if (!r->failed && !r->stop)
		record_done(r);
	r->in_place = 0;
	return 1;
}

static int no_space(unsigned char c)
{
	(void)c;
	return 0;
}

/* Hand a finished comment line to the caller. */
static void comment_done(struct rd *r)
{
	const char *s = r->comment;
	size_t n = r->comment_len;

	if (n > 0 && s[n - 1] == '\r')
		n--;
	r->comment[n] = '\0';
	s++; /* the '#' */
	if (*s == ' ')
		s++;
	if (r->comment_cb && !r->failed && !r->stop)
		r->stop = r->comment_cb(s, r->arg);
	r->comment_len = 0;
}

static int comment_add(struct rd *r, const char *s, size_t n)
{
	if (r->comment_len + n + 1 > r->comment_cap) {
		size_t cap = r->comment_cap ? r->comment_cap : 256;
		char *nc;

		while (cap < r->comment_len + n + 1)
			cap *= 2;
		nc = realloc(r->comment, cap);
		if (nc == NULL)
			return -1;
		r->comment = nc;
		r->comment_cap = cap;
	}
	memcpy(r->comment + r->comment_len, s, n);
	r->comment_len += n;
	return 0;
}

/* Where the reader stands in the line being fed. */
struct line_state {
	int at_start;          /* at the start of a line */
	int in_comment;        /* inside a comment line */
	int at_boundary;       /* the line began at a record boundary */
	int blank;             /* the line so far holds only '\r' and '\n' */
	int next_boundary;     /* the next line begins at a record boundary */
	unsigned ended_before; /* r->rows_ended when the line began */
};

/* feed: hand len bytes of the file to the reader, line by line: a comment line to
 * the comment buffer, a whole data line at a record boundary to fast_line, anything
 * else to libcsv (fast_line cuts the fields in buf, in place). Stops early when r fails
 * or the caller stops. */
static void feed(struct rd *r, struct csv_parser *p, struct line_state *ls, char *buf, size_t len)
{
	size_t pos = 0;

	while (pos < len && !r->failed && !r->stop) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - buf) + 1 : len;
		size_t k;
		int whole = ls->at_start && nl != NULL; /* the line is all in buf */

		if (ls->at_start) {
			ls->at_boundary = ls->next_boundary;
			ls->in_comment = ls->at_boundary && buf[pos] == '#';
			ls->ended_before = r->rows_ended;
			ls->blank = 1;
			ls->at_start = 0;
		}
		for (k = pos; k < end && ls->blank; k++)
			if (buf[k] != '\n' && buf[k] != '\r')
				ls->blank = 0;
		if (ls->in_comment) {
			if (comment_add(r, buf + pos, end - pos) < 0) {
				rd_fatal(r, "out of memory");
				return;
			}
		} else if (whole && ls->at_boundary && r->header_done &&
			   fast_line(r, buf + pos, end - pos)) {
			/* the whole line was read */
		} else if (csv_parse(p, buf + pos, end - pos, on_field, on_record, r) !=
			   end - pos) {
			rd_fatal(r, csv_strerror(csv_error(p)));
			return;
		}
		pos = end;
		if (nl) {
			if (ls->in_comment) {
				r->comment_len--; /* the '\n' */
				comment_done(r);
				ls->next_boundary = 1;
			} else {
				ls->next_boundary = r->rows_ended != ls->ended_before ||
						    (ls->at_boundary && ls->blank);
			}
			ls->at_start = 1;
			r->line++;
		}
	}
}

/* read_all: opslog_read_full, with bad_cb (NULL: a bad row stops the read). */
static int read_all(const char *path, int (*cb)(const struct op_row *row, void *arg),
		    int (*comment_cb)(const char *line, void *arg),
		    int (*bad_cb)(unsigned long line, const char *msg, void *arg), void *arg,
		    struct err *e)
{
	struct zio_reader *z = NULL;
	struct csv_parser p;
	struct rd r;
	char *buf = NULL;
	const size_t bufsz = 1 << 17;
	int p_ok = 0, rc = -1;
	struct line_state ls = {.at_start = 1, .at_boundary = 1, .blank = 1, .next_boundary = 1};

	memset(&r, 0, sizeof(r));
	r.path = path;
	r.e = e;
	r.cb = cb;
	r.comment_cb = comment_cb;
	r.bad_cb = bad_cb;
	r.arg = arg;
	r.line = 1;
	if (csv_init(&p, 0) != 0) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	p_ok = 1;
	csv_set_delim(&p, '\t');
	csv_set_space_func(&p, no_space);
	z = zio_reader_open(path, e);
	buf = malloc(bufsz);
	if (z == NULL || buf == NULL) {
		if (buf == NULL && z != NULL)
			err_set(e, "%s: out of memory", path);
		goto done;
	}
	for (;;) {
		ssize_t got = zio_read(z, buf, bufsz, e);

		if (got < 0) {
			if (e != NULL) {
				char msg[ERR_MSG_MAX - 40];

				snprintf(msg, sizeof(msg), "%s", e->msg);
				err_set(e, "%s (at line %lu)", msg, r.line);
			}
			goto done;
		}
		if (got == 0)
			break;
		feed(&r, &p, &ls, buf, (size_t)got);
		if (r.failed)
			goto done;
		if (r.stop) {
			rc = r.stop;
			goto done;
		}
	}
	if (ls.in_comment && !ls.at_start && r.comment_len > 0)
		comment_done(&r);
	else
		csv_fini(&p, on_field, on_record, &r);
	if (r.failed)
		goto done;
	if (r.stop) {
		rc = r.stop;
		goto done;
	}
	if (!r.header_done) {
		err_set(e, "%s: empty file (no header row)", path);
		goto done;
	}
	rc = 0;
done:
	if (p_ok)
		csv_free(&p);
	zio_reader_free(z);
	free(buf);
	free(r.colmap);
	free(r.arena);
	free(r.comment);
	return rc;
}

int opslog_read(const char *path, int (*cb)(const struct op_row *row, void *arg), void *arg,
		struct err *e)
{
	return opslog_read_full(path, cb, NULL, arg, e);
}

int opslog_read_full(const char *path, int (*cb)(const struct op_row *row, void *arg),
		     int (*comment_cb)(const char *line, void *arg), void *arg, struct err *e)
{
	return read_all(path, cb, comment_cb, NULL, arg, e);
}

int opslog_read_skip(const char *path, int (*cb)(const struct op_row *row, void *arg),
		     int (*bad_cb)(unsigned long line, const char *msg, void *arg), void *arg,
		     struct err *e)
{
	return read_all(path, cb, NULL, bad_cb, arg, e);
}

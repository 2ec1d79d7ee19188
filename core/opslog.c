/* core/opslog.c: the writer of opslog.h (the reader is core/opslog_read.c).
 *
 * Rows go in binary (struct packed below: numbers copied, strings after them), keyed by
 * their start time, into the external sort of core/rowsort (a compressed temporary file
 * while the run goes); at close they come back in start order, each gets its idx (its
 * position in that order, as Warp numbers them), is formatted with Warp's encoding (Go
 * encoding/csv rules with a tab as the separator, as Warp's csvEscapeString applies
 * them) and streamed through the zstd writer of core/zio. libcsv's writer cannot
 * express Warp's quoting rule (it quotes every field, or none), so the quoting below is
 * written by hand; that is the one place. */
#include "core/opslog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rowsort.h"
#include "core/timefmt.h"
#include "core/zio.h"

/* ---------------------------------------------------------------- writer */

struct opslog_writer {
	struct zio_writer *z;
	struct rowsort *sort; /* rows without their idx, keyed by start */
	uint64_t next_idx;    /* while the sorted rows are written */
	char *line;
	size_t cap, len;
	/* the RFC 3339 text of the last whole second formatted, without its 'Z': rows of
	 * a run share it, and only the fraction is formatted per time */
	int64_t sec;
	char sec_text[RFC3339_MAX];
	size_t sec_len;
	int intended;  /* the `intended` column is written */
	int phases;    /* the phase columns are written */
	int attempts;  /* the `attempt` column is written */
	int hedge;     /* the `hedge` column is written */
	int checksums; /* the `checksum` column is written */
	int ids;       /* the remote, request_id and host_id columns are written */
	int cond;      /* the if_match and etag columns are written */
	int pages;     /* the `page` column is written */
	int conns;     /* the conn_id, conn_req and conn_age_ms columns are written */
};

static int buf_reserve(struct opslog_writer *w, size_t more)
{
	char *nl;
	size_t ncap = w->cap ? w->cap : 1024;

	if (w->len + more <= w->cap)
		return 0;
	while (ncap < w->len + more)
		ncap *= 2;
	nl = realloc(w->line, ncap);
	if (nl == NULL)
		return -1;
	w->line = nl;
	w->cap = ncap;
	return 0;
}

/* Is the code point starting at s a Unicode space (Go's unicode.IsSpace)? */
static int starts_with_space(const unsigned char *s)
{
	if (s[0] == ' ' || (s[0] >= '\t' && s[0] <= '\r'))
		return 1;
	if (s[0] == 0xC2 && (s[1] == 0x85 || s[1] == 0xA0))
		return 1;
	if (s[0] == 0xE1 && s[1] == 0x9A && s[2] == 0x80)
		return 1; /* U+1680 */
	if (s[0] == 0xE2 && s[1] == 0x80 &&
	    ((s[2] >= 0x80 && s[2] <= 0x8A) || s[2] == 0xA8 || s[2] == 0xA9 || s[2] == 0xAF))
		return 1; /* U+2000..200A, 2028, 2029, 202F */
	if (s[0] == 0xE2 && s[1] == 0x81 && s[2] == 0x9F)
		return 1; /* U+205F */
	if (s[0] == 0xE3 && s[1] == 0x80 && s[2] == 0x80)
		return 1; /* U+3000 */
	return 0;
}

/* Append one field with Warp's quoting: quoted only when it is `\.`, contains a tab,
 * '"', CR or LF, or starts with a space; quotes inside are doubled. */
static int put_field(struct opslog_writer *w, const char *s)
{
	size_t n = s ? strlen(s) : 0, i;
	int quote;

	if (n == 0)
		return 0;
	quote = strcmp(s, "\\.") == 0 || strpbrk(s, "\t\"\r\n") != NULL ||
		starts_with_space((const unsigned char *)s);
	if (buf_reserve(w, 2 * n + 2) < 0)
		return -1;
	if (!quote) {
		memcpy(w->line + w->len, s, n);
		w->len += n;
		return 0;
	}
	w->line[w->len++] = '"';
	for (i = 0; i < n; i++) {
		if (s[i] == '"')
			w->line[w->len++] = '"';
		w->line[w->len++] = s[i];
	}
	w->line[w->len++] = '"';
	return 0;
}

static int put_text(struct opslog_writer *w, const char *s, size_t n)
{
	if (buf_reserve(w, n) < 0)
		return -1;
	memcpy(w->line + w->len, s, n);
	w->len += n;
	return 0;
}

/* put_u64 / put_i64: a decimal integer (no snprintf: the writer runs once per request
 * on the collector's hot path). */
static int put_u64(struct opslog_writer *w, uint64_t v)
{
	char t[24];
	int i = (int)sizeof(t);

	do {
		t[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	return put_text(w, t + i, sizeof(t) - (size_t)i);
}

static int put_i64(struct opslog_writer *w, int64_t v)
{
	if (v < 0) {
		if (put_text(w, "-", 1) < 0)
			return -1;
		return put_u64(w, (uint64_t)0 - (uint64_t)v);
	}
	return put_u64(w, (uint64_t)v);
}

/* put_time: the same text as rfc3339_format (core/timefmt.h): the whole second from a
 * per-writer cache (formatted by rfc3339_format on a new second), then the fraction
 * with its trailing zeros dropped, then 'Z'. */
static int put_time(struct opslog_writer *w, int64_t ns, int optional)
{
	int64_t sec = ns / 1000000000, frac = ns % 1000000000;
	char t[16];
	int n = 0, digits = 9;

	if (optional && ns == 0)
		return 0;
	if (sec <= INT64_MIN / 1000000000) { /* sec * 10^9 below would overflow */
		char full[RFC3339_MAX];
		return put_text(w, full, rfc3339_format(full, sizeof(full), ns));
	}
	if (frac < 0) {
		frac += 1000000000;
		sec--;
	}
	if (w->sec_len == 0 || sec != w->sec) {
		size_t len = rfc3339_format(w->sec_text, sizeof(w->sec_text), sec * 1000000000);
		if (len == 0 || w->sec_text[len - 1] != 'Z')
			return -1;
		w->sec = sec;
		w->sec_len = len - 1;
	}
	if (put_text(w, w->sec_text, w->sec_len) < 0)
		return -1;
	if (frac != 0) {
		while (frac % 10 == 0) {
			frac /= 10;
			digits--;
		}
		t[n++] = '.';
		for (int i = digits - 1; i >= 0; i--) {
			t[n + i] = (char)('0' + frac % 10);
			frac /= 10;
		}
		n += digits;
	}
	t[n++] = 'Z';
	return put_text(w, t, (size_t)n);
}

/* put_phases: the phase columns of r (all empty when it has none). */
static int put_phases(struct opslog_writer *w, const struct op_row *r)
{
	const int64_t us[6] = {r->dns_ns,  r->connect_ns, r->tls_ns,
			       r->send_ns, r->wait_ns,    r->transfer_ns};
	int fail = 0;

	if (!r->has_phases)
		return put_text(w, "\t\t\t\t\t\t\t\t", 8);
	for (int i = 0; i < 6; i++) {
		fail |= put_text(w, "\t", 1);
		fail |= put_i64(w, (us[i] + 500) / 1000);
	}
	fail |= put_text(w, "\t", 1);
	fail |= put_i64(w, r->conn);
	fail |= put_text(w, "\t", 1);
	if (r->rtt_ns > 0)
		fail |= put_i64(w, (r->rtt_ns + 500) / 1000);
	return fail;
}

/* put_conn: the connection columns of r (all empty when its conn_id is 0). */
static int put_conn(struct opslog_writer *w, const struct op_row *r)
{
	int fail = 0;

	if (r->conn_id == 0)
		return put_text(w, "\t\t\t", 3);
	fail |= put_text(w, "\t", 1);
	fail |= put_u64(w, r->conn_id);
	fail |= put_text(w, "\t", 1);
	fail |= put_u64(w, r->conn_req);
	fail |= put_text(w, "\t", 1);
	fail |= put_i64(w, r->conn_age_ns / 1000000);
	return fail;
}

static const char header_line[] =
	"idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\t"
	"first_byte\tlast_byte\tend\tduration_ns\tcat\n";
static const char header_intended[] = "\tintended"; /* before the '\n' above */
static const char header_phases[] =
	"\tdns_us\tconnect_us\ttls_us\tsend_us\twait_us\ttransfer_us\tconn\trtt_us";
static const char header_ids[] = "\tremote\trequest_id\thost_id";
static const char header_conns[] = "\tconn_id\tconn_req\tconn_age_ms";

struct opslog_writer *opslog_writer_open(const char *path, struct err *e)
{
	return opslog_writer_open_opts(path, NULL, e);
}

struct opslog_writer *opslog_writer_open_limit(const char *path, size_t sort_rows, struct err *e)
{
	struct opslog_writer_opts o = {.sort_rows = sort_rows};

	return opslog_writer_open_opts(path, &o, e);
}

struct opslog_writer *opslog_writer_open_opts(const char *path, const struct opslog_writer_opts *o,
					      struct err *e)
{
	struct opslog_writer *w = calloc(1, sizeof(*w));
	const char *slash = strrchr(path, '/');
	size_t sort_rows = o ? o->sort_rows : 0;
	char dir[4096];

	if (w == NULL) {
		err_set(e, "%s: out of memory", path);
		return NULL;
	}
	if (slash == NULL)
		snprintf(dir, sizeof(dir), ".");
	else if (snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path + (slash == path)), path) >=
		 (int)sizeof(dir)) {
		err_set(e, "%s: path too long", path);
		goto fail;
	}
	/* level 1: on these logs as small as level 3 (smaller on a 50,000-row GET log:
	 * 1.22 vs 1.38 MB) at a third of the CPU */
	w->z = zio_writer_open(path, 1, e);
	if (w->z == NULL)
		goto fail;
	w->intended = o ? o->intended : 0;
	w->phases = o ? o->phases : 0;
	w->attempts = o ? o->attempts : 0;
	w->hedge = o ? o->hedge : 0;
	w->checksums = o ? o->checksums : 0;
	w->ids = o ? o->ids : 0;
	w->cond = o ? o->cond : 0;
	w->pages = o ? o->pages : 0;
	w->conns = o ? o->conns : 0;
	if (zio_write(w->z, header_line, sizeof(header_line) - 2, e) < 0 ||
	    (w->intended && zio_write(w->z, header_intended, sizeof(header_intended) - 1, e) < 0) ||
	    (w->phases && zio_write(w->z, header_phases, sizeof(header_phases) - 1, e) < 0) ||
	    (w->attempts && zio_write(w->z, "\tattempt", 8, e) < 0) ||
	    (w->hedge && zio_write(w->z, "\thedge", 6, e) < 0) ||
	    (w->checksums && zio_write(w->z, "\tchecksum", 9, e) < 0) ||
	    (w->ids && zio_write(w->z, header_ids, sizeof(header_ids) - 1, e) < 0) ||
	    (w->cond && zio_write(w->z, "\tif_match\tetag", 14, e) < 0) ||
	    (w->pages && zio_write(w->z, "\tpage", 5, e) < 0) ||
	    (w->conns && zio_write(w->z, header_conns, sizeof(header_conns) - 1, e) < 0) ||
	    zio_write(w->z, "\n", 1, e) < 0)
		goto fail;
	w->sort = rowsort_new(dir, sort_rows, 0, e);
	if (w->sort == NULL)
		goto fail;
	return w;
fail:
	opslog_writer_abort(w);
	return NULL;
}

const char *opslog_hedge_name(int h)
{
	static const char *const names[OPS_HEDGE_COUNT] = {"", "orig", "dup", "lost"};

	return h >= 0 && h < OPS_HEDGE_COUNT ? names[h] : "";
}

/* format_row: r's columns (all but idx) appended to w->line; -1 when out of memory. */
static int format_row(struct opslog_writer *w, const struct op_row *r)
{
	int fail = 0;

	fail |= put_i64(w, r->thread);
	fail |= put_text(w, "\t", 1);
	fail |= put_field(w, r->op);
	fail |= put_text(w, "\t", 1);
	fail |= put_field(w, r->client_id);
	fail |= put_text(w, "\t", 1);
	fail |= put_u64(w, r->n_objects);
	fail |= put_text(w, "\t", 1);
	fail |= put_u64(w, r->bytes);
	fail |= put_text(w, "\t", 1);
	fail |= put_field(w, r->endpoint);
	fail |= put_text(w, "\t", 1);
	fail |= put_field(w, r->file);
	fail |= put_text(w, "\t", 1);
	fail |= put_field(w, r->error);
	fail |= put_text(w, "\t", 1);
	fail |= put_time(w, r->start_ns, 0);
	fail |= put_text(w, "\t", 1);
	fail |= put_time(w, r->first_byte_ns, 1);
	fail |= put_text(w, "\t", 1);
	fail |= put_time(w, r->last_byte_ns, 1);
	fail |= put_text(w, "\t", 1);
	fail |= put_time(w, r->end_ns, 0);
	fail |= put_text(w, "\t", 1);
	fail |= put_i64(w, r->duration_ns);
	fail |= put_text(w, "\t", 1);
	/* Warp writes its category bitmask as a number and its reader requires one. */
	fail |= put_field(w, (r->cat && r->cat[0]) ? r->cat : "0");
	if (w->intended) {
		fail |= put_text(w, "\t", 1);
		fail |= put_time(w, r->intended_ns, 1);
	}
	if (w->phases)
		fail |= put_phases(w, r);
	if (w->attempts) {
		fail |= put_text(w, "\t", 1);
		if (r->attempt > 0)
			fail |= put_i64(w, r->attempt);
		if (r->attempt > 0 && r->retried)
			fail |= put_text(w, "+", 1);
	}
	if (w->hedge) {
		fail |= put_text(w, "\t", 1);
		fail |= put_field(w, opslog_hedge_name(r->hedge));
	}
	if (w->checksums) {
		fail |= put_text(w, "\t", 1);
		if (r->checksum == OPS_CK_VERIFIED || r->checksum == OPS_CK_ABSENT)
			fail |= put_field(w,
					  r->checksum == OPS_CK_VERIFIED ? "verified" : "absent");
	}
	if (w->ids) {
		fail |= put_text(w, "\t", 1);
		fail |= put_field(w, r->remote);
		fail |= put_text(w, "\t", 1);
		fail |= put_field(w, r->request_id);
		fail |= put_text(w, "\t", 1);
		fail |= put_field(w, r->host_id);
	}
	if (w->cond) {
		fail |= put_text(w, "\t", 1);
		fail |= put_field(w, r->if_match);
		fail |= put_text(w, "\t", 1);
		fail |= put_field(w, r->etag);
	}
	if (w->pages) {
		fail |= put_text(w, "\t", 1);
		if (r->page > 0)
			fail |= put_i64(w, r->page);
	}
	if (w->conns)
		fail |= put_conn(w, r);
	return fail ? -1 : 0;
}

/* A row while it is sorted: op_row in binary, formatted only at close (put_sorted), so
 * that the request path copies numbers instead of printing them. The record is a
 * struct packed (native byte order: the temporary file is read back by the same
 * process) followed by the strings of PACKED_STRINGS in that order, each with its NUL. */
#define PACKED_STRINGS \
	11 /* op, client_id, endpoint, file, error, cat, remote, request_id, host_id, if_match, \
	      etag */
struct packed {
	int64_t thread, n_objects, bytes, start_ns, first_byte_ns, last_byte_ns, end_ns,
		duration_ns, intended_ns, dns_ns, connect_ns, tls_ns, send_ns, wait_ns, transfer_ns,
		rtt_ns, conn_age_ns;
	uint64_t conn_id, conn_req;
	int32_t has_phases, conn, attempt, retried, hedge, checksum, page;
};

/* pack_row: r's record into w->line (w->len its length); -1 when out of memory. */
static int pack_row(struct opslog_writer *w, const struct op_row *r)
{
	const char *str[PACKED_STRINGS] = {r->op,      r->client_id, r->endpoint, r->file,
					   r->error,   r->cat,       r->remote,   r->request_id,
					   r->host_id, r->if_match,  r->etag};
	size_t len[PACKED_STRINGS], n = sizeof(struct packed);
	struct packed p = {
		r->thread,       r->n_objects,   r->bytes,       r->start_ns,    r->first_byte_ns,
		r->last_byte_ns, r->end_ns,      r->duration_ns, r->intended_ns, r->dns_ns,
		r->connect_ns,   r->tls_ns,      r->send_ns,     r->wait_ns,     r->transfer_ns,
		r->rtt_ns,       r->conn_age_ns, r->conn_id,     r->conn_req,    r->has_phases,
		r->conn,         r->attempt,     r->retried,     r->hedge,       r->checksum,
		r->page,
	};

	for (int i = 0; i < PACKED_STRINGS; i++) {
		if (str[i] == NULL)
			str[i] = "";
		len[i] = strlen(str[i]) + 1;
		n += len[i];
	}
	w->len = 0;
	if (buf_reserve(w, n) < 0)
		return -1;
	memcpy(w->line, &p, sizeof(p));
	w->len = sizeof(p);
	for (int i = 0; i < PACKED_STRINGS; i++) {
		memcpy(w->line + w->len, str[i], len[i]);
		w->len += len[i];
	}
	return 0;
}

/* unpack_row: the row of record rec (n bytes, from pack_row) into r, its strings
 * pointing into rec; -1 when the record is cut short. */
static int unpack_row(const void *rec, size_t n, struct op_row *r)
{
	const char *s = (const char *)rec + sizeof(struct packed), *end = (const char *)rec + n;
	const char **str[PACKED_STRINGS] = {
		&r->op,     &r->client_id,  &r->endpoint, &r->file,     &r->error, &r->cat,
		&r->remote, &r->request_id, &r->host_id,  &r->if_match, &r->etag};
	struct packed p;

	if (n < sizeof(p))
		return -1;
	memcpy(&p, rec, sizeof(p));
	*r = (struct op_row){
		.thread = (int)p.thread,
		.n_objects = (uint64_t)p.n_objects,
		.bytes = (uint64_t)p.bytes,
		.start_ns = p.start_ns,
		.first_byte_ns = p.first_byte_ns,
		.last_byte_ns = p.last_byte_ns,
		.end_ns = p.end_ns,
		.duration_ns = p.duration_ns,
		.intended_ns = p.intended_ns,
		.has_phases = p.has_phases,
		.dns_ns = p.dns_ns,
		.connect_ns = p.connect_ns,
		.tls_ns = p.tls_ns,
		.send_ns = p.send_ns,
		.wait_ns = p.wait_ns,
		.transfer_ns = p.transfer_ns,
		.conn = p.conn,
		.rtt_ns = p.rtt_ns,
		.attempt = p.attempt,
		.retried = p.retried,
		.hedge = p.hedge,
		.checksum = p.checksum,
		.page = p.page,
		.conn_id = p.conn_id,
		.conn_req = p.conn_req,
		.conn_age_ns = p.conn_age_ns,
	};
	for (int i = 0; i < PACKED_STRINGS; i++) {
		const char *nul = s < end ? memchr(s, '\0', (size_t)(end - s)) : NULL;

		if (nul == NULL)
			return -1;
		*str[i] = s;
		s = nul + 1;
	}
	return 0;
}

int opslog_writer_add(struct opslog_writer *w, const struct op_row *r, struct err *e)
{
	if (pack_row(w, r) < 0)
		return err_set(e, "ops log: out of memory");
	return rowsort_add(w->sort, r->start_ns, w->line, w->len, e);
}

/* put_sorted: one row back from the sort, written with its idx. */
static int put_sorted(const void *rec, size_t n, void *arg, struct err *e)
{
	struct opslog_writer *w = arg;
	struct op_row r;

	if (unpack_row(rec, n, &r) < 0)
		return err_set(e, "ops log: a sorted row of %zu bytes is cut short", n);
	w->len = 0;
	if (put_u64(w, w->next_idx++) < 0 || put_text(w, "\t", 1) < 0 || format_row(w, &r) < 0 ||
	    put_text(w, "\n", 1) < 0)
		return err_set(e, "ops log: out of memory");
	return zio_write(w->z, w->line, w->len, e);
}

int opslog_writer_close(struct opslog_writer *w, struct err *e)
{
	int rc = rowsort_finish(w->sort, put_sorted, w, e);

	rowsort_free(w->sort);
	w->sort = NULL;
	if (rc == 0)
		rc = zio_writer_close(w->z, e);
	else
		zio_writer_abort(w->z);
	w->z = NULL;
	opslog_writer_abort(w);
	return rc;
}

void opslog_writer_abort(struct opslog_writer *w)
{
	if (w == NULL)
		return;
	zio_writer_abort(w->z);
	rowsort_free(w->sort);
	free(w->line);
	free(w);
}

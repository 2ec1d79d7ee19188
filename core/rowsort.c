/* core/rowsort.c: see rowsort.h.
 *
 * A temporary file ("tfile") holds records as [int64 key][uint32 length][bytes],
 * compressed with zstd's fast level -3 and a 128 KiB window (so a reader needs little
 * memory: a merge holds up to ROWSORT_FANIN of them open). On the ops log's binary rows
 * (core/opslog.c) level -3 against level 1, 500,000 GET rows: 290 against 450 ns a row
 * added, and a smaller file (31.2 against 34.5 MB). A chunk in memory is an arena of
 * record bytes and an array of (key, sequence, offset, length) sorted with qsort on
 * (key, sequence), which makes the sort stable; runs are merged with a binary heap on
 * (key, run number), runs being numbered in input order, which keeps it stable. */
#include "core/rowsort.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#define HDR 12 /* int64 key + uint32 length */

struct tfile {
	int fd;
	ZSTD_CCtx *cc;       /* while writing */
	ZSTD_DCtx *dc;       /* while reading */
	unsigned char *zbuf; /* compressed side */
	size_t zcap;
	unsigned char *pbuf; /* plain side: bytes to compress, or decompressed */
	size_t pcap, plen, ppos;
	ZSTD_inBuffer ib;
	int eof;   /* no more compressed input in the file */
	int level; /* a sorted run: 0 spilled, L + 1 merged from level L */
};

struct rec {
	int64_t key;
	char *buf;
	size_t len, cap;
};

struct ent {
	int64_t key;
	uint64_t seq;
	size_t off;
	uint32_t len;
};

struct rowsort {
	char *dir;
	size_t max_rows, max_bytes;
	struct tfile in;
	uint64_t count, spills;
	struct ent *ent;
	size_t nent, ent_cap;
	char *arena;
	size_t alen, acap;
	struct tfile *runs;
	size_t nruns, runs_cap;
	int finished;
};

/* ---------------------------------------------------------------- tfile */

static void tf_close(struct tfile *t)
{
	if (t->fd >= 0)
		close(t->fd);
	ZSTD_freeCCtx(t->cc);
	ZSTD_freeDCtx(t->dc);
	free(t->zbuf);
	free(t->pbuf);
	memset(t, 0, sizeof(*t));
	t->fd = -1;
}

/* An anonymous file in dir: O_TMPFILE where the file system has it, else a name
 * removed at once. */
static int anon_file(const char *dir, struct err *e)
{
	char name[4096];
	int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		goto out;
	if (snprintf(name, sizeof(name), "%s/.opslog-sort.XXXXXX", dir) >= (int)sizeof(name)) {
		errno = ENAMETOOLONG;
		goto out;
	}
	fd = mkostemp(name, O_CLOEXEC);
	if (fd >= 0)
		unlink(name);
out:
	if (fd < 0)
		err_set(e, "%s: temporary file for sorting the rows: %s", dir, strerror(errno));
	return fd;
}

static int tf_open(struct tfile *t, const char *dir, struct err *e)
{
	memset(t, 0, sizeof(*t));
	t->fd = anon_file(dir, e);
	if (t->fd < 0)
		return -1;
	t->zcap = ZSTD_CStreamOutSize();
	t->pcap = ZSTD_CStreamInSize();
	t->zbuf = malloc(t->zcap);
	t->pbuf = malloc(t->pcap);
	t->cc = ZSTD_createCCtx();
	if (t->zbuf == NULL || t->pbuf == NULL || t->cc == NULL ||
	    ZSTD_isError(ZSTD_CCtx_setParameter(t->cc, ZSTD_c_compressionLevel, -3)) ||
	    ZSTD_isError(ZSTD_CCtx_setParameter(t->cc, ZSTD_c_windowLog, 17))) {
		tf_close(t);
		return err_set(e, "sorting the rows: out of memory");
	}
	return 0;
}

static int tf_flush(struct tfile *t, ZSTD_EndDirective mode, struct err *e)
{
	ZSTD_inBuffer ib = {t->pbuf, t->plen, 0};

	for (;;) {
		ZSTD_outBuffer ob = {t->zbuf, t->zcap, 0};
		size_t left = ZSTD_compressStream2(t->cc, &ob, &ib, mode);
		size_t done = 0;

		if (ZSTD_isError(left))
			return err_set(e, "sorting the rows: zstd: %s", ZSTD_getErrorName(left));
		while (done < ob.pos) {
			ssize_t k = write(t->fd, t->zbuf + done, ob.pos - done);

			if (k < 0 && errno == EINTR)
				continue;
			if (k < 0)
				return err_set(e, "sorting the rows: temporary file: %s",
					       strerror(errno));
			done += (size_t)k;
		}
		if (mode == ZSTD_e_end ? left == 0 : ib.pos == ib.size)
			break;
	}
	t->plen = 0;
	return 0;
}

static int tf_write(struct tfile *t, const void *p, size_t n, struct err *e)
{
	const char *s = p;

	while (n > 0) {
		size_t k = t->pcap - t->plen < n ? t->pcap - t->plen : n;

		memcpy(t->pbuf + t->plen, s, k);
		t->plen += k;
		s += k;
		n -= k;
		if (t->plen == t->pcap && tf_flush(t, ZSTD_e_continue, e) < 0)
			return -1;
	}
	return 0;
}

static int tf_put(struct tfile *t, int64_t key, const void *rec, size_t n, struct err *e)
{
	unsigned char h[HDR];
	uint32_t len = (uint32_t)n;

	memcpy(h, &key, 8);
	memcpy(h + 8, &len, 4);
	if (tf_write(t, h, HDR, e) < 0)
		return -1;
	return tf_write(t, rec, n, e);
}

/* tf_rewind: end the written stream and make t readable from its start. */
static int tf_rewind(struct tfile *t, struct err *e)
{
	if (tf_flush(t, ZSTD_e_end, e) < 0)
		return -1;
	ZSTD_freeCCtx(t->cc);
	t->cc = NULL;
	if (lseek(t->fd, 0, SEEK_SET) < 0)
		return err_set(e, "sorting the rows: temporary file: %s", strerror(errno));
	free(t->zbuf);
	free(t->pbuf);
	t->zcap = ZSTD_DStreamInSize();
	t->pcap = ZSTD_DStreamOutSize();
	t->zbuf = malloc(t->zcap);
	t->pbuf = malloc(t->pcap);
	t->dc = ZSTD_createDCtx();
	t->plen = t->ppos = 0;
	t->ib = (ZSTD_inBuffer){t->zbuf, 0, 0};
	if (t->zbuf == NULL || t->pbuf == NULL || t->dc == NULL)
		return err_set(e, "sorting the rows: out of memory");
	return 0;
}

/* tf_fill: decompress more into pbuf; 0 with plen == 0 at the end of the file. */
static int tf_fill(struct tfile *t, struct err *e)
{
	t->plen = t->ppos = 0;
	while (t->plen == 0) {
		ZSTD_outBuffer ob = {t->pbuf, t->pcap, 0};
		size_t r;

		if (t->ib.pos == t->ib.size) {
			ssize_t got;

			if (t->eof)
				return 0;
			do
				got = read(t->fd, t->zbuf, t->zcap);
			while (got < 0 && errno == EINTR);
			if (got < 0)
				return err_set(e, "sorting the rows: temporary file: %s",
					       strerror(errno));
			if (got == 0) {
				t->eof = 1;
				return 0;
			}
			t->ib = (ZSTD_inBuffer){t->zbuf, (size_t)got, 0};
		}
		r = ZSTD_decompressStream(t->dc, &ob, &t->ib);
		if (ZSTD_isError(r))
			return err_set(e, "sorting the rows: zstd: %s", ZSTD_getErrorName(r));
		t->plen = ob.pos;
	}
	return 0;
}

/* tf_read: exactly n bytes. 1 when read, 0 at the end of the file before any byte,
 * -1 on error (or a file ending inside the n bytes). */
static int tf_read(struct tfile *t, void *p, size_t n, struct err *e)
{
	char *d = p;
	size_t got = 0;

	while (got < n) {
		size_t k;

		if (t->ppos == t->plen) {
			if (tf_fill(t, e) < 0)
				return -1;
			if (t->plen == 0) {
				if (got == 0)
					return 0;
				return err_set(e, "sorting the rows: temporary file truncated");
			}
		}
		k = t->plen - t->ppos < n - got ? t->plen - t->ppos : n - got;
		memcpy(d + got, t->pbuf + t->ppos, k);
		t->ppos += k;
		got += k;
	}
	return 1;
}

/* tf_next: the next record into r. 1, 0 at the end, -1 on error. */
static int tf_next(struct tfile *t, struct rec *r, struct err *e)
{
	unsigned char h[HDR];
	uint32_t len;
	int rc = tf_read(t, h, HDR, e);

	if (rc <= 0)
		return rc;
	memcpy(&r->key, h, 8);
	memcpy(&len, h + 8, 4);
	if (len > r->cap || r->buf == NULL) {
		size_t cap = r->cap ? r->cap : 256;
		char *nb;

		while (cap < len)
			cap *= 2;
		nb = realloc(r->buf, cap);
		if (nb == NULL)
			return err_set(e, "sorting the rows: out of memory");
		r->buf = nb;
		r->cap = cap;
	}
	r->len = len;
	rc = len > 0 ? tf_read(t, r->buf, len, e) : 1;
	if (rc == 0)
		return err_set(e, "sorting the rows: temporary file truncated");
	return rc;
}

/* ---------------------------------------------------------------- sorter */

struct rowsort *rowsort_new(const char *dir, size_t max_rows, size_t max_bytes, struct err *e)
{
	struct rowsort *s = calloc(1, sizeof(*s));

	if (s == NULL || (s->dir = strdup(dir)) == NULL) {
		free(s);
		err_set(e, "%s: out of memory", dir);
		return NULL;
	}
	s->in.fd = -1;
	s->max_rows = max_rows ? max_rows : ROWSORT_ROWS;
	s->max_bytes = max_bytes ? max_bytes : ROWSORT_BYTES;
	if (tf_open(&s->in, dir, e) < 0) {
		rowsort_free(s);
		return NULL;
	}
	return s;
}

int rowsort_add(struct rowsort *s, int64_t key, const void *rec, size_t n, struct err *e)
{
	if (n > UINT32_MAX)
		return err_set(e, "sorting the rows: a record of %zu bytes", n);
	if (s->finished || tf_put(&s->in, key, rec, n, e) < 0)
		return s->finished ? err_set(e, "sorting the rows: already finished") : -1;
	s->count++;
	return 0;
}

uint64_t rowsort_count(const struct rowsort *s)
{
	return s->count;
}

uint64_t rowsort_spills(const struct rowsort *s)
{
	return s->spills;
}

static int ent_cmp(const void *a, const void *b)
{
	const struct ent *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* chunk_add: copy r into the chunk (which the caller has made room for). */
static int chunk_add(struct rowsort *s, const struct rec *r, uint64_t seq, struct err *e)
{
	if (s->nent == s->ent_cap) {
		size_t cap = s->ent_cap ? s->ent_cap * 2 : 1024;
		struct ent *ne = realloc(s->ent, cap * sizeof(*ne));

		if (ne == NULL)
			return err_set(e, "sorting the rows: out of memory");
		s->ent = ne;
		s->ent_cap = cap;
	}
	if (s->alen + r->len > s->acap || s->arena == NULL) { /* never NULL: 0-byte records */
		size_t cap = s->acap ? s->acap : 65536;
		char *na;

		while (cap < s->alen + r->len)
			cap *= 2;
		na = realloc(s->arena, cap);
		if (na == NULL)
			return err_set(e, "sorting the rows: out of memory");
		s->arena = na;
		s->acap = cap;
	}
	memcpy(s->arena + s->alen, r->buf, r->len);
	s->ent[s->nent++] = (struct ent){r->key, seq, s->alen, (uint32_t)r->len};
	s->alen += r->len;
	return 0;
}

typedef int (*put_fn)(int64_t key, const void *rec, size_t n, void *arg, struct err *e);

/* heap_less: run a's record before run b's (key, then run number). */
static int heap_less(const struct rec *cur, size_t a, size_t b)
{
	if (cur[a].key != cur[b].key)
		return cur[a].key < cur[b].key;
	return a < b;
}

static void heap_down(size_t *h, size_t n, size_t i, const struct rec *cur)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;

		if (l < n && heap_less(cur, h[l], h[m]))
			m = l;
		if (l + 1 < n && heap_less(cur, h[l + 1], h[m]))
			m = l + 1;
		if (m == i)
			return;
		size_t t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* merge: the k (readable, sorted) runs into put, in order. */
static int merge(struct tfile *runs, size_t k, put_fn put, void *arg, struct err *e)
{
	struct rec *cur = calloc(k, sizeof(*cur));
	size_t *h = calloc(k, sizeof(*h)), n = 0;
	int rc = -1;

	if (cur == NULL || h == NULL) {
		err_set(e, "sorting the rows: out of memory");
		goto done;
	}
	for (size_t i = 0; i < k; i++) {
		int r = tf_next(&runs[i], &cur[i], e);

		if (r < 0)
			goto done;
		if (r == 1)
			h[n++] = i;
	}
	for (size_t i = n / 2; i-- > 0;)
		heap_down(h, n, i, cur);
	while (n > 0) {
		struct rec *r = &cur[h[0]];
		int got;

		if (put(r->key, r->buf, r->len, arg, e) < 0)
			goto done;
		got = tf_next(&runs[h[0]], r, e);
		if (got < 0)
			goto done;
		if (got == 0)
			h[0] = h[--n];
		heap_down(h, n, 0, cur);
	}
	rc = 0;
done:
	for (size_t i = 0; cur != NULL && i < k; i++)
		free(cur[i].buf);
	free(cur);
	free(h);
	return rc;
}

/* chunk_out: sort the chunk, hand it to put, empty it. */
static int chunk_out(struct rowsort *s, put_fn put, void *arg, struct err *e)
{
	if (s->nent > 1) /* (qsort of no entries: a NULL array, which UBSan rejects) */
		qsort(s->ent, s->nent, sizeof(*s->ent), ent_cmp);
	for (size_t i = 0; i < s->nent; i++)
		if (put(s->ent[i].key, s->arena + s->ent[i].off, s->ent[i].len, arg, e) < 0)
			return -1;
	s->nent = 0;
	s->alen = 0;
	return 0;
}

static int put_tfile(int64_t key, const void *rec, size_t n, void *arg, struct err *e)
{
	return tf_put(arg, key, rec, n, e);
}

/* new_run: append an empty, writable run. */
static struct tfile *new_run(struct rowsort *s, struct err *e)
{
	if (s->nruns == s->runs_cap) {
		size_t cap = s->runs_cap ? s->runs_cap * 2 : 16;
		struct tfile *nr = realloc(s->runs, cap * sizeof(*nr));

		if (nr == NULL) {
			err_set(e, "sorting the rows: out of memory");
			return NULL;
		}
		s->runs = nr;
		s->runs_cap = cap;
	}
	if (tf_open(&s->runs[s->nruns], s->dir, e) < 0)
		return NULL;
	return &s->runs[s->nruns++];
}

/* merge_tail: while the last ROWSORT_FANIN runs have one level L, merge them into one
 * run of level L + 1 (a counter in base ROWSORT_FANIN: at most FANIN - 1 runs per
 * level stay open, and each record is merged once per level). */
static int merge_tail(struct rowsort *s, struct err *e)
{
	while (s->nruns >= ROWSORT_FANIN) {
		struct tfile *tail = s->runs + s->nruns - ROWSORT_FANIN, t;
		int level = tail[0].level;

		for (size_t i = 1; i < ROWSORT_FANIN; i++)
			if (tail[i].level != level)
				return 0;
		if (tf_open(&t, s->dir, e) < 0)
			return -1;
		if (merge(tail, ROWSORT_FANIN, put_tfile, &t, e) < 0 || tf_rewind(&t, e) < 0) {
			tf_close(&t);
			return -1;
		}
		for (size_t i = 0; i < ROWSORT_FANIN; i++)
			tf_close(&tail[i]);
		t.level = level + 1;
		tail[0] = t;
		s->nruns -= ROWSORT_FANIN - 1;
	}
	return 0;
}

static int spill(struct rowsort *s, struct err *e)
{
	struct tfile *t = new_run(s, e);

	if (t == NULL || chunk_out(s, put_tfile, t, e) < 0 || tf_rewind(t, e) < 0)
		return -1;
	s->spills++;
	return merge_tail(s, e);
}

/* merge_pass: merge groups of ROWSORT_FANIN consecutive runs into one run each (at
 * the end, when more than ROWSORT_FANIN runs of different levels are left). */
static int merge_pass(struct rowsort *s, struct err *e)
{
	struct tfile *old = s->runs;
	size_t nold = s->nruns, i;
	int rc = -1;

	s->runs = NULL;
	s->nruns = s->runs_cap = 0;
	for (i = 0; i < nold; i += ROWSORT_FANIN) {
		size_t k = nold - i < ROWSORT_FANIN ? nold - i : ROWSORT_FANIN;
		struct tfile *t = new_run(s, e);

		if (t == NULL || merge(old + i, k, put_tfile, t, e) < 0 || tf_rewind(t, e) < 0)
			goto done;
		for (size_t j = i; j < i + k; j++)
			tf_close(&old[j]); /* frees the disk space as it goes */
	}
	rc = 0;
done:
	for (; i < nold; i++)
		tf_close(&old[i]);
	free(old);
	return rc;
}

struct user_put {
	int (*emit)(const void *rec, size_t n, void *arg, struct err *e);
	void *arg;
};

static int put_user(int64_t key, const void *rec, size_t n, void *arg, struct err *e)
{
	struct user_put *u = arg;

	(void)key;
	return u->emit(rec, n, u->arg, e);
}

int rowsort_finish(struct rowsort *s,
		   int (*emit)(const void *rec, size_t n, void *arg, struct err *e), void *arg,
		   struct err *e)
{
	struct user_put u = {emit, arg};
	struct rec r = {0};
	uint64_t seq = 0;
	int rc = -1, got;

	if (s->finished)
		return err_set(e, "sorting the rows: already finished");
	s->finished = 1;
	if (tf_rewind(&s->in, e) < 0)
		goto done;
	while ((got = tf_next(&s->in, &r, e)) == 1) {
		if (s->nent > 0 && (s->nent == s->max_rows || s->alen + r.len > s->max_bytes) &&
		    spill(s, e) < 0)
			goto done;
		if (chunk_add(s, &r, seq++, e) < 0)
			goto done;
	}
	if (got < 0)
		goto done;
	tf_close(&s->in);
	if (s->nruns == 0) {
		rc = chunk_out(s, put_user, &u, e);
		goto done;
	}
	if (s->nent > 0 && spill(s, e) < 0)
		goto done;
	free(s->ent);
	free(s->arena);
	s->ent = NULL;
	s->arena = NULL;
	s->ent_cap = s->acap = 0;
	while (s->nruns > ROWSORT_FANIN)
		if (merge_pass(s, e) < 0)
			goto done;
	rc = merge(s->runs, s->nruns, put_user, &u, e);
done:
	free(r.buf);
	return rc;
}

void rowsort_free(struct rowsort *s)
{
	if (s == NULL)
		return;
	tf_close(&s->in);
	for (size_t i = 0; i < s->nruns; i++)
		tf_close(&s->runs[i]);
	free(s->runs);
	free(s->ent);
	free(s->arena);
	free(s->dir);
	free(s);
}

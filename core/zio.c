/* core/zio.c: see zio.h. */
#include "core/zio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#include "core/fsutil.h"

struct zio_reader {
	char *path;
	int fd;
	int zstd;        /* 1 when the content is zstd */
	int eof;         /* the file has no more input */
	size_t last_ret; /* last ZSTD_decompressStream hint: 0 = frame complete */
	ZSTD_DStream *ds;
	unsigned char *in;
	size_t in_cap;
	ZSTD_inBuffer ib;
};

static ssize_t read_full(int fd, void *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, (char *)buf + got, n - got);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

static int reader_fill(struct zio_reader *r, struct err *e)
{
	ssize_t got;

	if (r->ib.pos < r->ib.size || r->eof)
		return 0;
	got = read_full(r->fd, r->in, r->in_cap);
	if (got < 0)
		return err_set(e, "%s: read: %s", r->path, strerror(errno));
	if (got == 0)
		r->eof = 1;
	r->ib.src = r->in;
	r->ib.size = (size_t)got;
	r->ib.pos = 0;
	return 0;
}

struct zio_reader *zio_reader_open(const char *path, struct err *e)
{
	struct zio_reader *r = calloc(1, sizeof(*r));

	if (r == NULL) {
		err_set(e, "%s: out of memory", path);
		return NULL;
	}
	r->fd = -1;
	r->path = strdup(path);
	r->in_cap = ZSTD_DStreamInSize();
	if (r->in_cap < 65536)
		r->in_cap = 65536;
	r->in = malloc(r->in_cap);
	if (r->path == NULL || r->in == NULL) {
		err_set(e, "%s: out of memory", path);
		goto fail;
	}
	r->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (r->fd < 0) {
		err_set(e, "%s: %s", path, strerror(errno));
		goto fail;
	}
	if (reader_fill(r, e) < 0)
		goto fail;
	/* zstd frame magic 0xFD2FB528, little endian */
	if (r->ib.size >= 4 && r->in[0] == 0x28 && r->in[1] == 0xB5 && r->in[2] == 0x2F &&
	    r->in[3] == 0xFD) {
		r->zstd = 1;
		r->ds = ZSTD_createDStream();
		if (r->ds == NULL) {
			err_set(e, "%s: out of memory", path);
			goto fail;
		}
		ZSTD_initDStream(r->ds);
	}
	return r;
fail:
	zio_reader_free(r);
	return NULL;
}

ssize_t zio_read(struct zio_reader *r, void *buf, size_t n, struct err *e)
{
	ZSTD_outBuffer ob = {buf, n, 0};

	if (!r->zstd) {
		size_t k;

		if (reader_fill(r, e) < 0)
			return -1;
		k = r->ib.size - r->ib.pos;
		if (k > n)
			k = n;
		memcpy(buf, r->in + r->ib.pos, k);
		r->ib.pos += k;
		return (ssize_t)k;
	}
	while (ob.pos == 0) {
		size_t ret;

		if (reader_fill(r, e) < 0)
			return -1;
		if (r->eof && r->ib.pos >= r->ib.size) {
			/* All input consumed: complete only if the last frame ended and
			 * the decoder holds nothing back. */
			ret = ZSTD_decompressStream(r->ds, &ob, &r->ib);
			if (ZSTD_isError(ret)) {
				err_set(e, "%s: corrupt zstd data: %s", r->path,
					ZSTD_getErrorName(ret));
				return -1;
			}
			if (ob.pos > 0) {
				r->last_ret = ret;
				break;
			}
			if (r->last_ret != 0) {
				err_set(e, "%s: truncated zstd data (the file ends inside a frame)",
					r->path);
				return -1;
			}
			return 0;
		}
		ret = ZSTD_decompressStream(r->ds, &ob, &r->ib);
		if (ZSTD_isError(ret)) {
			err_set(e, "%s: corrupt zstd data: %s", r->path, ZSTD_getErrorName(ret));
			return -1;
		}
		r->last_ret = ret;
	}
	return (ssize_t)ob.pos;
}

void zio_reader_free(struct zio_reader *r)
{
	if (r == NULL)
		return;
	if (r->fd >= 0)
		close(r->fd);
	ZSTD_freeDStream(r->ds);
	free(r->in);
	free(r->path);
	free(r);
}

int zio_read_all(const char *path, size_t max, char **out, size_t *len, struct err *e)
{
	struct zio_reader *r = NULL;
	char *buf = NULL, *nb;
	size_t cap = 1 << 16, used = 0;
	int rc = -1;

	*out = NULL;
	*len = 0;
	r = zio_reader_open(path, e);
	if (r == NULL)
		goto done;
	buf = malloc(cap);
	if (buf == NULL) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	for (;;) {
		ssize_t got;

		if (cap - used < 4096) {
			if (cap >= max) {
				err_set(e, "%s: larger than %zu bytes", path, max);
				goto done;
			}
			nb = realloc(buf, cap * 2);
			if (nb == NULL) {
				err_set(e, "%s: out of memory", path);
				goto done;
			}
			buf = nb;
			cap *= 2;
		}
		got = zio_read(r, buf + used, cap - used - 1, e);
		if (got < 0)
			goto done;
		if (got == 0)
			break;
		used += (size_t)got;
	}
	buf[used] = '\0';
	*out = buf;
	*len = used;
	buf = NULL;
	rc = 0;
done:
	free(buf);
	zio_reader_free(r);
	return rc;
}

struct zio_writer {
	struct fs_atomic at; /* the temporary file and its final name */
	ZSTD_CCtx *cc;
	unsigned char *in, *out;
	size_t in_cap, in_used, out_cap;
};

struct zio_writer *zio_writer_open(const char *path, int level, struct err *e)
{
	struct zio_writer *w = calloc(1, sizeof(*w));

	if (w == NULL) {
		err_set(e, "%s: out of memory", path);
		return NULL;
	}
	w->at.fd = -1;
	w->in_cap = ZSTD_CStreamInSize();
	w->out_cap = ZSTD_CStreamOutSize();
	w->in = malloc(w->in_cap);
	w->out = malloc(w->out_cap);
	w->cc = ZSTD_createCCtx();
	if (w->in == NULL || !w->out || w->cc == NULL) {
		err_set(e, "%s: out of memory", path);
		goto fail;
	}
	if (ZSTD_isError(ZSTD_CCtx_setParameter(w->cc, ZSTD_c_compressionLevel,
						level ? level : ZSTD_CLEVEL_DEFAULT))) {
		err_set(e, "%s: bad zstd level %d", path, level);
		goto fail;
	}
	if (fs_atomic_open(&w->at, path, e) < 0)
		goto fail;
	return w;
fail:
	zio_writer_abort(w);
	return NULL;
}

/* Compress the buffered input with `mode`, writing every produced byte. */
static int writer_flush(struct zio_writer *w, ZSTD_EndDirective mode, struct err *e)
{
	ZSTD_inBuffer ib = {w->in, w->in_used, 0};

	for (;;) {
		ZSTD_outBuffer ob = {w->out, w->out_cap, 0};
		size_t left = ZSTD_compressStream2(w->cc, &ob, &ib, mode);

		if (ZSTD_isError(left))
			return err_set(e, "%s: zstd: %s", w->at.path, ZSTD_getErrorName(left));
		if (ob.pos && fs_write_all(w->at.fd, w->out, ob.pos, w->at.tmp, e) < 0)
			return -1;
		if (mode == ZSTD_e_end ? left == 0 : ib.pos == ib.size)
			break;
	}
	w->in_used = 0;
	return 0;
}

int zio_write(struct zio_writer *w, const void *buf, size_t n, struct err *e)
{
	const char *p = buf;

	while (n > 0) {
		size_t k = w->in_cap - w->in_used;

		if (k > n)
			k = n;
		memcpy(w->in + w->in_used, p, k);
		w->in_used += k;
		p += k;
		n -= k;
		if (w->in_used == w->in_cap && writer_flush(w, ZSTD_e_continue, e) < 0)
			return -1;
	}
	return 0;
}

int zio_writer_close(struct zio_writer *w, struct err *e)
{
	int rc = -1;

	if (writer_flush(w, ZSTD_e_end, e) == 0)
		rc = fs_atomic_commit(&w->at, e);
	zio_writer_abort(w);
	return rc;
}

void zio_writer_abort(struct zio_writer *w)
{
	if (w == NULL)
		return;
	fs_atomic_abort(&w->at);
	ZSTD_freeCCtx(w->cc);
	free(w->in);
	free(w->out);
	free(w);
}

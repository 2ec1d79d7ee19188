/* tests/fuzz/fuzz_file.h: what the libFuzzer targets share (header-only, one include
 * per target): the input as a file for readers that take a path, and the input
 * compressed with zstd.
 *
 *   fuzz_file(data, n)          the bytes in an in-memory file (memfd); returns its path
 *                               (/proc/self/fd/N), rewritten on every call
 *   fuzz_zstd(data, n, split)   data compressed as two zstd frames, [0, split) and
 *                               [split, n), so the reader's decompressed chunks break at
 *                               `split`; the buffer is reused by the next call
 *   fuzz_has_zstd_magic(data, n) 1 when the bytes already start with a zstd frame
 *
 * Buffers stay allocated between inputs (reachable, so not leaks); everything a
 * reader returns is freed by the target itself. */
#ifndef TESTS_FUZZ_FILE_H
#define TESTS_FUZZ_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zstd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline const char *fuzz_file(const void *data, size_t n)
{
	static int fuzz_fd = -1;
	static char fuzz_path[64];
	const char *p = data;
	off_t off = 0;

	if (fuzz_fd < 0) {
		fuzz_fd = memfd_create("s3bench-fuzz", MFD_CLOEXEC);
		if (fuzz_fd < 0) {
			perror("fuzz: memfd_create");
			abort();
		}
		snprintf(fuzz_path, sizeof(fuzz_path), "/proc/self/fd/%d", fuzz_fd);
	}
	if (ftruncate(fuzz_fd, 0) < 0) {
		perror("fuzz: ftruncate");
		abort();
	}
	while ((size_t)off < n) {
		ssize_t w = pwrite(fuzz_fd, p + off, n - (size_t)off, off);

		if (w <= 0) {
			perror("fuzz: pwrite");
			abort();
		}
		off += w;
	}
	return fuzz_path;
}

static inline int fuzz_has_zstd_magic(const uint8_t *data, size_t n)
{
	return n >= 4 && data[0] == 0x28 && data[1] == 0xB5 && data[2] == 0x2F && data[3] == 0xFD;
}

static inline const void *fuzz_zstd(const uint8_t *data, size_t n, size_t split, size_t *out_n)
{
	static ZSTD_CCtx *cctx;
	static unsigned char *buf;
	static size_t cap;
	size_t need, a, b;

	if (split > n)
		split = n;
	need = ZSTD_compressBound(split) + ZSTD_compressBound(n - split);
	if (cctx == NULL && (cctx = ZSTD_createCCtx()) == NULL)
		abort();
	if (need > cap) {
		free(buf);
		buf = malloc(need);
		if (buf == NULL)
			abort();
		cap = need;
	}
	a = ZSTD_compressCCtx(cctx, buf, cap, data, split, 1);
	if (ZSTD_isError(a))
		abort();
	b = ZSTD_compressCCtx(cctx, buf + a, cap - a, data + split, n - split, 1);
	if (ZSTD_isError(b))
		abort();
	*out_n = a + b;
	return buf;
}

#endif

/* core/digest.h: SHA-256 (OpenSSL EVP), streamed: a reader feeds what it reads, or
 * digest_file reads a file in fixed-size chunks (never the whole file in memory).
 * Digests are written as 64 lower-case hex digits (docs/FORMATS.md, manifest.json). */
#ifndef CORE_DIGEST_H
#define CORE_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

#define DIGEST_HEX_LEN 64
#define DIGEST_HEX_MAX (DIGEST_HEX_LEN + 1)
#define DIGEST_RAW_LEN 32

struct digest; /* opaque: one SHA-256 computation in progress */

/* digest_new: a fresh SHA-256 computation; NULL when OpenSSL cannot make one (out of
 * memory). Release it with digest_free. */
struct digest *digest_new(void);

/* digest_update: feed n bytes of buf. Returns 0, or -1 with e set. */
int digest_update(struct digest *d, const void *buf, size_t n, struct err *e);

/* digest_final: the digest of everything fed, as hex into hex (DIGEST_HEX_MAX bytes)
 * and, when raw is not NULL, as DIGEST_RAW_LEN bytes into raw. d is finished: only
 * digest_free may follow. Returns 0, or -1 with e set. */
int digest_final(struct digest *d, char hex[DIGEST_HEX_MAX], unsigned char *raw, struct err *e);

/* digest_bytes: the fed byte count so far. */
uint64_t digest_bytes(const struct digest *d);

/* digest_free: release d (NULL is fine). */
void digest_free(struct digest *d);

/* digest_buf: SHA-256 of n bytes of buf as hex (and raw when not NULL). 0 or -1. */
int digest_buf(const void *buf, size_t n, char hex[DIGEST_HEX_MAX], unsigned char *raw,
	       struct err *e);

/* digest_file: SHA-256 and size of the file at path, read in 64 KiB chunks. Returns
 * 0, or -1 with a message naming path (cannot open, read error). */
int digest_file(const char *path, char hex[DIGEST_HEX_MAX], uint64_t *size, struct err *e);

#endif

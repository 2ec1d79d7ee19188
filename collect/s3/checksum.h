/* collect/s3/checksum.h: the integrity checksums S3 knows, in one module with their names,
 * headers and test vectors (tests/unit/test_checksum.c).
 *
 * Each algorithm comes from a packaged implementation: CRC-32 from zlib (crc32_z),
 * CRC-32C from ISA-L (crc32_iscsi), SHA-1, SHA-256 and MD5 from OpenSSL's digests; only
 * CRC-64/NVME (poly 0xAD93D23594C93659, reflected, init and xorout all ones) is computed
 * here, table-driven (slice-by-8). Check values of "123456789": CRC-32 0xCBF43926,
 * CRC-32C 0xE3069283, CRC-64/NVME 0xAE8B14860A799888.
 *
 * S3 sends a checksum as base64 of the big-endian digest in `x-amz-checksum-ALG`
 * (`Content-MD5` for MD5). A multipart upload's parts each carry their own; the object's
 * is then composite (the checksum of the parts' concatenated digests, "-N" appended: CRC-32,
 * CRC-32C, SHA-1, SHA-256) or full-object (the CRC of the whole object: CRC-64/NVME, which
 * checksum_crc_combine computes from the parts' CRCs). */
#ifndef COLLECT_CHECKSUM_H
#define COLLECT_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

enum checksum_alg {
	CHECKSUM_NONE,
	CHECKSUM_CRC32,
	CHECKSUM_CRC32C,
	CHECKSUM_CRC64NVME,
	CHECKSUM_SHA1,
	CHECKSUM_SHA256,
	CHECKSUM_MD5,
	CHECKSUM_COUNT
};

#define CHECKSUM_MAX 32     /* the longest digest (SHA-256), bytes */
#define CHECKSUM_B64_MAX 48 /* base64 of it and a NUL */
#define CHECKSUM_TEXT "none, crc32, crc32c, crc64nvme, sha1, sha256, md5"

/* checksum_name: "none", "crc32", "crc32c", "crc64nvme", "sha1", "sha256", "md5" (the
 * campaign key's and run.json's spelling); "" for an unknown value. */
const char *checksum_name(enum checksum_alg a);

/* checksum_parse: the algorithm named s (case-insensitive); -1 with "'s' is not a
 * checksum (none, crc32, ...)" in e. */
int checksum_parse(const char *s, enum checksum_alg *a, struct err *e);

/* checksum_header: the request and response header of a's value
 * ("x-amz-checksum-crc32", ..., "Content-MD5" for MD5); NULL for NONE. */
const char *checksum_header(enum checksum_alg a);

/* checksum_s3_name: S3's name of a in x-amz-checksum-algorithm and the XML element
 * suffix ("CRC32", "CRC32C", "CRC64NVME", "SHA1", "SHA256"); NULL for NONE and MD5 (no
 * flexible checksum). */
const char *checksum_s3_name(enum checksum_alg a);

/* checksum_len: digest bytes of a (4, 4, 8, 20, 32, 16; 0 for NONE). */
size_t checksum_len(enum checksum_alg a);

/* checksum_full_object: a multipart upload's object checksum is full-object (CRC-64/NVME)
 * rather than composite; 0 otherwise. */
int checksum_full_object(enum checksum_alg a);

/* A running checksum: init, update any number of times, final. The OpenSSL context
 * (digests only) is allocated by the first init and reused by later ones: free with
 * checksum_free. A zeroed struct is a valid, empty state. */
struct checksum {
	enum checksum_alg alg;
	uint64_t crc; /* the CRC of the bytes so far (finished form) */
	void *md;     /* EVP_MD_CTX, for the digests */
};

/* checksum_init: start a over (NONE: updates are ignored). -1 with a message when the
 * digest is not available. */
int checksum_init(struct checksum *c, enum checksum_alg a, struct err *e);
void checksum_update(struct checksum *c, const void *data, size_t n);

/* checksum_final: the digest (checksum_len bytes, big-endian for the CRCs) into out;
 * returns its length (0 for NONE). The state must be init'ed again before reuse. */
size_t checksum_final(struct checksum *c, unsigned char out[CHECKSUM_MAX]);
void checksum_free(struct checksum *c);

/* checksum_b64: base64 of bin[0..n) with padding into out (at least CHECKSUM_B64_MAX
 * bytes when n <= CHECKSUM_MAX; in general 4 * ceil(n / 3) + 1). Returns out. */
char *checksum_b64(const unsigned char *bin, size_t n, char *out);

/* checksum_crc64nvme: the CRC-64/NVME of data[0..n) continued from crc, the CRC of the
 * bytes before (0 for none): crc64nvme(crc64nvme(0, A), B) = crc64nvme(0, A || B). */
uint64_t checksum_crc64nvme(uint64_t crc, const void *data, size_t n);

/* checksum_crc_combine: the CRC of A || B from crc_a = CRC(A), crc_b = CRC(B) and
 * len_b = |B| bytes, for CRC-32, CRC-32C or CRC-64/NVME (a); crc_a for another a. */
uint64_t checksum_crc_combine(enum checksum_alg a, uint64_t crc_a, uint64_t crc_b, uint64_t len_b);

/* checksum_crc_value: the CRC of a finished CRC digest (checksum_final's bytes, big-endian)
 * as a number; 0 for a non-CRC algorithm. */
uint64_t checksum_crc_value(enum checksum_alg a, const unsigned char *digest);

/* checksum_crc_digest: the big-endian digest bytes of CRC value v of a into out; returns
 * checksum_len(a) (0 when a is not a CRC). */
size_t checksum_crc_digest(enum checksum_alg a, uint64_t v, unsigned char out[CHECKSUM_MAX]);

#endif

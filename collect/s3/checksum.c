/* collect/s3/checksum.c: see checksum.h. */
#include "collect/s3/checksum.h"

#include <pthread.h>
#include <string.h>
#include <strings.h>

#include <isa-l/crc.h>
#include <openssl/evp.h>
#include <zlib.h>

static const struct alg_info {
	const char *name, *header, *s3;
	size_t len;
	uint64_t poly; /* reflected polynomial (CRCs) */
	int width;     /* CRC width in bits; 0 for a digest */
} algs[CHECKSUM_COUNT] = {
	[CHECKSUM_NONE] = {"none", NULL, NULL, 0, 0, 0},
	[CHECKSUM_CRC32] = {"crc32", "x-amz-checksum-crc32", "CRC32", 4, 0xEDB88320u, 32},
	[CHECKSUM_CRC32C] = {"crc32c", "x-amz-checksum-crc32c", "CRC32C", 4, 0x82F63B78u, 32},
	[CHECKSUM_CRC64NVME] = {"crc64nvme", "x-amz-checksum-crc64nvme", "CRC64NVME", 8,
				0x9A6C9329AC4BC9B5ull, 64},
	[CHECKSUM_SHA1] = {"sha1", "x-amz-checksum-sha1", "SHA1", 20, 0, 0},
	[CHECKSUM_SHA256] = {"sha256", "x-amz-checksum-sha256", "SHA256", 32, 0, 0},
	[CHECKSUM_MD5] = {"md5", "Content-MD5", NULL, 16, 0, 0},
};

static int known(enum checksum_alg a)
{
	return (int)a >= 0 && a < CHECKSUM_COUNT;
}

const char *checksum_name(enum checksum_alg a)
{
	return known(a) ? algs[a].name : "";
}

int checksum_parse(const char *s, enum checksum_alg *a, struct err *e)
{
	for (int i = 0; i < CHECKSUM_COUNT; i++)
		if (strcasecmp(s, algs[i].name) == 0) {
			*a = (enum checksum_alg)i;
			return 0;
		}
	return err_set(e, "'%s' is not a checksum (" CHECKSUM_TEXT ")", s);
}

const char *checksum_header(enum checksum_alg a)
{
	return known(a) ? algs[a].header : NULL;
}

const char *checksum_s3_name(enum checksum_alg a)
{
	return known(a) ? algs[a].s3 : NULL;
}

size_t checksum_len(enum checksum_alg a)
{
	return known(a) ? algs[a].len : 0;
}

int checksum_full_object(enum checksum_alg a)
{
	return a == CHECKSUM_CRC64NVME;
}

/* The slice-by-8 tables of CRC-64/NVME: filled once (pthread_once), read-only after. */
static uint64_t crc64_tab[8][256];
static pthread_once_t crc64_once = PTHREAD_ONCE_INIT;

static void crc64_tables(void)
{
	for (int i = 0; i < 256; i++) {
		uint64_t c = (uint64_t)i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ algs[CHECKSUM_CRC64NVME].poly : c >> 1;
		crc64_tab[0][i] = c;
	}
	for (int i = 0; i < 256; i++)
		for (int t = 1; t < 8; t++)
			crc64_tab[t][i] = (crc64_tab[t - 1][i] >> 8) ^
					  crc64_tab[0][crc64_tab[t - 1][i] & 0xff];
}

uint64_t checksum_crc64nvme(uint64_t crc, const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t c = ~crc;

	pthread_once(&crc64_once, crc64_tables);
	while (n >= 8) {
		uint64_t w;
		memcpy(&w, p, 8); /* little-endian hosts (x86-64, arm64) */
		c ^= w;
		c = crc64_tab[7][c & 0xff] ^ crc64_tab[6][(c >> 8) & 0xff] ^
		    crc64_tab[5][(c >> 16) & 0xff] ^ crc64_tab[4][(c >> 24) & 0xff] ^
		    crc64_tab[3][(c >> 32) & 0xff] ^ crc64_tab[2][(c >> 40) & 0xff] ^
		    crc64_tab[1][(c >> 48) & 0xff] ^ crc64_tab[0][c >> 56];
		p += 8;
		n -= 8;
	}
	while (n-- > 0)
		c = (c >> 8) ^ crc64_tab[0][(c ^ *p++) & 0xff];
	return ~c;
}

static const EVP_MD *digest_of(enum checksum_alg a)
{
	switch (a) {
	case CHECKSUM_SHA1:
		return EVP_sha1();
	case CHECKSUM_SHA256:
		return EVP_sha256();
	case CHECKSUM_MD5:
		return EVP_md5();
	default:
		return NULL;
	}
}

int checksum_init(struct checksum *c, enum checksum_alg a, struct err *e)
{
	const EVP_MD *md = digest_of(a);

	c->alg = known(a) ? a : CHECKSUM_NONE;
	c->crc = 0;
	if (md == NULL)
		return 0;
	if (c->md == NULL && (c->md = EVP_MD_CTX_new()) == NULL)
		return err_set(e, "checksum %s: out of memory", algs[a].name);
	if (!EVP_DigestInit_ex(c->md, md, NULL))
		return err_set(e, "checksum %s: OpenSSL has no such digest", algs[a].name);
	return 0;
}

void checksum_update(struct checksum *c, const void *data, size_t n)
{
	const unsigned char *p = data;

	switch (c->alg) {
	case CHECKSUM_CRC32:
		c->crc = crc32_z((uLong)c->crc, p, n);
		break;
	case CHECKSUM_CRC32C:
		while (n > 0) { /* crc32_iscsi takes an int length */
			size_t k = n > (1u << 30) ? (1u << 30) : n;
			c->crc = ~crc32_iscsi((unsigned char *)p, (int)k, ~(uint32_t)c->crc) &
				 0xffffffffu;
			p += k;
			n -= k;
		}
		break;
	case CHECKSUM_CRC64NVME:
		c->crc = checksum_crc64nvme(c->crc, p, n);
		break;
	case CHECKSUM_SHA1:
	case CHECKSUM_SHA256:
	case CHECKSUM_MD5:
		EVP_DigestUpdate(c->md, p, n);
		break;
	default:
		break;
	}
}

size_t checksum_crc_digest(enum checksum_alg a, uint64_t v, unsigned char out[CHECKSUM_MAX])
{
	size_t n = known(a) && algs[a].width ? algs[a].len : 0;

	for (size_t i = 0; i < n; i++)
		out[i] = (unsigned char)(v >> (8 * (n - 1 - i)));
	return n;
}

uint64_t checksum_crc_value(enum checksum_alg a, const unsigned char *digest)
{
	uint64_t v = 0;

	if (!known(a) || algs[a].width == 0)
		return 0;
	for (size_t i = 0; i < algs[a].len; i++)
		v = v << 8 | digest[i];
	return v;
}

size_t checksum_final(struct checksum *c, unsigned char out[CHECKSUM_MAX])
{
	unsigned int n = 0;

	if (algs[c->alg].width)
		return checksum_crc_digest(c->alg, c->crc, out);
	if (digest_of(c->alg) == NULL || !EVP_DigestFinal_ex(c->md, out, &n))
		return 0;
	return n;
}

void checksum_free(struct checksum *c)
{
	EVP_MD_CTX_free(c->md);
	c->md = NULL;
}

char *checksum_b64(const unsigned char *bin, size_t n, char *out)
{
	EVP_EncodeBlock((unsigned char *)out, bin, (int)n);
	return out;
}

/* multmodp: a x b modulo the reflected polynomial poly of width w (bit w-1 is x^0). */
static uint64_t multmodp(uint64_t a, uint64_t b, uint64_t poly, int w)
{
	uint64_t m = 1ull << (w - 1), p = 0;

	while (m != 0) {
		if (a & m)
			p ^= b;
		m >>= 1;
		b = b & 1 ? (b >> 1) ^ poly : b >> 1;
	}
	return p;
}

uint64_t checksum_crc_combine(enum checksum_alg a, uint64_t crc_a, uint64_t crc_b, uint64_t len_b)
{
	uint64_t poly, xn, sq;
	int w;

	if (!known(a) || algs[a].width == 0)
		return crc_a;
	poly = algs[a].poly;
	w = algs[a].width;
	/* xn = x^(8 len_b) mod P by squaring: sq runs through x^8, x^16, x^32, ... */
	xn = 1ull << (w - 1);
	sq = 1ull << (w - 2); /* x^1 */
	for (int i = 0; i < 3; i++)
		sq = multmodp(sq, sq, poly, w);
	for (; len_b != 0; len_b >>= 1) {
		if (len_b & 1)
			xn = multmodp(xn, sq, poly, w);
		sq = multmodp(sq, sq, poly, w);
	}
	return multmodp(xn, crc_a, poly, w) ^ crc_b;
}

/* tests/unit/test_checksum.c: collect/s3/checksum against published check values (the
 * CRC catalogue's "123456789", FIPS 180's "abc", RFC 1321's), an independent bit-at-a-time
 * CRC written here (a different algorithm from zlib's, ISA-L's and our slice-by-8),
 * pieces fed in any split, and the CRC combination of multipart full-object checksums. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "collect/s3/checksum.h"
#include "tests/unit/check.h"

/* bitwise: the reflected CRC of width w, poly (reflected), init and xorout all ones. */
static uint64_t bitwise(const unsigned char *p, size_t n, uint64_t poly, int w)
{
	uint64_t mask = w == 64 ? ~0ull : (1ull << w) - 1, c = mask;

	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ poly : c >> 1;
	}
	return (c ^ mask) & mask;
}

static void hex(const unsigned char *d, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

/* of: the digest of data with algorithm a, fed in pieces of `piece` bytes, as hex */
static void of(enum checksum_alg a, const void *data, size_t n, size_t piece, char *out)
{
	struct checksum c = {0};
	unsigned char d[CHECKSUM_MAX];
	struct err e;
	size_t len;

	checksum_init(&c, a, &e);
	for (size_t off = 0; off < n; off += piece)
		checksum_update(&c, (const char *)data + off, n - off < piece ? n - off : piece);
	len = checksum_final(&c, d);
	checksum_free(&c);
	hex(d, len, out);
}

static void check_values(void)
{
	static const struct {
		enum checksum_alg a;
		const char *in, *hex, *b64;
	} t[] = {
		{CHECKSUM_CRC32, "123456789", "cbf43926", "y/Q5Jg=="},
		{CHECKSUM_CRC32C, "123456789", "e3069283", "4waSgw=="},
		{CHECKSUM_CRC64NVME, "123456789", "ae8b14860a799888", "rosUhgp5mIg="},
		{CHECKSUM_SHA1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d", NULL},
		{CHECKSUM_SHA256, "abc",
		 "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", NULL},
		{CHECKSUM_MD5, "abc", "900150983cd24fb0d6963f7d28e17f72",
		 "kAFQmDzST7DWlj99KOF/cg=="},
		{CHECKSUM_CRC32, "", "00000000", "AAAAAA=="},
		{CHECKSUM_SHA256, "",
		 "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		 "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="},
	};
	char got[2 * CHECKSUM_MAX + 1], b64[CHECKSUM_B64_MAX];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		size_t n = strlen(t[i].in);
		for (size_t piece = 1; piece <= (n ? n : 1); piece += 2) {
			of(t[i].a, t[i].in, n, piece, got);
			CHECK_STR(got, t[i].hex, "%s(\"%s\") in pieces of %zu",
				  checksum_name(t[i].a), t[i].in, piece);
		}
		if (t[i].b64 != NULL) {
			struct checksum c = {0};
			unsigned char d[CHECKSUM_MAX];
			struct err e;
			checksum_init(&c, t[i].a, &e);
			checksum_update(&c, t[i].in, n);
			size_t len = checksum_final(&c, d);
			checksum_free(&c);
			CHECK_STR(checksum_b64(d, len, b64), t[i].b64, "%s base64",
				  checksum_name(t[i].a));
		}
	}
}

/* check_independent: random buffers of many lengths against the bitwise CRCs */
static void check_independent(void)
{
	static unsigned char buf[70000];
	uint64_t x = 88172645463325252ull;
	static const struct {
		enum checksum_alg a;
		uint64_t poly;
		int w;
	} crcs[] = {{CHECKSUM_CRC32, 0xEDB88320u, 32},
		    {CHECKSUM_CRC32C, 0x82F63B78u, 32},
		    {CHECKSUM_CRC64NVME, 0x9A6C9329AC4BC9B5ull, 64}};
	static const size_t lens[] = {0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000, 4097, 70000};

	for (size_t i = 0; i < sizeof(buf); i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		buf[i] = (unsigned char)x;
	}
	for (size_t k = 0; k < sizeof(crcs) / sizeof(crcs[0]); k++)
		for (size_t j = 0; j < sizeof(lens) / sizeof(lens[0]); j++) {
			unsigned char d[CHECKSUM_MAX];
			struct checksum c = {0};
			struct err e;
			size_t n = lens[j];
			checksum_init(&c, crcs[k].a, &e);
			checksum_update(&c, buf, n / 3);
			checksum_update(&c, buf + n / 3, n - n / 3);
			checksum_final(&c, d);
			uint64_t want = bitwise(buf, n, crcs[k].poly, crcs[k].w);
			CHECK(checksum_crc_value(crcs[k].a, d) == want,
			      "%s of %zu random bytes = bitwise reference %llx",
			      checksum_name(crcs[k].a), n, (unsigned long long)want);
			/* combination: CRC(A || B) from CRC(A), CRC(B), |B| */
			size_t cut = n / 5;
			checksum_init(&c, crcs[k].a, &e);
			checksum_update(&c, buf, cut);
			checksum_final(&c, d);
			uint64_t ca = checksum_crc_value(crcs[k].a, d);
			checksum_init(&c, crcs[k].a, &e);
			checksum_update(&c, buf + cut, n - cut);
			checksum_final(&c, d);
			uint64_t cb = checksum_crc_value(crcs[k].a, d);
			CHECK(checksum_crc_combine(crcs[k].a, ca, cb, n - cut) == want,
			      "%s combine at %zu of %zu", checksum_name(crcs[k].a), cut, n);
		}
}

static void check_names(void)
{
	enum checksum_alg a;
	struct err e;

	for (int i = 0; i < CHECKSUM_COUNT; i++) {
		CHECK(checksum_parse(checksum_name((enum checksum_alg)i), &a, &e) == 0 &&
			      (int)a == i,
		      "parse(name(%d))", i);
	}
	CHECK(checksum_parse("CRC32C", &a, &e) == 0 && a == CHECKSUM_CRC32C, "case-insensitive");
	CHECK(checksum_parse("crc16", &a, &e) < 0 && strstr(e.msg, "'crc16' is not a checksum"),
	      "crc16 refused: %s", e.msg);
	CHECK_STR(checksum_header(CHECKSUM_CRC64NVME), "x-amz-checksum-crc64nvme", "header");
	CHECK_STR(checksum_header(CHECKSUM_MD5), "Content-MD5", "md5 header");
	CHECK(checksum_header(CHECKSUM_NONE) == NULL, "none has no header");
	CHECK_STR(checksum_s3_name(CHECKSUM_SHA256), "SHA256", "S3 name");
	CHECK(checksum_s3_name(CHECKSUM_MD5) == NULL, "md5 is no flexible checksum");
	CHECK(checksum_full_object(CHECKSUM_CRC64NVME) && !checksum_full_object(CHECKSUM_CRC32),
	      "full-object: crc64nvme only");
	CHECK(checksum_len(CHECKSUM_SHA1) == 20 && checksum_len(CHECKSUM_CRC64NVME) == 8, "lens");
}

int main(void)
{
	check_values();
	check_independent();
	check_names();
	return check_done();
}

/* tests/unit/test_digest.c: core/digest: SHA-256 test vectors (FIPS 180-2: "abc", the
 * empty string, a million 'a's fed in uneven pieces), and digest_file on a real file
 * larger than its 64 KiB read buffer, against the same vector. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/digest.h"
#include "tests/unit/check.h"

#define MILLION_A "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"

static void vectors(void)
{
	char hex[DIGEST_HEX_MAX];
	unsigned char raw[DIGEST_RAW_LEN];
	struct err e = {{0}};

	CHECK(digest_buf("abc", 3, hex, raw, &e) == 0, "abc: %s", e.msg);
	CHECK_STR(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "abc");
	CHECK(raw[0] == 0xba && raw[31] == 0xad, "abc raw bytes");
	CHECK(digest_buf("", 0, hex, NULL, &e) == 0, "empty: %s", e.msg);
	CHECK_STR(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "empty");
}

static void streamed(void)
{
	char hex[DIGEST_HEX_MAX], *a = malloc(1000000);
	struct digest *d = digest_new();
	struct err e = {{0}};
	size_t off = 0, step = 1;

	memset(a, 'a', 1000000);
	while (off < 1000000) { /* pieces of 1, 2, 3, ... bytes */
		size_t n = step < 1000000 - off ? step : 1000000 - off;

		CHECK(digest_update(d, a + off, n, &e) == 0, "update: %s", e.msg);
		off += n;
		step = step * 3 + 1;
	}
	CHECK(digest_bytes(d) == 1000000, "bytes counted");
	CHECK(digest_final(d, hex, NULL, &e) == 0, "final: %s", e.msg);
	CHECK_STR(hex, MILLION_A, "a million a, streamed");
	digest_free(d);
	free(a);
}

static void file(void)
{
	char path[] = "/tmp/test_digest.XXXXXX", hex[DIGEST_HEX_MAX], buf[1000];
	uint64_t size = 0;
	struct err e = {{0}};
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "wb");

	memset(buf, 'a', sizeof(buf));
	for (int i = 0; i < 1000; i++)
		fwrite(buf, 1, sizeof(buf), f);
	fclose(f);
	CHECK(digest_file(path, hex, &size, &e) == 0, "file: %s", e.msg);
	CHECK_STR(hex, MILLION_A, "file of a million a");
	CHECK(size == 1000000, "file size %llu", (unsigned long long)size);
	unlink(path);
	CHECK(digest_file(path, hex, &size, &e) == -1 && strstr(e.msg, path) != NULL,
	      "a missing file names its path: %s", e.msg);
}

int main(void)
{
	vectors();
	streamed();
	file();
	return check_done();
}

/* tests/fuzz/fuzz_strings.c: libFuzzer target for the templates' strings files
 * (render/text/text.h: text_lang_load of TEMPLATES/CODE/strings.txt, "key = value" lines)
 * and what render does with the strings: lookups (text_lang_str), placeholders
 * (text_subst) and numbers in the file's number format (text_num, text_size with
 * number.group / number.decimal).
 *
 * The input is the file's bytes, written to a private temporary templates folder as
 * fz/strings.txt. A refusal must carry a message naming the file. When the input is
 * valid UTF-8, every string render makes from it must be valid UTF-8 too (a PDF or
 * HTML of broken UTF-8 shows garbage). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/text/text.h"
#include "tests/fuzz/fuzz_file.h"

/* utf8_ok: 1 when s[0..n) is well-formed UTF-8 (no overlong form, no surrogate). */
static int utf8_ok(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned c = s[i], need, min;
		uint32_t cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF)
			need = 1, min = 0x80, cp = c & 0x1F;
		else if (c >= 0xE0 && c <= 0xEF)
			need = 2, min = 0x800, cp = c & 0x0F;
		else if (c >= 0xF0 && c <= 0xF4)
			need = 3, min = 0x10000, cp = c & 0x07;
		else
			return 0;
		if (n - i <= need)
			return 0;
		for (unsigned k = 1; k <= need; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return 0;
		i += need + 1;
	}
	return 1;
}

static void want_utf8(const char *s, const char *what)
{
	if (!utf8_ok((const unsigned char *)s, strlen(s))) {
		fprintf(stderr, "%s: not valid UTF-8 from a valid UTF-8 file: '%s'\n", what, s);
		abort();
	}
}

static char fuzz_dir[64];

static void remove_folder(void)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/fz/strings.txt", fuzz_dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/fz", fuzz_dir);
	rmdir(path);
	rmdir(fuzz_dir);
}

/* folder: the temporary templates folder (made once, removed at exit). */
static const char *folder(void)
{
	char *dir = fuzz_dir, sub[128];

	if (dir[0] != '\0')
		return dir;
	snprintf(dir, sizeof(fuzz_dir), "/tmp/s3bench-fuzz-strings.XXXXXX");
	if (mkdtemp(dir) == NULL) {
		perror("fuzz_strings: mkdtemp");
		abort();
	}
	snprintf(sub, sizeof(sub), "%s/fz", dir);
	if (mkdir(sub, 0700) != 0) {
		perror("fuzz_strings: mkdir");
		abort();
	}
	atexit(remove_folder);
	return dir;
}

static void write_file(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror("fuzz_strings: write");
		abort();
	}
}

static void use(const struct text_lang *l, int utf8)
{
	static const char *const keys[] = {"title.default",  "title.vs",    "number.group",
					   "number.decimal", "missing.key", ""};
	static const char *const names[] = {"n", "op", "subject"};
	static const char *const values[] = {"5", "PUT", "Ceph RGW \xe2\x80\x93 \xe6\x9d\xb1"};
	const struct numfmt *nf = text_lang_numfmt(l);
	static const double nums[] = {0, -0.0004, 1234567.891, 99.95, -1e300, NAN, 0.1234};
	char buf[TEXT_NUM_MAX];
	struct strbuf b = {0};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const char *v = text_lang_str(l, keys[i]);

		if (v == NULL)
			abort();
		text_subst(&b, v, names, values, 3);
	}
	if (utf8 && b.p != NULL)
		want_utf8(b.p, "text_subst");
	strbuf_free(&b);
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		text_num(nf, nums[i], -1, buf, sizeof(buf));
		if (utf8)
			want_utf8(buf, "text_num");
	}
	text_size(nf, 1536ULL * 1024 * 1024 * 1024 * 1024, buf, sizeof(buf));
	if (utf8)
		want_utf8(buf, "text_size");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = folder();
	char path[128];
	struct text_lang *l;
	struct err e = {{0}};

	snprintf(path, sizeof(path), "%s/fz/strings.txt", dir);
	write_file(path, data, size);
	l = text_lang_load(dir, "fz", &e);
	if (l == NULL) {
		if (strstr(e.msg, "strings.txt") == NULL) {
			fprintf(stderr, "text_lang_load failed without naming the file: %s\n",
				e.msg);
			abort();
		}
		return 0;
	}
	use(l, memchr(data, '\0', size) == NULL && utf8_ok(data, size));
	text_lang_free(l);
	return 0;
}

/* tests/unit/test_sizelabel.c: a declared size turned into the report's label
 * (analyze/read/sizelabel.h): Warp's and campaigns' spellings, refusals. */
#include <string.h>

#include "analyze/read/sizelabel.h"
#include "tests/unit/check.h"

int main(void)
{
	static const struct {
		const char *in, *want; /* want NULL: refused */
	} cases[] = {
		{"1M", "1 MB"},
		{"1MB", "1 MB"},
		{"1mb", "1 MB"},
		{"4K", "4 kB"},
		{"4KB", "4 kB"},
		{"4k", "4 kB"},
		{"4KiB", "4 KiB"},
		{"4kib", "4 KiB"},
		{"4Ki", "4 KiB"},
		{"5MiB", "5 MiB"},
		{"1.5MiB", "1.5 MiB"},
		{"2G", "2 GB"},
		{"1GiB", "1 GiB"},
		{"1T", "1 TB"},
		{"1TiB", "1 TiB"},
		{"512B", "512 B"},
		{"512b", "512 B"},
		{"512", "512 B"},
		{"1B", "1 B"},
		{" 64 KiB ", "64 KiB"},
		{"100MiB", "100 MiB"},
		{"0", "0 B"},
		{"", NULL},
		{"MiB", NULL},
		{"5XB", NULL},
		{"1.5.2MiB", NULL},
		{".5M", NULL},
		{"5.M", NULL},
		{"-1M", NULL},
		{"1M2", NULL},
		{"1 M B", NULL},
		{"12345678901234567890123456M", NULL},
		{NULL, NULL},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[SIZELABEL_MAX] = "x";
		int rc = sizelabel_format(cases[i].in, buf, sizeof(buf));
		if (cases[i].want)
			CHECK(rc == 0 && strcmp(buf, cases[i].want) == 0,
			      "'%s' -> '%s' (got %d '%s')", cases[i].in, cases[i].want, rc, buf);
		else
			CHECK(rc == -1 && buf[0] == '\0', "'%s' refused (got %d '%s')",
			      cases[i].in ? cases[i].in : "NULL", rc, buf);
	}
	char small[5];
	CHECK(sizelabel_format("100MiB", small, sizeof(small)) == 0 && strcmp(small, "100 ") == 0,
	      "a short buffer is cut, still terminated ('%s')", small);
	return check_done();
}

/* tests/unit/test_strbuf.c: core/strbuf: appends, growth, NUL-termination, the sticky
 * failure flag (a request too large to allocate stands in for a failing allocation:
 * the code has no allocation hook), reset, take and free. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/strbuf.h"
#include "tests/unit/check.h"

static void test_appends(void)
{
	struct strbuf b = {0};

	CHECK_STR(strbuf_cstr(&b), "", "a zeroed buffer reads as \"\"");
	CHECK(strbuf_add(&b, "ab\0cd", 5) == 0, "add with a NUL inside");
	CHECK(b.len == 5 && memcmp(b.p, "ab\0cd", 6) == 0, "bytes and the NUL after them");
	strbuf_reset(&b);
	CHECK(strbuf_adds(&b, "x=") == 0 && strbuf_addu(&b, 0) == 0 && strbuf_addc(&b, ',') == 0 &&
		      strbuf_addu(&b, 18446744073709551615ULL) == 0 &&
		      strbuf_addf(&b, ";%s-%03d", "f", 7) == 0,
	      "adds, addu, addc, addf");
	CHECK_STR(strbuf_cstr(&b), "x=0,18446744073709551615;f-007", "the text");
	CHECK(b.len == strlen(b.p), "len counts the text");
	strbuf_free(&b);
	CHECK(b.p == NULL && b.len == 0 && b.cap == 0, "free zeroes");
}

static void test_growth(void)
{
	struct strbuf b = {0};
	size_t i, cap;
	char *p;
	int ok = 1;

	for (i = 0; i < 10000; i++)
		ok &= strbuf_addc(&b, (char)('a' + i % 26)) == 0;
	CHECK(ok && b.len == 10000 && b.cap > b.len, "10000 bytes one by one");
	for (i = 0; i < 10000; i++)
		ok &= b.p[i] == (char)('a' + i % 26);
	CHECK(ok && b.p[10000] == '\0', "content kept across growth, NUL at the end");
	cap = b.cap;
	p = b.p;
	strbuf_reset(&b);
	CHECK(b.len == 0 && b.cap == cap && b.p == p && b.p[0] == '\0', "reset keeps the memory");
	CHECK(strbuf_reserve(&b, cap - 1) == 0 && b.p == p, "reserve within capacity: no realloc");
	CHECK(strbuf_reserve(&b, 0) == 0 && strbuf_cstr(&b)[0] == '\0', "reserve(0) on empty");
	strbuf_free(&b);
	CHECK(strbuf_reserve(&b, 0) == 0 && b.p != NULL && b.p[0] == '\0',
	      "reserve(0) on a zeroed buffer gives a NUL-terminated empty text");
	strbuf_free(&b);
}

static void test_failed(void)
{
	struct strbuf b = {0};
	char *s;

	CHECK(strbuf_adds(&b, "keep") == 0, "first add");
	CHECK(strbuf_reserve(&b, SIZE_MAX - 2) == -1, "an impossible size fails");
	CHECK(b.failed == 1, "the failure is remembered");
	CHECK_STR(strbuf_cstr(&b), "keep", "a failed add leaves the text as it was");
	CHECK(strbuf_addc(&b, 'x') == -1 && strbuf_adds(&b, "y") == -1 &&
		      strbuf_addu(&b, 1) == -1 && strbuf_addf(&b, "%d", 2) == -1,
	      "after a failure every add fails, even one that would fit");
	CHECK_STR(strbuf_cstr(&b), "keep", "nothing appended after the failure");
	CHECK(strbuf_take(&b) == NULL, "take refuses a failed text");
	CHECK(b.p == NULL && b.failed == 0, "and frees it");

	CHECK(strbuf_adds(&b, "a") == 0, "reusable after take");
	b.failed = 1; /* a caller marks its text incomplete (render/report/findings.c) */
	CHECK(strbuf_adds(&b, "b") == -1, "a caller's mark is sticky too");
	strbuf_reset(&b);
	CHECK(b.failed == 0 && strbuf_adds(&b, "c") == 0, "reset clears the failure");
	s = strbuf_take(&b);
	CHECK(s != NULL && strcmp(s, "c") == 0 && b.p == NULL && b.len == 0, "take hands over");
	free(s);
	s = strbuf_take(&b);
	CHECK(s != NULL && s[0] == '\0', "take of an empty buffer is a new \"\"");
	free(s);

	CHECK(strbuf_add(&b, "z", 1) == 0 && strbuf_reserve(&b, SIZE_MAX) == -1, "SIZE_MAX fails");
	strbuf_free(&b);
	CHECK(b.failed == 0 && strbuf_addc(&b, 'q') == 0, "free clears the failure");
	strbuf_free(&b);
}

int main(void)
{
	test_appends();
	test_growth();
	test_failed();
	return check_done();
}

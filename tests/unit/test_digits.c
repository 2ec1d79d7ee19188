/* tests/unit/test_digits.c: digits8 against strtoul, over every digit in every place and a
 * seeded sample of numbers; non-digits just outside '0'..'9' in every place refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/digits.h"
#include "core/rng.h"
#include "tests/unit/check.h"

int main(void)
{
	char s[9];
	uint32_t v;
	size_t bad = 0, n = 0;
	uint64_t r = 42;

	for (int place = 0; place < 8; place++)
		for (int d = 0; d <= 9; d++) {
			memcpy(s, "31415926", 9);
			s[place] = (char)('0' + d);
			bad += digits8(s, &v) != 0 || v != strtoul(s, NULL, 10);
			n++;
		}
	for (int i = 0; i < 100000; i++) {
		snprintf(s, sizeof(s), "%08u", (unsigned)(rng_below(&r, 100000000)));
		bad += digits8(s, &v) != 0 || v != strtoul(s, NULL, 10);
		n++;
	}
	CHECK(bad == 0, "digits8 = strtoul on %zu numbers (%zu differ)", n, bad);
	CHECK(digits8("00000000", &v) == 0 && v == 0 && digits8("99999999", &v) == 0 &&
		      v == 99999999,
	      "the ends: 0 and 99999999");
	bad = 0;
	for (int place = 0; place < 8; place++) {
		static const char other[] = {
			'/', ':', ' ', 'a', '\0', (char)0xb0, (char)0x39 + 0x80};

		for (size_t k = 0; k < sizeof(other); k++) {
			memcpy(s, "12345678", 9);
			s[place] = other[k];
			v = 7;
			bad += digits8(s, &v) != -1 || v != 7;
		}
	}
	CHECK(bad == 0, "a non-digit in any place refused, the value untouched (%zu not)", bad);
	return check_done();
}

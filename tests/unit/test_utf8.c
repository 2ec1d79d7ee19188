/* tests/unit/test_utf8.c: core/utf8.h: valid and invalid sequences, each also checked
 * against jansson's own judgement (json_string refuses what is not UTF-8), then 20000
 * random byte strings against jansson; scrubbing and the message's description. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/utf8.h"
#include "tests/unit/check.h"

static const struct {
	const char *s;
	int valid;
	size_t bad;
} cases[] = {
	{"", 1, 0},
	{"Telefonica", 1, 0},
	{"Telef\xc3\xb3nica", 1, 0},        /* ó in UTF-8 */
	{"Telef\xf3nica", 0, 5},            /* ó in Latin-1 */
	{"\xe6\x9d\xb1\xe4\xba\xac", 1, 0}, /* 東京 */
	{"\xf0\x9f\x98\x80 ok", 1, 0},      /* U+1F600 */
	{"a\xc0\xaf", 0, 1},                /* overlong '/' */
	{"\xe0\x80\xaf", 0, 0},             /* overlong, 3 bytes */
	{"\xed\xa0\x80", 0, 0},             /* surrogate U+D800 */
	{"\xf4\x90\x80\x80", 0, 0},         /* above U+10FFFF */
	{"\xf5\x80\x80\x80", 0, 0},         /* F5 never starts a sequence */
	{"ab\xc3", 0, 2},                   /* cut in the middle */
	{"\xe6\x9d", 0, 0},                 /* cut in the middle, 3 bytes */
	{"x\x80y", 0, 1},                   /* a lone continuation byte */
	{"\xef\xbf\xbf", 1, 0},             /* U+FFFF */
	{"\xf4\x8f\xbf\xbf", 1, 0},         /* U+10FFFF */
};

static void test_table(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t bad = 99;
		int v = utf8_valid(cases[i].s, strlen(cases[i].s), &bad);
		json_t *j = json_string(cases[i].s);

		CHECK(v == cases[i].valid, "case %zu: valid %d, want %d", i, v, cases[i].valid);
		CHECK(v || bad == cases[i].bad, "case %zu: bad at %zu, want %zu", i, bad,
		      cases[i].bad);
		CHECK((j != NULL) == cases[i].valid, "case %zu: jansson agrees", i);
		json_decref(j);
	}
	CHECK(!utf8_valid("a\0b", 3, NULL), "a NUL byte is not valid");
}

/* test_random: random strings (bytes 1..255, biased to the interesting ones) judged as
 * jansson judges them; scrubbing makes each one jansson takes. */
static void test_random(void)
{
	static const unsigned char pick[] = {0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0,
					     0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x9f};
	uint64_t rng = 42;
	int disagree = 0, unscrubbed = 0, valid = 0;

	for (int n = 0; n < 20000; n++) {
		char s[12];
		size_t len = 1 + (size_t)(rng_uniform(&rng) * 10);
		for (size_t i = 0; i < len; i++) {
			unsigned r = (unsigned)(rng_uniform(&rng) * 32);
			s[i] = (char)(r < 16 ? pick[r] : 1 + (unsigned)(rng_uniform(&rng) * 255));
		}
		s[len] = '\0';
		json_t *j = json_string(s);
		int v = utf8_valid(s, len, NULL);
		valid += v;
		disagree += v != (j != NULL);
		json_decref(j);
		j = json_string(utf8_scrub(s));
		unscrubbed += j == NULL || strlen(s) != len;
		json_decref(j);
	}
	CHECK(disagree == 0, "20000 random strings: %d judged otherwise than jansson", disagree);
	CHECK(unscrubbed == 0, "every scrubbed string is one jansson takes (%d not)", unscrubbed);
	CHECK(valid > 1000 && valid < 19000, "both kinds drawn (%d valid)", valid);
}

static void test_scrub_describe(void)
{
	char s[] = "Telef\xf3nica \xc3\xb3 \xe6\x9d";
	char buf[64];

	CHECK_STR(utf8_scrub(s), "Telef?nica \xc3\xb3 ??", "scrub keeps valid sequences");
	CHECK_STR(utf8_describe("Telef\xf3nica", buf, sizeof(buf)), "byte 0xF3 at position 6",
		  "describe");
	CHECK_STR(utf8_describe("ok", buf, sizeof(buf)), "", "describe a valid string");
}

int main(void)
{
	test_table();
	test_random();
	test_scrub_describe();
	return check_done();
}

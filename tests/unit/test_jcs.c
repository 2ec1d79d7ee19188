/* tests/unit/test_jcs.c: core/jcs: RFC 8785's number examples (the IEEE 754 bit
 * patterns of its appendix B, with the strings Node.js's JSON.stringify gives for them),
 * its member-sorting example (UTF-16 order: an emoji's surrogates sort before U+FB33),
 * string escapes, nesting, the skipped top-level member and the digest. */
#include <stdint.h>
#include <string.h>

#include "core/digest.h"
#include "core/jcs.h"
#include "tests/unit/check.h"

static double bits(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof(d));
	return d;
}

static void numbers(void)
{
	static const struct {
		uint64_t bits;
		const char *want;
	} t[] = {
		{0x0000000000000000ull, "0"},
		{0x8000000000000000ull, "0"},
		{0x0000000000000001ull, "5e-324"},
		{0x8000000000000001ull, "-5e-324"},
		{0x7fefffffffffffffull, "1.7976931348623157e+308"},
		{0x0010000000000000ull, "2.2250738585072014e-308"},
		{0x4340000000000000ull, "9007199254740992"},
		{0x4430000000000000ull, "295147905179352830000"},
		{0x44b52d02c7e14af5ull, "9.999999999999997e+22"},
		{0x44b52d02c7e14af6ull, "1e+23"},
		{0x3eb0c6f7a0b5ed8dull, "0.000001"},
		{0x3eb0c6f7a0b5ed8cull, "9.999999999999997e-7"},
		{0x41b3de4355555555ull, "333333333.3333333"},
		{0x444b1ae4d6e2ef4eull, "999999999999999700000"},
		{0xc07f400000000000ull, "-500"},
		{0x3fa999999999999aull, "0.05"},
	};
	char buf[40];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		CHECK(jcs_number(bits(t[i].bits), buf, sizeof(buf)) == 0, "number %zu", i);
		CHECK_STR(buf, t[i].want, "number %016llx", (unsigned long long)t[i].bits);
	}
	CHECK(jcs_number(bits(0x7ff0000000000000ull), buf, sizeof(buf)) == -1, "Infinity refused");
	CHECK(jcs_number(bits(0x7ff8000000000000ull), buf, sizeof(buf)) == -1, "NaN refused");
}

static void canon(const char *in, const char *skip, const char *want)
{
	json_error_t je;
	json_t *v = json_loads(in, JSON_DECODE_ANY, &je);
	struct strbuf b = {0};
	struct err e = {{0}};

	CHECK(v != NULL, "parse %s: %s", in, je.text);
	if (v == NULL)
		return;
	CHECK(jcs_dump(v, skip, &b, &e) == 0, "dump %s: %s", in, e.msg);
	CHECK_STR(b.p, want, "canonical form of %s", in);
	strbuf_free(&b);
	json_decref(v);
}

static void objects(void)
{
	/* RFC 8785 section 3.2.3 */
	canon("{\"\\u20ac\":\"Euro Sign\",\"\\r\":\"Carriage Return\",\"\\ufb33\":\"Hebrew\","
	      "\"1\":\"One\",\"\\ud83d\\ude00\":\"Emoji\",\"\\u0080\":\"Control\","
	      "\"\\u00f6\":\"o\"}",
	      NULL,
	      "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xc2\x80\":\"Control\","
	      "\"\xc3\xb6\":\"o\",\"\xe2\x82\xac\":\"Euro Sign\","
	      "\"\xf0\x9f\x98\x80\":\"Emoji\",\"\xef\xac\xb3\":\"Hebrew\"}");
	/* escapes: only " \ and the control characters; / and DEL as they are */
	canon("[\"a\\\"b\\\\c/\\u0001\\b\\f\\n\\r\\t\\u001f\\u007f\\u00e9\"]", NULL,
	      "[\"a\\\"b\\\\c/\\u0001\\b\\f\\n\\r\\t\\u001f\x7f\xc3\xa9\"]");
	canon("{ \"b\" : [ 1 , 2.50, {\"z\":null, \"a\":true} ], \"a\" : false, \"digest\": \"x\" }",
	      "digest", "{\"a\":false,\"b\":[1,2.5,{\"a\":true,\"z\":null}]}");
	canon("{\"x\": {\"digest\": 1}}", "digest", "{\"x\":{\"digest\":1}}");
	canon("1.0", NULL, "1");
	canon("[1e21, 1e-7, 123456789012, -0.0]", NULL, "[1e+21,1e-7,123456789012,0]");
}

static void digest(void)
{
	json_t *v = json_pack("{s:s, s:i}", "b", "x", "a", 1);
	char hex[DIGEST_HEX_MAX], want[DIGEST_HEX_MAX];
	struct err e = {{0}};

	CHECK(jcs_digest(v, NULL, hex, &e) == 0, "digest: %s", e.msg);
	digest_buf("{\"a\":1,\"b\":\"x\"}", 15, want, NULL, &e);
	CHECK_STR(hex, want, "the digest is SHA-256 of the canonical form");
	json_decref(v);
}

int main(void)
{
	numbers();
	objects();
	digest();
	return check_done();
}

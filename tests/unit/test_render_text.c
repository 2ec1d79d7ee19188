/* tests/unit/test_render_text.c: escaping, number and size formatting per language,
 * placeholders, Windows-1252 conversion, language strings (render/text/text.h), the
 * languages of a templates directory (render/text/tmpldir.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/text/text.h"
#include "render/text/tmpldir.h"
#include "tests/unit/check.h"

static void test_escape(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{"", ""},
		{"plain", "plain"},
		{"<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"},
		{"a & b", "a &amp; b"},
		{"\"quoted\" 'single'", "&quot;quoted&quot; &#39;single&#39;"},
		{"&amp;", "&amp;amp;"},
		{"\xed\x95\x9c\xea\xb8\x80 <b>", "\xed\x95\x9c\xea\xb8\x80 &lt;b&gt;"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf b = {0};
		text_html_escape(&b, cases[i].in);
		CHECK_STR(b.p ? b.p : "", cases[i].out, "escape case %zu", i);
		strbuf_free(&b);
	}
}

static void test_numbers(void)
{
	const struct numfmt en = {",", "."}, de = {".", ","}, none = {"", "."};
	static const struct {
		int fmt;
		double v;
		int dec;
		const char *out;
	} cases[] = {
		{0, 1234.6, -1, "1,235"},     {0, 1234567.0, -1, "1,234,567"},
		{0, 999.96, -1, "1,000"},     {0, 123.44, -1, "123.4"},
		{0, 99.96, -1, "100.0"},      {0, 12.3456, -1, "12.35"},
		{0, 1.0, -1, "1.00"},         {0, 0.12345, -1, "0.123"},
		{0, 0.0, -1, "0.000"},        {0, -0.0001, -1, "0.000"},
		{0, -1234.4, -1, "-1,234"},   {0, -12.5, 1, "-12.5"},
		{0, 100, 0, "100"},           {0, 1000, 0, "1,000"},
		{0, 100000, 2, "100,000.00"}, {1, 1234.56, 2, "1.234,56"},
		{1, 0.5, 1, "0,5"},           {2, 1234567.891, 1, "1234567.9"},
	};
	const struct numfmt *fmts[] = {&en, &de, &none};
	char buf[TEXT_NUM_MAX];
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK_STR(text_num(fmts[cases[i].fmt], cases[i].v, cases[i].dec, buf, sizeof(buf)),
			  cases[i].out, "number case %zu (%g)", i, cases[i].v);
	CHECK_STR(text_num(&en, NAN, -1, buf, sizeof(buf)), TEXT_NULL, "NAN is shown as a dash");
	/* a separator of several bytes is never cut in two, in the number or in a short buf */
	const struct numfmt nb = {"\xe2\x80\xaf", "."};
	char small[9];
	CHECK_STR(text_num(&nb, 1234567, 0, buf, sizeof(buf)), "1\xe2\x80\xaf" "234\xe2\x80\xaf" "567",
		  "a narrow no-break space as the group");
	CHECK_STR(text_num(&nb, 1234567, 0, small, sizeof(small)), "1\xe2\x80\xaf" "234",
		  "cut before the separator that does not fit, not inside it");
	CHECK_STR(text_num(&en, INFINITY, 2, buf, sizeof(buf)), TEXT_NULL,
		  "inf is shown as a dash");
	CHECK(text_decimals(1000) == 0 && text_decimals(150) == 1 && text_decimals(1.5) == 2 &&
		      text_decimals(0.5) == 3,
	      "decimals by magnitude");
}

static void test_sizes(void)
{
	const struct numfmt en = {",", "."}, de = {".", ","};
	static const struct {
		uint64_t b;
		const char *en, *de;
	} cases[] = {
		{0, "0 B", "0 B"},
		{512, "512 B", "512 B"},
		{1536, "1.50 KiB", "1,50 KiB"},
		{262144, "256 KiB", "256 KiB"},
		{5242880, "5 MiB", "5 MiB"},
		{104857600, "100 MiB", "100 MiB"},
		{1610612736, "1.50 GiB", "1,50 GiB"},
		{1099511627776ULL, "1 TiB", "1 TiB"},
	};
	char buf[64];
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_STR(text_size(&en, cases[i].b, buf, sizeof(buf)), cases[i].en, "size en %zu",
			  i);
		CHECK_STR(text_size(&de, cases[i].b, buf, sizeof(buf)), cases[i].de, "size de %zu",
			  i);
	}
}

static void test_subst(void)
{
	const char *names[] = {"subject", "n", "a.b"};
	const char *vals[] = {"AWS <S3>", "12", "x"};
	static const struct {
		const char *tpl, *out;
	} cases[] = {
		{"{subject} led {n}", "AWS <S3> led 12"},
		{"{unknown} {n}", "{unknown} 12"},
		{"body { margin: 0 } {n}", "body { margin: 0 } 12"},
		{"{a.b}{n}{", "x12{"},
		{"{}", "{}"},
		{"no braces", "no braces"},
		{"{subject {n}}", "{subject 12}"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf b = {0};
		text_subst(&b, cases[i].tpl, names, vals, 3);
		CHECK_STR(b.p ? b.p : "", cases[i].out, "subst case %zu", i);
		strbuf_free(&b);
	}
}

static void test_lang(void)
{
	const char *top = getenv("TOP");
	char dir[4096];
	struct err e = {{0}};
	snprintf(dir, sizeof(dir), "%s/templates", top ? top : ".");
	struct text_lang *en = text_lang_load(dir, "en", &e);
	struct text_lang *ko = text_lang_load(dir, "ko", &e);
	CHECK(en && ko, "both languages load: %s", e.msg);
	if (en == NULL || ko == NULL)
		goto done;
	CHECK_STR(text_lang_str(en, "toc"), "Contents", "English contents");
	CHECK_STR(text_lang_str(ko, "toc"), "\xeb\xaa\xa9\xec\xb0\xa8", "Korean contents");
	CHECK_STR(text_lang_str(en, "headline.sep"), "; ", "quoted value keeps its blanks");
	CHECK_STR(text_lang_str(en, "no.such.key"), "no.such.key", "a missing key shows itself");
	CHECK(text_lang_get(en, "no.such.key") == NULL, "text_lang_get: a missing key is NULL");
	CHECK_STR(text_lang_get(ko, "font.first"), "NanumGothic", "Korean leads with NanumGothic");
	CHECK_STR(text_lang_get(en, "font.first"), "DejaVu Sans", "English leads with DejaVu");
	CHECK_STR(text_lang_numfmt(ko)->group, ",", "Korean grouping");
	/* every key of English exists in Korean (and the reverse) */
	static const char *const keys[] = {
		"section.findings", "section.limitations", "table.tput",   "chart.scaling",
		"finding.led",      "finding.consistency", "run.excluded", "page"};
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		CHECK(strcmp(text_lang_str(ko, keys[i]), keys[i]) != 0 &&
			      strcmp(text_lang_str(ko, keys[i]), text_lang_str(en, keys[i])) != 0,
		      "Korean has its own '%s'", keys[i]);
	char *p = text_lang_prose(ko, "methodology.txt", &e);
	CHECK(p && strlen(p) > 100, "Korean methodology prose: %s", e.msg);
	free(p);
	p = text_lang_prose(en, "nope.txt", &e);
	CHECK(p == NULL && strstr(e.msg, "nope.txt"), "a missing prose file is named: %s", e.msg);
	CHECK(text_lang_load(dir, "../en", &e) == NULL, "a path is not a language code");
	CHECK(text_lang_load(dir, "xx", &e) == NULL && strstr(e.msg, "xx/strings.txt"),
	      "an unknown language names its file: %s", e.msg);
	/* a line without '=' is named with its line number (blank lines count) */
	char tmp[] = "/tmp/s3bench-lang.XXXXXX";
	if (mkdtemp(tmp)) {
		char p2[4096];
		snprintf(p2, sizeof(p2), "%s/zz", tmp);
		mkdir(p2, 0777);
		snprintf(p2, sizeof(p2), "%s/zz/strings.txt", tmp);
		FILE *f = fopen(p2, "w");
		if (f) {
			fputs("# comment\n\nok = 1\n\nbroken line\n", f);
			fclose(f);
		}
		CHECK(text_lang_load(tmp, "zz", &e) == NULL && strstr(e.msg, "zz/strings.txt:5:"),
		      "bad line named with its number: %s", e.msg);
		/* a separator longer than its slot is refused at its line, not cut (found by
		 * fuzz_strings: a cut separator made every number broken UTF-8) */
		f = fopen(p2, "w");
		if (f) {
			fputs("ok = 1\nnumber.group = #t = \xec\x98\xa4\xeb\xb8\x8c\n", f);
			fclose(f);
		}
		CHECK(text_lang_load(tmp, "zz", &e) == NULL &&
			      strstr(e.msg, "zz/strings.txt:2: number.group"),
		      "a long separator refused at its line: %s", e.msg);
		unlink(p2);
		snprintf(p2, sizeof(p2), "%s/zz", tmp);
		rmdir(p2);
		rmdir(tmp);
	}
done:
	text_lang_free(en);
	text_lang_free(ko);
}

/* The languages of a templates directory: its subdirectories with a strings.txt. */
static void test_langs(void)
{
	const char *top = getenv("TOP");
	char dir[4096], list[64], p[4096], tmp[] = "/tmp/s3bench-langs.XXXXXX";
	snprintf(dir, sizeof(dir), "%s/templates", top ? top : ".");
	CHECK(tmpldir_langs(dir, list, sizeof(list)) == 2, "the templates have two languages");
	CHECK_STR(list, "en, ko", "they are listed in order");
	CHECK(tmpldir_is_lang(dir, "ko") && !tmpldir_is_lang(dir, "fr"), "ko is one, fr is not");
	CHECK(!tmpldir_is_lang(dir, "../templates/en") && !tmpldir_is_lang(dir, ""),
	      "a path or nothing is no language");
	CHECK(tmpldir_langs("/nonexistent", list, sizeof(list)) == 0 && list[0] == 0,
	      "a missing directory has none");
	if (mkdtemp(tmp) == NULL)
		return;
	/* a directory without strings.txt is not a language; a file is not either */
	static const char *const made[] = {"zz", "aa", "css"};
	for (size_t i = 0; i < 3; i++) {
		snprintf(p, sizeof(p), "%s/%s", tmp, made[i]);
		mkdir(p, 0777);
	}
	for (size_t i = 0; i < 2; i++) {
		snprintf(p, sizeof(p), "%s/%s/strings.txt", tmp, made[i]);
		FILE *f = fopen(p, "w");
		if (f)
			fclose(f);
	}
	snprintf(p, sizeof(p), "%s/report.html", tmp);
	FILE *f = fopen(p, "w");
	if (f)
		fclose(f);
	CHECK(tmpldir_langs(tmp, list, sizeof(list)) == 2, "two of three directories count");
	CHECK_STR(list, "aa, zz", "and sorted");
	CHECK(tmpldir_langs(tmp, list, 5) == 2 && strcmp(list, "aa, ") == 0,
	      "a short buffer is cut: '%s'", list);
	unlink(p);
	for (size_t i = 0; i < 3; i++) {
		snprintf(p, sizeof(p), "%s/%s/strings.txt", tmp, made[i]);
		unlink(p);
		snprintf(p, sizeof(p), "%s/%s", tmp, made[i]);
		rmdir(p);
	}
	rmdir(tmp);
}

int main(void)
{
	test_escape();
	test_numbers();
	test_sizes();
	test_subst();
	test_lang();
	test_langs();
	return check_done();
}

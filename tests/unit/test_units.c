/* tests/unit/test_units.c: sizes and durations, parsed and formatted. */
#include <stdint.h>
#include <string.h>

#include "core/units.h"
#include "tests/unit/check.h"

static const struct {
	const char *in;
	uint64_t want;
} good_sizes[] = {
	{"123", 123},
	{"123B", 123},
	{"0", 0},
	{"0B", 0},
	{"1b", 1},
	{"4KiB", 4096},
	{"256KiB", 262144},
	{"5MiB", 5242880},
	{"100MiB", 104857600},
	{"1GiB", 1073741824},
	{"2TiB", 2199023255552ULL},
	{"1KB", 1000},
	{"1MB", 1000000},
	{"1GB", 1000000000},
	{"3TB", 3000000000000ULL},
	{"5 MiB", 5242880},
	{" 4kib ", 4096},
	{"1.5KiB", 1536},
	{"0.5MiB", 524288},
	{"2.5GB", 2500000000ULL},
	{"18446744073709551615", UINT64_MAX},
};

static const char *bad_sizes[] = {
	"",
	" ",
	"5XB",
	"MiB",
	"-1",
	"1.2.3",
	"1..5",
	"5 MiB x",
	"1.5B",
	"1.0001KiB",
	"18446744073709551616",
	"20000000TiB",
	"1e3",
	"0x10",
	"5M",
	"4k",
	".5",
	"5.",
};

static const struct {
	const char *in;
	double want;
} good_durs[] = {
	{"30s", 30},      {"5m", 300},   {"1h", 3600},  {"1h30m", 5400}, {"500ms", 0.5},
	{"2m30s", 150},   {"1.5s", 1.5}, {"1d", 86400}, {"0s", 0},       {"1h0m5s", 3605},
	{"1s500ms", 1.5}, {" 7m ", 420}, {"90s", 90},
};

static const char *bad_durs[] = {
	"", "30", "5x", "s", "1m1h", "5m5m", "1h 30m", "-5s", "1.s", "5 s", "ms", "10sec", "3min",
};

int main(void)
{
	struct err e;
	char buf[64];

	for (size_t i = 0; i < sizeof(good_sizes) / sizeof(good_sizes[0]); i++) {
		uint64_t v = 7;
		int rc = units_parse_size(good_sizes[i].in, &v, &e);
		CHECK(rc == 0, "size '%s' parses (%s)", good_sizes[i].in, rc ? e.msg : "");
		CHECK(v == good_sizes[i].want, "size '%s' = %llu, got %llu", good_sizes[i].in,
		      (unsigned long long)good_sizes[i].want, (unsigned long long)v);
	}
	for (size_t i = 0; i < sizeof(bad_sizes) / sizeof(bad_sizes[0]); i++) {
		uint64_t v = 7;
		err_clear(&e);
		int rc = units_parse_size(bad_sizes[i], &v, &e);
		CHECK(rc == -1, "size '%s' refused", bad_sizes[i]);
		CHECK(v == 7, "size '%s' leaves the output alone", bad_sizes[i]);
		CHECK(strstr(e.msg, "is not a size") != NULL && strstr(e.msg, bad_sizes[i]),
		      "size '%s' message names the text: %s", bad_sizes[i], e.msg);
	}
	for (size_t i = 0; i < sizeof(good_durs) / sizeof(good_durs[0]); i++) {
		double v = -1;
		int rc = units_parse_duration(good_durs[i].in, &v, &e);
		CHECK(rc == 0, "duration '%s' parses (%s)", good_durs[i].in, rc ? e.msg : "");
		CHECK_NUM(v, good_durs[i].want, 1e-9, "duration '%s'", good_durs[i].in);
	}
	for (size_t i = 0; i < sizeof(bad_durs) / sizeof(bad_durs[0]); i++) {
		double v = -1;
		err_clear(&e);
		int rc = units_parse_duration(bad_durs[i], &v, &e);
		CHECK(rc == -1, "duration '%s' refused", bad_durs[i]);
		CHECK(v == -1, "duration '%s' leaves the output alone", bad_durs[i]);
		CHECK(strstr(e.msg, "is not a duration") != NULL, "duration '%s' message: %s",
		      bad_durs[i], e.msg);
	}

	/* directory-name sizes */
	static const struct {
		uint64_t in;
		const char *want;
	} fmt_sizes[] = {
		{4096, "4KiB"},
		{5242880, "5MiB"},
		{123, "123B"},
		{0, "0B"},
		{262144, "256KiB"},
		{104857600, "100MiB"},
		{1073741824, "1GiB"},
		{1536, "1536B"},
		{1000, "1000B"},
		{1000000000, "1000000000B"},
		{1ULL << 40, "1TiB"},
		{3ULL << 41, "6TiB"},
		{1025ULL << 10, "1025KiB"},
	};
	for (size_t i = 0; i < sizeof(fmt_sizes) / sizeof(fmt_sizes[0]); i++) {
		uint64_t back = 1;
		CHECK_STR(units_format_size(fmt_sizes[i].in, buf, sizeof(buf)), fmt_sizes[i].want,
			  "format size %llu", (unsigned long long)fmt_sizes[i].in);
		CHECK(units_parse_size(buf, &back, &e) == 0 && back == fmt_sizes[i].in,
		      "size %s round-trips", buf);
	}
	static const struct {
		uint64_t in;
		double value;
		const char *unit;
		int decimals;
	} human[] = {
		{0, 0, "B", 0},
		{12, 12, "B", 0},
		{1023, 1023, "B", 0},
		{1024, 1, "KiB", 0},
		{1536, 1.5, "KiB", 2},
		{12800, 12.5, "KiB", 1},
		{3ULL << 30, 3, "GiB", 0},
		{(1ULL << 40) - 1, 1024 - 1.0 / (1ULL << 30), "GiB", 1},
		{5ULL << 50, 5120, "TiB", 0},
	};
	for (size_t i = 0; i < sizeof(human) / sizeof(human[0]); i++) {
		struct units_human h = units_human(human[i].in);
		CHECK(h.value == human[i].value && strcmp(h.unit, human[i].unit) == 0 &&
			      h.decimals == human[i].decimals,
		      "human %llu: %.17g %s, %d decimals", (unsigned long long)human[i].in, h.value,
		      h.unit, h.decimals);
	}

	static const struct {
		double in;
		const char *want;
	} fmt_durs[] = {
		{5400, "1h30m"}, {300, "5m"},     {150, "2m30s"},  {45, "45s"},    {1.5, "1.5s"},
		{0.5, "500ms"},  {0, "0s"},       {-3, "0s"},      {3605, "1h5s"}, {7200, "2h"},
		{0.9996, "1s"},  {59.9999, "1m"}, {2.25, "2.25s"}, {0.001, "1ms"}, {86400, "24h"},
	};
	for (size_t i = 0; i < sizeof(fmt_durs) / sizeof(fmt_durs[0]); i++) {
		double back = -1;
		CHECK_STR(units_format_duration(fmt_durs[i].in, buf, sizeof(buf)), fmt_durs[i].want,
			  "format duration %g", fmt_durs[i].in);
		CHECK(units_parse_duration(buf, &back, &e) == 0, "duration %s parses back", buf);
	}
	/* percentages (alert_min_change) */
	{
		static const char *const good[] = {"10%", "0%", "100%", "2.5 %"};
		static const double want[] = {0.10, 0, 1, 0.025};
		static const char *const bad[] = {"10", "%", "-1%", "101%", "10%x", " 10%", ""};
		double v;

		for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
			struct err pe = {{0}};

			CHECK(units_parse_percent(good[i], &v, &pe) == 0 &&
				      fabs(v - want[i]) < 1e-12,
			      "percent '%s' -> %g (%s)", good[i], v, pe.msg);
		}
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			struct err pe = {{0}};

			CHECK(units_parse_percent(bad[i], &v, &pe) < 0 &&
				      strstr(pe.msg, "is not a percentage from 0% to 100%"),
			      "percent '%s' refused: %s", bad[i], pe.msg);
		}
	}
	return check_done();
}

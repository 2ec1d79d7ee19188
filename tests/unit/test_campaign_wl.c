/* tests/unit/test_campaign_wl.c: the issue-13 keys of a campaign file: ops = mixed with
 * mix, size specs among [matrix] sizes (a dist: spec's commas), size = SPEC, range for
 * the get cells, the rate dimension, p99_limit; the run ids and plan.tsv columns they
 * give; and the errors, each naming file, line, section and key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/plan.h"
#include "tests/unit/check.h"

#define SUBJ "[subject a]\nendpoint = http://a\nbucket = b\n"

static struct campaign *parse(const char *text, struct err *e)
{
	return campaign_parse_string(text, "w.ini", e);
}

static void test_good(void)
{
	static const char text[] =
		"[campaign]\nname = w\np99_limit = 50ms\n"
		"[matrix]\nops = get, mixed\n"
		"sizes = 64KiB, dist:64KiB:50, 1MiB:30,4MiB:20, random:64KiB..1MiB\n"
		"concurrency = 4\nrate = 100/s, 500/s\nduration = 5s\n"
		"mix = get:60, put:20, delete:20\nrange = random:16KiB\n" SUBJ;
	struct err e = {{0}};
	struct campaign *c = parse(text, &e);
	struct plan *p = NULL;
	struct workload wl;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	CHECK(c != NULL, "issue-13 campaign parses: %s", e.msg);
	if (c == NULL)
		return;
	CHECK(c->p99_limit_ms == 50, "p99_limit 50ms");
	CHECK(c->n_ops == 2 && c->ops[1] == WL_MIXED, "ops get, mixed");
	CHECK(c->n_sizes == 3 && c->sizes[0] == 65536 && c->size_specs[0].kind == WL_SIZE_FIXED,
	      "three sizes, the first plain");
	CHECK(c->size_specs[1].kind == WL_SIZE_DIST && c->size_specs[1].n == 3 &&
	      c->sizes[1] == 4u << 20, "a dist: spec across the list's commas");
	CHECK_STR(c->size_specs[1].spec, "dist:64KiB:50,1MiB:30,4MiB:20", "dist spec");
	CHECK(c->size_specs[2].kind == WL_SIZE_RANDOM && c->sizes[2] == 1 << 20, "random spec");
	CHECK(c->n_rates == 2 && c->rates[0] == 100 && c->rates[1] == 500, "rates");
	CHECK(campaign_matrix_cells(c) == 12, "2 ops x 3 sizes x 1 conc x 2 rates");
	campaign_matrix_workload(c, 0, &wl);
	CHECK(wl.op == WL_GET && wl.range.kind == WL_RANGE_RANDOM && wl.rate == 100 &&
	      wl.mix.w[WL_GET] == 0, "cell 0: get, the range, 100/s, no mix");
	campaign_matrix_workload(c, 11, &wl);
	CHECK(wl.op == WL_MIXED && wl.range.kind == WL_RANGE_NONE && wl.rate == 500 &&
	      wl.mix.w[WL_GET] == 60 && wl.mix.w[WL_HEAD] == 0 && wl.sizes.kind == WL_SIZE_RANDOM,
	      "cell 11: mixed, its mix, no range, 500/s, random sizes");

	p = plan_build(c, NULL, &e);
	CHECK(p != NULL && p->n == 12, "12 runs");
	if (p == NULL)
		goto out;
	CHECK_STR(p->runs[0].id, "runs/cycle-01/a/get-64KiB-c4-r100", "first id");
	CHECK_STR(p->runs[3].id, "runs/cycle-01/a/get-dist-64KiB.50-1MiB.30-4MiB.20-c4-r500",
		  "dist id");
	CHECK_STR(p->runs[11].id, "runs/cycle-01/a/mixed-random-64KiB-1MiB-c4-r500",
		  "mixed random id");
	f = open_memstream(&buf, &len);
	CHECK(plan_write_tsv(p, c, f, &e) == 0, "plan.tsv written");
	fclose(f);
	CHECK(strstr(buf, "\ttimeout_s\tsize_spec\trange\tmix\trate\n") != NULL, "new columns");
	CHECK(strstr(buf, "\tdist:64KiB:50,1MiB:30,4MiB:20\trandom:16KiB\t\t500\n") != NULL,
	      "get row: size spec, range, no mix, rate");
	CHECK(strstr(buf, "\trandom:64KiB..1MiB\t\tget:60,put:20,delete:20\t500\n") != NULL,
	      "mixed row: mix");
	free(buf);
out:
	plan_free(p);
	campaign_free(c);
}

static void test_defaults(void)
{
	struct err e = {{0}};
	struct campaign *c = parse("[campaign]\nname = w\n[matrix]\nops = mixed\n"
				   "size = random:4KiB..1MiB\nconcurrency = 2\nduration = 5s\n"
				   SUBJ, &e);
	struct workload wl;

	CHECK(c != NULL, "size = SPEC, mixed without mix: %s", e.msg);
	if (c == NULL)
		return;
	CHECK(c->n_sizes == 1 && c->n_rates == 0 && c->p99_limit_ms == 0, "one size, no rate");
	campaign_matrix_workload(c, 0, &wl);
	CHECK(wl.mix.w[WL_GET] == 45 && wl.mix.w[WL_HEAD] == 30 && wl.rate == 0,
	      "Warp's default mix, closed loop");
	campaign_free(c);
}

static const struct {
	const char *text, *want;
} bad[] = {
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n"
	 "mix = get:1\n" SUBJ, "w.ini:8: [matrix] mix: a mix is only for ops = mixed"},
	{"[campaign]\nname = w\n[matrix]\nops = mixed\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nmix = get:1, list:2\n" SUBJ,
	 "w.ini:8: [matrix] mix: 'get:1, list:2': 'list' is not OP:WEIGHT of an op of a mix "
	 "(get, put, head, delete)"},
	{"[campaign]\nname = w\n[matrix]\nops = mixed\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nmix = get:0\n" SUBJ,
	 "w.ini:8: [matrix] mix: '': no op has a weight above 0"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n"
	 "range = 0..1KiB\n" SUBJ, "w.ini:8: [matrix] range: a range is only for get (ops = get)"},
	{"[campaign]\nname = w\n[matrix]\nops = get\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n"
	 "range = 0..64KiB\n" SUBJ,
	 "w.ini:8: [matrix] range: '0..64KiB' ends past the end of the 4KiB object"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = random:1MiB..4KiB\nconcurrency = 1\n"
	 "duration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] sizes: 'random:1MiB..4KiB': needs 0 < MIN <= MAX"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsize = dist:4KiB\nconcurrency = 1\n"
	 "duration = 3s\n" SUBJ, "w.ini:5: [matrix] size: 'dist:4KiB': '4KiB' is not SIZE:WEIGHT"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsize = 4KiB\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] size: give size (one size or size spec) or sizes, not both"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = dist:4KiB:1,8KiB:1, "
	 "dist:8KiB:1,4KiB:1, dist:4KiB:1,8KiB:1\nconcurrency = 1\nduration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] sizes: a size is listed twice"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\n"
	 "count = 10\nrate = 100/s\n" SUBJ,
	 "w.ini:8: [matrix] rate: '100/s': a rate run needs a duration bound"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nrate = 100/s, 0/s\n" SUBJ,
	 "w.ini:8: [matrix] rate: '0/s' is not a rate from above 0 to 100000/s (N/s)"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nrate = 100, 100/s\n" SUBJ,
	 "w.ini:8: [matrix] rate: a rate is listed twice"},
	{"[campaign]\nname = w\np99_limit = 50\n[matrix]\nops = put\nsizes = 4KiB\n"
	 "concurrency = 1\nduration = 3s\n" SUBJ, "w.ini:3: [campaign] p99_limit: '50' is not a "
	 "duration"},
	{"[campaign]\nname = w\n[matrix]\nops = put, stat\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\n" SUBJ, "w.ini:4: [matrix] ops: 'stat' is not a matrix op (put, get, "
	 "mixed; list, head, delete and multipart have their own sections)"},
};

int main(void)
{
	test_good();
	test_defaults();
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct err e = {{0}};
		struct campaign *c = parse(bad[i].text, &e);
		CHECK(c == NULL && strncmp(e.msg, bad[i].want, strlen(bad[i].want)) == 0,
		      "bad %zu: '%s'", i, e.msg);
		campaign_free(c);
	}
	return check_done();
}

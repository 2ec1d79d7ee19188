/* tests/unit/test_plan.c: run order (interleave, random with a seed, sequential), run ids,
 * --only, --cycle / --cycles, one-offs in the first cycle, plan.tsv. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/plan.h"
#include "tests/unit/check.h"

static const char *base =
	"[campaign]\nname = p\ncycles = 2\n%s\n"
	"[matrix]\nops = put, get\nsizes = 4KiB, 1MiB\nconcurrency = 1, 4\nduration = 3s\n"
	"objects = 20\n"
	"[list]\nobjects = 500\nconcurrency = 4\nduration = 3s\n"
	"[delete]\nobjects = 500\nconcurrency = 4\nbatch = 100\n"
	"[subject a]\nendpoint = http://a\nbucket = b\n"
	"[subject b]\nendpoint = http://b\nbucket = b\n"
	"[subject c]\nendpoint = http://c\nbucket = b\n";

static struct campaign *load(const char *campaign_extra)
{
	char text[4096];
	struct err e;
	struct campaign *c;

	snprintf(text, sizeof(text), base, campaign_extra);
	c = campaign_parse_string(text, "p.ini", &e);
	CHECK(c != NULL, "campaign parses: %s", c ? "" : e.msg);
	return c;
}

static int find(const struct plan *p, const char *id)
{
	for (int i = 0; i < p->n; i++)
		if (strcmp(p->runs[i].id, id) == 0)
			return i;
	return -1;
}

static void test_interleave(void)
{
	struct campaign *c = load("");
	struct err e;
	struct plan *p;

	if (c == NULL)
		return;
	p = plan_build(c, NULL, &e);
	CHECK(p != NULL, "plan builds: %s", p ? "" : e.msg);
	if (p == NULL)
		goto out;
	/* 2 cycles x 2 ops x 2 sizes x 2 conc x 3 subjects + (list, delete) x 3 */
	CHECK(p->n == 2 * 2 * 2 * 2 * 3 + 2 * 3, "run count %d", p->n);
	CHECK_STR(p->runs[0].id, "runs/cycle-01/a/put-4KiB-c1", "first run");
	CHECK_STR(p->runs[1].id, "runs/cycle-01/b/put-4KiB-c1", "subjects alternate");
	CHECK_STR(p->runs[2].id, "runs/cycle-01/c/put-4KiB-c1", "third subject");
	CHECK_STR(p->runs[3].id, "runs/cycle-01/a/put-4KiB-c4", "then concurrency");
	CHECK_STR(p->runs[6].id, "runs/cycle-01/a/put-1MiB-c1", "then size");
	CHECK_STR(p->runs[12].id, "runs/cycle-01/a/get-4KiB-c1", "then op");
	CHECK_STR(p->runs[24].id, "runs/once/a/list-4KiB-c4", "one-offs end cycle 1");
	CHECK_STR(p->runs[25].id, "runs/once/b/list-4KiB-c4", "one-offs interleaved");
	CHECK_STR(p->runs[27].id, "runs/once/a/delete-4KiB-c4", "delete after list");
	CHECK_STR(p->runs[30].id, "runs/cycle-02/a/put-4KiB-c1", "cycle 2 after the one-offs");
	CHECK(p->runs[30].cycle == 2 && p->runs[24].cycle == 0 && p->runs[0].cycle == 1,
	      "cycle numbers");
	CHECK(p->runs[12].wl.op == WL_GET && p->runs[12].wl.objects == 20, "get has objects");
	CHECK(p->runs[0].wl.objects == 0, "put prepares nothing");
	CHECK(p->runs[27].wl.bound == WL_BOUND_UNTIL_DONE && p->runs[27].wl.batch == 100 &&
		      p->runs[27].wl.objects == 500,
	      "delete workload");
	CHECK_NUM(p->runs[0].timeout_s, 66, 0, "run timeout");
	CHECK_NUM(p->runs[0].wl.duration_s, 3, 0, "run duration");
	/* ids unique */
	int dup = 0;
	for (int i = 0; i < p->n; i++)
		for (int j = 0; j < i; j++)
			dup += strcmp(p->runs[i].id, p->runs[j].id) == 0;
	CHECK(dup == 0, "run ids are unique");
	int unb;
	CHECK_NUM(plan_total_expected(p, 0, &unb), 3.0 * (48 + 3), 1e-9, "expected time");
	CHECK(unb == 3, "three until-done runs");

	/* plan.tsv */
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CHECK(plan_write_tsv(p, c, NULL, f, &e) == 0, "plan.tsv written");
	fclose(f);
	CHECK(strstr(buf, "# format: s3bench-plan/1\n") == buf, "plan.tsv format line");
	CHECK(strstr(buf, "\nn\tid\tcycle\tsubject\top\tsize\tconcurrency\t") != NULL,
	      "plan.tsv header row");
	CHECK(strstr(buf, "\n1\truns/cycle-01/a/put-4KiB-c1\t1\ta\tput\t4096\t1\tduration\t3\t"
			  "0\t0\t0\t0\t66\t\t\t\t\n") != NULL,
	      "plan.tsv first row");
	CHECK(strstr(buf, "# seed:") == NULL, "no seed line for interleave");
	free(buf);
	plan_free(p);
out:
	campaign_free(c);
}

static void test_sequential(void)
{
	struct campaign *c = load("order = sequential");
	struct err e;
	struct plan *p;

	if (c == NULL)
		return;
	p = plan_build(c, NULL, &e);
	CHECK(p != NULL, "sequential plan builds");
	if (p) {
		CHECK_STR(p->runs[0].id, "runs/cycle-01/a/put-4KiB-c1", "seq first");
		CHECK_STR(p->runs[1].id, "runs/cycle-01/a/put-4KiB-c4", "seq same subject");
		CHECK_STR(p->runs[7].id, "runs/cycle-01/a/get-1MiB-c4", "seq subject a last");
		CHECK_STR(p->runs[8].id, "runs/cycle-01/b/put-4KiB-c1", "seq then b");
		CHECK_STR(p->runs[24].id, "runs/once/a/list-4KiB-c4", "seq one-offs by subject");
		CHECK_STR(p->runs[25].id, "runs/once/a/delete-4KiB-c4", "seq a's delete next");
		CHECK_STR(p->runs[26].id, "runs/once/b/list-4KiB-c4", "seq then b's list");
		plan_free(p);
	}
	campaign_free(c);
}

/* the same multiset of ids as the interleaved plan, in another order */
static void test_random(void)
{
	struct campaign *c = load("order = random");
	struct plan_filter f = {.seed = 12345};
	struct err e;
	struct plan *p1 = NULL, *p2 = NULL, *p3 = NULL, *one = NULL;

	if (c == NULL)
		return;
	p1 = plan_build(c, &f, &e);
	p2 = plan_build(c, &f, &e);
	f.seed = 999;
	p3 = plan_build(c, &f, &e);
	CHECK(p1 && p2 && p3, "random plans build");
	if (p1 == NULL || !p2 || !p3)
		goto out;
	CHECK(p1->seed == 12345 && p3->seed == 999, "seed recorded");
	int same12 = 1, same13 = 1, in_order = 1;
	for (int i = 0; i < p1->n; i++) {
		same12 &= strcmp(p1->runs[i].id, p2->runs[i].id) == 0;
		same13 &= strcmp(p1->runs[i].id, p3->runs[i].id) == 0;
	}
	CHECK(same12, "same seed, same plan");
	CHECK(!same13, "another seed, another plan");
	CHECK(p1->n == 54, "all runs present (%d)", p1->n);
	/* every run of cycle 1 stays in cycle 1, one-offs still end cycle 1 */
	for (int i = 0; i < 24; i++)
		in_order &= p1->runs[i].cycle == 1;
	for (int i = 24; i < 30; i++)
		in_order &= p1->runs[i].cycle == 0;
	for (int i = 30; i < 54; i++)
		in_order &= p1->runs[i].cycle == 2;
	CHECK(in_order, "shuffled inside each cycle only");
	int moved = 0;
	for (int i = 0; i < 24; i++)
		moved += strcmp(p1->runs[i].id + strlen("runs/cycle-01/"),
				p1->runs[i + 30].id + strlen("runs/cycle-02/")) != 0;
	CHECK(moved > 0, "cycles get different orders");
	for (int i = 0; i < 24; i++) {
		char want[PLAN_ID_MAX];
		snprintf(want, sizeof(want), "%s", p1->runs[i].id);
		CHECK(find(p3, want) >= 0, "%s in the other plan", want);
	}
	/* --cycle 2 alone: the order cycle 2 has in the whole campaign */
	f.seed = 12345;
	f.cycle = 2;
	one = plan_build(c, &f, &e);
	CHECK(one && one->n == 24, "--cycle 2 has 24 runs, no one-offs");
	for (int i = 0; one && i < one->n && i < 24; i++)
		CHECK_STR(one->runs[i].id, p1->runs[30 + i].id, "--cycle 2 run %d", i);
	char *buf = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&buf, &len);
	plan_write_tsv(p1, c, NULL, mf, &e);
	fclose(mf);
	CHECK(strstr(buf, "# seed: 12345\n") != NULL, "seed in plan.tsv");
	FILE *tf = fopen("/tmp/s3bench-test-plan.tsv", "w");
	if (tf) {
		fputs(buf, tf);
		fclose(tf);
		uint64_t seed = 0;
		CHECK(plan_read_seed("/tmp/s3bench-test-plan.tsv", &seed, NULL) == 0 &&
			      seed == 12345,
		      "seed read back");
		remove("/tmp/s3bench-test-plan.tsv");
	}
	free(buf);
	/* a seed in the campaign wins over the filter's */
	campaign_free(c);
	c = load("order = random\nseed = 7");
	plan_free(one);
	f.cycle = 0;
	one = c ? plan_build(c, &f, &e) : NULL;
	CHECK(one && one->seed == 7, "campaign seed used");
out:
	plan_free(p1);
	plan_free(p2);
	plan_free(p3);
	plan_free(one);
	campaign_free(c);
}

static void test_filters(void)
{
	struct campaign *c = load("");
	struct plan_filter f = {0};
	struct err e;
	struct plan *p;

	if (c == NULL)
		return;
	f.only = "c,a";
	p = plan_build(c, &f, &e);
	CHECK(p && p->n == 2 * 16 + 4, "--only c,a: %d runs", p ? p->n : -1);
	if (p) {
		CHECK_STR(p->runs[0].id, "runs/cycle-01/a/put-4KiB-c1", "campaign order kept");
		CHECK_STR(p->runs[1].id, "runs/cycle-01/c/put-4KiB-c1", "c next");
		CHECK(find(p, "runs/cycle-01/b/put-4KiB-c1") < 0, "b left out");
		plan_free(p);
	}
	f.only = "a,zz";
	err_clear(&e);
	p = plan_build(c, &f, &e);
	CHECK(p == NULL, "--only unknown refused");
	CHECK_STR(e.msg, "--only: 'zz' is not a subject of p.ini (a, b, c)", "--only message");
	f.only = NULL;
	f.cycle = 3;
	p = plan_build(c, &f, &e);
	CHECK(p && p->n == 24 && p->first_cycle == 3 && p->last_cycle == 3,
	      "--cycle 3 beyond the campaign's cycles");
	if (p) {
		CHECK_STR(p->runs[0].id, "runs/cycle-03/a/put-4KiB-c1", "cycle-03 ids");
		plan_free(p);
	}
	f.cycle = 0;
	f.cycles = 1;
	p = plan_build(c, &f, &e);
	CHECK(p && p->n == 24 + 6, "--cycles 1");
	plan_free(p);
	f.cycles = 0;
	f.cycle = -1;
	p = plan_build(c, &f, &e);
	CHECK(p == NULL && strstr(e.msg, "--cycle: -1 is not a cycle number"), "bad --cycle: %s",
	      e.msg);
	campaign_free(c);
}

int main(void)
{
	test_interleave();
	test_sequential();
	test_random();
	test_filters();
	return check_done();
}

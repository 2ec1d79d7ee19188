/* tests/unit/test_plantsv.c: analyze/read/plantsv.h: plan.tsv's rows by the header's
 * column names (the columns added later absent or present, kept_as empty or set), a
 * missing plan, a short row named with its line, lookup by run directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/read/plantsv.h"
#include "tests/unit/check.h"

static char dir[] = "/tmp/test_plantsv.XXXXXX";

static void put_plan(const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/plan.tsv", dir);
	f = fopen(path, "w");
	CHECK(f != NULL, "write %s", path);
	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

int main(void)
{
	struct plantsv p;
	struct err e = {{0}};
	const struct plantsv_row *r;
	char path[600];

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	CHECK(plantsv_read(dir, &p, &e) == 0 && p.n == 0, "no plan.tsv: an empty plan");
	plantsv_clear(&p);

	put_plan("# format: s3bench-plan/1\n# subjects: a,b\n"
		 "n\tid\tcycle\tsubject\top\tsize\tconcurrency\tbound\tsize_spec\trate\n"
		 "1\truns/cycle-01/a/put-4KiB-c1\t1\ta\tput\t4096\t1\tcount\t\t\n"
		 "2\truns/once/b/list-4KiB-c8\t0\tb\tlist\t4096\t8\tcount\t\t\n");
	CHECK(plantsv_read(dir, &p, &e) == 0 && p.n == 2 && p.n_kept_as == 0,
	      "a plan without kept_as: 2 rows (%s)", e.msg);
	r = plantsv_find(&p, "runs/once/b/list-4KiB-c8");
	CHECK(r != NULL && r->cycle == 0 && !strcmp(r->subject, "b") && !strcmp(r->op, "list") &&
		      r->size == 4096 && r->concurrency == 8 && r->kept_as == NULL,
	      "a one-off row found by its directory");
	CHECK(plantsv_find(&p, "runs/cycle-01/b/put-4KiB-c1") == NULL, "an unplanned directory");
	plantsv_clear(&p);

	put_plan("# changed: 1 runs kept ...\n"
		 "n\tid\tcycle\tsubject\top\tsize\tconcurrency\tkept_as\n"
		 "1\truns/cycle-01/a/put-4KiB-c1\t1\ta\tput\t4096\t1\tworkload.count=2\n"
		 "2\truns/cycle-01/b/put-4KiB-c1\t1\tb\tput\t4096\t1\t\n");
	CHECK(plantsv_read(dir, &p, &e) == 0 && p.n == 2 && p.n_kept_as == 1, "kept_as: %s", e.msg);
	r = plantsv_find(&p, "runs/cycle-01/a/put-4KiB-c1");
	CHECK(r != NULL && r->kept_as != NULL && !strcmp(r->kept_as, "workload.count=2"),
	      "the kept run's conditions");
	r = plantsv_find(&p, "runs/cycle-01/b/put-4KiB-c1");
	CHECK(r != NULL && r->kept_as == NULL, "an empty kept_as: measured as planned");
	plantsv_clear(&p);

	put_plan("n\tid\tcycle\tsubject\top\tsize\tconcurrency\n"
		 "1\truns/cycle-01/a/put-4KiB-c1\t1\ta\tput\t4096\t1\n"
		 "2\truns/cycle-01/a/get-4KiB-c1\t1\n");
	CHECK(plantsv_read(dir, &p, &e) < 0 && strstr(e.msg, "plan.tsv:3: fewer columns") &&
		      p.n == 1,
	      "a short row named with its line: %s", e.msg);
	plantsv_clear(&p);

	put_plan("n\tname\n1\tx\n");
	CHECK(plantsv_read(dir, &p, &e) == 0 && p.n == 0, "no id column: an empty plan");
	plantsv_clear(&p);

	snprintf(path, sizeof(path), "%s/plan.tsv", dir);
	unlink(path);
	rmdir(dir);
	return check_done();
}

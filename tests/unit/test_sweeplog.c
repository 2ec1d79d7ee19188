/* tests/unit/test_sweeplog.c: core/sweeplog.h (OUT/sweeps.json: append, read back, stale
 * temporaries, wrong files named) and analyze/read/pricefile.h (a price file read with inih:
 * sections, price_unit applied first, wrong strings and sections named FILE:LINE: [SECTION]
 * KEY, FILE or FILE:SECTION split). */
#include "analyze/read/pricefile.h"
#include "core/sweeplog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/check.h"

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

static void sweeps(const char *dir)
{
	struct sweep_rec r[2], *v = NULL;
	struct err e = {{0}};
	char path[600];
	size_t n = 9;

	CHECK(sweeplog_read(dir, &v, &n, &e) == 0 && n == 0 && v == NULL, "no file: no sweeps");
	memset(r, 0, sizeof(r));
	snprintf(r[0].run, sizeof(r[0].run), "runs/once/a/put-4KiB-c1");
	snprintf(r[0].subject, sizeof(r[0].subject), "a");
	snprintf(r[0].by, sizeof(r[0].by), "clean");
	bill_count_op(&r[0].bill, BOP_PUT_OBJECT, 3, 0, 0);
	bill_count_op(&r[0].bill, BOP_DELETE_OBJECTS, 4, 0, 0);
	r[0].bill.xml_out = 100;
	r[1] = r[0];
	snprintf(r[1].by, sizeof(r[1].by), "resume");
	snprintf(r[1].time, sizeof(r[1].time), "2026-12-03T16:00:00Z");
	snprintf(path, sizeof(path), "%s/.sweeps.json.tmp.99999", dir);
	put(path, "half");
	CHECK(sweeplog_append(dir, &r[0], 1, &e) == 0, "append one: %s", e.msg);
	CHECK(access(path, F_OK) != 0, "a stale temporary is removed");
	CHECK(sweeplog_append(dir, &r[1], 1, &e) == 0, "append another: %s", e.msg);
	CHECK(sweeplog_read(dir, &v, &n, &e) == 0 && n == 2, "read back two: %s", e.msg);
	if (n == 2) {
		CHECK_STR(v[0].run, "runs/once/a/put-4KiB-c1", "run");
		CHECK_STR(v[0].by, "clean", "by");
		CHECK(strlen(v[0].time) == 20 && v[0].time[19] == 'Z', "time set: %s", v[0].time);
		CHECK_STR(v[1].time, "2026-12-03T16:00:00Z", "a given time kept");
		CHECK(v[1].bill.req[BOP_PUT_OBJECT].n == 3 &&
			      v[1].bill.req[BOP_DELETE_OBJECTS].n == 4 && v[1].bill.xml_out == 100,
		      "counts round-trip");
	}
	free(v);
	snprintf(path, sizeof(path), "%s/sweeps.json", dir);
	put(path, "{\"format\": \"s3bench-sweeps/1\", \"sweeps\": [{\"run\": 1}]}");
	CHECK(sweeplog_read(dir, &v, &n, &e) < 0 && strstr(e.msg, "sweeps[0].run") != NULL,
	      "a wrong field is named: %s", e.msg);
	put(path, "{\"format\": \"other/1\", \"sweeps\": []}");
	CHECK(sweeplog_read(dir, &v, &n, &e) < 0 && strstr(e.msg, "not a s3bench-sweeps/1") != NULL,
	      "another format refused: %s", e.msg);
	CHECK(sweeplog_append(dir, &r[0], 1, &e) < 0, "append refuses to overwrite another file");
	unlink(path);
}

static void prices(const char *dir)
{
	struct pricefile pf;
	struct prices p;
	struct err e = {{0}};
	char path[600], file[600];
	const char *sec;

	snprintf(path, sizeof(path), "%s/p.ini", dir);
	/* price_egress before price_unit in the file: applied after it all the same */
	put(path, "; test\n[x]\ndate = 2026-12-03\nsource = here\nprice_egress = 90/TB\n"
		  "price_unit = GB\nprice_class_b = 0.4/1M\n[y]\nprice_class_a = 1/1\n");
	CHECK(pricefile_read(path, &pf, &e) == 0, "read: %s", e.msg);
	CHECK(pricefile_has(&pf, "x") && pricefile_has(&pf, "y") && !pricefile_has(&pf, "z"),
	      "sections");
	pricefile_prices(&pf, "x", &p);
	CHECK(p.decimal && fabs(p.egress[0].price - 0.09) < 1e-12 &&
		      fabs(price_op(&p, BOP_GET_OBJECT) - 0.4e-6) < 1e-18,
	      "x: GB, 0.09/GB, 0.4/1M (%g)", p.egress[0].price);
	CHECK_STR(p.date, "2026-12-03", "date is the price date");
	pricefile_prices(&pf, "y", &p);
	CHECK(price_op(&p, BOP_PUT_OBJECT) == 1 && p.n_egress == 0, "y alone");
	pricefile_clear(&pf);
	put(path, "[x]\nprice_unit = GB\n\nprice_egress = 0.09/XB\n");
	CHECK(pricefile_read(path, &pf, &e) < 0 &&
		      strstr(e.msg, "p.ini:4: [x] price_egress: "
				    "'0.09/XB' is not a price per GB") != NULL,
	      "a wrong string: FILE:LINE: [SECTION] KEY: %s", e.msg);
	put(path, "[x]\nprice_colour = 1\n");
	CHECK(pricefile_read(path, &pf, &e) < 0 &&
		      strstr(e.msg, ":2: [x] price_colour: unknown key"),
	      "an unknown key: %s", e.msg);
	/* a section read as a whole: its class without a price named at its own line */
	put(path, "[x]\nprice_class_b = 1/1000\n[y]\nprice_class_a = 1/1\nclass_c = CopyObject\n"
		  "source = here\n");
	CHECK(pricefile_read(path, &pf, &e) < 0 &&
		      strstr(e.msg, "p.ini:5: [y] class_c: class c has no price: give "
				    "price_class_c (0/1000 when free)"),
	      "a class without a price: FILE:LINE: [SECTION] KEY: %s", e.msg);
	put(path,
	    "[y]\nclass_c = CopyObject\nprice_class_c = 0.004/1000\nfree_class_c = 2500/day\n");
	CHECK(pricefile_read(path, &pf, &e) == 0, "classes, C of B2's kind: %s", e.msg);
	pricefile_prices(&pf, "y", &p);
	CHECK(fabs(price_op(&p, BOP_COPY_OBJECT) - 4e-6) < 1e-18 && p.cls[0].free_n == 2500,
	      "...read");
	pricefile_clear(&pf);
	sec = pricefile_split(path, file, sizeof(file));
	CHECK(sec == NULL && strcmp(file, path) == 0, "an existing file: no section");
	char arg[700];
	snprintf(arg, sizeof(arg), "%s:aws", path);
	sec = pricefile_split(arg, file, sizeof(file));
	CHECK(sec != NULL && strcmp(sec, "aws") == 0 && strcmp(file, path) == 0, "FILE:SECTION");
	unlink(path);
}

int main(void)
{
	char dir[] = "/tmp/test_sweeplog.XXXXXX";

	if (mkdtemp(dir) == NULL)
		return 1;
	sweeps(dir);
	prices(dir);
	rmdir(dir);
	return check_done();
}

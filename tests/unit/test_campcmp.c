/* tests/unit/test_campcmp.c: analyze/read/campcmp.h: two campaign.ini files compared for a
 * merge of vantages: alike (names, vantage, endpoints and blanks around commas may differ),
 * or the first difference named with its file, section, key and both values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/read/campcmp.h"
#include "tests/unit/check.h"

static char da[] = "/tmp/test_campcmp.XXXXXX", db[] = "/tmp/test_campcmp.XXXXXX";

static void put(const char *dir, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/campaign.ini", dir);
	f = fopen(path, "w");
	CHECK(f != NULL, "write %s", path);
	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

#define BASE                                                                          \
	"[campaign]\nname = x\ncycles = 3\nvantage = us\n[matrix]\nops = put, get\n"  \
	"sizes = 1MiB, 5MiB\nconcurrency = 1, 8\n[subject a]\nendpoint = https://a\n" \
	"[subject b]\nendpoint = https://b\n"

static const struct {
	const char *what, *b;
	int rc;
	const char *msg; /* in the message, after b's file name */
} cases[] = {
	{"the same file", BASE, 0, NULL},
	{"another name, vantage, endpoint and blanks",
	 "[campaign]\nname = y\ncycles = 3\nvantage = eu\n[matrix]\nops = put,get\n"
	 "sizes = 1MiB ,5MiB\nconcurrency = 1,  8\n[subject a]\nendpoint = https://eu.a\n"
	 "[subject b]\nendpoint = https://b\n",
	 0, NULL},
	{"another concurrency",
	 "[campaign]\ncycles = 3\n[matrix]\nops = put, get\nsizes = 1MiB, 5MiB\n"
	 "concurrency = 1, 16\n[subject a]\n[subject b]\nx = 1\n",
	 1, "[matrix] concurrency = 1, 16, but "},
	{"other cycles",
	 "[campaign]\ncycles = 5\n[matrix]\nops = put, get\nsizes = 1MiB, 5MiB\n"
	 "concurrency = 1, 8\n[subject a]\nx = 1\n[subject b]\nx = 1\n",
	 1, "[campaign] cycles = 5, but "},
	{"a subject missing",
	 "[campaign]\ncycles = 3\n[matrix]\nops = put, get\nsizes = 1MiB, 5MiB\n"
	 "concurrency = 1, 8\n[subject a]\nx = 1\n",
	 1, "section [subject b] is not in "},
	{"a key only b has",
	 "[campaign]\ncycles = 3\n[matrix]\nops = put, get\nsizes = 1MiB, 5MiB\n"
	 "concurrency = 1, 8\nduration = 30s\n[subject a]\nx = 1\n[subject b]\nx = 1\n",
	 1, "[matrix] duration = 30s is not in "},
	{"not an INI file", "[matrix\n", -1, ":1: not an INI line"},
};

int main(void)
{
	if (mkdtemp(da) == NULL || mkdtemp(db) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	put(da, BASE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct err e = {{0}};
		int rc;

		put(db, cases[i].b);
		rc = campcmp_matrix(da, db, &e);
		CHECK(rc == cases[i].rc, "%s: rc %d (%s)", cases[i].what, rc, e.msg);
		if (cases[i].msg != NULL)
			CHECK(strstr(e.msg, cases[i].msg) != NULL &&
				      strstr(e.msg, "campaign.ini") != NULL,
			      "%s: the message names file, section and key: %s", cases[i].what,
			      e.msg);
	}
	{
		struct err e = {{0}};
		char path[600];

		snprintf(path, sizeof(path), "%s/campaign.ini", db);
		unlink(path);
		CHECK(campcmp_matrix(da, db, &e) < 0 && strstr(e.msg, "cannot be read"),
		      "a missing campaign.ini is named: %s", e.msg);
		snprintf(path, sizeof(path), "%s/campaign.ini", da);
		unlink(path);
	}
	rmdir(da);
	rmdir(db);
	return check_done();
}

/* tests/tools/gen_truth/main.c: write a SYNTHETIC campaign whose truth is known, and that
 * truth: the claims a right analysis must make of it (tests/e2e/claims_truth.sh; the
 * checker: tests/tools/claims_check.py; docs/METHODOLOGY.md, "Claims").
 *
 *   gen_truth SCENARIO OUT_DIR    OUT_DIR/runs/... (run.json files, sim.h) and
 *                                 OUT_DIR/truth.json
 *   gen_truth --list              the scenarios, one a line
 *
 * truth.json: {"scenario", "expect": {ID: {"verdict": V or [V...], "subject": S or null,
 * "subjects": [...], "reasons": [...], "figures": {NAME: [VALUE, TOLERANCE]}}}, "absent":
 * [ID prefixes no claim may have]}; a member left out of an expectation is not checked.
 * The scenarios (scenarios.c) each say what they build and why the truth is what it is.
 *
 * Exit status: 0 written, 1 error, 2 usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/fsutil.h"
#include "tests/tools/gen_truth/scenarios.h"

int main(int argc, char **argv)
{
	struct sim_gen g = {
		.cycles = 5, .seconds = 8, .p99_limit_ms = 50, .rng = 88172645463325252ULL};
	const struct scenario *sc;
	struct truth t = {0};
	struct err e = {{0}};
	char path[4096];
	int rc = 1;

	if (argc == 2 && strcmp(argv[1], "--list") == 0) {
		for (sc = scenarios; sc->name != NULL; sc++)
			printf("%s\n", sc->name);
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: gen_truth SCENARIO OUT_DIR | gen_truth --list\n");
		return 2;
	}
	for (sc = scenarios; sc->name != NULL && strcmp(sc->name, argv[1]) != 0; sc++)
		;
	if (sc->name == NULL) {
		fprintf(stderr, "gen_truth: no scenario %s (gen_truth --list)\n", argv[1]);
		return 2;
	}
	g.out = argv[2];
	g.name = sc->name;
	if (truth_init(&t, sc->name) < 0 || fs_mkdirs(g.out, &e) < 0 || sc->build(&g, &t, &e) < 0)
		goto done;
	snprintf(path, sizeof(path), "%s/truth.json", g.out);
	if (json_dump_file(t.root, path, JSON_INDENT(1) | JSON_PRESERVE_ORDER) != 0) {
		err_set(&e, "%s: cannot write", path);
		goto done;
	}
	rc = 0;
done:
	if (rc != 0)
		fprintf(stderr, "gen_truth: %s\n", e.msg[0] ? e.msg : "out of memory");
	json_decref(t.root);
	return rc;
}

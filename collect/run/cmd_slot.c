/* collect/run/cmd_slot.c: `collect slot CAMPAIGN.ini --cycle K --anchor FILE [--now TIME]`:
 * whether a scheduled build runs cycle K now (docs/SCHEDULING.md, "Spreading cycles over the
 * day and the week"; the placement: collect/run/schedule.h). Prints one line: "run: cycle K
 * ..." or "wait: cycle K ..." with the slot; with schedule = spread the anchor (a UTC
 * midnight, Unix seconds, one line) is read from FILE, and written there (atomically) when
 * it was absent or moved on. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign.h"
#include "collect/run/cli.h"
#include "collect/run/schedule.h"
#include "core/exitcode.h"
#include "core/fsutil.h"
#include "core/timefmt.h"

static const char *const weekdays[] = {"",         "Monday", "Tuesday",  "Wednesday",
				       "Thursday", "Friday", "Saturday", "Sunday"};

/* read_anchor: FILE's anchor into *anchor; -1 when absent (none yet). 0, or -1 with e set
 * when it exists but is not a UTC midnight. */
static int read_anchor(const char *path, int64_t *anchor, struct err *e)
{
	char *text = fs_read_file(path, 64, NULL, &(struct err){{0}}), *end;
	long long v;
	int rc = 0;

	*anchor = -1;
	if (text == NULL)
		return 0;
	v = strtoll(text, &end, 10);
	if (end == text || (*end != '\0' && *end != '\n') || v < 0 || v % SCHEDULE_DAY_S != 0)
		rc = err_set(e, "%s: not a UTC midnight in Unix seconds (delete it to start over)",
			     path);
	else
		*anchor = v;
	free(text);
	return rc;
}

static int write_anchor(const char *path, int64_t anchor, struct err *e)
{
	struct fs_atomic a;
	FILE *f = fs_atomic_fopen(&a, path, e);

	if (f == NULL)
		return -1;
	fprintf(f, "%lld\n", (long long)anchor);
	return fs_atomic_commit(&a, e);
}

/* decide: the line for cycle k at now of campaign c, the anchor file updated. */
static int decide(const struct campaign *c, int k, const char *file, int64_t now, struct err *e)
{
	struct schedule_slot s;
	char a[40], b[40];
	int64_t anchor, was;
	int run;

	if (!c->schedule_spread) {
		printf("run: cycle %d (schedule = each: every build runs its cycle)\n", k);
		return 0;
	}
	if (read_anchor(file, &anchor, e) < 0)
		return -1;
	was = anchor;
	run = schedule_decide(&anchor, k, now, &s);
	if (anchor != was && write_anchor(file, anchor, e) < 0)
		return -1;
	rfc3339_format(a, sizeof(a), s.start * 1000000000LL);
	rfc3339_format(b, sizeof(b), s.end * 1000000000LL);
	printf("%s: cycle %d, slot %s to %s (band %d of 8, %s)%s\n", run ? "run" : "wait", k, a, b,
	       s.band + 1, weekdays[s.weekday],
	       was >= 0 && anchor != was ? "; its slot had passed: moved on by whole days" : "");
	return 0;
}

int cmd_slot(int argc, char **argv)
{
	static const struct option opts[] = {{"cycle", required_argument, 0, 'y'},
					     {"anchor", required_argument, 0, 'a'},
					     {"now", required_argument, 0, 'n'},
					     {0, 0, 0, 0}};
	const char *file = NULL;
	int64_t now = time_now_ns() / 1000000000LL, ns;
	struct err e = {{0}};
	struct campaign *c;
	long k = 0;
	int ch, rc;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (ch == 'y' && cli_parse_int("--cycle", optarg, 1, CAMPAIGN_CYCLES_MAX, &k) < 0)
			return EXITCODE_USAGE;
		if (ch == 'a')
			file = optarg;
		if (ch == 'n' && rfc3339_parse(optarg, &ns) < 0)
			return cli_usage_error("slot: --now takes an RFC 3339 time");
		if (ch == 'n')
			now = ns / 1000000000LL;
		if (ch == '?')
			return EXITCODE_USAGE;
	}
	if (optind != argc - 1 || k == 0 || file == NULL)
		return cli_usage_error(
			"slot: collect slot CAMPAIGN.ini --cycle K --anchor FILE [--now TIME]");
	if ((c = campaign_load(argv[optind], &e)) == NULL) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return EXITCODE_USAGE;
	}
	rc = decide(c, (int)k, file, now, &e);
	if (rc < 0)
		fprintf(stderr, "collect: slot: %s\n", e.msg);
	campaign_free(c);
	return rc < 0 ? EXITCODE_USAGE : EXITCODE_OK;
}

/* tests/unit/test_campaign.c: campaign files, good and bad; every error names
 * file:line: [section] key. Also loads the shipped example and test campaigns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/campaign_runs.h"
#include "core/palette.h"
#include "tests/unit/check.h"

#define HEAD "[campaign]\nname = demo\n" /* lines 1-2 */
#define MATRIX                                                               \
	"[matrix]\nops = put, get\nsizes = 4KiB, 1MiB\nconcurrency = 1, 4\n" \
	"duration = 3s\n"                                               /* lines 3-7 */
#define SUBJ "[subject a]\nendpoint = http://127.0.0.1:1\nbucket = b\n" /* 8-10 */
#define BASE HEAD MATRIX SUBJ

/* Bad inputs: the text and the exact start of the message. */
static const struct {
	const char *text;
	const char *want;
} bad[] = {
	{HEAD "[matrix]\nops = put\nsizes = 5XB\nconcurrency = 1\nduration = 3s\n" SUBJ,
	 "t.ini:5: [matrix] sizes: '5XB' is not a size"},
	{HEAD "[matrix]\nops = put, stat\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n" SUBJ,
	 "t.ini:4: [matrix] ops: 'stat' is not a matrix op"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 0\nduration = 3s\n" SUBJ,
	 "t.ini:6: [matrix] concurrency: '0' is not a concurrency from 1 to 1024"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB, 4096\nconcurrency = 1\nduration = 3s\n" SUBJ,
	 "t.ini:5: [matrix] sizes: a size is listed twice"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB,,1MiB\nconcurrency = 1\nduration = 3s\n" SUBJ,
	 "t.ini:5: [matrix] sizes: empty item in the list"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1,2,3,4,5,6,7,8,9,10,11,12,13,14,"
	      "15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33\nduration = 3s\n" SUBJ,
	 "t.ini:6: [matrix] concurrency: too many items (at most 32)"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 3x\n" SUBJ,
	 "t.ini:7: [matrix] duration: '3x' is not a duration"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\ncount = 5\n" SUBJ,
	 "t.ini:8: [matrix] count: give duration or count, not both"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\n" SUBJ,
	 "t.ini:3: [matrix]: needs duration = D or count = N"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\ncount = -3\n" SUBJ,
	 "t.ini:7: [matrix] count: '-3' is not a count from 1 to 1000000000"},
	{HEAD
	 "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 1m\ntimeout = 30s\n" SUBJ,
	 "t.ini:8: [matrix] timeout: '30s' is not longer than the duration"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nbound = until-done\n" SUBJ,
	 "t.ini:7: [matrix] bound: 'until-done' is only for delete"},
	{HEAD "[matrix]\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n" SUBJ,
	 "t.ini:3: [matrix]: needs ops = ..."},
	{HEAD SUBJ, "t.ini: no [matrix] section (nor [replay])"},
	{MATRIX SUBJ, "t.ini: no [campaign] section"},
	{HEAD MATRIX, "t.ini: no [subject ID] section"},
	{"[campaign]\ntitle = x\n" MATRIX SUBJ, "t.ini:1: [campaign]: needs name = NAME"},
	{"[campaign]\nname = a/b\n" MATRIX SUBJ, "t.ini:2: [campaign] name: 'a/b' is not a valid"},
	{"[campaign]\nname = demo\ncycles = 0\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] cycles: '0' is not a whole number from 1 to 1000000"},
	{"[campaign]\nname = demo\ncycles = auto\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] cycles: auto needs a bound: max_cycles = N or max_cost = AMOUNT"},
	{"[campaign]\nname = demo\ncycles = auto\nmax_cycles = 9\ntarget_ci = 0%\n" MATRIX SUBJ,
	 "t.ini:5: [campaign] target_ci: '0%' is not a percentage above 0% and at most 50%"},
	{"[campaign]\nname = demo\ncycles = auto\nmax_cycles = 9\ntarget_ci = 51%\n" MATRIX SUBJ,
	 "t.ini:5: [campaign] target_ci: '51%' is not a percentage above 0% and at most 50%"},
	{"[campaign]\nname = demo\ncycles = 4\ntarget_ci = 5%\n" MATRIX SUBJ,
	 "t.ini:4: [campaign] target_ci: is read only with cycles = auto"},
	{"[campaign]\nname = demo\ncycles = auto\nmin_cycles = 6\nmax_cycles = 5\n" MATRIX SUBJ,
	 "t.ini:5: [campaign] max_cycles: is below min_cycles"},
	{"[campaign]\nname = demo\ncycles = auto\nmax_cycles = 1001\n" MATRIX SUBJ,
	 "t.ini:4: [campaign] max_cycles: '1001' is not a whole number from 2 to 1000"},
	{"[campaign]\nname = demo\npolicy = top\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] policy: 'top' is not a policy (mean, median, best, best-of-means)"},
	{"[campaign]\nname = demo\npolicy = best-of-means\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] policy: best-of-means needs repeat = N in [campaign]"},
	{"[campaign]\nname = demo\npolicy = mean\nrepeat = 4\n" MATRIX SUBJ,
	 "t.ini:4: [campaign] repeat: is read only with policy = best-of-means"},
	{"[campaign]\nname = demo\npolicy = best-of-means\nrepeat = 0\n" MATRIX SUBJ,
	 "t.ini:4: [campaign] repeat: '0' is not a whole number from 1 to 1000"},
	{"[campaign]\nname = demo\n" MATRIX SUBJ "tz = Mars/Olympus\n",
	 "t.ini:11: [subject a] tz: 'Mars/Olympus' is not a time zone of /usr/share/zoneinfo"},
	{"[campaign]\nname = demo\n" MATRIX SUBJ "tz = ../etc/passwd\n",
	 "t.ini:11: [subject a] tz: '../etc/passwd' is not a time zone name"},
	{"[campaign]\nname = demo\nschedule = nightly\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] schedule: 'nightly' is not a schedule (each, spread)"},
	{"[campaign]\nname = demo\norder = shuffled\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] order: 'shuffled' is not an order"},
	{"[campaign]\nname = demo\nseed = x1\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] seed: 'x1' is not a whole number"},
	{"[campaign]\nname = demo\ncolour = red\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] colour: unknown key"},
	{"[campaign]\nname = demo\nname = again\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] name: repeated (first at line 2"},
	{"[campaign]\nname = demo\ntitle =\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] title: empty value"},
	{"[campaign]\nname = demo\ntimeout = 2s\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] timeout: is not longer than the duration"},
	{BASE "[bogus]\n", "t.ini:11: [bogus]: unknown section"},
	{BASE "[replay]\nspeed = 2\n", "t.ini:11: [replay]: needs trace = FILE"},
	{BASE "[replay]\ntrace = /nonexistent/t.csv\n",
	 "t.ini:12: [replay] trace: /nonexistent/t.csv: cannot open"},
	{BASE "[replay]\ntrace = /dev/zero\n",
	 "t.ini:12: [replay] trace: /dev/zero: not a regular file"},
	{BASE "[replay]\ntrace = /nonexistent/t.csv\nspeed = 0\n",
	 "t.ini:13: [replay] speed: '0' is not a number above 0"},
	{BASE "[replay]\ntrace = /nonexistent/t.csv\nops = get,list\n",
	 "t.ini:13: [replay] ops: 'list' is not an op of a replay"},
	{BASE "[replay]\ntrace = /nonexistent/t.csv\nops = get , list \n",
	 "t.ini:13: [replay] ops: 'list' is not an op of a replay"},
	{BASE "[replay]\ntrace = /nonexistent/t.csv\nremap = all\n",
	 "t.ini:13: [replay] remap: 'all' is not keys or none"},
	{BASE "[replay]\ntrace = /nonexistent/t.csv\nwindow = 5s\n",
	 "t.ini:13: [replay] window: '5s' is not START..END"},
	{BASE "[matrix]\nops = get\n", "t.ini:11: [matrix]: section repeated (first at line 3)"},
	{BASE "just a line\n", "t.ini:11: syntax error"},
	{"name = x\n" BASE, "t.ini:1: name: key outside any section"},
	{BASE "[list]\nobjects = 10\n", "t.ini:11: [list]: needs duration = D or count = N"},
	{BASE "[list]\nobjects = 10\ncount = 2\nbatch = 5\n",
	 "t.ini:14: [list] batch: unknown key"},
	{BASE "[delete]\nobjects = 10\nbatch = 0\n",
	 "t.ini:13: [delete] batch: '0' is not a batch from 1 to 1000"},
	{BASE "[delete]\nbound = until-done\ncount = 3\n",
	 "t.ini:12: [delete] bound: until-done takes no duration or count"},
	{BASE "[delete]\nbound = forever\n", "t.ini:12: [delete] bound: 'forever' is not a bound"},
	{BASE "[head]\nsize = 4XiB\ncount = 1\n", "t.ini:12: [head] size: '4XiB' is not a size"},
	{BASE "[multipart]\nsize = 20MiB\npart_size = 1MiB\ncount = 1\n",
	 "t.ini:13: [multipart] part_size: '1MiB' is smaller than S3's 5MiB minimum"},
	{BASE "[multipart]\nsize = 5MiB\ncount = 1\n",
	 "t.ini:12: [multipart] size: '5MiB' is not larger than the part size 5MiB"},
	{BASE "[multipart]\ncount = 1\n",
	 "t.ini:11: [multipart] size: '4KiB' is not larger than the part size 5MiB"},
	{BASE "[multipart]\nsize = 60GiB\npart_size = 5MiB\ncount = 1\n",
	 "t.ini:12: [multipart] size: '60GiB' needs more than S3's 10000 parts of 5MiB"},
	{BASE "[multipart]\nsize = 60GiB\npart_size = 6GiB\ncount = 1\n",
	 "t.ini:13: [multipart] part_size: '6GiB' is larger than S3's 5GiB maximum"},
	{BASE "[head]\nconcurrency = 2000\ncount = 1\n",
	 "t.ini:12: [head] concurrency: '2000' is not a concurrency from 1 to 1024"},
	{BASE "[list]\nobjects = 0\ncount = 1\n",
	 "t.ini:12: [list] objects: '0' is not a number of objects from 1 to 100000000"},
	{HEAD MATRIX "[subject a]\nbucket = b\n", "t.ini:8: [subject a]: needs endpoint"},
	{HEAD MATRIX "[subject a]\nendpoint = http://x\n", "t.ini:8: [subject a]: needs bucket"},
	{HEAD MATRIX "[subject a]\nendpoint = ftp://x\nbucket = b\n",
	 "t.ini:9: [subject a] endpoint: 'ftp://x' is not an http:// or https:// URL"},
	{HEAD MATRIX "[subject a]\nendpoint = http://bench:pw@x:1\nbucket = b\n",
	 "t.ini:9: [subject a] endpoint: 'http://***@x:1' holds user info (NAME:PASSWORD@"},
	{HEAD MATRIX "[subject a]\nendpoint = http://x:1/s3?a=b\nbucket = b\n",
	 "t.ini:9: [subject a] endpoint: 'http://x:1/s3?a=b' has a path (/s3) after the host"},
	{HEAD MATRIX "[subject a]\nendpoint = http://x:1?a=b\nbucket = b\n",
	 "t.ini:9: [subject a] endpoint: 'http://x:1?a=b' has a query (?...)"},
	{HEAD MATRIX "[subject a]\nendpoint = http://x:70000\nbucket = b\n",
	 "t.ini:9: [subject a] endpoint: 'http://x:70000': port 70000 is out of range (1-65535)"},
	{BASE "addressing = vhost\n", "t.ini:11: [subject a] addressing: 'vhost' is not an"},
	{BASE "color = red\n", "t.ini:11: [subject a] color: 'red' is not a colour (#rrggbb)"},
	{BASE "color = #12345g\n", "t.ini:11: [subject a] color: '#12345g' is not a colour"},
	{BASE "insecure = maybe\n", "t.ini:11: [subject a] insecure: 'maybe' is not true or false"},
	{BASE "secret_key = abc\n", "t.ini:11: [subject a] secret_key: unknown key"},
	{BASE "credentials = env:A-B\n", "t.ini:11: [subject a] credentials: 'env:A-B' is not"},
	{BASE "credentials = keys:abc\n", "t.ini:11: [subject a] credentials: 'keys:abc' is not"},
	{BASE "profile = p\ncredentials = env:X\n",
	 "t.ini:12: [subject a] credentials: give profile or credentials, not both"},
	{BASE "[subject a]\nendpoint = http://y\nbucket = c\n",
	 "t.ini:11: [subject a]: section repeated (first at line 8)"},
	{BASE "[subject .hidden]\nendpoint = http://y\nbucket = c\n",
	 "t.ini:11: [subject .hidden]: '.hidden' is not a valid subject id"},
	{BASE
	 "label = "
	 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
	 "t.ini:11: [subject a] label: line longer than 197 characters (continue a long value on "
	 "lines that start with a blank)"},
	/* a continuation line too long names the key it continues; a section header too long
	 * names no earlier section */
	{BASE
	 "label = x,\n   yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
	 "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n",
	 "t.ini:12: [subject a] label: line longer than 197 characters (split the value over more "
	 "lines that start with a blank)"},
	{HEAD MATRIX
	 "[subject yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
	 "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy]\nendpoint = http://x\nbucket = b\n",
	 "t.ini:8: line longer than 197 characters (a section header: shorten its name)"},
	/* bytes that are not UTF-8 (a label saved in Latin-1) never reach run.json */
	{BASE "label = Telef\xf3nica\n",
	 "t.ini:11: [subject a] label: not UTF-8 (byte 0xF3 at position 6 of the value): save the file as UTF-8"},
	{"[campaign]\nname = demo\nclient = caf\xe9 \xe0 Paris\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] client: not UTF-8 (byte 0xE9 at position 4 of the value)"},
	{"[campaign]\nname = demo\ntitle = \xe6\x9d\n" MATRIX SUBJ,
	 "t.ini:3: [campaign] title: not UTF-8 (byte 0xE6 at position 1 of the value)"},
	/* [dataset NAME] and dataset = NAME (lines 11 on) */
	{BASE "[dataset m]\nsize = 1KiB\n", "t.ini:11: [dataset m]: needs objects = N"},
	{BASE "[dataset m]\nobjects = 100\nlayout = tree:20x2\n",
	 "t.ini:13: [dataset m] layout: more leaf directories than objects"},
	{BASE "[dataset m]\nobjects = 100\nlayout = tree:2\n",
	 "t.ini:13: [dataset m] layout: 'tree:2' is not a layout (flat, tree:WxD)"},
	{BASE "[dataset m]\nobjects = 100\nprefix = m\n",
	 "t.ini:13: [dataset m] prefix: a key prefix ends in '/'"},
	{BASE "[dataset m/x]\nobjects = 100\n",
	 "t.ini:11: [dataset m/x]: 'm/x' is not a valid dataset name"},
	{BASE "[dataset m]\nobjects = 100\nbatch = 2\n",
	 "t.ini:13: [dataset m] batch: unknown key"},
	{BASE "[dataset m]\nobjects = 100\n[list]\ncount = 1\ndataset = n\n",
	 "t.ini:15: [list] dataset: no [dataset n] section in this file"},
	{BASE "[dataset m]\nobjects = 100\n[head]\ncount = 1\nobjects = 5\ndataset = m\n",
	 "t.ini:16: [head] dataset: a dataset brings its objects and size"},
	{HEAD MATRIX "dataset = m\n" SUBJ "[dataset m]\nobjects = 100\nsize = 4KiB\n",
	 "t.ini:8: [matrix] dataset: the get cells read dataset m, whose objects are of 4096 "
	 "bytes: sizes must be that size alone"},
	{HEAD MATRIX "dataset = n\n" SUBJ "[dataset m]\nobjects = 100\n",
	 "t.ini:8: [matrix] dataset: no [dataset n] section in this file (one name)"},
	{BASE "[dataset m]\nobjects = 100\n[list]\ncount = 1\ndataset = m, m\n",
	 "t.ini:15: [list] dataset: a dataset is listed twice"},
	{BASE "[dataset m]\nobjects = 100\n[head]\ncount = 1\ndelimiter = /\n",
	 "t.ini:15: [head] delimiter: unknown key"},
};

static void test_good(void)
{
	struct err e;
	struct campaign *c;
	const char *text =
		"; a comment\n"
		"[campaign]\n"
		"name = demo-1\n"
		"title = Demo title ; inline comment\n"
		"cycles = 2\n"
		"order = random\n"
		"seed = 42\n"
		"client = laptop, local\n"
		"[matrix]\n"
		"ops = put, GET\n"
		"sizes = 4KiB, 1MiB, 123\n"
		"concurrency = 1, 4\n"
		"count = 10\n"
		"objects = 50\n"
		"[list]\nobjects = 500\nsize = 4KiB\nconcurrency = 4\nduration = 3s\n"
		"[head]\nobjects = 500\nconcurrency = 2\ncount = 5\n"
		"[delete]\nobjects = 500\nsize = 4KiB\nconcurrency = 4\nbatch = 100\n"
		"bound = until-done\n"
		"[multipart]\nsize = 12MiB\npart_size = 5MiB\nconcurrency = 2\ncount = 1\n"
		"[subject s3rver]\nlabel = s3rver (Node)\nendpoint = http://127.0.0.1:4568\n"
		"bucket = bench\ncredentials = env:S3RVER_AWS\ncolor = #1F77B4\n"
		"[subject rgw]\nendpoint = https://127.0.0.1:7480\nregion = eu-west-1\n"
		"bucket = bench2\naddressing = virtual\nprofile = rgwprof\ninsecure = yes\n";

	c = campaign_parse_string(text, "good.ini", &e);
	CHECK(c != NULL, "good campaign parses: %s", c ? "" : e.msg);
	if (c == NULL)
		return;
	CHECK_STR(c->name, "demo-1", "name");
	CHECK_STR(c->title, "Demo title", "title without the inline comment");
	CHECK_STR(c->client, "laptop, local", "client");
	CHECK(c->cycles == 2, "cycles");
	CHECK(c->order == CAMPAIGN_ORDER_RANDOM && c->has_seed && c->seed == 42, "order and seed");
	CHECK(c->n_ops == 2 && c->ops[0] == WL_PUT && c->ops[1] == WL_GET, "ops");
	CHECK(c->n_sizes == 3 && c->sizes[0] == 4096 && c->sizes[1] == 1048576 &&
		      c->sizes[2] == 123,
	      "sizes");
	CHECK(c->n_conc == 2 && c->conc[0] == 1 && c->conc[1] == 4, "concurrency");
	CHECK(c->matrix.bound == WL_BOUND_COUNT && c->matrix.count == 10, "matrix count");
	CHECK(c->matrix.objects == 50, "matrix objects");
	CHECK_NUM(c->matrix.timeout_s, 1800, 0, "count-bound default timeout");
	CHECK(c->list.enabled && c->list.objects == 500 && c->list.concurrency == 4 &&
		      c->list.bound == WL_BOUND_DURATION && c->list.duration_s == 3,
	      "list");
	CHECK_NUM(c->list.timeout_s, 66, 0, "duration-bound default timeout = 2d + 60s");
	CHECK(c->head.enabled && c->head.size == 4096 && c->head.bound == WL_BOUND_COUNT &&
		      c->head.count == 5 && c->head.concurrency == 2,
	      "head (default size)");
	CHECK(c->del.enabled && c->del.bound == WL_BOUND_UNTIL_DONE && c->del.batch == 100,
	      "delete");
	CHECK(c->multipart.enabled && c->multipart.size == 12 << 20 &&
		      c->multipart.part_size == 5 << 20,
	      "multipart");
	CHECK(c->n_subjects == 2, "two subjects");
	if (c->n_subjects == 2) {
		struct campaign_subject *a = &c->subjects[0], *b = &c->subjects[1];
		CHECK_STR(a->id, "s3rver", "subject id");
		CHECK_STR(a->label, "s3rver (Node)", "label");
		CHECK_STR(a->region, "us-east-1", "default region");
		CHECK(a->path_style == 1, "default addressing path");
		CHECK(a->cred_kind == CAMPAIGN_CRED_ENV, "env credentials");
		CHECK_STR(a->cred_name, "S3RVER_AWS", "env prefix");
		CHECK_STR(a->color, "#1f77b4", "colour lower-cased");
		CHECK_STR(b->label, "rgw", "label defaults to the id");
		CHECK(b->path_style == 0 && b->insecure == 1, "virtual, insecure");
		CHECK(b->cred_kind == CAMPAIGN_CRED_PROFILE, "profile credentials");
		CHECK_STR(b->cred_name, "rgwprof", "profile name");
		CHECK_STR(b->color, palette_color(1), "palette colour for the second subject");
		CHECK_STR(b->color, "#e69f00", "core/palette.h: Okabe-Ito orange");
		CHECK(campaign_find_subject(c, "rgw") == 1 && campaign_find_subject(c, "x") == -1,
		      "find subject");
	}
	campaign_free(c);

	/* minimal: defaults */
	c = campaign_parse_string(BASE, "min.ini", &e);
	CHECK(c != NULL, "minimal campaign parses: %s", c ? "" : e.msg);
	if (c) {
		CHECK(c->cycles == 1 && c->order == CAMPAIGN_ORDER_INTERLEAVE && !c->has_seed,
		      "defaults: 1 cycle, interleave, no seed");
		CHECK_STR(c->title, "demo", "title defaults to the name");
		CHECK(!c->list.enabled && !c->head.enabled && !c->del.enabled &&
			      !c->multipart.enabled,
		      "no one-offs");
		CHECK(c->subjects[0].cred_kind == CAMPAIGN_CRED_DEFAULT, "default credentials");
		campaign_free(c);
	}
	/* vantage: free text, none by default */
	c = campaign_parse_string("[campaign]\nname = d\nvantage = Frankfurt VM\n" MATRIX SUBJ,
				  "t.ini", &e);
	CHECK(c && c->vantage && strcmp(c->vantage, "Frankfurt VM") == 0, "vantage: %s",
	      c ? "" : e.msg);
	campaign_free(c);
	/* cycles = auto: its bounds and defaults */
	c = campaign_parse_string(
		"[campaign]\nname = d\ncycles = auto\nmax_cycles = 12\n" MATRIX SUBJ, "t.ini", &e);
	CHECK(c && c->auto_cycles && c->cycles == 12 && c->min_cycles == 3 && c->target_ci == 0.05,
	      "cycles = auto: max 12, min 3, target 5 %%: %s", c ? "" : e.msg);
	campaign_free(c);
	c = campaign_parse_string("[campaign]\nname = d\ncycles = auto\nmax_cost = 20\n"
				  "target_ci = 2.5%\nmin_cycles = 4\n" MATRIX SUBJ,
				  "t.ini", &e);
	CHECK(c && c->auto_cycles && c->cycles == 100 && c->min_cycles == 4 &&
		      fabs(c->target_ci - 0.025) < 1e-12,
	      "cycles = auto with max_cost only: at most 100 cycles: %s", c ? "" : e.msg);
	campaign_free(c);
	/* policy = best-of-means with its repeat: accepted (analyze reads them) */
	c = campaign_parse_string(
		"[campaign]\nname = d\npolicy = best-of-means\nrepeat = 4\n" MATRIX SUBJ, "t.ini",
		&e);
	CHECK(c != NULL, "policy = best-of-means, repeat = 4 accepted: %s", c ? "" : e.msg);
	campaign_free(c);
	c = campaign_parse_string("[campaign]\nname = d\nschedule = spread\n" MATRIX SUBJ, "t.ini",
				  &e);
	CHECK(c != NULL && c->schedule_spread, "schedule = spread: %s", c ? "" : e.msg);
	campaign_free(c);
	/* campaign timeout is the default of every section */
	c = campaign_parse_string("[campaign]\nname = d\ntimeout = 10m\n" MATRIX SUBJ
				  "[delete]\nobjects = 5\n",
				  "t.ini", &e);
	CHECK(c && c->matrix.timeout_s == 600 && c->del.timeout_s == 600,
	      "campaign timeout applies: %s", c ? "" : e.msg);
	CHECK(c && c->del.objects == 5 && c->del.bound == WL_BOUND_UNTIL_DONE,
	      "delete defaults to until-done");
	campaign_free(c);
}

/* test_dataset: a [dataset NAME] and the runs that name it. */
static void test_dataset(void)
{
	struct err e = {{0}};
	struct campaign *c = campaign_parse_string(
		BASE "[dataset m]\nobjects = 5000\nsize = 1KiB\nlayout = tree:10x2\n"
		     "[dataset flat]\nobjects = 7\nprefix = x/y/\nconcurrency = 4\n"
		     "[list]\ncount = 1\ndataset = m, flat\ndelimiter = /\n[head]\ncount = 2\n",
		"t.ini", &e);

	CHECK(c != NULL, "datasets parse: %s", e.msg);
	if (c == NULL)
		return;
	CHECK(c->n_datasets == 2, "two datasets (%d)", c->n_datasets);
	CHECK_STR(c->datasets[0].prefix, "s3bench-dataset/m/", "default prefix");
	CHECK_STR(c->datasets[0].layout, "tree:10x2", "layout name");
	CHECK(c->datasets[0].keys.objects == 5000 && c->datasets[0].size == 1024 &&
		      c->datasets[0].concurrency == 32,
	      "objects, size, default concurrency");
	CHECK_STR(c->datasets[1].prefix, "x/y/", "prefix key");
	CHECK_STR(c->datasets[1].layout, "flat", "default layout flat");
	CHECK(c->list.n_datasets == 2 && c->list.datasets[0] == &c->datasets[0] &&
		      c->list.datasets[1] == &c->datasets[1] && c->list.objects == 5000 &&
		      c->list.size == 1024,
	      "[list] dataset = m: its objects and size");
	CHECK_STR(c->list.delimiter, "/", "[list] delimiter");
	CHECK(c->head.n_datasets == 0 && c->head.objects == 1000, "[head] objects of its own");
	/* the one-off runs: a list over each dataset, then the head */
	struct campaign_run r;
	int m = campaign_matrix_cells(c);
	CHECK(campaign_run_count(c) == m + 3, "runs: matrix + 2 lists + 1 head (%d)",
	      campaign_run_count(c) - m);
	CHECK(campaign_run_at(c, NULL, m, &r) == 0 && r.wl.op == WL_LIST && r.wl.objects == 5000 &&
		      r.wl.dataset == &c->datasets[0].keys && r.wl.keep,
	      "run 1: list over m");
	CHECK(campaign_run_at(c, NULL, m + 1, &r) == 0 && r.wl.op == WL_LIST && r.wl.objects == 7 &&
		      r.wl.size == 4096 && strcmp(r.wl.dataset_prefix, "x/y/") == 0,
	      "run 2: list over flat, its objects, size and prefix");
	CHECK(campaign_run_at(c, NULL, m + 2, &r) == 0 && r.wl.op == WL_HEAD &&
		      r.wl.dataset == NULL && r.wl.objects == 1000 && !r.wl.keep,
	      "run 3: head over its own objects");
	CHECK(campaign_find_dataset(c, "flat") == &c->datasets[1] &&
		      campaign_find_dataset(c, "nope") == NULL,
	      "campaign_find_dataset");
	campaign_free(c);
}

static void test_files(void)
{
	const char *top = getenv("TOP");
	/* cloud-5.ini: the five providers, each priced from data/prices/providers.ini */
	const char *files[] = {"data/campaigns/example.ini", "data/campaigns/cloud-5.ini",
			       "tests/fixtures/campaigns/mini.ini",
			       "tests/fixtures/campaigns/badcreds.ini"};
	char path[4096];
	struct err e;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", top ? top : ".", files[i]);
		struct campaign *c = campaign_load(path, &e);
		CHECK(c != NULL, "%s loads: %s", files[i], c ? "" : e.msg);
		campaign_free(c);
	}
	struct campaign *c = campaign_load("/nonexistent/x.ini", &e);
	CHECK(c == NULL && strstr(e.msg, "/nonexistent/x.ini: No such file") == e.msg,
	      "missing file named: %s", e.msg);
}

/* a subject naming a profile may leave endpoint and region to the AWS config file: both
 * stay NULL for the collector to fill in (collect/run/subject.h); given ones are kept */
static void test_profile_subject(void)
{
	struct err e;
	struct campaign *c = campaign_parse_string(
		HEAD MATRIX "[subject a]\nbucket = b\nprofile = p\n"
			    "[subject b]\nbucket = b\ncredentials = profile:q\nregion = eu-west-1\n"
			    "[subject c]\nendpoint = http://x\nbucket = b\n",
		"t.ini", &e);

	CHECK(c != NULL, "profile subjects without endpoint load: %s", c ? "" : e.msg);
	if (c == NULL)
		return;
	CHECK(c->subjects[0].endpoint == NULL && c->subjects[0].region == NULL,
	      "profile = p: endpoint and region left to the profile");
	CHECK(c->subjects[1].endpoint == NULL && c->subjects[1].region != NULL &&
		      strcmp(c->subjects[1].region, "eu-west-1") == 0,
	      "credentials = profile:q: its own region kept");
	CHECK(c->subjects[2].region != NULL && strcmp(c->subjects[2].region, "us-east-1") == 0,
	      "no profile: region us-east-1 as before");
	campaign_free(c);
}

/* test_continued: a line that starts with a blank continues the value above it (a long
 * label over two lines, a list over three), never a repeat; a long line names its key. */
static void test_continued(void)
{
	struct err e;
	struct campaign *c = campaign_parse_string(
		HEAD "[matrix]\nops = put\nsizes = 4KiB,\n  1MiB,\n\t5MiB\nconcurrency = 1\n"
		     "duration = 3s\n" SUBJ "label = Telef\xc3\xb3nica Espa\xc3\xb1"
		     "a,\n"
		     "   Madrid data centre\n",
		"t.ini", &e);

	CHECK(c != NULL, "continued values parse: %s", c ? "" : e.msg);
	if (c == NULL)
		return;
	CHECK_STR(c->subjects[0].label,
		  "Telef\xc3\xb3nica Espa\xc3\xb1"
		  "a, Madrid data centre",
		  "a label continued on an indented line, joined with one space");
	CHECK(c->n_sizes == 3 && c->sizes[2] == 5 << 20, "a list continued on two lines");
	campaign_free(c);
	c = campaign_parse_string(BASE "label = x\n\n   y\n", "t.ini", &e);
	CHECK(c != NULL && strcmp(c->subjects[0].label, "x y") == 0, "after a blank line too: %s",
	      c ? c->subjects[0].label : e.msg);
	campaign_free(c);
}

/* test_encodings: a file saved by a Windows editor: UTF-8 with a byte order mark parses as
 * without it; UTF-16 is named as such, with what to do. */
static void test_encodings(void)
{
	char path[] = "/tmp/s3bench-test-campaign-XXXXXX";
	static const char utf16[] = "\xff\xfe[\0c\0a\0m\0";
	struct err e;
	struct campaign *c = campaign_parse_string("\xef\xbb\xbf" BASE, "t.ini", &e);
	FILE *f;
	int fd;

	CHECK(c != NULL && strcmp(c->name, "demo") == 0, "UTF-8 with a byte order mark: %s",
	      c ? c->name : e.msg);
	campaign_free(c);
	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	CHECK(f != NULL && fwrite(utf16, 1, sizeof(utf16) - 1, f) == sizeof(utf16) - 1 &&
		      fclose(f) == 0,
	      "a UTF-16 file written");
	c = campaign_load(path, &e);
	CHECK(c == NULL && strstr(e.msg, ": saved as UTF-16: save the file as UTF-8") != NULL,
	      "UTF-16 named: %s", c ? "loaded" : e.msg);
	campaign_free(c);
	unlink(path);
}

int main(void)
{
	struct err e;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err_clear(&e);
		struct campaign *c = campaign_parse_string(bad[i].text, "t.ini", &e);
		CHECK(c == NULL, "bad case %zu refused", i);
		CHECK(strncmp(e.msg, bad[i].want, strlen(bad[i].want)) == 0,
		      "bad case %zu message\n  got:  %s\n  want: %s...", i, e.msg, bad[i].want);
		campaign_free(c);
	}
	test_good();
	test_continued();
	test_encodings();
	test_files();
	test_dataset();
	test_profile_subject();
	return check_done();
}

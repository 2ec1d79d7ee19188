/* tests/unit/test_consist.c: the consistency probes' names and kind lists
 * (collect/consist/consist_names.c), consistency.json's record of a report
 * (consist_json.c), and a campaign's [consistency] section with its defaults and its bad
 * values named by file, line, section and key (docs/CAMPAIGN.md, "[consistency]"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/campaign/campaign.h"
#include "collect/consist/consist.h"
#include "core/fsutil.h"
#include "tests/unit/check.h"

static void kinds(void)
{
	static const struct {
		const char *list;
		int rc;
		unsigned mask;
		const char *err;
	} t[] = {
		{"all", 0, 31, NULL},
		{"read-after-new-write", 0, 1u << CK_NEW_WRITE, NULL},
		{"list-after-delete, read-after-overwrite", 0,
		 (1u << CK_LIST_DELETE) | (1u << CK_OVERWRITE), NULL},
		{"read-after-write", -1, 0,
		 "'read-after-write' is not a consistency probe (read-after-new-write, "},
		{" , ", -1, 0, "no consistency probe named"},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct err e = {{0}};
		unsigned m = 0;
		int rc = consist_kinds_parse(t[i].list, &m, &e);
		CHECK(rc == t[i].rc && (rc < 0 || m == t[i].mask) &&
			      (t[i].err == NULL || strstr(e.msg, t[i].err) != NULL),
		      "kinds '%s': rc %d, mask %u, '%s'", t[i].list, rc, m, e.msg);
	}
	CHECK_STR(consist_kind_name(CK_LIST_CREATE), "list-after-create", "kind name");
	CHECK_STR(consist_kind_name(CK_COUNT), "", "no kind past the last");
	CHECK_STR(consist_outcome_name(CO_TIMEOUT), "timeout", "outcome name");
}

/* written: consistency.json of one report with a stale and an untested probe. */
static void written(void)
{
	struct consist_probe p[2] = {{CO_STALE, 203500000, 197000000, 20, ""},
				     {CO_UNTESTED, -1, 0, 0, "GET k: HTTP 500"}};
	struct consist_report r = {
		.subject = "s", .repeat = 2, .poll_ns = 10000000, .max_wait_ns = 1000000000};
	char dir[] = "/tmp/test_consist.XXXXXX", path[64];
	struct err e = {{0}};
	json_error_t je;
	json_t *j;

	r.k[CK_OVERWRITE] = (struct consist_kind_result){2, p};
	if (mkdtemp(dir) == NULL || consist_write(dir, &r, 1, &e) < 0) {
		CHECK(0, "consist_write: %s", e.msg);
		return;
	}
	snprintf(path, sizeof(path), "%s/consistency.json", dir);
	j = json_load_file(path, 0, &je);
	json_t *s = json_array_get(json_object_get(j, "subjects"), 0);
	json_t *ks = json_object_get(s, "kinds");
	json_t *ps = json_object_get(json_object_get(ks, "read-after-overwrite"), "probes");
	CHECK_STR(json_string_value(json_object_get(j, "format")), "s3bench-consistency/1",
		  "format");
	CHECK(json_object_size(ks) == 1 && json_array_size(ps) == 2, "one kind, two probes");
	CHECK_STR(json_string_value(json_object_get(json_array_get(ps, 0), "outcome")), "stale",
		  "outcome");
	CHECK_NUM(json_real_value(json_object_get(json_array_get(ps, 0), "window_ms")), 203.5, 1e-9,
		  "window_ms");
	CHECK_NUM(json_real_value(json_object_get(json_array_get(ps, 0), "stale_ms")), 197, 1e-9,
		  "stale_ms");
	CHECK(json_is_null(json_object_get(json_array_get(ps, 1), "window_ms")),
	      "an untested probe has no window");
	CHECK_NUM(json_real_value(json_object_get(s, "poll_ms")), 10, 1e-9, "poll_ms");
	json_decref(j);
	unlink(path);
	rmdir(dir);
}

static const char base[] = "[campaign]\nname = t\n[matrix]\nops = put\nsizes = 1KiB\n"
			   "concurrency = 1\nduration = 1s\n[subject a]\nendpoint = "
			   "http://127.0.0.1:1\nbucket = bkt\n";

static void campaign(void)
{
	static const struct {
		const char *extra, *err;
		int on, repeat;
		double poll_ms, wait_ms;
		unsigned kinds;
	} t[] = {
		{"", NULL, 0, 0, 0, 0, 0},
		{"[consistency]\n", NULL, 1, 20, 10, 5000, 0},
		{"[consistency]\nconsistency = no\n", NULL, 0, 20, 10, 5000, 0},
		{"[consistency]\nrepeat = 3\npoll = 50ms\nmax_wait = 2s\nprobes = list-after-create\n",
		 NULL, 1, 3, 50, 2000, 1u << CK_LIST_CREATE},
		{"[consistency]\nprobes = read-after-write\n",
		 "t.ini:12: [consistency] probes: 'read-after-write' is not a consistency probe", 0,
		 0, 0, 0, 0},
		{"[consistency]\nmax_wait = 5ms\n",
		 "t.ini:12: [consistency] max_wait: shorter than poll", 0, 0, 0, 0, 0},
		{"[consistency]\npoll = 6s\n", "t.ini:12: [consistency] poll: longer than max_wait",
		 0, 0, 0, 0, 0},
		{"[consistency]\nrepeat = 0\n", "t.ini:12: [consistency] repeat", 0, 0, 0, 0, 0},
		{"[consistency]\nretries = 3\n", "t.ini:12: [consistency] retries: unknown key", 0,
		 0, 0, 0, 0},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char text[1024];
		struct err e = {{0}};
		snprintf(text, sizeof(text), "%s%s", base, t[i].extra);
		struct campaign *c = campaign_parse_string(text, "t.ini", &e);
		if (t[i].err != NULL) {
			CHECK(c == NULL && strstr(e.msg, t[i].err) != NULL,
			      "[consistency] %zu: '%s' has '%s'", i, e.msg, t[i].err);
		} else {
			const struct consist_opts *o = c ? &c->consist_opts : NULL;
			CHECK(c != NULL && c->consist == t[i].on &&
				      (!t[i].on ||
				       (o->repeat == t[i].repeat &&
					o->poll_ns == (int64_t)(t[i].poll_ms * 1e6) &&
					o->max_wait_ns == (int64_t)(t[i].wait_ms * 1e6) &&
					o->kinds == t[i].kinds)),
			      "[consistency] %zu: %s", i,
			      c ? "on, repeat, poll, max_wait or kinds differ" : e.msg);
		}
		campaign_free(c);
	}
}

int main(void)
{
	kinds();
	written();
	campaign();
	return check_done();
}

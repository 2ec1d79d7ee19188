/* collect/run/resume.c: see resume.h. */
#include "collect/run/resume.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "collect/run/runjson.h"
#include "collect/workload.h"
#include "core/runrec/runrec.h"

const char *resume_fixable(const char *cls, const char *first)
{
	static const struct {
		const char *cls, *why;
	} by_class[] = {
		{"auth", "keys or rights (auth)"},
		{"tls", "TLS trust (tls)"},
		{"local-io", "the output disk (local-io)"},
		{"dns", "the endpoint's host name (dns)"},
	};
	/* what the first error says, whatever the class */
	static const struct {
		const char *text, *why;
	} by_text[] = {
		{"client: s3: endpoint", "the endpoint's syntax"},
		{"credentials", "the credentials"},
		{"not an S3 answer", "an endpoint that does not speak S3"},
		{"CreateBucket ", "the bucket (its name, or the right to create it)"},
		{"HeadBucket ", "the bucket (its name, or the right to see it)"},
	};

	/* what the provider did, whatever request it answered so */
	static const char *const measured[] = {"unavailable", "connect", "timeout",
					       "killed",      "crashed", "checksum"};

	cls = cls ? cls : "";
	first = first ? first : "";
	for (size_t i = 0; i < sizeof(by_class) / sizeof(by_class[0]); i++)
		if (strcmp(cls, by_class[i].cls) == 0)
			return by_class[i].why;
	for (size_t i = 0; i < sizeof(measured) / sizeof(measured[0]); i++)
		if (strcmp(cls, measured[i]) == 0)
			return NULL;
	/* a 5xx is the provider's, but for an answer that is no S3 answer at all (501) */
	if (strcmp(cls, "http-5xx") == 0 && strstr(first, "not an S3 answer") == NULL)
		return NULL;
	for (size_t i = 0; i < sizeof(by_text) / sizeof(by_text[0]); i++)
		if (strstr(first, by_text[i].text) != NULL)
			return by_text[i].why;
	return NULL;
}

/* planned: what the plan says run r is measured with, shaped as runjson_read_record's
 * conditions (NULL when out of memory). */
static json_t *planned(const struct campaign *c, const struct plan_run *r)
{
	const struct campaign_subject *s = &c->subjects[r->subject];
	struct runrec_workload w;

	workload_record(&r->wl, r->timeout_s, &w);
	return json_pack("{s:o, s:{s:s?, s:s?, s:s?, s:s}}", "workload",
			 runrec_workload_to_json(&w), "subject", "endpoint", s->endpoint, "region",
			 s->region, "bucket", s->bucket, "addressing",
			 s->path_style ? "path" : "virtual");
}

/* same: two values alike (numbers by value: 3 and 3.0 are one). */
static int same(const json_t *a, const json_t *b)
{
	if (json_is_number(a) && json_is_number(b))
		return json_number_value(a) == json_number_value(b);
	return json_equal(a, b);
}

/* add_diff: "; NAME=VALUE" (the recorded value; a string without its quotes; tabs and
 * line ends as blanks, for plan.tsv) to buf (n bytes). */
static void add_diff(char *buf, size_t n, const char *name, const json_t *v)
{
	char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	const char *t = text ? text : "?";
	size_t len = strlen(buf), tl = strlen(t);

	if (json_is_string(v) && tl >= 2) {
		t++;
		tl -= 2;
	}
	snprintf(buf + len, n - len, "%s%s=%.*s", len ? "; " : "", name, (int)tl, t);
	for (char *p = buf + len; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	free(text);
}

/* diff_obj: the members of want (section sect: "workload", "workload.send") whose value
 * recorded in got differs, into buf. timeout_s and seed are not conditions of what is
 * measured; a member absent from got is an older file's default: neither is compared. */
static void diff_obj(const json_t *got, const json_t *want, const char *sect, char *buf, size_t n)
{
	const char *key;
	json_t *w;

	json_object_foreach((json_t *)want, key, w) {
		const json_t *g = json_object_get(got, key);
		char name[96];

		if (g == NULL || strcmp(key, "timeout_s") == 0 || strcmp(key, "seed") == 0)
			continue;
		snprintf(name, sizeof(name), "%s.%s", sect, key);
		if (json_is_object(w) && json_is_object(g))
			diff_obj(g, w, name, buf, n);
		else if (!same(g, w))
			add_diff(buf, n, name, g);
	}
}

/* diff_kept: into rr->changed, how kept run r was measured otherwise than the plan says
 * (cond: its recorded conditions). 0, or -1 when out of memory. */
static int diff_kept(const struct campaign *c, const struct plan_run *r, const json_t *cond,
		     struct resume_run *rr, struct err *e)
{
	json_t *want = planned(c, r);

	if (want == NULL)
		return err_set(e, "out of memory");
	diff_obj(json_object_get(cond, "workload"), json_object_get(want, "workload"), "workload",
		 rr->changed, sizeof(rr->changed));
	diff_obj(json_object_get(cond, "subject"), json_object_get(want, "subject"), "subject",
		 rr->changed, sizeof(rr->changed));
	json_decref(want);
	return 0;
}

/* read_one: run k of the plan as od holds it into *rr. */
static int read_one(const struct outdir *od, const struct campaign *c, const struct plan_run *r,
		    int redo_failed, struct resume_run *rr, struct err *e)
{
	enum run_dir_state st = outdir_run_state(od, r->id);
	struct runjson_status rs;
	json_t *cond = NULL;
	char dir[4096];
	int rc = 0;

	memset(rr, 0, sizeof(*rr));
	rr->what = st == RUN_ABSENT ? RESUME_NEW : RESUME_AGAIN;
	if (st != RUN_COMPLETE)
		return 0;
	if (outdir_path(od, r->id, dir, sizeof(dir), e) < 0 ||
	    runjson_read_record(dir, &rs, &cond, NULL) < 0)
		return 0; /* unreadable since outdir_run_state looked: run it again */
	rr->bill = rs.bill;
	rr->failed = !rs.complete;
	if (rs.cls[0] || rs.first[0])
		snprintf(rr->why, sizeof(rr->why), "%s%s%s", rs.cls[0] ? rs.cls : "failed",
			 rs.first[0] ? ": " : "", rs.first);
	rr->fix = rr->failed ? resume_fixable(rs.cls, rs.first) : NULL;
	rr->what = !rr->failed   ? RESUME_KEEP
		   : rr->fix     ? RESUME_FIX
		   : redo_failed ? RESUME_REDO_FAILED
				 : RESUME_KEEP_FAILED;
	if (!resume_runs_it(rr->what) && cond != NULL)
		rc = diff_kept(c, r, cond, rr, e);
	json_decref(cond);
	return rc;
}

int resume_read(const struct outdir *od, const struct campaign *c, const struct plan *p,
		int redo_failed, struct resume *out, struct err *e)
{
	memset(out, 0, sizeof(*out));
	out->runs = calloc((size_t)p->n + 1, sizeof(*out->runs));
	if (out->runs == NULL)
		return err_set(e, "out of memory");
	out->n = p->n;
	for (int k = 0; k < p->n; k++) {
		if (read_one(od, c, &p->runs[k], redo_failed, &out->runs[k], e) < 0) {
			resume_free(out);
			return -1;
		}
		out->count[out->runs[k].what]++;
		out->changed += out->runs[k].changed[0] != '\0';
	}
	return 0;
}

void resume_free(struct resume *r)
{
	free(r->runs);
	memset(r, 0, sizeof(*r));
}

int resume_recorded(const struct resume *r)
{
	return r->n - r->count[RESUME_NEW];
}

void resume_print(const struct resume *r, const struct plan *p, FILE *f)
{
	const int *n = r->count;
	int lines = 0, more = 0;

	fprintf(f,
		"collect: --resume: %d of the plan's %d runs recorded: complete, kept: %d; failed "
		"for the provider: %d, %s; failed for a reason you can fix, run again: %d; "
		"incomplete or interrupted, run again: %d; not run yet: %d\n",
		resume_recorded(r), r->n, n[RESUME_KEEP],
		n[RESUME_KEEP_FAILED] + n[RESUME_REDO_FAILED],
		n[RESUME_REDO_FAILED] ? "run again (--redo-failed)"
				      : "kept as measurements (--redo-failed runs them again)",
		n[RESUME_FIX], n[RESUME_AGAIN], n[RESUME_NEW]);
	for (int k = 0; k < r->n; k++) {
		const struct resume_run *rr = &r->runs[k];
		const char *what;

		if (rr->what == RESUME_FIX)
			what = "run again: it failed for a reason you can fix";
		else if (rr->what == RESUME_REDO_FAILED)
			what = "run again (--redo-failed)";
		else if (rr->what == RESUME_KEEP_FAILED)
			what = "kept as a measurement of the provider";
		else
			continue;
		if (lines++ == 20) {
			more = 1;
			continue;
		}
		if (more)
			continue;
		fprintf(f, "collect: --resume: %s: %s (%s%s%s)\n", p->runs[k].id, what,
			rr->what == RESUME_FIX ? rr->fix : "recorded",
			rr->what == RESUME_FIX ? "; recorded " : " ", rr->why);
	}
	if (more)
		fprintf(f, "collect: --resume: and %d more runs run again or kept failed\n",
			lines - 20);
}

int resume_first_change(const struct resume *r, const struct plan *p, char *msg, size_t n)
{
	msg[0] = '\0';
	for (int k = 0; k < r->n; k++)
		if (r->runs[k].changed[0] != '\0') {
			snprintf(
				msg, n,
				"the campaign changed since the runs kept here were measured: %s was "
				"measured with %s, which the campaign now sets otherwise (%d of the "
				"kept runs differ)",
				p->runs[k].id, r->runs[k].changed, r->changed);
			return 1;
		}
	return 0;
}

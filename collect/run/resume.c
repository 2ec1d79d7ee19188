/* collect/run/resume.c: see resume.h. */
#include "collect/run/resume.h"

#include <stdlib.h>
#include <string.h>

#include "collect/run/runjson.h"

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
		{"no S3 error document", "an endpoint that does not speak S3"},
		{"CreateBucket ", "the bucket (its name, or the right to create it)"},
		{"HeadBucket ", "the bucket (its name, or the right to see it)"},
	};

	cls = cls ? cls : "";
	first = first ? first : "";
	for (size_t i = 0; i < sizeof(by_class) / sizeof(by_class[0]); i++)
		if (strcmp(cls, by_class[i].cls) == 0)
			return by_class[i].why;
	for (size_t i = 0; i < sizeof(by_text) / sizeof(by_text[0]); i++)
		if (strstr(first, by_text[i].text) != NULL)
			return by_text[i].why;
	return NULL;
}

/* read_one: run k of the plan as od holds it into *rr. */
static int read_one(const struct outdir *od, const struct plan_run *r, int redo_failed,
		    struct resume_run *rr, struct err *e)
{
	enum run_dir_state st = outdir_run_state(od, r->id);
	struct runjson_status rs;
	char dir[4096];

	memset(rr, 0, sizeof(*rr));
	rr->what = st == RUN_ABSENT ? RESUME_NEW : RESUME_AGAIN;
	if (st != RUN_COMPLETE)
		return 0;
	if (outdir_path(od, r->id, dir, sizeof(dir), e) < 0 ||
	    runjson_read_status(dir, &rs, NULL) < 0)
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
	return 0;
}

int resume_read(const struct outdir *od, const struct plan *p, int redo_failed, struct resume *out,
		struct err *e)
{
	memset(out, 0, sizeof(*out));
	out->runs = calloc((size_t)p->n + 1, sizeof(*out->runs));
	if (out->runs == NULL)
		return err_set(e, "out of memory");
	out->n = p->n;
	for (int k = 0; k < p->n; k++) {
		if (read_one(od, &p->runs[k], redo_failed, &out->runs[k], e) < 0) {
			resume_free(out);
			return -1;
		}
		out->count[out->runs[k].what]++;
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

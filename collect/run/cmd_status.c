/* collect/run/cmd_status.c: `collect status OUT` (cli.h): the progress of the campaign in OUT
 * from its files alone (OUT/plan.tsv, each run's run.json or state file, OUT/campaign.ini for
 * the budgets, OUT/.lock's owner), without taking the lock: also while a collector works in
 * OUT, or after one was killed. The summary is collect/run/status.c's; README "collect". */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>

#include "collect/campaign/campaign.h"
#include "collect/run/cli.h"
#include "collect/run/status.h"
#include "core/timefmt.h"
#include "core/units.h"

#define STATUS_SUBJECTS_MAX 64

/* What OUT holds: the plan's runs and subjects, and the plan's own description. */
struct out_state {
	const char *out;
	struct status_run *runs;
	int n, cap;
	struct status_subject subjects[STATUS_SUBJECTS_MAX];
	int n_subjects;
	char campaign[512], cycles[64];
};

/* subject_index: the index of subject id, added when new (-1 when there are too many). */
static int subject_index(struct out_state *o, const char *id)
{
	int i;

	for (i = 0; i < o->n_subjects && strcmp(o->subjects[i].id, id) != 0; i++)
		;
	if (i == o->n_subjects) {
		if (i == STATUS_SUBJECTS_MAX)
			return -1;
		memset(&o->subjects[i], 0, sizeof(o->subjects[i]));
		snprintf(o->subjects[i].id, sizeof(o->subjects[i].id), "%s", id);
		o->subjects[i].budget = -1;
		o->n_subjects++;
	}
	return i;
}

/* split_tabs: the tab-separated fields of line (cut in place, newline dropped) into f. */
static int split_tabs(char *line, char **f, int max)
{
	int n = 0;

	line[strcspn(line, "\r\n")] = '\0';
	for (char *p = line; n < max; p++) {
		f[n++] = p;
		p = strchr(p, '\t');
		if (p == NULL)
			break;
		*p = '\0';
	}
	return n;
}

/* add_row: one row of plan.tsv (its fields f[0..nf-1], the columns at col[]) to o. */
static int add_row(struct out_state *o, char **f, int nf, const int *col, struct err *e)
{
	struct status_run *r;

	for (int k = 0; k < 4; k++)
		if (col[k] >= nf)
			return err_set(e, "%s/plan.tsv: run %d has too few fields", o->out,
				       o->n + 1);
	if (o->n == o->cap) {
		int cap = o->cap ? 2 * o->cap : 64;
		struct status_run *v = realloc(o->runs, (size_t)cap * sizeof(*v));

		if (v == NULL)
			return err_set(e, "out of memory");
		o->runs = v;
		o->cap = cap;
	}
	r = &o->runs[o->n++];
	memset(r, 0, sizeof(*r));
	snprintf(r->id, sizeof(r->id), "%s", f[col[0]]);
	r->subject = subject_index(o, f[col[1]]);
	/* a duration-bound run measures duration_s (auto: at most that); others: unknown */
	if (strcmp(f[col[2]], "duration") == 0 || strcmp(f[col[2]], "auto") == 0)
		r->planned_s = strtod(f[col[3]], NULL);
	return 0;
}

/* read_plan: OUT/plan.tsv's runs (columns found by name) and description into o. */
static int read_plan(struct out_state *o, struct err *e)
{
	static const char *const names[] = {"id", "subject", "bound", "duration_s"};
	char path[4096], line[8192], *f[64];
	int col[4] = {-1, -1, -1, -1}, rc = 0, nf;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/plan.tsv", o->out);
	if ((fp = fopen(path, "r")) == NULL)
		return err_set(e, "%s: %s (no campaign collected in %s yet?)", path,
			       strerror(errno), o->out);
	while (rc == 0 && fgets(line, sizeof(line), fp) != NULL) {
		if (line[0] == '#') {
			line[strcspn(line, "\r\n")] = '\0';
			if (strncmp(line, "# campaign: ", 12) == 0)
				snprintf(o->campaign, sizeof(o->campaign), "%s", line + 12);
			else if (strncmp(line, "# cycles: ", 10) == 0)
				snprintf(o->cycles, sizeof(o->cycles), "%s", line + 10);
			continue;
		}
		nf = split_tabs(line, f, 64);
		if (col[0] < 0) {
			for (int i = 0; i < nf; i++)
				for (int k = 0; k < 4; k++)
					if (strcmp(f[i], names[k]) == 0)
						col[k] = i;
			for (int k = 0; k < 4 && rc == 0; k++)
				if (col[k] < 0)
					rc = err_set(e, "%s: no column '%s' in its header row",
						     path, names[k]);
			continue;
		}
		rc = add_row(o, f, nf, col, e);
	}
	fclose(fp);
	if (rc == 0 && col[0] < 0)
		rc = err_set(e, "%s: no header row", path);
	return rc;
}

/* look_at: what OUT holds of run r: its run.json, else its directory's state file. */
static void look_at(const char *out, struct status_run *r)
{
	static const char *const phases[] = {"prepare", "benchmark", "cleanup"};
	char dir[4096], path[4200];
	struct runjson_status rs;
	struct run_state st;
	struct cost_parts c;
	struct stat sb;

	snprintf(dir, sizeof(dir), "%s/%s", out, r->id);
	snprintf(path, sizeof(path), "%s/run.json", dir);
	if (stat(path, &sb) == 0) {
		if (runjson_read_status(dir, &rs, NULL) < 0) {
			r->state = STATUS_FAILED;
			snprintf(r->cls, sizeof(r->cls), "unreadable");
			return;
		}
		r->state = rs.interrupted ? STATUS_INTERRUPTED
			   : rs.complete  ? STATUS_COMPLETE
					  : STATUS_FAILED;
		snprintf(r->cls, sizeof(r->cls), "%s", rs.cls);
		r->elapsed_s = rs.elapsed_s;
		r->start_ns = rs.started_ns;
		r->end_ns = rs.ended_ns;
		price_cost(&rs.prices, &rs.bill, &c);
		r->cost = c.total;
		return;
	}
	if (stat(dir, &sb) < 0)
		return; /* not started */
	r->state = STATUS_UNFINISHED;
	snprintf(path, sizeof(path), "%s/" RUNJSON_STATE_FILE, dir);
	if (stat(path, &sb) == 0 && run_state_read(dir, &st, NULL) == 0) {
		for (int k = 0; k < PHASE_COUNT; k++)
			if (st.phase[k] != PH_NOT_REACHED)
				snprintf(r->phase, sizeof(r->phase), "%s", phases[k]);
		run_state_clear(&st);
	}
	r->end_ns = (int64_t)sb.st_mtim.tv_sec * 1000000000 + sb.st_mtim.tv_nsec;
}

/* budgets: each subject's max_cost and currency from OUT/campaign.ini; -1 with the reason
 * when it cannot be read (the budgets stay unknown). */
static int budgets(struct out_state *o, struct err *e)
{
	char path[4096];
	struct campaign *c;

	snprintf(path, sizeof(path), "%s/campaign.ini", o->out);
	if ((c = campaign_load(path, e)) == NULL)
		return -1;
	for (int i = 0; i < c->n_subjects; i++) {
		int k = subject_index(o, c->subjects[i].id);

		if (k < 0)
			continue;
		o->subjects[k].budget = campaign_subject_budget(c, &c->subjects[i]);
		snprintf(o->subjects[k].currency, sizeof(o->subjects[k].currency), "%s",
			 c->subjects[i].prices.currency);
	}
	campaign_free(c);
	return 0;
}

/* lock_holder: the pid holding OUT/.lock's flock on this machine (/proc/locks), else 0;
 * *last = the pid the file names (the last collector's). */
static long lock_holder(const char *out, long *last)
{
	char path[4096], line[256];
	struct stat sb;
	long pid = 0;
	FILE *f;

	*last = 0;
	snprintf(path, sizeof(path), "%s/.lock", out);
	if (stat(path, &sb) < 0)
		return 0;
	if ((f = fopen(path, "r")) != NULL) {
		if (fscanf(f, "%ld", last) != 1)
			*last = 0;
		fclose(f);
	}
	if ((f = fopen("/proc/locks", "r")) == NULL)
		return 0;
	while (pid == 0 && fgets(line, sizeof(line), f) != NULL) {
		unsigned maj, mnr;
		unsigned long long ino;
		long p;
		char kind[16];

		if (sscanf(line, "%*[^:]: %15s %*s %*s %ld %x:%x:%llu", kind, &p, &maj, &mnr,
			   &ino) == 5 &&
		    strcmp(kind, "FLOCK") == 0 && ino == (unsigned long long)sb.st_ino &&
		    maj == major(sb.st_dev) && mnr == minor(sb.st_dev))
			pid = p;
	}
	fclose(f);
	return pid;
}

/* when: Unix ns as RFC 3339 to the second ("-" for 0), into buf. */
static const char *when(int64_t ns, char *buf, size_t n)
{
	if (ns <= 0)
		return "-";
	rfc3339_format(buf, n, ns - ns % 1000000000);
	return buf;
}

/* print_runs: the collector, runs and current-run lines. */
static void print_runs(const struct out_state *o, const struct status_summary *s, long holder,
		       long last)
{
	char d[UNITS_DURATION_MAX], t[64];

	printf("campaign: %s, cycles %s, %s/plan.tsv\n", o->campaign[0] ? o->campaign : "?",
	       o->cycles[0] ? o->cycles : "?", o->out);
	if (holder > 0)
		printf("collector: running (pid %ld)\n", holder);
	else if (last > 0)
		printf("collector: not running (no lock held on this machine; the last one was pid "
		       "%ld)\n",
		       last);
	else
		printf("collector: not running (no lock held on this machine)\n");
	printf("runs: %d of %d done (%d complete, %d failed), %d interrupted, %d unfinished, %d "
	       "not started\n",
	       s->complete + s->failed, s->total, s->complete, s->failed, s->interrupted,
	       s->unfinished, s->not_started);
	if (s->current < 0) {
		printf("current: none\n");
		return;
	}
	const struct status_run *r = &o->runs[s->current];
	printf("current: %s (%s, %s; last change %s, %s ago)%s\n", r->id,
	       holder > 0 ? "under way" : "unfinished: its collector stopped",
	       r->phase[0] ? r->phase : "no phase yet", when(r->end_ns, t, sizeof(t)),
	       units_format_duration((double)(time_now_ns() - r->end_ns) / 1e9, d, sizeof(d)),
	       s->unfinished > 1 ? " and older unfinished ones" : "");
}

/* print_times: the elapsed and eta lines. */
static void print_times(const struct status_summary *s, long holder)
{
	char a[UNITS_DURATION_MAX], b[UNITS_DURATION_MAX], t[64];
	int64_t end = holder > 0 ? time_now_ns() : s->last_ns;

	if (s->first_ns > 0)
		printf("elapsed: %s since the first run began (%s), %s in runs\n",
		       units_format_duration((double)(end - s->first_ns) / 1e9, a, sizeof(a)),
		       when(s->first_ns, t, sizeof(t)),
		       units_format_duration(s->in_runs_s, b, sizeof(b)));
	else
		printf("elapsed: 0s (no run recorded yet)\n");
	if (s->complete + s->failed == s->total) {
		printf("eta: nothing left\n");
		return;
	}
	units_format_duration(s->left_s, b, sizeof(b));
	if (s->per_planned > 0)
		printf("eta: %s (%s planned x %.2f, the complete runs' seconds per planned second)",
		       units_format_duration(s->eta_s, a, sizeof(a)), b, s->per_planned);
	else
		printf("eta: %s planned (measured time; prepare and cleanup not included)", b);
	if (s->left_unknown)
		printf(", plus %d runs of unknown length (count or until-done)", s->left_unknown);
	printf("\n");
}

/* print_money: the failures and spend lines. */
static void print_money(const struct out_state *o, const struct status_summary *s,
			const char *budget_note)
{
	printf("failures:");
	for (int i = 0; i < s->n_classes; i++)
		printf("%s %s %d", i ? "," : "", s->classes[i].name, s->classes[i].n);
	printf("%s\n", s->n_classes ? "" : " none");
	printf("spend:");
	for (int i = 0; i < o->n_subjects; i++) {
		const struct status_subject *x = &o->subjects[i];
		const char *cur = x->currency[0] ? x->currency : "USD";

		printf("%s %s %.4f %s", i ? "," : "", x->id, x->spent, cur);
		if (x->budget > 0)
			printf(" of max_cost %g %s (%.1f %%)", x->budget, cur,
			       100 * x->spent / x->budget);
		else if (x->budget == 0)
			printf(" (no max_cost)");
	}
	printf("%s%s\n", budget_note ? "; max_cost unknown: " : "", budget_note ? budget_note : "");
}

int cmd_status(int argc, char **argv)
{
	struct out_state o;
	struct status_summary s;
	struct err e = {{0}}, be = {{0}};
	long holder, last;
	int rc = EXITCODE_USAGE;

	if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		fputs(cli_usage_text, stdout);
		return EXITCODE_OK;
	}
	if (argc != 2 || argv[1][0] == '-')
		return cli_usage_error("status takes one output directory: collect status OUT");
	memset(&o, 0, sizeof(o));
	o.out = argv[1];
	if (read_plan(&o, &e) < 0) {
		fprintf(stderr, "collect: status: %s\n", e.msg);
		goto out;
	}
	for (int i = 0; i < o.n; i++)
		look_at(o.out, &o.runs[i]);
	budgets(&o, &be);
	holder = lock_holder(o.out, &last);
	status_summarize(o.runs, o.n, o.subjects, o.n_subjects, &s);
	print_runs(&o, &s, holder, last);
	print_times(&s, holder);
	print_money(&o, &s, be.msg[0] ? be.msg : NULL);
	rc = EXITCODE_OK;
out:
	free(o.runs);
	return rc;
}

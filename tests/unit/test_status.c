/* tests/unit/test_status.c: collect/run/status, the summary `collect status` prints: runs
 * done and left, failures by class, the current run, the time so far, the ETA from the
 * plan's durations and each subject's spend, on a plan of 8 runs in every state (the
 * figures by hand in each case). */
#include <string.h>

#include "collect/run/status.h"
#include "tests/unit/check.h"

#define S 1000000000LL

/* run: one row of the table below. */
static struct status_run run(const char *id, int subject, double planned, enum status_state st,
			     const char *cls, double elapsed, int64_t start, int64_t end,
			     double cost)
{
	struct status_run r;

	memset(&r, 0, sizeof(r));
	strcpy(r.id, id);
	r.subject = subject;
	r.planned_s = planned;
	r.state = st;
	strcpy(r.cls, cls);
	r.elapsed_s = elapsed;
	r.start_ns = start;
	r.end_ns = end;
	r.cost = cost;
	return r;
}

int main(void)
{
	struct status_run runs[] = {
		run("runs/cycle-01/a/put-4KiB-c1", 0, 10, STATUS_COMPLETE, "", 15, 100 * S, 115 * S,
		    0.5),
		run("runs/cycle-01/b/put-4KiB-c1", 1, 10, STATUS_FAILED, "timeout", 60, 120 * S,
		    180 * S, 0.1),
		run("runs/cycle-01/a/get-4KiB-c1", 0, 10, STATUS_FAILED, "http-5xx", 1, 90 * S,
		    91 * S, 0.02),
		run("runs/cycle-01/b/get-4KiB-c1", 1, 10, STATUS_FAILED, "timeout", 61, 200 * S,
		    261 * S, 0.2),
		run("runs/cycle-02/a/put-4KiB-c1", 0, 10, STATUS_UNFINISHED, "", 0, 0, 270 * S, 0),
		run("runs/cycle-02/b/put-4KiB-c1", 1, 10, STATUS_UNFINISHED, "", 0, 0, 300 * S, 0),
		run("runs/cycle-02/a/get-4KiB-c1", 0, 10, STATUS_INTERRUPTED, "", 4, 262 * S,
		    266 * S, 0.03),
		run("runs/once/a/delete-4KiB-c1", 0, 0, STATUS_NOT_STARTED, "", 0, 0, 0, 0),
	};
	struct status_subject subj[2] = {{"a", 0, 5, "USD"}, {"b", 0, 0, "USD"}};
	struct status_summary s;

	status_summarize(runs, 8, subj, 2, &s);
	CHECK(s.total == 8 && s.complete == 1 && s.failed == 3 && s.interrupted == 1 &&
		      s.unfinished == 2 && s.not_started == 1,
	      "counts: %d total, %d complete, %d failed, %d interrupted, %d unfinished, %d not "
	      "started",
	      s.total, s.complete, s.failed, s.interrupted, s.unfinished, s.not_started);
	CHECK(s.n_classes == 2 && strcmp(s.classes[0].name, "timeout") == 0 &&
		      s.classes[0].n == 2 && strcmp(s.classes[1].name, "http-5xx") == 0 &&
		      s.classes[1].n == 1,
	      "failures by class, most first: %s %d, %s %d", s.classes[0].name, s.classes[0].n,
	      s.classes[1].name, s.classes[1].n);
	CHECK(s.current == 5, "the current run: the unfinished one changed last (%d)", s.current);
	CHECK(s.first_ns == 90 * S && s.last_ns == 300 * S, "first start 90 s, last change 300 s");
	CHECK_NUM(s.in_runs_s, 15 + 60 + 1 + 61 + 4, 1e-9, "time in the recorded runs");
	CHECK_NUM(s.left_s, 30, 1e-9, "left: two unfinished and the interrupted run, 10 s each");
	CHECK(s.left_unknown == 1, "one left without a planned length (%d)", s.left_unknown);
	CHECK_NUM(s.per_planned, 1.5, 1e-12, "the complete run took 15 s for 10 planned");
	CHECK_NUM(s.eta_s, 45, 1e-9, "eta: 30 s planned x 1.5");
	CHECK_NUM(subj[0].spent, 0.5 + 0.02 + 0.03, 1e-12, "a's spend: its recorded runs");
	CHECK_NUM(subj[1].spent, 0.3, 1e-12, "b's spend");

	/* nothing recorded yet: the plan's time, no factor */
	for (int i = 0; i < 8; i++)
		runs[i].state = STATUS_NOT_STARTED;
	status_summarize(runs, 8, subj, 2, &s);
	CHECK(s.current == -1 && s.first_ns == 0 && s.n_classes == 0, "a fresh plan: no run yet");
	CHECK_NUM(s.eta_s, 70, 1e-9, "eta: the plan's 70 s as they stand");
	CHECK(subj[0].spent == 0 && subj[1].spent == 0, "nothing spent");

	/* all done */
	for (int i = 0; i < 8; i++)
		runs[i].state = i == 1 ? STATUS_FAILED : STATUS_COMPLETE;
	status_summarize(runs, 8, subj, 2, &s);
	CHECK(s.complete + s.failed == 8 && s.left_s == 0 && s.left_unknown == 0 && s.eta_s == 0,
	      "all done: nothing left (%g)", s.eta_s);
	return check_done();
}

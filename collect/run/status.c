/* collect/run/status.c: see status.h. */
#include "collect/run/status.h"

#include <stdio.h>
#include <string.h>

/* add_class: one more failed run of class name (empty: "unknown"). */
static void add_class(struct status_summary *s, const char *name)
{
	const char *c = name[0] ? name : "unknown";
	int i;

	for (i = 0; i < s->n_classes && strcmp(s->classes[i].name, c) != 0; i++)
		;
	if (i == s->n_classes) {
		if (i == STATUS_CLASSES_MAX)
			i--; /* the last slot gathers what does not fit */
		else
			s->n_classes++;
		snprintf(s->classes[i].name, sizeof(s->classes[i].name), "%s", c);
	}
	s->classes[i].n++;
}

/* sort_classes: most failures first, then by name. */
static void sort_classes(struct status_summary *s)
{
	for (int i = 1; i < s->n_classes; i++)
		for (int j = i; j > 0; j--) {
			int swap = s->classes[j].n > s->classes[j - 1].n ||
				   (s->classes[j].n == s->classes[j - 1].n &&
				    strcmp(s->classes[j].name, s->classes[j - 1].name) < 0);

			struct status_class t = s->classes[j];

			if (!swap)
				break;
			s->classes[j] = s->classes[j - 1];
			s->classes[j - 1] = t;
		}
}

void status_summarize(const struct status_run *runs, int n, struct status_subject *subjects,
		      int n_subjects, struct status_summary *s)
{
	double done_planned = 0, done_actual = 0;

	memset(s, 0, sizeof(*s));
	s->current = -1;
	s->total = n;
	for (int i = 0; i < n_subjects; i++)
		subjects[i].spent = 0;
	for (int i = 0; i < n; i++) {
		const struct status_run *r = &runs[i];
		int recorded = r->state >= STATUS_INTERRUPTED;

		s->complete += r->state == STATUS_COMPLETE;
		s->failed += r->state == STATUS_FAILED;
		s->interrupted += r->state == STATUS_INTERRUPTED;
		s->unfinished += r->state == STATUS_UNFINISHED;
		s->not_started += r->state == STATUS_NOT_STARTED;
		if (r->state == STATUS_FAILED)
			add_class(s, r->cls);
		if (r->state == STATUS_UNFINISHED &&
		    (s->current < 0 || r->end_ns > runs[s->current].end_ns))
			s->current = i;
		if (recorded && r->start_ns > 0 && (s->first_ns == 0 || r->start_ns < s->first_ns))
			s->first_ns = r->start_ns;
		if (r->end_ns > s->last_ns)
			s->last_ns = r->end_ns;
		if (recorded) {
			s->in_runs_s += r->elapsed_s;
			if (r->subject >= 0 && r->subject < n_subjects)
				subjects[r->subject].spent += r->cost;
		}
		if (r->state == STATUS_COMPLETE && r->planned_s > 0) {
			done_planned += r->planned_s;
			done_actual += r->elapsed_s;
		}
		if (r->state == STATUS_COMPLETE || r->state == STATUS_FAILED)
			continue;
		s->left_s += r->planned_s;
		s->left_unknown += !(r->planned_s > 0);
	}
	sort_classes(s);
	s->per_planned = done_planned > 0 ? done_actual / done_planned : 0;
	s->eta_s = s->per_planned > 0 ? s->left_s * s->per_planned : s->left_s;
}

/* analyze/read/runlog_cost.c: the sweeps of sweeps.json billed to the runs and subjects
 * read (analyze/read/runlog.h; docs/FORMATS.md, "Prices and billing"). */
#include <stdio.h>
#include <string.h>

#include "analyze/read/runlog.h"

void runlog_apply_sweeps(struct runlog *logs, size_t n, const struct sweep_rec *v, size_t nv,
			 size_t *to_runs, size_t *to_subjects, size_t *unbilled)
{
	*to_runs = *to_subjects = *unbilled = 0;
	for (size_t k = 0; k < nv; k++) {
		struct runlog *run = NULL, *subj = NULL;
		for (size_t i = 0; i < n && run == NULL; i++)
			if (logs[i].path != NULL && strcmp(logs[i].path, v[k].run) == 0)
				run = &logs[i];
		for (size_t i = 0; i < n && subj == NULL; i++)
			if (logs[i].has_prices && logs[i].subject != NULL &&
			    strcmp(logs[i].subject, v[k].subject) == 0)
				subj = &logs[i];
		if (run != NULL && run->has_prices) {
			bill_add(&run->bill, &v[k].bill);
			run->has_billing = 1;
			(*to_runs)++;
		} else if (run == NULL && subj != NULL) {
			bill_add(&subj->subject_bill, &v[k].bill);
			(*to_subjects)++;
		} else {
			(*unbilled)++;
		}
	}
}

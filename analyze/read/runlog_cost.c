/* analyze/read/runlog_cost.c: run.json's "prices" and "billing" (docs/FORMATS.md), read with
 * core/price.h, the reader collect's writer uses (analyze/read/runlog.h). */
#include <stdio.h>
#include <string.h>

#include "analyze/read/runlog.h"

int runlog_cost_read(const json_t *root, struct runlog *r, struct err *e)
{
	static const char *const phases[] = {"prepare", "benchmark", "cleanup"};
	const json_t *p = json_object_get(root, "prices"), *b = json_object_get(root, "billing");
	struct err pe;
	const char *ex = json_string_value(
		json_object_get(json_object_get(root, "campaign"), "cost_example"));

	if (ex != NULL)
		snprintf(r->cost_example, sizeof(r->cost_example), "%s", ex);
	if (p != NULL && !json_is_null(p)) {
		if (price_from_json(p, &r->prices, &pe) < 0)
			return err_set(e, "field %s", pe.msg);
		r->has_prices = 1;
	}
	if (b == NULL || json_is_null(b))
		return 0;
	if (!json_is_object(b))
		return err_set(e, "field billing: expected an object");
	for (size_t i = 0; i < sizeof(phases) / sizeof(phases[0]); i++) {
		const json_t *ph = json_object_get(b, phases[i]);
		struct bill_counts c;
		if (ph == NULL || json_is_null(ph))
			continue;
		if (bill_from_json(ph, &c, &pe) < 0)
			return err_set(e, "field billing.%s%s", phases[i],
				       pe.msg + strlen("billing"));
		bill_add(&r->bill, &c);
		r->has_billing = 1;
	}
	return 0;
}

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

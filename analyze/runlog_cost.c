/* analyze/runlog_cost.c: run.json's "prices" and "billing" (docs/FORMATS.md), read with
 * core/price.h, the reader collect's writer uses (analyze/runlog.h). */
#include <stdio.h>
#include <string.h>

#include "analyze/runlog.h"

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

/* render/model/model_claims.h: the claims of the model (aggregate.json claims[], core/results/
 * results_claims.h) as the report looks them up: by the id of what a table cell, a legend or a
 * finding shows, spelt by results_claim_id as analyze spelt it. The report words these claims;
 * it decides no verdict of its own (docs/FORMATS.md, "Claims"). */
#ifndef RENDER_MODEL_CLAIMS_H
#define RENDER_MODEL_CLAIMS_H

#include "render/model/model.h"

/* model_claim: the claim whose id is id; NULL when none (also in a file without claims). */
const struct results_claim *model_claim(const struct report_model *m, const char *id);

/* model_claim_lead: the lead claim of a category (lead/OP/SIZE/cC); NULL when none. */
const struct results_claim *model_claim_lead(const struct report_model *m, const char *op,
					     uint64_t size, int concurrency);

/* model_claim_tail_lead: the tail-lead claim of a category's percentile pct ("p50", "p99";
 * tail-lead/OP/SIZE/cC/PCT); NULL when none. */
const struct results_claim *model_claim_tail_lead(const struct report_model *m, const char *op,
						  uint64_t size, int concurrency, const char *pct);

/* model_claim_cell: the claim of kind about cell c (KIND/OP/SIZE/cC/SUBJECT[/EXTRA], a
 * workload cell's dimension as EXTRA); NULL when none or c is NULL. */
const struct results_claim *model_claim_cell(const struct report_model *m, const char *kind,
					     const struct results_cell *c);

/* model_claim_run: the claim of kind about the cell run x belongs to (as model_claim_cell);
 * NULL when none or x is NULL. */
const struct results_claim *model_claim_run(const struct report_model *m, const char *kind,
					    const struct results_run *x);

/* model_claim_names: 1 when claim c is about subject s or names it among its subjects. */
int model_claim_names(const struct results_claim *c, int s);

/* model_claims_to_json: the claims[] array as the file holds it (a new reference); NULL when
 * the file has no claims[] or memory runs out. model_claims_json: the same as compact JSON
 * text (a new string, caller frees). */
json_t *model_claims_to_json(const struct report_model *m);
char *model_claims_json(const struct report_model *m);

#endif

/* analyze/out/out_json_claims.h: aggregate.json's claims[] (docs/FORMATS.md, "Claims"), the
 * claims analyze/claims built, in their order. */
#ifndef ANALYZE_OUT_JSON_CLAIMS_H
#define ANALYZE_OUT_JSON_CLAIMS_H

#include <jansson.h>

#include "analyze/cells/aggregate.h"
#include "analyze/claims/claims.h"

/* out_json_claims: the claims of l as claims[] (a new array; subjects by id of a's); *ok
 * cleared when memory runs out. */
json_t *out_json_claims(const struct aggregate *a, const struct claim_list *l, int *ok);

#endif

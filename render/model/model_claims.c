/* render/model/model_claims.c: see model_claims.h. */
#include "render/model/model_claims.h"

#include <stdlib.h>

#include "core/jwrite.h"

const struct results_claim *model_claim(const struct report_model *m, const char *id)
{
	return results_claim_find(m->doc.claims, m->doc.n_claims, id);
}

const struct results_claim *model_claim_lead(const struct report_model *m, const char *op,
					     uint64_t size, int concurrency)
{
	char id[RESULTS_CLAIM_ID_MAX];

	results_claim_id(id, sizeof(id), "lead", NULL, op, (long long)size, concurrency, NULL,
			 NULL);
	return model_claim(m, id);
}

const struct results_claim *model_claim_tail_lead(const struct report_model *m, const char *op,
						  uint64_t size, int concurrency, const char *pct)
{
	char id[RESULTS_CLAIM_ID_MAX];

	results_claim_id(id, sizeof(id), "tail-lead", NULL, op, (long long)size, concurrency, NULL,
			 pct);
	return model_claim(m, id);
}

const struct results_claim *model_claim_cell(const struct report_model *m, const char *kind,
					     const struct results_cell *c)
{
	char id[RESULTS_CLAIM_ID_MAX], extra[64];

	if (c == NULL || c->subject < 0 || (size_t)c->subject >= m->nsubjects)
		return NULL;
	results_claim_extra(extra, sizeof(extra), c->rate, c->mix.present, c->size_spec != NULL,
			    c->range != NULL);
	results_claim_id(id, sizeof(id), kind, NULL, c->op, (long long)c->size, c->concurrency,
			 m->subjects[c->subject].id, extra);
	return model_claim(m, id);
}

const struct results_claim *model_claim_run(const struct report_model *m, const char *kind,
					    const struct results_run *x)
{
	char id[RESULTS_CLAIM_ID_MAX], extra[64];

	if (x == NULL || x->subject < 0 || (size_t)x->subject >= m->nsubjects || x->op == NULL)
		return NULL;
	results_claim_extra(extra, sizeof(extra), x->rate, x->mix.present, x->size_spec != NULL,
			    x->range != NULL);
	results_claim_id(id, sizeof(id), kind, NULL, x->op, (long long)x->size, x->concurrency,
			 m->subjects[x->subject].id, extra);
	return model_claim(m, id);
}

int model_claim_names(const struct results_claim *c, int s)
{
	if (c == NULL)
		return 0;
	if (c->subject == s)
		return 1;
	for (size_t i = 0; i < c->n_subjects; i++)
		if (c->subjects[i] == s)
			return 1;
	return 0;
}

json_t *model_claims_to_json(const struct report_model *m)
{
	json_t *a;
	int ok = 1;

	if (!m->doc.has_claims || (a = json_array()) == NULL)
		return NULL;
	for (size_t i = 0; i < m->doc.n_claims; i++)
		jwrite_add(a, results_claim_to_json(&m->doc.claims[i], &m->doc), &ok);
	return jwrite_done(a, ok);
}

char *model_claims_json(const struct report_model *m)
{
	json_t *a = model_claims_to_json(m);
	char *s = a ? json_dumps(a, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))
		    : NULL;

	json_decref(a);
	return s;
}

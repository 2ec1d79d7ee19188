/* render/report/report_cond.c: the conditional writes' correctness in the key findings
 * (report_int.h; docs/METHODOLOGY.md, "Conditional writes"): a violated promise is a
 * correctness failure, said first and never as a speed; a cell that could not be judged
 * (no write succeeded: a server that refuses every condition) says that its figures are no
 * result. The words are the claim's (claim.correctness.VERDICT) inside the finding's. */
#include <string.h>

#include "render/report/findings.h"
#include "render/report/report_int.h"

int report_cond_findings(const struct report_model *m, const struct text_lang *l,
			 struct findings *f)
{
	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *c = &m->doc.claims[i];
		struct strbuf w = {0}, b = {0};
		const char *key, *names[] = {"claim"}, *vals[1];

		if (strcmp(c->kind, "correctness") != 0 || strcmp(c->verdict, "held") == 0)
			continue;
		key = strcmp(c->verdict, "violated") == 0 ? "finding.correctness_violated"
							  : "finding.correctness_not_judged";
		if (report_claim_words(m, l, c, &w) < 0 || w.failed) {
			strbuf_free(&w);
			return -1;
		}
		vals[0] = w.p;
		text_subst(&b, text_lang_str(l, key), names, vals, 1);
		strbuf_free(&w);
		if (report_finding_claim(f, &b, c->id))
			return -1;
	}
	return 0;
}

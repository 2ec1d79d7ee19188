/* analyze/claims/claims_payload.c: the "payload" claims (claim_kinds.h; docs/METHODOLOGY.md,
 * "Upload data"): per subject whose runs carry a payload certificate (run.json payload), whether
 * the bodies were what was asked: random data incompressible and not deduplicable, a
 * compressible:R run's zstd ratio near R, a dedup:F run's unique 4 KiB share near 1 - F. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/claims/claim_kinds.h"

/* What a run's certificate must show (docs/METHODOLOGY.md, "Upload data"). */
#define RANDOM_ZSTD_MAX 1.05 /* random: zstd ratio below this */
#define UNIQUE_MIN 0.999     /* random and compressible: unique 512 B and 4 KiB shares */
#define RATIO_TOL 0.05       /* compressible:R: |zstd / R - 1| */
#define SHARE_TOL 0.02       /* dedup:F: |unique 4 KiB share - (1 - F)| */

/* at_least: v >= min, or v unknown (NaN: no whole block sampled, nothing to judge) */
static int at_least(double v, double min)
{
	return isnan(v) || v >= min;
}

/* as_asked: run r's certificate shows what its data mode asked. */
static int as_asked(const struct runlog *r)
{
	const char *d = r->payload_data;
	double v;

	if (strncmp(d, "compressible:", 13) == 0) {
		v = atof(d + 13);
		return fabs(r->zstd_ratio / v - 1) <= RATIO_TOL &&
		       at_least(r->unique_4k_share, UNIQUE_MIN) &&
		       at_least(r->unique_512_share, UNIQUE_MIN);
	}
	if (strncmp(d, "dedup:", 6) == 0) {
		v = atof(d + 6);
		return isnan(r->unique_4k_share) || fabs(r->unique_4k_share - (1 - v)) <= SHARE_TOL;
	}
	return r->zstd_ratio < RANDOM_ZSTD_MAX && at_least(r->unique_4k_share, UNIQUE_MIN) &&
	       at_least(r->unique_512_share, UNIQUE_MIN);
}

/* worse: run r's certificate is further from fair than w's (the one shown) */
static int worse(const struct runlog *r, const struct runlog *w)
{
	double ur = isnan(r->unique_4k_share) ? 1 : r->unique_4k_share;
	double uw = isnan(w->unique_4k_share) ? 1 : w->unique_4k_share;

	return ur < uw || (ur == uw && r->zstd_ratio > w->zstd_ratio);
}

/* subject_claim: subject s's payload claim, when any of its runs carries a certificate */
static int subject_claim(struct claim_list *l, const struct aggregate *a, size_t s)
{
	const struct runlog *shown = NULL, *bad = NULL;
	struct claim_key k = claim_key_of("payload");
	size_t runs = 0, n_bad = 0, asked = 0;
	char z[32], u[32];

	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *r = a->runs[i].log;

		if (a->runs[i].subject != s || !r->has_payload)
			continue;
		runs++;
		asked += strcmp(r->payload_data, "random") != 0;
		if (!as_asked(r) && (bad == NULL || worse(r, bad)))
			bad = r;
		n_bad += !as_asked(r);
		if (shown == NULL || worse(r, shown))
			shown = r;
	}
	if (runs == 0)
		return 0;
	if (bad != NULL)
		shown = bad;
	k.subject = (int)s;
	if (claims_add(l, a, &k, n_bad > 0 ? "unfair" : asked > 0 ? "as-asked" : "fair") < 0)
		return -1;
	claims_num(l, "runs", (double)runs);
	claims_num(l, "bad", (double)n_bad);
	claims_num(l, "zstd_ratio", shown->zstd_ratio);
	claims_num(l, "unique_4k_share", shown->unique_4k_share);
	claims_num(l, "unique_512_share", shown->unique_512_share);
	snprintf(z, sizeof(z), "%.2f", shown->zstd_ratio);
	if (isnan(shown->unique_4k_share))
		snprintf(u, sizeof(u), "-");
	else
		snprintf(u, sizeof(u), "%.1f", 100 * shown->unique_4k_share);
	claims_text(l, "zstd", z);
	claims_text(l, "unique_4k", u);
	claims_text(l, "data", shown->payload_data);
	return l->failed ? -1 : 0;
}

int claims_payload(struct claim_list *l, const struct aggregate *a)
{
	for (size_t s = 0; s < a->n_subjects; s++)
		if (subject_claim(l, a, s) < 0)
			return -1;
	return 0;
}

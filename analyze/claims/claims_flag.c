/* analyze/claims/claims_flag.c: the "feature-gap" claims (claims.h; docs/METHODOLOGY.md,
 * "Claims": a subject whose runs differed for a feature): for each subject with a
 * ran-differently claim of an aspect that is a feature of the S3 API (checksum, http,
 * addressing, sse, tags), one claim per matrix cell of it with a figure, saying which
 * features made its runs differ and whence that is known: the conformance probe found the
 * feature wrong or refused (support[], the first such feature of the aspect, one its or the
 * others' value names first), else the runs' recorded settings alone. The report marks each
 * such figure wherever it appears. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/claims/claim_list.h"

/* An aspect of claims_ran.c that a provider may lack, and its probe features (probe.json's
 * names; a name ending in '-' is a prefix). */
struct gap_aspect {
	const char *aspect;
	const char *features[4];
};

static const struct gap_aspect gaps[] = {
	{"checksum", {"checksum-"}},
	{"http", {"http2"}},
	{"addressing", {"virtual-hosted", "path-style"}},
	{"sse", {"sse-s3", "sse-c", "sse-kms"}},
	{"tags", {"tagging"}},
};

#define N_GAPS (sizeof(gaps) / sizeof(gaps[0]))

/* What made one subject's runs differ: its aspects and the worst evidence found. */
struct gap {
	char aspects[128];                     /* "sse, tags" */
	enum results_sv sv;                    /* RESULTS_SV_WRONG, _REFUSED or _COUNT: settings */
	const struct results_feature *feature; /* the probe's answer; NULL: settings */
	const struct results_claim *ran;       /* the first ran-differently claim of the gap */
};

static const struct gap_aspect *gap_of(const char *aspect)
{
	for (size_t i = 0; aspect != NULL && i < N_GAPS; i++)
		if (strcmp(gaps[i].aspect, aspect) == 0)
			return &gaps[i];
	return NULL;
}

/* is_of: feature name f is one of g's features. */
static int is_of(const struct gap_aspect *g, const char *f)
{
	for (size_t i = 0; i < 4 && g->features[i] != NULL; i++) {
		size_t n = strlen(g->features[i]);

		if (g->features[i][n - 1] == '-' ? strncmp(f, g->features[i], n) == 0
						 : strcmp(f, g->features[i]) == 0)
			return 1;
	}
	return 0;
}

/* named: the feature's last part ("crc32c" of checksum-crc32c, "c" of sse-c) is a word of
 * the ran-differently claim's value or others. */
static int named(const char *f, const struct results_claim *ran)
{
	const char *part = strrchr(f, '-'), *v[2];

	part = part != NULL ? part + 1 : f;
	v[0] = results_claim_text(ran, "value");
	v[1] = results_claim_text(ran, "others");
	for (int k = 0; k < 2; k++)
		for (const char *p = v[k]; p != NULL && (p = strstr(p, part)) != NULL; p++) {
			char after = p[strlen(part)];

			if (p > v[k] && p[-1] == ' ' &&
			    (after == '\0' || after == ',' || after == ':' || after == ' '))
				return 1;
		}
	return 0;
}

/* probe_answer: the worst answer (wrong before refused) the probe of subject s gave for a
 * feature of g that ran's value or others name, else for any feature of g, into *x when
 * worse than what it holds. */
static void probe_answer(const struct results_support *sup, size_t n_sup, int s,
			 const struct gap_aspect *g, const struct results_claim *ran, struct gap *x)
{
	enum results_sv best = RESULTS_SV_COUNT;
	const struct results_feature *at = NULL;

	for (int want_named = 1; want_named >= 0 && at == NULL; want_named--)
		for (size_t i = 0; i < n_sup; i++)
			for (size_t f = 0; sup[i].subject == s && f < sup[i].n_features; f++) {
				const struct results_feature *ft = &sup[i].features[f];

				if (is_of(g, ft->feature) &&
				    named(ft->feature, ran) == want_named &&
				    ft->verdict <= RESULTS_SV_REFUSED && ft->verdict < best) {
					best = ft->verdict;
					at = ft;
				}
			}
	if (at != NULL && best < x->sv) {
		x->sv = best;
		x->feature = at;
	}
}

/* gap_collect: subject s's gap from the first n claims of l into *x; 0 when it has none. */
static int gap_collect(const struct claim_list *l, size_t n, int s,
		       const struct results_support *sup, size_t n_sup, struct gap *x)
{
	size_t len = 0;

	*x = (struct gap){.sv = RESULTS_SV_COUNT};
	for (size_t i = 0; i < n; i++) {
		const struct results_claim *c = &l->v[i];
		const struct gap_aspect *g;

		if (strcmp(c->kind, "ran-differently") != 0 || strcmp(c->verdict, "differs") != 0 ||
		    c->subject != s || (g = gap_of(results_claim_text(c, "aspect"))) == NULL)
			continue;
		if (x->ran == NULL)
			x->ran = c;
		if (len + strlen(g->aspect) + 3 < sizeof(x->aspects))
			len += (size_t)snprintf(x->aspects + len, sizeof(x->aspects) - len, "%s%s",
						len ? ", " : "", g->aspect);
		probe_answer(sup, n_sup, s, g, c, x);
	}
	return x->ran != NULL;
}

/* cell_claim: the feature-gap claim of cell c from gap x. */
static int cell_claim(struct claim_list *l, const struct aggregate *a, const struct agg_cell *c,
		      const struct gap *x)
{
	struct claim_key k = claim_key_cell("feature-gap", c);
	const struct results_feature *f = x->feature;

	if (claims_add(l, a, &k,
		       x->sv == RESULTS_SV_WRONG     ? "wrong"
		       : x->sv == RESULTS_SV_REFUSED ? "refused"
						     : "setting") < 0)
		return -1;
	for (size_t t = 0; t < a->n_subjects; t++)
		if (t != c->subject)
			claims_also(l, (int)t);
	claims_text(l, "aspects", x->aspects);
	claims_text(l, "aspect", results_claim_text(x->ran, "aspect"));
	claims_text(l, "value", results_claim_text(x->ran, "value"));
	claims_text(l, "others", results_claim_text(x->ran, "others"));
	claims_text(l, "ran_claim", x->ran->id);
	claims_text(l, "feature", f != NULL ? f->feature : NULL);
	claims_num(l, "status", f != NULL && f->status > 0 ? (double)f->status : NAN);
	claims_text(l, "code", f != NULL && f->code != NULL && f->code[0] ? f->code : NULL);
	claims_text(l, "expected",
		    f != NULL && f->expected != NULL && f->expected[0] ? f->expected : NULL);
	return l->failed ? -1 : 0;
}

int claims_flag(struct claim_list *l, const struct aggregate *a, const struct results_support *sup,
		size_t n_sup, struct err *e)
{
	size_t n = l->n;

	for (size_t s = 0; s < a->n_subjects; s++) {
		struct gap x;

		if (!gap_collect(l, n, (int)s, sup, n_sup, &x))
			continue;
		for (size_t i = 0; i < a->n_cells; i++) {
			const struct agg_cell *c = &a->cells[i];

			if (c->subject == s && isfinite(cell_key(c)->value) &&
			    cell_claim(l, a, c, &x) < 0)
				return err_set(e, "claims: out of memory");
		}
	}
	return l->failed ? err_set(e, "claims: out of memory") : 0;
}

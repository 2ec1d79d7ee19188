/* core/results/results_vantage.h: aggregate.json vantages{} (docs/FORMATS.md, "Vantages";
 * docs/METHODOLOGY.md, "Vantages"): a merge of one campaign measured from several places
 * (analyze DIR1 DIR2 ...): the vantages, each matrix cell per vantage, and per matrix
 * category the subject x vantage interaction test and the subjects whose rank flips.
 * Absent for one DATA_DIR. */
#ifndef CORE_RESULTS_VANTAGE_H
#define CORE_RESULTS_VANTAGE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"

struct results;

/* vantages.names[]: a vantage, where its name came from ("option", "campaign.vantage",
 * "directory") and its DATA_DIR as given. */
struct results_vantage {
	char *name, *from, *dir;
};

/* vantages.cells[]: a matrix cell in one vantage. */
struct results_vcell {
	int subject, vantage; /* vantage: index of names[] (its name in the file) */
	char *op;
	uint64_t size;
	int concurrency;
	long long n;                       /* valid runs */
	double value, ci_lo, ci_hi, gmean; /* NAN: null */
	int rank;                          /* 1 the highest gmean in its vantage; 0: null */
};

/* vantages.interaction[]: a matrix category's test. */
struct results_vtest {
	char *op;
	uint64_t size;
	int concurrency;
	int headline;
	long long subjects, left_out, runs, pairs_reversed;
	double f, df1, df2, p, alpha; /* NAN: null (untested) */
	char *verdict;                /* "untested", "consistent", "interaction", "rank-changes" */
	int *flagged;                 /* the subjects whose rank flips */
	size_t n_flagged;
};

/* vantages.leads[]: a matrix category's leader in one vantage (its runs analyzed alone). */
struct results_vlead {
	int vantage, subject;
	char *op;
	uint64_t size;
	int concurrency;
	char *status; /* "clear", "tie", "unresolved", "blocked", "untested" */
};

struct results_vantages {
	struct results_vantage *names;
	size_t n;
	struct results_vcell *cells;
	size_t n_cells;
	struct results_vtest *tests;
	size_t n_tests;
	struct results_vlead *leads; /* absent in the file: none */
	size_t n_leads;
};

/* The functions of the record, as results_head.h says. */
json_t *results_vantages_to_json(const struct results_vantages *v, const struct results *doc);
int results_vantages_from_json(struct jread *r, const json_t *o, struct results_vantages *v);
void results_vantages_free(struct results_vantages *v);

#endif

/* analyze/provenance/verify.h: bin/analyze --verify RESULTS_DIR [DATA_DIR] [--pubkey PUB.pem]:
 * checks that RESULTS_DIR was derived from DATA_DIR as its manifest.json says
 * (docs/FORMATS.md, "Verifying results"): the manifest's own digest, the publisher's
 * signature, every input's digest (missing, extra and changed inputs named), each
 * run's summary recomputed from its ops.tsv.zst (runlog_compare's tolerance), the
 * fairness facts re-derived from the run.json files (per vantage in a merge), the
 * results re-derived with the recorded options and generation time and compared
 * (byte for byte for the same build, else within VERIFY_REL_TOL), and trend.json
 * while the history database still has its recorded digest. */
#ifndef ANALYZE_VERIFY_H
#define ANALYZE_VERIFY_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "core/results/results.h"
#include "core/results/results_manifest.h"

/* Exit statuses of --verify (documented in --help and docs/FORMATS.md). */
enum verify_status {
	VERIFY_OK = 0,
	VERIFY_USAGE = 2,     /* usage error; no manifest, unreadable, or a newer format */
	VERIFY_MANIFEST = 3,  /* the manifest's digest does not match its content */
	VERIFY_SIGNATURE = 4, /* --pubkey: unsigned, signed by another key, or bad signature */
	VERIFY_INPUTS = 5,    /* an input missing, extra or changed */
	VERIFY_SUMMARY = 6,   /* a run's summary disagrees with its ops.tsv.zst */
	VERIFY_RESULTS = 7    /* the results differ from the re-derived ones */
};

/* Numbers of results compared across builds agree within this relative difference
 * (absolute 1e-12 near zero). */
#define VERIFY_REL_TOL 1e-9

/* The analysis itself: bin/analyze's command line (argv[0] "analyze", then DATA_DIR,
 * -o and the options) run in this process; returns analyze's exit status. */
typedef int (*verify_derive_fn)(int argc, char **argv);

/* verify_main: the --verify command line (argv as bin/analyze got it). Prints what
 * it checked and the first difference on stderr; returns an enum verify_status. */
int verify_main(int argc, char **argv, verify_derive_fn derive);

/* verify_cmp_json: 0 when a and b agree (numbers within tol relative, tol 0: equal;
 * everything else exactly; a member named ignore, at any depth, is not compared), else
 * 1 with the first difference into where (n bytes): "field cells[2].mib_s.mean: 5.1 vs
 * 5.2". */
int verify_cmp_json(const json_t *a, const json_t *b, double tol, const char *ignore, char *where,
		    size_t n);

/* verify_facts: man's fairness facts, library and collect versions and, when man records them
 * per vantage, each vantage's facts and vantages_differ, against those re-derived
 * (manifest_facts) from the n_dirs DATA_DIRs dirs (man's vantages, in order; one for a single
 * DATA_DIR) for agg's subjects (RESULTS_DIR's aggregate.json). 0 when they agree; 1 with the
 * first difference into where (n bytes): "subjects[0].vantages[1] (provider-a, vantage
 * eu-west): addressing: 'path' recorded, 'virtual' in the run.json files of provider-a under
 * ../eu/runs (vantage eu-west)"; -1 with e set when out of memory. A fact the manifest does
 * not record (written before it was) is not compared. */
int verify_facts(const struct results_manifest *man, const struct results *agg,
		 const char *const *dirs, size_t n_dirs, char *where, size_t n, struct err *e);

/* verify_cmp_text: the same for two CSV texts (a line-by-line, field-by-field
 * comparison; fields that both read as numbers compared within tol): "line 3, column
 * mib_s: 5.1 vs 5.2". */
int verify_cmp_text(const char *a, const char *b, double tol, char *where, size_t n);

#endif

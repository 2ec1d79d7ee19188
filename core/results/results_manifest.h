/* core/results/results_manifest.h: results/manifest.json, its one codec (docs/FORMATS.md,
 * "results/manifest.json", s3bench-manifest/1): every input of the results with its size and
 * SHA-256, what made them (tool, command, options), the results files written, the library
 * versions collect ran with, the fairness facts per subject and the signer. analyze writes
 * it (analyze/provenance/manifest.h) and reads it back for --verify; render shows it. The
 * conventions are results.h's; a member the writer adds only in some cases is said. */
#ifndef CORE_RESULTS_MANIFEST_H
#define CORE_RESULTS_MANIFEST_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/climit.h"
#include "core/err.h"

#define RESULTS_MANIFEST_PREFIX "s3bench-manifest/"
#define RESULTS_MANIFEST_MAJOR 1
#define RESULTS_MANIFEST_FORMAT RESULTS_MANIFEST_PREFIX "1"
/* The member of the digest, left out of what it is the digest of. */
#define RESULTS_MANIFEST_DIGEST "digest"

/* inputs[] / outputs[]: one file with its digest. */
struct results_manifest_file {
	char *path;
	uint64_t size;
	char *sha256;
	int outside;       /* "outside": true (a path outside DATA_DIR); written when set */
	char *relative_to; /* "data_dir": an outside path from DATA_DIR ("../map.ini"); NULL: as
			    * given (manifests older than it) */
	char *role;        /* an option's file ("baseline", "history", ...); NULL: DATA_DIR's own */
	char *vantage;     /* a merge of vantages: the name of the vantage whose DATA_DIR holds
			    * it ("vantage"); NULL: not a merge */
};

/* options.warp_map, baseline, history, prices: a file option. */
struct results_manifest_path {
	char *path; /* relative to DATA_DIR when inside it */
	int outside;
	char *relative_to; /* as in results_manifest_file */
};

/* options.vantages[]: a merge of vantages (analyze DIR1 DIR2 ...), one per DATA_DIR in order:
 * its name, where the name came from ("option", "campaign.vantage", "directory") and its
 * DATA_DIR (the first "."; another from the first, as a file option is). */
struct results_manifest_vantage {
	char *name, *from;
	struct results_manifest_path dir;
};

/* options{}: every option in force. */
struct results_manifest_options {
	char *data_dir, *output; /* output: RESULTS_DIR, relative to DATA_DIR when inside */
	int output_outside;
	char *policy;
	long long repeat; /* policy best-of-means: cycles per group; 0: none (absent) */
	long long min_samples;
	double alpha;
	double target_ci; /* --target-ci; NAN: not in the file (manifests before the planner) */
	int recompute;
	char *inclusion_rule, *source;
	struct results_manifest_path *warp_map, *baseline, *history; /* NULL: null */
	char *warp_engine;
	double alert_min_change;
	double alert_false_rate; /* NAN: not in the file (manifests older than it) */
	char *alert_cells;       /* NULL: null (the headline cells) */
	int has_prices;          /* with --prices: prices and prices_section are written */
	struct results_manifest_path *prices;
	char *prices_section;
	int has_client_limits; /* client_limits{} (absent in manifests older than it) */
	struct climit_thresholds client_limits;
	int has_history_build; /* with --history */
	long long history_build;
	struct results_manifest_vantage *vantages; /* written when n_vantages >= 2 */
	size_t n_vantages;
};

/* A fairness fact of a subject: one value (every run agrees; "unknown": none records it)
 * or, list set, the sorted distinct values. n 0: not in the file. */
struct results_manifest_fact {
	char **values;
	size_t n;
	int list;
};

/* subjects[]: per subject, its runs and fairness facts (core/facts.h's, in that order); in a
 * merge of vantages the same per vantage ("vantages": id is the vantage's name, written as
 * "vantage"; its own vantages and differ empty) and the settings whose values differ between
 * the vantages ("vantages_differ", fact_setting's facts, in fact order). */
struct results_manifest_subject {
	char *id;
	long long runs;
	struct results_manifest_fact *facts; /* fact_count entries */
	int merged; /* a merge: "vantages" and "vantages_differ" written (each may be empty) */
	struct results_manifest_subject *vantages;
	size_t n_vantages;
	char **differ;
	size_t n_differ;
};

/* libraries{} / collect{}: a name with the distinct versions recorded, sorted. */
struct results_manifest_versions {
	char *name;
	char **versions;
	size_t n;
};

struct results_manifest {
	char *format;
	char *digest; /* NULL: not written (the form the digest is made of) */
	char *generated;
	char *tool_name, *tool_version, *tool_commit;
	char *command;
	struct results_manifest_options options;
	struct results_manifest_file *inputs, *outputs;
	size_t n_inputs, n_outputs;
	struct results_manifest_versions *libraries, *collect;
	size_t n_libraries, n_collect;
	struct results_manifest_subject *subjects;
	size_t n_subjects;
	char *signer_algorithm, *signer_fingerprint; /* NULL, NULL: signer null */
};

/* results_manifest_to_json: m as manifest.json holds it ("digest" after "format" when set).
 * A new reference; NULL when out of memory. */
json_t *results_manifest_to_json(const struct results_manifest *m);

/* results_manifest_format: 0 when root's format is s3bench-manifest/1.x; else -1 with e
 * naming file ("format: 's3bench-manifest/2' is a newer manifest format than this s3bench
 * reads ..."). */
int results_manifest_format(const json_t *root, const char *file, struct err *e);

/* results_manifest_from_json: m (zeroed first) from root, format checked; 0, or -1 with e
 * naming the field at fault (what was read stays owned by m). */
int results_manifest_from_json(const json_t *root, const char *file, struct results_manifest *m,
			       struct err *e);

/* results_manifest_read: the file at path ("PATH: line N: ..." when it does not parse). */
int results_manifest_read(const char *path, struct results_manifest *m, struct err *e);

/* results_manifest_write: m at path (results_dump's layout, then a newline; doubles with 15
 * digits when the file reads back to the same values, else 17). -1 with e set. */
int results_manifest_write(const struct results_manifest *m, const char *path, struct err *e);

/* results_manifest_file_free, results_manifest_free: what they own. */
void results_manifest_file_free(struct results_manifest_file *f);
void results_manifest_free(struct results_manifest *m);

#endif

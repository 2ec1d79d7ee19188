/* analyze/provenance/manifest.h: results/manifest.json (docs/FORMATS.md, "s3bench-manifest/1"):
 * what the results rest on (every input with its size and SHA-256), what made them
 * (tool version and commit, every option in force, the generation time, the library
 * versions collect ran with) and the fairness facts per subject; its digest is the
 * SHA-256 of its RFC 8785 canonical form without the "digest" member (core/jcs.h).
 * bin/analyze writes it after the results; --verify (analyze/provenance/verify.h) reads it. */
#ifndef ANALYZE_MANIFEST_H
#define ANALYZE_MANIFEST_H

#include <stddef.h>

#include <jansson.h>

#include "analyze/history/history.h"
#include "core/climit.h"
#include "core/digest.h"
#include "core/err.h"
#include "core/results/results.h"
#include "core/results/results_manifest.h"

/* What analyze ran with (borrowed strings; NULL = not given). */
struct manifest_opts {
	const char *data_dir;
	const char *results_dir; /* where the results go (named in options and command) */
	const char *staged_dir;  /* where they are until renamed there; NULL: results_dir */
	const char *policy;      /* "mean", "median", "best", "best-of-means" */
	int repeat;              /* best-of-means: cycles per group; else 0 */
	size_t min_samples;
	double alpha;
	double target_ci; /* the planner's target (--target-ci) */
	int recompute;
	int warp_mode;           /* DATA_DIR holds Warp result files */
	const char *warp_engine; /* with warp_mode: --warp-engine's name; else NULL */
	const char *warp_map, *baseline, *history;
	const char *prices;              /* --prices: the price file (without :SECTION) */
	const char *prices_section;      /* --prices FILE:SECTION's SECTION */
	struct history_trend_opts trend; /* what trend.json was judged with (lines_path unused) */
	struct climit_thresholds climit; /* the client-limit thresholds in force (in %) */
	const char *sign_key; /* --sign KEY.pem: write manifest.sig (analyze/provenance/sign.h) */
	/* a merge of vantages (n_vantages >= 2): each DATA_DIR (the first data_dir), its
	 * vantage's name and where the name came from ("option", "campaign.vantage",
	 * "directory") */
	const char *const *vantage_dirs, *const *vantage_names, *const *vantage_from;
	size_t n_vantages;
};

/* manifest_limits_arg: the thresholds t as --client-limits takes them ("90%,90%,1%"), each
 * number in its shortest exact form (core/jcs.h) so that analyze reads back the same
 * doubles, into buf (n bytes; 128 hold any). */
void manifest_limits_arg(const struct climit_thresholds *t, char *buf, size_t n);

/* manifest_target_arg: the target t (a fraction) as --target-ci takes it ("5%"): the
 * percentage with 15 significant digits, which reads back as the same double for any
 * percentage written with at most 15, into buf (n bytes; 40 hold any). */
void manifest_target_arg(double t, char *buf, size_t n);

/* manifest_commit: the source commit this build records ("unknown" when not built
 * from a git checkout; "-dirty" appended when the tree had uncommitted changes). */
const char *manifest_commit(void);

/* manifest_inputs: the inputs inside data_dir, as new records into *out (n entries; the
 * caller frees each with results_manifest_file_free, then the array; also after a failure)
 * sorted by path: campaign.ini, plan.tsv and sweeps.json when present and every regular
 * file under runs/ (links followed, hidden files too), or, for a Warp directory, every Warp
 * result file of the tree (hidden entries and links to folders skipped, as analyze reads
 * it). Files are read in chunks (core/digest.h). -1 with e set when a file cannot be read
 * or memory runs out. */
int manifest_inputs(const char *data_dir, int warp_mode, struct results_manifest_file **out,
		    size_t *n, struct err *e);

/* manifest_merge_inputs: the inputs of a merge of vantages: manifest_inputs of each of the
 * n DATA_DIRs dirs (own logs), in that order, each record marked with its vantage names[k]
 * ("vantage"); the paths of dirs[k > 0]'s files from dirs[0] as a file option's are
 * (manifest_path_from: "../eu/runs/...", "outside" and "relative_to": "data_dir"). Ownership
 * and errors as manifest_inputs'. */
int manifest_merge_inputs(const char *const *dirs, const char *const *names, size_t n,
			  struct results_manifest_file **out, size_t *n_out, struct err *e);

/* manifest_input: the record {path: shown, size, sha256[, outside]} of the file at file
 * into *f (zeroed first; results_manifest_file_free). -1 with e set (naming file). */
int manifest_input(const char *file, const char *shown, int outside,
		   struct results_manifest_file *f, struct err *e);

/* manifest_relpath: when path names something inside data_dir (both resolved), its
 * path relative to data_dir into buf and 1 ("." for data_dir itself); else path as
 * given into buf and 0. n: buf's size. */
int manifest_relpath(const char *data_dir, const char *path, char *buf, size_t n);

/* manifest_path_from: path as seen from data_dir (both resolved): relative to it into buf and
 * 1 when inside ("." for data_dir itself); when outside, the relative path that climbs out of
 * it ("../map.ini", "../../lib/p.ini", "..") and 2; path as given and 0 when either cannot be
 * resolved or the result does not fit. n: buf's size. The manifest records outside paths so
 * ("relative_to": "data_dir"): --verify finds them from any working folder, and a bundle
 * lays them out around its data folder. */
int manifest_path_from(const char *data_dir, const char *path, char *buf, size_t n);

/* manifest_facts: m's subjects (per subject of aggregate.json, agg's records, borrowed: the
 * fairness facts read from the run.json files of the n DATA_DIRs dirs (own logs) or "unknown"
 * (Warp)), libraries (library name -> distinct versions collect ran with) and collect
 * (collect's versions). A fact is one value when every run agrees, the sorted distinct values
 * when they differ, "unknown" where no run records it. A merge of vantages (n >= 2, names[k]
 * dirs[k]'s vantage): the facts over every DATA_DIR's runs, and per subject its facts per
 * vantage and the settings that differ between vantages (core/facts.h, fact_setting). -1 with
 * e set when out of memory (what was filled stays in m). */
int manifest_facts(const char *const *dirs, const char *const *names, size_t n, int warp_mode,
		   const struct results *agg, struct results_manifest *m, struct err *e);

/* manifest_build: the whole manifest of a finished analysis (staged_dir, else results_dir,
 * holds aggregate.json and the other results) into m (its digest not set; results_manifest_free);
 * signer, when not NULL, is the key fingerprint recorded under "signer". -1 with e set. */
int manifest_build(const struct manifest_opts *o, const char *signer, struct results_manifest *m,
		   struct err *e);

/* manifest_write: build, digest and write manifest.json beside the results (staged_dir,
 * else results_dir; atomically, by its codec, core/results/results_manifest.h), and
 * manifest.sig there with o->sign_key;
 * the digest (hex) into hex. 0 or -1. */
int manifest_write(const struct manifest_opts *o, char hex[DIGEST_HEX_MAX], struct err *e);

/* manifest_load: read path (a manifest.json) as JSON, the document the digest is made of:
 * its format must be s3bench-manifest/1.x (a newer major is refused, saying so). *doc is
 * the caller's (json_decref); its records: results_manifest_from_json. -1 with e set. */
int manifest_load(const char *path, json_t **doc, struct err *e);

/* manifest_digest_ok: recompute doc's digest into hex; 1 when it equals the recorded
 * "digest", 0 when not, -1 with e set on failure. */
int manifest_digest_ok(const json_t *doc, char hex[DIGEST_HEX_MAX], struct err *e);

#endif

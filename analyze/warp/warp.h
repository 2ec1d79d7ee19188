/* analyze/warp/warp.h: `analyze --warp [--warp-server | --warp-full] FILE... [--json]`:
 * what MinIO Warp prints for Warp's result files.
 *
 * FILE is a Warp aggregated result (.json.zst, "v": 2) or a per-request log
 * (.csv.zst or plain, any header generation; the aggregate is built from the rows as
 * Warp builds it). Three printers, one per Warp entry point:
 *  - default: `warp analyze FILE...` of Warp 1.6.1 (warp_detail.h): each file alone,
 *    in the order given; progress lines on stderr; when two files look like the
 *    clients of one distributed run, one stderr note names --warp-server;
 *  - --warp-server: Warp 1.3's distributed server (warp_report.h): the files merged
 *    in the order given, the first file first (the order matters, warp_model.h);
 *  - --warp-full: `warp analyze --full FILE...` of Warp 1.6.1 (warp_full.h), CSV
 *    input only (an aggregated file is named as an error).
 * --json prints the same numbers as JSON.
 *
 * Exit status: 0 every file read; 1 partial: some file could not be read (each is
 * named with the line or field at fault on stderr; the others are still reported;
 * nothing is printed when none could be read); 2 usage error.
 *
 * The rest of analyze includes this header alone from analyze/warp/: it brings the
 * `--warp-cmp` command (warp_cmp.h), a Warp DATA_DIR read as runs (warpdir.h) and the run
 * record both share (warp_run.h). */
#ifndef ANALYZE_WARP_H
#define ANALYZE_WARP_H

#include "analyze/warp/warp_cmp.h"
#include "analyze/warp/warp_model.h"
#include "analyze/warp/warp_run.h"
#include "analyze/warp/warpdir.h"
#include "core/err.h"

/* warp_cli_main: the whole command; argv may contain "--warp" (ignored),
 * "--warp-server", "--warp-full", "--json", "-h"/"--help" and file names. Writes to
 * stdout/stderr; returns the exit status. */
int warp_cli_main(int argc, char **argv);

/* warp_cli_is_mode: 1 when arg selects this command ("--warp", "--warp-server",
 * "--warp-full"), so that analyze's main hands argv over to warp_cli_main. */
int warp_cli_is_mode(const char *arg);

/* warp_cli_engine_arg: 1 when argv[*i] is "--warp-engine NAME" or "--warp-engine=NAME"
 * (then *g is set and *i moved past the value), 0 when it is another argument, -1
 * (said on stderr) when the name is missing or not an engine (warp_engine_parse). */
int warp_cli_engine_arg(int argc, char **argv, int *i, enum warp_engine *g);

/* warp_cli_take_engine: remove every --warp-engine option from argv (*argc updated,
 * argv[*argc] = NULL) and set *engine to the last one's engine (unchanged when none):
 * the one call analyze's main makes for a Warp DATA_DIR's engine. -1 (said on stderr)
 * on a bad option. */
int warp_cli_take_engine(int *argc, char **argv, enum warp_engine *engine);

/* warp_load_file: read one Warp file (aggregated JSON or per-request CSV, detected by
 * content) into a new result (*out, freed with warp_rt_free). -1 with a message
 * naming the file (and line or field) on failure. */
int warp_load_file(const char *path, struct warp_rt **out, struct err *e);

/* warp_load_file161: warp_load_file as Warp 1.6.1 reads a CSV log: a request that ends
 * before it starts counts as failed ("Negative duration") instead of refusing the
 * file (warp_csv.h, WARP_CSV_NEGATIVE_FAILS). */
int warp_load_file161(const char *path, struct warp_rt **out, struct err *e);

/* warp_load_merged: load files[0..n) and merge them in order into a new result
 * (*out, freed with warp_rt_free, never NULL on return 0). Files that fail are
 * reported through report_err (when not NULL) and skipped; *n_failed counts them.
 * Returns -1 only when out of memory. */
int warp_load_merged(const char *const *files, int n,
		     void (*report_err)(const char *msg, void *arg), void *arg,
		     struct warp_rt **out, int *n_failed, struct err *e);

#endif

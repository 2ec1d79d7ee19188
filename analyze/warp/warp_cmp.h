/* analyze/warp/warp_cmp.h: `analyze --warp-cmp BEFORE... -- AFTER...`: what `warp cmp` is
 * meant to print for two Warp runs, per op: the before and after Average (as Warp's
 * report prints it, analyze/warp/warp_report.h) and the change in percent, and the request
 * time average and p99 before and after. Works on aggregated (.json.zst) and
 * per-request (.csv.zst) files alike (Warp's own cmp fails on CSV input since v1.1.3).
 * The files of each side are one run, merged in the order given (as analyze --warp).
 *
 * Exit status: 0 every file read; 1 partial (some file unreadable: named on stderr,
 * the rest compared); 2 usage error, or a side with no readable file. */
#ifndef ANALYZE_WARP_CMP_H
#define ANALYZE_WARP_CMP_H

/* warp_cmp_main: the whole command; argv holds "--warp-cmp" (skipped), BEFORE files,
 * "--", AFTER files, and "-h"/"--help". Writes to stdout/stderr; returns the exit
 * status. */
int warp_cmp_main(int argc, char **argv);

#endif

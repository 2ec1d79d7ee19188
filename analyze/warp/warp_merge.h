/* analyze/warp/warp_merge.h: the files of one run as Warp 1.6.1 sees them after
 * `warp merge FILE...` (then `warp analyze MERGED`): the way to one report of a
 * distributed run with today's Warp.
 *
 *  - aggregated .json.zst: Realtime.Merge of each file in turn into an empty result
 *    (the same merge as Warp 1.3's server, warp_model.h);
 *  - per-request logs: every request of every file, each file's thread ids offset
 *    past the previous files' (Operations.OffsetThreads), in start order, aggregated
 *    as one log (warp_csv.h) - no merging of per-second segments;
 *  - one file: that file as loaded (no merge at all, as `warp analyze FILE`).
 * CSV rows are read as Warp 1.6.1 reads them (warp_load_file161).
 * Warp refuses a mix of JSON and CSV input, and so does this. Warp also refuses JSON
 * files whose time ranges do not overlap; that check is not made here. */
#ifndef ANALYZE_WARP_MERGE_H
#define ANALYZE_WARP_MERGE_H

#include "analyze/warp/warp_model.h"
#include "core/err.h"

/* warp_merge_read: load files[0..n) (n >= 1) as above into *out (freed with
 * warp_rt_free). The command line is the first file's. -1 with a message naming the
 * first file that cannot be read, or the mix of input kinds. */
int warp_merge_read(const char *const *files, int n, struct warp_rt **out, struct err *e);

#endif

/* analyze/warp/warp_json.h: read one Warp aggregated result file (.json.zst or plain
 * .json, "v": 2) into a struct warp_rt. */
#ifndef ANALYZE_WARP_JSON_H
#define ANALYZE_WARP_JSON_H

#include "analyze/warp/warp_model.h"
#include "core/err.h"

/* warp_json_read: parse `path` into a new result (*out, freed by the caller with
 * warp_rt_free). Fields Warp may omit read as zero; a field of the wrong type, a bad
 * time, a version other than 2, corrupt or truncated zstd give -1 with a message
 * naming the file and the field. */
int warp_json_read(const char *path, struct warp_rt **out, struct err *e);

/* warp_json_is_aggregate: 1 when the (decompressed) file starts with '{' (Warp's own
 * test), 0 when not, -1 with a message when it cannot be read. */
int warp_json_is_aggregate(const char *path, struct err *e);

#endif

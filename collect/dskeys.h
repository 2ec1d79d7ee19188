/* collect/dskeys.h: the keys of a dataset (docs/CAMPAIGN.md, "[dataset NAME]";
 * docs/FORMATS.md, "Dataset manifest"): object n of a population of `objects` is
 *   flat       PREFIX oNNNNNNNNNN                      (n in 10 digits)
 *   tree:WxD   PREFIX dA/dB/.../oNNNNNNNNNN            (D directories of W each)
 * where the directory of level l (0 = the top) is digit l of n in base W, counted from the
 * lowest ((n / W^l) mod W), zero-padded to the width of W - 1: consecutive objects fall in
 * different leaves, and every leaf holds about objects / W^D of them. The manifest object
 * PREFIX .s3bench-dataset.json sorts before every key ('.' before 'd' and 'o') and is no
 * part of the population.
 *
 * dskeys_next walks the population in the order a listing returns it (byte order of the
 * keys), so the fingerprint (collect/run/dataset.h) is computed without sorting and a
 * listing is compared with it page by page. */
#ifndef COLLECT_DSKEYS_H
#define COLLECT_DSKEYS_H

#include <stdint.h>

#include "core/err.h"
#include "core/strbuf.h"

#define DSKEYS_MANIFEST ".s3bench-dataset.json" /* the manifest's name under PREFIX */
#define DSKEYS_OBJECTS_MAX 10000000000ULL       /* 10 digits of object number */
#define DSKEYS_DEPTH_MAX 8
#define DSKEYS_WIDTH_MAX 10000

struct dskeys {
	uint64_t objects; /* the population: objects 0 .. objects - 1 */
	int width, depth; /* tree:WxD; 0 and 0: flat */
};

/* dskeys_parse_layout: "flat" or "tree:WxD" (also "tree:W×D"; 2 <= W <= DSKEYS_WIDTH_MAX,
 * 1 <= D <= DSKEYS_DEPTH_MAX, W^D at most DSKEYS_OBJECTS_MAX) into d's width and depth.
 * 0, or -1 with what is wrong, the value quoted, in e. */
int dskeys_parse_layout(const char *s, struct dskeys *d, struct err *e);

/* dskeys_layout_name: "flat" or "tree:WxD" into buf (n bytes, at least 32); returns buf. */
char *dskeys_layout_name(const struct dskeys *d, char *buf, size_t n);

/* dskeys_key: b = prefix and the key of object n (b reset first); 0, or -1 out of
 * memory. */
int dskeys_key(const struct dskeys *d, const char *prefix, uint64_t n, struct strbuf *b);

/* The walk in listing order: zero a struct dskeys_iter, then dskeys_next gives each object
 * number once, in the byte order of their keys; 0 when done. */
struct dskeys_iter {
	uint64_t leaf, k; /* the leaf (in listing order) and the object's rank in it */
};
int dskeys_next(const struct dskeys *d, struct dskeys_iter *it, uint64_t *n);

#endif

/* core/errstat.h: failed requests counted by what went wrong ("errors as data").
 *
 * Each failed request's ops row carries an error text (core/opslog.h: "HTTP 503 SlowDown:
 * ...", "timeout: ...", "connect: ..."). errstat_key reduces it to one key: the HTTP
 * status ("503") when the server answered, else the transport class of core/errclass.h
 * ("dns", "connect", "tls", "timeout"), "local-io" for a failure of the client machine
 * itself, or "other". A struct errstat counts rows per key; collect writes it into
 * run.json's summary ("errors_by", docs/FORMATS.md) and analyze adds runs into cells
 * with errstat_merge. */
#ifndef CORE_ERRSTAT_H
#define CORE_ERRSTAT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

#define ERRSTAT_KEYS 16    /* distinct keys kept; the rest are counted as "other" */
#define ERRSTAT_KEY_MAX 16 /* a key's length + 1 */

struct errstat {
	int n; /* entries used, sorted by key */
	struct {
		char key[ERRSTAT_KEY_MAX];
		uint64_t n;
	} e[ERRSTAT_KEYS];
};

/* errstat_key: the key of the error text `error` into buf (n >= ERRSTAT_KEY_MAX):
 * "HTTP NNN..." -> "NNN"; "dns: ", "connect: ", "tls: ", "timeout: " -> that class;
 * "local-io: " -> "local-io"; "checksum: " (a GET body that did not match the checksum
 * the server returned) -> "checksum"; anything else (a short body, a partial multi-delete)
 * -> "other". Returns buf. */
const char *errstat_key(const char *error, char *buf, size_t n);

/* errstat_is_conflict: 1 when the error text `error` is a conditional write's conflict,
 * the outcome class `conflict` (docs/FORMATS.md, "Conditional writes"): "HTTP 412
 * PreconditionFailed" or "HTTP 409 ConditionalRequestConflict" (with or without a
 * message after them); 0 for anything else (another 409 such as RGW's
 * BucketAlreadyExists is an error). */
int errstat_is_conflict(const char *error);

/* errstat_add: count n more under key (a new key is added in order; when ERRSTAT_KEYS
 * are in use, under "other", which always fits: the last slot is kept for it). */
void errstat_add(struct errstat *s, const char *key, uint64_t n);

/* errstat_merge: add every count of src to dst. */
void errstat_merge(struct errstat *dst, const struct errstat *src);

/* errstat_equal: 1 when a and b hold the same keys with the same counts. */
int errstat_equal(const struct errstat *a, const struct errstat *b);

/* errstat_get: the count of key (0 when absent). errstat_total: all counts. */
uint64_t errstat_get(const struct errstat *s, const char *key);
uint64_t errstat_total(const struct errstat *s);

/* errstat_throttled: the requests answered 503 or 429 (throttling). */
uint64_t errstat_throttled(const struct errstat *s);

/* errstat_to_json: a new object {"503": 12, "timeout": 1} in key order; NULL when out
 * of memory. */
json_t *errstat_to_json(const struct errstat *s);

/* errstat_from_json: *s from such an object (path names it in messages: "summary.
 * errors_by"); every value a whole number, every key shorter than ERRSTAT_KEY_MAX. */
int errstat_from_json(const json_t *o, const char *path, struct errstat *s, struct err *e);

#endif

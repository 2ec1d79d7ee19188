/* collect/engine/retry.h: retries of benchmark requests the way the AWS SDKs make them
 * (workload.retries = N > 0; docs/METHODOLOGY.md, "Retries").
 *
 * A request that fails with a throttling or server error (HTTP 500, 502, 503, 504, 429,
 * the S3 codes SlowDown / RequestTimeout, a connection reset, a timeout) is sent again,
 * up to N more times, after a delay drawn with "full jitter": attempt k (from 1) that
 * failed waits uniform[0, min(RETRY_CAP, RETRY_BASE x 2^(k-1))), as the SDKs' standard
 * mode does. Every attempt is an ops row (core/opslog.h: the attempt column); the engine
 * loop (engine_loop.c) does the waiting and resending. */
#ifndef COLLECT_ENGINE_RETRY_H
#define COLLECT_ENGINE_RETRY_H

#include <stdint.h>

#include "collect/s3/s3.h"

#define RETRY_BASE_NS 100000000LL  /* 100 ms: the first attempt's backoff bound */
#define RETRY_CAP_NS 20000000000LL /* 20 s: no backoff bound above it */

/* retry_wanted: 1 when res is a failure worth retrying (above), 0 otherwise. */
int retry_wanted(const struct s3_result *res);

/* retry_backoff_ns: the wait after failed attempt k (k >= 1), drawn from *rng (a
 * core/rng.h stream). */
int64_t retry_backoff_ns(uint64_t *rng, int k);

/* retry_row_op: the ops row op of an attempt of S3 call op ("PUT", "GET", "STAT",
 * "DELETE", "LIST", "CREATEBUCKET"; multipart calls are "PUT"). Static strings. */
const char *retry_row_op(enum s3_op op);

#endif

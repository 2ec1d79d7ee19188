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

/* The rule itself (which failures, the backoff) is collect/s3/s3.h's s3_retry_wanted and
 * s3_backoff_ns, shared with the prepare and cleanup phases; the engine loop also retries
 * the prepare phase's PUTs with it (s3_phase_attempts attempts, no rows). */

/* retry_row_op: the ops row op of an attempt of S3 call op ("PUT", "GET", "STAT",
 * "DELETE", "LIST", "CREATEBUCKET"; multipart calls are "PUT"). Static strings. */
const char *retry_row_op(enum s3_op op);

#endif

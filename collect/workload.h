/* collect/workload.h: one definition of a workload's names, defaults and limits.
 *
 * Both front ends build a struct workload (collect/engine.h) and check it here: the
 * campaign parser (collect/campaign.c, one per [matrix] cell and one-off section) and
 * `collect run` (collect/cmd_run.c). So a value one accepts the other accepts, and both
 * refuse it with the same words; each names the field in its own spelling (the campaign
 * key `part_size`, the option `--part-size`) through workload_field_key/_option. */
#ifndef COLLECT_WORKLOAD_H
#define COLLECT_WORKLOAD_H

#include <stdint.h>

#include "collect/engine.h"
#include "core/err.h"

#define WL_CONCURRENCY_MAX 1024
#define WL_COUNT_MAX 1000000000ULL      /* requests per worker */
#define WL_OBJECTS_MAX 100000000ULL     /* objects prepared */
#define WL_BATCH_MAX 1000               /* keys per DeleteObjects (S3's limit) */
#define WL_PART_MIN (5ULL << 20)        /* S3's smallest part (but for the last) */
#define WL_PART_MAX (5ULL << 30)        /* S3's largest part */
#define WL_PARTS_MAX 10000              /* S3's part numbers 1..10000 */
#define WL_DEFAULT_SIZE 4096ULL         /* object size when none is given */

/* The fields of a workload a message can be about. */
enum wl_field {
	WLF_OP, WLF_SIZE, WLF_CONCURRENCY, WLF_BOUND, WLF_DURATION, WLF_COUNT, WLF_OBJECTS,
	WLF_BATCH, WLF_PART_SIZE, WLF_TIMEOUT, WLF_COUNT_
};

/* workload_field_key: the campaign file's key of f ("part_size"); workload_field_option:
 * collect run's option ("--part-size"). Static strings. */
const char *workload_field_key(enum wl_field f);
const char *workload_field_option(enum wl_field f);

/* WL_OPS_TEXT: every op name, as --help and the messages list them. */
#define WL_OPS_TEXT "put, get, head, list, delete, multipart, create-bucket, put-empty, " \
	"get-small, mixed"

/* workload_parse_op: the op named s (case-insensitive); -1 with "'s' is not an op (...)"
 * (the list above) in e. */
int workload_parse_op(const char *s, enum wl_op *op, struct err *e);

/* workload_parse_number: the whole number s for field f (concurrency, count, objects,
 * batch) within the field's range; -1 with "'s' is not a concurrency from 1 to 1024"
 * (the field's noun and range) in e. Both front ends read these fields with it. */
int workload_parse_number(enum wl_field f, const char *s, uint64_t *out, struct err *e);

/* workload_defaults: wl = every default for op: size WL_DEFAULT_SIZE, concurrency 1,
 * bound duration (length 0: the caller gives one), part_size WL_PART_MIN for multipart,
 * objects and batch 0 (the engine's own: 100 prepared objects, one DELETE per object),
 * keep 0. */
void workload_defaults(struct workload *wl, enum wl_op op);

/* workload_default_timeout: the wall-clock limit of a run when none is given: twice the
 * duration plus 60 s for a duration bound, else 30 minutes. */
double workload_default_timeout(const struct workload *wl);

/* workload_check: 0 when wl, and timeout_s (its wall-clock limit; 0: not checked), lie
 * within the limits above; else -1, the field at fault in *field and in e what is wrong
 * with it, the value quoted, without the field's name ("'4MiB' is smaller than S3's
 * 5MiB minimum part size"): the caller puts its own spelling of the field in front. Checked:
 * op known; concurrency 1..WL_CONCURRENCY_MAX; duration > 0 (duration bound); count
 * 1..WL_COUNT_MAX (count bound); until-done only for delete; objects 0 or
 * 1..WL_OBJECTS_MAX, and only for get, head, list, delete; batch 0 or 1..WL_BATCH_MAX,
 * only for delete; part_size only for multipart, WL_PART_MIN..WL_PART_MAX, size larger
 * than part_size and at most WL_PARTS_MAX parts; timeout longer than the duration. */
int workload_check(const struct workload *wl, double timeout_s, enum wl_field *field,
		   struct err *e);

#endif

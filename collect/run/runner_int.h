/* collect/run/runner_int.h: what a run's child (runner_child.c) and its parent (runner.c)
 * share: the job's S3 client and engine options, which phases it runs. */
#ifndef COLLECT_RUN_RUNNER_INT_H
#define COLLECT_RUN_RUNNER_INT_H

#include "collect/engine/engine.h"
#include "collect/run/runner.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "core/err.h"

/* runner_job_client: the S3 client for the job's subject with credentials cr (libcurl
 * buffers sized for large objects), owned by the caller (s3_client_free); NULL with e set
 * when it cannot be made. */
struct s3_client *runner_job_client(const struct runner_job *job, struct creds *cr, struct err *e);

/* runner_job_opts: the engine options of the job over client cl into *opts (no live
 * counters; the dataset's prefix for a run over a dataset, else the job's). */
void runner_job_opts(const struct runner_job *job, struct s3_client *cl, struct engine_opts *opts);

/* runner_job_has: whether the job's child runs phase bit ph (RUNNER_*; all when
 * job->phases is 0). */
int runner_job_has(const struct runner_job *job, unsigned ph);

#endif

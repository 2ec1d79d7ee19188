/* analyze/read/parfor.h: run one function over the indices 0..n-1 on several threads,
 * for work whose items are independent (each run's ops.tsv.zst, read until
 * aggregation: docs/METHODOLOGY.md, "How analyze reads the runs"). */
#ifndef ANALYZE_READ_PARFOR_H
#define ANALYZE_READ_PARFOR_H

#include <stddef.h>

/* parfor_threads: how many threads parfor uses for n items: the online CPUs (or
 * S3BENCH_ANALYZE_THREADS when set to a number from 1), at most n, at least 1. */
int parfor_threads(size_t n);

/* parfor: call fn(i, arg) once for every i in 0..n-1, on parfor_threads(n) threads (the
 * caller's among them), each taking the next index as it becomes free, so at most that
 * many items are in progress at once; returns when every call has returned. fn must be
 * safe to call concurrently for different i. When a thread cannot be started the
 * others (at least the caller) do its share. */
void parfor(size_t n, void (*fn)(size_t i, void *arg), void *arg);

#endif

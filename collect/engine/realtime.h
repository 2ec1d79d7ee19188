/* collect/engine/realtime.h: a rate run's threads at real-time priority (SCHED_FIFO), by
 * the client's choice (S3BENCH_REALTIME), so that other work on a shared machine does not
 * make the requests leave late (docs/METHODOLOGY.md, "Fixed-rate runs"). */
#ifndef S3BENCH_COLLECT_ENGINE_REALTIME_H
#define S3BENCH_COLLECT_ENGINE_REALTIME_H

#include "core/err.h"

#define REALTIME_ENV "S3BENCH_REALTIME"
#define REALTIME_PRIO_MAX 99

/* realtime_env: S3BENCH_REALTIME as a SCHED_FIFO priority into *prio: 1..99, or 0 when
 * it is unset, empty or "0". -1 with a message naming the variable when it is anything
 * else. */
int realtime_env(int *prio, struct err *e);

/* What realtime_enter replaced, for realtime_leave. */
struct realtime_saved {
	int policy;
	int priority;
	int entered; /* 1 when the thread's scheduling was changed */
};

/* realtime_enter: the calling thread to SCHED_FIFO at prio (1..99), its policy before in
 * *s. 0, or the error number (EPERM without root or CAP_SYS_NICE; the thread is then
 * unchanged and realtime_leave does nothing). */
int realtime_enter(int prio, struct realtime_saved *s);

/* realtime_leave: the calling thread back to what realtime_enter saved in *s. */
void realtime_leave(const struct realtime_saved *s);

#endif

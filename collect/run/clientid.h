/* collect/run/clientid.h: the client_id column of ops.tsv.zst (docs/FORMATS.md).
 *
 * MinIO Warp writes a short random id of its benchmark process in every row, so that
 * rows of several clients merged into one log can be told apart. The collector writes
 * one per collector process: runner_exec takes it from runner_job.client_id, or when
 * that is NULL from clientid_of_process (a distributed collector gives each rank its
 * own). */
#ifndef COLLECT_CLIENTID_H
#define COLLECT_CLIENTID_H

#include <stddef.h>

#define CLIENT_ID_LEN 8

/* clientid_of_process: CLIENT_ID_LEN characters of [0-9A-Za-z] and a NUL into out
 * (n > CLIENT_ID_LEN): a hash (64-bit FNV-1a) of the host name, the kernel's boot id,
 * the process id and the process's start time (/proc/self/stat), so the same all the
 * life of the calling process, without any state, and different for another process
 * here or on another host (but for hash collisions, about 1 in 2^47 per pair). What
 * cannot be read (no /proc) is left out of the hash. Returns 0, or -1 when n is too
 * small. */
int clientid_of_process(char *out, size_t n);

#endif

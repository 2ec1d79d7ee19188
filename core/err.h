/* core/err.h: the error value every s3bench function returns through.
 *
 * Convention: a function that can fail returns 0 on success and -1 on failure,
 * and fills the caller's `struct err` (when not NULL) with a message that names
 * the file, line and field at fault. Messages never contain credentials. */
#ifndef CORE_ERR_H
#define CORE_ERR_H

#include <stddef.h>

#define ERR_MSG_MAX 1024

struct err {
	char msg[ERR_MSG_MAX];
};

/* err_set: format a message into e (when e != NULL); always returns -1 so a
 * failing path can `return err_set(e, "...")`. A later call replaces the text. */
int err_set(struct err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* err_prefix: put "prefix: " in front of the current message (when e != NULL),
 * for adding context such as a file name on the way up. Returns -1. */
int err_prefix(struct err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* err_clear: empty the message. */
void err_clear(struct err *e);

#endif

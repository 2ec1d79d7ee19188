/* core/err.c: see err.h. */
#include "core/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int err_set(struct err *e, const char *fmt, ...)
{
	va_list ap;

	if (e == NULL)
		return -1;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int err_prefix(struct err *e, const char *fmt, ...)
{
	char prefix[ERR_MSG_MAX];
	char old[ERR_MSG_MAX];
	va_list ap;

	if (e == NULL)
		return -1;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	memcpy(old, e->msg, sizeof(old));
	snprintf(e->msg, sizeof(e->msg), "%s: %s", prefix, old);
	return -1;
}

void err_clear(struct err *e)
{
	if (e != NULL)
		e->msg[0] = '\0';
}

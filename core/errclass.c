/* core/errclass.c: see errclass.h. */
#include "core/errclass.h"

#include <string.h>

static const char *const names[EC_COUNT] = {
	[EC_NONE] = "",
	[EC_DNS] = "dns",
	[EC_CONNECT] = "connect",
	[EC_TLS] = "tls",
	[EC_TIMEOUT] = "timeout",
	[EC_HTTP_4XX] = "http-4xx",
	[EC_HTTP_5XX] = "http-5xx",
	[EC_AUTH] = "auth",
	[EC_PREPARE_FAILED] = "prepare-failed",
	[EC_UNAVAILABLE] = "unavailable",
	[EC_KILLED] = "killed",
	[EC_CRASHED] = "crashed",
	[EC_LOCAL_IO] = "local-io",
	[EC_CHECKSUM] = "checksum",
	[EC_BUDGET] = "budget",
	[EC_EXHAUSTED] = "exhausted",
};

const char *err_class_name(enum err_class c)
{
	if ((int)c < 0 || c >= EC_COUNT)
		return "";
	return names[c];
}

int err_class_parse(const char *s)
{
	for (int i = 1; i < EC_COUNT; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

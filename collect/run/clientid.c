/* collect/run/clientid.c: see clientid.h. */
#include "collect/run/clientid.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= UINT64_C(1099511628211);
	}
	return h;
}

/* read_small: the first bytes of a small file ("" when it cannot be read). */
static size_t read_small(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "re");
	size_t got = 0;

	if (f != NULL) {
		got = fread(buf, 1, n - 1, f);
		fclose(f);
	}
	buf[got] = '\0';
	return got;
}

int clientid_of_process(char *out, size_t n)
{
	static const char digits[] =
		"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
	uint64_t h = UINT64_C(14695981039346656037);
	char buf[1024];
	const char *p;
	long pid = (long)getpid();
	int i;

	if (n <= CLIENT_ID_LEN)
		return -1;
	if (gethostname(buf, sizeof(buf)) == 0) {
		buf[sizeof(buf) - 1] = '\0';
		h = fnv(h, buf, strlen(buf));
	}
	h = fnv(h, buf, read_small("/proc/sys/kernel/random/boot_id", buf, sizeof(buf)));
	h = fnv(h, &pid, sizeof(pid));
	/* field 22, starttime: after the command name in parentheses, the 20th field */
	read_small("/proc/self/stat", buf, sizeof(buf));
	p = strrchr(buf, ')');
	for (i = 0; p != NULL && i < 20; i++)
		p = strchr(p + 1, ' ');
	if (p != NULL)
		h = fnv(h, p + 1, strcspn(p + 1, " "));
	for (i = 0; i < CLIENT_ID_LEN; i++) {
		out[i] = digits[h % 62];
		h /= 62;
	}
	out[CLIENT_ID_LEN] = '\0';
	return 0;
}

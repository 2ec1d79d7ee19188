/* tests/unit/check_tmp.h: a test binary's scratch directory, beside check.h.
 *
 *   if (check_tmp_open("test_NAME") != 0) return 1;   /tmp/test_NAME.XXXXXX made
 *   check_tmp("a.csv")                 its path DIR/a.csv (one of 4 buffers in turn, so a
 *                                      call may hold up to 4 at once)
 *   check_tmp_write(path, text)        text into the file path (created or emptied)
 *   check_tmp_close();                 the directory removed with what is in it
 *
 * Header-only on purpose, as check.h. */
#ifndef TESTS_CHECK_TMP_H
#define TESTS_CHECK_TMP_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char check_tmp_dir[128];

static inline int check_tmp_open(const char *name)
{
	snprintf(check_tmp_dir, sizeof(check_tmp_dir), "/tmp/%s.XXXXXX", name);
	if (mkdtemp(check_tmp_dir) == NULL) {
		perror("mkdtemp");
		return -1;
	}
	return 0;
}

static inline const char *check_tmp(const char *name)
{
	static char p[4][256];
	static int k;

	k = (k + 1) % 4;
	snprintf(p[k], sizeof(p[k]), "%s/%s", check_tmp_dir, name);
	return p[k];
}

static inline void check_tmp_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL) {
		perror(path);
		return;
	}
	fputs(text, f);
	fclose(f);
}

static inline void check_tmp_close(void)
{
	char cmd[sizeof(check_tmp_dir) + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", check_tmp_dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", check_tmp_dir);
}

#endif

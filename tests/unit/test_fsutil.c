/* tests/unit/test_fsutil.c: core/fsutil: mkdir -p (nested, existing, a file in the way),
 * reading a whole file (empty, NUL bytes, past the first buffer, the limit, missing),
 * the atomic writer (the old file intact until commit, no temporary file left after an
 * abort or a failed commit) and the staged set of files (the target's files intact until
 * the commit moves them all, the last one last; the optional names of an earlier set
 * removed; nothing left after an abort or a failed commit). Real files in a fresh
 * directory under /tmp. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fsutil.h"
#include "tests/unit/check.h"

static int is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* slurp: the content of p (at most n - 1 bytes), "" when absent. */
static const char *slurp(const char *p, char *buf, size_t n)
{
	FILE *f = fopen(p, "rb");
	size_t k = 0;

	if (f != NULL) {
		k = fread(buf, 1, n - 1, f);
		fclose(f);
	}
	buf[k] = '\0';
	return buf;
}

/* temps: how many entries of dir hold ".tmp." */
static int temps(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	while (d != NULL && (de = readdir(d)) != NULL)
		n += strstr(de->d_name, ".tmp.") != NULL;
	if (d != NULL)
		closedir(d);
	return n;
}

static void test_mkdirs(const char *root)
{
	char p[512], q[512];
	struct err e = {0};
	FILE *f;

	snprintf(p, sizeof(p), "%s/a/b/c", root);
	CHECK(fs_mkdirs(p, &e) == 0 && is_dir(p), "nested: %s", e.msg);
	CHECK(fs_mkdirs(p, &e) == 0, "existing path: %s", e.msg);
	snprintf(q, sizeof(q), "%s/a/b/", root);
	CHECK(fs_mkdirs(q, &e) == 0, "trailing slash: %s", e.msg);
	snprintf(p, sizeof(p), "%s/file", root);
	f = fopen(p, "w");
	CHECK(f != NULL, "create %s", p);
	if (f != NULL)
		fclose(f);
	CHECK(fs_mkdirs(p, &e) == -1 && strstr(e.msg, "not a directory"), "a file at the path: %s",
	      e.msg);
	snprintf(q, sizeof(q), "%s/file/sub", root);
	CHECK(fs_mkdirs(q, &e) == -1 && strstr(e.msg, "cannot create"), "a file in the way: %s",
	      e.msg);
	CHECK(fs_mkdirs("", &e) == -1, "empty path");
}

static void test_atomic(const char *root)
{
	char p[512], buf[64];
	struct err e = {0};
	struct fs_atomic a;
	FILE *f;

	snprintf(p, sizeof(p), "%s/out.txt", root);
	CHECK(fs_write_file(p, "old\n", 4, &e) == 0, "write_file: %s", e.msg);
	CHECK_STR(slurp(p, buf, sizeof(buf)), "old\n", "written");

	f = fs_atomic_fopen(&a, p, &e);
	CHECK(f != NULL, "fopen: %s", e.msg);
	if (f == NULL)
		return;
	fputs("new\n", f);
	fflush(f);
	CHECK_STR(slurp(p, buf, sizeof(buf)), "old\n", "old file intact before commit");
	CHECK(strstr(a.tmp, "/.out.txt.tmp.") != NULL, "temporary name %s", a.tmp);
	CHECK(temps(root) == 1, "one temporary file while writing");
	fs_atomic_abort(&a);
	CHECK(temps(root) == 0, "no temporary file after abort");
	CHECK_STR(slurp(p, buf, sizeof(buf)), "old\n", "old file intact after abort");
	fs_atomic_abort(&a);
	CHECK(temps(root) == 0, "a second abort does nothing");

	f = fs_atomic_fopen(&a, p, &e);
	if (f != NULL)
		fputs("new\n", f);
	CHECK(f != NULL && fs_atomic_commit(&a, &e) == 0, "commit: %s", e.msg);
	CHECK_STR(slurp(p, buf, sizeof(buf)), "new\n", "new content after commit");
	CHECK(temps(root) == 0, "no temporary file after commit");

	/* a failing commit: the final name is a non-empty directory, rename fails */
	snprintf(p, sizeof(p), "%s/a", root);
	CHECK(fs_atomic_open(&a, p, &e) == 0, "open: %s", e.msg);
	CHECK(fs_atomic_commit(&a, &e) == -1 && strstr(e.msg, "rename"),
	      "commit over a directory fails: %s", e.msg);
	CHECK(temps(root) == 0 && is_dir(p), "no temporary file after a failed commit");
	CHECK(fs_write_file(p, "x", 1, &e) == -1, "write_file over a directory fails");
	CHECK(temps(root) == 0, "no temporary file after a failed write_file");

	snprintf(p, sizeof(p), "%s/nodir/x", root);
	CHECK(fs_write_file(p, "x", 1, &e) == -1 && strstr(e.msg, "nodir"), "missing directory: %s",
	      e.msg);
}

/* put: write text into dir/name. */
static void put(const char *dir, const char *name, const char *text)
{
	char p[1024];
	struct err e = {0};

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	CHECK(fs_write_file(p, text, strlen(text), &e) == 0, "write %s: %s", p, e.msg);
}

/* got: the content of dir/name, "" when absent. */
static const char *got(const char *dir, const char *name, char *buf, size_t n)
{
	char p[1024];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return slurp(p, buf, n);
}

/* entries: how many entries dir holds besides "." and "..". */
static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	while (d != NULL && (de = readdir(d)) != NULL)
		n += strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
	if (d != NULL)
		closedir(d);
	return n;
}

static void test_stage(const char *root)
{
	static const char *const gone[] = {"trend.json", "sig", NULL};
	char dir[512], blocked[600], buf[64];
	struct err e = {0};
	struct fs_stage sg;

	snprintf(dir, sizeof(dir), "%s/results/sub", root);
	CHECK(fs_stage_open(&sg, dir, &e) == 0 && is_dir(sg.tmp), "open creates both: %s", e.msg);
	CHECK(strstr(sg.tmp, "/results/sub/.new.") != NULL, "staging name %s", sg.tmp);
	put(sg.tmp, "a.json", "1");
	CHECK(fs_stage_commit(&sg, "m.json", gone, &e) == 0, "commit without the last: %s", e.msg);
	CHECK_STR(got(dir, "a.json", buf, sizeof(buf)), "1", "moved");
	CHECK(entries(dir) == 1 && sg.tmp[0] == '\0', "the staging directory removed");

	put(dir, "trend.json", "old trend");
	put(dir, "sig", "old sig");
	put(dir, "m.json", "old m");
	put(dir, "user.txt", "mine");
	CHECK(fs_stage_open(&sg, dir, &e) == 0, "second open: %s", e.msg);
	put(sg.tmp, "a.json", "2");
	put(sg.tmp, "m.json", "new m");
	put(sg.tmp, "sig", "new sig");
	CHECK_STR(got(dir, "a.json", buf, sizeof(buf)), "1", "the target intact while staged");
	fs_stage_abort(&sg);
	CHECK(entries(dir) == 5, "abort leaves the target's 5 files and no staging directory");
	CHECK_STR(got(dir, "m.json", buf, sizeof(buf)), "old m", "intact after abort");
	fs_stage_abort(&sg);
	CHECK(entries(dir) == 5, "a second abort does nothing");

	CHECK(fs_stage_open(&sg, dir, &e) == 0, "third open: %s", e.msg);
	put(sg.tmp, "a.json", "3");
	put(sg.tmp, "m.json", "new m");
	put(sg.tmp, "sig", "new sig");
	CHECK(fs_stage_commit(&sg, "m.json", gone, &e) == 0, "commit: %s", e.msg);
	CHECK_STR(got(dir, "a.json", buf, sizeof(buf)), "3", "a.json moved");
	CHECK_STR(got(dir, "m.json", buf, sizeof(buf)), "new m", "the last moved");
	CHECK_STR(got(dir, "sig", buf, sizeof(buf)), "new sig", "a staged optional name kept");
	CHECK_STR(got(dir, "trend.json", buf, sizeof(buf)), "",
		  "an optional name not staged removed");
	CHECK_STR(got(dir, "user.txt", buf, sizeof(buf)), "mine", "another file left alone");
	CHECK(entries(dir) == 4, "no staging directory left (%d entries)", entries(dir));

	/* a failing commit: a non-empty directory where a staged file goes */
	CHECK(fs_stage_open(&sg, dir, &e) == 0, "fourth open: %s", e.msg);
	put(sg.tmp, "m.json", "newer m");
	snprintf(blocked, sizeof(blocked), "%s/blocked", dir);
	CHECK(fs_mkdirs(blocked, &e) == 0, "mkdir: %s", e.msg);
	put(blocked, "inside", "x");
	put(sg.tmp, "blocked", "file");
	CHECK(fs_stage_commit(&sg, "m.json", NULL, &e) == -1 && strstr(e.msg, "blocked") &&
		      strstr(e.msg, "cannot rename"),
	      "a file that cannot be moved is named: %s", e.msg);
	CHECK_STR(got(dir, "m.json", buf, sizeof(buf)), "new m",
		  "the last is not moved after a failure");
	CHECK(entries(dir) == 5 && sg.tmp[0] == '\0',
	      "the staging directory removed after a failure");
	CHECK(fs_stage_commit(&sg, NULL, NULL, &e) == -1, "a finished stage does not commit");

	snprintf(dir, sizeof(dir), "%s/file", root);
	CHECK(fs_stage_open(&sg, dir, &e) == -1 && strstr(e.msg, "not a directory"),
	      "a file as the target: %s", e.msg);
}

/* fs_read_file: what was written comes back whole, with its length, a limit and the
 * messages naming the file. */
static void test_read(const char *root)
{
	static const size_t sizes[] = {0, 5, 65535, 65536, 200000};
	char p[512];
	struct err e = {{0}};
	size_t len = 99;
	char *got;

	snprintf(p, sizeof(p), "%s/read", root);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i];
		char *want = malloc(n + 1);

		for (size_t k = 0; want && k < n; k++)
			want[k] = (char)(k % 251); /* NUL bytes included */
		CHECK(want && fs_write_file(p, want, n, &e) == 0, "write %zu bytes: %s", n, e.msg);
		got = fs_read_file(p, 0, &len, &e);
		CHECK(got != NULL && len == n && memcmp(got, want, n) == 0 && got[n] == '\0',
		      "%zu bytes read back whole and NUL-terminated (len %zu): %s", n, len, e.msg);
		free(got);
		got = n ? fs_read_file(p, n - 1, &len, &e) : NULL;
		CHECK(n == 0 || (got == NULL && len == 0 && strstr(e.msg, "larger than")),
		      "%zu bytes with a limit of one less: refused: %s", n, e.msg);
		free(got);
		got = fs_read_file(p, n, NULL, &e);
		CHECK(got != NULL, "%zu bytes with a limit of as many: read: %s", n, e.msg);
		free(got);
		free(want);
	}
	snprintf(p, sizeof(p), "%s/no-such-file", root);
	got = fs_read_file(p, 0, &len, &e);
	CHECK(got == NULL && len == 0 && strstr(e.msg, "no-such-file: cannot open: "),
	      "a missing file is named: %s", e.msg);
	CHECK(fs_read_file(root, 0, NULL, &e) == NULL && strstr(e.msg, "cannot read"),
	      "a directory cannot be read: %s", e.msg);
}

int main(void)
{
	char root[] = "/tmp/test_fsutil.XXXXXX";
	char cmd[600];

	if (mkdtemp(root) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_mkdirs(root);
	test_read(root);
	test_atomic(root);
	test_stage(root);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", root);
	return check_done();
}

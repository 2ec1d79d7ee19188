/* render/text/tmpldir.c: see tmpldir.h. */
#include "render/text/tmpldir.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *tmpldir_help(void)
{
	return "Templates (HTML skeleton, CSS, each language's strings and prose) come from the\n"
	       "first of these directories that holds report.html:\n"
	       "  --templates DIR       as given\n"
	       "  $S3BENCH_DATA/templates\n"
	       "                        when S3BENCH_DATA is set (an error when it has none)\n"
	       "  BINDIR/../templates   beside the binary: a checkout's bin/render\n"
	       "  BINDIR/../share/s3bench/templates\n"
	       "                        beside the binary: an installed tree, wherever it is\n"
	       "  " S3BENCH_DATADIR "/templates\n"
	       "                        make install's PREFIX, compiled in\n";
}

/* has_templates: 1 when dir/report.html is a regular file. */
static int has_templates(const char *dir)
{
	char path[PATH_MAX];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/report.html", dir) >= sizeof(path))
		return 0;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* try: out = prefix + suffix when that directory has templates; 1 then, else 0 (with
 * the candidate appended to tried, for the message). */
static int try(char *out, size_t n, const char *prefix, const char *suffix, char *tried, size_t tn)
{
	size_t len = strlen(tried);

	if ((size_t)snprintf(out, n, "%s%s", prefix, suffix) < n && has_templates(out))
		return 1;
	snprintf(tried + len, tn - len, "%s%s%s", len ? ", " : "", prefix, suffix);
	return 0;
}

int tmpldir_find(const char *opt, char *out, size_t n, struct err *e)
{
	const char *data = getenv("S3BENCH_DATA");
	char exe[PATH_MAX], tried[4 * PATH_MAX] = "";
	ssize_t len;
	char *slash;

	if (opt != NULL) {
		snprintf(out, n, "%s", opt);
		return 0;
	}
	if (data != NULL && *data) {
		if (try(out, n, data, "/templates", tried, sizeof(tried)))
			return 0;
		return err_set(e, "S3BENCH_DATA=%s: no templates in %s (report.html missing)", data,
			       tried);
	}
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0) {
		exe[len] = '\0';
		/* BINDIR, its parent (bin/ -> a checkout or a prefix), then two more levels up
		 * (build/san/bin) */
		for (int up = 0; up < 4 && (slash = strrchr(exe, '/')) != NULL; up++) {
			*slash = '\0';
			if (up == 1 &&
			    (try(out, n, exe, "/templates", tried, sizeof(tried)) ||
			     try(out, n, exe, "/share/s3bench/templates", tried, sizeof(tried))))
				return 0;
			if (up > 1 && try(out, n, exe, "/templates", tried, sizeof(tried)))
				return 0;
		}
	}
	if (try(out, n, S3BENCH_DATADIR, "/templates", tried, sizeof(tried)))
		return 0;
	return err_set(e, "no templates found (tried %s); give --templates DIR or S3BENCH_DATA",
		       tried);
}

int tmpldir_is_lang(const char *dir, const char *code)
{
	char path[PATH_MAX];
	struct stat st;

	if (*code == '\0' || *code == '.' || strchr(code, '/') != NULL ||
	    (size_t)snprintf(path, sizeof(path), "%s/%s/strings.txt", dir, code) >= sizeof(path))
		return 0;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int tmpldir_langs(const char *dir, char *out, size_t n)
{
	const char *code[TMPLDIR_LANGS_MAX];
	struct dirent *de;
	DIR *d = opendir(dir);
	size_t len = 0;
	int k = 0;

	if (n > 0)
		out[0] = '\0';
	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL && k < TMPLDIR_LANGS_MAX)
		if (tmpldir_is_lang(dir, de->d_name) && (code[k] = strdup(de->d_name)) != NULL)
			k++;
	closedir(d);
	qsort(code, (size_t)k, sizeof(code[0]), cmp_str);
	for (int i = 0; i < k; i++) {
		if (len < n)
			len += (size_t)snprintf(out + len, n - len, "%s%s", i ? ", " : "", code[i]);
		free((void *)code[i]);
	}
	return k;
}

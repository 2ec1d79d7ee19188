/* analyze/read/campcmp.c: see campcmp.h. */
#include "analyze/read/campcmp.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "analyze/read/strv.h"

/* The compared entries of one file: "section\tkey" and the value, in file order (a subject
 * section's entry has the key "" and no value). */
struct entries {
	char **keys, **vals;
	size_t n, n_vals;
	int oom;
};

/* compared: 1 when [section] key takes part in the comparison. */
static int compared(const char *section, const char *key)
{
	if (strcmp(section, "campaign") == 0)
		return strcmp(key, "cycles") == 0;
	if (strncmp(section, "subject ", 8) == 0)
		return 0;
	return strcmp(section, "matrix") == 0 || strcmp(section, "list") == 0 ||
	       strcmp(section, "head") == 0 || strcmp(section, "delete") == 0 ||
	       strncmp(section, "workload", 8) == 0;
}

/* squeeze: v without blanks around commas and at its ends, into buf (n bytes): the form
 * values are compared in. */
static void squeeze(const char *v, char *buf, size_t n)
{
	size_t k = 0;

	for (const char *p = v; *p && k + 1 < n; p++) {
		if (isspace((unsigned char)*p) &&
		    (k == 0 || buf[k - 1] == ',' || p[strspn(p, " \t")] == ',' ||
		     p[strspn(p, " \t")] == '\0'))
			continue;
		buf[k++] = *p;
	}
	buf[k] = '\0';
}

/* same: 1 when values u and v are alike but for blanks around commas. */
static int same(const char *u, const char *v)
{
	char su[1024], sv[1024];

	squeeze(u, su, sizeof(su));
	squeeze(v, sv, sizeof(sv));
	return strcmp(su, sv) == 0;
}

static int add(struct entries *x, const char *section, const char *key, const char *val)
{
	char k[512];
	size_t n = x->n;

	snprintf(k, sizeof(k), "%s\t%s", section, key);
	if (strv_push(&x->keys, &x->n, k) < 0 || strv_push(&x->vals, &n, val) < 0) {
		x->oom = 1;
		return 0;
	}
	x->n_vals = n;
	return 1;
}

static int on_ini(void *user, const char *section, const char *key, const char *val)
{
	struct entries *x = user;

	if (key == NULL) /* a section seen (inih's INI_CALL_HANDLER_ON_NEW_SECTION) */
		return strncmp(section, "subject ", 8) == 0 ? add(x, section, "", "") : 1;
	if (strncmp(section, "subject ", 8) == 0 &&
	    (x->n == 0 || strncmp(x->keys[x->n - 1], section, strlen(section)) != 0))
		return add(x, section, "", "");
	return compared(section, key) ? add(x, section, key, val) : 1;
}

/* load: dir's campaign.ini into x; -1 with a message. */
static int load(const char *dir, struct entries *x, char *file, size_t n, struct err *e)
{
	int r;

	snprintf(file, n, "%s/campaign.ini", dir);
	r = ini_parse(file, on_ini, x);
	if (x->oom)
		return err_set(e, "%s: out of memory", file);
	if (r < 0)
		return err_set(e, "%s: cannot be read: %s", file, strerror(errno));
	if (r > 0)
		return err_set(e, "%s:%d: not an INI line", file, r);
	return 0;
}

/* find: the index of key in x; x->n when absent. */
static size_t find(const struct entries *x, const char *key)
{
	size_t i = 0;

	while (i < x->n && strcmp(x->keys[i], key) != 0)
		i++;
	return i;
}

/* differ: e naming entry key, present in `in` with value v and in `other` as ov (NULL:
 * absent). Returns 1. */
static int differ(const char *in, const char *other, const char *key, const char *v, const char *ov,
		  struct err *e)
{
	char sec[512];
	const char *tab = strchr(key, '\t');

	snprintf(sec, sizeof(sec), "%.*s", (int)(tab - key), key);
	if (tab[1] == '\0')
		err_set(e,
			"%s: section [%s] is not in %s: the vantages must measure the same matrix",
			in, sec, other);
	else if (ov == NULL)
		err_set(e,
			"%s: [%s] %s = %s is not in %s: the vantages must measure the same matrix",
			in, sec, tab + 1, v, other);
	else
		err_set(e,
			"%s: [%s] %s = %s, but %s says %s: the vantages must measure the same "
			"matrix",
			in, sec, tab + 1, v, other, ov);
	return 1;
}

int campcmp_matrix(const char *dir_a, const char *dir_b, struct err *e)
{
	char fa[PATH_MAX + 16], fb[PATH_MAX + 16];
	struct entries a = {0}, b = {0};
	int rc = -1;

	if (load(dir_a, &a, fa, sizeof(fa), e) < 0 || load(dir_b, &b, fb, sizeof(fb), e) < 0)
		goto done;
	rc = 0;
	for (size_t i = 0; rc == 0 && i < a.n; i++) {
		size_t j = find(&b, a.keys[i]);

		if (j == b.n)
			rc = differ(fa, fb, a.keys[i], a.vals[i], NULL, e);
		else if (!same(a.vals[i], b.vals[j]))
			rc = differ(fb, fa, b.keys[j], b.vals[j], a.vals[i], e);
	}
	for (size_t j = 0; rc == 0 && j < b.n; j++)
		if (find(&a, b.keys[j]) == a.n)
			rc = differ(fb, fa, b.keys[j], b.vals[j], NULL, e);
done:
	strv_free(a.keys, a.n);
	strv_free(a.vals, a.n_vals);
	strv_free(b.keys, b.n);
	strv_free(b.vals, b.n_vals);
	return rc;
}

/* analyze/provenance/verify_cmp.c: the first difference of two results files (see verify.h). */
#include "analyze/provenance/verify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int near(double x, double y, double tol)
{
	double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);

	return x == y || fabs(x - y) <= tol * m || (tol > 0 && fabs(x - y) <= 1e-12);
}

static void show(const json_t *v, char *buf, size_t n)
{
	char *s = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_REAL_PRECISION(17))
		    : NULL;

	snprintf(buf, n, "%.60s%s", s ? s : "(absent)", s && strlen(s) > 60 ? "..." : "");
	free(s);
}

static int differ(const char *path, const json_t *a, const json_t *b, char *where, size_t n)
{
	char x[80], y[80];

	show(a, x, sizeof(x));
	show(b, y, sizeof(y));
	snprintf(where, n, "field %s: %s vs %s", *path ? path : "(top)", x, y);
	return 1;
}

static int cmp(const char *path, const json_t *a, const json_t *b, double tol, const char *ignore,
	       char *where, size_t n)
{
	char sub[512];
	const char *key;
	json_t *v;
	size_t i;

	if (json_is_number(a) && json_is_number(b))
		return near(json_number_value(a), json_number_value(b), tol)
			       ? 0
			       : differ(path, a, b, where, n);
	if (a == NULL || b == NULL || json_typeof(a) != json_typeof(b))
		return differ(path, a, b, where, n);
	switch (json_typeof(a)) {
	case JSON_OBJECT:
		json_object_foreach((json_t *)a, key, v) {
			if (ignore && strcmp(key, ignore) == 0)
				continue;
			snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", key);
			if (cmp(sub, v, json_object_get(b, key), tol, ignore, where, n))
				return 1;
		}
		json_object_foreach((json_t *)b, key, v)
			if (json_object_get(a, key) == NULL &&
			    !(ignore && strcmp(key, ignore) == 0)) {
				snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", key);
				return differ(sub, NULL, v, where, n);
			}
		return 0;
	case JSON_ARRAY:
		for (i = 0; i < json_array_size(a) || i < json_array_size(b); i++) {
			snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
			if (cmp(sub, json_array_get(a, i), json_array_get(b, i), tol, ignore, where,
				n))
				return 1;
		}
		return 0;
	case JSON_STRING:
		return strcmp(json_string_value(a), json_string_value(b)) == 0
			       ? 0
			       : differ(path, a, b, where, n);
	default:
		return json_equal((json_t *)a, (json_t *)b) ? 0 : differ(path, a, b, where, n);
	}
}

int verify_cmp_json(const json_t *a, const json_t *b, double tol, const char *ignore, char *where,
		    size_t n)
{
	return cmp("", a, b, tol, ignore, where, n);
}

/* field: the k-th comma-separated field of line (quotes respected) into buf. */
static void field(const char *line, size_t len, size_t k, char *buf, size_t n)
{
	size_t i = 0, f = 0, o = 0;
	int q = 0;

	for (; i < len && f < k; i++) {
		if (line[i] == '"')
			q = !q;
		else if (line[i] == ',' && !q)
			f++;
	}
	for (q = 0; i < len && o + 1 < n; i++) {
		if (line[i] == '"')
			q = !q;
		else if (line[i] == ',' && !q)
			break;
		buf[o++] = line[i];
	}
	buf[o] = '\0';
}

static size_t n_fields(const char *line, size_t len)
{
	size_t f = 1;
	int q = 0;

	for (size_t i = 0; i < len; i++) {
		if (line[i] == '"')
			q = !q;
		else if (line[i] == ',' && !q)
			f++;
	}
	return f;
}

static int same_field(const char *x, const char *y, double tol)
{
	char *ex, *ey;
	double dx, dy;

	if (strcmp(x, y) == 0)
		return 1;
	dx = strtod(x, &ex);
	dy = strtod(y, &ey);
	return *x && *y && !*ex && !*ey && near(dx, dy, tol);
}

int verify_cmp_text(const char *a, const char *b, double tol, char *where, size_t n)
{
	const char *head = a, *pa = a, *pb = b;
	size_t head_len = strcspn(a, "\n");
	char fa[256], fb[256], name[128];

	for (size_t line = 1; *pa || *pb; line++) {
		size_t la = strcspn(pa, "\n"), lb = strcspn(pb, "\n");
		size_t nf = n_fields(pa, la) > n_fields(pb, lb) ? n_fields(pa, la)
								: n_fields(pb, lb);

		if (!*pa || !*pb) {
			snprintf(where, n, "line %zu: %s", line,
				 *pa ? "missing in the re-derived file"
				     : "not in RESULTS_DIR's file");
			return 1;
		}
		for (size_t k = 0; k < nf; k++) {
			field(pa, la, k, fa, sizeof(fa));
			field(pb, lb, k, fb, sizeof(fb));
			if (!same_field(fa, fb, tol)) {
				field(head, head_len, k, name, sizeof(name));
				snprintf(where, n, "line %zu, column %s: %s vs %s", line, name, fa,
					 fb);
				return 1;
			}
		}
		pa += la + (pa[la] == '\n');
		pb += lb + (pb[lb] == '\n');
	}
	return 0;
}

/* tests/tools/gen_truth/truth.c: see scenarios.h. */
#include "tests/tools/gen_truth/scenarios.h"

#include <string.h>

/* list: the comma-separated items of s as an array. */
static json_t *list(const char *s)
{
	json_t *a = json_array();

	while (a != NULL && s != NULL && *s) {
		size_t n = strcspn(s, ",|");

		json_array_append_new(a, json_stringn(s, n));
		s += n + (s[n] != '\0');
	}
	return a;
}

int truth_init(struct truth *t, const char *name)
{
	t->root = json_object();
	t->expect = json_object();
	t->absent = json_array();
	if (t->root == NULL || t->expect == NULL || t->absent == NULL)
		return -1;
	json_object_set_new(t->root, "scenario", json_string(name));
	json_object_set(t->root, "expect", t->expect);
	json_object_set(t->root, "absent", t->absent);
	json_decref(t->expect);
	json_decref(t->absent);
	return 0;
}

json_t *truth_claim(struct truth *t, const char *id, const char *verdict, const char *subject,
		    const char *reasons)
{
	json_t *x = json_object();

	json_object_set_new(x, "verdict",
			    strchr(verdict, '|') ? list(verdict) : json_string(verdict));
	if (subject == NULL || strcmp(subject, "*") != 0)
		json_object_set_new(x, "subject", subject ? json_string(subject) : json_null());
	if (reasons != NULL)
		json_object_set_new(x, "reasons", list(reasons));
	json_object_set_new(t->expect, id, x);
	return x;
}

void truth_subjects(json_t *x, const char *subjects)
{
	json_object_set_new(x, "subjects", list(subjects));
}

void truth_figure(json_t *x, const char *name, double value, double tol)
{
	json_t *f = json_object_get(x, "figures");

	if (f == NULL) {
		f = json_object();
		json_object_set_new(x, "figures", f);
	}
	json_object_set_new(f, name, json_pack("[f,f]", value, tol));
}

void truth_absent(struct truth *t, const char *prefix)
{
	json_array_append_new(t->absent, json_string(prefix));
}

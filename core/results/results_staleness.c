/* core/results/results_staleness.c: see results_staleness.h. */
#include "core/results/results_staleness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

static json_t *kind_json(const struct results_stale_kind *k)
{
	json_t *o = json_object(), *w = json_array();
	int ok = 1;

	jwrite_put(o, "kind", jwrite_str(k->kind), &ok);
	jwrite_put(o, "probes", json_integer(k->probes), &ok);
	jwrite_put(o, "violations", json_integer(k->violations), &ok);
	jwrite_put(o, "timeouts", json_integer(k->timeouts), &ok);
	jwrite_put(o, "untested", json_integer(k->untested), &ok);
	jwrite_put(o, "max_ms", jnum_new(k->max_ms), &ok);
	jwrite_put(o, "median_ms", jnum_new(k->median_ms), &ok);
	jwrite_put(o, "stale_max_ms", jnum_new(k->stale_max_ms), &ok);
	for (size_t i = 0; i < k->n_windows; i++)
		jwrite_add(w, json_real(k->windows_ms[i]), &ok);
	jwrite_put(o, "windows_ms", w, &ok);
	return jwrite_done(o, ok);
}

/* windows: o.windows_ms (numbers, ascending) into k. */
static void windows(struct jread *r, const json_t *o, const char *where,
		    struct results_stale_kind *k)
{
	json_t *a = jread_array(r, o, where, "windows_ms", 1), *v;
	char f[200];
	size_t i;

	if (a == NULL || r->failed)
		return;
	jread_path(where, "windows_ms", f, sizeof(f));
	if ((k->windows_ms = jread_alloc(r, f, json_array_size(a), sizeof(double))) == NULL)
		return;
	json_array_foreach(a, i, v) {
		double x = jnum_get(v);
		if (!isfinite(x) || x < 0 || (i > 0 && x < k->windows_ms[i - 1])) {
			snprintf(f + strlen(f), sizeof(f) - strlen(f), "[%zu]", i);
			jread_bad(r, f, "expected a number >= 0, not below the one before");
			return;
		}
		k->windows_ms[i] = x;
		k->n_windows = i + 1;
	}
}

static int kind_from(struct jread *r, const char *field, const json_t *v, void *slot, void *ctx)
{
	struct results_stale_kind *k = slot;

	(void)ctx;
	k->kind = jread_str(r, v, field, "kind", 1);
	k->probes = jread_int(r, v, field, "probes", 1, 0);
	k->violations = jread_int(r, v, field, "violations", 1, 0);
	k->timeouts = jread_int(r, v, field, "timeouts", 1, 0);
	k->untested = jread_int(r, v, field, "untested", 1, 0);
	k->max_ms = jread_figure(r, v, field, "max_ms");
	k->median_ms = jread_figure(r, v, field, "median_ms");
	k->stale_max_ms = jread_figure(r, v, field, "stale_max_ms");
	windows(r, v, field, k);
	if (!r->failed && (k->violations > k->probes || k->timeouts > k->violations ||
			   (size_t)k->violations != k->n_windows))
		jread_bad(r, field,
			  "violations above probes, timeouts above violations, or not one window "
			  "per violation");
	if (!r->failed)
		return 0;
	free(k->kind); /* a bad element is not counted: its caller frees the ones before */
	free(k->windows_ms);
	memset(k, 0, sizeof(*k));
	return -1;
}

json_t *results_staleness_to_json(const struct results_staleness *s, const struct results *doc)
{
	json_t *o = json_object(), *ks = json_array();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, s->subject)), &ok);
	jwrite_put(o, "probed", jwrite_str(s->probed), &ok);
	jwrite_put(o, "error", jwrite_str(s->error), &ok);
	jwrite_put(o, "cleanup", jwrite_str(s->cleanup), &ok);
	jwrite_put(o, "poll_ms", jnum_new(s->poll_ms), &ok);
	jwrite_put(o, "max_wait_ms", jnum_new(s->max_wait_ms), &ok);
	jwrite_put(o, "repeat", json_integer(s->repeat), &ok);
	for (size_t i = 0; i < s->n_kinds; i++)
		jwrite_add(ks, kind_json(&s->kinds[i]), &ok);
	jwrite_put(o, "kinds", ks, &ok);
	return jwrite_done(o, ok);
}

int results_staleness_from_json(struct jread *r, const json_t *o, const char *where,
				struct results_staleness *s)
{
	void *ks = NULL;

	memset(s, 0, sizeof(*s));
	s->subject = results_subject_ref(r, o, where, "subject");
	s->probed = jread_str(r, o, where, "probed", 0);
	s->error = jread_str(r, o, where, "error", 0);
	s->cleanup = jread_str(r, o, where, "cleanup", 0);
	s->poll_ms = jread_num(r, o, where, "poll_ms", 1);
	s->max_wait_ms = jread_num(r, o, where, "max_wait_ms", 1);
	s->repeat = jread_int(r, o, where, "repeat", 1, 0);
	jread_list(r, o, where, "kinds", "objects", sizeof(*s->kinds), kind_from, NULL, &ks,
		   &s->n_kinds);
	s->kinds = ks;
	return r->failed ? -1 : 0;
}

void results_staleness_free(struct results_staleness *s)
{
	free(s->probed);
	free(s->error);
	free(s->cleanup);
	for (size_t i = 0; i < s->n_kinds; i++) {
		free(s->kinds[i].kind);
		free(s->kinds[i].windows_ms);
	}
	free(s->kinds);
	memset(s, 0, sizeof(*s));
}

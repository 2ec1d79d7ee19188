/* analyze/provenance/verify_facts.c: --verify's check of the manifest's fairness facts, the
 * library versions and, in a merge of vantages, each vantage's facts and the settings that
 * differ between them, re-derived from the DATA_DIRs' run.json files (see verify.h;
 * docs/FORMATS.md, "Verifying results"). */
#include "analyze/provenance/verify.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/provenance/manifest.h"
#include "core/facts.h"

/* fact_text: f's values joined by ", " into buf ("(absent)" for none). */
static const char *fact_text(char *const *v, size_t n, char *buf, size_t size)
{
	size_t len = 0;

	snprintf(buf, size, "%s", n ? "" : "(absent)");
	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", v[i]);
	return buf;
}

/* same_strings: a and b hold the same strings in the same order. */
static int same_strings(char *const *a, size_t na, char *const *b, size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return 1;
}

/* where_of: "the run.json files of SUBJECT in DIR (vantage V)" into buf. */
static const char *where_of(const char *id, const char *dir, const char *vantage, char *buf,
			    size_t n)
{
	snprintf(buf, n, "the run.json files of %s under %s/runs%s%s%s", id, dir,
		 vantage ? " (vantage " : "", vantage ? vantage : "", vantage ? ")" : "");
	return buf;
}

/* cmp_subject: recorded rec against the re-derived got (named at, read from from); 1 with
 * the first difference in where. A fact the manifest does not record (an older manifest) is
 * not compared. */
static int cmp_subject(const struct results_manifest_subject *rec,
		       const struct results_manifest_subject *got, const char *at, const char *from,
		       char *where, size_t n)
{
	char a[512], b[512];

	if (rec->runs != got->runs) {
		snprintf(where, n, "%s: runs: %lld recorded, %lld in %s", at, rec->runs, got->runs,
			 from);
		return 1;
	}
	for (size_t k = 0; rec->facts != NULL && k < fact_count; k++) {
		const struct results_manifest_fact *x = &rec->facts[k], *y = &got->facts[k];

		if (x->n == 0 || same_strings(x->values, x->n, y->values, y->n))
			continue;
		snprintf(where, n, "%s: %s: '%s' recorded, '%s' in %s", at, fact_names[k],
			 fact_text(x->values, x->n, a, sizeof(a)),
			 fact_text(y->values, y->n, b, sizeof(b)), from);
		return 1;
	}
	return 0;
}

/* cmp_merged: the vantages of subject i (rec, got) and the settings that differ. */
static int cmp_merged(const struct results_manifest_subject *rec,
		      const struct results_manifest_subject *got, size_t i, const char *const *dirs,
		      char *where, size_t n)
{
	char at[256], from[PATH_MAX + 256], a[512], b[512];

	if (rec->n_vantages != got->n_vantages) {
		snprintf(where, n, "subjects[%zu] (%s): %zu vantages recorded, %zu DATA_DIRs", i,
			 rec->id, rec->n_vantages, got->n_vantages);
		return 1;
	}
	for (size_t v = 0; v < rec->n_vantages; v++) {
		const char *name = got->vantages[v].id;

		snprintf(at, sizeof(at), "subjects[%zu].vantages[%zu] (%s, vantage %s)", i, v,
			 rec->id, name);
		if (rec->vantages[v].id == NULL || strcmp(rec->vantages[v].id, name) != 0) {
			snprintf(where, n, "%s: vantage '%s' recorded", at,
				 rec->vantages[v].id ? rec->vantages[v].id : "(absent)");
			return 1;
		}
		if (cmp_subject(&rec->vantages[v], &got->vantages[v], at,
				where_of(rec->id, dirs[v], name, from, sizeof(from)), where, n))
			return 1;
	}
	if (same_strings(rec->differ, rec->n_differ, got->differ, got->n_differ))
		return 0;
	snprintf(where, n, "subjects[%zu] (%s): vantages_differ: '%s' recorded, '%s' from the runs",
		 i, rec->id, fact_text(rec->differ, rec->n_differ, a, sizeof(a)),
		 fact_text(got->differ, got->n_differ, b, sizeof(b)));
	return 1;
}

/* cmp_versions: recorded libraries or collect versions (what) against the re-derived. */
static int cmp_versions(const struct results_manifest_versions *x, size_t nx,
			const struct results_manifest_versions *y, size_t ny, const char *what,
			char *where, size_t n)
{
	for (size_t i = 0; i < nx; i++) {
		size_t j = 0;

		while (j < ny && x[i].name != NULL && strcmp(x[i].name, y[j].name) != 0)
			j++;
		if (j < ny && same_strings(x[i].versions, x[i].n, y[j].versions, y[j].n))
			continue;
		snprintf(where, n, "%s.%s: not the versions the run.json files record", what,
			 x[i].name ? x[i].name : "(absent)");
		return 1;
	}
	if (nx == ny)
		return 0;
	snprintf(where, n, "%s: %zu names recorded, %zu in the run.json files", what, nx, ny);
	return 1;
}

int verify_facts(const struct results_manifest *man, const struct results *agg,
		 const char *const *dirs, size_t n_dirs, char *where, size_t n, struct err *e)
{
	const struct results_manifest_options *o = &man->options;
	const char **names = calloc(n_dirs + 1, sizeof(*names));
	int warp = o->source != NULL && strcmp(o->source, "warp") == 0, rc = 0;
	char at[256], from[PATH_MAX + 256];
	struct results_manifest got = {0};

	if (names == NULL)
		return err_set(e, "out of memory");
	/* a merge's manifest without per-vantage facts (older): the first DATA_DIR's */
	if (n_dirs > o->n_vantages || (man->n_subjects > 0 && !man->subjects[0].merged))
		n_dirs = 1;
	for (size_t k = 0; n_dirs >= 2 && k < n_dirs; k++)
		names[k] = o->vantages[k].name ? o->vantages[k].name : "";
	rc = manifest_facts(dirs, names, n_dirs, warp, agg, &got, e);
	free(names);
	if (rc < 0) {
		results_manifest_free(&got);
		return -1;
	}
	if (got.n_subjects != man->n_subjects) {
		snprintf(where, n, "subjects: %zu recorded, %zu in aggregate.json", man->n_subjects,
			 got.n_subjects);
		rc = 1;
	}
	for (size_t i = 0; rc == 0 && i < man->n_subjects; i++) {
		const struct results_manifest_subject *x = &man->subjects[i], *y = &got.subjects[i];

		snprintf(at, sizeof(at), "subjects[%zu] (%s)", i, x->id ? x->id : "(absent)");
		if (x->id == NULL || strcmp(x->id, y->id) != 0) {
			snprintf(where, n, "%s: not aggregate.json's subject %s", at, y->id);
			rc = 1;
			break;
		}
		if (n_dirs >= 2)
			snprintf(from, sizeof(from), "the run.json files of %s of every DATA_DIR",
				 y->id);
		rc = rc ||
		     cmp_subject(x, y, at,
				 n_dirs >= 2 ? from
					     : where_of(y->id, dirs[0], NULL, from, sizeof(from)),
				 where, n);
		rc = rc || (x->merged && cmp_merged(x, y, i, dirs, where, n));
	}
	rc = rc || cmp_versions(man->libraries, man->n_libraries, got.libraries, got.n_libraries,
				"libraries", where, n);
	rc = rc || cmp_versions(man->collect, man->n_collect, got.collect, got.n_collect, "collect",
				where, n);
	results_manifest_free(&got);
	return rc;
}

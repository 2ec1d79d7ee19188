/* core/results/results_manifest.c: see results_manifest.h. */
#include "core/results/results_manifest.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/facts.h"
#include "core/fsutil.h"
#include "core/jnum.h"
#include "core/jread.h"
#include "core/jwrite.h"

static json_t *file_json(const struct results_manifest_file *f)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "path", jwrite_str(f->path), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)f->size), &ok);
	jwrite_put(o, "sha256", jwrite_str(f->sha256), &ok);
	if (f->outside)
		jwrite_put(o, "outside", json_true(), &ok);
	if (f->relative_to != NULL)
		jwrite_put(o, "relative_to", json_string(f->relative_to), &ok);
	if (f->role != NULL)
		jwrite_put(o, "role", json_string(f->role), &ok);
	if (f->vantage != NULL)
		jwrite_put(o, "vantage", json_string(f->vantage), &ok);
	return jwrite_done(o, ok);
}

static json_t *files_json(const struct results_manifest_file *f, size_t n)
{
	json_t *a = json_array();
	int ok = 1;

	for (size_t i = 0; i < n; i++)
		jwrite_add(a, file_json(&f[i]), &ok);
	return jwrite_done(a, ok);
}

static json_t *path_json(const struct results_manifest_path *p)
{
	json_t *o;
	int ok = 1;

	if (p == NULL)
		return json_null();
	o = json_object();
	jwrite_put(o, "path", jwrite_str(p->path), &ok);
	jwrite_put(o, "outside", json_boolean(p->outside), &ok);
	if (p->relative_to != NULL)
		jwrite_put(o, "relative_to", json_string(p->relative_to), &ok);
	return jwrite_done(o, ok);
}

static json_t *vantages_json(const struct results_manifest_options *o)
{
	json_t *a = json_array();
	int ok = 1;

	for (size_t i = 0; i < o->n_vantages; i++) {
		const struct results_manifest_vantage *v = &o->vantages[i];
		json_t *x = json_object();
		int one = 1;

		jwrite_put(x, "name", jwrite_str(v->name), &one);
		jwrite_put(x, "from", jwrite_str(v->from), &one);
		jwrite_put(x, "dir", path_json(&v->dir), &one);
		jwrite_add(a, jwrite_done(x, one), &ok);
	}
	return jwrite_done(a, ok);
}

static json_t *options_json(const struct results_manifest_options *o)
{
	json_t *j = json_object(), *l;
	int ok = 1;

	jwrite_put(j, "data_dir", jwrite_str(o->data_dir), &ok);
	jwrite_put(j, "output", jwrite_str(o->output), &ok);
	jwrite_put(j, "output_outside", json_boolean(o->output_outside), &ok);
	jwrite_put(j, "policy", jwrite_str(o->policy), &ok);
	if (o->repeat > 0)
		jwrite_put(j, "repeat", json_integer((json_int_t)o->repeat), &ok);
	jwrite_put(j, "min_samples", json_integer((json_int_t)o->min_samples), &ok);
	jwrite_put(j, "alpha", json_real(o->alpha), &ok);
	if (isfinite(o->target_ci))
		jwrite_put(j, "target_ci", json_real(o->target_ci), &ok);
	jwrite_put(j, "recompute", json_boolean(o->recompute), &ok);
	jwrite_put(j, "inclusion_rule", jwrite_str(o->inclusion_rule), &ok);
	jwrite_put(j, "source", jwrite_str(o->source), &ok);
	jwrite_put(j, "warp_map", path_json(o->warp_map), &ok);
	jwrite_put(j, "baseline", path_json(o->baseline), &ok);
	jwrite_put(j, "history", path_json(o->history), &ok);
	jwrite_put(j, "warp_engine", jwrite_str(o->warp_engine), &ok);
	jwrite_put(j, "alert_min_change", json_real(o->alert_min_change), &ok);
	jwrite_put(j, "alert_false_rate", jnum_new(o->alert_false_rate), &ok);
	jwrite_put(j, "alert_cells", jwrite_str(o->alert_cells), &ok);
	if (o->has_prices) {
		jwrite_put(j, "prices", path_json(o->prices), &ok);
		jwrite_put(j, "prices_section", jwrite_str(o->prices_section), &ok);
	}
	if (o->has_client_limits) {
		l = json_pack("{s:f, s:f, s:f}", "cpu_pct", o->client_limits.cpu_pct, "nic_pct",
			      o->client_limits.nic_pct, "retrans_pct",
			      o->client_limits.retrans_pct);
		jwrite_put(j, "client_limits", l, &ok);
	}
	if (o->has_history_build)
		jwrite_put(j, "history_build", json_integer((json_int_t)o->history_build), &ok);
	if (o->n_vantages >= 2)
		jwrite_put(j, "vantages", vantages_json(o), &ok);
	return jwrite_done(j, ok);
}

static json_t *versions_json(const struct results_manifest_versions *v, size_t n)
{
	json_t *o = json_object();
	int ok = 1;

	for (size_t i = 0; i < n; i++)
		jwrite_put(o, v[i].name, jwrite_strings(v[i].versions, v[i].n), &ok);
	return jwrite_done(o, ok);
}

/* subject_json: a subject's record, or a vantage's (id_key "vantage") within it. */
static json_t *subject_json(const struct results_manifest_subject *s, const char *id_key)
{
	json_t *o = json_object(), *vs;
	int ok = 1;

	jwrite_put(o, id_key, jwrite_str(s->id), &ok);
	jwrite_put(o, "runs", json_integer((json_int_t)s->runs), &ok);
	for (size_t k = 0; s->facts != NULL && k < fact_count; k++) {
		const struct results_manifest_fact *f = &s->facts[k];

		if (f->n == 0)
			continue;
		jwrite_put(o, fact_names[k],
			   f->list ? jwrite_strings(f->values, f->n) : json_string(f->values[0]),
			   &ok);
	}
	if (s->merged) {
		vs = json_array();
		for (size_t i = 0; i < s->n_vantages; i++)
			jwrite_add(vs, subject_json(&s->vantages[i], "vantage"), &ok);
		jwrite_put(o, "vantages", vs, &ok);
		jwrite_put(o, "vantages_differ", jwrite_strings(s->differ, s->n_differ), &ok);
	}
	return jwrite_done(o, ok);
}

json_t *results_manifest_to_json(const struct results_manifest *m)
{
	json_t *root = json_object(), *tool = json_object(), *subj = json_array(), *signer;
	int ok = 1;

	jwrite_put(root, "format", jwrite_str(m->format), &ok);
	if (m->digest != NULL)
		jwrite_put(root, RESULTS_MANIFEST_DIGEST, json_string(m->digest), &ok);
	jwrite_put(root, "generated", jwrite_str(m->generated), &ok);
	jwrite_put(tool, "name", jwrite_str(m->tool_name), &ok);
	jwrite_put(tool, "version", jwrite_str(m->tool_version), &ok);
	jwrite_put(tool, "commit", jwrite_str(m->tool_commit), &ok);
	jwrite_put(root, "tool", tool, &ok);
	jwrite_put(root, "command", jwrite_str(m->command), &ok);
	jwrite_put(root, "options", options_json(&m->options), &ok);
	jwrite_put(root, "inputs", files_json(m->inputs, m->n_inputs), &ok);
	jwrite_put(root, "outputs", files_json(m->outputs, m->n_outputs), &ok);
	jwrite_put(root, "libraries", versions_json(m->libraries, m->n_libraries), &ok);
	jwrite_put(root, "collect", versions_json(m->collect, m->n_collect), &ok);
	for (size_t i = 0; i < m->n_subjects; i++)
		jwrite_add(subj, subject_json(&m->subjects[i], "id"), &ok);
	jwrite_put(root, "subjects", subj, &ok);
	signer = m->signer_fingerprint == NULL
			 ? json_null()
			 : json_pack("{s:s?, s:s}", "algorithm", m->signer_algorithm, "fingerprint",
				     m->signer_fingerprint);
	jwrite_put(root, "signer", signer, &ok);
	return jwrite_done(root, ok);
}

int results_manifest_format(const json_t *root, const char *file, struct err *e)
{
	const char *fmt = json_string_value(json_object_get(root, "format"));
	const size_t k = strlen(RESULTS_MANIFEST_PREFIX);
	char *end;
	long major;

	if (fmt == NULL || strncmp(fmt, RESULTS_MANIFEST_PREFIX, k) != 0)
		return err_set(e, "%s: format: not an s3bench manifest", file);
	major = strtol(fmt + k, &end, 10);
	if (end == fmt + k || (*end && *end != '.'))
		return err_set(e, "%s: format: '%s' is not NAME/MAJOR[.MINOR]", file, fmt);
	if (major != RESULTS_MANIFEST_MAJOR)
		return err_set(e,
			       "%s: format: '%s' is a newer manifest format than this s3bench "
			       "reads (%s): use a newer s3bench",
			       file, fmt, RESULTS_MANIFEST_FORMAT);
	return 0;
}

/* file_from: one inputs[] / outputs[] entry. */
static void file_from(struct jread *r, const json_t *o, const char *w,
		      struct results_manifest_file *f)
{
	f->path = jread_str(r, o, w, "path", 1);
	f->size = (uint64_t)jread_int(r, o, w, "size", 0, 0);
	f->sha256 = jread_str(r, o, w, "sha256", 0);
	f->outside = jread_bool(r, o, w, "outside", 0, 0);
	f->relative_to = jread_str(r, o, w, "relative_to", 0);
	f->role = jread_str(r, o, w, "role", 0);
	f->vantage = jread_str(r, o, w, "vantage", 0);
}

static int files_from(struct jread *r, const json_t *root, const char *key,
		      struct results_manifest_file **f, size_t *n)
{
	json_t *a = jread_array(r, root, "", key, 0), *v;
	char w[64];
	size_t i;

	if (r->failed || (*f = jread_alloc(r, key, json_array_size(a), sizeof(**f))) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		if (jread_element(r, key, i, v, w, sizeof(w)) < 0)
			return -1;
		*n = i + 1;
		file_from(r, v, w, &(*f)[i]);
	}
	return r->failed ? -1 : 0;
}

/* path_from: a file option (null or absent: NULL). */
static struct results_manifest_path *path_from(struct jread *r, const json_t *o, const char *key)
{
	struct results_manifest_path *p;
	char w[64];
	json_t *v = jread_object(r, o, "options", key, 0);

	if (v == NULL)
		return NULL;
	snprintf(w, sizeof(w), "options.%s", key);
	if ((p = jread_alloc(r, w, 0, sizeof(*p))) == NULL)
		return NULL;
	p->path = jread_str(r, v, w, "path", 0);
	p->outside = jread_bool(r, v, w, "outside", 0, 0);
	p->relative_to = jread_str(r, v, w, "relative_to", 0);
	return p;
}

/* vantages_from: options.vantages[] (absent: none). */
static void vantages_from(struct jread *r, const json_t *j, struct results_manifest_options *o)
{
	json_t *a = jread_array(r, j, "options", "vantages", 0), *v, *d;
	char w[64], wd[80];
	size_t i;

	if (a == NULL || r->failed ||
	    (o->vantages = jread_alloc(r, "options.vantages", json_array_size(a),
				       sizeof(*o->vantages))) == NULL)
		return;
	json_array_foreach(a, i, v) {
		struct results_manifest_vantage *x = &o->vantages[i];

		if (jread_element(r, "options.vantages", i, v, w, sizeof(w)) < 0)
			return;
		o->n_vantages = i + 1;
		x->name = jread_str(r, v, w, "name", 1);
		x->from = jread_str(r, v, w, "from", 0);
		snprintf(wd, sizeof(wd), "%s.dir", w);
		if ((d = jread_object(r, v, w, "dir", 1)) == NULL)
			return;
		x->dir.path = jread_str(r, d, wd, "path", 1);
		x->dir.outside = jread_bool(r, d, wd, "outside", 0, 0);
		x->dir.relative_to = jread_str(r, d, wd, "relative_to", 0);
	}
}

static int options_from(struct jread *r, const json_t *root, struct results_manifest_options *o)
{
	static const char *const w = "options";
	json_t *j = jread_object(r, root, "", w, 0), *l;

	o->alpha = o->target_ci = o->alert_min_change = o->alert_false_rate = NAN;
	if (j == NULL)
		return r->failed ? -1 : 0;
	o->data_dir = jread_str(r, j, w, "data_dir", 0);
	o->output = jread_str(r, j, w, "output", 0);
	o->output_outside = jread_bool(r, j, w, "output_outside", 0, 0);
	o->policy = jread_str(r, j, w, "policy", 0);
	o->repeat = jread_int(r, j, w, "repeat", 0, 0);
	o->min_samples = jread_int(r, j, w, "min_samples", 0, 0);
	o->alpha = jread_num(r, j, w, "alpha", 0);
	o->target_ci = jread_num(r, j, w, "target_ci", 0);
	o->recompute = jread_bool(r, j, w, "recompute", 0, 0);
	o->inclusion_rule = jread_str(r, j, w, "inclusion_rule", 0);
	o->source = jread_str(r, j, w, "source", 0);
	o->warp_map = path_from(r, j, "warp_map");
	o->baseline = path_from(r, j, "baseline");
	o->history = path_from(r, j, "history");
	o->warp_engine = jread_str(r, j, w, "warp_engine", 0);
	o->alert_min_change = jread_num(r, j, w, "alert_min_change", 0);
	o->alert_false_rate = jread_num(r, j, w, "alert_false_rate", 0);
	o->alert_cells = jread_str(r, j, w, "alert_cells", 0);
	o->has_prices = json_object_get(j, "prices") != NULL;
	o->prices = path_from(r, j, "prices");
	o->prices_section = jread_str(r, j, w, "prices_section", 0);
	if ((l = jread_object(r, j, w, "client_limits", 0)) != NULL) {
		o->has_client_limits = 1;
		o->client_limits.cpu_pct = jread_num(r, l, "options.client_limits", "cpu_pct", 0);
		o->client_limits.nic_pct = jread_num(r, l, "options.client_limits", "nic_pct", 0);
		o->client_limits.retrans_pct = jread_num(r, l, "options.client_limits",
							 "retrans_pct", 0);
	}
	o->has_history_build = json_object_get(j, "history_build") != NULL;
	o->history_build = jread_int(r, j, w, "history_build", 0, 0);
	vantages_from(r, j, o);
	return r->failed ? -1 : 0;
}

static int versions_from(struct jread *r, const json_t *root, const char *key,
			 struct results_manifest_versions **v, size_t *n)
{
	json_t *o = jread_object(r, root, "", key, 0);
	const char *name;
	json_t *x;

	if (r->failed || (*v = jread_alloc(r, key, json_object_size(o), sizeof(**v))) == NULL)
		return -1;
	json_object_foreach(o, name, x) {
		struct results_manifest_versions *d = &(*v)[(*n)++];

		(void)x;
		d->name = jread_dup(r, key, name, name);
		jread_strings(r, o, key, name, &d->versions, &d->n);
	}
	return r->failed ? -1 : 0;
}

/* subject_from: a subject's record at w, or a vantage's within it (id_key "vantage"). */
static int subject_from(struct jread *r, const json_t *o, const char *w, const char *id_key,
			struct results_manifest_subject *s)
{
	json_t *a = json_object_get(o, "vantages"), *x;
	char wv[128];
	size_t i;

	s->id = jread_str(r, o, w, id_key, 0);
	s->runs = jread_int(r, o, w, "runs", 0, 0);
	if ((s->facts = jread_alloc(r, w, fact_count, sizeof(*s->facts))) == NULL)
		return -1;
	for (size_t k = 0; k < fact_count; k++) {
		struct results_manifest_fact *f = &s->facts[k];
		json_t *v = json_object_get(o, fact_names[k]);

		if (v == NULL || json_is_null(v))
			continue;
		if (json_is_array(v)) {
			f->list = 1;
			jread_strings(r, o, w, fact_names[k], &f->values, &f->n);
		} else if ((f->values = jread_alloc(r, w, 1, sizeof(*f->values))) != NULL &&
			   (f->values[0] = jread_str(r, o, w, fact_names[k], 0)) != NULL) {
			f->n = 1;
		}
	}
	if (a == NULL || r->failed || strcmp(id_key, "id") != 0)
		return r->failed ? -1 : 0;
	s->merged = 1;
	if ((a = jread_array(r, o, w, "vantages", 1)) == NULL ||
	    (s->vantages = jread_alloc(r, w, json_array_size(a), sizeof(*s->vantages))) == NULL)
		return -1;
	json_array_foreach(a, i, x) {
		char at[96];

		snprintf(at, sizeof(at), "%s.vantages", w);
		if (jread_element(r, at, i, x, wv, sizeof(wv)) < 0)
			return -1;
		s->n_vantages = i + 1;
		if (subject_from(r, x, wv, "vantage", &s->vantages[i]) < 0)
			return -1;
	}
	jread_strings(r, o, w, "vantages_differ", &s->differ, &s->n_differ);
	return r->failed ? -1 : 0;
}

static int subjects_from(struct jread *r, const json_t *root, struct results_manifest *m)
{
	json_t *a = jread_array(r, root, "", "subjects", 0), *v;
	char w[64];
	size_t i;

	if (r->failed || (m->subjects = jread_alloc(r, "subjects", json_array_size(a),
						    sizeof(*m->subjects))) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		if (jread_element(r, "subjects", i, v, w, sizeof(w)) < 0)
			return -1;
		m->n_subjects = i + 1;
		if (subject_from(r, v, w, "id", &m->subjects[i]) < 0)
			return -1;
	}
	return 0;
}

int results_manifest_from_json(const json_t *root, const char *file, struct results_manifest *m,
			       struct err *e)
{
	struct jread r = {file, e, 0, NULL, 0};
	json_t *t, *s;

	memset(m, 0, sizeof(*m));
	if (results_manifest_format(root, file, e) < 0)
		return -1;
	m->format = jread_str(&r, root, "", "format", 1);
	m->digest = jread_str(&r, root, "", RESULTS_MANIFEST_DIGEST, 0);
	m->generated = jread_str(&r, root, "", "generated", 0);
	if ((t = jread_object(&r, root, "", "tool", 0)) != NULL) {
		m->tool_name = jread_str(&r, t, "tool", "name", 0);
		m->tool_version = jread_str(&r, t, "tool", "version", 0);
		m->tool_commit = jread_str(&r, t, "tool", "commit", 0);
	}
	m->command = jread_str(&r, root, "", "command", 0);
	if ((s = jread_object(&r, root, "", "signer", 0)) != NULL) {
		m->signer_algorithm = jread_str(&r, s, "signer", "algorithm", 0);
		m->signer_fingerprint = jread_str(&r, s, "signer", "fingerprint", 1);
	}
	if (r.failed || options_from(&r, root, &m->options) < 0 ||
	    files_from(&r, root, "inputs", &m->inputs, &m->n_inputs) < 0 ||
	    files_from(&r, root, "outputs", &m->outputs, &m->n_outputs) < 0 ||
	    versions_from(&r, root, "libraries", &m->libraries, &m->n_libraries) < 0 ||
	    versions_from(&r, root, "collect", &m->collect, &m->n_collect) < 0)
		return -1;
	return subjects_from(&r, root, m);
}

int results_manifest_read(const char *path, struct results_manifest *m, struct err *e)
{
	json_t *root = jread_load(path, e);
	int rc;

	memset(m, 0, sizeof(*m));
	if (root == NULL)
		return -1;
	rc = results_manifest_from_json(root, path, m, e);
	json_decref(root);
	return rc;
}

int results_manifest_write(const struct results_manifest *m, const char *path, struct err *e)
{
	size_t flags = JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15);
	json_t *doc = results_manifest_to_json(m), *back;
	char *s = doc ? json_dumps(doc, flags) : NULL;
	struct fs_atomic a;
	FILE *f;
	int rc = -1;

	if (doc == NULL) {
		free(s);
		return err_set(e, "%s: out of memory", path);
	}
	back = s ? json_loads(s, 0, NULL) : NULL;
	if (back == NULL || !json_equal(back, doc))
		flags = JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17);
	json_decref(back);
	free(s);
	if ((f = fs_atomic_fopen(&a, path, e)) == NULL)
		goto done;
	if (json_dumpf(doc, f, flags) != 0 || fputc('\n', f) == EOF) {
		int errnum = errno;

		fs_atomic_abort(&a);
		err_set(e, "%s: cannot write: %s", path, strerror(errnum));
		goto done;
	}
	rc = fs_atomic_commit(&a, e);
done:
	json_decref(doc);
	return rc;
}

void results_manifest_file_free(struct results_manifest_file *f)
{
	free(f->path);
	free(f->sha256);
	free(f->relative_to);
	free(f->role);
	free(f->vantage);
}

static void strings_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void path_free(struct results_manifest_path *p)
{
	if (p != NULL) {
		free(p->path);
		free(p->relative_to);
	}
	free(p);
}

static void versions_free(struct results_manifest_versions *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		strings_free(v[i].versions, v[i].n);
	}
	free(v);
}

static void subjects_free(struct results_manifest_subject *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; s[i].facts != NULL && k < fact_count; k++)
			strings_free(s[i].facts[k].values, s[i].facts[k].n);
		free(s[i].facts);
		free(s[i].id);
		subjects_free(s[i].vantages, s[i].n_vantages);
		strings_free(s[i].differ, s[i].n_differ);
	}
	free(s);
}

void results_manifest_free(struct results_manifest *m)
{
	struct results_manifest_options *o = &m->options;

	free(m->format);
	free(m->digest);
	free(m->generated);
	free(m->tool_name);
	free(m->tool_version);
	free(m->tool_commit);
	free(m->command);
	free(o->data_dir);
	free(o->output);
	free(o->policy);
	free(o->inclusion_rule);
	free(o->source);
	path_free(o->warp_map);
	path_free(o->baseline);
	path_free(o->history);
	path_free(o->prices);
	free(o->warp_engine);
	free(o->prices_section);
	free(o->alert_cells);
	for (size_t i = 0; i < o->n_vantages; i++) {
		free(o->vantages[i].name);
		free(o->vantages[i].from);
		free(o->vantages[i].dir.path);
		free(o->vantages[i].dir.relative_to);
	}
	free(o->vantages);
	for (size_t i = 0; i < m->n_inputs; i++)
		results_manifest_file_free(&m->inputs[i]);
	for (size_t i = 0; i < m->n_outputs; i++)
		results_manifest_file_free(&m->outputs[i]);
	free(m->inputs);
	free(m->outputs);
	versions_free(m->libraries, m->n_libraries);
	versions_free(m->collect, m->n_collect);
	subjects_free(m->subjects, m->n_subjects);
	free(m->signer_algorithm);
	free(m->signer_fingerprint);
	memset(m, 0, sizeof(*m));
}

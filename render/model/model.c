/* render/model/model.c: load results/aggregate.json into the report model (jansson). */
#include "render/model/model.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/palette.h"
#include "render/model/jread.h"
#include "render/model/model_climit.h"
#include "render/model/model_clients.h"
#include "render/model/model_errors.h"
#include "render/model/model_history.h"
#include "render/model/model_query.h"
#include "render/model/model_stats.h"
#include "render/model/model_workload.h"

const char *model_palette(size_t i)
{
	return palette_color(i); /* the one palette, core/palette.h (Okabe-Ito) */
}

static int valid_color(const char *s)
{
	if (strlen(s) != 7 || s[0] != '#')
		return 0;
	for (int i = 1; i < 7; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static void load_stat(struct jread *l, json_t *o, const char *where, struct rm_stat *s, int *failed)
{
	if (o && !json_is_null(o) && !json_is_object(o)) {
		jread_bad(l, where, "expected an object or null");
		*failed = 1;
	}
	s->ci_lo = s->ci_hi = s->ci_coverage = NAN;
	s->ci_method = RM_CI_NONE;
	if (o == NULL || !json_is_object(o)) {
		s->value = s->mean = s->median = s->min = s->max = s->stddev = s->cv = NAN;
		return;
	}
	s->value = jread_get_num(l, o, where, "value", 1, failed);
	s->mean = jread_get_num(l, o, where, "mean", 0, failed);
	s->median = jread_get_num(l, o, where, "median", 0, failed);
	s->min = jread_get_num(l, o, where, "min", 0, failed);
	s->max = jread_get_num(l, o, where, "max", 0, failed);
	s->stddev = jread_get_num(l, o, where, "stddev", 0, failed);
	s->cv = jread_get_num(l, o, where, "cv", 0, failed);
	model_stats_ci(l, o, where, s, failed);
}

static void load_lat(struct jread *l, json_t *o, const char *where, struct rm_lat *s, int *failed)
{
	if (o && !json_is_null(o) && !json_is_object(o)) {
		jread_bad(l, where, "expected an object or null");
		*failed = 1;
	}
	if (o == NULL || !json_is_object(o)) {
		s->avg = s->p50 = s->p90 = s->p99 = s->min = s->max = NAN;
		return;
	}
	s->avg = jread_get_num(l, o, where, "avg", 0, failed);
	s->p50 = jread_get_num(l, o, where, "p50", 0, failed);
	s->p90 = jread_get_num(l, o, where, "p90", 0, failed);
	s->p99 = jread_get_num(l, o, where, "p99", 0, failed);
	s->min = jread_get_num(l, o, where, "min", 0, failed);
	s->max = jread_get_num(l, o, where, "max", 0, failed);
}

static int load_header(struct jread *l, struct report_model *m, json_t *root)
{
	int failed = 0;
	char *fmt = jread_get_str(l, root, "", "format", 1, &failed);
	if (failed)
		goto done;
	if (strncmp(fmt, "s3bench-aggregate/1", 19) != 0 || (fmt[19] && fmt[19] != '.')) {
		char w[300];
		snprintf(w, sizeof(w),
			 "'%.200s' is not a known version (expected s3bench-aggregate/1)", fmt);
		jread_bad(l, "format", w);
		failed = 1;
		goto done;
	}
	m->format_minor = fmt[19] ? atoi(fmt + 20) : 0;
	m->generated = jread_get_str(l, root, "", "generated", 0, &failed);
	m->source = jread_get_str(l, root, "", "source", 0, &failed);
	m->warp_engine = jread_get_str(l, root, "", "warp_engine", 0, &failed);
	json_t *o = json_object_get(root, "tool");
	if (o && json_is_object(o)) {
		m->tool_name = jread_get_str(l, o, "tool", "name", 0, &failed);
		m->tool_version = jread_get_str(l, o, "tool", "version", 0, &failed);
	} else {
		m->tool_name = jread_dup_at(l, "tool", "name", "s3bench", &failed);
		m->tool_version = jread_dup_at(l, "tool", "version", "", &failed);
	}
	o = jread_member(l, root, "", "campaign", 0, &failed);
	if (o && json_is_object(o)) {
		m->campaign_name = jread_get_str(l, o, "campaign", "name", 0, &failed);
		m->campaign_title = jread_get_str(l, o, "campaign", "title", 0, &failed);
		m->campaign_client = jread_get_str(l, o, "campaign", "client", 0, &failed);
		m->campaign_order = jread_get_str(l, o, "campaign", "order", 0, &failed);
		m->campaign_cycles = (int)jread_get_int(l, o, "campaign", "cycles", 0, 0, &failed);
	} else if (o && !json_is_null(o)) {
		jread_bad(l, "campaign", "expected an object or null");
		failed = 1;
	} else {
		m->campaign_name = jread_dup_at(l, "campaign", "name", "", &failed);
		m->campaign_title = jread_dup_at(l, "campaign", "title", "", &failed);
		m->campaign_client = jread_dup_at(l, "campaign", "client", "", &failed);
		m->campaign_order = jread_dup_at(l, "campaign", "order", "", &failed);
	}
	o = jread_member(l, root, "", "policy", 1, &failed);
	if (o && json_is_object(o)) {
		m->policy_name = jread_get_str(l, o, "policy", "name", 1, &failed);
		m->policy_rule = jread_get_str(l, o, "policy", "rule", 1, &failed);
		m->policy_min_samples = (int)jread_get_int(l, o, "policy", "min_samples", 0, 1,
							   &failed);
	} else if (o) {
		jread_bad(l, "policy", "expected an object");
		failed = 1;
	}
done:
	free(fmt);
	return failed ? -1 : 0;
}

static int load_subjects_matrix(struct jread *l, struct report_model *m, json_t *root)
{
	int failed = 0;
	json_t *a = jread_get_array(l, root, "subjects", 1, &failed), *v;
	size_t i;
	char w[64];
	if (failed)
		return -1;
	if (json_array_size(a) == 0)
		return jread_bad(l, "subjects", "empty: nothing to compare");
	m->subjects = jread_alloc_at(l, "subjects", json_array_size(a), sizeof(*m->subjects),
				     &failed);
	if (failed)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_subject *s = &m->subjects[i];
		m->nsubjects = i + 1;
		if (jread_element(l, "subjects", i, v, w, sizeof(w)))
			return -1;
		s->id = jread_get_str(l, v, w, "id", 1, &failed);
		s->label = jread_get_str(l, v, w, "label", 0, &failed);
		s->endpoint = jread_get_str(l, v, w, "endpoint", 0, &failed);
		s->region = jread_get_str(l, v, w, "region", 0, &failed);
		s->send = jread_get_str(l, v, w, "send", 0, &failed);
		s->dotted_bucket = jread_get_str(l, v, w, "path_style_dotted", 0, &failed);
		char *c = jread_get_str(l, v, w, "color", 0, &failed);
		if (failed) {
			free(c);
			return -1;
		}
		if (!*s->label) {
			free(s->label);
			if ((s->label = jread_dup_at(l, w, "label", s->id, &failed)) == NULL) {
				free(c);
				return -1;
			}
		}
		if (*c && !valid_color(c)) {
			free(c);
			return jread_bad_at(l, w, "color", "expected \"#rrggbb\" or null");
		}
		snprintf(s->color, sizeof(s->color), "%s", *c ? c : model_palette(i));
		free(c);
	}
	json_t *mx = jread_member(l, root, "", "matrix", 1, &failed);
	if (failed)
		return -1;
	json_t *ops = json_object_get(mx, "ops"), *sizes = json_object_get(mx, "sizes"),
	       *conc = json_object_get(mx, "concurrency");
	if (!json_is_array(ops))
		return jread_bad(l, "matrix.ops", "expected an array");
	if (!json_is_array(sizes))
		return jread_bad(l, "matrix.sizes", "expected an array");
	if (!json_is_array(conc))
		return jread_bad(l, "matrix.concurrency", "expected an array");
	if ((m->ops = jread_alloc_at(l, "matrix.ops", json_array_size(ops), sizeof(*m->ops),
				     &failed)) == NULL)
		return -1;
	json_array_foreach(ops, i, v) {
		snprintf(w, sizeof(w), "matrix.ops[%zu]", i);
		if (!json_is_string(v))
			return jread_bad(l, w, "expected a string");
		m->nops = i + 1;
		if ((m->ops[i] = jread_dup_at(l, w, "", json_string_value(v), &failed)) == NULL)
			return -1;
	}
	if ((m->sizes = jread_alloc_at(l, "matrix.sizes", json_array_size(sizes), sizeof(*m->sizes),
				       &failed)) == NULL)
		return -1;
	json_array_foreach(sizes, i, v) {
		if (!json_is_integer(v) || json_integer_value(v) < 0) {
			snprintf(w, sizeof(w), "matrix.sizes[%zu]", i);
			return jread_bad(l, w, "expected a size in bytes");
		}
		m->sizes[i] = (uint64_t)json_integer_value(v);
		m->nsizes = i + 1;
	}
	if ((m->concurrency = jread_alloc_at(l, "matrix.concurrency", json_array_size(conc),
					     sizeof(*m->concurrency), &failed)) == NULL)
		return -1;
	json_array_foreach(conc, i, v) {
		if (!json_is_integer(v) || json_integer_value(v) < 1) {
			snprintf(w, sizeof(w), "matrix.concurrency[%zu]", i);
			return jread_bad(l, w, "expected a positive integer");
		}
		m->concurrency[i] = (int)json_integer_value(v);
		m->nconc = i + 1;
	}
	return 0;
}

static int load_cells(struct jread *l, struct report_model *m, json_t *root)
{
	int failed = 0;
	json_t *a, *v;
	size_t i, j;
	char w[64], w2[96];
	if ((m->cells = jread_get_items(l, root, "cells", 1, sizeof(*m->cells), &a, &failed)) ==
	    NULL)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_cell *c = &m->cells[i];
		m->ncells = i + 1;
		if (jread_element(l, "cells", i, v, w, sizeof(w)))
			return -1;
		c->subject = jread_get_subject(l, m, v, w, &failed);
		c->op = jread_get_str(l, v, w, "op", 1, &failed);
		c->size = (uint64_t)jread_get_int(l, v, w, "size", 1, 0, &failed);
		c->concurrency = (int)jread_get_int(l, v, w, "concurrency", 1, 0, &failed);
		c->n = (int)jread_get_int(l, v, w, "n", 1, 0, &failed);
		c->expected = (int)jread_get_int(l, v, w, "expected", 0, m->campaign_cycles,
						 &failed);
		if (failed)
			return -1;
		snprintf(w2, sizeof(w2), "%s.mib_s", w);
		load_stat(l, jread_member(l, v, w, "mib_s", 1, &failed), w2, &c->mib_s, &failed);
		snprintf(w2, sizeof(w2), "%s.obj_s", w);
		load_stat(l, json_object_get(v, "obj_s"), w2, &c->obj_s, &failed);
		snprintf(w2, sizeof(w2), "%s.latency_ms", w);
		load_lat(l, json_object_get(v, "latency_ms"), w2, &c->latency, &failed);
		model_stats_pooled(l, json_object_get(v, "latency_ms"), w2, &c->latency.pooled,
				   &failed);
		snprintf(w2, sizeof(w2), "%s.ttfb_ms", w);
		load_lat(l, json_object_get(v, "ttfb_ms"), w2, &c->ttfb, &failed);
		model_stats_pooled(l, json_object_get(v, "ttfb_ms"), w2, &c->ttfb.pooled, &failed);
		if (failed)
			return -1;
		json_t *runs = json_object_get(v, "runs"), *r;
		char runs_at[80];
		snprintf(runs_at, sizeof(runs_at), "%s.runs", w);
		if (runs && !json_is_array(runs))
			return jread_bad(l, runs_at, "expected an array");
		if ((c->runs = jread_alloc_at(l, runs_at, json_array_size(runs), sizeof(*c->runs),
					      &failed)) == NULL)
			return -1;
		json_array_foreach(runs, j, r) {
			struct rm_run *rr = &c->runs[j];
			c->nruns = j + 1;
			if (jread_element(l, runs_at, j, r, w2, sizeof(w2)))
				return -1;
			rr->cycle = (int)jread_get_int(l, r, w2, "cycle", 1, 0, &failed);
			json_t *inc = jread_member(l, r, w2, "included", 1, &failed);
			if (failed)
				return -1;
			if (!json_is_boolean(inc))
				return jread_bad_at(l, w2, "included", "expected true or false");
			rr->included = json_is_true(inc);
			rr->mib_s = jread_get_num(l, r, w2, "mib_s", 0, &failed);
			rr->obj_s = jread_get_num(l, r, w2, "obj_s", 0, &failed);
			if (failed)
				return -1;
		}
	}
	return 0;
}

static int load_oneoffs(struct jread *l, struct report_model *m, json_t *root)
{
	int failed = 0;
	json_t *a, *v;
	size_t i;
	char w[64], w2[96];
	if ((m->oneoffs = jread_get_items(l, root, "ops", 0, sizeof(*m->oneoffs), &a, &failed)) ==
	    NULL)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_oneoff *o = &m->oneoffs[i];
		m->noneoffs = i + 1;
		if (jread_element(l, "ops", i, v, w, sizeof(w)))
			return -1;
		o->subject = jread_get_subject(l, m, v, w, &failed);
		o->op = jread_get_str(l, v, w, "op", 1, &failed);
		o->size = (uint64_t)jread_get_int(l, v, w, "size", 0, 0, &failed);
		o->objects = (uint64_t)jread_get_int(l, v, w, "objects", 0, 0, &failed);
		o->concurrency = (int)jread_get_int(l, v, w, "concurrency", 0, 0, &failed);
		o->n = (int)jread_get_int(l, v, w, "n", 0, 1, &failed);
		o->obj_s = jread_get_num(l, v, w, "obj_s", 1, &failed);
		o->completion_s = jread_get_num(l, v, w, "completion_s", 0, &failed);
		snprintf(w2, sizeof(w2), "%s.latency_ms", w);
		load_lat(l, json_object_get(v, "latency_ms"), w2, &o->latency, &failed);
		snprintf(w2, sizeof(w2), "%s.ttfb_ms", w);
		load_lat(l, json_object_get(v, "ttfb_ms"), w2, &o->ttfb, &failed);
		json_t *seg = json_object_get(v, "segments");
		snprintf(w2, sizeof(w2), "%s.segments", w);
		if (seg && json_is_object(seg)) {
			o->seg_median = jread_get_num(l, seg, w2, "median_obj_s", 0, &failed);
			o->seg_fastest = jread_get_num(l, seg, w2, "fastest_obj_s", 0, &failed);
			o->seg_slowest = jread_get_num(l, seg, w2, "slowest_obj_s", 0, &failed);
		} else if (seg && !json_is_null(seg)) {
			return jread_bad(l, w2, "expected an object or null");
		} else {
			o->seg_median = o->seg_fastest = o->seg_slowest = NAN;
		}
		if (failed)
			return -1;
	}
	return 0;
}

static int load_summaries(struct jread *l, struct report_model *m, json_t *root)
{
	int failed = 0;
	json_t *a, *v;
	size_t i;
	char w[64];

	if ((m->consistency = jread_get_items(l, root, "consistency", 0, sizeof(*m->consistency),
					      &a, &failed)) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_consistency *d = &m->consistency[i];
		m->nconsistency = i + 1;
		if (jread_element(l, "consistency", i, v, w, sizeof(w)))
			return -1;
		d->subject = jread_get_subject(l, m, v, w, &failed);
		d->cv_mean = jread_get_num(l, v, w, "cv_mean", 1, &failed);
		d->cells = (int)jread_get_int(l, v, w, "cells", 0, 0, &failed);
		if (failed)
			return -1;
	}
	if ((m->leaders = jread_get_items(l, root, "leaders", 0, sizeof(*m->leaders), &a,
					  &failed)) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_leader *d = &m->leaders[i];
		m->nleaders = i + 1;
		if (jread_element(l, "leaders", i, v, w, sizeof(w)))
			return -1;
		d->op = jread_get_str(l, v, w, "op", 1, &failed);
		d->subject = jread_get_subject(l, m, v, w, &failed);
		d->size = (uint64_t)jread_get_int(l, v, w, "size", 1, 0, &failed);
		d->concurrency = (int)jread_get_int(l, v, w, "concurrency", 1, 0, &failed);
		d->mib_s = jread_get_num(l, v, w, "mib_s", 0, &failed);
		if (!failed)
			model_stats_leader(l, m, v, w, d, &failed);
		if (failed)
			return -1;
	}
	if ((m->leader_counts = jread_get_items(l, root, "leader_counts", 0,
						sizeof(*m->leader_counts), &a, &failed)) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_leader_count *d = &m->leader_counts[i];
		m->nleader_counts = i + 1;
		if (jread_element(l, "leader_counts", i, v, w, sizeof(w)))
			return -1;
		d->op = jread_get_str(l, v, w, "op", 1, &failed);
		d->subject = jread_get_subject(l, m, v, w, &failed);
		d->led = (int)jread_get_int(l, v, w, "led", 1, 0, &failed);
		d->of = (int)jread_get_int(l, v, w, "of", 1, 0, &failed);
		model_stats_leader_count(l, v, w, d, &failed);
		if (failed)
			return -1;
	}
	if ((m->excluded = jread_get_items(l, root, "excluded", 0, sizeof(*m->excluded), &a,
					   &failed)) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_excluded *d = &m->excluded[i];
		m->nexcluded = i + 1;
		if (jread_element(l, "excluded", i, v, w, sizeof(w)))
			return -1;
		d->path = jread_get_str(l, v, w, "path", 0, &failed);
		d->subject = jread_get_subject(l, m, v, w, &failed);
		d->op = jread_get_str(l, v, w, "op", 1, &failed);
		d->cls = jread_get_str(l, v, w, "class", 0, &failed);
		d->reason = jread_get_str(l, v, w, "reason", 0, &failed);
		d->size = (uint64_t)jread_get_int(l, v, w, "size", 0, 0, &failed);
		d->concurrency = (int)jread_get_int(l, v, w, "concurrency", 0, 0, &failed);
		d->cycle = (int)jread_get_int(l, v, w, "cycle", 0, 0, &failed);
		if (failed)
			return -1;
	}
	return 0;
}

struct report_model *model_load_string(const char *json, const char *name, struct err *e)
{
	struct report_model *m = calloc(1, sizeof(*m));
	struct jread l = {name, e};
	json_error_t je;
	json_t *root = json_loads(json, 0, &je);
	if (m == NULL || (m->file = strdup(name)) == NULL) {
		err_set(e, "%s: out of memory", name);
		goto fail;
	}
	if (root == NULL) {
		err_set(e, "%s:%d: not valid JSON: %s", name, je.line, je.text);
		goto fail;
	}
	if (!json_is_object(root)) {
		err_set(e, "%s: the top level is not an object", name);
		goto fail;
	}
	if (load_header(&l, m, root) || load_subjects_matrix(&l, m, root) ||
	    load_cells(&l, m, root) || load_oneoffs(&l, m, root) || load_summaries(&l, m, root) ||
	    model_stats_top(&l, m, root) || model_load_clients(&l, m, root) ||
	    model_load_size_labels(m, root, name, e) || model_load_workloads(m, root, name, e) ||
	    model_load_history(m, root, name, e) || model_load_climit(m, root, e) ||
	    model_load_errors(m, root, name, e))
		goto fail;
	if (json_array_size(json_object_get(root, "cost")) > 0)
		m->cost = json_incref(json_object_get(root, "cost"));
	/* no campaign (a single run analysed): the cycles are what the cells expected */
	for (size_t i = 0; m->campaign_cycles == 0 && i < m->ncells; i++)
		if (m->cells[i].expected > m->campaign_cycles)
			m->campaign_cycles = m->cells[i].expected;
	json_decref(root);
	return m;
fail:
	json_decref(root);
	model_free(m);
	return NULL;
}

struct report_model *model_load(const char *path, struct err *e)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;
	struct report_model *m = NULL;
	if (f == NULL) {
		err_set(e, "%s: cannot open: %m", path);
		goto done;
	}
	for (;;) {
		if (cap - len < 65536) {
			char *nb = realloc(buf, cap = cap * 2 + 65536);
			if (nb == NULL) {
				err_set(e, "%s: out of memory", path);
				goto done;
			}
			buf = nb;
		}
		size_t got = fread(buf + len, 1, cap - len - 1, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		err_set(e, "%s: read error", path);
		goto done;
	}
	buf[len] = 0;
	m = model_load_string(buf, path, e);
done:
	if (f)
		fclose(f);
	free(buf);
	return m;
}

void model_free(struct report_model *m)
{
	size_t i;
	if (m == NULL)
		return;
	model_stats_free(m);
	model_free_clients(m);
	model_free_climit(m);
	model_free_size_labels(m);
	model_free_history(m);
	model_free_workloads(m);
	json_decref(m->cost);
	model_free_errors(m);
	free(m->file);
	free(m->generated);
	free(m->tool_name);
	free(m->tool_version);
	free(m->source);
	free(m->warp_engine);
	free(m->campaign_name);
	free(m->campaign_title);
	free(m->campaign_client);
	free(m->campaign_order);
	free(m->policy_name);
	free(m->policy_rule);
	for (i = 0; i < m->nsubjects; i++) {
		free(m->subjects[i].id);
		free(m->subjects[i].label);
		free(m->subjects[i].endpoint);
		free(m->subjects[i].region);
		free(m->subjects[i].dotted_bucket);
		free(m->subjects[i].send);
	}
	free(m->subjects);
	for (i = 0; i < m->nops; i++)
		free(m->ops[i]);
	free(m->ops);
	free(m->sizes);
	free(m->concurrency);
	for (i = 0; i < m->ncells; i++) {
		free(m->cells[i].op);
		free(m->cells[i].runs);
	}
	free(m->cells);
	for (i = 0; i < m->noneoffs; i++)
		free(m->oneoffs[i].op);
	free(m->oneoffs);
	free(m->consistency);
	for (i = 0; i < m->nleaders; i++)
		free(m->leaders[i].op);
	free(m->leaders);
	for (i = 0; i < m->nleader_counts; i++)
		free(m->leader_counts[i].op);
	free(m->leader_counts);
	for (i = 0; i < m->nexcluded; i++) {
		free(m->excluded[i].path);
		free(m->excluded[i].op);
		free(m->excluded[i].cls);
		free(m->excluded[i].reason);
	}
	free(m->excluded);
	free(m);
}

const struct rm_cell *model_cell(const struct report_model *m, int subject, const char *op,
				 uint64_t size, int concurrency)
{
	for (size_t i = 0; i < m->ncells; i++) {
		const struct rm_cell *c = &m->cells[i];
		if (c->subject == subject && c->size == size && c->concurrency == concurrency &&
		    strcmp(c->op, op) == 0)
			return c;
	}
	return NULL;
}

const struct rm_oneoff *model_oneoff(const struct report_model *m, int subject, const char *op)
{
	for (size_t i = 0; i < m->noneoffs; i++)
		if (m->oneoffs[i].subject == subject && strcmp(m->oneoffs[i].op, op) == 0)
			return &m->oneoffs[i];
	return NULL;
}

int model_has_oneoff(const struct report_model *m, const char *op)
{
	for (size_t i = 0; i < m->noneoffs; i++)
		if (strcmp(m->oneoffs[i].op, op) == 0)
			return 1;
	return 0;
}

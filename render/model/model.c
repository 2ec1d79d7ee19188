/* render/model/model.c: the report model loaded through aggregate.json's and trend.json's
 * codecs (core/results), with what the report derives from them once (model.h). */
#include "render/model/model.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fsutil.h"
#include "core/jread.h"
#include "core/palette.h"

const char *model_palette(size_t i)
{
	return palette_color(i); /* the one palette, core/palette.h (Okabe-Ito) */
}

/* subjects: each subject as the report names and colours it. */
static int subjects(struct report_model *m, struct err *e)
{
	if (m->doc.n_subjects == 0)
		return err_set(e, "%s: subjects: empty: nothing to compare", m->file);
	if ((m->subjects = calloc(m->doc.n_subjects, sizeof(*m->subjects))) == NULL)
		return err_set(e, "%s: out of memory", m->file);
	m->nsubjects = m->doc.n_subjects;
	for (size_t i = 0; i < m->nsubjects; i++) {
		const struct results_subject *s = &m->doc.subjects[i];
		struct rm_subject *v = &m->subjects[i];

		v->id = s->id;
		v->label = s->label != NULL && *s->label ? s->label : s->id;
		v->endpoint = model_str(s->endpoint);
		v->region = model_str(s->region);
		v->send = model_str(s->send);
		v->dotted_bucket = model_str(s->dotted_bucket);
		snprintf(v->color, sizeof(v->color), "%s",
			 s->color != NULL && *s->color ? s->color : model_palette(i));
	}
	return 0;
}

/* trend: trend.json in the directory of the file (analyze --history writes it there), when
 * that file exists. */
static int trend(struct report_model *m, struct err *e)
{
	const char *slash = strrchr(m->file, '/');
	char path[PATH_MAX];
	int len = snprintf(path, sizeof(path), "%.*strend.json",
			   slash ? (int)(slash - m->file + 1) : 0, m->file);

	if (len < 0 || (size_t)len >= sizeof(path) || access(path, F_OK) != 0)
		return 0;
	m->trend_loaded = 1;
	return results_trend_read(path, &m->trend, e);
}

struct report_model *model_load_string(const char *json, const char *name, struct err *e)
{
	struct report_model *m = calloc(1, sizeof(*m));
	const struct results_matrix *x;

	if (m == NULL || (m->file = strdup(name)) == NULL) {
		err_set(e, "%s: out of memory", name);
		goto fail;
	}
	if (results_parse(json, name, &m->doc, e) < 0 || subjects(m, e) < 0 || trend(m, e) < 0)
		goto fail;
	x = &m->doc.matrix;
	m->ops = x->ops;
	m->nops = x->n_ops;
	m->sizes = x->sizes;
	m->nsizes = x->n_sizes;
	m->concurrency = x->concurrency;
	m->nconc = x->n_concurrency;
	m->has_stats = m->doc.has_statistics;
	m->confidence = isnan(m->doc.statistics.confidence) ? 0.95 : m->doc.statistics.confidence;
	/* no campaign (a single run analysed): the cycles are what the cells expected */
	m->campaign_cycles = m->doc.campaign.cycles;
	for (size_t i = 0; m->doc.campaign.cycles == 0 && i < m->doc.n_cells; i++)
		if (m->doc.cells[i].expected > m->campaign_cycles)
			m->campaign_cycles = m->doc.cells[i].expected;
	return m;
fail:
	model_free(m);
	return NULL;
}

struct report_model *model_load(const char *path, struct err *e)
{
	char *text = fs_read_file(path, 0, NULL, e);
	struct report_model *m;

	if (text == NULL)
		return NULL;
	m = model_load_string(text, path, e);
	free(text);
	return m;
}

void model_free(struct report_model *m)
{
	if (m == NULL)
		return;
	results_free(&m->doc);
	results_trend_free(&m->trend);
	free(m->subjects);
	free(m->file);
	free(m);
}

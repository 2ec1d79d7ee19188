/* collect/campaign/campaign_dataset.c: the [dataset NAME] sections of a campaign file
 * (docs/CAMPAIGN.md, "[dataset NAME]"): a population built once by `collect dataset
 * create` (collect/run/dataset.h), and the `dataset = NAME` key by which [list] and
 * [head] (one run per dataset listed) and [matrix]'s get, head and list cells run over one
 * instead of objects of their own. Reads keys only. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "collect/dskeys.h"

#define DATASET_DEFAULT_CONCURRENCY 32

/* parse_one: section s ("dataset NAME") into *d (zeroed). */
static int parse_one(struct cini *p, const struct cini_sec *s, struct campaign_dataset *d)
{
	const char *name = s->name + 7;
	struct cini_kv *kv;
	uint64_t v = DATASET_DEFAULT_CONCURRENCY;
	struct err le;
	char def[200];

	while (isspace((unsigned char)*name))
		name++;
	d->line = s->line;
	if (campaign_check_name(p, NULL, name, s->line, s->name, "dataset name") < 0)
		return -1;
	if ((d->name = strdup(name)) == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	if ((kv = cini_get(p, s->name, "objects")) == NULL)
		return err_set(p->e, "%s:%d: [%s]: needs objects = N", p->name, s->line, s->name);
	if (cini_get_uint(p, s->name, "objects", 1, WL_OBJECTS_MAX, &d->keys.objects) < 0)
		return -1;
	d->size = WL_DEFAULT_SIZE;
	if (cini_get_size(p, s->name, "size", &d->size) < 0 ||
	    cini_get_uint(p, s->name, "concurrency", 1, WL_CONCURRENCY_MAX, &v) < 0)
		return -1;
	d->concurrency = (int)v;
	if ((kv = cini_get(p, s->name, "layout")) != NULL) {
		if (dskeys_parse_layout(kv->val, &d->keys, &le) < 0)
			return cini_bad(p, kv, le.msg);
		uint64_t leaves = 1;
		for (int l = 0; l < d->keys.depth; l++)
			leaves *= (uint64_t)d->keys.width;
		if (leaves > d->keys.objects)
			return cini_bad(p, kv,
					"more leaf directories than objects (some would be "
					"empty)");
	}
	dskeys_layout_name(&d->keys, d->layout, sizeof(d->layout));
	snprintf(def, sizeof(def), "s3bench-dataset/%s/", d->name);
	if (cini_get_str(p, s->name, "prefix", &d->prefix, def) < 0)
		return -1;
	if (d->prefix[strlen(d->prefix) - 1] != '/' || d->prefix[0] == '/')
		return cini_bad(p, cini_get(p, s->name, "prefix"),
				"a key prefix ends in '/' and does not start with one");
	return 0;
}

int campaign_parse_datasets(struct cini *p, struct campaign *c)
{
	int n = 0;

	for (int i = 0; i < p->n_secs; i++)
		n += campaign_is_dataset_section(p->secs[i].name);
	if (n == 0)
		return 0;
	c->datasets = calloc((size_t)n, sizeof(*c->datasets));
	if (c->datasets == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	for (int i = 0; i < p->n_secs; i++) {
		struct campaign_dataset *d = &c->datasets[c->n_datasets];
		if (!campaign_is_dataset_section(p->secs[i].name))
			continue;
		c->n_datasets++;
		if (parse_one(p, &p->secs[i], d) < 0)
			return -1;
		for (int j = 0; j < c->n_datasets - 1; j++)
			if (strcmp(c->datasets[j].name, d->name) == 0)
				return err_set(
					p->e, "%s:%d: [%s]: dataset repeated (first at line %d)",
					p->name, d->line, p->secs[i].name, c->datasets[j].line);
	}
	return 0;
}

int campaign_is_dataset_section(const char *sec)
{
	return strncmp(sec, "dataset", 7) == 0 && isspace((unsigned char)sec[7]);
}

/* item_dataset: item i of a dataset list, a [dataset NAME] of the campaign, into the
 * section's datasets[i] (arg: struct dataset_item). */
struct dataset_item {
	const struct campaign *c;
	struct campaign_bench *b;
};

static int item_dataset(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg)
{
	struct dataset_item *x = arg;
	char what[160];

	x->b->datasets[i] = campaign_find_dataset(x->c, t);
	if (x->b->datasets[i] == NULL) {
		snprintf(what, sizeof(what), "no [dataset %.64s] section in this file", t);
		return cini_bad(p, kv, what);
	}
	for (int k = 0; k < i; k++)
		if (x->b->datasets[k] == x->b->datasets[i])
			return cini_bad(p, kv, "a dataset is listed twice");
	return 0;
}

int campaign_parse_bench_dataset(struct cini *p, const struct campaign *c, const char *sec,
				 struct campaign_bench *b)
{
	struct cini_kv *kv = cini_get(p, sec, "dataset");
	struct dataset_item x = {c, b};
	int n;

	if (cini_get_str(p, sec, "delimiter", &b->delimiter, NULL) < 0)
		return -1;
	if (kv == NULL)
		return 0;
	if ((n = cini_each_item(p, kv, CAMPAIGN_MAX_LIST, item_dataset, &x)) < 0)
		return -1;
	b->n_datasets = n;
	if (cini_get(p, sec, "objects") != NULL || cini_get(p, sec, "size") != NULL)
		return cini_bad(p, kv,
				"a dataset brings its objects and size: no objects or size "
				"key beside it");
	b->objects = b->datasets[0]->keys.objects;
	b->size = b->datasets[0]->size;
	return 0;
}

int campaign_parse_matrix_dataset(struct cini *p, struct campaign *c)
{
	struct cini_kv *kv = cini_get(p, "matrix", "dataset");
	const struct campaign_dataset *d;
	char what[200];

	if (kv == NULL)
		return 0;
	if ((d = campaign_find_dataset(c, kv->val)) == NULL) {
		snprintf(what, sizeof(what), "no [dataset %.64s] section in this file (one name)",
			 kv->val);
		return cini_bad(p, kv, what);
	}
	for (int o = 0; o < c->n_ops; o++)
		for (int s = 0; c->ops[o] == WL_GET && s < c->n_sizes; s++)
			if (c->sizes[s] != d->size || c->size_specs[s].kind != WL_SIZE_FIXED) {
				snprintf(what, sizeof(what),
					 "the get cells read dataset %.64s, whose objects are of "
					 "%llu bytes: sizes must be that size alone",
					 d->name, (unsigned long long)d->size);
				return cini_bad(p, kv, what);
			}
	c->matrix.datasets[0] = d;
	c->matrix.n_datasets = 1;
	c->matrix.objects = d->keys.objects;
	return 0;
}

int campaign_uses_dataset(const struct campaign *c, const struct campaign_dataset *d)
{
	if (c->matrix.n_datasets > 0 && c->matrix.datasets[0] == d)
		return 1;
	for (int i = 0; i < c->list.n_datasets; i++)
		if (c->list.datasets[i] == d)
			return 1;
	for (int i = 0; i < c->head.n_datasets; i++)
		if (c->head.datasets[i] == d)
			return 1;
	return 0;
}

const struct campaign_dataset *campaign_find_dataset(const struct campaign *c, const char *name)
{
	for (int i = 0; i < c->n_datasets; i++)
		if (strcmp(c->datasets[i].name, name) == 0)
			return &c->datasets[i];
	return NULL;
}

void campaign_datasets_free(struct campaign *c)
{
	for (int i = 0; i < c->n_datasets; i++) {
		free(c->datasets[i].name);
		free(c->datasets[i].prefix);
	}
	free(c->datasets);
	c->datasets = NULL;
	c->n_datasets = 0;
}

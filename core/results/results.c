/* core/results/results.c: the document of aggregate.json (see results.h): its head and the
 * table of its arrays, each element written, read and freed by its record's functions. */
#include "core/results/results.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fsutil.h"
#include "core/jwrite.h"
#include "core/version.h"

/* The adapters of each array's element type to the table's (void *) form. */
typedef json_t *(*elem_to)(const void *x, const struct results *doc);
typedef int (*elem_from)(struct jread *r, const json_t *o, const char *where, void *x);
typedef void (*elem_free)(void *x);

static json_t *cell_to(const void *x, const struct results *d)
{
	return results_cell_to_json(x, d);
}
static int cell_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_cell_from_json(r, o, w, 0, x);
}
static int wcell_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_cell_from_json(r, o, w, 1, x);
}
static void cell_free(void *x)
{
	results_cell_free(x);
}
static json_t *sweep_to(const void *x, const struct results *d)
{
	return results_sweep_to_json(x, d);
}
static int sweep_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_sweep_from_json(r, o, w, x);
}
static void sweep_free(void *x)
{
	results_sweep_free(x);
}
static json_t *oneoff_to(const void *x, const struct results *d)
{
	return results_oneoff_to_json(x, d);
}
static int oneoff_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_oneoff_from_json(r, o, w, x);
}
static void oneoff_free(void *x)
{
	results_oneoff_free(x);
}
static json_t *consistency_to(const void *x, const struct results *d)
{
	return results_consistency_to_json(x, d);
}
static int consistency_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_consistency_from_json(r, o, w, x);
}
static json_t *leader_to(const void *x, const struct results *d)
{
	return results_leader_to_json(x, d);
}
static int leader_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_leader_from_json(r, o, w, x);
}
static void leader_free(void *x)
{
	results_leader_free(x);
}
static json_t *count_to(const void *x, const struct results *d)
{
	return results_leader_count_to_json(x, d);
}
static int count_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_leader_count_from_json(r, o, w, x);
}
static void count_free(void *x)
{
	results_leader_count_free(x);
}
static json_t *comparison_to(const void *x, const struct results *d)
{
	return results_comparison_to_json(x, d);
}
static int comparison_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_comparison_from_json(r, o, w, x);
}
static void comparison_free(void *x)
{
	results_comparison_free(x);
}
static json_t *host_to(const void *x, const struct results *d)
{
	(void)d;
	return results_client_host_to_json(x);
}
static int host_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_client_host_from_json(r, o, w, x);
}
static void host_free(void *x)
{
	results_client_host_free(x);
}
static json_t *balance_to(const void *x, const struct results *d)
{
	return results_balance_to_json(x, d);
}
static int balance_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_balance_from_json(r, o, w, x);
}
static void balance_free(void *x)
{
	results_balance_free(x);
}
static json_t *series_to(const void *x, const struct results *d)
{
	return results_series_to_json(x, d);
}
static int series_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_series_from_json(r, o, w, x);
}
static void series_free(void *x)
{
	results_series_free(x);
}
static json_t *excluded_to(const void *x, const struct results *d)
{
	return results_run_to_json(x, 0, d);
}
static json_t *run_to(const void *x, const struct results *d)
{
	return results_run_to_json(x, 1, d);
}
static int run_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_run_from_json(r, o, w, x);
}
static void run_free(void *x)
{
	results_run_free(x);
}
static json_t *unreadable_to(const void *x, const struct results *d)
{
	(void)d;
	return results_unreadable_to_json(x);
}
static int unreadable_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_unreadable_from_json(r, o, w, x);
}
static void unreadable_free(void *x)
{
	results_unreadable_free(x);
}
static json_t *cost_to(const void *x, const struct results *d)
{
	return results_subject_cost_to_json(x, d);
}
static int cost_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_subject_cost_from_json(r, o, w, x);
}
static void cost_free(void *x)
{
	results_subject_cost_free(x);
}
static json_t *claim_to(const void *x, const struct results *d)
{
	return results_claim_to_json(x, d);
}
static int claim_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_claim_from_json(r, o, w, x);
}
static void claim_free(void *x)
{
	results_claim_free(x);
}

static json_t *hedge_to(const void *x, const struct results *d)
{
	return results_hedge_to_json(x, d);
}
static int hedge_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_hedge_from_json(r, o, w, x);
}
static void hedge_free(void *x)
{
	results_hedge_free(x);
}
static json_t *support_to(const void *x, const struct results *d)
{
	return results_support_to_json(x, d);
}
static int support_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_support_from_json(r, o, w, x);
}
static void support_free(void *x)
{
	results_support_free(x);
}

static json_t *staleness_to(const void *x, const struct results *d)
{
	return results_staleness_to_json(x, d);
}
static int staleness_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_staleness_from_json(r, o, w, x);
}
static void staleness_free(void *x)
{
	results_staleness_free(x);
}

static json_t *slowest_to(const void *x, const struct results *d)
{
	return results_slowest_to_json(x, d);
}
static int slowest_from(struct jread *r, const json_t *o, const char *w, void *x)
{
	return results_slowest_from_json(r, o, w, x);
}
static void slowest_free(void *x)
{
	results_slowest_free(x);
}

/* One array of the document after subjects[] and matrix{}, in the file's order: its key,
 * where its elements and their count are in struct results, its element's functions, and
 * whether it is written only when not empty (a member later formats added). */
struct array {
	const char *key;
	size_t items, count, size;
	elem_to to;
	elem_from from;
	elem_free free;
	int optional;
};

#define ARRAY_OPT(key, field, type, to, from, fr, opt)                                     \
	{                                                                                  \
		key, offsetof(struct results, field), offsetof(struct results, n_##field), \
			sizeof(type), to, from, fr, opt                                    \
	}
#define ARRAY(key, field, type, to, from, fr) ARRAY_OPT(key, field, type, to, from, fr, 0)

static const struct array arrays[] = {
	ARRAY("cells", cells, struct results_cell, cell_to, cell_from, cell_free),
	ARRAY("workload_cells", workload_cells, struct results_cell, cell_to, wcell_from,
	      cell_free),
	ARRAY("rate_sweeps", rate_sweeps, struct results_sweep, sweep_to, sweep_from, sweep_free),
	ARRAY("ops", ops, struct results_oneoff, oneoff_to, oneoff_from, oneoff_free),
	ARRAY("consistency", consistency, struct results_consistency, consistency_to,
	      consistency_from, NULL),
	ARRAY("leaders", leaders, struct results_leader, leader_to, leader_from, leader_free),
	ARRAY("leader_counts", leader_counts, struct results_leader_count, count_to, count_from,
	      count_free),
	ARRAY("comparisons", comparisons, struct results_comparison, comparison_to, comparison_from,
	      comparison_free),
	ARRAY_OPT("tail_leaders", tail_leaders, struct results_leader, leader_to, leader_from,
		  leader_free, 1),
	ARRAY_OPT("hedge", hedge, struct results_hedge, hedge_to, hedge_from, hedge_free, 1),
	ARRAY_OPT("slowest", slowest, struct results_slowest, slowest_to, slowest_from,
		  slowest_free, 1),
	ARRAY("client_hosts", client_hosts, struct results_client_host, host_to, host_from,
	      host_free),
	ARRAY("client_balance", client_balance, struct results_balance, balance_to, balance_from,
	      balance_free),
	ARRAY("timeseries", timeseries, struct results_series, series_to, series_from, series_free),
	ARRAY("excluded", excluded, struct results_run, excluded_to, run_from, run_free),
	ARRAY("runs", runs, struct results_run, run_to, run_from, run_free),
	ARRAY("unreadable", unreadable, struct results_unreadable, unreadable_to, unreadable_from,
	      unreadable_free),
	ARRAY("cost", cost, struct results_subject_cost, cost_to, cost_from, cost_free),
	ARRAY_OPT("support", support, struct results_support, support_to, support_from,
		  support_free, 1),
	ARRAY_OPT("staleness", staleness, struct results_staleness, staleness_to, staleness_from,
		  staleness_free, 1),
};

#define N_ARRAYS (sizeof(arrays) / sizeof(arrays[0]))

/* claims[], the last array: written only when the document has it (has_claims). */
static const struct array claims = ARRAY("claims", claims, struct results_claim, claim_to,
					 claim_from, claim_free);

static void **items_of(const struct results *doc, const struct array *a)
{
	return (void **)((char *)doc + a->items);
}

static size_t *count_of(const struct results *doc, const struct array *a)
{
	return (size_t *)((char *)doc + a->count);
}

static json_t *array_json(const struct results *doc, const struct array *a)
{
	json_t *arr = json_array();
	const char *items = *items_of(doc, a);
	int ok = 1;

	for (size_t i = 0; i < *count_of(doc, a); i++)
		jwrite_add(arr, a->to(items + i * a->size, doc), &ok);
	return jwrite_done(arr, ok);
}

static json_t *tool_json(const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "name", jwrite_str(doc->tool_name), &ok);
	jwrite_put(o, "version", jwrite_str(doc->tool_version), &ok);
	return jwrite_done(o, ok);
}

json_t *results_to_json(const struct results *doc)
{
	json_t *root = json_object(), *subjects = json_array();
	int ok = 1;

	jwrite_put(root, "format", jwrite_str(doc->format), &ok);
	jwrite_put(root, "generated", jwrite_str(doc->generated), &ok);
	jwrite_put(root, "tool", tool_json(doc), &ok);
	jwrite_put(root, "source", jwrite_str(doc->source), &ok);
	if (doc->warp_engine != NULL)
		jwrite_put(root, "warp_engine", json_string(doc->warp_engine), &ok);
	jwrite_put(root, "campaign", results_campaign_to_json(&doc->campaign), &ok);
	jwrite_put(root, "policy", results_policy_to_json(&doc->policy), &ok);
	if (doc->has_statistics)
		jwrite_put(root, "statistics", results_statistics_to_json(&doc->statistics), &ok);
	for (size_t i = 0; i < doc->n_subjects; i++)
		jwrite_add(subjects, results_subject_to_json(&doc->subjects[i]), &ok);
	jwrite_put(root, "subjects", subjects, &ok);
	jwrite_put(root, "matrix", results_matrix_to_json(&doc->matrix), &ok);
	for (size_t k = 0; k < N_ARRAYS; k++)
		if (!arrays[k].optional || *count_of(doc, &arrays[k]) > 0)
			jwrite_put(root, arrays[k].key, array_json(doc, &arrays[k]), &ok);
	if (doc->planner != NULL)
		jwrite_put(root, "planner", results_planner_to_json(doc->planner, doc), &ok);
	if (doc->vantages != NULL)
		jwrite_put(root, "vantages", results_vantages_to_json(doc->vantages, doc), &ok);
	if (doc->has_claims)
		jwrite_put(root, claims.key, array_json(doc, &claims), &ok);
	if (doc->baseline != NULL)
		jwrite_put(root, "baseline", results_baseline_to_json(doc->baseline), &ok);
	return jwrite_done(root, ok);
}

/* read_array: root's array a->key (absent or null: empty) into doc. */
static int read_array(struct jread *r, const json_t *root, struct results *doc,
		      const struct array *a, int required)
{
	json_t *arr = jread_array(r, root, "", a->key, required), *v;
	char w[64];
	size_t i;
	char *items;

	if (r->failed)
		return -1;
	items = jread_alloc(r, a->key, json_array_size(arr), a->size);
	if ((*items_of(doc, a) = items) == NULL)
		return -1;
	json_array_foreach(arr, i, v) {
		if (jread_element(r, a->key, i, v, w, sizeof(w)) < 0)
			return -1;
		*count_of(doc, a) = i + 1;
		if (a->from(r, v, w, items + i * a->size) < 0)
			return -1;
	}
	return 0;
}

/* read_head: format (checked), generated, tool, source, warp_engine, campaign, policy,
 * statistics. */
static int read_head(struct jread *r, const json_t *root, struct results *doc)
{
	const char *p = S3BENCH_AGGREGATE_PREFIX "1";
	json_t *o;
	char w[300];

	if ((doc->format = jread_str(r, root, "", "format", 1)) == NULL)
		return -1;
	if (strncmp(doc->format, p, strlen(p)) != 0 ||
	    (doc->format[strlen(p)] && doc->format[strlen(p)] != '.')) {
		snprintf(w, sizeof(w), "'%.200s' is not a known version (expected %s)", doc->format,
			 p);
		return jread_bad(r, "format", w);
	}
	doc->generated = jread_str(r, root, "", "generated", 0);
	doc->source = jread_str(r, root, "", "source", 0);
	doc->warp_engine = jread_str(r, root, "", "warp_engine", 0);
	if (json_is_object(o = json_object_get(root, "tool"))) {
		doc->tool_name = jread_str(r, o, "tool", "name", 0);
		doc->tool_version = jread_str(r, o, "tool", "version", 0);
	}
	if (results_campaign_from_json(r, json_object_get(root, "campaign"), &doc->campaign) < 0)
		return -1;
	o = jread_member(r, root, "", "policy", 1);
	if (o == NULL || results_policy_from_json(r, o, &doc->policy) < 0)
		return -1;
	o = json_object_get(root, "statistics");
	if (o == NULL || json_is_null(o))
		return 0;
	doc->has_statistics = 1;
	return results_statistics_from_json(r, o, &doc->statistics);
}

/* read_subjects: subjects[] (required), which the references of every other record name. */
static int read_subjects(struct jread *r, const json_t *root, struct results *doc)
{
	json_t *a = jread_array(r, root, "", "subjects", 1), *v;
	char w[64];
	size_t i;

	if (r->failed)
		return -1;
	if ((doc->subjects = jread_alloc(r, "subjects", json_array_size(a),
					 sizeof(*doc->subjects))) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		if (jread_element(r, "subjects", i, v, w, sizeof(w)) < 0)
			return -1;
		doc->n_subjects = i + 1;
		if (results_subject_from_json(r, v, w, &doc->subjects[i]) < 0)
			return -1;
	}
	r->subjects = doc->subjects;
	r->n_subjects = doc->n_subjects;
	return 0;
}

/* read_planner: planner{} (absent or null: doc->planner NULL). */
static int read_planner(struct jread *r, const json_t *root, struct results *doc)
{
	json_t *p = jread_object(r, root, "", "planner", 0);

	if (r->failed)
		return -1;
	if (p == NULL)
		return 0;
	if ((doc->planner = jread_alloc(r, "planner", 0, sizeof(*doc->planner))) == NULL)
		return -1;
	return results_planner_from_json(r, p, doc->planner);
}

/* read_vantages: vantages{} (absent or null: doc->vantages NULL). */
static int read_vantages(struct jread *r, const json_t *root, struct results *doc)
{
	json_t *v = jread_object(r, root, "", "vantages", 0);

	if (r->failed)
		return -1;
	if (v == NULL)
		return 0;
	if ((doc->vantages = jread_alloc(r, "vantages", 0, sizeof(*doc->vantages))) == NULL)
		return -1;
	return results_vantages_from_json(r, v, doc->vantages);
}

int results_from_json(const json_t *root, const char *file, struct results *doc, struct err *e)
{
	struct jread r = {file, e, 0, NULL, 0};
	json_t *mx, *b, *cl;

	memset(doc, 0, sizeof(*doc));
	if (read_head(&r, root, doc) < 0 || read_subjects(&r, root, doc) < 0)
		return -1;
	if ((mx = jread_member(&r, root, "", "matrix", 1)) == NULL ||
	    results_matrix_from_json(&r, mx, &doc->matrix) < 0)
		return -1;
	for (size_t k = 0; k < N_ARRAYS; k++)
		if (read_array(&r, root, doc, &arrays[k], k == 0) < 0)
			return -1;
	cl = json_object_get(root, claims.key);
	doc->has_claims = cl != NULL && !json_is_null(cl);
	if (doc->has_claims && read_array(&r, root, doc, &claims, 0) < 0)
		return -1;
	/* format 1.0 had no expected: the campaign's cycles */
	for (size_t i = 0; i < doc->n_cells; i++)
		if (doc->cells[i].expected < 0)
			doc->cells[i].expected = doc->campaign.cycles;
	for (size_t i = 0; i < doc->n_workload_cells; i++)
		if (doc->workload_cells[i].expected < 0)
			doc->workload_cells[i].expected = doc->campaign.cycles;
	if (read_planner(&r, root, doc) < 0 || read_vantages(&r, root, doc) < 0)
		return -1;
	if ((b = json_object_get(root, "baseline")) == NULL || json_is_null(b))
		return 0;
	if (!json_is_object(b))
		return jread_bad(&r, "baseline", "expected an object or null");
	if ((doc->baseline = jread_alloc(&r, "baseline", 0, sizeof(*doc->baseline))) == NULL)
		return -1;
	return results_baseline_from_json(&r, b, doc->baseline);
}

int results_parse(const char *json, const char *name, struct results *doc, struct err *e)
{
	json_t *root = jread_parse(json, name, e);
	int rc;

	memset(doc, 0, sizeof(*doc));
	if (root == NULL)
		return -1;
	rc = results_from_json(root, name, doc, e);
	json_decref(root);
	return rc;
}

int results_read(const char *path, struct results *doc, struct err *e)
{
	char *text = fs_read_file(path, 0, NULL, e);
	int rc;

	memset(doc, 0, sizeof(*doc));
	if (text == NULL)
		return -1;
	rc = results_parse(text, path, doc, e);
	free(text);
	return rc;
}

int results_dump(const json_t *root, const char *path, struct err *e)
{
	struct fs_atomic out;
	FILE *f = fs_atomic_fopen(&out, path, e);

	if (f == NULL)
		return -1;
	if (json_dumpf(root, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15)) !=
	    0) {
		err_set(e, "%s: cannot write: %s", out.tmp, strerror(errno));
		fs_atomic_abort(&out);
		return -1;
	}
	return fs_atomic_commit(&out, e);
}

int results_write(const struct results *doc, const char *path, struct err *e)
{
	json_t *root = results_to_json(doc);
	int rc;

	if (root == NULL)
		return err_set(e,
			       "%s: could not build the JSON (out of memory, or text that is not "
			       "UTF-8)",
			       path);
	rc = results_dump(root, path, e);
	json_decref(root);
	return rc;
}

/* free_array: a's elements in doc and their array. */
static void free_array(struct results *doc, const struct array *a)
{
	char *items = *items_of(doc, a);

	for (size_t i = 0; a->free != NULL && i < *count_of(doc, a); i++)
		a->free(items + i * a->size);
	free(items);
}

void results_free(struct results *doc)
{
	free(doc->format);
	free(doc->generated);
	free(doc->tool_name);
	free(doc->tool_version);
	free(doc->source);
	free(doc->warp_engine);
	results_campaign_free(&doc->campaign);
	results_policy_free(&doc->policy);
	results_statistics_free(&doc->statistics);
	for (size_t i = 0; i < doc->n_subjects; i++)
		results_subject_free(&doc->subjects[i]);
	free(doc->subjects);
	results_matrix_free(&doc->matrix);
	for (size_t k = 0; k < N_ARRAYS; k++)
		free_array(doc, &arrays[k]);
	free_array(doc, &claims);
	if (doc->planner != NULL)
		results_planner_free(doc->planner);
	free(doc->planner);
	if (doc->vantages != NULL)
		results_vantages_free(doc->vantages);
	free(doc->vantages);
	if (doc->baseline != NULL)
		results_baseline_free(doc->baseline);
	free(doc->baseline);
	memset(doc, 0, sizeof(*doc));
}

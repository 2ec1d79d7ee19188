/* core/results/results_head.h: the head of aggregate.json (docs/FORMATS.md,
 * "results/aggregate.json"): the campaign, the policy, the statistics' settings, the subjects
 * and the matrix, and the run.json files that could not be read. Strings are owned by the
 * record; a null string is NULL, a null number NAN. */
#ifndef CORE_RESULTS_HEAD_H
#define CORE_RESULTS_HEAD_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"

/* campaign{} (absent or null in the file: every string NULL, cycles 0). */
struct results_campaign {
	char *name, *title, *client;
	int cycles;
	char *order;
};

/* policy{}: the figure a cell shows and the inclusion rule (required). */
struct results_policy {
	char *name;       /* "mean", "median", "best", "best-of-means" */
	long long repeat; /* best-of-means: cycles per group; 0: absent (the other policies) */
	long long min_samples;
	char *rule;
};

/* statistics.moderation: the prior of the paired comparisons' moderated variances
 * (present 0: null, or not in the file). */
struct results_moderation {
	int present;
	char *method; /* "smyth-2004" */
	long long variances;
	double df_prior; /* d0; INFINITY (null in the file) when infinite */
	double var_prior, df_pooled;
};

/* statistics{} (format 1.1): the settings behind the intervals and tests. */
struct results_statistics {
	double confidence, alpha; /* confidence NAN: 0.95 in files without it */
	char *adjust;             /* "bonferroni" */
	long long family;         /* how many p-values the adjustment covered */
	char *family_scope;       /* "category"; NULL: not in the file (the whole report) */
	char *leader_adjust;      /* "holm"; NULL: not in the file */
	double power;
	struct results_moderation moderation;
};

/* subjects[]: one compared provider or endpoint. */
struct results_subject {
	char *id, *label, *color, *endpoint, *region;
	char *send;          /* how its requests were sent, NULL: every default */
	char *dotted_bucket; /* path_style_dotted: a dotted bucket that went path-style */
};

/* matrix{}: the repeated PUT/GET matrix. */
struct results_matrix {
	char **ops;
	size_t n_ops;
	uint64_t *sizes;
	size_t n_sizes;
	char **size_labels; /* n_sizes entries (NULL ones: none); NULL: absent in the file */
	int *concurrency;
	size_t n_concurrency;
};

/* unreadable[]: a run.json that could not be read. */
struct results_unreadable {
	char *path, *error;
	/* where plan.tsv puts the run (subject NULL: not in the plan; then absent in the file) */
	char *subject, *op;
	int cycle; /* 0: a one-off run */
	uint64_t size;
	int concurrency;
};

/* results_X_to_json: the record as aggregate.json holds it (a new reference; NULL when out
 * of memory or a string is not UTF-8). results_X_from_json: the record from o (the JSON
 * value at `where`), every field checked (r names the one at fault); 0 or -1, what was
 * read stays owned by x either way. results_X_free: what x owns (not x). */
json_t *results_campaign_to_json(const struct results_campaign *c);
int results_campaign_from_json(struct jread *r, const json_t *o, struct results_campaign *c);
void results_campaign_free(struct results_campaign *c);

json_t *results_policy_to_json(const struct results_policy *p);
int results_policy_from_json(struct jread *r, const json_t *o, struct results_policy *p);
void results_policy_free(struct results_policy *p);

json_t *results_statistics_to_json(const struct results_statistics *s);
int results_statistics_from_json(struct jread *r, const json_t *o, struct results_statistics *s);
void results_statistics_free(struct results_statistics *s);

json_t *results_subject_to_json(const struct results_subject *s);
int results_subject_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_subject *s);
void results_subject_free(struct results_subject *s);

json_t *results_matrix_to_json(const struct results_matrix *m);
int results_matrix_from_json(struct jread *r, const json_t *o, struct results_matrix *m);
void results_matrix_free(struct results_matrix *m);

json_t *results_unreadable_to_json(const struct results_unreadable *u);
int results_unreadable_from_json(struct jread *r, const json_t *o, const char *where,
				 struct results_unreadable *u);
void results_unreadable_free(struct results_unreadable *u);

struct results;

/* results_subject_id: the id of subject i of doc (NULL when i is out of range). */
const char *results_subject_id(const struct results *doc, int i);

/* results_subject_find: the index of id among r's subjects, or -1.
 * results_subject_ref: the subject named by the string o.key (required) as an index of r's
 * subjects; -1 when bad ("'x' is not in subjects[]").
 * results_subject_refs: the array o.key of subject ids (absent or null: none) as indexes
 * into *out (caller frees; NULL when none) and *n; not an array is "expected an array of
 * subject ids", an element not among subjects[] "expected a subject id of subjects[]". */
int results_subject_find(const struct jread *r, const char *id);
int results_subject_ref(struct jread *r, const json_t *o, const char *where, const char *key);
void results_subject_refs(struct jread *r, const json_t *o, const char *where, const char *key,
			  int **out, size_t *n);

#endif

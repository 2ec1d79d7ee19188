/* render/model_json.h: the JSON readers render/model.c and render/model_stats.c share
 * (private to the model). Every reader names the field at fault in l->e: "FILE:
 * cells[3].mib_s.value: expected a number or null", sets *failed and returns a
 * harmless value (NULL, NAN, the default); a reader with `required` treats an absent
 * member as an error, else absent is null. */
#ifndef RENDER_MODEL_JSON_H
#define RENDER_MODEL_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "render/model.h"

/* Where we are in the file, for messages: "file: field". */
struct ld {
	const char *file;
	struct err *e;
};

/* ld_bad: set l->e to "file: field: what"; returns -1. */
int ld_bad(struct ld *l, const char *field, const char *what);
/* ld_bad_at: ld_bad() for the member `key` of the object at `where` ("" = top level). */
int ld_bad_at(struct ld *l, const char *where, const char *key, const char *what);
/* ld_dup_at: a copy of s (caller frees) for the field at where.key, or NULL. */
char *ld_dup_at(struct ld *l, const char *where, const char *key, const char *s, int *failed);
/* ld_alloc_at: zeroed room for n elements and one spare (caller frees), or NULL. */
void *ld_alloc_at(struct ld *l, const char *field, size_t n, size_t size, int *failed);
/* ld_member: o.key (borrowed) or NULL. */
json_t *ld_member(struct ld *l, json_t *o, const char *where, const char *key, int required,
		  int *failed);
/* ld_get_str: a copy of the string o.key (caller frees); absent or null gives "". */
char *ld_get_str(struct ld *l, json_t *o, const char *where, const char *key, int required,
		 int *failed);
/* ld_get_num: the number o.key; null or absent gives NAN. */
double ld_get_num(struct ld *l, json_t *o, const char *where, const char *key, int required,
		  int *failed);
/* ld_get_int: the non-negative integer o.key; absent or null gives dflt. */
long long ld_get_int(struct ld *l, json_t *o, const char *where, const char *key, int required,
		     long long dflt, int *failed);
/* ld_get_bool: true/false o.key as 1/0; absent or null gives dflt. */
int ld_get_bool(struct ld *l, json_t *o, const char *where, const char *key, int dflt, int *failed);
/* ld_get_pair: o.key as [lo, hi] of numbers into lo, hi; absent or null gives NAN, NAN. */
void ld_get_pair(struct ld *l, json_t *o, const char *where, const char *key, double *lo,
		 double *hi, int *failed);
/* ld_find_subject: the index of subject id in m->subjects, or -1. */
int ld_find_subject(const struct report_model *m, const char *id);
/* ld_get_subject: the subject named by o.subject, as an index (-1 with *failed set). */
int ld_get_subject(struct ld *l, const struct report_model *m, json_t *o, const char *where,
		   int *failed);
/* ld_get_array: root.key, an array (borrowed) or NULL when absent. */
json_t *ld_get_array(struct ld *l, json_t *root, const char *key, int required, int *failed);
/* ld_get_items: the array root.key (absent: empty) into *a and zeroed room for its
 * elements, size bytes each (caller frees), or NULL with *failed set. */
void *ld_get_items(struct ld *l, json_t *root, const char *key, int required, size_t size,
		   json_t **a, int *failed);
/* ld_element: names element i of `key` in w ("key[i]"); 0 when it is an object, else -1. */
int ld_element(struct ld *l, const char *key, size_t i, json_t *v, char *w, size_t n);

/* ---- the 1.1 parts (render/model_stats.c) ---- */

/* ld_stat_ci: ci95, ci_method and ci_coverage of the mib_s/obj_s object o (NULL: none). */
void ld_stat_ci(struct ld *l, json_t *o, const char *where, struct rm_stat *s, int *failed);
/* ld_pooled: lat.pooled (lat = a latency_ms/ttfb_ms object or NULL) into p (zeroed
 * first; its quantile arrays are freed by model_stats_free). */
void ld_pooled(struct ld *l, json_t *lat, const char *where, struct rm_pooled *p, int *failed);
/* ld_leader_ext: status, clear, tied_with and detectable_ratio of leaders[i] = v. */
void ld_leader_ext(struct ld *l, const struct report_model *m, json_t *v, const char *where,
		   struct rm_leader *d, int *failed);
/* ld_leader_count_ext: clear and tied of leader_counts[i] = v (-1 when absent). */
void ld_leader_count_ext(struct ld *l, json_t *v, const char *where, struct rm_leader_count *d,
			 int *failed);
/* ld_stats_top: statistics{}, comparisons[] and timeseries[] of root; 0 or -1. Needs
 * the subjects loaded. */
int ld_stats_top(struct ld *l, struct report_model *m, json_t *root);
/* model_stats_free: free what the readers above allocated in m (not m itself). */
void model_stats_free(struct report_model *m);

#endif

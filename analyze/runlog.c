/* analyze/runlog.c: see runlog.h. */
#include "analyze/runlog.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define RUN_FORMAT "s3bench-run/"
#define RUN_MAJOR 1

/* member: o[key] when o is an object and the member exists and is not null. */
static json_t *member(const json_t *o, const char *key)
{
	json_t *v;

	if (!json_is_object(o))
		return NULL;
	v = json_object_get(o, key);
	return json_is_null(v) ? NULL : v;
}

/* get_obj: o[key] as an object (NULL when absent or null); -1 when another type. */
static int get_obj(const json_t *o, const char *sect, const char *key, json_t **out,
		   struct err *e)
{
	json_t *v = member(o, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if (!json_is_object(v))
		return err_set(e, "field %s%s%s: expected an object", sect, *sect ? "." : "", key);
	*out = v;
	return 0;
}

/* get_str: o[key] copied into *out (NULL when absent or null). */
static int get_str(const json_t *o, const char *sect, const char *key, char **out,
		   struct err *e)
{
	json_t *v = member(o, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if (!json_is_string(v))
		return err_set(e, "field %s%s%s: expected a string", sect, *sect ? "." : "", key);
	*out = strdup(json_string_value(v));
	if (*out == NULL)
		return err_set(e, "field %s%s%s: out of memory", sect, *sect ? "." : "", key);
	return 0;
}

/* get_int: o[key] into *out (dflt when absent or null); -1 when not an integer or
 * outside [lo, hi]. */
static int get_int(const json_t *o, const char *sect, const char *key, int64_t dflt,
		   int64_t lo, int64_t hi, int64_t *out, struct err *e)
{
	json_t *v = member(o, key);

	*out = dflt;
	if (v == NULL)
		return 0;
	if (!json_is_integer(v))
		return err_set(e, "field %s%s%s: expected an integer", sect, *sect ? "." : "", key);
	*out = json_integer_value(v);
	if (*out < lo || *out > hi)
		return err_set(e, "field %s%s%s: %lld is out of range", sect,
			       *sect ? "." : "", key,
			       (long long)*out);
	return 0;
}

static int check_format(const json_t *root, struct err *e)
{
	json_t *v = json_object_get(root, "format");
	const char *s;
	char *end;
	long major;

	if (!json_is_string(v))
		return err_set(e, "field format: missing or not a string");
	s = json_string_value(v);
	if (strncmp(s, RUN_FORMAT, strlen(RUN_FORMAT)) != 0)
		return err_set(e, "field format: \"%s\" is not an s3bench run log", s);
	errno = 0;
	major = strtol(s + strlen(RUN_FORMAT), &end, 10);
	if (errno || end == s + strlen(RUN_FORMAT) || (*end != '\0' && *end != '.'))
		return err_set(e, "field format: bad version in \"%s\"", s);
	if (major != RUN_MAJOR)
		return err_set(e, "field format: unknown version \"%s\" (this analyzer reads %s%d)",
			       s, RUN_FORMAT, RUN_MAJOR);
	return 0;
}

static int read_errors(const json_t *root, struct runlog *r, struct err *e)
{
	json_t *errs, *first, *f0;

	if (get_obj(root, "", "errors", &errs, e) < 0)
		return -1;
	if (errs == NULL)
		return 0;
	if (get_str(errs, "errors", "class", &r->err_class, e) < 0)
		return -1;
	first = member(errs, "first");
	if (first == NULL)
		return 0;
	if (!json_is_array(first))
		return err_set(e, "field errors.first: expected an array");
	f0 = json_array_get(first, 0);
	if (f0 != NULL && !json_is_string(f0))
		return err_set(e, "field errors.first[0]: expected a string");
	if (f0 != NULL && (r->first_error = strdup(json_string_value(f0))) == NULL)
		return err_set(e, "out of memory");
	return 0;
}

static int read_wrapper(const json_t *root, struct runlog *r, struct err *e)
{
	json_t *w, *v;
	int64_t x;

	r->elapsed_s = NAN;
	if (get_obj(root, "", "wrapper", &w, e) < 0)
		return -1;
	if (w == NULL)
		return 0;
	if (get_int(w, "wrapper", "exit_code", 0, -1000, 1000, &x, e) < 0)
		return -1;
	r->exit_code = (int)x;
	if (get_int(w, "wrapper", "signal", 0, 0, 1000, &x, e) < 0)
		return -1;
	r->signal = (int)x;
	v = member(w, "timed_out");
	if (v != NULL && !json_is_boolean(v))
		return err_set(e, "field wrapper.timed_out: expected true or false");
	r->timed_out = v != NULL && json_is_true(v);
	v = member(w, "elapsed_s");
	if (v != NULL && !json_is_number(v))
		return err_set(e, "field wrapper.elapsed_s: expected a number");
	if (v != NULL)
		r->elapsed_s = json_number_value(v);
	return 0;
}

static int read_fields(const json_t *root, struct runlog *r, struct err *e)
{
	json_t *camp, *subj, *wl, *ph, *sum;
	int64_t x;

	if (check_format(root, e) < 0)
		return -1;
	if (get_obj(root, "", "campaign", &camp, e) < 0 ||
	    get_str(camp, "campaign", "name", &r->campaign_name, e) < 0 ||
	    get_str(camp, "campaign", "title", &r->campaign_title, e) < 0 ||
	    get_str(camp, "campaign", "client", &r->campaign_client, e) < 0)
		return -1;
	if (get_int(root, "", "cycle", 0, 1, 1000000, &x, e) < 0)
		return -1;
	r->cycle = (int)x;

	if (get_obj(root, "", "subject", &subj, e) < 0)
		return -1;
	if (subj == NULL)
		return err_set(e, "field subject: missing");
	if (get_str(subj, "subject", "id", &r->subject, e) < 0 ||
	    get_str(subj, "subject", "label", &r->label, e) < 0 ||
	    get_str(subj, "subject", "color", &r->color, e) < 0 ||
	    get_str(subj, "subject", "endpoint", &r->endpoint, e) < 0 ||
	    get_str(subj, "subject", "region", &r->region, e) < 0)
		return -1;
	if (r->subject == NULL || r->subject[0] == '\0')
		return err_set(e, "field subject.id: missing or empty");

	if (get_obj(root, "", "workload", &wl, e) < 0)
		return -1;
	if (wl == NULL)
		return err_set(e, "field workload: missing");
	if (get_str(wl, "workload", "op", &r->op, e) < 0)
		return -1;
	if (r->op == NULL || r->op[0] == '\0')
		return err_set(e, "field workload.op: missing or empty");
	if (get_int(wl, "workload", "size", 0, 0, INT64_MAX, &x, e) < 0)
		return -1;
	r->size = (uint64_t)x;
	if (get_int(wl, "workload", "concurrency", -1, 1, 1000000, &x, e) < 0)
		return -1;
	if (x < 0)
		return err_set(e, "field workload.concurrency: missing");
	r->concurrency = (int)x;
	if (get_int(wl, "workload", "objects", -1, 0, INT64_MAX, &r->objects, e) < 0)
		return -1;

	if (get_obj(root, "", "phases", &ph, e) < 0 ||
	    get_str(ph, "phases", "benchmark", &r->bench_phase, e) < 0)
		return -1;
	if (read_wrapper(root, r, e) < 0 || read_errors(root, r, e) < 0)
		return -1;
	if (get_str(root, "", "status", &r->status, e) < 0)
		return -1;

	if (get_obj(root, "", "summary", &sum, e) < 0)
		return -1;
	if (sum != NULL) {
		if (summary_from_json(sum, &r->summary, e) < 0)
			return err_prefix(e, "summary");
		r->has_summary = 1;
	}
	return 0;
}

int runlog_read(const char *file, const char *rel, struct runlog *out, struct err *e)
{
	json_error_t je;
	json_t *root = NULL;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	out->elapsed_s = NAN;
	root = json_load_file(file, JSON_REJECT_DUPLICATES, &je);
	if (root == NULL) {
		if (je.line > 0)
			err_set(e, "%s:%d:%d: bad JSON: %s", file, je.line, je.column, je.text);
		else
			err_set(e, "%s: %s", file, je.text);
		goto done;
	}
	if (!json_is_object(root)) {
		err_set(e, "%s: not a JSON object", file);
		goto done;
	}
	if (read_fields(root, out, e) < 0) {
		err_prefix(e, "%s", file);
		goto done;
	}
	if ((out->path = strdup(rel)) == NULL) {
		err_set(e, "%s: out of memory", file);
		goto done;
	}
	rc = 0;
done:
	if (rc < 0)
		runlog_clear(out);
	json_decref(root);
	return rc;
}

void runlog_clear(struct runlog *r)
{
	free(r->path);
	free(r->campaign_name);
	free(r->campaign_title);
	free(r->campaign_client);
	free(r->subject);
	free(r->label);
	free(r->color);
	free(r->endpoint);
	free(r->region);
	free(r->op);
	free(r->err_class);
	free(r->first_error);
	free(r->status);
	free(r->bench_phase);
	memset(r, 0, sizeof(*r));
	r->elapsed_s = NAN;
}

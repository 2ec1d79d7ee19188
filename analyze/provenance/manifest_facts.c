/* analyze/provenance/manifest_facts.c: the fairness facts per subject and the library versions
 * collect ran with, read from the run.json files (core/runrec/runrec.h; see manifest.h). What collect does
 * not record yet (TLS version and cipher, HTTP version, payload signing, checksum mode,
 * CPU model, NIC, TCP_NODELAY, connections) is "unknown". */
#include "analyze/provenance/manifest.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/scan.h"
#include "core/facts.h"
#include "core/runrec/runrec.h"

/* add_value: v (a string, or NULL = nothing recorded) into the set *set (an array of
 * distinct strings, created on first use). */
static int add_value(json_t *sets, const char *fact, const char *v)
{
	json_t *set = json_object_get(sets, fact);
	size_t i;
	json_t *x;

	if (v == NULL)
		return 0;
	if (set == NULL) {
		if ((set = json_array()) == NULL || json_object_set_new(sets, fact, set) < 0)
			return -1;
	}
	json_array_foreach(set, i, x)
		if (strcmp(json_string_value(x), v) == 0)
			return 0;
	return json_array_append_new(set, json_string(v));
}

/* endpoint_parts: the host[:port] and scheme of an endpoint URL into host / scheme. */
static void endpoint_parts(const char *url, char *host, size_t n, char *scheme, size_t m)
{
	const char *p = strstr(url, "://"), *end;

	snprintf(scheme, m, "%.*s", p ? (int)(p - url) : 0, url);
	p = p ? p + 3 : url;
	end = strchr(p, '/');
	snprintf(host, n, "%.*s", end ? (int)(end - p) : (int)strlen(p), p);
}

/* one_run: the facts of one run.json record into sets, and its libraries. */
static int one_run(const struct runrec *r, json_t *sets, json_t *libs, json_t *collect)
{
	char host[256], scheme[16], num[32];
	const char *ep = r->subject.endpoint, *key;
	json_t *tool = runrec_tool_to_json(&r->tool), *x;
	int rc = tool == NULL ? -1 : 0, insecure = runrec_subject_insecure(&r->subject);

	if (ep != NULL) {
		endpoint_parts(ep, host, sizeof(host), scheme, sizeof(scheme));
		rc |= add_value(sets, "endpoint_host", host);
		rc |= add_value(sets, "scheme", scheme);
		if (strcmp(scheme, "http") == 0) /* plain HTTP: no TLS at all */
			rc |= add_value(sets, "tls_version", "none") |
			      add_value(sets, "tls_cipher", "none");
	}
	rc |= add_value(sets, "addressing", r->subject.addressing);
	rc |= add_value(sets, "region", r->subject.region);
	if (ep != NULL && strcmp(scheme, "http") == 0)
		rc |= add_value(sets, "tls_verify", "none");
	else if (insecure >= 0)
		rc |= add_value(sets, "tls_verify", insecure ? "off" : "on");
	rc |= add_value(sets, "client_host", r->host.hostname);
	rc |= add_value(sets, "client_os", r->host.os);
	rc |= add_value(sets, "client_machine", r->host.machine);
	snprintf(num, sizeof(num), "%lld", (long long)r->host.cpus);
	rc |= add_value(sets, "client_cpus", r->host.cpus > 0 ? num : NULL);
	snprintf(num, sizeof(num), "%lld", r->has_clients ? (long long)r->clients.count : 1);
	rc |= add_value(sets, "clients", num);
	rc |= add_value(sets, "libcurl", r->tool.libcurl);
	rc |= add_value(sets, "openssl", r->tool.openssl);
	/* every library the tool record names (its members but name and version) */
	json_object_foreach(tool, key, x) {
		if (!json_is_string(x) || strcmp(key, "name") == 0)
			continue;
		if (strcmp(key, "version") == 0)
			rc |= add_value(collect, "version", json_string_value(x));
		else
			rc |= add_value(libs, key, json_string_value(x));
	}
	json_decref(tool);
	return rc ? -1 : 0;
}

static int cmp_json_str(const void *a, const void *b)
{
	return strcmp(json_string_value(*(json_t *const *)a),
		      json_string_value(*(json_t *const *)b));
}

/* sorted: set's values sorted (a new reference to set, re-ordered). */
static json_t *sorted(json_t *set)
{
	size_t n = json_array_size(set);
	json_t *v[64], *out = json_array();

	if (out == NULL)
		return NULL;
	if (n > 64)
		n = 64; /* more distinct values than a reader can take in: the first 64 */
	for (size_t i = 0; i < n; i++)
		v[i] = json_array_get(set, i);
	qsort(v, n, sizeof(v[0]), cmp_json_str);
	for (size_t i = 0; i < n; i++)
		json_array_append(out, v[i]);
	return out;
}

/* subject_entry: {"id", "runs", facts...} from the sets. */
static json_t *subject_entry(const char *id, size_t runs, json_t *sets)
{
	json_t *o = json_pack("{s:s, s:I}", "id", id, "runs", (json_int_t)runs);

	for (size_t i = 0; o != NULL && i < fact_count; i++) {
		json_t *set = json_object_get(sets, fact_names[i]), *v;

		if (json_array_size(set) == 0)
			v = json_string(FACT_UNKNOWN);
		else if (json_array_size(set) == 1)
			v = json_incref(json_array_get(set, 0));
		else
			v = sorted(set);
		if (json_object_set_new(o, fact_names[i], v) < 0) {
			json_decref(o);
			o = NULL;
		}
	}
	return o;
}

/* collapse: every set of obj (name -> array) sorted in place. */
static int collapse(json_t *obj)
{
	const char *key;
	json_t *set;

	json_object_foreach(obj, key, set)
		if (json_object_set_new(obj, key, sorted(set)) < 0)
			return -1;
	return 0;
}

/* count_run: one more run of subject id in counts. */
static int count_run(json_t *counts, const char *id)
{
	json_int_t k = json_integer_value(json_object_get(counts, id));

	return json_object_set_new(counts, id, json_integer(k + 1));
}

json_t *manifest_facts(const char *data_dir, int warp_mode, const json_t *agg, json_t **libraries,
		       json_t **collect, struct err *e)
{
	const json_t *subjects = json_object_get(agg, "subjects"), *s;
	struct scan_list runs = {0};
	json_t *out = json_array(), *per = json_object(), *counts = json_object();
	json_t *empty = json_object();
	struct err ignore;
	size_t i;

	*libraries = json_object();
	*collect = json_object();
	if (out == NULL || per == NULL || counts == NULL || empty == NULL || *libraries == NULL ||
	    *collect == NULL)
		goto oom;
	if (!warp_mode && scan_runs(data_dir, &runs, &ignore) < 0)
		scan_list_clear(&runs); /* no runs/: no facts */
	for (i = 0; i < runs.n; i++) {
		struct runrec *r = malloc(sizeof(*r));
		const char *id;
		json_t *sets;
		int bad = r == NULL, read = !bad && runrec_load(runs.v[i].file, r, NULL) == 0;

		id = read ? r->subject.id : NULL;
		if (id != NULL) { /* an unreadable run.json: analyze named it already */
			if ((sets = json_object_get(per, id)) == NULL &&
			    ((sets = json_object()) == NULL ||
			     json_object_set_new(per, id, sets) < 0))
				bad = 1;
			bad = bad || count_run(counts, id) < 0 ||
			      one_run(r, sets, *libraries, *collect) < 0;
		}
		if (read)
			runrec_clear(r);
		free(r);
		if (bad)
			goto oom;
	}
	json_array_foreach(subjects, i, s) {
		const char *id = json_string_value(json_object_get(s, "id"));
		json_t *sets, *ent;

		if (id == NULL)
			continue;
		sets = json_object_get(per, id);
		ent = subject_entry(id, (size_t)json_integer_value(json_object_get(counts, id)),
				    sets ? sets : empty);
		if (ent == NULL || json_array_append_new(out, ent) < 0)
			goto oom;
	}
	if (collapse(*libraries) < 0 || collapse(*collect) < 0)
		goto oom;
	json_decref(per);
	json_decref(counts);
	json_decref(empty);
	scan_list_clear(&runs);
	return out;
oom:
	json_decref(per);
	json_decref(counts);
	json_decref(empty);
	json_decref(out);
	json_decref(*libraries);
	json_decref(*collect);
	*libraries = *collect = NULL;
	scan_list_clear(&runs);
	return err_set(e, "manifest: out of memory"), NULL;
}

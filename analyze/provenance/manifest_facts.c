/* analyze/provenance/manifest_facts.c: the fairness facts per subject and the library versions
 * collect ran with, read from the run.json files (core/runrec/runrec.h; see manifest.h;
 * docs/FORMATS.md, results/manifest.json "subjects"). A fact no run.json records (a file
 * written before collect recorded it, a run whose benchmark did not run) is "unknown". */
#include "analyze/provenance/manifest.h"

#include <limits.h>
#include <math.h>
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

/* endpoint_parts: the host[:port] (without any user info) and scheme of an endpoint URL
 * into host / scheme. */
static void endpoint_parts(const char *url, char *host, size_t n, char *scheme, size_t m)
{
	const char *p = strstr(url, "://"), *end;

	snprintf(scheme, m, "%.*s", p ? (int)(p - url) : 0, url);
	p = p ? p + 3 : url;
	end = p + strcspn(p, "/?#");
	for (const char *at = p; at < end; at++)
		if (*at == '@') /* user info (NAME:PASSWORD@): never a fact */
			p = at + 1;
	snprintf(host, n, "%.*s", (int)(end - p), p);
}

/* send_value: the run's workload.send field f (its default when the run has none). */
static const char *send_value(const struct runrec *r, enum runrec_send_field f)
{
	const char *v = r->workload.has_send ? r->workload.send.v[f] : NULL;

	return v != NULL ? v : runrec_send_default(f);
}

/* connections_mode: how the run's requests used connections, from workload.send. */
static const char *connections_mode(const struct runrec *r)
{
	int spread = strcmp(send_value(r, RUNREC_SEND_ADDRESSES), "spread") == 0;

	if (strcmp(send_value(r, RUNREC_SEND_HTTP), "2") == 0 &&
	    strcmp(send_value(r, RUNREC_SEND_HTTP2_SHARED), "yes") == 0)
		return spread ? "one shared HTTP/2 connection, addresses spread"
			      : "one shared HTTP/2 connection";
	if (strcmp(send_value(r, RUNREC_SEND_KEEPALIVE), "no") == 0)
		return spread ? "a new one per request, addresses spread" : "a new one per request";
	return spread ? "kept alive, one per worker, addresses spread"
		      : "kept alive, one per worker";
}

/* nic_fact: "NAME, SPEED Mbit/s (SOURCE)" of a client record's NIC into buf. */
static const char *nic_fact(const struct runrec_clientres *c, char *buf, size_t n)
{
	const struct runrec_nic *nic = &c->nic;
	const char *name = nic->name[0] ? nic->name : "interface unknown";

	if (isnan(nic->speed_mbit))
		snprintf(buf, n, "%s, speed unknown", name);
	else
		snprintf(buf, n, "%s, %g Mbit/s (%s)", name, nic->speed_mbit, nic->speed_source);
	return buf;
}

/* transport_facts: what the run's transfers used (run.json "transport"): HTTP versions,
 * TLS protocols and ciphers, TCP_NODELAY. */
static int transport_facts(const struct runrec *r, json_t *sets)
{
	const struct runrec_transport *t = &r->transport;
	int rc = 0;

	if (!r->has_transport)
		return 0;
	rc |= add_value(sets, "http_version", t->http11 > 0 ? "1.1" : NULL);
	rc |= add_value(sets, "http_version", t->http2 > 0 ? "2" : NULL);
	rc |= add_value(sets, "http_version", t->http_other > 0 ? "other" : NULL);
	for (int i = 0; i < t->n_tls; i++)
		rc |= add_value(sets, "tls_version", t->tls[i].version) |
		      add_value(sets, "tls_cipher", t->tls[i].cipher);
	if (t->nodelay_on + t->nodelay_off > 0)
		rc |= add_value(sets, "tcp_nodelay",
				!t->nodelay_off  ? "on"
				: !t->nodelay_on ? "off"
						 : "on for some connections, off for others");
	return rc;
}

/* upload_data: the run's data mode and payload certificate ("random: zstd 1.00, 100.0 % unique
 * 4 KiB blocks, 100.0 % unique 512-byte blocks") into buf; NULL when the run has none. */
static const char *upload_data(const struct runrec *r, char *buf, size_t n)
{
	const struct runrec_payload *p = &r->payload;
	char u4[32] = "-", u512[32] = "-";

	if (!r->has_payload)
		return NULL;
	if (!isnan(p->unique_4k_share))
		snprintf(u4, sizeof(u4), "%.1f", 100 * p->unique_4k_share);
	if (!isnan(p->unique_512_share))
		snprintf(u512, sizeof(u512), "%.1f", 100 * p->unique_512_share);
	snprintf(buf, n, "%s: zstd %.2f, %s %% unique 4 KiB blocks, %s %% unique 512-byte blocks",
		 p->data[0] != '\0' ? p->data : "random", p->zstd_ratio, u4, u512);
	return buf;
}

/* client_facts: the client machines' facts: CPU model, NIC (every client's of a
 * distributed run), how connections were used, and what the bodies were (upload_data). */
static int client_facts(const struct runrec *r, json_t *sets)
{
	char nic[RUNREC_IFNAME_MAX + 64], data[160];
	int rc = add_value(sets, "client_cpu_model", r->host.cpu_model);

	if (r->has_client)
		rc |= add_value(sets, "client_nic", nic_fact(&r->client, nic, sizeof(nic)));
	for (size_t i = 0; r->has_clients && i < r->clients.n_list; i++)
		if (r->clients.list[i].has_client)
			rc |= add_value(sets, "client_nic",
					nic_fact(&r->clients.list[i].client, nic, sizeof(nic)));
	if (!(r->absent & RUNREC_BIT(RUNREC_WORKLOAD)) && r->workload.op != NULL) {
		rc |= add_value(sets, "payload_signing", send_value(r, RUNREC_SEND_PAYLOAD));
		rc |= add_value(sets, "checksum", send_value(r, RUNREC_SEND_CHECKSUM));
		rc |= add_value(sets, "connections", connections_mode(r));
	}
	rc |= add_value(sets, "upload_data", upload_data(r, data, sizeof(data)));
	return rc;
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
	rc |= transport_facts(r, sets) | client_facts(r, sets);
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

/* sorted: set's values sorted into *v (copies; at most 64: more distinct values than a
 * reader can take in) and *n. -1 when out of memory. */
static int sorted(const json_t *set, char ***v, size_t *n)
{
	size_t k = json_array_size(set) > 64 ? 64 : json_array_size(set);
	json_t *x[64];

	*n = 0;
	if ((*v = calloc(k + 1, sizeof(**v))) == NULL)
		return -1;
	for (size_t i = 0; i < k; i++)
		x[i] = json_array_get(set, i);
	qsort(x, k, sizeof(x[0]), cmp_json_str);
	for (size_t i = 0; i < k; i++, (*n)++)
		if (((*v)[i] = strdup(json_string_value(x[i]))) == NULL)
			return -1;
	return 0;
}

/* subject_entry: subject id's record from its sets: a fact is its one value, the sorted
 * values when the runs differ, "unknown" when none records it. */
static int subject_entry(const char *id, size_t runs, const json_t *sets,
			 struct results_manifest_subject *x)
{
	x->runs = (long long)runs;
	if ((x->id = strdup(id)) == NULL ||
	    (x->facts = calloc(fact_count, sizeof(*x->facts))) == NULL)
		return -1;
	for (size_t i = 0; i < fact_count; i++) {
		const json_t *set = json_object_get(sets, fact_names[i]);
		struct results_manifest_fact *f = &x->facts[i];

		if (json_array_size(set) > 1) {
			f->list = 1;
			if (sorted(set, &f->values, &f->n) < 0)
				return -1;
			continue;
		}
		if ((f->values = calloc(1, sizeof(*f->values))) == NULL)
			return -1;
		f->values[0] = strdup(json_array_size(set)
					      ? json_string_value(json_array_get(set, 0))
					      : FACT_UNKNOWN);
		if (f->values[0] == NULL)
			return -1;
		f->n = 1;
	}
	return 0;
}

/* collapse: every set of obj (name -> array) as the sorted versions of that name. */
static int collapse(const json_t *obj, struct results_manifest_versions **v, size_t *n)
{
	const char *key;
	json_t *set;

	*n = 0;
	if ((*v = calloc(json_object_size(obj) + 1, sizeof(**v))) == NULL)
		return -1;
	json_object_foreach((json_t *)obj, key, set) {
		struct results_manifest_versions *d = &(*v)[(*n)++];

		if ((d->name = strdup(key)) == NULL || sorted(set, &d->versions, &d->n) < 0)
			return -1;
	}
	return 0;
}

/* The runs read so far: per subject id its fact sets (fact -> distinct values) and its
 * run count. */
struct scope {
	json_t *per, *counts;
};

/* count_run: one more run of subject id in counts. */
static int count_run(json_t *counts, const char *id)
{
	json_int_t k = json_integer_value(json_object_get(counts, id));

	return json_object_set_new(counts, id, json_integer(k + 1));
}

/* scope_run: run r into scope x (its subject's sets and count) and libs / coll. */
static int scope_run(struct scope *x, const struct runrec *r, json_t *libs, json_t *coll)
{
	const char *id = r->subject.id;
	json_t *sets = json_object_get(x->per, id);

	if (sets == NULL &&
	    ((sets = json_object()) == NULL || json_object_set_new(x->per, id, sets) < 0))
		return -1;
	return count_run(x->counts, id) < 0 || one_run(r, sets, libs, coll) < 0 ? -1 : 0;
}

/* read_dir: the run.json files of data_dir (none for a Warp directory) into every scope of
 * x (n: 1 or 2, the merge's and the vantage's), their libraries into libs / coll. */
static int read_dir(const char *data_dir, int warp_mode, struct scope *x, size_t n, json_t *libs,
		    json_t *coll)
{
	struct scan_list runs = {0};
	struct err ignore;
	int rc = 0;

	if (!warp_mode && scan_runs(data_dir, &runs, &ignore) < 0)
		scan_list_clear(&runs); /* no runs/: no facts */
	for (size_t i = 0; rc == 0 && i < runs.n; i++) {
		struct runrec *r = malloc(sizeof(*r));
		int read = r != NULL && runrec_load(runs.v[i].file, r, NULL) == 0;

		rc = r == NULL ? -1 : 0;
		/* an unreadable run.json: analyze named it already */
		for (size_t k = 0; read && r->subject.id != NULL && rc == 0 && k < n; k++)
			rc = scope_run(&x[k], r, libs, coll);
		if (read)
			runrec_clear(r);
		free(r);
	}
	scan_list_clear(&runs);
	return rc;
}

/* scope_entry: subject id's record in scope x into *y, named name. */
static int scope_entry(const struct scope *x, const char *id, const char *name, const json_t *empty,
		       struct results_manifest_subject *y)
{
	const json_t *sets = json_object_get(x->per, id);

	return subject_entry(name, (size_t)json_integer_value(json_object_get(x->counts, id)),
			     sets ? sets : empty, y);
}

/* same_fact: a and b hold the same values. */
static int same_fact(const struct results_manifest_fact *a, const struct results_manifest_fact *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->values[i], b->values[i]) != 0)
			return 0;
	return 1;
}

static int unknown(const struct results_manifest_fact *f)
{
	return f->list == 0 && f->n == 1 && strcmp(f->values[0], FACT_UNKNOWN) == 0;
}

/* differ: s's settings (fact_setting) whose values differ between two of its vantages that
 * record them, in fact order, into s->differ. */
static int differ(struct results_manifest_subject *s)
{
	if ((s->differ = calloc(fact_count + 1, sizeof(*s->differ))) == NULL)
		return -1;
	for (size_t k = 0; k < fact_count; k++) {
		const struct results_manifest_fact *first = NULL;
		int d = 0;

		for (size_t v = 0; fact_setting[k] && v < s->n_vantages; v++) {
			const struct results_manifest_fact *f = &s->vantages[v].facts[k];

			if (unknown(f))
				continue;
			d |= first != NULL && !same_fact(first, f);
			first = first ? first : f;
		}
		if (d && (s->differ[s->n_differ++] = strdup(fact_names[k])) == NULL)
			return -1;
	}
	return 0;
}

/* vantage_entries: subject id's record per vantage into s (a merge of n vantages). */
static int vantage_entries(const struct scope *vx, const char *const *names, size_t n,
			   const char *id, const json_t *empty, struct results_manifest_subject *s)
{
	s->merged = 1;
	if ((s->vantages = calloc(n, sizeof(*s->vantages))) == NULL)
		return -1;
	for (size_t k = 0; k < n; k++)
		if (scope_entry(&vx[k], id, names[k], empty, &s->vantages[s->n_vantages++]) < 0)
			return -1;
	return differ(s);
}

int manifest_facts(const char *const *dirs, const char *const *names, size_t n, int warp_mode,
		   const struct results *agg, struct results_manifest *m, struct err *e)
{
	struct scope *x = calloc(n + 1, sizeof(*x)); /* x[0]: every run; x[1 + k]: vantage k's */
	json_t *empty = json_object(), *libs = json_object(), *coll = json_object();
	size_t i, k;
	int rc = -1;

	if (x == NULL || empty == NULL || libs == NULL || coll == NULL ||
	    (m->subjects = calloc(agg->n_subjects + 1, sizeof(*m->subjects))) == NULL)
		goto done;
	for (k = 0; k < n + 1; k++)
		if ((x[k].per = json_object()) == NULL || (x[k].counts = json_object()) == NULL)
			goto done;
	for (k = 0; k < n; k++) {
		struct scope two[2] = {x[0], x[1 + k]};

		if (read_dir(dirs[k], warp_mode, two, n >= 2 ? 2 : 1, libs, coll) < 0)
			goto done;
	}
	for (i = 0; i < agg->n_subjects; i++) {
		const char *id = agg->subjects[i].id;
		struct results_manifest_subject *s = &m->subjects[m->n_subjects++];

		if (scope_entry(&x[0], id, id, empty, s) < 0 ||
		    (n >= 2 && vantage_entries(&x[1], names, n, id, empty, s) < 0))
			goto done;
	}
	if (collapse(libs, &m->libraries, &m->n_libraries) < 0 ||
	    collapse(coll, &m->collect, &m->n_collect) < 0)
		goto done;
	rc = 0;
done:
	for (k = 0; x != NULL && k < n + 1; k++) {
		json_decref(x[k].per);
		json_decref(x[k].counts);
	}
	free(x);
	json_decref(empty);
	json_decref(libs);
	json_decref(coll);
	return rc < 0 ? err_set(e, "manifest: out of memory") : 0;
}

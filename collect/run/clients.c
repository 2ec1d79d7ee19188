/* collect/run/clients.c: see clients.h. */
#include "collect/run/clients.h"

#include <unistd.h>

#include "core/climit.h"
#include "core/opslog.h"

static json_t *client_entry_base(const struct client_result *c);

/* brief_summary: the per-client part of a run summary (null without one). */
static json_t *brief_summary(const json_t *s)
{
	static const char *const keys[] = {"requests", "bytes", "errors",
					   "mib_s",    "obj_s", "latency_ms"};
	json_t *o;

	if (!json_is_object(s))
		return json_null();
	o = json_object();
	for (size_t i = 0; o != NULL && i < sizeof(keys) / sizeof(keys[0]); i++) {
		json_t *v = json_object_get(s, keys[i]);
		if (v != NULL)
			json_object_set(o, keys[i], v);
	}
	return o;
}

static double busy(const json_t *client)
{
	const json_t *w = json_object_get(client, "window"), *k = json_object_get(w, "kept");

	if (!json_is_object(k))
		k = json_object_get(w, "benchmark");
	return json_number_value(json_object_get(k, "cpu_busy_pct"));
}

json_t *clients_busiest(const struct client_result *c, int n)
{
	const json_t *best = NULL;

	for (int i = 0; i < n; i++)
		if (json_is_object(c[i].client) && (best == NULL || busy(c[i].client) > busy(best)))
			best = c[i].client;
	return best ? json_incref((json_t *)best) : NULL;
}

static json_t *client_entry(const struct client_result *c)
{
	json_t *o = client_entry_base(c);
	struct climit_verdict v;
	struct err e;

	if (o != NULL && json_is_object(c->client)) {
		json_object_set(o, "client", (json_t *)c->client);
		if (climit_judge(c->client, c->summary, 0, NULL, &v, &e) > 0)
			json_object_set_new(o, "client_limit", climit_to_json(&v));
	}
	return o;
}

static json_t *client_entry_base(const struct client_result *c)
{
	return json_pack("{s:i, s:s, s:s, s:f, s:f, s:s, s:o, s:o, s:o}", "rank", c->rank, "host",
			 c->host, "client_id", c->client_id, "offset_ms", c->offset_s * 1e3,
			 "rtt_ms", c->rtt_s * 1e3, "status", c->complete ? "complete" : "failed",
			 "class", c->cls ? json_string(err_class_name(c->cls)) : json_null(),
			 "reason", c->reason[0] ? json_string(c->reason) : json_null(), "summary",
			 brief_summary(c->summary));
}

json_t *clients_json(const struct client_result *c, int n, int concurrency)
{
	json_t *hosts = json_array(), *list = json_array();

	for (int i = 0; i < n && hosts != NULL && list != NULL; i++) {
		json_t *one = client_entry(&c[i]);
		if (one == NULL || json_array_append_new(list, one) < 0 ||
		    json_array_append_new(hosts, json_string(c[i].host)) < 0) {
			json_decref(hosts);
			json_decref(list);
			return NULL;
		}
	}
	if (hosts == NULL || list == NULL) {
		json_decref(hosts);
		json_decref(list);
		return NULL;
	}
	return json_pack("{s:i, s:i, s:o, s:o}", "count", n, "concurrency_total", n * concurrency,
			 "hosts", hosts, "list", list);
}

struct merge_ctx {
	struct opslog_writer *w;
	struct summary_acc *acc;
	uint64_t rows;
	struct err *e;
};

static int merge_row(const struct op_row *row, void *arg)
{
	struct merge_ctx *m = arg;

	m->rows++;
	return opslog_writer_add(m->w, row, m->e) < 0 ? -1 : 0;
}

static int acc_row(const struct op_row *row, void *arg)
{
	struct merge_ctx *m = arg;

	return summary_acc_add(m->acc, row, m->e) < 0 ? -1 : 0;
}

int clients_merge_logs(const char *const *in, int n, const char *out, struct run_summary *sum,
		       int *has_sum, uint64_t *rows, struct err *e)
{
	struct merge_ctx m = {NULL, NULL, 0, e};
	int rc = -1;

	*has_sum = 0;
	*rows = 0;
	/* the phase columns kept (empty where a client wrote none) */
	m.w = opslog_writer_open_opts(out, &(struct opslog_writer_opts){.phases = 1}, e);
	if (m.w == NULL)
		return -1;
	for (int i = 0; i < n; i++) {
		if (in[i] == NULL || access(in[i], F_OK) != 0)
			continue;
		if (opslog_read(in[i], merge_row, &m, e) != 0) {
			opslog_writer_abort(m.w);
			return -1;
		}
	}
	if (opslog_writer_close(m.w, e) < 0)
		return -1;
	*rows = m.rows;
	/* the summary from the file as written, in its order: what analyze --recompute
	 * computes, to the last digit */
	m.acc = summary_acc_new();
	if (m.acc == NULL) {
		err_set(e, "%s: out of memory", out);
		goto out;
	}
	if (opslog_read(out, acc_row, &m, e) != 0)
		goto out;
	if (m.rows > 0 && summary_acc_finish(m.acc, sum, NULL) == 0)
		*has_sum = 1;
	rc = 0;
out:
	summary_acc_free(m.acc);
	return rc;
}

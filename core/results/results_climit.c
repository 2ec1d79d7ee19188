/* core/results/results_climit.c: see results_climit.h. */
#include "core/results/results_climit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/climit.h"
#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

static const char *const verdict_names[] = {"not measured", "not limited", "limited"};

const char *results_verdict_name(enum results_verdict v)
{
	return verdict_names[v];
}

int results_reasons_from_json(struct jread *r, const json_t *o, const char *where, const char *key,
			      unsigned *bits)
{
	const json_t *a = jread_member(r, o, where, key, 0);
	struct err e;
	char w[256];

	*bits = 0;
	if (a == NULL || json_is_null(a))
		return 0;
	if (climit_reasons_from_json(a, jread_path(where, key, w, sizeof(w)), bits, &e) < 0)
		return jread_fail(r, e.msg);
	return 0;
}

json_t *results_cell_climit_to_json(const struct results_cell_climit *c)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "verdict", json_string(results_verdict_name(c->verdict)), &ok);
	jwrite_put(o, "measured", json_integer((json_int_t)c->measured), &ok);
	jwrite_put(o, "limited_runs", json_integer((json_int_t)c->limited_runs), &ok);
	jwrite_put(o, "reasons", climit_reasons_json(c->reasons), &ok);
	jwrite_put(o, "cpu_busy_pct_max", jnum_new(c->cpu_busy_pct_max), &ok);
	jwrite_put(o, "nic_pct_max", jnum_new(c->nic_pct_max), &ok);
	return jwrite_done(o, ok);
}

/* verdict_of: o.verdict (absent or null: not measured). */
static enum results_verdict verdict_of(struct jread *r, const json_t *o, const char *where)
{
	char *v = jread_str(r, o, where, "verdict", 0);
	int k = 0;

	if (v != NULL) {
		for (k = 0; k < 3 && strcmp(v, verdict_names[k]) != 0; k++)
			;
		if (k == 3) {
			jread_bad_at(r, where, "verdict",
				     "expected \"not measured\", \"not limited\" or \"limited\"");
			k = 0;
		}
	}
	free(v);
	return (enum results_verdict)k;
}

int results_cell_climit_from_json(struct jread *r, const json_t *o, const char *where,
				  struct results_cell_climit *c)
{
	memset(c, 0, sizeof(*c));
	c->cpu_busy_pct_max = c->nic_pct_max = NAN;
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(r, where, "expected an object or null");
	c->verdict = verdict_of(r, o, where);
	c->measured = jread_int(r, o, where, "measured", 0, 0);
	c->limited_runs = jread_int(r, o, where, "limited_runs", 0, 0);
	results_reasons_from_json(r, o, where, "reasons", &c->reasons);
	c->cpu_busy_pct_max = jread_num(r, o, where, "cpu_busy_pct_max", 0);
	c->nic_pct_max = jread_num(r, o, where, "nic_pct_max", 0);
	return r->failed ? -1 : 0;
}

json_t *results_leader_climit_to_json(const struct results_leader_climit *c,
				      const struct results *doc)
{
	json_t *o = json_object(), *by = json_array();
	int ok = 1;

	for (size_t i = 0; i < c->n_blocked_by; i++)
		jwrite_add(by, jwrite_str(results_subject_id(doc, c->blocked_by[i])), &ok);
	jwrite_put(o, "blocked", json_boolean(c->blocked), &ok);
	jwrite_put(o, "blocked_by", by, &ok);
	jwrite_put(o, "reasons", climit_reasons_json(c->reasons), &ok);
	jwrite_put(o, "shared_cpu", json_boolean(c->shared_cpu), &ok);
	jwrite_put(o, "leader_limited", json_boolean(c->leader_limited), &ok);
	return jwrite_done(o, ok);
}

int results_leader_climit_from_json(struct jread *r, const json_t *o, const char *where,
				    struct results_leader_climit *c)
{
	memset(c, 0, sizeof(*c));
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(r, where, "expected an object or null");
	c->blocked = jread_bool(r, o, where, "blocked", 0, 0);
	results_subject_refs(r, o, where, "blocked_by", &c->blocked_by, &c->n_blocked_by);
	results_reasons_from_json(r, o, where, "reasons", &c->reasons);
	c->shared_cpu = jread_bool(r, o, where, "shared_cpu", 0, 0);
	c->leader_limited = jread_bool(r, o, where, "leader_limited", 0, 0);
	return r->failed ? -1 : 0;
}

void results_leader_climit_free(struct results_leader_climit *c)
{
	free(c->blocked_by);
}

json_t *results_run_client_to_json(const struct results_run_client *c)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "host", jwrite_str(c->host), &ok);
	jwrite_put(o, "cores", jnum_copy_new(c->cores), &ok);
	jwrite_put(o, "cpu_busy_pct", jnum_copy_new(c->cpu_busy_pct), &ok);
	jwrite_put(o, "collector_cpu_pct", jnum_copy_new(c->collector_cpu_pct), &ok);
	jwrite_put(o, "other_cpu_pct", jnum_copy_new(c->other_cpu_pct), &ok);
	jwrite_put(o, "nic", jwrite_str(c->nic), &ok);
	jwrite_put(o, "nic_speed_mbit", jnum_copy_new(c->nic_speed_mbit), &ok);
	jwrite_put(o, "nic_tx_mbit_s", jnum_copy_new(c->nic_tx_mbit_s), &ok);
	jwrite_put(o, "nic_rx_mbit_s", jnum_copy_new(c->nic_rx_mbit_s), &ok);
	jwrite_put(o, "tcp_retrans_pct", jnum_copy_new(c->tcp_retrans_pct), &ok);
	jwrite_put(o, "shares_cpu", json_boolean(c->shares_cpu), &ok);
	return jwrite_done(o, ok);
}

/* copy: o.key as a copied number (null or absent: NAN); another type fails. */
static struct jnum_copy copy(struct jread *r, const json_t *o, const char *where, const char *key)
{
	jread_num(r, o, where, key, 0);
	return jnum_copy_get(json_object_get(o, key));
}

int results_run_client_from_json(struct jread *r, const json_t *o, const char *where,
				 struct results_run_client *c)
{
	memset(c, 0, sizeof(*c));
	c->host = jread_str(r, o, where, "host", 0);
	c->cores = copy(r, o, where, "cores");
	c->cpu_busy_pct = copy(r, o, where, "cpu_busy_pct");
	c->collector_cpu_pct = copy(r, o, where, "collector_cpu_pct");
	c->other_cpu_pct = copy(r, o, where, "other_cpu_pct");
	c->nic = jread_str(r, o, where, "nic", 0);
	c->nic_speed_mbit = copy(r, o, where, "nic_speed_mbit");
	c->nic_tx_mbit_s = copy(r, o, where, "nic_tx_mbit_s");
	c->nic_rx_mbit_s = copy(r, o, where, "nic_rx_mbit_s");
	c->tcp_retrans_pct = copy(r, o, where, "tcp_retrans_pct");
	c->shares_cpu = jread_bool(r, o, where, "shares_cpu", 0, 0);
	return r->failed ? -1 : 0;
}

void results_run_client_free(struct results_run_client *c)
{
	free(c->host);
	free(c->nic);
}

json_t *results_phases_to_json(const struct results_phases *p)
{
	json_t *o = json_object();
	int ok = 1;

	for (int i = 0; i < RPH_COUNT; i++)
		jwrite_put(o, req_phase_name(i), jnum_new(p->mean_ms[i]), &ok);
	jwrite_put(o, "connect_p50", jnum_new(p->connect_p50), &ok);
	jwrite_put(o, "tls_p50", jnum_new(p->tls_p50), &ok);
	jwrite_put(o, "wait_p50", jnum_new(p->wait_p50), &ok);
	jwrite_put(o, "rtt_ms", jnum_new(p->rtt_ms), &ok);
	jwrite_put(o, "reused_share", jnum_new(p->reused_share), &ok);
	return jwrite_done(o, ok);
}

int results_phases_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_phases *p)
{
	for (int i = 0; i < RPH_COUNT; i++)
		p->mean_ms[i] = jread_num(r, o, where, req_phase_name(i), 0);
	p->connect_p50 = jread_num(r, o, where, "connect_p50", 0);
	p->tls_p50 = jread_num(r, o, where, "tls_p50", 0);
	p->wait_p50 = jread_num(r, o, where, "wait_p50", 0);
	p->rtt_ms = jread_num(r, o, where, "rtt_ms", 0);
	p->reused_share = jread_num(r, o, where, "reused_share", 0);
	return r->failed ? -1 : 0;
}

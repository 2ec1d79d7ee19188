/* analyze/out/out_json_climit.c: see out_json_climit.h. */
#include "analyze/out/out_json_climit.h"

#include <math.h>

#include "analyze/out/out_json_stats.h"
#include "core/summary.h"

void out_json_cell_climit(json_t *o, const struct agg_cell *c, int *ok)
{
	const struct agg_climit *k = &c->climit;
	json_t *x = json_object();

	out_json_put(x, "verdict",
		     json_string(k->measured == 0 ? "not measured"
				 : k->is_limited  ? "limited"
						  : "not limited"),
		     ok);
	out_json_put(x, "measured", json_integer((json_int_t)k->measured), ok);
	out_json_put(x, "limited_runs", json_integer((json_int_t)k->limited), ok);
	out_json_put(x, "reasons", climit_reasons_json(k->reasons), ok);
	out_json_put(x, "cpu_busy_pct_max", out_json_num(k->cpu_busy_max), ok);
	out_json_put(x, "nic_pct_max", out_json_num(k->nic_pct_max), ok);
	out_json_put(o, "client_limit", x, ok);
}

void out_json_leader_climit(json_t *o, const struct aggregate *a, const struct agg_leader *l,
			    int *ok)
{
	const struct agg_leader_climit *k = &l->climit;
	json_t *x = json_object(), *by = json_array();

	for (size_t i = 0; i < k->n_by; i++)
		out_json_add(by, json_string(a->subjects[k->by[i]].id), ok);
	out_json_put(x, "blocked", json_boolean(k->blocked), ok);
	out_json_put(x, "blocked_by", by, ok);
	out_json_put(x, "reasons", climit_reasons_json(k->reasons), ok);
	out_json_put(x, "shared_cpu", json_boolean(k->shared_caveat), ok);
	out_json_put(x, "leader_limited", json_boolean(k->leader_limited), ok);
	out_json_put(o, "client_limit", x, ok);
	if (k->blocked)
		out_json_put(o, "clear", json_false(), ok);
}

/* window: the kept window of the client record (else the benchmark's). */
static json_t *window(const json_t *client)
{
	const json_t *w = json_object_get(client, "window");
	json_t *k = json_object_get(w, "kept");

	return json_is_object(k) ? k : json_object_get(w, "benchmark");
}

static json_t *phases_json(const struct runlog *l, int *ok)
{
	const struct request_phases *p = &l->summary.phases;
	json_t *x;

	if (!l->has_summary || !l->summary.has_phases)
		return json_null();
	x = json_object();
	for (int i = 0; i < RPH_COUNT; i++)
		out_json_put(x, req_phase_name(i), out_json_num(p->ph[i].mean_all_ms), ok);
	out_json_put(x, "connect_p50",
		     out_json_num(p->ph[RPH_CONNECT].n ? p->ph[RPH_CONNECT].lat.p50 : NAN), ok);
	out_json_put(x, "tls_p50", out_json_num(p->ph[RPH_TLS].n ? p->ph[RPH_TLS].lat.p50 : NAN),
		     ok);
	out_json_put(x, "wait_p50", out_json_num(p->ph[RPH_WAIT].n ? p->ph[RPH_WAIT].lat.p50 : NAN),
		     ok);
	out_json_put(x, "rtt_ms", p->rtt_source ? out_json_num(p->rtt_ms) : json_null(), ok);
	out_json_put(x, "reused_share", out_json_num(l->summary.conn.reused_share), ok);
	return x;
}

void out_json_run_climit(json_t *o, const struct agg_run *r, int *ok)
{
	const struct runlog *l = r->log;
	json_t *cl = json_null();

	if (r->climit_measured) {
		const json_t *w = window(l->client_json),
			     *nic = json_object_get(l->client_json, "nic");
		cl = json_pack("{s:O?,s:O?,s:O?,s:O?,s:O?,s:O?,s:O?,s:O?,s:O?,s:O?,s:b}", "host",
			       json_object_get(l->client_json, "host"), "cores",
			       json_object_get(l->client_json, "cores"), "cpu_busy_pct",
			       json_object_get(w, "cpu_busy_pct"), "collector_cpu_pct",
			       json_object_get(w, "collector_cpu_pct"), "other_cpu_pct",
			       json_object_get(w, "other_cpu_pct"), "nic",
			       json_object_get(nic, "name"), "nic_speed_mbit",
			       json_object_get(nic, "speed_mbit"), "nic_tx_mbit_s",
			       json_object_get(w, "nic_tx_mbit_s"), "nic_rx_mbit_s",
			       json_object_get(w, "nic_rx_mbit_s"), "tcp_retrans_pct",
			       json_object_get(w, "tcp_retrans_pct"), "shares_cpu",
			       json_is_true(json_object_get(l->client_json, "shares_cpu")));
	}
	out_json_put(o, "client_limit",
		     r->climit_measured ? climit_to_json(&r->climit) : json_null(), ok);
	out_json_put(o, "client", cl, ok);
	out_json_put(o, "request_phases", phases_json(l, ok), ok);
}

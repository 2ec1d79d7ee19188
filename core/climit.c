/* core/climit.c: see climit.h. */
#include "core/climit.h"

#include <math.h>
#include <string.h>

static const char *const reason_names[CLIMIT_R_COUNT] = {"cpu", "shared-cpu", "nic", "workers"};

void climit_defaults(struct climit_thresholds *t)
{
	t->cpu_pct = CLIMIT_CPU_PCT;
	t->nic_pct = CLIMIT_NIC_PCT;
	t->retrans_pct = CLIMIT_RETRANS_PCT;
}

const char *climit_reason_name(unsigned bit)
{
	for (int i = 0; i < CLIMIT_R_COUNT; i++)
		if (bit == 1u << i)
			return reason_names[i];
	return NULL;
}

/* num: the number at key k of o; -1 when absent or null, -2 when not a number. */
static int num(const json_t *o, const char *k, double *v)
{
	json_t *x = json_object_get(o, k);

	if (x == NULL || json_is_null(x))
		return -1;
	if (!json_is_number(x))
		return -2;
	*v = json_number_value(x);
	return 0;
}

/* late_slots: the summary's rate.late_no_worker (-1 when absent); *peak its
 * peak_workers (0 when absent). */
static int64_t late_slots(const json_t *summary, int *peak)
{
	const json_t *r = json_object_get(summary, "rate");
	json_t *x = json_object_get(r, "late_no_worker"), *p = json_object_get(r, "peak_workers");

	*peak = json_is_integer(p) ? (int)json_integer_value(p) : 0;
	return json_is_integer(x) ? (int64_t)json_integer_value(x) : -1;
}

int climit_judge(const json_t *client, const json_t *summary, int workers_cap,
		 const struct climit_thresholds *t, struct climit_verdict *v, struct err *e)
{
	const json_t *win, *nic;
	double tx = 0, rx = 0, speed = 0, shares;
	int peak = 0;

	memset(v, 0, sizeof(*v));
	if (t != NULL)
		v->t = *t;
	else
		climit_defaults(&v->t);
	if (client == NULL || json_is_null(client))
		return 0;
	win = json_object_get(json_object_get(client, "window"), "kept");
	if (win == NULL || json_is_null(win))
		win = json_object_get(json_object_get(client, "window"), "benchmark");
	if (!json_is_object(win))
		return err_set(e, "client.window: neither kept nor benchmark is an object");
	if (num(win, "cpu_busy_pct", &v->cpu_busy_pct) != 0)
		return err_set(e, "client.window: cpu_busy_pct missing or not a number");
	if (num(win, "tcp_retrans_pct", &v->tcp_retrans_pct) == -2)
		return err_set(e, "client.window: tcp_retrans_pct not a number");
	nic = json_object_get(client, "nic");
	v->nic_pct = -1;
	if (num(nic, "speed_mbit", &speed) == 0 && speed > 0 &&
	    num(win, "nic_tx_mbit_s", &tx) == 0 && num(win, "nic_rx_mbit_s", &rx) == 0)
		v->nic_pct = 100.0 * (tx > rx ? tx : rx) / speed;
	shares = json_is_true(json_object_get(client, "shares_cpu"));
	v->late_slots = late_slots(summary, &peak);

	if (v->cpu_busy_pct >= v->t.cpu_pct)
		v->reasons |= shares ? CLIMIT_R_SHARED_CPU : CLIMIT_R_CPU;
	if (v->nic_pct >= v->t.nic_pct)
		v->reasons |= CLIMIT_R_NIC;
	if (v->late_slots > 0 && (peak == 0 || workers_cap == 0 || peak >= workers_cap))
		v->reasons |= CLIMIT_R_WORKERS;
	v->degraded_network = v->tcp_retrans_pct > v->t.retrans_pct;
	v->limited = v->reasons != 0;
	return 1;
}

json_t *climit_reasons_json(unsigned reasons)
{
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < CLIMIT_R_COUNT; i++)
		if (reasons & (1u << i))
			json_array_append_new(a, json_string(reason_names[i]));
	return a;
}

json_t *climit_to_json(const struct climit_verdict *v)
{
	json_t *deg = json_array();

	if (deg != NULL && v->degraded_network)
		json_array_append_new(deg, json_string("network"));
	return json_pack("{s:b,s:o,s:o,s:{s:f,s:o,s:o,s:f},s:{s:f,s:f,s:f}}", "limited", v->limited,
			 "reasons", climit_reasons_json(v->reasons), "degraded", deg, "figures",
			 "cpu_busy_pct", v->cpu_busy_pct, "nic_pct",
			 v->nic_pct >= 0 ? json_real(v->nic_pct) : json_null(), "late_slots",
			 v->late_slots >= 0 ? json_integer(v->late_slots) : json_null(),
			 "tcp_retrans_pct", v->tcp_retrans_pct, "thresholds", "cpu_pct",
			 v->t.cpu_pct, "nic_pct", v->t.nic_pct, "retrans_pct", v->t.retrans_pct);
}

int climit_reasons_from_json(struct jread *r, const json_t *o, const char *where, const char *key,
			     unsigned *bits)
{
	json_t *a = json_object_get(o, key), *v;
	size_t i;
	int k;

	*bits = 0;
	if (a == NULL || json_is_null(a))
		return 0;
	if (!json_is_array(a))
		return jread_bad_at(r, where, key,
				    "expected an array of cpu, shared-cpu, nic, workers");
	json_array_foreach(a, i, v) {
		for (k = 0; k < CLIMIT_R_COUNT; k++)
			if (json_is_string(v) && strcmp(json_string_value(v), reason_names[k]) == 0)
				break;
		if (k == CLIMIT_R_COUNT)
			return jread_bad_at(r, where, key,
					    "expected an array of cpu, shared-cpu, nic, workers");
		*bits |= 1u << k;
	}
	return 0;
}

int climit_from_json(struct jread *r, const json_t *o, const char *where, struct climit_verdict *v)
{
	char w[256];
	json_t *x, *d;
	size_t i;

	memset(v, 0, sizeof(*v));
	v->limited = jread_bool(r, o, where, "limited", 1, 0);
	climit_reasons_from_json(r, o, where, "reasons", &v->reasons);
	d = jread_array(r, o, where, "degraded", 0);
	json_array_foreach(d, i, x)
		v->degraded_network |= json_is_string(x) &&
				       !strcmp(json_string_value(x), "network");
	x = jread_object(r, o, where, "figures", 1);
	jread_path(where, "figures", w, sizeof(w));
	v->cpu_busy_pct = jread_num(r, x, w, "cpu_busy_pct", 0);
	v->nic_pct = jread_num(r, x, w, "nic_pct", 0);
	if (isnan(v->nic_pct))
		v->nic_pct = -1;
	v->late_slots = jread_int(r, x, w, "late_slots", 0, -1);
	v->tcp_retrans_pct = jread_num(r, x, w, "tcp_retrans_pct", 0);
	x = jread_object(r, o, where, "thresholds", 1);
	jread_path(where, "thresholds", w, sizeof(w));
	v->t.cpu_pct = jread_num(r, x, w, "cpu_pct", 0);
	v->t.nic_pct = jread_num(r, x, w, "nic_pct", 0);
	v->t.retrans_pct = jread_num(r, x, w, "retrans_pct", 0);
	return r->failed ? -1 : 0;
}

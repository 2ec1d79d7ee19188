/* core/climit.c: see climit.h. */
#include "core/climit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const reason_names[CLIMIT_R_COUNT] = {"cpu", "shared-cpu", "nic", "workers",
							 "late-sends"};

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

int climit_judge(const struct runrec_clientres *client, const struct rate_summary *rate,
		 int workers_cap, const struct climit_thresholds *t, struct climit_verdict *v,
		 struct err *e)
{
	const struct runrec_window *win;
	double speed;
	int peak;

	memset(v, 0, sizeof(*v));
	if (t != NULL)
		v->t = *t;
	else
		climit_defaults(&v->t);
	if (client == NULL)
		return 0;
	win = runrec_clientres_window(client);
	if (!runrec_window_has(win, RUNREC_WINDOW_CPU))
		return err_set(e, "client.window: cpu_busy_pct missing or not a number");
	v->cpu_busy_pct = win->cpu_busy_pct;
	v->tcp_retrans_pct = win->tcp_retrans_pct;
	speed = client->nic.speed_mbit;
	v->nic_pct = -1;
	if (speed > 0 && !isnan(win->nic_tx_mbit_s) && !isnan(win->nic_rx_mbit_s))
		v->nic_pct = 100.0 *
			     (win->nic_tx_mbit_s > win->nic_rx_mbit_s ? win->nic_tx_mbit_s
								      : win->nic_rx_mbit_s) /
			     speed;
	v->busiest_thread_pct = isnan(win->busiest_thread_pct) ? -1 : win->busiest_thread_pct;
	v->late_slots = rate != NULL && rate->late_no_worker >= 0 ? rate->late_no_worker : -1;
	peak = rate != NULL && rate->peak_workers > 0 ? rate->peak_workers : 0;

	if (v->cpu_busy_pct >= v->t.cpu_pct)
		v->reasons |= client->shares_cpu ? CLIMIT_R_SHARED_CPU : CLIMIT_R_CPU;
	if (v->busiest_thread_pct >= v->t.cpu_pct)
		v->reasons |= CLIMIT_R_CPU;
	if (v->nic_pct >= v->t.nic_pct)
		v->reasons |= CLIMIT_R_NIC;
	if (v->late_slots > 0 && (peak == 0 || workers_cap == 0 || peak >= workers_cap))
		v->reasons |= CLIMIT_R_WORKERS;
	v->degraded_network = v->tcp_retrans_pct > v->t.retrans_pct;
	v->limited = v->reasons != 0;
	return 1;
}

int climit_rejudge(const struct runrec_clientres *client, const struct climit_verdict *recorded,
		   const struct climit_thresholds *t, struct climit_verdict *v, struct err *e)
{
	int rc = climit_judge(client, NULL, 0, t, v, e);

	if (rc == 1 && recorded != NULL) {
		v->late_slots = recorded->late_slots;
		v->reasons |= recorded->reasons & CLIMIT_R_WORKERS;
		v->limited = v->reasons != 0;
	}
	return rc;
}

static double max_of(double a, double b)
{
	return a > b ? a : b;
}

void climit_combine(struct climit_verdict *run, const struct climit_verdict *c, int first)
{
	if (first) {
		*run = *c;
		return;
	}
	run->limited |= c->limited;
	run->reasons |= c->reasons;
	run->degraded_network |= c->degraded_network;
	run->cpu_busy_pct = max_of(run->cpu_busy_pct, c->cpu_busy_pct);
	run->nic_pct = max_of(run->nic_pct, c->nic_pct);
	run->tcp_retrans_pct = max_of(run->tcp_retrans_pct, c->tcp_retrans_pct);
	run->busiest_thread_pct = max_of(run->busiest_thread_pct, c->busiest_thread_pct);
	if (c->late_slots >= 0)
		run->late_slots = (run->late_slots > 0 ? run->late_slots : 0) + c->late_slots;
	run->thread_absent &= c->thread_absent;
	run->t = c->t;
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
	json_t *deg = json_array(), *o;

	if (deg != NULL && v->degraded_network)
		json_array_append_new(deg, json_string("network"));
	o = json_pack("{s:b,s:o,s:o,s:{s:f,s:o,s:o,s:o,s:f},s:{s:f,s:f,s:f}}", "limited",
		      v->limited, "reasons", climit_reasons_json(v->reasons), "degraded", deg,
		      "figures", "cpu_busy_pct", v->cpu_busy_pct, "busiest_thread_pct",
		      v->busiest_thread_pct >= 0 ? json_real(v->busiest_thread_pct) : json_null(),
		      "nic_pct", v->nic_pct >= 0 ? json_real(v->nic_pct) : json_null(),
		      "late_slots", v->late_slots >= 0 ? json_integer(v->late_slots) : json_null(),
		      "tcp_retrans_pct", v->tcp_retrans_pct, "thresholds", "cpu_pct", v->t.cpu_pct,
		      "nic_pct", v->t.nic_pct, "retrans_pct", v->t.retrans_pct);
	if (o != NULL && v->thread_absent)
		json_object_del(json_object_get(o, "figures"), "busiest_thread_pct");
	return o;
}

/* names_from: an array of names of `names` (n of them) into bits. */
static int names_from(const json_t *a, const char *path, const char *const *names, int n,
		      unsigned *bits, struct err *e)
{
	size_t i;
	json_t *x;

	if (!json_is_array(a))
		return err_set(e, "field %s: expected an array", path);
	json_array_foreach(a, i, x) {
		int k;

		for (k = 0;
		     k < n && !(json_is_string(x) && strcmp(json_string_value(x), names[k]) == 0);
		     k++)
			;
		if (k == n)
			return err_set(e, "field %s[%zu]: not a known name", path, i);
		*bits |= 1u << k;
	}
	return 0;
}

int climit_reasons_from_json(const json_t *a, const char *path, unsigned *bits, struct err *e)
{
	*bits = 0;
	return names_from(a, path, reason_names, CLIMIT_R_COUNT, bits, e);
}

/* num_from: o[k] as a number into *v; null into `null_v` when null_ok (null_ok 2: absent
 * too). */
static int num_from(const json_t *o, const char *path, const char *k, int null_ok, double null_v,
		    double *v, struct err *e)
{
	const json_t *x = json_object_get(o, k);

	if ((null_ok && json_is_null(x)) || (null_ok == 2 && x == NULL)) {
		*v = null_v;
		return 0;
	}
	if (!json_is_number(x))
		return err_set(e, "field %s.%s: missing or not a number", path, k);
	*v = json_number_value(x);
	return 0;
}

int climit_from_json(const json_t *j, const char *path, struct climit_verdict *v, struct err *e)
{
	static const char *const degraded[] = {"network"};
	const json_t *fig = json_object_get(j, "figures"), *th = json_object_get(j, "thresholds");
	char p[128], q[128];
	unsigned deg = 0;
	double late;

	memset(v, 0, sizeof(*v));
	snprintf(p, sizeof(p), "%s.figures", path);
	snprintf(q, sizeof(q), "%s.thresholds", path);
	if (!json_is_object(j) || !json_is_boolean(json_object_get(j, "limited")))
		return err_set(e, "field %s: expected an object with limited true or false", path);
	v->limited = json_is_true(json_object_get(j, "limited"));
	snprintf(q, sizeof(q), "%s.reasons", path);
	if (climit_reasons_from_json(json_object_get(j, "reasons"), q, &v->reasons, e) < 0)
		return -1;
	snprintf(q, sizeof(q), "%s.degraded", path);
	if (names_from(json_object_get(j, "degraded"), q, degraded, 1, &deg, e) < 0)
		return -1;
	v->degraded_network = deg != 0;
	snprintf(q, sizeof(q), "%s.thresholds", path);
	if (num_from(fig, p, "cpu_busy_pct", 0, 0, &v->cpu_busy_pct, e) < 0 ||
	    num_from(fig, p, "busiest_thread_pct", 2, -1, &v->busiest_thread_pct, e) < 0 ||
	    num_from(fig, p, "nic_pct", 1, -1, &v->nic_pct, e) < 0 ||
	    num_from(fig, p, "late_slots", 1, -1, &late, e) < 0 ||
	    num_from(fig, p, "tcp_retrans_pct", 0, 0, &v->tcp_retrans_pct, e) < 0 ||
	    num_from(th, q, "cpu_pct", 0, 0, &v->t.cpu_pct, e) < 0 ||
	    num_from(th, q, "nic_pct", 0, 0, &v->t.nic_pct, e) < 0 ||
	    num_from(th, q, "retrans_pct", 0, 0, &v->t.retrans_pct, e) < 0)
		return -1;
	v->late_slots = (int64_t)late;
	v->thread_absent = json_object_get(fig, "busiest_thread_pct") == NULL;
	return 0;
}

/* core/runrec/runrec_clientres.c: see runrec_clientres.h. */
#include "core/runrec/runrec_clientres.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/runrec/runrec.h"
#include "core/runrec/runrec_field.h"

#define WIN struct runrec_window

static json_t *cores_to(const void *rec)
{
	const WIN *w = rec;
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < w->n_cores; i++)
		json_array_append_new(a, json_real(w->core_busy_pct[i]));
	return a;
}

static int cores_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	WIN *w = rec;
	size_t i;
	json_t *x;

	if (!json_is_array(v) || json_array_size(v) > RUNREC_CORES_MAX)
		return err_set(e, "field %s: expected an array of at most %d numbers", path,
			       RUNREC_CORES_MAX);
	json_array_foreach(v, i, x) {
		if (!json_is_number(x))
			return err_set(e, "field %s[%zu]: expected a number", path, i);
		w->core_busy_pct[i] = json_number_value(x);
		w->n_cores = (int)i + 1;
	}
	return 0;
}

static const struct rrf window_f[] = {
	RRF_F("seconds", RRF_REAL, WIN, seconds),
	[RUNREC_WINDOW_CPU] = RRF_F("cpu_busy_pct", RRF_REAL, WIN, cpu_busy_pct),
	RRF_O("cpu_busy_per_core_pct", cores_to, cores_from),
	[RUNREC_WINDOW_COLLECTOR] = RRF_F("collector_cpu_pct", RRF_REAL, WIN, collector_cpu_pct),
	[RUNREC_WINDOW_OTHER] = RRF_F("other_cpu_pct", RRF_REAL, WIN, other_cpu_pct),
	RRF_F("busiest_thread_pct", RRF_REAL_N, WIN, busiest_thread_pct),
	RRF_F("nic_tx_bytes", RRF_INT_N, WIN, nic_tx_bytes),
	RRF_F("nic_rx_bytes", RRF_INT_N, WIN, nic_rx_bytes),
	RRF_F("nic_tx_mbit_s", RRF_REAL_N, WIN, nic_tx_mbit_s),
	RRF_F("nic_rx_mbit_s", RRF_REAL_N, WIN, nic_rx_mbit_s),
	RRF_F("tcp_out_segs", RRF_INT, WIN, tcp_out_segs),
	RRF_F("tcp_retrans_segs", RRF_INT, WIN, tcp_retrans_segs),
	[RUNREC_WINDOW_RETRANS] = RRF_F("tcp_retrans_pct", RRF_REAL, WIN, tcp_retrans_pct),
};

int runrec_window_has(const struct runrec_window *w, enum runrec_window_member m)
{
	return !(w->absent & (1ull << m));
}

static json_t *window_to(const struct runrec_window *w)
{
	return rrf_write(window_f, RRF_N(window_f), w, w->absent);
}

static int window_from(const json_t *v, const char *path, struct runrec_window *w, struct err *e)
{
	memset(w, 0, sizeof(*w));
	return rrf_read(v, path, window_f, RRF_N(window_f), w, &w->absent, e);
}

static json_t *windows_to(const void *rec)
{
	const struct runrec_clientres *c = rec;
	json_t *o = json_object();

	if (o == NULL || json_object_set_new(o, "benchmark", window_to(&c->benchmark)) < 0 ||
	    json_object_set_new(o, "kept", c->has_kept ? window_to(&c->kept) : json_null()) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int windows_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_clientres *c = rec;
	const json_t *b = json_object_get(v, "benchmark"), *k = json_object_get(v, "kept");
	char p[128];

	if (!json_is_object(v))
		return err_set(e, "field %s: expected an object", path);
	if (b == NULL ||
	    window_from(b, rrf_path(p, sizeof(p), path, "benchmark"), &c->benchmark, e) < 0)
		return b == NULL ? err_set(e, "field %s.benchmark: missing", path) : -1;
	if (k == NULL || json_is_null(k))
		return 0;
	c->has_kept = 1;
	return window_from(k, rrf_path(p, sizeof(p), path, "kept"), &c->kept, e);
}

static json_t *speed_to(const void *rec)
{
	const struct runrec_nic *n = rec;

	if (isnan(n->speed_mbit))
		return json_null();
	return n->speed_integer ? json_integer((json_int_t)n->speed_mbit)
				: json_real(n->speed_mbit);
}

static int speed_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_nic *n = rec;

	n->speed_mbit = NAN;
	if (json_is_null(v))
		return 0;
	if (!json_is_number(v))
		return err_set(e, "field %s: expected a number or null", path);
	n->speed_mbit = json_number_value(v);
	n->speed_integer = json_is_integer(v);
	return 0;
}

static const struct rrf nic_f[] = {
	RRF_T("name", RRF_TEXT_N, struct runrec_nic, name),
	RRF_O("speed_mbit", speed_to, speed_from),
	RRF_T("speed_source", RRF_TEXT, struct runrec_nic, speed_source),
};

static json_t *nic_to(const void *rec)
{
	const struct runrec_nic *n = &((const struct runrec_clientres *)rec)->nic;

	return rrf_write(nic_f, RRF_N(nic_f), n, n->absent);
}

static int nic_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_nic *n = &((struct runrec_clientres *)rec)->nic;

	n->speed_mbit = NAN;
	return rrf_read(v, path, nic_f, RRF_N(nic_f), n, &n->absent, e);
}

#define CR struct runrec_clientres

/* the member of clientres_f whose bit says "window" was read */
#define CLIENTRES_WINDOW 2

static const struct rrf clientres_f[] = {
	[RUNREC_CLIENTRES_HOST] = RRF_T("host", RRF_TEXT, CR, host),
	[RUNREC_CLIENTRES_CORES] = RRF_F("cores", RRF_INT, CR, cores),
	[CLIENTRES_WINDOW] = RRF_O("window", windows_to, windows_from),
	RRF_O("nic", nic_to, nic_from),
	RRF_F("endpoint_local", RRF_BOOL, CR, endpoint_local),
	RRF_F("shares_cpu", RRF_BOOL, CR, shares_cpu),
	RRF_F("samples", RRF_INT, CR, samples),
	RRF_F("realtime_drift_ms", RRF_REAL, CR, realtime_drift_ms),
	RRF_F("realtime_priority", RRF_INT_OPT, CR, realtime_priority),
};

json_t *runrec_clientres_to_json(const struct runrec_clientres *c)
{
	return rrf_write(clientres_f, RRF_N(clientres_f), c, c->absent);
}

int runrec_clientres_from_json(const json_t *j, const char *path, struct runrec_clientres *c,
			       struct err *e)
{
	memset(c, 0, sizeof(*c));
	c->nic.speed_mbit = NAN;
	if (rrf_read(j, path, clientres_f, RRF_N(clientres_f), c, &c->absent, e) < 0)
		return -1;
	if (c->absent & (1ull << CLIENTRES_WINDOW))
		c->benchmark.absent = ~0ull; /* no window: no figure at all */
	return 0;
}

int runrec_clientres_has(const struct runrec_clientres *c, enum runrec_clientres_member m)
{
	return !(c->absent & (1ull << m));
}

const struct runrec_window *runrec_clientres_window(const struct runrec_clientres *c)
{
	return c->has_kept ? &c->kept : &c->benchmark;
}

/* collect/campaign/campaign_rate.c: the [rate] section of a campaign file, a
 * latency-vs-offered-load sweep: one open-loop run per rate of `rates`, once per subject in
 * the first cycle (its runs: collect/campaign/campaign_runs.h). See campaign.h. */
#include "collect/campaign/campaign.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "collect/workload.h"

#define SEC "rate"

static int cmp_rate(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* parse_what: op, size and mix: what each request of the sweep does */
static int parse_what(struct cini *p, struct campaign_sweep *sw)
{
	struct cini_kv *kv;
	struct workload wl;
	struct err we;

	sw->op = WL_GET;
	if ((kv = cini_get(p, SEC, "op")) != NULL &&
	    (workload_parse_op(kv->val, &sw->op, &we) < 0 ||
	     (sw->op != WL_GET && sw->op != WL_PUT && sw->op != WL_HEAD && sw->op != WL_MIXED)))
		return cini_bad_quoted(p, kv,
				       "is not an op of a rate sweep (get, put, head, "
				       "mixed)");
	workload_defaults(&wl, sw->op);
	sw->mix = wl.mix;
	sw->bench.size = wl.size;
	if ((kv = cini_get(p, SEC, "size")) != NULL &&
	    workload_parse_sizes(kv->val, &sw->sizes, &sw->bench.size, &we) < 0)
		return cini_bad(p, kv, we.msg);
	if ((kv = cini_get(p, SEC, "mix")) != NULL) {
		if (sw->op != WL_MIXED)
			return cini_bad(p, kv, "a mix is only for op = mixed");
		if (workload_parse_mix(kv->val, &sw->mix, &we) < 0)
			return cini_bad(p, kv, we.msg);
	}
	return 0;
}

/* parse_load: rates (sorted), concurrency (the worker cap; default workload_rate_cap of the
 * highest rate),
 * duration, timeout and objects */
static int parse_load(struct cini *p, struct campaign_sweep *sw, double campaign_timeout)
{
	struct campaign_bench *b = &sw->bench;
	struct cini_kv *kv;
	struct err we;
	uint64_t v;

	if ((kv = cini_get(p, SEC, "rates")) == NULL)
		return err_set(p->e, "%s:%d: [" SEC "]: needs rates = R/s, R/s, ...", p->name,
			       b->line);
	if ((sw->n_rates = cini_each_item(p, kv, CAMPAIGN_MAX_LIST, campaign_item_rate,
					  sw->rates)) < 0)
		return -1;
	qsort(sw->rates, (size_t)sw->n_rates, sizeof(sw->rates[0]), cmp_rate);
	if (cini_get(p, SEC, "duration") == NULL)
		return err_set(p->e,
			       "%s:%d: [" SEC "]: needs duration = D (a rate run is "
			       "duration-bound)",
			       p->name, b->line);
	b->bound = WL_BOUND_DURATION;
	if (cini_get_duration(p, SEC, "duration", &b->duration_s) < 0 ||
	    cini_get_duration(p, SEC, "timeout", &b->timeout_s) < 0)
		return -1;
	v = (uint64_t)workload_rate_cap(sw->rates[sw->n_rates - 1]);
	if ((kv = cini_get(p, SEC, "concurrency")) != NULL &&
	    workload_parse_number(WLF_CONCURRENCY, kv->val, &v, &we) < 0)
		return cini_bad(p, kv, we.msg);
	b->concurrency = (int)v;
	if ((kv = cini_get(p, SEC, "objects")) != NULL) {
		if (sw->op == WL_PUT)
			return cini_bad(p, kv,
					"objects are prepared for get, head and mixed only "
					"(a put sweep reads nothing)");
		if (workload_parse_number(WLF_OBJECTS, kv->val, &b->objects, &we) < 0)
			return cini_bad(p, kv, we.msg);
	}
	campaign_bench_timeout(b, campaign_timeout, sw->op, b->concurrency);
	return 0;
}

int campaign_parse_sweep(struct cini *p, struct campaign *c)
{
	struct campaign_sweep *sw = &c->sweep;

	sw->bench.line = cini_sec_line(p, SEC);
	if (sw->bench.line == 0)
		return 0;
	sw->bench.enabled = 1;
	sw->bench.send = c->matrix.send;
	if (campaign_parse_send(p, SEC, &sw->bench.send, NULL) < 0 || parse_what(p, sw) < 0 ||
	    parse_load(p, sw, c->timeout_s) < 0)
		return -1;
	return 0;
}

/* collect/consist/consist_json.c: the consistency probes' reports as consistency.json's
 * records (written by its codec, core/subjlog/consistfile.h; docs/FORMATS.md,
 * "consistency.json") and their printout. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/consist/consist.h"
#include "core/subjlog/consistfile.h"
#include "core/timefmt.h"

/* A report as consistency.json's record: the record and the room its kinds, probes and
 * times take (its strings are the report's). */
struct rec {
	struct consistfile_subject s;
	struct consistfile_kind k[CK_COUNT];
	char t0[40], t1[40];
};

/* record: report r into x (r outlives it; the probes' room in x->k[].probes, NULL when out
 * of memory). -1 when out of memory. */
static int record(const struct consist_report *r, struct rec *x)
{
	x->s.head = (struct subjlog_head){r->subject, r->endpoint, r->bucket,  x->t0,
					  x->t1,      r->bill,     r->cleanup, r->error};
	rfc3339_format(x->t0, sizeof(x->t0), r->started_ns);
	rfc3339_format(x->t1, sizeof(x->t1), r->ended_ns);
	x->s.repeat = r->repeat;
	x->s.poll_ms = r->poll_ns / 1e6;
	x->s.max_wait_ms = r->max_wait_ns / 1e6;
	x->s.kinds = x->k;
	for (int k = 0; k < CK_COUNT; k++) {
		struct consistfile_kind *ck = &x->k[x->s.n_kinds];
		if (r->k[k].n == 0)
			continue;
		ck->name = consist_kind_name((enum consist_kind)k);
		if ((ck->probes = calloc((size_t)r->k[k].n, sizeof(*ck->probes))) == NULL)
			return -1;
		for (int i = 0; i < r->k[k].n; i++) {
			const struct consist_probe *p = &r->k[k].p[i];
			ck->probes[ck->n_probes++] = (struct consistfile_probe){
				(enum consistfile_outcome)p->outcome,
				p->window_ns < 0 ? NAN : p->window_ns / 1e6, p->stale_ns / 1e6,
				p->stale_polls, p->detail};
		}
		x->s.n_kinds++;
	}
	return 0;
}

static void rec_free(struct rec *x)
{
	for (int k = 0; k < CK_COUNT; k++)
		free(x->k[k].probes);
}

int consist_write(const char *dir, const struct consist_report *r, size_t n, struct err *e)
{
	struct rec *x = calloc(n + 1, sizeof(*x));
	struct consistfile_subject *s = calloc(n + 1, sizeof(*s));
	int rc = x != NULL && s != NULL ? 0 : -1;

	for (size_t i = 0; rc == 0 && i < n; i++) {
		rc = record(&r[i], &x[i]);
		s[i] = x[i].s;
	}
	if (rc < 0)
		err_set(e, "%s/%s: out of memory", dir, CONSISTFILE_NAME);
	else
		rc = consistfile_write(dir, s, n, e);
	for (size_t i = 0; x != NULL && i < n; i++)
		rec_free(&x[i]);
	free(s);
	free(x);
	return rc;
}

void consist_print(FILE *f, const struct consist_report *r)
{
	fprintf(f, "consistency %s (%s, bucket %s; poll %.0f ms, max_wait %.0f ms):\n", r->subject,
		r->endpoint, r->bucket, r->poll_ns / 1e6, r->max_wait_ns / 1e6);
	for (int k = 0; k < CK_COUNT; k++) {
		int n[CO_COUNT] = {0};
		int64_t max = 0;

		if (r->k[k].n == 0)
			continue;
		for (int i = 0; i < r->k[k].n; i++) {
			const struct consist_probe *p = &r->k[k].p[i];
			n[p->outcome]++;
			if (p->window_ns > max)
				max = p->window_ns;
		}
		fprintf(f, "  %-21s strong in %d of %d", consist_kind_name((enum consist_kind)k),
			n[CO_STRONG], r->k[k].n - n[CO_UNTESTED]);
		if (n[CO_STALE] + n[CO_TIMEOUT] > 0)
			fprintf(f, "; stale in %d (%d past max_wait), up to %.0f ms",
				n[CO_STALE] + n[CO_TIMEOUT], n[CO_TIMEOUT], max / 1e6);
		if (n[CO_UNTESTED] > 0)
			fprintf(f, "; %d untested", n[CO_UNTESTED]);
		fputc('\n', f);
	}
	if (r->cleanup[0])
		fprintf(f, "  cleanup: %s\n", r->cleanup);
	if (r->error[0])
		fprintf(f, "  not probed: %s\n", r->error);
}

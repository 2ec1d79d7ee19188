/* collect/consist/consist_json.c: consistency.json (docs/FORMATS.md, "consistency.json")
 * and the consistency probes' printout. */
#include <stdio.h>
#include <string.h>

#include "collect/consist/consist.h"
#include "core/runrec/runrec.h"
#include "core/timefmt.h"

static json_t *probe_json(const struct consist_probe *p)
{
	return json_pack("{s:s, s:o, s:f, s:i, s:s}", "outcome", consist_outcome_name(p->outcome),
			 "window_ms",
			 p->window_ns < 0 ? json_null() : json_real(p->window_ns / 1e6), "stale_ms",
			 p->stale_ns / 1e6, "stale_polls", p->stale_polls, "detail", p->detail);
}

static json_t *report_json(const struct consist_report *r)
{
	char t0[40], t1[40];
	json_t *o, *kinds;

	rfc3339_format(t0, sizeof(t0), r->started_ns);
	rfc3339_format(t1, sizeof(t1), r->ended_ns);
	o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:i, s:f, s:f, s:o, s:s, s:s, s:{}}", "subject",
		      r->subject, "endpoint", r->endpoint, "bucket", r->bucket, "started", t0,
		      "ended", t1, "repeat", r->repeat, "poll_ms", r->poll_ns / 1e6, "max_wait_ms",
		      r->max_wait_ns / 1e6, "billing", bill_to_json(&r->bill), "cleanup",
		      r->cleanup, "error", r->error, "kinds");
	kinds = o != NULL ? json_object_get(o, "kinds") : NULL;
	for (int k = 0; kinds != NULL && k < CK_COUNT; k++) {
		json_t *a = json_array();
		if (r->k[k].n == 0) {
			json_decref(a);
			continue;
		}
		for (int i = 0; a != NULL && i < r->k[k].n; i++)
			if (json_array_append_new(a, probe_json(&r->k[k].p[i])) != 0) {
				json_decref(a);
				a = NULL;
			}
		if (a == NULL || json_object_set_new(kinds, consist_kind_name((enum consist_kind)k),
						     json_pack("{s:o}", "probes", a)) != 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

int consist_write(const char *dir, const struct consist_report *r, size_t n, struct err *e)
{
	json_t *o = json_pack("{s:s, s:[]}", "format", "s3bench-consistency/1", "subjects");
	json_t *a = o != NULL ? json_object_get(o, "subjects") : NULL;
	int rc = -1;

	for (size_t i = 0; a != NULL && i < n; i++)
		if (json_array_append_new(a, report_json(&r[i])) != 0)
			a = NULL;
	if (a == NULL)
		err_set(e, "%s/consistency.json: out of memory", dir);
	else
		rc = runrec_write_json(o, dir, "consistency.json", 0, e);
	json_decref(o);
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

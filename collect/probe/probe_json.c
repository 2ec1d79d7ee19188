/* collect/probe/probe_json.c: probe.json (docs/FORMATS.md, "probe.json") and the probe's
 * printout. */
#include <stdio.h>
#include <string.h>

#include "collect/probe/probe.h"
#include "core/runrec/runrec.h"
#include "core/timefmt.h"

static json_t *check_json(const struct probe_check *c)
{
	return json_pack("{s:s, s:s, s:I, s:s, s:s, s:s}", "check", c->name, "verdict",
			 probe_verdict_name(c->v), "status", (json_int_t)c->status, "code", c->code,
			 "expected", c->expected, "detail", c->detail);
}

static json_t *feature_json(const struct probe_feature_result *f)
{
	json_t *o = json_pack("{s:s, s:s, s:[]}", "verdict", probe_verdict_name(f->v), "note",
			      f->note, "checks");
	json_t *a = o != NULL ? json_object_get(o, "checks") : NULL;

	for (int i = 0; a != NULL && i < f->n_checks; i++)
		if (json_array_append_new(a, check_json(&f->checks[i])) != 0) {
			json_decref(o);
			return NULL;
		}
	return o;
}

json_t *probe_report_json(const struct probe_report *r)
{
	char t0[40], t1[40];
	json_t *o, *feats;

	rfc3339_format(t0, sizeof(t0), r->started_ns);
	rfc3339_format(t1, sizeof(t1), r->ended_ns);
	o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:s, s:s, s:{}}", "subject", r->subject,
		      "endpoint", r->endpoint, "bucket", r->bucket, "started", t0, "ended", t1,
		      "billing", bill_to_json(&r->bill), "cleanup", r->cleanup, "error", r->error,
		      "features");
	feats = o != NULL ? json_object_get(o, "features") : NULL;
	for (int f = 0; feats != NULL && f < PF_COUNT; f++) {
		if (!r->f[f].probed)
			continue;
		if (json_object_set_new(feats, probe_feature_name((enum probe_feature)f),
					feature_json(&r->f[f])) != 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

int probe_write(const char *dir, const struct probe_report *r, size_t n, struct err *e)
{
	json_t *o = json_pack("{s:s, s:[]}", "format", "s3bench-probe/1", "subjects");
	json_t *a = o != NULL ? json_object_get(o, "subjects") : NULL;
	int rc = -1;

	for (size_t i = 0; a != NULL && i < n; i++)
		if (json_array_append_new(a, probe_report_json(&r[i])) != 0)
			a = NULL;
	if (a == NULL)
		err_set(e, "%s/probe.json: out of memory", dir);
	else
		rc = runrec_write_json(o, dir, "probe.json", 0, e);
	json_decref(o);
	return rc;
}

void probe_print(FILE *f, const struct probe_report *r)
{
	fprintf(f, "probe %s (%s, bucket %s):\n", r->subject, r->endpoint, r->bucket);
	for (int k = 0; k < PF_COUNT; k++) {
		const struct probe_feature_result *fr = &r->f[k];
		if (!fr->probed)
			continue;
		fprintf(f, "  %-20s %-9s", probe_feature_name((enum probe_feature)k),
			probe_verdict_name(fr->v));
		if (fr->note[0])
			fprintf(f, " %s", fr->note);
		for (int i = 0, said = 0; i < fr->n_checks; i++) {
			const struct probe_check *c = &fr->checks[i];
			if (c->v == PV_SUPPORTED)
				continue;
			fprintf(f, "%s %s: %s", said++ ? ";" : "", c->name,
				probe_verdict_name(c->v));
			if (c->v == PV_REFUSED && c->status != 0)
				fprintf(f, " %ld%s%s", c->status, c->code[0] ? " " : "", c->code);
			if (c->detail[0])
				fprintf(f, " (%s)", c->detail);
		}
		fputc('\n', f);
	}
	if (r->cleanup[0])
		fprintf(f, "  cleanup: %s\n", r->cleanup);
	if (r->error[0])
		fprintf(f, "  not probed: %s\n", r->error);
}

/* collect/probe/probe_json.c: the probe's reports as probe.json's records (written by its
 * codec, core/subjlog/probefile.h; docs/FORMATS.md, "probe.json") and the probe's
 * printout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/probe/probe.h"
#include "core/subjlog/probefile.h"
#include "core/timefmt.h"

/* A report as probe.json's record: the record and the room its features, checks and
 * times take (its strings are the report's). */
struct rec {
	struct probefile_subject s;
	struct probefile_feature f[PF_COUNT];
	struct probefile_check c[PF_COUNT][PROBE_MAX_CHECKS];
	char t0[40], t1[40];
};

/* verdict: v as the file's verdict. */
static enum results_sv verdict(enum probe_verdict v)
{
	int k = results_sv_find(probe_verdict_name(v));

	return k >= 0 ? (enum results_sv)k : RESULTS_SV_UNTESTED;
}

/* record: report r into x (r outlives it). */
static void record(const struct probe_report *r, struct rec *x)
{
	x->s.head = (struct subjlog_head){r->subject, r->endpoint, r->bucket,  x->t0,
					  x->t1,      r->bill,     r->cleanup, r->error};
	rfc3339_format(x->t0, sizeof(x->t0), r->started_ns);
	rfc3339_format(x->t1, sizeof(x->t1), r->ended_ns);
	x->s.features = x->f;
	for (int k = 0; k < PF_COUNT; k++) {
		const struct probe_feature_result *fr = &r->f[k];
		struct probefile_feature *f = &x->f[x->s.n_features];
		if (!fr->probed)
			continue;
		*f = (struct probefile_feature){probe_feature_name((enum probe_feature)k),
						verdict(fr->v), fr->note, x->c[k], 0};
		for (int i = 0; i < fr->n_checks; i++) {
			const struct probe_check *c = &fr->checks[i];
			x->c[k][f->n_checks++] = (struct probefile_check){
				c->name, (int)verdict(c->v), c->status,
				c->code, c->expected,        c->detail};
		}
		x->s.n_features++;
	}
}

json_t *probe_report_json(const struct probe_report *r)
{
	struct rec x = {0};

	record(r, &x);
	return probefile_subject_json(&x.s);
}

int probe_write(const char *dir, const struct probe_report *r, size_t n, struct err *e)
{
	struct rec *x = calloc(n + 1, sizeof(*x));
	struct probefile_subject *s = calloc(n + 1, sizeof(*s));
	int rc = -1;

	if (x == NULL || s == NULL)
		err_set(e, "%s/%s: out of memory", dir, PROBEFILE_NAME);
	else {
		for (size_t i = 0; i < n; i++) {
			record(&r[i], &x[i]);
			s[i] = x[i].s;
		}
		rc = probefile_write(dir, s, n, e);
	}
	free(s);
	free(x);
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

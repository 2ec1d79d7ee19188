/* core/runrec/runrec_credentials.c: run.json's "credentials" record: where the run's keys
 * came from and each time temporary ones were fetched again (docs/FORMATS.md, "run.json";
 * core/runrec/runrec.h). Never a key. */
#include <stdio.h>
#include <string.h>

#include "core/runrec/runrec.h"
#include "core/runrec/runrec_field.h"

#define C struct runrec_credentials
#define F struct runrec_refresh

static const struct rrf refresh_f[] = {
	RRF_F("at", RRF_TIME, F, at_ns),           RRF_R("took_ms", RRF_REAL, F, took_ms, 0, 1e12),
	RRF_T("source", RRF_TEXT, F, source),      RRF_F("ok", RRF_BOOL, F, ok),
	RRF_F("expires", RRF_TIME, F, expires_ns), RRF_T("error", RRF_TEXT_N, F, error),
};

static json_t *log_to(const void *rec)
{
	const C *c = rec;
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < c->n; i++)
		json_array_append_new(
			a, rrf_write(refresh_f, RRF_N(refresh_f), &c->log[i], c->log[i].absent));
	return a;
}

static int log_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	C *c = rec;
	char p[160];
	json_t *x;
	size_t i;

	if (!json_is_array(v))
		return err_set(e, "field %s: expected an array", path);
	json_array_foreach(v, i, x) {
		if (c->n == RUNREC_REFRESH_MAX)
			return err_set(e, "field %s: more than %d entries", path,
				       RUNREC_REFRESH_MAX);
		snprintf(p, sizeof(p), "%s[%zu]", path, i);
		if (rrf_read(x, p, refresh_f, RRF_N(refresh_f), &c->log[c->n], &c->log[c->n].absent,
			     e) < 0)
			return -1;
		c->n++;
	}
	return 0;
}

static const struct rrf credentials_f[] = {
	RRF_T("source", RRF_TEXT, C, source),
	RRF_F("fetched", RRF_TIME, C, fetched_ns),
	RRF_R("took_ms", RRF_REAL, C, took_ms, 0, 1e12),
	RRF_F("expires", RRF_TIME, C, expires_ns),
	RRF_R("refreshes", RRF_INT, C, refreshes, 0, 9.2e18),
	RRF_R("failed", RRF_INT, C, failed, 0, 9.2e18),
	RRF_O("log", log_to, log_from),
};

json_t *runrec_credentials_to_json(const struct runrec_credentials *c)
{
	return rrf_write(credentials_f, RRF_N(credentials_f), c, c->absent);
}

int runrec_credentials_from_json(const json_t *j, const char *path, struct runrec_credentials *c,
				 struct err *e)
{
	memset(c, 0, sizeof(*c));
	if (rrf_read(j, path, credentials_f, RRF_N(credentials_f), c, &c->absent, e) < 0)
		return -1;
	if (c->failed > c->refreshes || c->n > c->refreshes)
		return err_set(e, "field %s: more failed or logged refreshes than refreshes", path);
	return 0;
}

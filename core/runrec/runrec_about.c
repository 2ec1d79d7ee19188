/* core/runrec/runrec_about.c: the records of who ran a run and against what: "tool",
 * "host", "campaign", "subject" (docs/FORMATS.md, "run.json"; core/runrec/runrec.h). */
#include <string.h>

#include "core/runrec/runrec.h"
#include "core/runrec/runrec_field.h"

static const struct rrf tool_f[] = {
	RRF_F("name", RRF_STR, struct runrec_tool, name),
	RRF_F("version", RRF_STR, struct runrec_tool, version),
	RRF_F("libcurl", RRF_STR, struct runrec_tool, libcurl),
	RRF_F("openssl", RRF_STR, struct runrec_tool, openssl),
	RRF_F("libzstd", RRF_STR, struct runrec_tool, libzstd),
	RRF_F("jansson", RRF_STR, struct runrec_tool, jansson),
};

static const struct rrf host_f[] = {
	RRF_F("hostname", RRF_STR, struct runrec_host, hostname),
	RRF_F("os", RRF_STR, struct runrec_host, os),
	RRF_F("machine", RRF_STR_OPT, struct runrec_host, machine),
	RRF_F("cpus", RRF_INT, struct runrec_host, cpus),
	RRF_F("cpu_model", RRF_STR, struct runrec_host, cpu_model),
};

static const struct rrf campaign_f[] = {
	RRF_F("name", RRF_STR, struct runrec_campaign, name),
	RRF_F("title", RRF_STR, struct runrec_campaign, title),
	RRF_F("client", RRF_STR, struct runrec_campaign, client),
	RRF_F("file", RRF_STR, struct runrec_campaign, file),
	RRF_F("order", RRF_STR, struct runrec_campaign, order),
	RRF_R("cycles", RRF_INT, struct runrec_campaign, cycles, 0, 1000000),
	RRF_R("p99_limit_ms", RRF_REAL_Z, struct runrec_campaign, p99_limit_ms, 0, 1e300),
	RRF_F("cost_example", RRF_STR_OPT, struct runrec_campaign, cost_example),
	RRF_F("vantage", RRF_STR_OPT, struct runrec_campaign, vantage),
};

/* the member of subject_f that older files may lack */
#define SUBJECT_INSECURE 7

static const struct rrf subject_f[] = {
	RRF_NE("id", RRF_STR, struct runrec_subject, id),
	RRF_F("label", RRF_STR, struct runrec_subject, label),
	RRF_F("endpoint", RRF_STR, struct runrec_subject, endpoint),
	RRF_F("region", RRF_STR, struct runrec_subject, region),
	RRF_F("bucket", RRF_STR, struct runrec_subject, bucket),
	RRF_F("addressing", RRF_STR, struct runrec_subject, addressing),
	RRF_F("color", RRF_STR, struct runrec_subject, color),
	[SUBJECT_INSECURE] = RRF_F("insecure", RRF_BOOL, struct runrec_subject, insecure),
	RRF_F("credentials", RRF_STR, struct runrec_subject, credentials),
	RRF_F("ca_bundle", RRF_STR, struct runrec_subject, ca_bundle),
	RRF_F("addressing_used", RRF_STR, struct runrec_subject, addressing_used),
};

json_t *runrec_tool_to_json(const struct runrec_tool *t)
{
	return rrf_write(tool_f, RRF_N(tool_f), t, t->absent);
}

int runrec_tool_from_json(const json_t *j, const char *path, struct runrec_tool *t, struct err *e)
{
	memset(t, 0, sizeof(*t));
	return rrf_read(j, path, tool_f, RRF_N(tool_f), t, &t->absent, e);
}

json_t *runrec_host_to_json(const struct runrec_host *h)
{
	return rrf_write(host_f, RRF_N(host_f), h, h->absent);
}

int runrec_host_from_json(const json_t *j, const char *path, struct runrec_host *h, struct err *e)
{
	memset(h, 0, sizeof(*h));
	return rrf_read(j, path, host_f, RRF_N(host_f), h, &h->absent, e);
}

json_t *runrec_campaign_to_json(const struct runrec_campaign *c)
{
	return rrf_write(campaign_f, RRF_N(campaign_f), c, c->absent);
}

int runrec_campaign_from_json(const json_t *j, const char *path, struct runrec_campaign *c,
			      struct err *e)
{
	memset(c, 0, sizeof(*c));
	return rrf_read(j, path, campaign_f, RRF_N(campaign_f), c, &c->absent, e);
}

json_t *runrec_subject_to_json(const struct runrec_subject *s)
{
	return rrf_write(subject_f, RRF_N(subject_f), s, s->absent);
}

int runrec_subject_from_json(const json_t *j, const char *path, struct runrec_subject *s,
			     struct err *e)
{
	memset(s, 0, sizeof(*s));
	return rrf_read(j, path, subject_f, RRF_N(subject_f), s, &s->absent, e);
}

int runrec_subject_insecure(const struct runrec_subject *s)
{
	return s->absent & (1ull << SUBJECT_INSECURE) ? -1 : s->insecure != 0;
}

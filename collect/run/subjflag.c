/* collect/run/subjflag.c: see subjflag.h. */
#include "collect/run/subjflag.h"

#include <stdio.h>
#include <string.h>

#include "collect/run/cli.h"
#include "collect/run/subject.h"
#include "collect/s3/s3_endpoint.h"

/* The rows of every subject flag: row i is flag 1 << i. */
static const struct option subject_rows[SUBJFLAG_COUNT] = {
	{"endpoint", required_argument, 0, SUBJFLAG_CODE + 0},
	{"bucket", required_argument, 0, SUBJFLAG_CODE + 1},
	{"region", required_argument, 0, SUBJFLAG_CODE + 2},
	{"path-style", no_argument, 0, SUBJFLAG_CODE + 3},
	{"insecure", no_argument, 0, SUBJFLAG_CODE + 4},
	{"allow-retention", no_argument, 0, SUBJFLAG_CODE + 5},
	{"ca-bundle", required_argument, 0, SUBJFLAG_CODE + 6},
	{"id", required_argument, 0, SUBJFLAG_CODE + 7},
};

size_t subjflag_options(unsigned set, struct option *out)
{
	size_t n = 0;

	for (int i = 0; i < SUBJFLAG_COUNT; i++)
		if (set & (1u << i))
			out[n++] = subject_rows[i];
	return n;
}

int subjflag_read(int ch, char *v, struct campaign_subject *s)
{
	if (ch < SUBJFLAG_CODE || ch >= SUBJFLAG_CODE + SUBJFLAG_COUNT)
		return 0;
	switch (1u << (ch - SUBJFLAG_CODE)) {
	case SUBJFLAG_ENDPOINT:
		s->endpoint = v;
		break;
	case SUBJFLAG_BUCKET:
		s->bucket = v;
		break;
	case SUBJFLAG_REGION:
		s->region = v;
		break;
	case SUBJFLAG_PATH_STYLE:
		s->path_style = 1;
		break;
	case SUBJFLAG_INSECURE:
		s->insecure = 1;
		break;
	case SUBJFLAG_ALLOW_RETENTION:
		s->allow_retention = 1;
		break;
	case SUBJFLAG_CA_BUNDLE:
		s->ca_bundle = v;
		break;
	default:
		s->id = v;
	}
	return 1;
}

int subjflag_complete(struct campaign_subject *s, struct awsconf *conf, const char *needs)
{
	char msg[ERR_MSG_MAX + 16];
	struct err e;

	if (subject_run_defaults(s, conf, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return EXITCODE_USAGE;
	}
	if (s->endpoint == NULL)
		return cli_usage_error(needs);
	if (s3_endpoint_check(s->endpoint, &e) < 0) {
		snprintf(msg, sizeof(msg), "--endpoint: %s", e.msg);
		return cli_usage_error(msg);
	}
	if (s->path_style < 0)
		s->path_style = strstr(s->endpoint, ".amazonaws.com") == NULL;
	s->cred_kind = CAMPAIGN_CRED_DEFAULT;
	s->ca_bundle = (char *)subject_ca_default(s->ca_bundle);
	return 0;
}

/* collect/run/probing.c: see probing.h. */
#include "collect/run/probing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/run/cli.h"
#include "collect/run/subject.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "collect/s3/s3_endpoint.h"

int probing_subject(const struct campaign_subject *s, const struct probe_opts *o,
		    struct probe_report *out, struct err *e)
{
	struct creds *cr;
	struct s3_config cfg;
	char *profile_ca = NULL;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	snprintf(out->subject, sizeof(out->subject), "%s", s->id);
	snprintf(out->endpoint, sizeof(out->endpoint), "%s", s->endpoint);
	snprintf(out->bucket, sizeof(out->bucket), "%s", s->bucket);
	if ((cr = subject_creds(s, e)) == NULL ||
	    subject_config(s, cr, 0, NULL, &cfg, &profile_ca, e) != 0)
		err_prefix(e, "probe %s", s->id); /* probe_run's messages name it */
	else if (probe_run(&cfg, s->id, s->bucket, o, out, e) == 0)
		rc = 0;
	if (rc < 0)
		snprintf(out->error, sizeof(out->error), "%s", e->msg);
	free(profile_ca);
	creds_free(cr);
	return rc;
}

int consisting_subject(const struct campaign_subject *s, const struct consist_opts *o,
		       struct consist_report *out, struct err *e)
{
	struct creds *cr;
	struct s3_config cfg;
	char *profile_ca = NULL;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	snprintf(out->subject, sizeof(out->subject), "%s", s->id);
	snprintf(out->endpoint, sizeof(out->endpoint), "%s", s->endpoint);
	snprintf(out->bucket, sizeof(out->bucket), "%s", s->bucket);
	if ((cr = subject_creds(s, e)) == NULL ||
	    subject_config(s, cr, 0, NULL, &cfg, &profile_ca, e) != 0)
		err_prefix(e, "consistency %s", s->id); /* consist_run's messages name it */
	else if (consist_run(&cfg, s->id, s->bucket, o, out, e) == 0)
		rc = 0;
	if (rc < 0)
		snprintf(out->error, sizeof(out->error), "%s", e->msg);
	free(profile_ca);
	creds_free(cr);
	return rc;
}

int probing_flags_done(struct campaign_subject *s, struct awsconf *conf, const char *cmd)
{
	struct err e;

	if (s->bucket == NULL) {
		snprintf(e.msg, sizeof(e.msg),
			 "%s needs --bucket (and --endpoint, or AWS_ENDPOINT_URL_S3 ...)", cmd);
		return cli_usage_error(e.msg);
	}
	if (subject_run_defaults(s, conf, &e) < 0 || s->endpoint == NULL ||
	    s3_endpoint_check(s->endpoint, &e) < 0) {
		if (s->endpoint == NULL)
			snprintf(e.msg, sizeof(e.msg), "%s: --endpoint: no http:// or https:// URL",
				 cmd);
		fprintf(stderr, "collect: %s\n", e.msg);
		return EXITCODE_USAGE;
	}
	if (s->path_style < 0)
		s->path_style = strstr(s->endpoint, ".amazonaws.com") == NULL;
	s->cred_kind = CAMPAIGN_CRED_DEFAULT;
	s->ca_bundle = (char *)subject_ca_default(s->ca_bundle);
	return 0;
}

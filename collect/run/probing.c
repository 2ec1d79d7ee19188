/* collect/run/probing.c: see probing.h. */
#include "collect/run/probing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/run/subject.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"

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

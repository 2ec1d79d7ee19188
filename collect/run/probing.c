/* collect/run/probing.c: see probing.h. */
#include "collect/run/probing.h"

#include <stdlib.h>

#include "collect/run/subject.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"

int probing_subject(const struct campaign_subject *s, const struct probe_opts *o,
		    struct probe_report *out, struct err *e)
{
	struct creds *cr = subject_creds(s, e);
	struct s3_config cfg;
	char *profile_ca = NULL;
	int rc = -1;

	if (cr == NULL)
		return -1;
	if (subject_config(s, cr, 0, NULL, &cfg, &profile_ca, e) == 0 &&
	    probe_run(&cfg, s->id, s->bucket, o, out, e) == 0)
		rc = 0;
	if (rc < 0)
		err_prefix(e, "subject %s", s->id);
	free(profile_ca);
	creds_free(cr);
	return rc;
}

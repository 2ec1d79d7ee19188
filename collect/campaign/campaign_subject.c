/* collect/campaign/campaign_subject.c: a [subject ID] section of a campaign file (campaign.h,
 * struct campaign_subject): where the endpoint is, how its credentials are found, its
 * colour, prices and budget, and the workload-mode keys it sets over every section's
 * (send keys, retries, duration). Reads keys only: its runs are checked by
 * collect/campaign/campaign_check.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "collect/s3/s3_endpoint.h"
#include "collect/workload.h"
#include "core/palette.h"
#include "core/tzone.h"

/* parse_modes: the workload-mode keys of [subject] section sec into sub: the send keys
 * (campaign_parse_send), retries, and duration = D | auto with max_duration and
 * min_duration (those two only with auto, as in a section). */
static int parse_modes(struct cini *p, const char *sec, struct campaign_subject *sub)
{
	struct cini_kv *kv = cini_get(p, sec, workload_field_key(WLF_RETRIES));
	struct campaign_bench b = {0};
	struct err we;
	uint64_t v;

	if (campaign_parse_send(p, sec, &sub->send, &sub->send_set) < 0)
		return -1;
	if (kv != NULL) {
		if (workload_parse_number(WLF_RETRIES, kv->val, &v, &we) < 0)
			return cini_bad(p, kv, we.msg);
		sub->retries_set = 1;
		sub->retries = (int)v;
	}
	if (campaign_parse_auto(p, sec, &b) < 0)
		return -1;
	if (b.auto_stop) {
		sub->dur_set = 2;
		sub->duration_s = b.duration_s;
		sub->min_duration_s = b.min_duration_s;
	} else if (cini_get(p, sec, "duration") != NULL) {
		if (cini_get_duration(p, sec, "duration", &sub->duration_s) < 0)
			return -1;
		sub->dur_set = 1;
	}
	return 0;
}

/* parse_where: label, endpoint, region, bucket, TLS keys and addressing */
static int parse_where(struct cini *p, const struct cini_sec *s, struct campaign_subject *sub)
{
	struct cini_kv *kv;
	struct err ee;

	/* with a profile, endpoint and region may come from the AWS config file: left NULL
	 * here, filled in by the collector (subject_profile_defaults, collect/run/subject.h) */
	int has_profile = cini_get(p, s->name, "profile") != NULL ||
			  (cini_get(p, s->name, "credentials") != NULL &&
			   strncmp(cini_get(p, s->name, "credentials")->val, "profile:", 8) == 0);
	if (cini_get_str(p, s->name, "label", &sub->label, sub->id) < 0 ||
	    cini_get_str(p, s->name, "endpoint", &sub->endpoint, NULL) < 0 ||
	    cini_get_str(p, s->name, "region", &sub->region, has_profile ? NULL : "us-east-1") <
		    0 ||
	    cini_get_str(p, s->name, "bucket", &sub->bucket, NULL) < 0 ||
	    cini_get_bool(p, s->name, "insecure", &sub->insecure) < 0 ||
	    cini_get_bool(p, s->name, "allow_retention", &sub->allow_retention) < 0 ||
	    cini_get_str(p, s->name, "ca_bundle", &sub->ca_bundle, NULL) < 0 ||
	    cini_get_str(p, s->name, "tz", &sub->tz, NULL) < 0 || parse_modes(p, s->name, sub) < 0)
		return -1;
	if (sub->tz != NULL && tzone_check(sub->tz, &ee) < 0)
		return cini_bad(p, cini_get(p, s->name, "tz"), ee.msg);
	if ((sub->endpoint == NULL && !has_profile) || sub->bucket == NULL)
		return err_set(p->e, "%s:%d: [%s]: needs %s", p->name, s->line, s->name,
			       sub->bucket != NULL ? "endpoint = http(s)://host[:port]"
						   : "bucket = NAME");
	kv = cini_get(p, s->name, "endpoint");
	if (sub->endpoint != NULL && s3_endpoint_check(sub->endpoint, &ee) < 0)
		return cini_bad(p, kv, ee.msg);
	sub->path_style = 1;
	if ((kv = cini_get(p, s->name, "addressing")) != NULL) {
		if (strcmp(kv->val, "path") == 0)
			sub->path_style = 1;
		else if (strcmp(kv->val, "virtual") == 0)
			sub->path_style = 0;
		else
			return cini_bad_quoted(p, kv, "is not an addressing (path, virtual)");
	}
	return 0;
}

/* parse_color: the color key, else palette colour `index` */
static int parse_color(struct cini *p, const struct cini_sec *s, struct campaign_subject *sub,
		       int index)
{
	struct cini_kv *kv;

	snprintf(sub->color, sizeof(sub->color), "%s", palette_color((size_t)index));
	if ((kv = cini_get(p, s->name, "color")) != NULL) {
		int ok = strlen(kv->val) == 7 && kv->val[0] == '#';
		for (int i = 1; ok && i < 7; i++)
			ok = isxdigit((unsigned char)kv->val[i]);
		if (!ok)
			return cini_bad_quoted(p, kv, "is not a colour (#rrggbb)");
		for (int i = 0; i < 7; i++)
			sub->color[i] = (char)tolower((unsigned char)kv->val[i]);
	}
	return 0;
}

/* parse_creds: profile or credentials = env:PREFIX | profile:NAME | default */
static int parse_creds(struct cini *p, const struct cini_sec *s, struct campaign_subject *sub)
{
	struct cini_kv *kp = cini_get(p, s->name, "profile");
	struct cini_kv *kc = cini_get(p, s->name, "credentials");

	sub->cred_kind = CAMPAIGN_CRED_DEFAULT;
	if (kp && kc)
		return cini_bad(p, kc, "give profile or credentials, not both");
	if (kp) {
		sub->cred_kind = CAMPAIGN_CRED_PROFILE;
		if (kp->val[0] == '\0')
			return cini_bad(p, kp, "empty value");
		sub->cred_name = strdup(kp->val);
	} else if (kc) {
		const char *v = kc->val;
		if (strncmp(v, "env:", 4) == 0 && v[4] != '\0') {
			sub->cred_kind = CAMPAIGN_CRED_ENV;
			for (const char *q = v + 4; *q; q++)
				if (!isalnum((unsigned char)*q) && *q != '_')
					return cini_bad_quoted(p, kc,
							       "is not env:PREFIX (an "
							       "environment variable prefix: "
							       "letters, digits, '_')");
			sub->cred_name = strdup(v + 4);
		} else if (strncmp(v, "profile:", 8) == 0 && v[8] != '\0') {
			sub->cred_kind = CAMPAIGN_CRED_PROFILE;
			sub->cred_name = strdup(v + 8);
		} else if (strcmp(v, "default") != 0) {
			return cini_bad_quoted(p, kc,
					       "is not env:PREFIX, profile:NAME or "
					       "default");
		}
	}
	if (sub->cred_kind != CAMPAIGN_CRED_DEFAULT && sub->cred_name == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	return 0;
}

int campaign_parse_subject(struct cini *p, const struct cini_sec *s, struct campaign_subject *sub,
			   int index)
{
	char sec[300];

	snprintf(sec, sizeof(sec), "%s", s->name);
	sub->line = s->line;
	sub->id = strdup(cini_trim(sec + strlen("subject")));
	if (sub->id == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	if (campaign_check_name(p, NULL, sub->id, s->line, s->name, "subject id") < 0 ||
	    parse_where(p, s, sub) < 0 || parse_color(p, s, sub, index) < 0 ||
	    parse_creds(p, s, sub) < 0 || campaign_parse_prices(p, s->name, &sub->prices) < 0 ||
	    campaign_get_money(p, s->name, "max_cost", &sub->max_cost) < 0 ||
	    campaign_get_money(p, s->name, "expect_mib_s", &sub->expect_mib_s) < 0)
		return -1;
	return 0;
}

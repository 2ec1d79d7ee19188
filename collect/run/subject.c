/* collect/run/subject.c: see subject.h. */
#include "collect/run/subject.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/s3/awsconf.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "core/runrec/runrec.h"
#include "collect/s3/s3_endpoint.h"
#include "core/utf8.h"

/* prefixed_env: the variable PREFIX_SUFFIX; NULL when unset or when the name does not
 * fit (*too_long set then, rather than reading a truncated name). */
static const char *prefixed_env(const char *prefix, const char *suffix, int *too_long)
{
	char name[256];
	int n = snprintf(name, sizeof(name), "%s_%s", prefix, suffix);

	if (n < 0 || (size_t)n >= sizeof(name)) {
		*too_long = 1;
		return NULL;
	}
	return getenv(name);
}

struct creds *subject_creds(const struct campaign_subject *s, struct err *e)
{
	const char *ak, *sk, *tok;
	int too_long = 0;

	switch (s->cred_kind) {
	case CAMPAIGN_CRED_PROFILE:
		return creds_load(s->cred_name, e);
	case CAMPAIGN_CRED_ENV:
		ak = prefixed_env(s->cred_name, "ACCESS_KEY_ID", &too_long);
		sk = prefixed_env(s->cred_name, "SECRET_ACCESS_KEY", &too_long);
		tok = prefixed_env(s->cred_name, "SESSION_TOKEN", &too_long);
		if (too_long) {
			err_set(e,
				"subject %s: credentials = env:PREFIX: the prefix is too long "
				"for an environment variable name (%zu characters)",
				s->id, strlen(s->cred_name));
			return NULL;
		}
		if (ak == NULL || ak[0] == '\0' || sk == NULL || sk[0] == '\0') {
			err_set(e,
				"subject %s: credentials = env:%s, but %s_ACCESS_KEY_ID or "
				"%s_SECRET_ACCESS_KEY is not set",
				s->id, s->cred_name, s->cred_name, s->cred_name);
			return NULL;
		}
		return creds_new(ak, sk, tok && tok[0] ? tok : NULL, NULL, NULL, e);
	default:
		return creds_load(NULL, e);
	}
}

void subject_creds_record(const struct creds *cr, int64_t fetched_ns, int64_t took_ns,
			  struct runrec_credentials *out)
{
	memset(out, 0, sizeof(*out));
	snprintf(out->source, sizeof(out->source), "%s", cr->source);
	out->fetched_ns = fetched_ns;
	out->took_ms = (double)took_ns / 1e6;
	out->expires_ns = (int64_t)cr->expires_s * 1000000000;
}

void subject_refresh_record(struct s3_client *cl, struct runrec_credentials *out)
{
	struct s3_refresh log[S3_REFRESH_LOG];
	uint64_t total, failed;
	size_t n = s3_client_refreshes(cl, log, S3_REFRESH_LOG, &total, &failed);

	out->refreshes = (int64_t)total;
	out->failed = (int64_t)failed;
	out->n = 0;
	memset(out->log, 0, sizeof(out->log));
	for (size_t i = 0; i < n && i < RUNREC_REFRESH_MAX; i++) {
		struct runrec_refresh *r = &out->log[out->n++];
		r->at_ns = log[i].at_ns;
		r->took_ms = (double)log[i].took_ns / 1e6;
		r->ok = log[i].ok;
		r->expires_ns = log[i].expires_s * 1000000000;
		snprintf(r->source, sizeof(r->source), "%s", log[i].source);
		snprintf(r->error, sizeof(r->error), "%s", log[i].error);
	}
}

int subject_check_utf8(const struct campaign_subject *s, struct err *e)
{
	const char *name[] = {"id",     "label", "endpoint",  "region",
			      "bucket", "color", "ca_bundle", "credentials_name"};
	const char *val[] = {s->id,     s->label, s->endpoint,  s->region,
			     s->bucket, s->color, s->ca_bundle, s->cred_name};
	char at[64];

	for (size_t i = 0; i < sizeof(name) / sizeof(name[0]); i++)
		if (val[i] != NULL && !utf8_valid(val[i], strlen(val[i]), NULL))
			return err_set(e, "subject.%s: not UTF-8 (%s)", name[i],
				       utf8_describe(val[i], at, sizeof(at)));
	return 0;
}

const char *subject_ca_default(const char *flag)
{
	const char *v = getenv("AWS_CA_BUNDLE");

	if (flag != NULL && flag[0] != '\0')
		return flag;
	return v != NULL && v[0] != '\0' ? v : NULL;
}

const char *subject_addressing_note(const struct campaign_subject *s, char *buf, size_t n)
{
	if (!s3_dotted_path_style(s->endpoint, !s->path_style, s->bucket))
		return NULL;
	snprintf(buf, n,
		 "subject %s: bucket %s holds a dot: addressed path-style over HTTPS (a "
		 "wildcard certificate covers one label; as the AWS SDKs do)",
		 s->id ? s->id : s->endpoint, s->bucket);
	return buf;
}

int subject_config(const struct campaign_subject *s, struct creds *cr, long buffer_size,
		   const struct wl_send *send, struct s3_config *cfg, char **profile_ca,
		   struct err *e)
{
	static const struct wl_send none;

	*profile_ca = NULL;
	memset(cfg, 0, sizeof(*cfg));
	cfg->endpoint = s->endpoint;
	cfg->region = s->region;
	cfg->virtual_hosted = !s->path_style;
	cfg->insecure = s->insecure;
	cfg->ca_bundle = s->ca_bundle;
	/* the last step of the CA-bundle order: the AWS profile's ca_bundle */
	if (cfg->ca_bundle == NULL && subject_profile_ca_bundle(s, profile_ca, e) < 0)
		return -1;
	if (cfg->ca_bundle == NULL)
		cfg->ca_bundle = *profile_ca;
	cfg->creds = cr;
	cfg->buffer_size = buffer_size;
	if (send == NULL)
		send = &none;
	cfg->payload = (enum s3_payload)send->payload;
	cfg->checksum = (enum checksum_alg)send->checksum;
	cfg->checksum_get = send->checksum != CHECKSUM_NONE;
	cfg->http2 = send->http2;
	cfg->http2_shared = send->http2_shared;
	cfg->no_keepalive = send->no_keepalive;
	cfg->no_tls_resume = !workload_tls_resume(send);
	cfg->spread = send->spread;
	cfg->connect_timeout_ms = workload_timeout_ms(WLF_CONNECT_TIMEOUT, send);
	cfg->read_timeout_ms = workload_timeout_ms(WLF_READ_TIMEOUT, send);
	cfg->timeout_ms = workload_timeout_ms(WLF_REQUEST_TIMEOUT, send);
	return 0;
}

struct s3_client *subject_client(const struct campaign_subject *s, struct creds *cr,
				 long buffer_size, const struct wl_send *send, struct err *e)
{
	struct s3_config cfg;
	struct s3_client *cl;
	char *profile_ca = NULL;

	if (subject_config(s, cr, buffer_size, send, &cfg, &profile_ca, e) < 0)
		return NULL;
	cl = s3_client_new(&cfg, e);
	free(profile_ca);
	return cl;
}

struct s3_client *subject_probe_client(const struct campaign_subject *s, struct creds *cr,
				       long timeout_ms, struct err *e)
{
	struct s3_config cfg;
	struct s3_client *cl;
	char *profile_ca = NULL;

	if (subject_config(s, cr, 0, NULL, &cfg, &profile_ca, e) < 0)
		return NULL;
	cfg.timeout_ms = timeout_ms;
	cl = s3_client_new(&cfg, e);
	free(profile_ca);
	return cl;
}

struct s3_client *subject_connect(const struct campaign_subject *s, struct creds **cr,
				  struct err *e)
{
	struct s3_client *cl;

	*cr = subject_creds(s, e);
	if (*cr == NULL)
		return NULL;
	cl = subject_client(s, *cr, 0, NULL, e);
	if (cl == NULL) {
		creds_free(*cr);
		*cr = NULL;
	}
	return cl;
}

static const char *env_nonempty(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && v[0] != '\0' ? v : NULL;
}

int subject_run_defaults(struct campaign_subject *s, struct awsconf *conf, struct err *e)
{
	const char *from = NULL; /* where the endpoint came from when not from --endpoint */

	if (awsconf_load(NULL, conf, e) < 0)
		return -1;
	if (s->endpoint == NULL || s->endpoint[0] == '\0')
		s->endpoint = (char *)env_nonempty(from = "AWS_ENDPOINT_URL_S3");
	if (s->endpoint == NULL)
		s->endpoint = (char *)env_nonempty(from = "AWS_ENDPOINT_URL");
	if (s->endpoint == NULL) {
		s->endpoint = conf->s3_endpoint_url ? conf->s3_endpoint_url : conf->endpoint_url;
		from = conf->path;
	}
	if (from != NULL && s->endpoint != NULL && s3_endpoint_check(s->endpoint, e) < 0)
		return err_prefix(e, from == conf->path ? "%s: endpoint_url" : "%s", from);
	if (s->region == NULL || s->region[0] == '\0')
		s->region = (char *)env_nonempty("AWS_REGION");
	if (s->region == NULL)
		s->region = (char *)env_nonempty("AWS_DEFAULT_REGION");
	if (s->region == NULL)
		s->region = conf->region ? conf->region : "us-east-1";
	if (subject_check_utf8(s, e) < 0)
		return err_prefix(e, "the options or the environment");
	return 0;
}

/* profile_fill: subject s's missing endpoint and region from its profile. */
static int profile_fill(const struct campaign *c, struct campaign_subject *s, struct err *e)
{
	struct awsconf conf;
	const char *ep;
	int rc = -1;

	if (awsconf_load(s->cred_name, &conf, e) < 0)
		return err_prefix(e, "%s:%d: [subject %s]: profile %s", c->file, s->line, s->id,
				  s->cred_name);
	ep = conf.s3_endpoint_url ? conf.s3_endpoint_url : conf.endpoint_url;
	if (s->endpoint == NULL && ep == NULL) {
		err_set(e,
			"%s:%d: [subject %s]: needs endpoint = http(s)://host[:port] (profile %s "
			"in %s has no endpoint_url)",
			c->file, s->line, s->id, s->cred_name,
			conf.path[0] ? conf.path : "~/.aws/config");
		goto out;
	}
	if (s->endpoint == NULL && s3_endpoint_check(ep, e) < 0) {
		err_prefix(e, "%s: profile %s: endpoint_url", conf.path, s->cred_name);
		goto out;
	}
	if ((s->endpoint == NULL && (s->endpoint = strdup(ep)) == NULL) ||
	    (s->region == NULL &&
	     (s->region = strdup(conf.region ? conf.region : "us-east-1")) == NULL)) {
		err_set(e, "%s: out of memory", c->file);
		goto out;
	}
	rc = 0;
out:
	awsconf_clear(&conf);
	return rc;
}

int subject_profile_defaults(struct campaign *c, struct err *e)
{
	for (int i = 0; i < c->n_subjects; i++) {
		struct campaign_subject *s = &c->subjects[i];
		if (s->endpoint != NULL && s->region != NULL)
			continue;
		if (s->cred_kind != CAMPAIGN_CRED_PROFILE || s->cred_name == NULL)
			return err_set(e, "%s:%d: [subject %s]: needs endpoint", c->file, s->line,
				       s->id);
		if (profile_fill(c, s, e) < 0)
			return -1;
	}
	return 0;
}

int subject_profile_ca_bundle(const struct campaign_subject *s, char **out, struct err *e)
{
	*out = NULL;
	if (s->cred_kind == CAMPAIGN_CRED_ENV)
		return 0;
	return awsconf_ca_bundle(s->cred_kind == CAMPAIGN_CRED_PROFILE ? s->cred_name : NULL, out,
				 e);
}

/* collect/s3/creds.c: see creds.h: the credentials found in the AWS CLI's order
 * (creds_load), their sources built; fetching them (again) is creds_fetch.c, the records
 * in memory creds_keys.c. */
#include "collect/s3/creds.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <ini.h>

#include "collect/s3/awsconf.h"
#include "collect/s3/creds_int.h"

#define ROLE_DEPTH_MAX 4

/* The shared credentials file's section of one profile. */
struct cred_sec {
	const char *section;
	int found, nomem;
	char *access_key, *secret_key, *token, *region, *endpoint;
};

static int sec_set(char **dst, const char *value, struct cred_sec *w)
{
	char *v = strdup(value);

	if (v == NULL) {
		w->nomem = 1;
		return 0;
	}
	creds_wipe_free(*dst);
	*dst = v;
	return 1;
}

static int on_ini(void *arg, const char *section, const char *name, const char *value)
{
	struct cred_sec *w = arg;

	if (strcmp(section, w->section) != 0)
		return 1;
	w->found = 1;
	if (name == NULL) /* section start (INI_CALL_HANDLER_ON_NEW_SECTION) */
		return 1;
	if (strcmp(name, "aws_access_key_id") == 0)
		return sec_set(&w->access_key, value, w);
	if (strcmp(name, "aws_secret_access_key") == 0)
		return sec_set(&w->secret_key, value, w);
	if (strcmp(name, "aws_session_token") == 0)
		return sec_set(&w->token, value, w);
	if (strcmp(name, "region") == 0)
		return sec_set(&w->region, value, w);
	if (strcmp(name, "endpoint_url") == 0)
		return sec_set(&w->endpoint, value, w);
	return 1;
}

static void sec_clear(struct cred_sec *w)
{
	creds_wipe_free(w->access_key);
	creds_wipe_free(w->secret_key);
	creds_wipe_free(w->token);
	creds_wipe_free(w->region);
	creds_wipe_free(w->endpoint);
	memset(w, 0, sizeof(*w));
}

/* read_ini: 0 read (w->found tells whether the section exists), 1 the file does not
 * exist, -1 error with a message. */
static int read_ini(const char *path, struct cred_sec *w, struct err *e)
{
	FILE *f = fopen(path, "r");
	int rc;

	if (f == NULL) {
		if (errno == ENOENT)
			return 1;
		return err_set(e, "%s: cannot open: %s", path, strerror(errno));
	}
	rc = ini_parse_file(f, on_ini, w);
	fclose(f);
	if (w->nomem)
		return err_set(e, "%s: out of memory", path);
	if (rc > 0)
		return err_set(e, "%s:%d: not an INI line", path, rc);
	if (rc < 0)
		return err_set(e, "%s: cannot read", path);
	return 0;
}

static const char *env_nonempty(const char *name)
{
	const char *v = getenv(name);

	return (v != NULL && v[0] != '\0') ? v : NULL;
}

/* from_src: fetch src's first keys into new credentials (src owned by them after), or
 * NULL with a message (src freed). */
static struct creds *from_src(struct creds_src *src, const char *source, struct err *e)
{
	struct creds_keys k;
	struct creds *c = NULL;

	if (creds_fetch(src, &k, e) == 0) {
		c = creds_new(k.access_key, k.secret_key, k.token, NULL, NULL, e);
		if (c != NULL) {
			c->expires_s = k.expires_s;
			c->fetched_s = time(NULL);
			c->src = src;
			snprintf(c->source, sizeof(c->source), "%s", source);
		}
	}
	creds_keys_clear(&k);
	if (c == NULL)
		creds_src_free(src);
	return c;
}

static struct creds_src *src_new(enum creds_src_kind kind, const char *profile)
{
	struct creds_src *s = calloc(1, sizeof(*s));

	if (s != NULL) {
		s->kind = kind;
		snprintf(s->profile, sizeof(s->profile), "%s", profile);
	}
	return s;
}

/* imds_creds: the instance metadata service's credentials; 1 when it is disabled. */
static int imds_creds(struct creds **out, struct err *e)
{
	const char *dis = getenv("AWS_EC2_METADATA_DISABLED");
	const char *ep = env_nonempty("AWS_EC2_METADATA_SERVICE_ENDPOINT");
	struct creds_src *s;
	char source[1024];
	size_t n;

	if (dis != NULL && strcasecmp(dis, "true") == 0)
		return 1;
	s = src_new(CREDS_SRC_IMDS, "default");
	if (s == NULL || (s->imds_endpoint = strdup(ep ? ep : "http://169.254.169.254")) == NULL) {
		creds_src_free(s);
		return err_set(e, "credentials: out of memory");
	}
	n = strlen(s->imds_endpoint);
	while (n > 0 && s->imds_endpoint[n - 1] == '/')
		s->imds_endpoint[--n] = '\0';
	snprintf(source, sizeof(source), "instance metadata at %s", s->imds_endpoint);
	*out = from_src(s, source, e);
	if (*out != NULL) {
		snprintf(source, sizeof(source), "instance metadata at %.400s (role %.80s)",
			 (*out)->src->imds_endpoint, (*out)->src->imds_role);
		snprintf((*out)->source, sizeof((*out)->source), "%s", source);
	}
	return *out ? 0 : -1;
}

static int profile_creds(const char *name, int depth, struct creds **out, char *why, size_t nwhy,
			 struct err *e);

/* sts_endpoint: where profile conf asks STS: AWS_ENDPOINT_URL_STS, else AWS_ENDPOINT_URL,
 * else the profile's services sts endpoint_url, else its endpoint_url, else
 * https://sts.REGION.amazonaws.com (written into def; REGION the profile's, us-east-1). */
static const char *sts_endpoint(const struct awsconf *conf, char *def, size_t n)
{
	const char *ep = env_nonempty("AWS_ENDPOINT_URL_STS");

	snprintf(def, n, "https://sts.%s.amazonaws.com", conf->region ? conf->region : "us-east-1");
	if (ep == NULL)
		ep = env_nonempty("AWS_ENDPOINT_URL");
	if (ep == NULL)
		ep = conf->sts_endpoint_url ? conf->sts_endpoint_url
		     : conf->endpoint_url   ? conf->endpoint_url
					    : def;
	return ep;
}

/* web_identity_creds: STS AssumeRoleWithWebIdentity of role with the token in file (the
 * profile's role_arn and web_identity_token_file, else AWS_ROLE_ARN and
 * AWS_WEB_IDENTITY_TOKEN_FILE), the session named by the profile's role_session_name, else
 * AWS_ROLE_SESSION_NAME, else s3bench-TIME. */
static int web_identity_creds(const struct awsconf *conf, const char *role, const char *file,
			      struct creds **out, struct err *e)
{
	struct creds_src *s = src_new(CREDS_SRC_WEB_IDENTITY, conf->name);
	const char *sess = conf->role_session_name ? conf->role_session_name
						   : env_nonempty("AWS_ROLE_SESSION_NAME");
	char def[300], name[64], source[512];
	int nomem = 0;

	snprintf(name, sizeof(name), "s3bench-%lld", (long long)time(NULL));
	if (s != NULL) {
		s->role_arn = creds_dup(role, &nomem);
		s->session_name = creds_dup(sess ? sess : name, &nomem);
		s->sts_endpoint = creds_dup(sts_endpoint(conf, def, sizeof(def)), &nomem);
		s->token_file = creds_dup(file, &nomem);
	}
	if (s == NULL || nomem) {
		creds_src_free(s);
		return err_set(e, "credentials: out of memory");
	}
	snprintf(source, sizeof(source), "web identity, role %.200s (token file %.250s)", role,
		 file);
	*out = from_src(s, source, e);
	return *out ? 0 : -1;
}

/* container_creds: the container credentials endpoint's (creds_container_url), with the
 * Authorization token of AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE, else
 * AWS_CONTAINER_AUTHORIZATION_TOKEN; 1 when neither URI variable is set. */
static int container_creds(struct creds **out, struct err *e)
{
	const char *tf = env_nonempty("AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE");
	struct creds_src *s;
	char url[1024], source[1100];
	int nomem = 0, rc;

	rc = creds_container_url(getenv("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"),
				 getenv("AWS_CONTAINER_CREDENTIALS_FULL_URI"), url, sizeof(url), e);
	if (rc != 0)
		return rc;
	s = src_new(CREDS_SRC_CONTAINER, "default");
	if (s != NULL) {
		s->container_url = creds_dup(url, &nomem);
		s->token_file = creds_dup(tf, &nomem);
		s->container_token = tf ? NULL
					: creds_dup(
						  env_nonempty("AWS_CONTAINER_AUTHORIZATION_TOKEN"),
						  &nomem);
	}
	if (s == NULL || nomem) {
		creds_src_free(s);
		return err_set(e, "credentials: out of memory");
	}
	snprintf(source, sizeof(source), "container credentials at %s", url);
	*out = from_src(s, source, e);
	return *out ? 0 : -1;
}

/* role_creds: STS AssumeRole for profile conf (role_arn set). */
static int role_creds(const struct awsconf *conf, int depth, struct creds **out, struct err *e)
{
	const char *src_name = conf->source_profile;
	struct creds *src = NULL;
	struct creds_src *s;
	const char *ep;
	char why[600], source[512], def[300];
	int rc, nomem = 0;

	if (depth >= ROLE_DEPTH_MAX)
		return err_set(e, "%s: profile %s: source_profile chain deeper than %d (a loop?)",
			       conf->path, conf->name, ROLE_DEPTH_MAX);
	if (src_name == NULL)
		return err_set(e,
			       "%s: profile %s: role_arn needs source_profile or "
			       "web_identity_token_file (credential_source is not supported)",
			       conf->path, conf->name);
	if (strcmp(src_name, conf->name) == 0)
		rc = profile_creds(src_name, ROLE_DEPTH_MAX + 1, &src, why, sizeof(why), e);
	else
		rc = profile_creds(src_name, depth + 1, &src, why, sizeof(why), e);
	if (rc == 1)
		return err_set(e, "%s: profile %s: source_profile %s has no credentials (%s)",
			       conf->path, conf->name, src_name, why);
	if (rc < 0)
		return -1;
	s = src_new(CREDS_SRC_ROLE, conf->name);
	ep = sts_endpoint(conf, def, sizeof(def));
	snprintf(why, sizeof(why), "s3bench-%lld", (long long)time(NULL));
	if (s != NULL) {
		s->source = src;
		src = NULL;
		s->role_arn = creds_dup(conf->role_arn, &nomem);
		s->session_name = creds_dup(conf->role_session_name ? conf->role_session_name : why,
					    &nomem);
		s->external_id = creds_dup(conf->external_id, &nomem);
		s->sts_endpoint = creds_dup(ep, &nomem);
		s->sts_region = creds_dup(conf->region ? conf->region : "us-east-1", &nomem);
		s->duration_s = conf->duration_seconds > 0 ? conf->duration_seconds : 0;
	}
	if (s == NULL || nomem) {
		creds_free(src);
		creds_src_free(s);
		return err_set(e, "credentials: out of memory");
	}
	snprintf(source, sizeof(source), "role %.200s (profile %.100s, source profile %.100s)",
		 conf->role_arn, conf->name, src_name);
	*out = from_src(s, source, e);
	return *out ? 0 : -1;
}

/* static_creds: fixed keys with the source "profile NAME in FILE". */
static int static_creds(const char *ak, const char *sk, const char *tok, const char *name,
			const char *file, struct creds **out, struct err *e)
{
	*out = creds_new(ak, sk, tok, NULL, NULL, e);
	if (*out == NULL)
		return -1;
	snprintf((*out)->source, sizeof((*out)->source), "profile %.200s in %.290s", name, file);
	return 0;
}

/* profile_creds: the credentials of profile name (steps 2a-2e of creds.h): 0 with *out,
 * 1 when the profile holds none (why says what was looked at), -1 with a message.
 * depth > ROLE_DEPTH_MAX: static keys only (a profile that is its own source). */
static int profile_creds(const char *name, int depth, struct creds **out, char *why, size_t nwhy,
			 struct err *e)
{
	struct awsconf conf;
	struct cred_sec cw = {0};
	char cred_path[1024], source[512];
	const char *role, *file;
	int rc = -1, crc = 1;

	*out = NULL;
	if (awsconf_load(name, &conf, e) < 0)
		return -1;
	if (conf.role_arn != NULL && conf.source_profile != NULL && depth <= ROLE_DEPTH_MAX) {
		rc = role_creds(&conf, depth, out, e);
		goto done;
	}
	/* web identity: the profile's role and token file, else (the profile asked for, not a
	 * source profile) the environment's */
	role = conf.role_arn ? conf.role_arn : depth == 0 ? env_nonempty("AWS_ROLE_ARN") : NULL;
	file = conf.web_identity_token_file ? conf.web_identity_token_file
	       : depth == 0                 ? env_nonempty("AWS_WEB_IDENTITY_TOKEN_FILE")
					    : NULL;
	if (role != NULL && file != NULL && depth <= ROLE_DEPTH_MAX) {
		rc = web_identity_creds(&conf, role, file, out, e);
		goto done;
	}
	if (conf.role_arn != NULL && depth <= ROLE_DEPTH_MAX) {
		rc = role_creds(&conf, depth, out, e);
		goto done;
	}
	if (conf.sso && depth <= ROLE_DEPTH_MAX) {
		rc = err_set(
			e,
			"%s: profile %s is an SSO (IAM Identity Center) profile, which s3bench "
			"does not support; give another profile credential_process = aws "
			"configure export-credentials --profile %s --format process",
			conf.path, name, name);
		goto done;
	}
	if (awsconf_path(cred_path, sizeof(cred_path), "AWS_SHARED_CREDENTIALS_FILE",
			 ".aws/credentials") == 0) {
		cw.section = name;
		crc = read_ini(cred_path, &cw, e);
		if (crc < 0) {
			err_prefix(e, "credentials (profile %s)", name);
			goto done;
		}
	} else {
		snprintf(cred_path, sizeof(cred_path), "(HOME is not set)");
	}
	if (cw.found && (cw.access_key != NULL || cw.secret_key != NULL)) {
		if (cw.access_key == NULL || cw.secret_key == NULL)
			rc = err_set(e, "%s: profile [%s] has no %s", cred_path, name,
				     cw.access_key == NULL ? "aws_access_key_id"
							   : "aws_secret_access_key");
		else
			rc = static_creds(cw.access_key, cw.secret_key, cw.token, name, cred_path,
					  out, e);
		goto done;
	}
	if (conf.credential_process != NULL && depth <= ROLE_DEPTH_MAX) {
		struct creds_src *s = src_new(CREDS_SRC_PROCESS, name);
		if (s == NULL || (s->command = strdup(conf.credential_process)) == NULL) {
			creds_src_free(s);
			rc = err_set(e, "credentials: out of memory");
			goto done;
		}
		snprintf(source, sizeof(source), "credential_process of profile %.200s", name);
		*out = from_src(s, source, e);
		rc = *out ? 0 : -1;
		goto done;
	}
	if (conf.access_key != NULL && conf.secret_key != NULL) {
		rc = static_creds(conf.access_key, conf.secret_key, conf.token, name, conf.path,
				  out, e);
		goto done;
	}
	rc = 1;
	if (crc == 1 && cred_path[0] == '/')
		snprintf(why, nwhy, "%s: no such file", cred_path);
	else if (!cw.found)
		snprintf(why, nwhy, "%s: no profile [%s]", cred_path, name);
	else
		snprintf(why, nwhy, "%s: profile [%s] has no aws_access_key_id", cred_path, name);
	if (conf.found)
		rc = 2; /* the profile exists (in the config file) */
done:
	sec_clear(&cw);
	awsconf_clear(&conf);
	return rc;
}

/* fill_region: region and endpoint in the CLI's order (creds.h). */
static int fill_region(struct creds *c, const char *name, struct err *e)
{
	struct awsconf conf;
	struct cred_sec cw = {0};
	char cred_path[1024];
	const char *region, *endpoint;
	int nomem = 0;

	if (awsconf_load(name, &conf, e) < 0)
		return -1;
	cw.section = name;
	if (awsconf_path(cred_path, sizeof(cred_path), "AWS_SHARED_CREDENTIALS_FILE",
			 ".aws/credentials") == 0 &&
	    read_ini(cred_path, &cw, e) < 0) {
		awsconf_clear(&conf);
		return -1;
	}
	region = env_nonempty("AWS_REGION");
	if (region == NULL)
		region = env_nonempty("AWS_DEFAULT_REGION");
	if (region == NULL)
		region = conf.region ? conf.region : cw.region;
	endpoint = env_nonempty("AWS_ENDPOINT_URL_S3");
	if (endpoint == NULL)
		endpoint = env_nonempty("AWS_ENDPOINT_URL");
	if (endpoint == NULL)
		endpoint = conf.s3_endpoint_url ? conf.s3_endpoint_url
			   : conf.endpoint_url  ? conf.endpoint_url
						: cw.endpoint;
	c->region = creds_dup(region, &nomem);
	c->endpoint = creds_dup(endpoint, &nomem);
	sec_clear(&cw);
	awsconf_clear(&conf);
	return nomem ? err_set(e, "credentials: out of memory") : 0;
}

struct creds *creds_load(const char *profile, struct err *e)
{
	const char *name = awsconf_profile_name(profile);
	struct creds *c = NULL;
	char why[1200] = "";
	int explicit = profile != NULL && profile[0] != '\0', rc;

	if (!explicit && env_nonempty("AWS_ACCESS_KEY_ID") != NULL) {
		c = creds_new(getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY"),
			      getenv("AWS_SESSION_TOKEN"), NULL, NULL, e);
		if (c == NULL) {
			/* else out of memory, which creds_new says */
			if (env_nonempty("AWS_SECRET_ACCESS_KEY") == NULL)
				err_prefix(e, "environment (AWS_ACCESS_KEY_ID is set, "
					      "AWS_SECRET_ACCESS_KEY is not)");
			return NULL;
		}
		snprintf(c->source, sizeof(c->source), "environment");
	} else {
		rc = profile_creds(name, 0, &c, why, sizeof(why), e);
		if (rc < 0)
			return NULL;
		/* the container's, then the instance's role last: for "default", or a
		 * profile that exists */
		if (rc > 0 && (strcmp(name, "default") == 0 || rc == 2)) {
			struct err ie = {{0}};
			int irc = container_creds(&c, &ie);
			if (irc > 0)
				irc = imds_creds(&c, &ie);
			if (irc < 0) {
				err_set(e, "credentials: profile %s: %s; %s", name, why, ie.msg);
				return NULL;
			}
		}
		if (c == NULL) {
			err_set(e, "%s (looking for profile %s%s)", why, name,
				explicit ? "" : ", and AWS_ACCESS_KEY_ID is not set");
			return NULL;
		}
	}
	if (fill_region(c, awsconf_profile_name(profile), e) < 0) {
		creds_free(c);
		return NULL;
	}
	return c;
}

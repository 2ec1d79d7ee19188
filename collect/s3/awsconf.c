/* collect/s3/awsconf.c: see awsconf.h. */
#include "collect/s3/awsconf.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "collect/s3/creds_int.h"

/* One pass over the file: the section it reads, and where the values go. */
struct pass {
	struct awsconf *c;
	const char *section, *alt; /* alt: "profile default" for [default] */
	const char *svc;           /* pass 2: "services SVC" */
	int nomem;
};

static int set(char **dst, const char *value, struct pass *p)
{
	char *v = strdup(value);

	if (v == NULL) {
		p->nomem = 1;
		return 0;
	}
	creds_wipe_free(*dst);
	*dst = v;
	return 1;
}

/* nested: a [services] line "endpoint_url = URL" under `s3 =` or `sts =`. */
static int nested(struct pass *p, const char *name, const char *value)
{
	const char *eq = strchr(value, '=');
	char key[64];
	size_t n;

	if (eq == NULL)
		return 1;
	n = (size_t)(eq - value);
	while (n > 0 && isspace((unsigned char)value[n - 1]))
		n--;
	if (n >= sizeof(key))
		return 1;
	memcpy(key, value, n);
	key[n] = '\0';
	for (eq++; isspace((unsigned char)*eq); eq++)
		;
	if (strcmp(key, "endpoint_url") != 0 || *eq == '\0')
		return 1;
	if (strcmp(name, "s3") == 0)
		return set(&p->c->s3_endpoint_url, eq, p);
	if (strcmp(name, "sts") == 0)
		return set(&p->c->sts_endpoint_url, eq, p);
	return 1;
}

static const struct {
	const char *key;
	size_t off;
} keys[] = {
	{"region", offsetof(struct awsconf, region)},
	{"endpoint_url", offsetof(struct awsconf, endpoint_url)},
	{"ca_bundle", offsetof(struct awsconf, ca_bundle)},
	{"services", offsetof(struct awsconf, services)},
	{"credential_process", offsetof(struct awsconf, credential_process)},
	{"role_arn", offsetof(struct awsconf, role_arn)},
	{"source_profile", offsetof(struct awsconf, source_profile)},
	{"credential_source", offsetof(struct awsconf, credential_source)},
	{"role_session_name", offsetof(struct awsconf, role_session_name)},
	{"external_id", offsetof(struct awsconf, external_id)},
	{"web_identity_token_file", offsetof(struct awsconf, web_identity_token_file)},
	{"aws_access_key_id", offsetof(struct awsconf, access_key)},
	{"aws_secret_access_key", offsetof(struct awsconf, secret_key)},
	{"aws_session_token", offsetof(struct awsconf, token)},
};

static int on_line(void *arg, const char *section, const char *name, const char *value)
{
	struct pass *p = arg;
	struct awsconf *c = p->c;

	if (p->svc != NULL)
		return strcmp(section, p->svc) == 0 && name != NULL ? nested(p, name, value) : 1;
	if (strcmp(section, p->section) != 0 && (p->alt == NULL || strcmp(section, p->alt) != 0))
		return 1;
	c->found = 1;
	if (name == NULL)
		return 1;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strcmp(name, keys[i].key) == 0 && value[0] != '\0')
			return set((char **)((char *)c + keys[i].off), value, p);
	if (strcmp(name, "duration_seconds") == 0) {
		char *end;
		long v = strtol(value, &end, 10);
		c->duration_seconds = (*end == '\0' && v > 0) ? v : -1;
	}
	if (strncmp(name, "sso_", 4) == 0)
		c->sso = 1;
	return 1;
}

int awsconf_path(char *buf, size_t n, const char *env, const char *rel)
{
	const char *v = getenv(env), *home;

	if (v != NULL && v[0] != '\0') {
		snprintf(buf, n, "%s", v);
		return 0;
	}
	home = getenv("HOME");
	if (home == NULL || home[0] == '\0')
		return -1;
	snprintf(buf, n, "%s/%s", home, rel);
	return 0;
}

const char *awsconf_profile_name(const char *profile)
{
	const char *v;

	if (profile != NULL && profile[0] != '\0')
		return profile;
	v = getenv("AWS_PROFILE");
	return v != NULL && v[0] != '\0' ? v : "default";
}

/* run_pass: one pass over c->path; 1 when the file does not exist, -1 with a message. */
static int run_pass(struct pass *p, struct err *e)
{
	FILE *f = fopen(p->c->path, "r");
	int rc;

	if (f == NULL)
		return errno == ENOENT
			       ? 1
			       : err_set(e, "%s: cannot open: %s", p->c->path, strerror(errno));
	rc = ini_parse_file(f, on_line, p);
	fclose(f);
	if (p->nomem)
		return err_set(e, "%s: out of memory", p->c->path);
	if (rc > 0)
		return err_set(e, "%s:%d: not an INI line", p->c->path, rc);
	if (rc < 0)
		return err_set(e, "%s: cannot read", p->c->path);
	return 0;
}

int awsconf_load(const char *profile, struct awsconf *c, struct err *e)
{
	char section[300], svc[300];
	struct pass p = {c, section, NULL, NULL, 0};
	int rc;

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", awsconf_profile_name(profile));
	if (strcmp(c->name, "default") == 0) {
		snprintf(section, sizeof(section), "default");
		p.alt = "profile default";
	} else {
		snprintf(section, sizeof(section), "profile %s", c->name);
	}
	if (awsconf_path(c->path, sizeof(c->path), "AWS_CONFIG_FILE", ".aws/config") < 0) {
		c->path[0] = '\0';
		return 0;
	}
	rc = run_pass(&p, e);
	if (rc == 0 && c->services != NULL) {
		snprintf(svc, sizeof(svc), "services %s", c->services);
		p.svc = svc;
		rc = run_pass(&p, e);
	}
	if (rc < 0) {
		awsconf_clear(c);
		return -1;
	}
	return 0;
}

void awsconf_clear(struct awsconf *c)
{
	char **strs[] = {&c->region,
			 &c->endpoint_url,
			 &c->ca_bundle,
			 &c->s3_endpoint_url,
			 &c->sts_endpoint_url,
			 &c->services,
			 &c->credential_process,
			 &c->role_arn,
			 &c->source_profile,
			 &c->credential_source,
			 &c->role_session_name,
			 &c->external_id,
			 &c->web_identity_token_file,
			 &c->access_key,
			 &c->secret_key,
			 &c->token};

	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) {
		creds_wipe_free(*strs[i]);
		*strs[i] = NULL;
	}
	c->found = 0;
	c->sso = 0;
	c->duration_seconds = 0;
}

int awsconf_ca_bundle(const char *profile, char **out, struct err *e)
{
	struct awsconf c;

	*out = NULL;
	if (awsconf_load(profile, &c, e) < 0)
		return -1;
	*out = c.ca_bundle;
	c.ca_bundle = NULL;
	awsconf_clear(&c);
	return 0;
}

/* collect/s3/creds.c: see creds.h. */
#include "collect/s3/creds.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

/* What one pass over an INI file looks for. */
struct ini_want {
	const char *section; /* section name to read */
	int found;           /* the section exists */
	char *access_key, *secret_key, *token, *region, *endpoint;
	int nomem;
};

static void wipe_free(char *s)
{
	if (s == NULL)
		return;
	for (volatile char *p = s; *p; p++)
		*p = 0;
	free(s);
}

static int ini_set(char **dst, const char *value, struct ini_want *w)
{
	char *v = strdup(value);

	if (v == NULL) {
		w->nomem = 1;
		return 0;
	}
	wipe_free(*dst);
	*dst = v;
	return 1;
}

static int on_ini(void *arg, const char *section, const char *name, const char *value)
{
	struct ini_want *w = arg;

	if (strcmp(section, w->section) != 0)
		return 1;
	w->found = 1;
	if (name == NULL) /* section start (INI_CALL_HANDLER_ON_NEW_SECTION) */
		return 1;
	if (strcmp(name, "aws_access_key_id") == 0)
		return ini_set(&w->access_key, value, w);
	if (strcmp(name, "aws_secret_access_key") == 0)
		return ini_set(&w->secret_key, value, w);
	if (strcmp(name, "aws_session_token") == 0)
		return ini_set(&w->token, value, w);
	if (strcmp(name, "region") == 0)
		return ini_set(&w->region, value, w);
	if (strcmp(name, "endpoint_url") == 0)
		return ini_set(&w->endpoint, value, w);
	return 1;
}

static void want_clear(struct ini_want *w)
{
	wipe_free(w->access_key);
	wipe_free(w->secret_key);
	wipe_free(w->token);
	wipe_free(w->region);
	wipe_free(w->endpoint);
	memset(w, 0, sizeof(*w));
}

/* read_ini: 0 read (w->found tells whether the section exists), 1 the file does not
 * exist, -1 error with a message. */
static int read_ini(const char *path, struct ini_want *w, struct err *e)
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

static int home_path(char *buf, size_t n, const char *env, const char *rel)
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

static const char *env_nonempty(const char *name)
{
	const char *v = getenv(name);

	return (v != NULL && v[0] != '\0') ? v : NULL;
}

struct creds *creds_new(const char *access_key, const char *secret_key, const char *token,
			const char *region, const char *endpoint, struct err *e)
{
	struct creds *c;

	if (access_key == NULL || access_key[0] == '\0') {
		err_set(e, "credentials: no access key id");
		return NULL;
	}
	if (secret_key == NULL || secret_key[0] == '\0') {
		err_set(e, "credentials: no secret access key");
		return NULL;
	}
	c = calloc(1, sizeof(*c));
	if (c == NULL)
		goto nomem;
	c->access_key = strdup(access_key);
	c->secret_key = strdup(secret_key);
	c->token = (token && token[0]) ? strdup(token) : NULL;
	c->region = (region && region[0]) ? strdup(region) : NULL;
	c->endpoint = (endpoint && endpoint[0]) ? strdup(endpoint) : NULL;
	if (!c->access_key || !c->secret_key || (token && token[0] && !c->token) ||
	    (region && region[0] && !c->region) || (endpoint && endpoint[0] && !c->endpoint))
		goto nomem;
	snprintf(c->source, sizeof(c->source), "given");
	return c;
nomem:
	creds_free(c);
	err_set(e, "credentials: out of memory");
	return NULL;
}

struct creds *creds_load(const char *profile, struct err *e)
{
	struct ini_want cw = {0}, fw = {0};
	struct creds *c = NULL;
	char cred_path[1024], conf_path[1024], section[300];
	const char *prof = (profile != NULL && profile[0] != '\0') ? profile : NULL;
	const char *env_prof = env_nonempty("AWS_PROFILE"), *conf_prof, *region, *endpoint;
	int rc, have_cred_path, have_conf_path;

	have_cred_path = home_path(cred_path, sizeof(cred_path), "AWS_SHARED_CREDENTIALS_FILE",
				   ".aws/credentials") == 0;
	have_conf_path = home_path(conf_path, sizeof(conf_path), "AWS_CONFIG_FILE",
				   ".aws/config") == 0;
	/* prof stays NULL only for keys from the environment; the config file's section is
	 * that of the profile in use, else AWS_PROFILE's, else default */
	if (prof == NULL && env_nonempty("AWS_ACCESS_KEY_ID") == NULL)
		prof = env_prof ? env_prof : "default";
	conf_prof = prof ? prof : env_prof ? env_prof : "default";

	/* the profile's config section, for region and endpoint */
	if (have_conf_path) {
		if (strcmp(conf_prof, "default") == 0)
			snprintf(section, sizeof(section), "default");
		else
			snprintf(section, sizeof(section), "profile %s", conf_prof);
		fw.section = section;
		if (read_ini(conf_path, &fw, e) < 0)
			goto done;
	}

	if (prof == NULL) {
		c = creds_new(getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY"),
			      getenv("AWS_SESSION_TOKEN"), NULL, NULL, e);
		if (c == NULL) {
			/* else out of memory, which creds_new says */
			if (env_nonempty("AWS_SECRET_ACCESS_KEY") == NULL)
				err_prefix(e, "environment (AWS_ACCESS_KEY_ID is set, "
					      "AWS_SECRET_ACCESS_KEY is not)");
			goto done;
		}
		snprintf(c->source, sizeof(c->source), "environment");
	} else {
		if (!have_cred_path) {
			err_set(e,
				"credentials: profile %s: HOME is not set and "
				"AWS_SHARED_CREDENTIALS_FILE is not given",
				prof);
			goto done;
		}
		cw.section = prof;
		rc = read_ini(cred_path, &cw, e);
		if (rc < 0) {
			err_prefix(e, "credentials (profile %s)", prof);
			goto done;
		}
		if (rc == 1) {
			err_set(e,
				"%s: no such file (looking for profile %s, and "
				"AWS_ACCESS_KEY_ID is not set)",
				cred_path, prof);
			goto done;
		}
		if (!cw.found) {
			err_set(e, "%s: no profile [%s]", cred_path, prof);
			goto done;
		}
		if (cw.access_key == NULL || cw.secret_key == NULL) {
			err_set(e, "%s: profile [%s] has no %s", cred_path, prof,
				cw.access_key == NULL ? "aws_access_key_id"
						      : "aws_secret_access_key");
			goto done;
		}
		c = creds_new(cw.access_key, cw.secret_key, cw.token, NULL, NULL, e);
		if (c == NULL)
			goto done;
		snprintf(c->source, sizeof(c->source), "profile %s in %s", prof, cred_path);
	}

	region = env_nonempty("AWS_REGION");
	if (region == NULL)
		region = env_nonempty("AWS_DEFAULT_REGION");
	if (region == NULL)
		region = fw.region ? fw.region : cw.region;
	endpoint = env_nonempty("AWS_ENDPOINT_URL");
	if (endpoint == NULL)
		endpoint = fw.endpoint ? fw.endpoint : cw.endpoint;
	if ((region && (c->region = strdup(region)) == NULL) ||
	    (endpoint && (c->endpoint = strdup(endpoint)) == NULL)) {
		creds_free(c);
		c = NULL;
		err_set(e, "credentials: out of memory");
	}
done:
	want_clear(&cw);
	want_clear(&fw);
	return c;
}

void creds_free(struct creds *c)
{
	if (c == NULL)
		return;
	wipe_free(c->access_key);
	wipe_free(c->secret_key);
	wipe_free(c->token);
	free(c->region);
	free(c->endpoint);
	free(c);
}

/* collect/s3/creds_keys.c: credentials in memory (creds.h, creds_int.h): struct creds made
 * and freed, the keys a source hands over, the sources the credentials own; every secret
 * string zeroed before it is freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/s3/creds_int.h"

void creds_wipe_free(char *s)
{
	if (s == NULL)
		return;
	for (volatile char *p = s; *p; p++)
		*p = 0;
	free(s);
}

void creds_keys_clear(struct creds_keys *k)
{
	creds_wipe_free(k->access_key);
	creds_wipe_free(k->secret_key);
	creds_wipe_free(k->token);
	memset(k, 0, sizeof(*k));
}

void creds_src_free(struct creds_src *s)
{
	if (s == NULL)
		return;
	free(s->command);
	free(s->role_arn);
	free(s->session_name);
	free(s->external_id);
	free(s->sts_endpoint);
	free(s->sts_region);
	free(s->imds_endpoint);
	free(s->token_file);
	free(s->container_url);
	creds_wipe_free(s->container_token);
	creds_free(s->source);
	memset(s->imds_token, 0, sizeof(s->imds_token));
	free(s);
}

char *creds_dup(const char *s, int *nomem)
{
	char *d;

	if (s == NULL || s[0] == '\0')
		return NULL;
	d = strdup(s);
	if (d == NULL)
		*nomem = 1;
	return d;
}

struct creds *creds_new(const char *access_key, const char *secret_key, const char *token,
			const char *region, const char *endpoint, struct err *e)
{
	struct creds *c;
	int nomem = 0;

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
	c->access_key = creds_dup(access_key, &nomem);
	c->secret_key = creds_dup(secret_key, &nomem);
	c->token = creds_dup(token, &nomem);
	c->region = creds_dup(region, &nomem);
	c->endpoint = creds_dup(endpoint, &nomem);
	if (nomem)
		goto nomem;
	snprintf(c->source, sizeof(c->source), "given");
	return c;
nomem:
	creds_free(c);
	err_set(e, "credentials: out of memory");
	return NULL;
}

void creds_free(struct creds *c)
{
	if (c == NULL)
		return;
	creds_wipe_free(c->access_key);
	creds_wipe_free(c->secret_key);
	creds_wipe_free(c->token);
	free(c->region);
	free(c->endpoint);
	creds_src_free(c->src);
	free(c);
}

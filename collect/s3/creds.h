/* collect/s3/creds.h: credentials, region and endpoint as the AWS tools take them.
 *
 * Order (as the AWS CLI):
 *   1. an explicit profile name: that profile of the shared credentials file;
 *   2. else AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN);
 *   3. else the profile AWS_PROFILE names, or "default", of the shared credentials file.
 * The shared credentials file is AWS_SHARED_CREDENTIALS_FILE or ~/.aws/credentials (INI,
 * keys aws_access_key_id, aws_secret_access_key, aws_session_token). The region is
 * AWS_REGION, else AWS_DEFAULT_REGION, else `region` of the profile in the config file
 * (AWS_CONFIG_FILE or ~/.aws/config, section [default] or [profile NAME]) or in the
 * credentials file. The endpoint is AWS_ENDPOINT_URL, else `endpoint_url` of the profile.
 *
 * Error messages name the file and the profile, never a secret. */
#ifndef COLLECT_CREDS_H
#define COLLECT_CREDS_H

#include "core/err.h"

struct creds {
	char *access_key; /* never NULL after a successful load */
	char *secret_key; /* never NULL after a successful load; never print */
	char *token;      /* NULL when none; never print */
	char *region;     /* NULL when none was found */
	char *endpoint;   /* NULL when none was found */
	char source[512]; /* where the keys came from: "environment" or "profile X in FILE" */
};

/* creds_load: profile NULL or "" for the default order above. Returns a new struct the
 * caller frees with creds_free, or NULL with a message. */
struct creds *creds_load(const char *profile, struct err *e);

/* creds_new: credentials given directly (tests, other sources); copies the strings.
 * token, region and endpoint may be NULL. NULL with a message when a key is missing. */
struct creds *creds_new(const char *access_key, const char *secret_key, const char *token,
			const char *region, const char *endpoint, struct err *e);

/* creds_free: wipes the secrets and frees c (NULL is fine). */
void creds_free(struct creds *c);

#endif

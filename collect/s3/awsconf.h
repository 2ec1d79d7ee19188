/* collect/s3/awsconf.h: one profile of the AWS CLI's config file, as the AWS CLI v2 reads it.
 *
 * The file is AWS_CONFIG_FILE, else ~/.aws/config (INI). Profile NAME is the section
 * [profile NAME] ([default] or [profile default] for "default"). A profile's
 * `services = SVC` names a section [services SVC] whose nested keys
 *     s3 =
 *       endpoint_url = https://...
 *     sts =
 *       endpoint_url = https://...
 * give per-service endpoints. SSO profiles (sso_session, sso_start_url, sso_account_id)
 * are recognised only to be refused (creds.h says so to the user).
 *
 * Read only: nothing here holds a secret but access_key / secret_key / token, which a
 * profile of the config file may carry (the CLI allows it); awsconf_clear wipes them. */
#ifndef COLLECT_AWSCONF_H
#define COLLECT_AWSCONF_H

#include "core/err.h"

struct awsconf {
	char name[256];  /* the profile's name */
	char path[1024]; /* the config file, "" when there is none (no HOME) */
	int found;       /* the file has the profile's section */
	char *region, *endpoint_url, *ca_bundle;
	char *s3_endpoint_url, *sts_endpoint_url; /* from its [services SVC] */
	char *services;                           /* SVC */
	char *credential_process;
	char *role_arn, *source_profile, *credential_source, *role_session_name, *external_id;
	char *web_identity_token_file;
	long duration_seconds;                 /* 0: not given */
	char *access_key, *secret_key, *token; /* never print */
	int sso;                               /* an sso_* key is set */
};

/* awsconf_profile_name: the profile in use: `profile` when not NULL or empty, else
 * AWS_PROFILE, else "default". Borrowed (from the argument or the environment). */
const char *awsconf_profile_name(const char *profile);

/* awsconf_load: profile `profile` (awsconf_profile_name) of the config file into *c
 * (cleared first; awsconf_clear after use). A missing file or section is no error
 * (c->found says). -1 with "FILE:LINE: ..." when the file cannot be read or parsed. */
int awsconf_load(const char *profile, struct awsconf *c, struct err *e);

/* awsconf_clear: free and wipe what awsconf_load set. */
void awsconf_clear(struct awsconf *c);

/* awsconf_ca_bundle: the `ca_bundle` of profile `profile` (awsconf_profile_name), a new
 * string (free) or NULL when the profile has none; the last step of the CA bundle order
 * (subject key > --ca-bundle > AWS_CA_BUNDLE > this). -1 with a message when the config
 * file cannot be read, else 0. */
int awsconf_ca_bundle(const char *profile, char **out, struct err *e);

/* awsconf_path: the path of the file named by env (AWS_CONFIG_FILE ...) else $HOME/rel,
 * into buf (the config file, the shared credentials file). -1 when neither is set. */
int awsconf_path(char *buf, size_t n, const char *env, const char *rel);

#endif

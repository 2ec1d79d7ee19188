/* collect/s3/creds_int.h: the credentials' parts shared by their files: the records in
 * memory (creds_keys.c, at the bottom), the sources that can be asked again and the asking
 * (creds_fetch.c, over it), and the AWS CLI's order that builds them (creds.c, on top).
 * Not a public API: use collect/s3/creds.h. Nothing here ever prints a key, a token or a
 * process's output. */
#ifndef COLLECT_CREDS_INT_H
#define COLLECT_CREDS_INT_H

#include <stdint.h>

#include "collect/s3/creds.h"

/* Keys as a source hands them over (strings owned; creds_keys_clear wipes them). */
struct creds_keys {
	char *access_key, *secret_key, *token;
	int64_t expires_s; /* Unix seconds; 0: no expiry given */
};

enum creds_src_kind {
	CREDS_SRC_PROCESS, /* credential_process */
	CREDS_SRC_ROLE,    /* role_arn + source_profile: STS AssumeRole */
	CREDS_SRC_IMDS     /* EC2 instance metadata, IMDSv2 */
};

struct creds_src {
	enum creds_src_kind kind;
	char profile[256]; /* the profile it belongs to (messages) */
	char *command;     /* PROCESS: the command line, run by /bin/sh -c */
	/* ROLE */
	char *role_arn, *session_name, *external_id, *sts_endpoint, *sts_region;
	long duration_s;
	struct creds *source; /* the source profile's credentials (refreshed as needed) */
	/* IMDS */
	char *imds_endpoint;  /* "http://169.254.169.254" or AWS_EC2_METADATA_SERVICE_ENDPOINT */
	char imds_token[512]; /* the session token of the metadata service, "" when none */
	int64_t imds_token_expires_s;
	char imds_role[256]; /* the instance profile's role name */
};

/* In memory (collect/s3/creds_keys.c). */

/* creds_keys_clear: wipe and free k's strings, k zeroed. */
void creds_keys_clear(struct creds_keys *k);

/* creds_src_free: free s (NULL is fine) and its source credentials. */
void creds_src_free(struct creds_src *s);

/* creds_wipe_free: zero the string, then free it (NULL is fine). */
void creds_wipe_free(char *s);

/* creds_dup: a copy of s (free), NULL for NULL or ""; *nomem set to 1 when out of memory. */
char *creds_dup(const char *s, int *nomem);

/* Asked (collect/s3/creds_fetch.c). */

/* creds_fetch: ask s for keys into *k. -1 with a message naming the source (never its
 * output or a key). */
int creds_fetch(struct creds_src *s, struct creds_keys *k, struct err *e);

/* creds_parse_process_json: the output of a credential_process (Version 1, AccessKeyId,
 * SecretAccessKey, optional SessionToken and Expiration) into *k. Test seam. */
int creds_parse_process_json(const char *text, size_t n, const char *what, struct creds_keys *k,
			     struct err *e);

/* creds_parse_sts_xml: an AssumeRole answer into *k. Test seam. */
int creds_parse_sts_xml(const char *text, size_t n, const char *what, struct creds_keys *k,
			struct err *e);

#endif

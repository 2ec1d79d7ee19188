/* collect/s3/creds_int.h: the credentials' parts shared by their files: the records in
 * memory (creds_keys.c, at the bottom), the sources that can be asked again and the asking
 * (creds_fetch.c, over it), and the AWS CLI's order that builds them (creds.c, on top).
 * Not a public API: use collect/s3/creds.h. Nothing here ever prints a key, a token or a
 * process's output. */
#ifndef COLLECT_CREDS_INT_H
#define COLLECT_CREDS_INT_H

#include <stdint.h>

#include "collect/s3/creds.h"
#include "core/strbuf.h"

/* Keys as a source hands them over (strings owned; creds_keys_clear wipes them). */
struct creds_keys {
	char *access_key, *secret_key, *token;
	int64_t expires_s; /* Unix seconds; 0: no expiry given */
};

enum creds_src_kind {
	CREDS_SRC_PROCESS,      /* credential_process */
	CREDS_SRC_ROLE,         /* role_arn + source_profile: STS AssumeRole */
	CREDS_SRC_IMDS,         /* EC2 instance metadata, IMDSv2 */
	CREDS_SRC_WEB_IDENTITY, /* a token file + a role: STS AssumeRoleWithWebIdentity */
	CREDS_SRC_CONTAINER     /* the container credentials endpoint (ECS, EKS Pod Identity) */
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
	/* WEB_IDENTITY: role_arn, session_name, sts_endpoint (as ROLE), and the token file,
	 * read at each fetch (it is rotated) */
	char *token_file;
	/* CONTAINER: the URL; the Authorization header's value from token_file (read at each
	 * fetch) or, without one, container_token (never print) */
	char *container_url, *container_token;
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

/* A command run (collect/s3/creds_proc.c). */

/* creds_run_process: run command with /bin/sh -c in a process group of its own, its
 * stdout into out (at most max bytes kept), its stderr ours; the group killed after
 * limit_s seconds. 0 when it exited 0 in time with at most max bytes; else -1 with
 * "WHAT: no answer within N s (the command was stopped)", "WHAT: the command failed (exit
 * status N)" or "WHAT: more than N bytes of output" (never its output). */
int creds_run_process(const char *command, int limit_s, size_t max, struct strbuf *out,
		      const char *what, struct err *e);

/* Asked (collect/s3/creds_fetch.c). */

/* creds_fetch: ask s for keys into *k. -1 with a message naming the source (never its
 * output or a key). */
int creds_fetch(struct creds_src *s, struct creds_keys *k, struct err *e);

/* creds_parse_process_json: the output of a credential_process (Version 1, AccessKeyId,
 * SecretAccessKey, optional SessionToken and Expiration) into *k. Test seam. */
int creds_parse_process_json(const char *text, size_t n, const char *what, struct creds_keys *k,
			     struct err *e);

/* creds_container_url: the container credentials endpoint from the environment's values
 * relative (AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: http://169.254.170.2 in front) or,
 * without it, full (AWS_CONTAINER_CREDENTIALS_FULL_URI; over http only to a loopback
 * address, 169.254.170.2, 169.254.170.23 or fd00:ec2::23, as the AWS SDKs allow), into
 * url (n bytes). 0; 1 when neither is set; -1 with a message naming the variable. Test
 * seam. */
int creds_container_url(const char *relative, const char *full, char *url, size_t n, struct err *e);

/* creds_parse_sts_xml: an AssumeRole answer into *k. Test seam. */
int creds_parse_sts_xml(const char *text, size_t n, const char *what, struct creds_keys *k,
			struct err *e);

#endif

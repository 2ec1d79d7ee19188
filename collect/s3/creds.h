/* collect/s3/creds.h: credentials as the AWS CLI v2 finds them (botocore's order, FACTS
 * 7.3; docs in README, "Credentials").
 *
 * Order:
 *   1. with no explicit profile: AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY
 *      (+ AWS_SESSION_TOKEN);
 *   2. the profile (the explicit one, else AWS_PROFILE, else "default"), from the config
 *      file (AWS_CONFIG_FILE or ~/.aws/config, collect/s3/awsconf.h) and the shared
 *      credentials file (AWS_SHARED_CREDENTIALS_FILE or ~/.aws/credentials), first of:
 *      a. role_arn + source_profile: STS AssumeRole with the source profile's credentials
 *         (found by this same step, at most 4 deep), at AWS_ENDPOINT_URL_STS, else
 *         AWS_ENDPOINT_URL, else the profile's services `sts` endpoint_url, else its
 *         endpoint_url, else https://sts.REGION.amazonaws.com (REGION: the profile's
 *         region, else us-east-1);
 *      b. web identity (EKS's IAM roles for service accounts): a role (the profile's
 *         role_arn, else AWS_ROLE_ARN) and a token file (its web_identity_token_file,
 *         else AWS_WEB_IDENTITY_TOKEN_FILE; the environment only for the profile asked
 *         for, not a source profile): STS AssumeRoleWithWebIdentity (unsigned) at the same
 *         STS endpoint, the session named role_session_name, else AWS_ROLE_SESSION_NAME;
 *         the token file is read again at each fetch (it is rotated);
 *      c. an SSO profile (sso_session, sso_start_url, sso_account_id ...): refused;
 *      d. aws_access_key_id / aws_secret_access_key (/ aws_session_token) in the
 *         credentials file;
 *      e. credential_process in the config file: its stdout is JSON {"Version": 1,
 *         "AccessKeyId", "SecretAccessKey", ["SessionToken"], ["Expiration"]}
 *         (RFC 3339); its stderr goes to ours; stopped after creds_process_timeout_s;
 *      f. the keys in the config file's profile;
 *   3. for the profile "default", or one that exists but holds none of the above:
 *      a. container credentials (ECS, EKS Pod Identity): AWS_CONTAINER_CREDENTIALS_
 *         RELATIVE_URI on http://169.254.170.2, else AWS_CONTAINER_CREDENTIALS_FULL_URI
 *         (https, or http to a loopback address, 169.254.170.2, 169.254.170.23,
 *         fd00:ec2::23), with the header Authorization: the first line of
 *         AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE (read at each fetch), else
 *         AWS_CONTAINER_AUTHORIZATION_TOKEN; 2 s a request;
 *      b. the EC2 instance metadata service (IMDSv2: a session token, then the instance
 *         role's credentials), one second per request, at
 *         AWS_EC2_METADATA_SERVICE_ENDPOINT or http://169.254.169.254; skipped when
 *         AWS_EC2_METADATA_DISABLED=true.
 * Not supported: SSO and `aws login` profiles, credential_source, boto2's config file.
 * Credentials with an Expiration (process, role, web identity, container, instance) are
 * fetched again by creds_refresh; creds_refresh_at says when.
 *
 * The region (c->region) is AWS_REGION, else AWS_DEFAULT_REGION, else the profile's
 * `region` (config file, else credentials file). The endpoint (c->endpoint) is
 * AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL, else the profile's services `s3`
 * endpoint_url, else its endpoint_url.
 *
 * Error messages name the file and the profile, never a secret nor what a process or a
 * service answered. */
#ifndef COLLECT_CREDS_H
#define COLLECT_CREDS_H

#include <stdint.h>

#include "core/err.h"

struct creds_src; /* collect/s3/creds_int.h */

struct creds {
	char *access_key;      /* never NULL after a successful load */
	char *secret_key;      /* never NULL after a successful load; never print */
	char *token;           /* NULL when none; never print */
	char *region;          /* NULL when none was found */
	char *endpoint;        /* NULL when none was found */
	char source[512];      /* where the keys came from: "environment", "profile X in FILE",
			     "credential_process of profile X", "role ARN (profile X)",
			     "web identity, role ARN (token file F)", "container credentials
			     at URL", "instance metadata at URL (role R)" */
	int64_t expires_s;     /* Unix seconds the keys expire; 0: they do not */
	int64_t fetched_s;     /* when they were fetched (with expires_s) */
	struct creds_src *src; /* where to fetch them again; NULL: fixed keys */
};

/* creds_load: profile NULL or "" for the default order above. Returns a new struct the
 * caller frees with creds_free, or NULL with a message. */
struct creds *creds_load(const char *profile, struct err *e);

/* creds_new: credentials given directly (tests, other sources); copies the strings.
 * token, region and endpoint may be NULL. NULL with a message when a key is missing. */
struct creds *creds_new(const char *access_key, const char *secret_key, const char *token,
			const char *region, const char *endpoint, struct err *e);

/* creds_refresh_at: the Unix second from which c should be fetched again: when
 * CREDS_REFRESH_EARLY_S (botocore's advisory 15 minutes), or half their lifetime for keys
 * that live less than twice that, remain before they expire. 0: never (fixed keys). */
#define CREDS_REFRESH_EARLY_S 900
int64_t creds_refresh_at(const struct creds *c);

/* creds_process_timeout_s: how long a credential_process may take before it is stopped
 * (its whole process group killed) and the fetch fails: CREDS_PROCESS_TIMEOUT_S, or
 * S3BENCH_CREDENTIAL_PROCESS_TIMEOUT (whole seconds, 1 to 3600) from the environment. -1
 * with a message naming the variable and its value when that is not such a number. */
#define CREDS_PROCESS_TIMEOUT_S 60
int creds_process_timeout_s(struct err *e);

/* creds_refresh: fetch c's keys again from where they came from (a no-op for fixed
 * keys). On failure c keeps its keys and e says why (-1). Not thread-safe: one caller at
 * a time (an S3 client's refresher thread, collect/s3/s3_keys.c). */
int creds_refresh(struct creds *c, struct err *e);

/* creds_free: wipes the secrets and frees c (NULL is fine). */
void creds_free(struct creds *c);

#endif

/* collect/run/subject.h: a subject's credentials and S3 client, as a run's child takes
 * them and as the sweep of what a killed run left takes them again; a subject's endpoint,
 * region and CA bundle where its keys leave them out. Never a secret in a message. */
#ifndef COLLECT_RUN_SUBJECT_H
#define COLLECT_RUN_SUBJECT_H

#include "collect/campaign/campaign.h"
#include "core/err.h"

struct creds;     /* collect/s3/creds.h */
struct awsconf;   /* collect/s3/awsconf.h */
struct s3_client; /* collect/s3/s3.h */

/* subject_creds: the credentials of subject s: its profile, env:PREFIX (PREFIX_ACCESS_KEY_ID,
 * PREFIX_SECRET_ACCESS_KEY, PREFIX_SESSION_TOKEN) or the AWS CLI's default chain. New
 * (creds_free), or NULL with a message naming the subject and what is missing. */
struct creds *subject_creds(const struct campaign_subject *s, struct err *e);

/* subject_creds_record: run.json's "credentials" record (core/runrec/runrec.h) of cr,
 * fetched at fetched_ns (Unix ns) in took_ns, into *out (no refresh yet): call it before
 * a client takes cr (whose refresher then changes it). subject_refresh_record: the
 * refreshes client cl made so far (s3_client_refreshes) into out's. Never a key. */
struct runrec_credentials;
void subject_creds_record(const struct creds *cr, int64_t fetched_ns, int64_t took_ns,
			  struct runrec_credentials *out);
void subject_refresh_record(struct s3_client *cl, struct runrec_credentials *out);

/* subject_check_utf8: every text of s that run.json and .subject.json carry (id, label,
 * endpoint, region, bucket, color, ca_bundle, the profile or env prefix) is UTF-8 (JSON
 * holds nothing else: core/utf8.h). 0, or -1 with "subject.FIELD: not UTF-8 (byte 0xE9 at
 * position 4)". */
int subject_check_utf8(const struct campaign_subject *s, struct err *e);

/* subject_ca_default: the CA bundle of a subject without its own ca_bundle key: `flag`
 * (--ca-bundle) when set, else the environment's AWS_CA_BUNDLE (the AWS CLI's name) when
 * set and not empty, else NULL (the system's CAs). A borrowed string. */
const char *subject_ca_default(const char *flag);

/* subject_addressing_note: a plain note when s's requests are not addressed as its
 * `addressing` says (a virtual-hosted bucket with a dot, over HTTPS, goes path-style:
 * collect/s3/s3.h), written into buf (n bytes) and returned; NULL (buf untouched) when
 * they are. */
const char *subject_addressing_note(const struct campaign_subject *s, char *buf, size_t n);

/* subject_config: the client configuration subject_client makes (below) into *cfg: its
 * strings borrowed from s, except *profile_ca (the profile's CA bundle when it is the one
 * used: a new string the caller frees after the client, else NULL). 0, or -1 with a
 * message when the AWS config file cannot be read. */
struct s3_config;
int subject_config(const struct campaign_subject *s, struct creds *cr, long buffer_size,
		   const struct wl_send *send, struct s3_config *cfg, char **profile_ca,
		   struct err *e);

/* subject_client: a new S3 client (s3_client_free) for subject s with credentials cr
 * (borrowed: they must outlive the client), libcurl buffers of buffer_size bytes (0:
 * libcurl's) and the run's way of sending (checksum, payload mode, HTTP version,
 * keep-alive, addresses, each attempt's time limits; NULL: the defaults); NULL with a message. CAs trusted: s's
 * ca_bundle (already the subject key, else --ca-bundle, else AWS_CA_BUNDLE: see
 * subject_ca_default), else its AWS profile's ca_bundle, else the system's. */
struct s3_client *subject_client(const struct campaign_subject *s, struct creds *cr,
				 long buffer_size, const struct wl_send *send, struct err *e);

/* subject_probe_client: a new S3 client (s3_client_free) for subject s with credentials cr
 * (borrowed), trusting what subject_client trusts, with the default way of sending and
 * every request limited to timeout_ms: for the checks before the first request
 * (collect/run/preflight.h). NULL with a message. */
struct s3_client *subject_probe_client(const struct campaign_subject *s, struct creds *cr,
				       long timeout_ms, struct err *e);

/* subject_connect: the credentials of subject s (subject_creds) into *cr (the caller
 * frees them with creds_free after the client) and a new S3 client for s
 * (s3_client_free). NULL with a message when either fails; *cr is then NULL. */
struct s3_client *subject_connect(const struct campaign_subject *s, struct creds **cr,
				  struct err *e);

/* subject_profile_defaults: the endpoint and region of every subject of c that names a
 * profile and leaves them out, from that profile of the AWS config file (collect/s3/
 * awsconf.h): endpoint = its services `s3` endpoint_url, else its endpoint_url; region =
 * its region, else us-east-1. The subject's own keys win; the environment is not read
 * (it would apply to every subject alike). -1 with "FILE:LINE: [subject ID]: ..." when a
 * subject still has no endpoint. */
int subject_profile_defaults(struct campaign *c, struct err *e);

/* subject_run_defaults: `collect run`'s endpoint and region where the flags leave them
 * out, as the AWS CLI v2: endpoint = AWS_ENDPOINT_URL_S3 > AWS_ENDPOINT_URL > the
 * profile's (AWS_PROFILE, else default) services `s3` endpoint_url > its endpoint_url;
 * region = AWS_REGION > AWS_DEFAULT_REGION > the profile's region > us-east-1. The
 * strings point into the environment or into *conf (loaded here; awsconf_clear after s
 * is used). s->endpoint stays NULL when none is found. -1 with a message when the
 * config file cannot be read, when an endpoint from the environment or the profile is
 * not scheme://host[:port] (s3_endpoint_check; the message names its source), or when a
 * text of s (subject_check_utf8: --id, --region, AWS_REGION ...) is not UTF-8. */
int subject_run_defaults(struct campaign_subject *s, struct awsconf *conf, struct err *e);

/* subject_profile_ca_bundle: the `ca_bundle` of subject s's AWS profile (its profile, or
 * for credentials = default AWS_PROFILE / default; none for env:PREFIX), a new string
 * (free) or NULL: the last step of the CA-bundle order, after the subject's ca_bundle,
 * --ca-bundle and AWS_CA_BUNDLE. -1 with a message when the config file cannot be read. */
int subject_profile_ca_bundle(const struct campaign_subject *s, char **out, struct err *e);

#endif

/* collect/run/subject.h: a subject's credentials and S3 client, as a run's child takes
 * them; shared by the runner (collect/run/runner.c) and `collect clean`
 * (collect/run/clean.c). Never a secret in a message. */
#ifndef COLLECT_RUN_SUBJECT_H
#define COLLECT_RUN_SUBJECT_H

#include "collect/campaign/campaign.h"
#include "core/err.h"

struct creds;     /* collect/s3/creds.h */
struct s3_client; /* collect/s3/s3.h */

/* subject_creds: the credentials of subject s: its profile, env:PREFIX (PREFIX_ACCESS_KEY_ID,
 * PREFIX_SECRET_ACCESS_KEY, PREFIX_SESSION_TOKEN) or the AWS CLI's default chain. New
 * (creds_free), or NULL with a message naming the subject and what is missing. */
struct creds *subject_creds(const struct campaign_subject *s, struct err *e);

/* subject_client: a new S3 client (s3_client_free) for subject s with credentials cr
 * (borrowed: they must outlive the client), libcurl buffers of buffer_size bytes (0:
 * libcurl's) and the run's way of sending (checksum, payload mode, HTTP version,
 * keep-alive, addresses; NULL: the defaults); NULL with a message. */
struct s3_client *subject_client(const struct campaign_subject *s, const struct creds *cr,
				 long buffer_size, const struct wl_send *send, struct err *e);

/* subject_connect: the credentials of subject s (subject_creds) into *cr (the caller
 * frees them with creds_free after the client) and a new S3 client for s
 * (s3_client_free). NULL with a message when either fails; *cr is then NULL. */
struct s3_client *subject_connect(const struct campaign_subject *s, struct creds **cr,
				  struct err *e);

#endif

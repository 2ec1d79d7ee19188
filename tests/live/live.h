/* tests/live/live.h: what the live tests share (live_s3.c, live_engine.c, live_wl.c): the
 * local S3 server a test runs against, found through the variables tests/run exports,
 * a client of it, and a count of its keys. Every helper counts its checks through
 * tests/unit/check.h.
 *
 *   struct server s = {.name = "radosgw", .prefix = "RGW"};
 *   live_server(&s)                        0, or -1 after a skip: that server was not started
 *   live_client(&s, secret, sign, ms)      a client signing with secret (NULL: a failed check)
 *   live_count_keys(c, bucket, prefix)     how many keys a listing of prefix gives
 *
 * Header-only on purpose, as check.h: each live test is one file (Makefile, ONEFILE_DIRS). */
#ifndef TESTS_LIVE_H
#define TESTS_LIVE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "tests/unit/check.h"

/* One local server: name and variable prefix set by the test, the rest by live_server. */
struct server {
	const char *name;   /* "s3rver" */
	const char *prefix; /* "S3RVER": S3RVER_S3_ENDPOINT, S3RVER_AWS_ACCESS_KEY_ID, ... */
	char endpoint[256], key[128], secret[128], region[64];
	int is_rgw; /* live_s3.c: the strict server (set by the test) */
};

/* live_server: s's endpoint, keys and region from PREFIX_S3_ENDPOINT, PREFIX_AWS_ACCESS_KEY_ID,
 * PREFIX_AWS_SECRET_ACCESS_KEY and PREFIX_AWS_REGION; 0, or -1 after counting a skip (a
 * variable unset or empty: tests/run did not start that server). */
static inline int live_server(struct server *s)
{
	static const char *const names[4] = {"S3_ENDPOINT", "AWS_ACCESS_KEY_ID",
					     "AWS_SECRET_ACCESS_KEY", "AWS_REGION"};
	char *dst[4] = {s->endpoint, s->key, s->secret, s->region};
	size_t sz[4] = {sizeof(s->endpoint), sizeof(s->key), sizeof(s->secret), sizeof(s->region)};
	char var[64], why[128];

	for (int i = 0; i < 4; i++) {
		snprintf(var, sizeof(var), "%s_%s", s->prefix, names[i]);
		const char *v = getenv(var);
		if (v == NULL || v[0] == '\0') {
			snprintf(why, sizeof(why), "%s_* not set: %s not started", s->prefix,
				 s->name);
			CHECK_SKIP(1, why);
			return -1;
		}
		snprintf(dst[i], sz[i], "%s", v);
	}
	return 0;
}

/* live_client: a client of s signing with s's key and secret (another secret tests a wrong
 * one), payloads signed when sign_payload is 1, each request limited to timeout_ms; NULL
 * after a failed check. Free with s3_client_free. */
static inline struct s3_client *live_client(const struct server *s, const char *secret,
					    int sign_payload, long timeout_ms)
{
	struct err e = {{0}};
	struct creds *cr = creds_new(s->key, secret, NULL, s->region, NULL, &e);
	struct s3_config cfg = {.endpoint = s->endpoint,
				.region = s->region,
				.sign_payload = sign_payload,
				.creds = cr,
				.timeout_ms = timeout_ms};
	struct s3_client *c = cr ? s3_client_new(&cfg, &e) : NULL;

	CHECK(c != NULL, "%s: client: %s", s->name, e.msg);
	creds_free(cr);
	return c;
}

/* live_count_keys: the keys under prefix in bucket, listed page by page (a failed listing is
 * a failed check; the keys counted until then are returned). */
static inline size_t live_count_keys(struct s3_client *c, const char *bucket, const char *prefix)
{
	struct s3_req *r = s3_req_new(c, NULL);
	struct s3_result res;
	struct err e = {{0}};
	size_t n = 0;
	char *tok = NULL;

	do {
		struct s3_args a = {
			.op = S3_LIST_OBJECTS, .bucket = bucket, .prefix = prefix, .token = tok};
		if (s3_req_perform(r, &a, &res, &e) != 0) {
			CHECK(0, "list %s: %s", prefix, e.msg);
			break;
		}
		n += res.n_keys;
		free(tok);
		tok = res.next_token ? strdup(res.next_token) : NULL;
	} while (tok != NULL);
	free(tok);
	s3_req_free(r);
	return n;
}

#endif

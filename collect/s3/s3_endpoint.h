/* collect/s3/s3_endpoint.h: an endpoint URL as s3bench takes it, scheme://host[:port]
 * and nothing else (docs/CAMPAIGN.md, "[subject ID]"), and a bucket name as S3 takes it
 * for the addressing style. Checked where they are typed (the campaign file, --endpoint,
 * the AWS config file), before the first request (collect/run/preflight.h) and when a
 * client is made; no message ever repeats user info (user:password@): the URL is quoted
 * with it replaced by "***". */
#ifndef COLLECT_S3_ENDPOINT_H
#define COLLECT_S3_ENDPOINT_H

#include <stddef.h>

#include "core/err.h"

/* s3_endpoint_check: 0 when url is http:// or https://, a host (a DNS name or address of
 * [A-Za-z0-9._-], or an IPv6 address in brackets), an optional :PORT from 1 to 65535 and
 * at most a trailing '/'. Else -1 with "'URL' has a path (/x) after the host: ..." (or
 * "holds user info (NAME:PASSWORD@) ...", "has a query (?...) ...", "has a fragment
 * (#...) ...", "port 99999 is out of range (1-65535)", "has no host", "host 'a b' is not a
 * host name", "is not an http:// or https:// URL"), the URL quoted as
 * s3_endpoint_redact writes it. */
int s3_endpoint_check(const char *url, struct err *e);

/* s3_endpoint_redact: url into buf (n bytes) with any user info before the host replaced
 * by three asterisks ("http://" "***" "@h:9000"); returns buf. */
const char *s3_endpoint_redact(const char *url, char *buf, size_t n);

/* Bucket names (S3's rules, docs/CAMPAIGN.md, "[subject ID]"). */
enum s3_bucket_name {
	S3_BUCKET_OK,     /* 3-63 of [a-z0-9.-], a letter or digit at each end, ... */
	S3_BUCKET_LEGACY, /* path-style only: uppercase or '_' (AWS's legacy us-east-1 names):
			     usable when it exists, never created */
	S3_BUCKET_BAD,
};

/* s3_bucket_name_check: name under S3's rules for general purpose buckets: 3 to 63
 * characters of lowercase letters, digits, '.' and '-', a letter or digit first and
 * last, no "..", not an IPv4 address, not starting "xn--", "sthree-" or "amzn-s3-demo-",
 * not ending "-s3alias", "--ol-s3", ".mrap", "--x-s3" or "--table-s3". With path-style
 * addressing (virtual 0) a name that fails only for uppercase letters or '_' is
 * S3_BUCKET_LEGACY. On S3_BUCKET_BAD (and LEGACY) what is wrong goes to e. */
enum s3_bucket_name s3_bucket_name_check(const char *name, int virtual_hosted, struct err *e);

#endif

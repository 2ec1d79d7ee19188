/* collect/s3/s3_endpoint.c: see s3_endpoint.h. */
#include "collect/s3/s3_endpoint.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* scheme_len: 7 for http://, 8 for https://, else 0. */
static size_t scheme_len(const char *url)
{
	if (strncmp(url, "http://", 7) == 0)
		return 7;
	if (strncmp(url, "https://", 8) == 0)
		return 8;
	return 0;
}

const char *s3_endpoint_redact(const char *url, char *buf, size_t n)
{
	size_t sl = scheme_len(url);
	const char *auth = url + sl, *end = auth + strcspn(auth, "/?#"), *at = NULL;

	for (const char *p = auth; p < end; p++)
		if (*p == '@')
			at = p;
	if (sl == 0 || at == NULL)
		snprintf(buf, n, "%s", url);
	else
		snprintf(buf, n, "%.*s***%s", (int)sl, url, at);
	return buf;
}

/* host_ok: the host part [h, h + len) is a name or address, or [IPv6]. */
static int host_ok(const char *h, size_t len)
{
	if (len == 0)
		return 0;
	if (h[0] == '[') {
		if (len < 3 || h[len - 1] != ']')
			return 0;
		for (size_t i = 1; i + 1 < len; i++)
			if (!isxdigit((unsigned char)h[i]) && h[i] != ':' && h[i] != '.')
				return 0;
		return 1;
	}
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)h[i]) && h[i] != '.' && h[i] != '-' && h[i] != '_')
			return 0;
	return 1;
}

/* port_check: the port text [p, p + len) after ':'; 0, or -1 with a message. */
static int port_check(const char *q, const char *p, size_t len, struct err *e)
{
	long v = 0;

	if (len == 0)
		return err_set(e, "'%s' has an empty port after ':'", q);
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)p[i]))
			return err_set(e, "'%s': port '%.*s' is not a number", q, (int)len, p);
		if (v <= 65535)
			v = v * 10 + (p[i] - '0');
	}
	if (v < 1 || v > 65535)
		return err_set(e, "'%s': port %.*s is out of range (1-65535)", q, (int)len, p);
	return 0;
}

int s3_endpoint_check(const char *url, struct err *e)
{
	char q[512];
	size_t sl = scheme_len(url);
	const char *auth = url + sl, *end, *colon = NULL;

	s3_endpoint_redact(url, q, sizeof(q));
	if (sl == 0)
		return err_set(e, "'%s' is not an http:// or https:// URL", q);
	end = auth + strcspn(auth, "/?#");
	if (memchr(auth, '@', (size_t)(end - auth)) != NULL)
		return err_set(e,
			       "'%s' holds user info (NAME:PASSWORD@ before the host): keys never "
			       "go in the URL; give them with profile = NAME or credentials = "
			       "env:PREFIX (README, \"Credentials\")",
			       q);
	if (*end == '/' && end[1] != '\0' && end[1] != '?' && end[1] != '#')
		return err_set(e,
			       "'%s' has a path (%.*s) after the host: an endpoint is "
			       "scheme://host[:port], and the bucket goes in bucket =",
			       q, (int)strcspn(end, "?#"), end);
	end += *end == '/';
	if (*end == '?')
		return err_set(e,
			       "'%s' has a query (?...): an endpoint is scheme://host[:port] and "
			       "nothing else",
			       q);
	if (*end == '#')
		return err_set(
			e,
			"'%s' has a fragment (#...): an endpoint is scheme://host[:port] and "
			"nothing else",
			q);
	end = auth + strcspn(auth, "/");
	/* the port's ':' is the last one, after an IPv6 address's ']' */
	for (const char *p = auth; p < end; p++)
		if (*p == ':' && (auth[0] != '[' || memchr(auth, ']', (size_t)(p - auth)) != NULL))
			colon = p;
	if (colon == NULL)
		colon = end;
	if (colon == auth)
		return err_set(e, "'%s' has no host", q);
	if (!host_ok(auth, (size_t)(colon - auth)))
		return err_set(e, "'%s': host '%.*s' is not a host name or address", q,
			       (int)(colon - auth), auth);
	if (colon < end && port_check(q, colon + 1, (size_t)(end - colon - 1), e) < 0)
		return -1;
	return 0;
}

/* ipv4_like: four dot-separated groups of digits */
static int ipv4_like(const char *s)
{
	int groups = 0, digits = 0;

	for (; *s; s++) {
		if (isdigit((unsigned char)*s)) {
			digits++;
			continue;
		}
		if (*s != '.' || digits == 0)
			return 0;
		groups++;
		digits = 0;
	}
	return groups == 3 && digits > 0;
}

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);

	return n >= k && strcmp(s + n - k, suf) == 0;
}

enum s3_bucket_name s3_bucket_name_check(const char *name, int virtual_hosted, struct err *e)
{
	static const char *const bad_start[] = {"xn--", "sthree-", "amzn-s3-demo-"};
	static const char *const bad_end[] = {"-s3alias", "--ol-s3", ".mrap", "--x-s3",
					      "--table-s3"};
	size_t n = strlen(name);
	int legacy = 0;

	if (n < 3 || n > 63)
		return err_set(e, "bucket '%s': %zu characters, S3 takes 3 to 63", name, n),
		       S3_BUCKET_BAD;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)name[i];
		if (isupper(c) || c == '_')
			legacy = 1;
		else if (!islower(c) && !isdigit(c) && c != '.' && c != '-')
			return err_set(e,
				       "bucket '%s': '%c' is not allowed (lowercase letters, "
				       "digits, '.' and '-')",
				       name, c),
			       S3_BUCKET_BAD;
	}
	if (!isalnum((unsigned char)name[0]) || !isalnum((unsigned char)name[n - 1]))
		return err_set(e, "bucket '%s': must begin and end with a letter or digit", name),
		       S3_BUCKET_BAD;
	if (strstr(name, "..") != NULL)
		return err_set(e, "bucket '%s': two adjacent periods", name), S3_BUCKET_BAD;
	if (ipv4_like(name))
		return err_set(e, "bucket '%s': formatted as an IP address", name), S3_BUCKET_BAD;
	for (size_t i = 0; i < sizeof(bad_start) / sizeof(bad_start[0]); i++)
		if (strncmp(name, bad_start[i], strlen(bad_start[i])) == 0)
			return err_set(e, "bucket '%s': S3 reserves the prefix %s", name,
				       bad_start[i]),
			       S3_BUCKET_BAD;
	for (size_t i = 0; i < sizeof(bad_end) / sizeof(bad_end[0]); i++)
		if (has_suffix(name, bad_end[i]))
			return err_set(e, "bucket '%s': S3 reserves the suffix %s", name,
				       bad_end[i]),
			       S3_BUCKET_BAD;
	if (!legacy)
		return S3_BUCKET_OK;
	if (virtual_hosted)
		return err_set(e,
			       "bucket '%s': uppercase letters and '_' cannot be a host name "
			       "(addressing = virtual); S3 takes lowercase letters, digits, '.' "
			       "and '-'",
			       name),
		       S3_BUCKET_BAD;
	err_set(e,
		"bucket '%s': uppercase letters and '_' are only in old buckets, reached "
		"path-style; a new one cannot have them",
		name);
	return S3_BUCKET_LEGACY;
}

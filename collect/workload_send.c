/* collect/workload_send.c: the spellings and run.json record of how requests are sent
 * (struct wl_send, collect/workload.h). */
#include "collect/workload.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collect/s3/checksum.h"
#include "collect/s3/s3.h"
#include "collect/s3/s3_sse.h"
#include "core/opslog.h"
#include "core/units.h"

/* The two-valued fields: the spelling of 0 and of 1. */
static const struct {
	enum wl_field f;
	const char *v0, *v1;
} pairs[] = {
	{WLF_READS, "random", "once"},      {WLF_HTTP, "1.1", "2"},
	{WLF_HTTP2_SHARED, "no", "yes"},    {WLF_KEEPALIVE, "yes", "no"},
	{WLF_ADDRESSES, "first", "spread"},
};

static int *slot(enum wl_field f, struct wl_send *snd)
{
	switch (f) {
	case WLF_READS:
		return &snd->reads;
	case WLF_HTTP:
		return &snd->http2;
	case WLF_HTTP2_SHARED:
		return &snd->http2_shared;
	case WLF_KEEPALIVE:
		return &snd->no_keepalive;
	default:
		return &snd->spread;
	}
}

/* timeout_slot: where timeout field f is kept in snd */
static long *timeout_slot(enum wl_field f, struct wl_send *snd)
{
	return f == WLF_CONNECT_TIMEOUT ? &snd->connect_timeout_ms
	       : f == WLF_READ_TIMEOUT  ? &snd->read_timeout_ms
					: &snd->request_timeout_ms;
}

/* parse_timeout: the limit of timeout field f: a duration from 1 ms to an hour, or none
 * (read and request only). */
static int parse_timeout(enum wl_field f, const char *s, struct wl_send *snd, struct err *e)
{
	const char *none = f == WLF_CONNECT_TIMEOUT ? "" : ", or none";
	struct err ue;
	double sec, ms;

	if (*none && strcasecmp(s, "none") == 0) {
		*timeout_slot(f, snd) = WL_TIMEOUT_NONE;
		return 0;
	}
	if (units_parse_duration(s, &sec, &ue) < 0)
		return err_set(e, "%s%s", ue.msg, none);
	ms = round(sec * 1000);
	if (ms < 1 || ms > (double)WL_TIMEOUT_MAX_MS)
		return err_set(e, "'%s' is not a time limit from 1ms to 1h%s", s, none);
	*timeout_slot(f, snd) = (long)ms;
	return 0;
}

int workload_verifies_checksums(const struct workload *wl)
{
	return wl->send.checksum != CHECKSUM_NONE &&
	       (wl->op == WL_GET || wl->op == WL_GET_SMALL || wl->op == WL_MIXED);
}

int workload_conditional(const struct workload *wl)
{
	return wl->op == WL_PUT_IF_ABSENT || wl->op == WL_CAS;
}

uint64_t workload_keys(const struct workload *wl)
{
	return wl->objects ? wl->objects : WL_DEFAULT_KEYS;
}

int workload_page_size(const struct workload *wl)
{
	return wl->page_size > 0 ? wl->page_size : WL_DEFAULT_PAGE_SIZE;
}

void workload_log_columns(const struct workload *wl, struct opslog_writer_opts *o)
{
	*o = (struct opslog_writer_opts){.intended = wl->rate > 0,
					 .phases = 1,
					 .attempts = wl->retries > 0,
					 .hedge = wl->hedge.kind != WL_HEDGE_NONE,
					 .checksums = workload_verifies_checksums(wl),
					 .ids = 1,
					 .cond = workload_conditional(wl),
					 .pages = wl->op == WL_LIST,
					 .conns = 1};
}

int workload_tls_resume(const struct wl_send *snd)
{
	return snd->tls_resume == WL_TLS_RESUME_YES || (snd->tls_resume == 0 && !snd->no_keepalive);
}

long workload_timeout_ms(enum wl_field f, const struct wl_send *snd)
{
	struct wl_send copy = *snd;
	long v = *timeout_slot(f, &copy);

	if (v == WL_TIMEOUT_NONE)
		return 0;
	if (v > 0)
		return v;
	return f == WLF_CONNECT_TIMEOUT ? WL_CONNECT_TIMEOUT_MS
	       : f == WLF_READ_TIMEOUT  ? WL_READ_TIMEOUT_MS
					: 0;
}

/* parse_data: random | compressible:R | dedup:F into snd's data fields. */
static int parse_data(const char *s, struct wl_send *snd, struct err *e)
{
	const char *colon = strchr(s, ':');
	size_t kl = colon != NULL ? (size_t)(colon - s) : strlen(s);
	int comp = kl == 12 && strncasecmp(s, "compressible", 12) == 0;
	int dedup = kl == 5 && strncasecmp(s, "dedup", 5) == 0;
	char *end;
	double v;

	if (colon == NULL && strcasecmp(s, "random") == 0) {
		snd->data = WL_DATA_RANDOM;
		snd->data_value = 0;
		snd->data_spec[0] = '\0';
		return 0;
	}
	if (colon == NULL || (!comp && !dedup))
		return err_set(e, "'%s' is not random, compressible:R or dedup:F", s);
	errno = 0;
	v = strtod(colon + 1, &end);
	if (errno || end == colon + 1 || *end != '\0' || !isfinite(v))
		return err_set(e, "'%s': '%s' is not a number", s, colon + 1);
	if (comp && (v < 1 || v > WL_DATA_RATIO_MAX))
		return err_set(e, "'%s': the compression ratio R must be from 1 to %d", s,
			       WL_DATA_RATIO_MAX);
	if (dedup && (v < 0 || v >= 1))
		return err_set(e,
			       "'%s': the duplicate share F must be from 0 to below 1 (0.5: half "
			       "the 4 KiB blocks are duplicates)",
			       s);
	snd->data = (comp && v > 1) || (dedup && v > 0)
			    ? (comp ? WL_DATA_COMPRESSIBLE : WL_DATA_DEDUP)
			    : WL_DATA_RANDOM;
	snd->data_value = snd->data == WL_DATA_RANDOM ? 0 : v;
	if (snd->data == WL_DATA_RANDOM)
		snd->data_spec[0] = '\0';
	else
		snprintf(snd->data_spec, sizeof(snd->data_spec), "%s:%g",
			 comp ? "compressible" : "dedup", v);
	return 0;
}

/* parse_sse: none | s3 | c | kms | kms:KEYID into snd's sse fields. */
static int parse_sse(const char *s, struct wl_send *snd, struct err *e)
{
	static const char *const names[] = {"none", "s3", "kms", "c"};

	snd->sse_kms[0] = '\0';
	for (int m = S3_SSE_NONE; m <= S3_SSE_C; m++)
		if (strcasecmp(s, names[m]) == 0) {
			snd->sse = m;
			snprintf(snd->sse_spec, sizeof(snd->sse_spec), "%s", names[m]);
			return 0;
		}
	if (strncasecmp(s, "kms:", 4) != 0 || s[4] == '\0' ||
	    strlen(s + 4) >= sizeof(snd->sse_kms) || strpbrk(s + 4, " \t") != NULL)
		return err_set(e,
			       "'%s' is not none, s3, c, kms or kms:KEYID (a key id of 1 to %zu "
			       "characters without blanks)",
			       s, sizeof(snd->sse_kms) - 1);
	snd->sse = S3_SSE_KMS;
	snprintf(snd->sse_kms, sizeof(snd->sse_kms), "%s", s + 4);
	snprintf(snd->sse_spec, sizeof(snd->sse_spec), "kms:%s", snd->sse_kms);
	return 0;
}

int workload_parse_send(enum wl_field f, const char *s, struct wl_send *snd, struct err *e)
{
	enum checksum_alg a;
	enum s3_payload pm;
	uint64_t v;

	if (f >= WLF_CONNECT_TIMEOUT && f <= WLF_REQUEST_TIMEOUT)
		return parse_timeout(f, s, snd, e);
	if (f == WLF_BUCKETS || f == WLF_PREFIXES) {
		if (workload_parse_number(f, s, &v, e) < 0)
			return -1;
		*(f == WLF_BUCKETS ? &snd->buckets : &snd->prefixes) = (int)v;
		return 0;
	}
	if (f == WLF_CHECKSUM) {
		if (checksum_parse(s, &a, e) < 0)
			return -1;
		snd->checksum = (int)a;
		return 0;
	}
	if (f == WLF_PAYLOAD) {
		if (s3_payload_parse(s, &pm, e) < 0)
			return -1;
		snd->payload = (int)pm;
		return 0;
	}
	if (f == WLF_DATA)
		return parse_data(s, snd, e);
	if (f == WLF_SSE)
		return parse_sse(s, snd, e);
	if (f == WLF_TAGS) {
		char *end;
		long n;

		errno = 0;
		n = strtol(s, &end, 10);
		if (errno || end == s || *end != '\0' || n < 0 || n > WL_TAGS_MAX)
			return err_set(e, "'%s' is not a number of tags from 0 to %d", s,
				       WL_TAGS_MAX);
		snd->tags = (int)n;
		return 0;
	}
	if (f == WLF_TLS_RESUME) {
		if (strcasecmp(s, "yes") != 0 && strcasecmp(s, "no") != 0)
			return err_set(e, "'%s' is not yes or no", s);
		snd->tls_resume = strcasecmp(s, "yes") == 0 ? WL_TLS_RESUME_YES : WL_TLS_RESUME_NO;
		return 0;
	}
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		if (pairs[i].f != f)
			continue;
		if (strcasecmp(s, pairs[i].v0) == 0 || strcasecmp(s, pairs[i].v1) == 0) {
			*slot(f, snd) = strcasecmp(s, pairs[i].v1) == 0;
			return 0;
		}
		return err_set(e, "'%s' is not %s or %s", s, pairs[i].v0, pairs[i].v1);
	}
	return err_set(e, "'%s': not a field of how requests are sent", s);
}

const char *workload_send_value(enum wl_field f, const struct wl_send *snd)
{
	struct wl_send copy = *snd;

	if (f == WLF_CHECKSUM)
		return checksum_name((enum checksum_alg)snd->checksum);
	if (f == WLF_PAYLOAD)
		return s3_payload_name((enum s3_payload)snd->payload);
	if (f == WLF_TLS_RESUME)
		return workload_tls_resume(snd) ? "yes" : "no";
	if (f == WLF_DATA)
		return snd->data_spec[0] != '\0' ? snd->data_spec : "random";
	if (f == WLF_SSE)
		return snd->sse != S3_SSE_NONE ? snd->sse_spec : "none";
	if (f == WLF_TAGS) {
		static const char *const n[] = {"0", "1", "2", "3", "4", "5",
						"6", "7", "8", "9", "10"};
		return snd->tags >= 0 && snd->tags <= WL_TAGS_MAX ? n[snd->tags] : "";
	}
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (pairs[i].f == f)
			return *slot(f, &copy) ? pairs[i].v1 : pairs[i].v0;
	return "";
}

int workload_check_send(const struct wl_send *snd, enum wl_field *field, struct err *e)
{
	if (snd->payload == S3_PAYLOAD_STREAMING_TRAILER &&
	    (snd->checksum == CHECKSUM_NONE || snd->checksum == CHECKSUM_MD5)) {
		*field = WLF_PAYLOAD;
		return err_set(e,
			       "'streaming-trailer' needs a checksum the trailer carries (crc32, "
			       "crc32c, crc64nvme, sha1, sha256), not '%s'",
			       checksum_name((enum checksum_alg)snd->checksum));
	}
	return 0;
}

void workload_send_record(const struct wl_send *snd, struct runrec_send *out)
{
	for (int f = WLF_CHECKSUM; f <= WLF_SPELLED_LAST; f++)
		out->v[f - WLF_CHECKSUM] = workload_send_value((enum wl_field)f, snd);
	out->connect_timeout_ms = workload_timeout_ms(WLF_CONNECT_TIMEOUT, snd);
	out->read_timeout_ms = workload_timeout_ms(WLF_READ_TIMEOUT, snd);
	out->request_timeout_ms = workload_timeout_ms(WLF_REQUEST_TIMEOUT, snd);
}

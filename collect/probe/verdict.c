/* collect/probe/verdict.c: the conformance probe's verdict rules and names (probe.h;
 * docs/METHODOLOGY.md, "Conformance probe"). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "collect/probe/probe.h"

static const char *const feature_names[PF_COUNT] = {
	[PF_CONDITIONAL_PUT] = "conditional-put",
	[PF_CONDITIONAL_DELETE] = "conditional-delete",
	[PF_CHECKSUM_CRC32] = "checksum-crc32",
	[PF_CHECKSUM_CRC32C] = "checksum-crc32c",
	[PF_CHECKSUM_CRC64NVME] = "checksum-crc64nvme",
	[PF_CHECKSUM_SHA1] = "checksum-sha1",
	[PF_CHECKSUM_SHA256] = "checksum-sha256",
	[PF_VERSIONING] = "versioning",
	[PF_TAGGING] = "tagging",
	[PF_SSE_S3] = "sse-s3",
	[PF_SSE_C] = "sse-c",
	[PF_SSE_KMS] = "sse-kms",
	[PF_PATH_STYLE] = "path-style",
	[PF_VIRTUAL_HOSTED] = "virtual-hosted",
	[PF_HTTP2] = "http2",
	[PF_TLS12] = "tls1.2",
	[PF_TLS13] = "tls1.3",
};

static const char *const verdict_names[PV_COUNT] = {
	[PV_SUPPORTED] = "supported",
	[PV_REFUSED] = "refused",
	[PV_WRONG] = "wrong",
	[PV_UNTESTED] = "untested",
};

const char *probe_feature_name(enum probe_feature f)
{
	return (int)f >= 0 && f < PF_COUNT ? feature_names[f] : "";
}

const char *probe_verdict_name(enum probe_verdict v)
{
	return (int)v >= 0 && v < PV_COUNT ? verdict_names[v] : "";
}

/* one_feature: the bit of the feature named s (n bytes); 0 when none. */
static unsigned one_feature(const char *s, size_t n)
{
	if (n == 3 && strncasecmp(s, "all", 3) == 0)
		return PROBE_ALL;
	for (int f = 0; f < PF_COUNT; f++)
		if (strlen(feature_names[f]) == n && strncasecmp(s, feature_names[f], n) == 0)
			return 1u << f;
	return 0;
}

int probe_features_parse(const char *list, unsigned *mask, struct err *e)
{
	const char *p = list;

	*mask = 0;
	while (*p != '\0') {
		size_t n;
		unsigned bit;
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		n = strcspn(p, ", \t");
		if (n == 0)
			break;
		bit = one_feature(p, n);
		if (bit == 0) {
			char all[512] = "";
			for (int f = 0; f < PF_COUNT; f++)
				snprintf(all + strlen(all), sizeof(all) - strlen(all), "%s%s",
					 f ? ", " : "", feature_names[f]);
			return err_set(e, "'%.*s' is not a probe feature (all, %s)", (int)n, p,
				       all);
		}
		*mask |= bit;
		p += n;
	}
	if (*mask == 0)
		return err_set(e, "no probe feature named (all, or a list such as "
				  "conditional-put, checksum-crc32)");
	return 0;
}

/* answer_text: "412 PreconditionFailed", "200", "2xx" into buf. */
static const char *answer_text(long status, const char *code, char *buf, size_t n)
{
	if (status == 2)
		snprintf(buf, n, "2xx");
	else if (code != NULL && code[0] != '\0')
		snprintf(buf, n, "%ld %s", status, code);
	else
		snprintf(buf, n, "%ld", status);
	return buf;
}

static int refusal(long status)
{
	return status == 400 || status == 403 || status == 405 || status == 501;
}

enum probe_verdict probe_judge(struct probe_check *c, long want_status, const char *want_code,
			       long status, const char *code)
{
	int ok2 = status >= 200 && status < 300;
	int want2 = want_status == 2 || (want_status >= 200 && want_status < 300);
	char got[96];

	if (code == NULL)
		code = "";
	c->status = status;
	snprintf(c->code, sizeof(c->code), "%s", code);
	answer_text(want_status, want_code, c->expected, sizeof(c->expected));
	answer_text(status, code, got, sizeof(got));
	if (status == 0)
		return c->v = PV_UNTESTED;
	if (want2 ? ok2
		  : status == want_status && (want_code == NULL || want_code[0] == '\0' ||
					      strcmp(code, want_code) == 0))
		return c->v = PV_SUPPORTED;
	if (status >= 500 && status != 501) {
		snprintf(c->detail, sizeof(c->detail), "answered %s: a server error, no verdict",
			 got);
		return c->v = PV_UNTESTED;
	}
	if (refusal(status))
		return c->v = PV_REFUSED;
	if (ok2)
		snprintf(c->detail, sizeof(c->detail), "answered %s where %s is due: ignored", got,
			 c->expected);
	else
		snprintf(c->detail, sizeof(c->detail), "answered %s where %s is due", got,
			 c->expected);
	return c->v = PV_WRONG;
}

enum probe_verdict probe_combine(const struct probe_feature_result *f)
{
	int seen[PV_COUNT] = {0};

	for (int i = 0; i < f->n_checks; i++)
		seen[f->checks[i].v]++;
	if (seen[PV_WRONG])
		return PV_WRONG;
	if (seen[PV_REFUSED])
		return PV_REFUSED;
	if (seen[PV_UNTESTED] || f->n_checks == 0)
		return PV_UNTESTED;
	return PV_SUPPORTED;
}

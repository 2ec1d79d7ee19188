/* collect/probe/probe_conn.c: the probe's checks of the bucket and the transport
 * (probe_int.h): versioning status, path-style and virtual-hosted addressing, HTTP/2, TLS
 * 1.2 and 1.3 (docs/METHODOLOGY.md, "Conformance probe"). */
#include <stdio.h>
#include <string.h>

#include "collect/probe/probe_int.h"

void probe_versioning(struct probe_ctx *x)
{
	struct s3_args a = {.op = S3_GET_VERSIONING, .bucket = x->bucket};
	struct probe_feature_result *fr = &x->out->f[PF_VERSIONING];
	struct probe_check c = {.name = "get-versioning"};
	struct s3_result res;

	probe_send(x, NULL, &a, &res);
	probe_judge_res(&c, 2, NULL, &res);
	if (c.v == PV_SUPPORTED && res.cls != EC_NONE) { /* a 2xx the parser refused */
		c.v = PV_WRONG;
		snprintf(c.expected, sizeof(c.expected), "2xx with a VersioningConfiguration");
		snprintf(c.detail, sizeof(c.detail), "%s", res.error);
	}
	if (c.v == PV_SUPPORTED) {
		snprintf(fr->note, sizeof(fr->note), "%s",
			 res.versioning == S3_VER_ENABLED     ? "Enabled"
			 : res.versioning == S3_VER_SUSPENDED ? "Suspended"
							      : "never enabled");
		x->versioning = res.versioning;
		x->versioned = res.versioning == S3_VER_ENABLED ||
			       res.versioning == S3_VER_SUSPENDED;
	}
	if (!probe_want(x, PF_VERSIONING)) {
		fr->note[0] = '\0';
		return;
	}
	struct probe_check *k = probe_check_new(x, PF_VERSIONING, c.name);
	if (k != NULL)
		*k = c;
}

void probe_addressing(struct probe_ctx *x, enum probe_feature f)
{
	int vh = f == PF_VIRTUAL_HOSTED;
	struct probe_check *c = probe_check_new(x, f, "head-object");
	struct probe_conn pc;
	struct s3_result res;
	char key[320];

	probe_key(x, "addressing", key, sizeof(key));
	if (!probe_put(x, key, &res)) {
		probe_untested(c, "the key could not be written: %s", res.error);
		return;
	}
	if (probe_client(x, vh, 0, 0, c, &pc) != 0)
		return;
	if (vh && s3_bucket_path_style(pc.cl, x->bucket)) {
		probe_untested(c, "bucket %s holds a dot: addressed path-style over HTTPS",
			       x->bucket);
		probe_client_free(x, &pc);
		return;
	}
	struct s3_args a = {.op = S3_HEAD_OBJECT, .bucket = x->bucket, .key = key};
	probe_send(x, pc.r, &a, &res);
	if (probe_judge_res(c, 2, NULL, &res) == PV_SUPPORTED && res.content_length != PROBE_BODY) {
		c->v = PV_WRONG;
		snprintf(c->detail, sizeof(c->detail), "answered %ld with length %llu, not %d",
			 res.status, (unsigned long long)res.content_length, PROBE_BODY);
	}
	probe_client_free(x, &pc);
}

/* head_bucket: HeadBucket through a client with http2 / tls into res; 0, or -1 (c untested)
 * when no client could be made. */
static int head_bucket(struct probe_ctx *x, int http2, int tls, struct probe_check *c,
		       struct s3_result *res)
{
	struct probe_conn pc;
	struct s3_args a = {.op = S3_HEAD_BUCKET, .bucket = x->bucket};

	if (probe_client(x, x->base->virtual_hosted, http2, tls, c, &pc) != 0)
		return -1;
	probe_send(x, pc.r, &a, res);
	probe_client_free(x, &pc);
	return 0;
}

void probe_http2(struct probe_ctx *x)
{
	struct probe_check *c = probe_check_new(x, PF_HTTP2, "head-bucket");
	struct s3_result res;

	if (!x->https) {
		probe_untested(c, "plain HTTP: HTTP/2 is offered through TLS (ALPN)");
		return;
	}
	if (head_bucket(x, 1, 0, c, &res) != 0)
		return;
	if (probe_judge_res(c, 2, NULL, &res) == PV_SUPPORTED && res.http_version != 20) {
		c->v = PV_REFUSED;
		snprintf(c->detail, sizeof(c->detail), "HTTP/2 offered (ALPN), HTTP/%s chosen",
			 res.http_version == 10 ? "1.0" : "1.1");
	}
	snprintf(c->expected, sizeof(c->expected), "2xx over HTTP/2");
}

void probe_tls(struct probe_ctx *x, enum probe_feature f)
{
	struct probe_check *c = probe_check_new(x, f, "handshake");
	struct s3_result res;

	if (!x->https) {
		probe_untested(c, "plain HTTP");
		return;
	}
	if (head_bucket(x, 0, f == PF_TLS12 ? 12 : 13, c, &res) != 0)
		return;
	snprintf(c->expected, sizeof(c->expected), "a handshake");
	c->status = res.status;
	snprintf(c->code, sizeof(c->code), "%s", res.status == 0 ? "" : res.code);
	if (res.status != 0) {
		c->v = PV_SUPPORTED;
		snprintf(c->detail, sizeof(c->detail), "%s %s", res.facts.tls_version,
			 res.facts.tls_cipher);
	} else if (res.cls == EC_TLS) {
		c->v = PV_REFUSED;
		snprintf(c->detail, sizeof(c->detail), "%s", res.error);
	} else {
		probe_untested(c, "no answer: %s", res.error);
	}
}

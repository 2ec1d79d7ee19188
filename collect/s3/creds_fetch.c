/* collect/s3/creds_fetch.c: credentials that are fetched, not read: a credential_process,
 * STS AssumeRole for role_arn + source_profile (whose own credentials are refreshed first
 * when they expire), and the EC2 instance metadata service (IMDSv2); and credentials
 * fetched again before they expire (creds_refresh). See creds.h for the order and
 * creds_int.h for the sources. No message here holds a key, a token or what a process or
 * a service answered. */
#include "collect/s3/creds_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curl/curl.h>
#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "collect/s3/sigv4.h"
#include "core/strbuf.h"
#include "core/timefmt.h"

#define OUT_MAX (64 * 1024)  /* the most a process or a service may answer */
#define IMDS_TIMEOUT_MS 1000 /* the AWS CLI's one second */
#define IMDS_TOKEN_TTL 21600 /* seconds asked for the metadata session token */
#define STS_TIMEOUT_MS 10000
#define CONTAINER_TIMEOUT_MS 2000 /* botocore's container provider's 2 s */

/* wipe: zero a buffer that held an answer with keys, then free it. */
static void wipe_buf(struct strbuf *b)
{
	if (b->p != NULL)
		memset(b->p, 0, b->cap);
	strbuf_free(b);
}

/* keys_set: copies of the three strings into k (token may be NULL). */
static int keys_set(struct creds_keys *k, const char *ak, const char *sk, const char *tok,
		    const char *what, struct err *e)
{
	if (ak == NULL || ak[0] == '\0' || sk == NULL || sk[0] == '\0')
		return err_set(e, "%s: the answer has no %s", what,
			       ak == NULL || ak[0] == '\0' ? "AccessKeyId" : "SecretAccessKey");
	k->access_key = strdup(ak);
	k->secret_key = strdup(sk);
	k->token = tok != NULL && tok[0] != '\0' ? strdup(tok) : NULL;
	if (k->access_key == NULL || k->secret_key == NULL ||
	    (tok != NULL && tok[0] != '\0' && k->token == NULL)) {
		creds_keys_clear(k);
		return err_set(e, "%s: out of memory", what);
	}
	return 0;
}

/* expiry: an Expiration value (RFC 3339) into *s; -1 with a message when it is not one. */
static int expiry(const char *v, const char *what, int64_t *s, struct err *e)
{
	int64_t ns;

	if (v == NULL) {
		*s = 0;
		return 0;
	}
	if (rfc3339_parse(v, &ns) < 0)
		return err_set(e, "%s: Expiration is not an RFC 3339 time", what);
	*s = ns / 1000000000;
	return 0;
}

int creds_parse_process_json(const char *text, size_t n, const char *what, struct creds_keys *k,
			     struct err *e)
{
	json_error_t je;
	json_t *j = json_loadb(text, n, 0, &je), *v;
	int rc = -1;

	memset(k, 0, sizeof(*k));
	if (!json_is_object(j)) {
		err_set(e, "%s: the output is not a JSON object", what);
		goto out;
	}
	v = json_object_get(j, "Version");
	if (!json_is_integer(v) || json_integer_value(v) != 1) {
		err_set(e, "%s: the output has no \"Version\": 1", what);
		goto out;
	}
	v = json_object_get(j, "Expiration");
	if (v != NULL && !json_is_string(v)) {
		err_set(e, "%s: Expiration is not a string", what);
		goto out;
	}
	if (expiry(json_string_value(v), what, &k->expires_s, e) < 0)
		goto out;
	rc = keys_set(k, json_string_value(json_object_get(j, "AccessKeyId")),
		      json_string_value(json_object_get(j, "SecretAccessKey")),
		      json_string_value(json_object_get(j, "SessionToken")), what, e);
out:
	json_decref(j);
	return rc;
}

/* fetch_process: run s->command (creds_run_process); its stdout is the JSON. */
static int fetch_process(struct creds_src *s, struct creds_keys *k, struct err *e)
{
	struct strbuf out = {0};
	char what[300];
	int rc = -1, limit = creds_process_timeout_s(e);

	snprintf(what, sizeof(what), "credential_process of profile %s", s->profile);
	if (limit < 0)
		return err_prefix(e, "%s", what);
	if (creds_run_process(s->command, limit, OUT_MAX, &out, what, e) == 0)
		rc = creds_parse_process_json(out.p ? out.p : "", out.len, what, k, e);
	wipe_buf(&out);
	return rc;
}

/* ---- HTTP (libcurl) ----------------------------------------------------------------- */

static size_t on_body(char *data, size_t size, size_t n, void *arg)
{
	struct strbuf *b = arg;

	if (b->len + size * n > OUT_MAX || strbuf_add(b, data, size * n) < 0)
		return 0;
	return size * n;
}

/* http: one request; *status the HTTP status (0: no answer, e says why). */
static int http(const char *method, const char *url, struct curl_slist *hdrs, const char *body,
		long timeout_ms, int no_proxy, struct strbuf *out, long *status, struct err *e)
{
	CURL *h = curl_easy_init();
	char ebuf[CURL_ERROR_SIZE] = "";
	CURLcode cc;

	*status = 0;
	strbuf_reset(out);
	if (h == NULL)
		return err_set(e, "%s: libcurl failed", url);
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, hdrs);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, out);
	curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, ebuf);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	if (no_proxy)
		curl_easy_setopt(h, CURLOPT_NOPROXY, "*");
	if (body != NULL) {
		curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE, (long)strlen(body));
	} else if (strcmp(method, "PUT") == 0) {
		curl_easy_setopt(h, CURLOPT_POSTFIELDS, "");
		curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE, 0L);
	}
	cc = curl_easy_perform(h);
	if (cc == CURLE_OK)
		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, status);
	curl_easy_cleanup(h);
	if (cc != CURLE_OK)
		return err_set(e, "%s: %s", url, ebuf[0] ? ebuf : curl_easy_strerror(cc));
	return 0;
}

/* ---- EC2 instance metadata, IMDSv2 ---------------------------------------------------- */

/* imds_get: GET path with the session token (taken or renewed first). */
static int imds_get(struct creds_src *s, const char *path, struct strbuf *out, long *status,
		    struct err *e)
{
	char url[1024], hdr[600];
	struct curl_slist *h = NULL;
	int64_t now = time(NULL);
	int rc;

	if (s->imds_token[0] == '\0' || now + 60 >= s->imds_token_expires_s) {
		snprintf(url, sizeof(url), "%s/latest/api/token", s->imds_endpoint);
		snprintf(hdr, sizeof(hdr), "X-aws-ec2-metadata-token-ttl-seconds: %d",
			 IMDS_TOKEN_TTL);
		h = curl_slist_append(NULL, hdr);
		rc = http("PUT", url, h, NULL, IMDS_TIMEOUT_MS, 1, out, status, e);
		curl_slist_free_all(h);
		if (rc < 0)
			return -1;
		if (*status != 200 || out->len == 0 || out->len >= sizeof(s->imds_token))
			return err_set(e, "%s: HTTP %ld for a session token (IMDSv2)", url,
				       *status);
		memcpy(s->imds_token, out->p, out->len);
		s->imds_token[out->len] = '\0';
		s->imds_token_expires_s = now + IMDS_TOKEN_TTL;
	}
	snprintf(url, sizeof(url), "%s%s", s->imds_endpoint, path);
	snprintf(hdr, sizeof(hdr), "X-aws-ec2-metadata-token: %s", s->imds_token);
	h = curl_slist_append(NULL, hdr);
	memset(hdr, 0, sizeof(hdr));
	rc = http("GET", url, h, NULL, IMDS_TIMEOUT_MS, 1, out, status, e);
	curl_slist_free_all(h);
	if (rc == 0 && *status == 401) /* the token expired early: a new one next time */
		s->imds_token[0] = '\0';
	return rc;
}

static int fetch_imds(struct creds_src *s, struct creds_keys *k, struct err *e)
{
	static const char base[] = "/latest/meta-data/iam/security-credentials/";
	struct strbuf out = {0};
	char path[512], what[1200];
	json_t *j = NULL;
	long status;
	int rc = -1;

	snprintf(what, sizeof(what), "instance metadata at %s", s->imds_endpoint);
	for (int attempt = 0; attempt < 2 && s->imds_role[0] == '\0'; attempt++) {
		if (imds_get(s, base, &out, &status, e) < 0)
			goto out;
		if (status == 200 && out.len > 0 && out.len < sizeof(s->imds_role)) {
			size_t n = strcspn(out.p, "\r\n");
			memcpy(s->imds_role, out.p, n);
			s->imds_role[n] = '\0';
		} else if (status != 401) {
			err_set(e, "%s: HTTP %ld for the instance role (no role attached?)", what,
				status);
			goto out;
		}
	}
	snprintf(path, sizeof(path), "%s%s", base, s->imds_role);
	if (imds_get(s, path, &out, &status, e) < 0)
		goto out;
	if (status == 401 && imds_get(s, path, &out, &status, e) < 0)
		goto out;
	if (status != 200) {
		err_set(e, "%s: HTTP %ld for the credentials of role %s", what, status,
			s->imds_role);
		goto out;
	}
	j = json_loadb(out.p, out.len, 0, NULL);
	if (!json_is_object(j) ||
	    (json_string_value(json_object_get(j, "Code")) != NULL &&
	     strcmp(json_string_value(json_object_get(j, "Code")), "Success") != 0)) {
		err_set(e, "%s: role %s: not a Success answer", what, s->imds_role);
		goto out;
	}
	if (expiry(json_string_value(json_object_get(j, "Expiration")), what, &k->expires_s, e) < 0)
		goto out;
	rc = keys_set(k, json_string_value(json_object_get(j, "AccessKeyId")),
		      json_string_value(json_object_get(j, "SecretAccessKey")),
		      json_string_value(json_object_get(j, "Token")), what, e);
out:
	json_decref(j);
	wipe_buf(&out);
	return rc;
}

/* ---- STS AssumeRole ------------------------------------------------------------------- */

/* find: the text of the first element called name under n (a new string, xmlFree). */
static xmlChar *find(xmlNode *n, const char *name)
{
	for (; n != NULL; n = n->next) {
		xmlChar *v;
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (strcmp((const char *)n->name, name) == 0)
			return xmlNodeGetContent(n);
		if ((v = find(n->children, name)) != NULL)
			return v;
	}
	return NULL;
}

static void xml_wipe_free(xmlChar *v)
{
	if (v != NULL) {
		memset(v, 0, strlen((char *)v));
		xmlFree(v);
	}
}

int creds_parse_sts_xml(const char *text, size_t n, const char *what, struct creds_keys *k,
			struct err *e)
{
	xmlDoc *doc = xmlReadMemory(text, (int)n, "sts.xml", NULL,
				    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
	xmlChar *ak = NULL, *sk = NULL, *tok = NULL, *exp = NULL;
	int rc = -1;

	memset(k, 0, sizeof(*k));
	if (root == NULL) {
		err_set(e, "%s: the answer is not XML", what);
		goto out;
	}
	ak = find(root, "AccessKeyId");
	sk = find(root, "SecretAccessKey");
	tok = find(root, "SessionToken");
	exp = find(root, "Expiration");
	if (expiry((const char *)exp, what, &k->expires_s, e) == 0)
		rc = keys_set(k, (const char *)ak, (const char *)sk, (const char *)tok, what, e);
out:
	xml_wipe_free(ak);
	xml_wipe_free(sk);
	xml_wipe_free(tok);
	xmlFree(exp);
	xmlFreeDoc(doc);
	return rc;
}

/* sts_error: "HTTP N CODE: MESSAGE" of an STS error answer, into e. */
static int sts_error(const struct strbuf *out, long status, const char *what, struct err *e)
{
	xmlDoc *doc = out->len ? xmlReadMemory(out->p, (int)out->len, "sts.xml", NULL,
					       XML_PARSE_NONET | XML_PARSE_NOERROR |
						       XML_PARSE_NOWARNING)
			       : NULL;
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
	xmlChar *code = root ? find(root, "Code") : NULL,
		*msg = root ? find(root, "Message") : NULL;

	err_set(e, "%s: HTTP %ld %s%s%.200s", what, status, code ? (char *)code : "",
		msg ? ": " : "", msg ? (char *)msg : "");
	xmlFree(code);
	xmlFree(msg);
	xmlFreeDoc(doc);
	return -1;
}

/* form_add: "&name=value" (value RFC 3986-encoded) to b. */
static int form_add(struct strbuf *b, const char *name, const char *value)
{
	return (b->len && strbuf_addc(b, '&')) || strbuf_adds(b, name) || strbuf_addc(b, '=') ||
			       sigv4_uri_encode(b, value, strlen(value), 0)
		       ? -1
		       : 0;
}

/* sts_body: the AssumeRole form, its parameters sorted by name. */
static int sts_body(const struct creds_src *s, struct strbuf *b)
{
	char dur[32];

	snprintf(dur, sizeof(dur), "%ld", s->duration_s > 0 ? s->duration_s : 3600L);
	return form_add(b, "Action", "AssumeRole") || form_add(b, "DurationSeconds", dur) ||
			       (s->external_id && form_add(b, "ExternalId", s->external_id)) ||
			       form_add(b, "RoleArn", s->role_arn) ||
			       form_add(b, "RoleSessionName", s->session_name) ||
			       form_add(b, "Version", "2011-06-15")
		       ? -1
		       : 0;
}

/* sts_headers: sign the POST with the source credentials; the header list into *h. */
static int sts_headers(const struct creds_src *s, const char *host, const struct strbuf *body,
		       struct curl_slist **h, struct err *e)
{
	static const char ctype[] = "application/x-www-form-urlencoded; charset=utf-8";
	const struct creds *src = s->source;
	struct sigv4_signer *sg = sigv4_signer_new(src->access_key, src->secret_key, src->token,
						   s->sts_region, "sts", e);
	struct sigv4_ctx *cx = sigv4_ctx_new(e);
	struct sigv4_header sh[2] = {{"host", host}, {"content-type", ctype}};
	char hash[65], line[4096];
	int rc = -1;

	if (sg == NULL || cx == NULL || sigv4_sha256_hex(body->p, body->len, hash) < 0)
		goto out;
	struct sigv4_input in = {"POST", "/", "", sh, 2, hash, time(NULL), 0};
	if (sigv4_sign(sg, cx, &in, e) < 0)
		goto out;
	*h = curl_slist_append(*h,
			       "Content-Type: application/x-www-form-urlencoded; charset=utf-8");
	snprintf(line, sizeof(line), "X-Amz-Date: %s", sigv4_amz_date(cx));
	*h = curl_slist_append(*h, line);
	snprintf(line, sizeof(line), "Authorization: %s", sigv4_authorization(cx));
	*h = curl_slist_append(*h, line);
	if (sigv4_signer_token(sg) != NULL &&
	    (size_t)snprintf(line, sizeof(line), "X-Amz-Security-Token: %s",
			     sigv4_signer_token(sg)) < sizeof(line))
		*h = curl_slist_append(*h, line);
	memset(line, 0, sizeof(line));
	*h = curl_slist_append(*h, "Expect:");
	rc = 0;
out:
	sigv4_ctx_free(cx);
	sigv4_signer_free(sg);
	return rc;
}

static int fetch_role(struct creds_src *s, struct creds_keys *k, struct err *e)
{
	struct strbuf body = {0}, out = {0};
	struct curl_slist *h = NULL;
	const char *ep = s->sts_endpoint, *rest = strstr(ep, "://");
	char what[1200], host[512], url[1100];
	long status;
	int rc = -1;

	snprintf(what, sizeof(what), "profile %s: AssumeRole %s at %s", s->profile, s->role_arn,
		 ep);
	if (rest == NULL)
		return err_set(e, "%s: not an http(s) URL", what);
	snprintf(host, sizeof(host), "%.*s", (int)strcspn(rest + 3, "/"), rest + 3);
	snprintf(url, sizeof(url), "%.*s/", (int)(rest + 3 - ep + strlen(host)), ep);
	/* the source's own keys first, if they are about to expire */
	if (creds_refresh_at(s->source) != 0 && time(NULL) >= creds_refresh_at(s->source) &&
	    creds_refresh(s->source, e) < 0)
		return err_prefix(e, "profile %s: source_profile", s->profile);
	if (sts_body(s, &body) < 0) {
		err_set(e, "%s: out of memory", what);
		goto out;
	}
	if (sts_headers(s, host, &body, &h, e) < 0 ||
	    http("POST", url, h, body.p, STS_TIMEOUT_MS, 0, &out, &status, e) < 0)
		goto out;
	if (status != 200)
		sts_error(&out, status, what, e);
	else
		rc = creds_parse_sts_xml(out.p, out.len, what, k, e);
out:
	for (struct curl_slist *n = h; n != NULL; n = n->next)
		memset(n->data, 0, strlen(n->data));
	curl_slist_free_all(h);
	strbuf_free(&body);
	wipe_buf(&out);
	return rc;
}

/* ---- STS AssumeRoleWithWebIdentity (EKS's IAM roles for service accounts) ----------- */

/* read_token: the first line of file (a web identity or container token) into b; -1 with
 * a message naming the file (never its text). */
static int read_token(const char *file, const char *what, struct strbuf *b, struct err *e)
{
	FILE *f = fopen(file, "r");
	char buf[4096];
	size_t got;

	strbuf_reset(b);
	if (f == NULL)
		return err_set(e, "%s: cannot open the token file %s", what, file);
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0 && b->len <= OUT_MAX)
		if (strbuf_add(b, buf, got) < 0)
			break;
	fclose(f);
	memset(buf, 0, sizeof(buf));
	while (b->len > 0 && (b->p[b->len - 1] == '\n' || b->p[b->len - 1] == '\r'))
		b->p[--b->len] = '\0';
	if (b->len == 0 || b->len > OUT_MAX || memchr(b->p, '\n', b->len) != NULL)
		return err_set(e, "%s: the token file %s is empty, too long or not one line", what,
			       file);
	return 0;
}

static int fetch_web_identity(struct creds_src *s, struct creds_keys *k, struct err *e)
{
	struct strbuf tok = {0}, body = {0}, out = {0};
	struct curl_slist *h = NULL;
	char what[1200];
	long status;
	int rc = -1;

	snprintf(what, sizeof(what), "web identity: AssumeRoleWithWebIdentity %s at %s",
		 s->role_arn, s->sts_endpoint);
	if (read_token(s->token_file, what, &tok, e) < 0)
		goto out;
	if (form_add(&body, "Action", "AssumeRoleWithWebIdentity") ||
	    form_add(&body, "RoleArn", s->role_arn) ||
	    form_add(&body, "RoleSessionName", s->session_name) ||
	    form_add(&body, "Version", "2011-06-15") ||
	    form_add(&body, "WebIdentityToken", strbuf_cstr(&tok))) {
		err_set(e, "%s: out of memory", what);
		goto out;
	}
	h = curl_slist_append(h, "Content-Type: application/x-www-form-urlencoded; charset=utf-8");
	h = curl_slist_append(h, "Expect:");
	if (http("POST", s->sts_endpoint, h, body.p, STS_TIMEOUT_MS, 0, &out, &status, e) < 0)
		goto out;
	if (status != 200)
		sts_error(&out, status, what, e);
	else
		rc = creds_parse_sts_xml(out.p, out.len, what, k, e);
out:
	curl_slist_free_all(h);
	wipe_buf(&tok);
	wipe_buf(&body);
	wipe_buf(&out);
	return rc;
}

/* ---- the container credentials endpoint (ECS, EKS Pod Identity) --------------------- */

/* allowed_http_host: a host the SDKs fetch container credentials from over plain http. */
static int allowed_http_host(const char *host, size_t n)
{
	static const char *const ok[] = {"localhost", "169.254.170.2", "169.254.170.23",
					 "[fd00:ec2::23]", "[::1]"};

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (strlen(ok[i]) == n && strncmp(host, ok[i], n) == 0)
			return 1;
	return n > 4 && strncmp(host, "127.", 4) == 0 && strspn(host, "0123456789.") == n;
}

int creds_container_url(const char *relative, const char *full, char *url, size_t n, struct err *e)
{
	const char *host;
	size_t hn;

	if (relative != NULL && relative[0] != '\0') {
		if (relative[0] != '/')
			return err_set(e,
				       "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '%s' does not "
				       "start with /",
				       relative);
		snprintf(url, n, "http://169.254.170.2%s", relative);
		return 0;
	}
	if (full == NULL || full[0] == '\0')
		return 1;
	if (strncmp(full, "https://", 8) == 0) {
		snprintf(url, n, "%s", full);
		return 0;
	}
	if (strncmp(full, "http://", 7) != 0)
		return err_set(e, "AWS_CONTAINER_CREDENTIALS_FULL_URI: '%s' is not an http(s) URL",
			       full);
	host = full + 7;
	hn = host[0] == '[' ? strcspn(host, "]") + 1 : strcspn(host, ":/");
	if (!allowed_http_host(host, hn))
		return err_set(e,
			       "AWS_CONTAINER_CREDENTIALS_FULL_URI: '%s': over http only a "
			       "loopback address, 169.254.170.2, 169.254.170.23 or fd00:ec2::23 "
			       "(the AWS SDKs' rule); use https",
			       full);
	snprintf(url, n, "%s", full);
	return 0;
}

static int fetch_container(struct creds_src *s, struct creds_keys *k, struct err *e)
{
	struct strbuf tok = {0}, out = {0}, hdr = {0};
	struct curl_slist *h = NULL;
	json_t *j = NULL;
	char what[1200];
	long status;
	int rc = -1;

	snprintf(what, sizeof(what), "container credentials at %s", s->container_url);
	if (s->token_file != NULL && read_token(s->token_file, what, &tok, e) < 0)
		goto out;
	if (s->token_file != NULL || s->container_token != NULL) {
		if (strbuf_adds(&hdr, "Authorization: ") ||
		    strbuf_adds(&hdr, s->token_file ? strbuf_cstr(&tok) : s->container_token)) {
			err_set(e, "%s: out of memory", what);
			goto out;
		}
		h = curl_slist_append(h, strbuf_cstr(&hdr));
	}
	if (http("GET", s->container_url, h, NULL, CONTAINER_TIMEOUT_MS, 1, &out, &status, e) < 0)
		goto out;
	j = status == 200 ? json_loadb(out.p, out.len, 0, NULL) : NULL;
	if (!json_is_object(j)) {
		err_set(e, "%s: HTTP %ld%s", what, status, status == 200 ? ", not JSON" : "");
		goto out;
	}
	if (expiry(json_string_value(json_object_get(j, "Expiration")), what, &k->expires_s, e) < 0)
		goto out;
	rc = keys_set(k, json_string_value(json_object_get(j, "AccessKeyId")),
		      json_string_value(json_object_get(j, "SecretAccessKey")),
		      json_string_value(json_object_get(j, "Token")), what, e);
out:
	for (struct curl_slist *n = h; n != NULL; n = n->next)
		memset(n->data, 0, strlen(n->data));
	curl_slist_free_all(h);
	json_decref(j);
	wipe_buf(&tok);
	wipe_buf(&hdr);
	wipe_buf(&out);
	return rc;
}

int creds_fetch(struct creds_src *s, struct creds_keys *k, struct err *e)
{
	memset(k, 0, sizeof(*k));
	switch (s->kind) {
	case CREDS_SRC_PROCESS:
		return fetch_process(s, k, e);
	case CREDS_SRC_ROLE:
		return fetch_role(s, k, e);
	case CREDS_SRC_WEB_IDENTITY:
		return fetch_web_identity(s, k, e);
	case CREDS_SRC_CONTAINER:
		return fetch_container(s, k, e);
	default:
		return fetch_imds(s, k, e);
	}
}

int64_t creds_refresh_at(const struct creds *c)
{
	int64_t life, margin;

	if (c == NULL || c->src == NULL || c->expires_s == 0)
		return 0;
	life = c->expires_s - c->fetched_s;
	margin = life / 2 < CREDS_REFRESH_EARLY_S ? life / 2 : CREDS_REFRESH_EARLY_S;
	return c->expires_s - (margin > 0 ? margin : 0);
}

int creds_refresh(struct creds *c, struct err *e)
{
	struct creds_keys k;
	int nomem = 0;
	char *ak, *sk, *tok;

	if (c->src == NULL)
		return 0;
	if (creds_fetch(c->src, &k, e) < 0)
		return -1;
	ak = creds_dup(k.access_key, &nomem);
	sk = creds_dup(k.secret_key, &nomem);
	tok = creds_dup(k.token, &nomem);
	if (nomem) {
		creds_wipe_free(ak);
		creds_wipe_free(sk);
		creds_wipe_free(tok);
		creds_keys_clear(&k);
		return err_set(e, "credentials: out of memory");
	}
	creds_wipe_free(c->access_key);
	creds_wipe_free(c->secret_key);
	creds_wipe_free(c->token);
	c->access_key = ak;
	c->secret_key = sk;
	c->token = tok;
	c->expires_s = k.expires_s;
	c->fetched_s = time(NULL);
	creds_keys_clear(&k);
	return 0;
}

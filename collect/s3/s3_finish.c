/* collect/s3/s3_finish.c: the end of a request: result, error class, parsed answer; the
 * blocking perform and the retry helper (see s3.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "collect/s3/s3_bill.h"
#include "collect/s3/s3_int.h"
#include "core/rng.h"
#include "core/timefmt.h"

static int64_t mono_to_real(const struct s3_req *r, int64_t mono)
{
	return mono ? r->start_ns + (mono - r->start_mono) : 0;
}

static enum err_class curl_class(CURLcode cc, const char **what)
{
	switch (cc) {
	case CURLE_COULDNT_RESOLVE_HOST:
	case CURLE_COULDNT_RESOLVE_PROXY:
		*what = "dns";
		return EC_DNS;
	case CURLE_COULDNT_CONNECT:
		*what = "connect";
		return EC_CONNECT;
	case CURLE_OPERATION_TIMEDOUT:
		*what = "timeout";
		return EC_TIMEOUT;
	case CURLE_SSL_CONNECT_ERROR:
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_SSL_CIPHER:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_ENGINE_NOTFOUND:
	case CURLE_SSL_ENGINE_SETFAILED:
	case CURLE_SSL_ENGINE_INITFAILED:
	case CURLE_SSL_CRL_BADFILE:
	case CURLE_SSL_ISSUER_ERROR:
	case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
	case CURLE_SSL_INVALIDCERTSTATUS:
	case CURLE_USE_SSL_FAILED:
		*what = "tls";
		return EC_TLS;
	default:
		*what = "connect";
		return EC_CONNECT;
	}
}

/* tls_hint: what to do after a failure of class cls with the message msg ("" but for
 * TLS): a handshake answered with something else than TLS (OpenSSL's "wrong version
 * number": a plain-HTTP port given as https://), else a certificate not trusted. */
static const char *tls_hint(enum err_class cls, const char *msg)
{
	if (cls != EC_TLS)
		return "";
	if (strstr(msg, "wrong version number") != NULL)
		return " (the server does not answer TLS on this port: http://?)";
	return " (trust its CA: ca_bundle, --ca-bundle or AWS_CA_BUNDLE; or insecure)";
}

static enum err_class http_class(long status, const char *code)
{
	if (status == 401 || status == 403 || strcmp(code, "SignatureDoesNotMatch") == 0 ||
	    strcmp(code, "InvalidAccessKeyId") == 0 || strcmp(code, "AccessDenied") == 0 ||
	    strcmp(code, "AuthorizationHeaderMalformed") == 0 ||
	    strcmp(code, "ExpiredToken") == 0 || strcmp(code, "InvalidToken") == 0)
		return EC_AUTH;
	if (status >= 500)
		return EC_HTTP_5XX;
	return EC_HTTP_4XX;
}

/* parse_answer: the XML answer of a successful request; -1 with text in res->error. */
static int parse_answer(struct s3_req *r, struct s3_result *res)
{
	struct err e = {{0}};
	char first[160];

	if (r->overflow) {
		snprintf(res->error, sizeof(res->error), "%s: answer larger than %u bytes",
			 s3_op_name(r->a.op), XML_CAPTURE_MAX);
		return -1;
	}
	switch (r->a.op) {
	case S3_LIST_OBJECTS:
		if (s3xml_parse_list(r->resp.p, r->resp.len, &r->list, &e) != 0)
			break;
		res->keys = r->list.keys;
		res->sizes = r->list.sizes;
		res->n_keys = r->list.n_keys;
		res->n_prefixes = r->list.n_prefixes;
		res->next_token = r->list.truncated ? r->list.next_token : NULL;
		return 0;
	case S3_MP_LIST:
		if (s3xml_parse_uploads(r->resp.p, r->resp.len, &r->uploads, &e) != 0)
			break;
		res->keys = r->uploads.keys;
		res->upload_ids = r->uploads.upload_ids;
		res->n_keys = r->uploads.n;
		if (r->uploads.truncated) {
			res->next_key_marker = r->uploads.next_key_marker;
			res->next_upload_id_marker = r->uploads.next_upload_id_marker;
		}
		return 0;
	case S3_LIST_VERSIONS:
		if (s3xml_parse_versions(r->resp.p, r->resp.len, &r->versions, &e) != 0)
			break;
		res->keys = r->versions.keys;
		res->version_ids = r->versions.version_ids;
		res->is_marker = r->versions.is_marker;
		res->n_keys = r->versions.n;
		if (r->versions.truncated) {
			res->next_key_marker = r->versions.next_key_marker;
			res->next_version_id_marker = r->versions.next_version_id_marker;
		}
		return 0;
	case S3_GET_VERSIONING: {
		int st;
		if (s3xml_parse_versioning(r->resp.p, r->resp.len, &st, &e) != 0)
			break;
		res->versioning = st == 1   ? S3_VER_ENABLED
				  : st == 2 ? S3_VER_SUSPENDED
					    : S3_VER_OFF;
		return 0;
	}
	case S3_GET_OBJECT_LOCK:
		if (s3xml_parse_object_lock(r->resp.p, r->resp.len, &res->lock_enabled,
					    res->lock_mode, sizeof(res->lock_mode), &res->lock_days,
					    &e) != 0)
			break;
		return 0;
	case S3_MP_CREATE:
		if (s3xml_parse_upload_id(r->resp.p, r->resp.len, r->upload_id,
					  sizeof(r->upload_id), &e) != 0)
			break;
		res->upload_id = r->upload_id;
		return 0;
	case S3_MP_COMPLETE:
		if (s3xml_parse_complete(r->resp.p, r->resp.len, r->complete_etag,
					 sizeof(r->complete_etag), &e) != 0)
			break;
		if (r->complete_etag[0])
			snprintf(res->etag, sizeof(res->etag), "%s", r->complete_etag);
		return 0;
	case S3_DELETE_OBJECTS:
		if (s3xml_parse_delete(r->resp.p, r->resp.len, &res->n_deleted,
				       &res->n_delete_errors, first, sizeof(first), &e) != 0)
			break;
		/* quiet mode lists only the failures */
		res->n_deleted = r->a.n_keys > res->n_delete_errors
					 ? r->a.n_keys - res->n_delete_errors
					 : 0;
		if (res->n_delete_errors > 0) {
			snprintf(res->error, sizeof(res->error),
				 "DeleteObjects: %llu of %zu keys not deleted, first %s",
				 (unsigned long long)res->n_delete_errors, r->a.n_keys, first);
			return -1;
		}
		return 0;
	default:
		return 0;
	}
	snprintf(res->error, sizeof(res->error), "HTTP %ld: %s", res->status, e.msg);
	return -1;
}

/* no_s3_error: the error text of an answer without an S3 error document: a HEAD has no
 * body ("HTTP 404"); a 5xx may come from a proxy in front of S3 ("HTTP 503 to GetObject
 * (no S3 error document)"); anything else is no S3 answer at all ("HTTP 405 to PutObject,
 * not an S3 answer (...)": a web or WebDAV server). */
static void no_s3_error(const struct s3_req *r, long status, struct s3_result *res)
{
	const char *op = s3_op_name(r->a.op);

	if (strcmp(s3_op_info(r->a.op)->method, "HEAD") == 0)
		snprintf(res->error, sizeof(res->error), "HTTP %ld", status);
	else if (status >= 500 && status != 501)
		snprintf(res->error, sizeof(res->error), "HTTP %ld to %s (no S3 error document)",
			 status, op);
	else
		snprintf(res->error, sizeof(res->error),
			 "HTTP %ld to %s, not an S3 answer (no S3 error document): is the endpoint "
			 "an S3 server?",
			 status, op);
}

/* fill: s3_req_finish's result. */
static void fill(struct s3_req *r, CURLcode cc, struct s3_result *res)
{
	int64_t end_mono = time_mono_ns();
	long status = 0;

	memset(res, 0, sizeof(*res));
	curl_easy_getinfo(r->easy, CURLINFO_RESPONSE_CODE, &status);
	res->status = status;
	res->start_ns = r->start_ns;
	res->first_byte_ns = mono_to_real(r, r->first_mono);
	res->last_byte_ns = mono_to_real(r, r->last_up_mono);
	res->end_ns = mono_to_real(r, end_mono);
	res->bytes_up = r->up;
	res->bytes_down = r->down;
	res->content_length = r->content_length;
	memcpy(res->etag, r->etag, sizeof(res->etag));
	memcpy(res->request_id, r->request_id, sizeof(res->request_id));
	memcpy(res->host_id, r->host_id, sizeof(res->host_id));
	if (r->c->phases)
		s3_req_phases(r, end_mono, &res->ph);
	if (r->c->phases && cc == CURLE_OK && res->ph.conn != S3_CONN_REUSED) {
		char *ip = NULL;
		if (curl_easy_getinfo(r->easy, CURLINFO_LOCAL_IP, &ip) == CURLE_OK)
			res->local_ip = ip;
		ip = NULL;
		if (curl_easy_getinfo(r->easy, CURLINFO_PRIMARY_IP, &ip) == CURLE_OK)
			res->primary_ip = ip;
	}
	s3_transport_info(r, res);
	s3_conn_facts_done(r, res);
	if (r->a.keep_headers && strbuf_reserve(&r->rhdrs, 0) == 0)
		res->headers = strbuf_cstr(&r->rhdrs);
	if (r->capture && !r->overflow && strbuf_reserve(&r->resp, 0) == 0)
		res->body = strbuf_cstr(&r->resp);

	if (cc != CURLE_OK) {
		const char *what = "connect";
		res->cls = curl_class(cc, &what);
		if (r->idle_out) {
			res->cls = EC_TIMEOUT;
			snprintf(res->error, sizeof(res->error),
				 "timeout: no byte moved for %lld ms (the read timeout), %llu "
				 "bytes received, %llu sent",
				 (long long)(r->c->read_timeout_ns / 1000000),
				 (unsigned long long)r->down, (unsigned long long)r->up);
		} else if (r->sink_failed)
			snprintf(res->error, sizeof(res->error), "sink: the body consumer stopped");
		else {
			const char *m = r->errbuf[0] ? r->errbuf : curl_easy_strerror(cc);

			snprintf(res->error, sizeof(res->error), "%s: %s%s", what, m,
				 tls_hint(res->cls, m));
		}
		return;
	}
	if (status >= 200 && status < 300) {
		if (parse_answer(r, res) != 0)
			res->cls = res->n_delete_errors ? EC_HTTP_4XX : EC_HTTP_5XX;
		s3_send_finish(r, res);
		return;
	}
	char msg[160];
	s3xml_error(r->resp.p ? r->resp.p : "", r->resp.len, res->code, sizeof(res->code), msg,
		    sizeof(msg));
	res->cls = http_class(status, res->code);
	if (res->code[0] && msg[0])
		snprintf(res->error, sizeof(res->error), "HTTP %ld %s: %s", status, res->code, msg);
	else if (res->code[0])
		snprintf(res->error, sizeof(res->error), "HTTP %ld %s", status, res->code);
	else
		no_s3_error(r, status, res);
}

void s3_req_finish(struct s3_req *r, CURLcode cc, struct s3_result *res)
{
	fill(r, cc, res);
	s3_bill_note(r->c->bill, &r->a, res);
}

int s3_req_perform(struct s3_req *r, const struct s3_args *a, struct s3_result *res, struct err *e)
{
	CURLcode cc;

	if (s3_req_setup(r, a, e) != 0) {
		memset(res, 0, sizeof(*res));
		res->cls = EC_HTTP_4XX;
		snprintf(res->error, sizeof(res->error), "%s", e ? e->msg : "bad request");
		return -1;
	}
	cc = curl_easy_perform(r->easy);
	s3_req_sample_conn(r);
	s3_req_finish(r, cc, res);
	if (res->cls != EC_NONE) {
		if (a->key != NULL && s3_needs_key(a->op))
			return err_set(e, "%s %s/%s: %s", s3_op_name(a->op), a->bucket, a->key,
				       res->error);
		return err_set(e, "%s %s: %s", s3_op_name(a->op), a->bucket, res->error);
	}
	return 0;
}

int s3_result_header(const struct s3_result *res, const char *name, char *out, size_t n)
{
	size_t nl = strlen(name);
	const char *p = res->headers;

	while (p != NULL && *p != '\0') {
		const char *eol = strchr(p, '\n');
		const char *end = eol ? eol : p + strlen(p);
		if ((size_t)(end - p) > nl && strncasecmp(p, name, nl) == 0 && p[nl] == ':') {
			const char *v = p + nl + 1;
			while (v < end && (*v == ' ' || *v == '\t'))
				v++;
			while (end > v && (end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t'))
				end--;
			if (n > 0)
				snprintf(out, n, "%.*s", (int)(end - v), v);
			return 1;
		}
		p = eol ? eol + 1 : end;
	}
	return 0;
}

int s3_retry_wanted(const struct s3_result *res)
{
	long st = res->status;

	if (res->cls == EC_NONE)
		return 0;
	if (res->cls == EC_CONNECT || res->cls == EC_TIMEOUT)
		return 1;
	return st == 500 || st == 502 || st == 503 || st == 504 || st == 429 ||
	       strcmp(res->code, "SlowDown") == 0 || strcmp(res->code, "RequestTimeout") == 0;
}

int64_t s3_backoff_ns(uint64_t *rng, int k)
{
	int64_t bound = S3_RETRY_BASE_NS;

	for (int i = 1; i < k && bound < S3_RETRY_CAP_NS; i++)
		bound *= 2;
	if (bound > S3_RETRY_CAP_NS)
		bound = S3_RETRY_CAP_NS;
	return (int64_t)(rng_uniform(rng) * (double)bound);
}

int s3_phase_attempts(const struct s3_result *res, int answered)
{
	return res->cls == EC_CONNECT || res->cls == EC_TIMEOUT ? S3_PHASE_ATTEMPTS_NET : answered;
}

void s3_client_set_clock(struct s3_client *c, int64_t unix_ns, int64_t mono_ns)
{
	if (c == NULL)
		return;
	c->clock_unix = unix_ns;
	c->clock_mono = mono_ns;
}

void s3_client_note_retry(struct s3_client *c)
{
	if (c != NULL)
		atomic_fetch_add(&c->retries, 1);
}

uint64_t s3_client_retries(const struct s3_client *c)
{
	return c != NULL ? (uint64_t)atomic_load(&((struct s3_client *)c)->retries) : 0;
}

int s3_retry(struct s3_req *r, const struct s3_args *a, struct s3_result *res, struct err *e)
{
	return s3_retry_at_most(r, a, S3_PHASE_ATTEMPTS, res, e);
}

int s3_retry_at_most(struct s3_req *r, const struct s3_args *a, int attempts, struct s3_result *res,
		     struct err *e)
{
	uint64_t rng = rng_time_seed() ^ (uint64_t)(uintptr_t)r;

	for (int k = 1;; k++) {
		if (s3_req_perform(r, a, res, e) == 0)
			return 0;
		if (k >= attempts || k >= s3_phase_attempts(res, S3_PHASE_ATTEMPTS) ||
		    !s3_retry_wanted(res))
			return -1;
		int64_t ns = s3_backoff_ns(&rng, k);
		struct timespec ts = {(time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
		nanosleep(&ts, NULL);
		s3_client_note_retry(r->c);
		err_clear(e);
	}
}

/* collect/s3/s3.c: see s3.h. */
#include "collect/s3/s3.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <openssl/evp.h>

#include "collect/s3/creds.h"
#include "collect/s3/s3xml.h"
#include "core/strbuf.h"
#include "collect/s3/sigv4.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/s3_endpoint.h"
#include "collect/s3/s3_int.h"
#include "core/timefmt.h"

/* proxy_env_set: any of the variables libcurl reads to choose a proxy is set. */
static int proxy_env_set(void)
{
	static const char *const names[] = {
		"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY",
		"all_proxy",  "ALL_PROXY",  "no_proxy",    "NO_PROXY",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (getenv(names[i]) != NULL)
			return 1;
	return 0;
}

int s3_dotted_path_style(const char *endpoint, int virtual_hosted, const char *bucket)
{
	return virtual_hosted && endpoint != NULL && strncmp(endpoint, "https://", 8) == 0 &&
	       bucket != NULL && strchr(bucket, '.') != NULL;
}

int s3_bucket_path_style(const struct s3_client *c, const char *bucket)
{
	return s3_dotted_path_style(c->endpoint, c->virtual_hosted, bucket);
}

struct s3_client *s3_client_new(const struct s3_config *cfg, struct err *e)
{
	struct s3_client *c = NULL;
	const char *ep = cfg->endpoint, *rest, *slash;
	const struct creds *cr = cfg->creds;

	if (ep == NULL || ep[0] == '\0') {
		err_set(e, "s3: no endpoint URL");
		return NULL;
	}
	if (s3_endpoint_check(ep, e) < 0) {
		err_prefix(e, "s3: endpoint");
		return NULL;
	}
	rest = ep + (strncmp(ep, "https://", 8) == 0 ? 8 : 7);
	slash = strchr(rest, '/');
	if (cfg->region == NULL || cfg->region[0] == '\0') {
		err_set(e, "s3: endpoint %s: no region", ep);
		return NULL;
	}
	if (cfg->tls_version != 0 && cfg->tls_version != 12 && cfg->tls_version != 13) {
		err_set(e, "s3: endpoint %s: TLS version %d (12, 13 or 0 allowed)", ep,
			cfg->tls_version);
		return NULL;
	}
	if (cr == NULL) {
		err_set(e, "s3: endpoint %s: no credentials", ep);
		return NULL;
	}
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		err_set(e, "s3: libcurl initialisation failed");
		return NULL;
	}
	s3xml_init();
	c = calloc(1, sizeof(*c));
	if (c == NULL)
		goto nomem;
	c->endpoint = strdup(ep);
	c->scheme = strndup(ep, (size_t)(rest - ep));
	c->authority = slash ? strndup(rest, (size_t)(slash - rest)) : strdup(rest);
	if (c->endpoint == NULL || c->scheme == NULL || c->authority == NULL)
		goto nomem;
	c->virtual_hosted = cfg->virtual_hosted;
	c->insecure = cfg->insecure;
	if (cfg->ca_bundle != NULL && cfg->ca_bundle[0] != '\0' &&
	    (c->ca_bundle = strdup(cfg->ca_bundle)) == NULL)
		goto nomem;
	if (!cfg->no_tls_resume && s3_share_new(c) != 0)
		goto nomem;
	c->payload = cfg->sign_payload ? S3_PAYLOAD_SIGNED : cfg->payload;
	c->checksum = cfg->checksum;
	c->checksum_get = cfg->checksum_get;
	c->http2 = cfg->http2;
	c->http2_shared = cfg->http2_shared;
	c->no_keepalive = cfg->no_keepalive;
	if (cfg->spread && s3_resolve_all(c, e) != 0) {
		s3_client_free(c);
		return NULL;
	}
	c->connect_timeout_ms = cfg->connect_timeout_ms > 0 ? cfg->connect_timeout_ms
							    : S3_CONNECT_TIMEOUT_MS;
	c->read_timeout_ns = cfg->read_timeout_ms > 0 ? (int64_t)cfg->read_timeout_ms * 1000000 : 0;
	c->timeout_ms = cfg->timeout_ms > 0 ? cfg->timeout_ms : 0;
	c->buffer_size = cfg->buffer_size;
	c->tls_version = cfg->tls_version;
	c->no_proxy_env = !proxy_env_set();
	{
		const char *ph = getenv("S3BENCH_PHASES");
		c->phases = ph == NULL || strcmp(ph, "0") != 0;
	}
	c->region = strdup(cfg->region);
	if (c->region == NULL)
		goto nomem;
	c->creds = cfg->creds;
	atomic_store(&c->signer, sigv4_signer_new(cr->access_key, cr->secret_key, cr->token,
						  cfg->region, "s3", e));
	if (atomic_load(&c->signer) == NULL || s3_keys_start(c, e) != 0) {
		err_prefix(e, "s3: endpoint %s", ep);
		s3_client_free(c);
		return NULL;
	}
	if ((c->bill = s3_bill_new()) == NULL)
		goto nomem;
	return c;
nomem:
	s3_client_free(c);
	err_set(e, "s3: out of memory");
	return NULL;
}

void s3_client_free(struct s3_client *c)
{
	if (c == NULL)
		return;
	s3_keys_stop(c);
	if (c->share != NULL)
		curl_share_cleanup(c->share);
	for (int i = 0; i < c->share_locks; i++)
		pthread_mutex_destroy(&c->share_lock[i]);
	free(c->ca_bundle);
	free(c->endpoint);
	free(c->scheme);
	free(c->authority);
	free(c->connect_to);
	sigv4_signer_free(atomic_load(&c->signer));
	while (c->old != NULL) {
		struct s3_old_signer *o = c->old;
		c->old = o->next;
		sigv4_signer_free(o->signer);
		free(o);
	}
	free(c->region);
	s3_bill_free(c->bill);
	free(c);
}

static size_t on_read(char *buf, size_t size, size_t nitems, void *arg)
{
	struct s3_req *r = arg;
	uint64_t left = r->body.len - r->pos;
	size_t n = size * nitems;

	if (r->chunked)
		return s3_send_read(r, buf, n);
	if (left == 0)
		return 0;
	if (n > left)
		n = (size_t)left;
	if (r->body.mem != NULL) {
		memcpy(buf, (const char *)r->body.mem + r->pos, n);
	} else {
		size_t got = r->body.read(r->body.arg, buf, n);
		if (got == 0 || got > n)
			return CURL_READFUNC_ABORT;
		n = got;
	}
	r->pos += n;
	r->up = r->pos;
	if (r->pos == r->body.len)
		r->last_up_mono = time_mono_ns();
	return n;
}

static int on_seek(void *arg, curl_off_t offset, int origin)
{
	struct s3_req *r = arg;

	if (r->chunked) /* an aws-chunked body restarts from its beginning only */
		return origin == SEEK_SET && offset == 0 && s3_send_rewind(r) == 0
			       ? CURL_SEEKFUNC_OK
			       : CURL_SEEKFUNC_CANTSEEK;
	if (origin != SEEK_SET || offset < 0 || (uint64_t)offset > r->body.len)
		return CURL_SEEKFUNC_FAIL;
	if (r->body.mem == NULL) {
		if (r->body.seek == NULL)
			return CURL_SEEKFUNC_CANTSEEK;
		if (r->body.seek(r->body.arg, (uint64_t)offset) != 0)
			return CURL_SEEKFUNC_FAIL;
	}
	r->pos = (uint64_t)offset;
	r->up = r->pos;
	return CURL_SEEKFUNC_OK;
}

/* header_copy: the value of the header line buf (n bytes, its name nlen bytes with the
 * ':') into out (cap bytes, cut when longer), blanks and the line end trimmed. */
static void header_copy(const char *buf, size_t n, size_t nlen, char *out, size_t cap)
{
	size_t i = nlen, j = n;

	while (i < n && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	while (j > i && (buf[j - 1] == '\r' || buf[j - 1] == '\n' || buf[j - 1] == ' '))
		j--;
	if (j - i >= cap)
		j = i + cap - 1;
	memcpy(out, buf + i, j - i);
	out[j - i] = '\0';
}

static size_t on_header(char *buf, size_t size, size_t nitems, void *arg)
{
	struct s3_req *r = arg;
	size_t n = size * nitems;

	if (r->first_mono == 0)
		r->first_mono = time_mono_ns();
	r->hdr_bytes += n;
	s3_send_header(r, buf, n);
	if (r->a.keep_headers) {
		if (n >= 5 && memcmp(buf, "HTTP/", 5) == 0)
			strbuf_reset(&r->rhdrs);
		if (strbuf_add(&r->rhdrs, buf, n) != 0)
			return 0;
	}
	if (n >= 5 && memcmp(buf, "HTTP/", 5) == 0) {
		r->etag[0] = r->request_id[0] = r->host_id[0] = '\0';
		r->content_length = 0;
	} else if (n > 17 && strncasecmp(buf, "x-amz-request-id:", 17) == 0) {
		header_copy(buf, n, 17, r->request_id, sizeof(r->request_id));
	} else if (n > 11 && strncasecmp(buf, "x-amz-id-2:", 11) == 0) {
		header_copy(buf, n, 11, r->host_id, sizeof(r->host_id));
	} else if (n > 5 && strncasecmp(buf, "etag:", 5) == 0) {
		size_t i = 5, j = n;
		while (i < n && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		while (j > i && (buf[j - 1] == '\r' || buf[j - 1] == '\n' || buf[j - 1] == ' '))
			j--;
		if (j - i < sizeof(r->etag)) {
			memcpy(r->etag, buf + i, j - i);
			r->etag[j - i] = '\0';
		}
	} else if (n > 15 && strncasecmp(buf, "content-length:", 15) == 0) {
		uint64_t v = 0;
		for (size_t i = 15; i < n; i++)
			if (buf[i] >= '0' && buf[i] <= '9')
				v = v * 10 + (uint64_t)(buf[i] - '0');
		r->content_length = v;
	}
	return n;
}

int s3_on_progress(void *arg, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
		   curl_off_t ulnow)
{
	struct s3_req *r = arg;
	uint64_t moved = (uint64_t)dlnow + (uint64_t)ulnow + r->hdr_bytes;
	int64_t now;

	(void)dltotal;
	(void)ultotal;
	if (r->move_mono == 0) /* the connection is not ready: the connect timeout's time */
		return 0;
	now = time_mono_ns();
	if (moved != r->moved) {
		r->moved = moved;
		r->move_mono = now;
		return 0;
	}
	if (now - r->move_mono < r->c->read_timeout_ns)
		return 0;
	r->idle_out = 1;
	return 1;
}


static size_t on_write(char *ptr, size_t size, size_t nmemb, void *arg)
{
	struct s3_req *r = arg;
	size_t n = size * nmemb;

	if (!r->decided) {
		long code = 0;
		curl_easy_getinfo(r->easy, CURLINFO_RESPONSE_CODE, &code);
		r->capture = s3_op_info(r->a.op)->flags & S3_OPF_XML || code < 200 || code >= 300;
		r->decided = 1;
	}
	r->down += n;
	if (r->capture) {
		size_t max = s3_op_info(r->a.op)->flags & S3_OPF_XML ? XML_CAPTURE_MAX
								     : ERR_CAPTURE_MAX;
		if (r->resp.len + n > max)
			r->overflow = 1;
		else if (strbuf_add(&r->resp, ptr, n) != 0)
			return 0;
	} else {
		s3_send_body(r, ptr, n);
	}
	if (!r->capture && r->a.sink != NULL) {
		if (r->a.sink(r->a.sink_arg, ptr, n) != n) {
			r->sink_failed = 1;
			return 0;
		}
	}
	return n;
}

struct s3_req *s3_req_new(struct s3_client *c, struct err *e)
{
	struct s3_req *r = calloc(1, sizeof(*r));

	if (r == NULL) {
		err_set(e, "s3: out of memory");
		return NULL;
	}
	r->c = c;
	r->sig = sigv4_ctx_new(e);
	r->easy = curl_easy_init();
	if (r->sig == NULL || r->easy == NULL) {
		if (r->easy == NULL)
			err_set(e, "s3: curl_easy_init failed");
		s3_req_free(r);
		return NULL;
	}
	CURL *h = r->easy;
	curl_easy_setopt(h, CURLOPT_PRIVATE, r);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, r->errbuf);
	curl_easy_setopt(h, CURLOPT_PATH_AS_IS, 1L);
	curl_easy_setopt(h, CURLOPT_HTTP_VERSION,
			 c->http2 ? (long)CURL_HTTP_VERSION_2TLS : (long)CURL_HTTP_VERSION_1_1);
	if (c->http2 && c->http2_shared)
		curl_easy_setopt(h, CURLOPT_PIPEWAIT, 1L);
	if (c->no_keepalive) {
		curl_easy_setopt(h, CURLOPT_FRESH_CONNECT, 1L);
		curl_easy_setopt(h, CURLOPT_FORBID_REUSE, 1L);
	}
	if (c->n_connect_to > 0) {
		int k = atomic_fetch_add(&c->next_addr, 1) % c->n_connect_to;
		r->connect_to.data = c->connect_to[k];
		r->connect_to.next = NULL;
		curl_easy_setopt(h, CURLOPT_CONNECT_TO, &r->connect_to);
	}
	curl_easy_setopt(h, CURLOPT_TCP_NODELAY, 1L);
	curl_easy_setopt(h, CURLOPT_TCP_KEEPALIVE, 1L);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, c->connect_timeout_ms);
	if (c->tls_version == 12)
		curl_easy_setopt(h, CURLOPT_SSLVERSION,
				 (long)(CURL_SSLVERSION_TLSv1_2 | CURL_SSLVERSION_MAX_TLSv1_2));
	else if (c->tls_version == 13)
		curl_easy_setopt(h, CURLOPT_SSLVERSION,
				 (long)(CURL_SSLVERSION_TLSv1_3 | CURL_SSLVERSION_MAX_TLSv1_3));
	if (c->no_proxy_env) {
		/* the same as libcurl's default without a proxy in the environment, minus
		 * its per-request lookups of those variables */
		curl_easy_setopt(h, CURLOPT_PROXY, "");
		curl_easy_setopt(h, CURLOPT_NOPROXY, "");
	}
	if (c->timeout_ms > 0)
		curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, c->timeout_ms);
	if (c->read_timeout_ns > 0) {
		/* a low-speed limit without a time: libcurl never ends the transfer for it,
		 * but looks at it (and calls s3_on_progress) once a second while nothing
		 * moves */
		curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1L);
		curl_easy_setopt(h, CURLOPT_LOW_SPEED_TIME, 0L);
		curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
		curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, s3_on_progress);
		curl_easy_setopt(h, CURLOPT_XFERINFODATA, r);
	}
	if (c->insecure) {
		curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 0L);
		curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 0L);
	}
	if (c->ca_bundle != NULL)
		curl_easy_setopt(h, CURLOPT_CAINFO, c->ca_bundle);
	if (c->share != NULL)
		curl_easy_setopt(h, CURLOPT_SHARE, c->share);
	else /* a cold client: no session kept, every new connection a full handshake */
		curl_easy_setopt(h, CURLOPT_SSL_SESSIONID_CACHE, 0L);
	if (c->buffer_size > 0) {
		curl_easy_setopt(h, CURLOPT_BUFFERSIZE, c->buffer_size);
		curl_easy_setopt(h, CURLOPT_UPLOAD_BUFFERSIZE, c->buffer_size);
	}
	curl_easy_setopt(h, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(h, CURLOPT_READDATA, r);
	curl_easy_setopt(h, CURLOPT_SEEKFUNCTION, on_seek);
	curl_easy_setopt(h, CURLOPT_SEEKDATA, r);
	curl_easy_setopt(h, CURLOPT_PREREQFUNCTION, s3_on_prereq);
	curl_easy_setopt(h, CURLOPT_PREREQDATA, r);
	curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(h, CURLOPT_HEADERDATA, r);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_write);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, r);
	return r;
}

void s3_req_free(struct s3_req *r)
{
	if (r == NULL)
		return;
	if (r->easy != NULL)
		curl_easy_cleanup(r->easy);
	sigv4_ctx_free(r->sig);
	if (r->cu != NULL)
		curl_url_cleanup(r->cu);
	strbuf_free(&r->cu_host);
	strbuf_free(&r->url);
	strbuf_free(&r->uri);
	strbuf_free(&r->query);
	strbuf_free(&r->host);
	strbuf_free(&r->hdrs);
	strbuf_free(&r->xml_body);
	strbuf_free(&r->resp);
	strbuf_free(&r->rhdrs);
	free(r->cbuf);
	checksum_free(&r->ck);
	s3xml_list_free(&r->list);
	s3xml_uploads_free(&r->uploads);
	s3xml_versions_free(&r->versions);
	free(r);
}

void s3_req_set_user(struct s3_req *r, void *user)
{
	r->user = user;
}

void *s3_req_user(const struct s3_req *r)
{
	return r->user;
}

const char *s3_req_url(const struct s3_req *r)
{
	return strbuf_cstr(&r->url);
}

const char *s3_req_canonical_request(const struct s3_req *r)
{
	return sigv4_canonical_request(r->sig);
}

CURL *s3_req_easy(struct s3_req *r)
{
	return r->easy;
}

struct s3_req *s3_req_from_easy(CURL *easy)
{
	char *p = NULL;

	if (curl_easy_getinfo(easy, CURLINFO_PRIVATE, &p) != CURLE_OK)
		return NULL;
	return (struct s3_req *)p;
}

static int check_args(const struct s3_args *a, struct err *e)
{
	const char *op = s3_op_name(a->op);

	if ((int)a->op < 0 || a->op >= S3_OP_COUNT)
		return err_set(e, "s3: unknown operation %d", (int)a->op);
	if (a->bucket == NULL || a->bucket[0] == '\0')
		return err_set(e, "s3 %s: no bucket", op);
	if (s3_needs_key(a->op) && (a->key == NULL || a->key[0] == '\0'))
		return err_set(e, "s3 %s: no key", op);
	if ((a->op == S3_MP_UPLOAD_PART || a->op == S3_MP_COMPLETE || a->op == S3_MP_ABORT) &&
	    (a->upload_id == NULL || a->upload_id[0] == '\0'))
		return err_set(e, "s3 %s %s: no upload id", op, a->key);
	if (a->op == S3_MP_UPLOAD_PART && (a->part_number < 1 || a->part_number > 10000))
		return err_set(e, "s3 %s %s: part number %d not in 1..10000", op, a->key,
			       a->part_number);
	if (a->op == S3_MP_COMPLETE && (a->n_parts == 0 || a->etags == NULL))
		return err_set(e, "s3 %s %s: no parts", op, a->key);
	if (a->op == S3_DELETE_OBJECTS && (a->n_keys == 0 || a->n_keys > 1000 || a->keys == NULL))
		return err_set(e, "s3 %s: %zu keys (1..1000 allowed)", op, a->n_keys);
	if (a->body != NULL && a->body->mem == NULL && a->body->len > 0 && a->body->read == NULL)
		return err_set(e, "s3 %s: body without memory or read callback", op);
	if (a->n_hdrs > S3_HDRS_MAX || (a->n_hdrs > 0 && a->hdrs == NULL))
		return err_set(e, "s3 %s: %zu extra headers (at most %d)", op, a->n_hdrs,
			       S3_HDRS_MAX);
	for (size_t i = 0; i < a->n_hdrs; i++)
		if (a->hdrs[i].name == NULL || a->hdrs[i].value == NULL ||
		    strlen(a->hdrs[i].value) >= S3_HDR_VALUE_MAX)
			return err_set(e, "s3 %s: header %s: no value or one too long", op,
				       a->hdrs[i].name ? a->hdrs[i].name : "(no name)");
	if (a->version_id != NULL && a->op != S3_GET_OBJECT && a->op != S3_HEAD_OBJECT &&
	    a->op != S3_DELETE_OBJECT)
		return err_set(
			e, "s3 %s: a version id only for GetObject, HeadObject, DeleteObject", op);
	if (a->range_len > 0 &&
	    (a->op != S3_GET_OBJECT || a->range_off > UINT64_MAX - a->range_len))
		return err_set(e, "s3 %s %s: a byte range is only for GetObject, within 2^64", op,
			       a->key ? a->key : "");
	return 0;
}

/* add_hdr: append "name: value" + NUL to r->hdrs; the slist nodes are linked later. */
static int add_hdr(struct s3_req *r, size_t *off, int *n, const char *name, const char *value)
{
	if (*n == MAX_HDRS)
		return -1;
	off[(*n)++] = r->hdrs.len;
	return strbuf_adds(&r->hdrs, name) || strbuf_adds(&r->hdrs, value) ||
	       strbuf_addc(&r->hdrs, '\0');
}

/* add_xhdr: "name: value" as add_hdr does, for s3_send's headers. */
static int add_xhdr(struct s3_req *r, size_t *off, int *n, const char *name, const char *value)
{
	if (*n == MAX_HDRS)
		return -1;
	off[(*n)++] = r->hdrs.len;
	return strbuf_adds(&r->hdrs, name) || strbuf_adds(&r->hdrs, ": ") ||
	       strbuf_adds(&r->hdrs, value) || strbuf_addc(&r->hdrs, '\0');
}

/* set_url: hand the request's URL to libcurl as parts (see s3_int.h); -1 when that is
 * not possible (the caller then sets CURLOPT_URL). */
static int set_url(struct s3_req *r)
{
	CURL *h = r->easy;

	if (r->cu == NULL) {
		r->cu = curl_url();
		if (r->cu == NULL)
			return -1;
	}
	if (r->cu_host.len != r->host.len ||
	    memcmp(strbuf_cstr(&r->cu_host), r->host.p, r->host.len)) {
		strbuf_reset(&r->cu_host);
		if (curl_url_set(r->cu, CURLUPART_URL, r->url.p, CURLU_PATH_AS_IS) != CURLUE_OK ||
		    strbuf_add(&r->cu_host, r->host.p, r->host.len) != 0) {
			strbuf_reset(&r->cu_host);
			return -1;
		}
	} else if (curl_url_set(r->cu, CURLUPART_PATH, r->uri.p, 0) != CURLUE_OK ||
		   curl_url_set(r->cu, CURLUPART_QUERY, r->query.len ? r->query.p : NULL, 0) !=
			   CURLUE_OK) {
		strbuf_reset(&r->cu_host);
		return -1;
	}
	return curl_easy_setopt(h, CURLOPT_CURLU, r->cu) == CURLE_OK ? 0 : -1;
}

/* req_reset: r ready for a new request of a: its arguments and body source, every
 * counter and flag of the previous request cleared, the body rewound. */
static int req_reset(struct s3_req *r, const struct s3_args *a, struct err *e)
{
	r->a = *a;
	if (a->body != NULL)
		r->body = *a->body;
	else
		memset(&r->body, 0, sizeof(r->body));
	r->pos = 0;
	r->up = r->down = r->content_length = 0;
	r->first_mono = r->last_up_mono = 0;
	r->rtt_ns = 0;
	r->tls_resumed = -1;
	r->hdr_bytes = r->moved = 0;
	r->move_mono = 0;
	r->idle_out = 0;
	r->decided = r->capture = r->sink_failed = r->overflow = 0;
	r->etag[0] = r->upload_id[0] = r->complete_etag[0] = '\0';
	r->request_id[0] = r->host_id[0] = '\0';
	r->errbuf[0] = '\0';
	strbuf_reset(&r->resp);
	strbuf_reset(&r->rhdrs);
	if (r->body.mem == NULL && r->body.len > 0 && r->body.seek != NULL &&
	    r->body.seek(r->body.arg, 0) != 0)
		return err_set(e, "s3 %s %s: cannot rewind the body", s3_op_name(a->op), a->key);
	return 0;
}

/* build_uri: the host (bucket first when virtual-hosted), the canonical URI (bucket
 * first when path-style, then the key) and the query. -1 when out of memory. */
static int build_uri(struct s3_req *r, const struct s3_args *a)
{
	const struct s3_client *c = r->c;
	int with_key = a->key != NULL && s3_needs_key(a->op);
	int vh = c->virtual_hosted && !s3_bucket_path_style(c, a->bucket);

	strbuf_reset(&r->host);
	strbuf_reset(&r->uri);
	if (vh && (strbuf_adds(&r->host, a->bucket) || strbuf_addc(&r->host, '.')))
		return -1;
	if (strbuf_adds(&r->host, c->authority) || strbuf_addc(&r->uri, '/'))
		return -1;
	if (!vh && (sigv4_uri_encode(&r->uri, a->bucket, strlen(a->bucket), 0) ||
		    (with_key && strbuf_addc(&r->uri, '/'))))
		return -1;
	if (with_key && sigv4_uri_encode(&r->uri, a->key, strlen(a->key), 1))
		return -1;
	return s3_op_query(r);
}

/* build_body: the XML body of a POST or of a CreateBucket outside us-east-1, the payload
 * hash, and for DeleteObjects the body's MD5 in base64 into md5_b64 (else left empty). */
static int build_body(struct s3_req *r, const struct s3_args *a, char md5_b64[32], struct err *e)
{
	if (a->op == S3_DELETE_OBJECTS &&
	    s3xml_build_delete(&r->xml_body, a->keys, a->version_ids, a->n_keys, 1, e) != 0)
		return -1;
	if (a->op == S3_MP_COMPLETE &&
	    s3xml_build_complete(&r->xml_body, a->etags, a->part_checksums,
				 checksum_s3_name(r->c->checksum), a->n_parts, e) != 0)
		return -1;
	if (a->op == S3_MP_CREATE) {
		strbuf_reset(&r->xml_body);
		if (strbuf_reserve(&r->xml_body, 0))
			return err_set(e, "s3 %s: out of memory", s3_op_name(a->op));
	}
	/* outside us-east-1 the API wants the region as the bucket's LocationConstraint (in
	 * us-east-1 none: a LocationConstraint "us-east-1" is refused) */
	if (a->op == S3_CREATE_BUCKET && strcmp(r->c->region, "us-east-1") != 0) {
		if (s3xml_build_create_bucket(&r->xml_body, r->c->region, e) != 0)
			return -1;
		r->body.mem = r->xml_body.p;
		r->body.len = r->xml_body.len;
	}
	if (s3_op_info(a->op)->flags & S3_OPF_POST) {
		r->body.mem = r->xml_body.p;
		r->body.len = r->xml_body.len;
	}
	if (s3_send_prepare(r, e) != 0)
		return -1;
	if (a->op == S3_DELETE_OBJECTS) {
		unsigned char md[16];
		unsigned int l = 0;
		if (!EVP_Digest(r->xml_body.p, r->xml_body.len, md, &l, EVP_md5(), NULL))
			return err_set(e, "s3 DeleteObjects: MD5 unavailable");
		EVP_EncodeBlock((unsigned char *)md5_b64, md, 16);
	}
	return 0;
}

/* build_headers: sign the request, then its header lines, built in one buffer and
 * linked through the request's own slist nodes. */
static int build_headers(struct s3_req *r, const struct s3_op_info *op, const char *md5_b64,
			 struct err *e)
{
	struct s3_client *c = r->c;
	struct sigv4_header sh[4 + MAX_XHDRS];
	size_t nsh = 0, off[MAX_HDRS];
	int nh = 0, is_post = op->flags & S3_OPF_POST, is_upload = op->flags & S3_OPF_UPLOAD;
	char range[64] = "";

	sh[nsh++] = (struct sigv4_header){"host", strbuf_cstr(&r->host)};
	sh[nsh++] = (struct sigv4_header){"x-amz-content-sha256", r->payload_hash};
	if (md5_b64[0])
		sh[nsh++] = (struct sigv4_header){"content-md5", md5_b64};
	for (int i = 0; i < r->n_xh; i++)
		sh[nsh++] = r->xh[i];
	struct sigv4_input in = {
		.method = op->method,
		.uri = strbuf_cstr(&r->uri),
		.query = strbuf_cstr(&r->query),
		.headers = sh,
		.n_headers = nsh,
		.payload_hash = r->payload_hash,
		.time_s = time(NULL),
		.omit_token = 0,
	};
	struct sigv4_signer *sg = atomic_load(&c->signer);

	if (sigv4_sign(sg, r->sig, &in, e) != 0)
		return -1;
	memcpy(r->seed_sig, sigv4_signature(r->sig), 65);
	if (r->chunked && s3_send_rewind(r) != 0)
		return err_set(e, "s3 %s %s: cannot rewind the body", op->name, r->a.key);

	if (r->a.range_len > 0)
		snprintf(range, sizeof(range), "bytes=%llu-%llu",
			 (unsigned long long)r->a.range_off,
			 (unsigned long long)(r->a.range_off + r->a.range_len - 1));
	strbuf_reset(&r->hdrs);
	if (add_hdr(r, off, &nh, "Host: ", strbuf_cstr(&r->host)) ||
	    add_hdr(r, off, &nh, "x-amz-date: ", sigv4_amz_date(r->sig)) ||
	    add_hdr(r, off, &nh, "x-amz-content-sha256: ", r->payload_hash) ||
	    add_hdr(r, off, &nh, "Authorization: ", sigv4_authorization(r->sig)) ||
	    (sigv4_signer_token(sg) &&
	     add_hdr(r, off, &nh, "x-amz-security-token: ", sigv4_signer_token(sg))) ||
	    (md5_b64[0] && add_hdr(r, off, &nh, "Content-MD5: ", md5_b64)) ||
	    (is_post && add_hdr(r, off, &nh, "Content-Type: ", "application/xml")) ||
	    ((is_upload || is_post) && add_hdr(r, off, &nh, "Expect:", "")) ||
	    (range[0] && add_hdr(r, off, &nh, "Range: ", range)) ||
	    add_hdr(r, off, &nh, "Accept:", ""))
		return err_set(e, "s3 %s: out of memory", op->name);
	for (int i = 0; i < r->n_xh; i++)
		if (add_xhdr(r, off, &nh, r->xh[i].name, r->xh[i].value))
			return err_set(e, "s3 %s: out of memory", op->name);
	for (int i = 0; i < nh; i++) {
		r->nodes[i].data = r->hdrs.p + off[i];
		r->nodes[i].next = i + 1 < nh ? &r->nodes[i + 1] : NULL;
	}
	return 0;
}

/* apply_curl: the URL, the headers and the method's options on the easy handle. -1
 * when out of memory. */
static int apply_curl(struct s3_req *r, const struct s3_op_info *op)
{
	const struct s3_client *c = r->c;
	CURL *h = r->easy;

	strbuf_reset(&r->url);
	if (strbuf_adds(&r->url, c->scheme) || strbuf_add(&r->url, r->host.p, r->host.len) ||
	    strbuf_add(&r->url, r->uri.p, r->uri.len) ||
	    (r->query.len &&
	     (strbuf_addc(&r->url, '?') || strbuf_add(&r->url, r->query.p, r->query.len))))
		return -1;
	if (set_url(r) != 0) {
		curl_easy_setopt(h, CURLOPT_CURLU, (CURLU *)NULL);
		curl_easy_setopt(h, CURLOPT_URL, r->url.p);
	}
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, &r->nodes[0]);
	curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, (char *)NULL);
	if (op->flags & S3_OPF_UPLOAD) {
		curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
		curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, (curl_off_t)r->wire_len);
	} else if (op->flags & S3_OPF_POST) {
		curl_easy_setopt(h, CURLOPT_POST, 1L);
		curl_easy_setopt(h, CURLOPT_POSTFIELDS, (char *)NULL);
		curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)r->body.len);
	} else if (strcmp(op->method, "HEAD") == 0) {
		curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
	} else if (strcmp(op->method, "DELETE") == 0) {
		curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, "DELETE");
	}
	return 0;
}

int s3_req_setup(struct s3_req *r, const struct s3_args *a, struct err *e)
{
	const struct s3_op_info *op;
	char md5_b64[32] = "";

	if (check_args(a, e) != 0 || req_reset(r, a, e) != 0)
		return -1;
	op = s3_op_info(a->op);
	if (build_uri(r, a) != 0)
		return err_set(e, "s3 %s: out of memory", op->name);
	if (build_body(r, a, md5_b64, e) != 0 || build_headers(r, op, md5_b64, e) != 0)
		return -1;
	if (apply_curl(r, op) != 0)
		return err_set(e, "s3 %s: out of memory", op->name);
	r->start_mono = time_mono_ns();
	r->start_ns = r->c->clock_mono != 0 ? r->c->clock_unix + (r->start_mono - r->c->clock_mono)
					    : time_now_ns();
	return 0;
}

/* collect/s3/s3_int.h: the S3 client's private structs, shared by s3.c (client, request
 * setup, libcurl callbacks) and s3_finish.c (results, blocking perform, retry).
 * Not a public API: use collect/s3/s3.h. */
#ifndef COLLECT_S3_INT_H
#define COLLECT_S3_INT_H

#include <stdint.h>

#include <curl/curl.h>

#include "collect/s3/s3.h"
#include "collect/s3/s3xml.h"
#include "core/strbuf.h"

struct sigv4_signer;
struct sigv4_ctx;

#define XML_CAPTURE_MAX (64u << 20) /* list pages, multipart and delete answers */
#define ERR_CAPTURE_MAX (1u << 20)  /* error documents */
#define MAX_HDRS 11

struct s3_client {
	char *endpoint;  /* as configured */
	char *scheme;    /* "http://" or "https://" */
	char *authority; /* host[:port] */
	int virtual_hosted, insecure, sign_payload;
	long connect_timeout_ms, timeout_ms, buffer_size;
	/* no proxy environment variable was set when the client was created: the handles
	 * say "no proxy" explicitly, so libcurl skips its getenv calls on every request */
	int no_proxy_env;
	struct sigv4_signer *signer;
	struct s3_bill *bill; /* billable counts (collect/s3/s3_bill.h); NULL: out of memory */
};

struct s3_req {
	struct s3_client *c;
	void *user;
	CURL *easy;
	struct sigv4_ctx *sig;
	char errbuf[CURL_ERROR_SIZE];
	struct strbuf url, uri, query, host, hdrs, xml_body, resp;
	/* the URL handed to libcurl as parts (CURLOPT_CURLU): scheme and host are parsed
	 * once (again only when the host changes), then only path and query are set per
	 * request, which spares libcurl a full URL parse each time; NULL: CURLOPT_URL */
	CURLU *cu;
	struct strbuf cu_host; /* the host cu was set up for, "" when none */
	struct curl_slist nodes[MAX_HDRS];
	struct s3_args a;
	struct s3_body body; /* copy of a.body (or an empty one) */
	char payload_hash[65];
	/* transfer state */
	uint64_t pos; /* upload position */
	int64_t start_ns, start_mono, first_mono, last_up_mono;
	uint64_t up, down, content_length;
	int decided, capture, sink_failed, overflow;
	char etag[128];
	/* parsed answers */
	struct s3xml_list list;
	struct s3xml_uploads uploads;
	char upload_id[1024];
	char complete_etag[128];
};

/* s3_needs_key: the operation addresses an object (not the bucket). */
int s3_needs_key(enum s3_op op);

#endif

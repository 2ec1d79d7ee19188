/* collect/s3/s3_facts.c: what a connection the S3 client opened is (s3.h, struct
 * s3_conn_facts): its TLS protocol, cipher and key-exchange group as OpenSSL negotiated
 * them, and whether its socket has TCP_NODELAY, read from the socket itself (libcurl sets
 * it by default since 7.50.2; what counts is what the socket has). docs/FORMATS.md, run.json "transport". */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include <openssl/ssl.h>

#include "collect/s3/s3_int.h"

/* tls_group: the key exchange's group of ssl, OpenSSL's name (SSL_get_negotiated_group,
 * a NID, named by SSL_group_to_name: OpenSSL 3.0), "" when it names none. */
static void tls_group(void *ssl, char *out, size_t n)
{
	int nid = (int)SSL_get_negotiated_group((SSL *)ssl);
	const char *name = nid > 0 ? SSL_group_to_name((SSL *)ssl, nid) : NULL;

	snprintf(out, n, "%s", name != NULL ? name : "");
}

void s3_conn_facts(struct s3_req *r)
{
	struct s3_conn_facts *f = &r->facts;
	struct curl_tlssessioninfo *ti = NULL;
	long conns = 0;

	memset(f, 0, sizeof(*f));
	if (curl_easy_getinfo(r->easy, CURLINFO_NUM_CONNECTS, &conns) != CURLE_OK || conns <= 0)
		return;
	f->fresh = 1;
	f->tcp_nodelay = -1;
	if (curl_easy_getinfo(r->easy, CURLINFO_TLS_SSL_PTR, &ti) == CURLE_OK && ti != NULL &&
	    ti->backend == CURLSSLBACKEND_OPENSSL && ti->internals != NULL) {
		const SSL *ssl = ti->internals;
		const SSL_CIPHER *c = SSL_get_current_cipher(ssl);

		snprintf(f->tls_version, sizeof(f->tls_version), "%s", SSL_get_version(ssl));
		snprintf(f->tls_cipher, sizeof(f->tls_cipher), "%s",
			 c != NULL ? SSL_CIPHER_get_name(c) : "");
		tls_group(ti->internals, f->tls_group, sizeof(f->tls_group));
	}
}

void s3_conn_facts_socket(struct s3_req *r)
{
	curl_socket_t fd = CURL_SOCKET_BAD;
	int on = 0;
	socklen_t len = sizeof(on);

	if (r->facts.fresh && curl_easy_getinfo(r->easy, CURLINFO_ACTIVESOCKET, &fd) == CURLE_OK &&
	    fd != CURL_SOCKET_BAD && getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, &len) == 0)
		r->facts.tcp_nodelay = on != 0;
}

void s3_conn_facts_done(struct s3_req *r, struct s3_result *res)
{
	res->facts = r->facts;
	res->cref = r->cref;
	memset(&r->facts, 0, sizeof(r->facts));
	memset(&r->cref, 0, sizeof(r->cref));
}

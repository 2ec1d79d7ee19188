/* collect/s3/s3_conn.c: the connection side of the S3 client (s3_int.h): the addresses a
 * spread client connects to, what a transfer used, and the TLS session cache its
 * handles share. */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <sys/socket.h>

#include "collect/s3/s3_int.h"

#define MAX_ADDRS 16

/* host_port: the host (brackets of an IPv6 literal removed) and port of c->authority. */
static void host_port(const struct s3_client *c, char *host, size_t hn, char *port, size_t pn)
{
	const char *a = c->authority, *colon;

	if (a[0] == '[') {
		const char *end = strchr(a, ']');
		size_t n = end ? (size_t)(end - a - 1) : strlen(a + 1);
		snprintf(host, hn, "%.*s", (int)n, a + 1);
		colon = end && end[1] == ':' ? end + 1 : NULL;
	} else {
		colon = strrchr(a, ':');
		snprintf(host, hn, "%.*s", (int)(colon ? (size_t)(colon - a) : strlen(a)), a);
	}
	snprintf(port, pn, "%s",
		 colon                                ? colon + 1
		 : strcmp(c->scheme, "https://") == 0 ? "443"
						      : "80");
}

int s3_resolve_all(struct s3_client *c, struct err *e)
{
	struct addrinfo hints, *res = NULL;
	char host[256], port[16];
	int rc;

	host_port(c, host, sizeof(host), port, sizeof(port));
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if ((rc = getaddrinfo(host, port, &hints, &res)) != 0)
		return err_set(e, "s3: addresses = spread: %s does not resolve: %s", host,
			       gai_strerror(rc));
	c->connect_to = calloc(MAX_ADDRS, sizeof(*c->connect_to));
	if (c->connect_to == NULL) {
		freeaddrinfo(res);
		return err_set(e, "s3: out of memory");
	}
	for (struct addrinfo *ai = res; ai != NULL && c->n_connect_to < MAX_ADDRS;
	     ai = ai->ai_next) {
		char txt[INET6_ADDRSTRLEN], entry[80];
		const void *src =
			ai->ai_family == AF_INET6
				? (const void *)&((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr
				: (const void *)&((struct sockaddr_in *)ai->ai_addr)->sin_addr;
		if (inet_ntop(ai->ai_family, src, txt, sizeof(txt)) == NULL)
			continue;
		snprintf(entry, sizeof(entry), ai->ai_family == AF_INET6 ? "::[%s]:%s" : "::%s:%s",
			 txt, port);
		int dup = 0;
		for (int i = 0; i < c->n_connect_to; i++)
			dup |= strcmp(c->connect_to[i], entry) == 0;
		if (!dup)
			snprintf(c->connect_to[c->n_connect_to++], sizeof(c->connect_to[0]), "%s",
				 entry);
	}
	freeaddrinfo(res);
	return 0;
}

void s3_transport_info(struct s3_req *r, struct s3_result *res)
{
	long v = 0;
	char *ip = NULL;

	curl_easy_getinfo(r->easy, CURLINFO_HTTP_VERSION, &v);
	curl_easy_getinfo(r->easy, CURLINFO_PRIMARY_IP, &ip);
	res->http_version = v == CURL_HTTP_VERSION_1_0   ? 10
			    : v == CURL_HTTP_VERSION_1_1 ? 11
			    : v == CURL_HTTP_VERSION_2_0 ? 20
			    : v == CURL_HTTP_VERSION_3   ? 30
							 : 0;
	snprintf(res->address, sizeof(res->address), "%s", ip ? ip : "");
}

static void share_lock(CURL *h, curl_lock_data data, curl_lock_access access, void *arg)
{
	struct s3_client *c = arg;

	(void)h;
	(void)access;
	if ((int)data < c->share_locks)
		pthread_mutex_lock(&c->share_lock[data]);
}

static void share_unlock(CURL *h, curl_lock_data data, void *arg)
{
	struct s3_client *c = arg;

	(void)h;
	if ((int)data < c->share_locks)
		pthread_mutex_unlock(&c->share_lock[data]);
}

int s3_share_new(struct s3_client *c)
{
	for (; c->share_locks < CURL_LOCK_DATA_LAST; c->share_locks++)
		if (pthread_mutex_init(&c->share_lock[c->share_locks], NULL) != 0)
			return -1;
	c->share = curl_share_init();
	if (c->share == NULL ||
	    curl_share_setopt(c->share, CURLSHOPT_LOCKFUNC, share_lock) != CURLSHE_OK ||
	    curl_share_setopt(c->share, CURLSHOPT_UNLOCKFUNC, share_unlock) != CURLSHE_OK ||
	    curl_share_setopt(c->share, CURLSHOPT_USERDATA, c) != CURLSHE_OK ||
	    curl_share_setopt(c->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION) != CURLSHE_OK)
		return -1;
	return 0;
}

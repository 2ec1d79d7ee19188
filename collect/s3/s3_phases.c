/* collect/s3/s3_phases.c: where a request's time went (s3.h, struct s3_phases): libcurl's
 * timers for the connection's set-up, the collector's clock for the rest, the TLS
 * session's reuse from OpenSSL and the round trip from the kernel (TCP_INFO). */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>

#include <openssl/ssl.h>

#include "collect/s3/s3_int.h"
#include "core/timefmt.h"

#define RTT_EVERY 32 /* a reused connection's round trip is sampled every 32nd request */

static int64_t curl_us(CURL *h, CURLINFO what)
{
	curl_off_t v = 0;

	if (curl_easy_getinfo(h, what, &v) != CURLE_OK || v < 0)
		return 0;
	return (int64_t)v * 1000;
}

static int64_t pos(int64_t v)
{
	return v > 0 ? v : 0;
}

/* tls_resumed: 1 when the easy handle's TLS session was resumed, 0 when it was a full
 * handshake, -1 when there is no OpenSSL session to ask. */
static int tls_resumed(CURL *h)
{
	struct curl_tlssessioninfo *ti = NULL;

	if (curl_easy_getinfo(h, CURLINFO_TLS_SSL_PTR, &ti) != CURLE_OK || ti == NULL ||
	    ti->backend != CURLSSLBACKEND_OPENSSL || ti->internals == NULL)
		return -1;
	return SSL_session_reused((SSL *)ti->internals) ? 1 : 0;
}

/* sock_rtt: the kernel's smoothed round trip of the handle's connection, ns (0: none). */
static int64_t sock_rtt(CURL *h)
{
	curl_socket_t fd = CURL_SOCKET_BAD;
	struct tcp_info ti;
	socklen_t len = sizeof(ti);

	if (curl_easy_getinfo(h, CURLINFO_ACTIVESOCKET, &fd) != CURLE_OK || fd == CURL_SOCKET_BAD)
		return 0;
	memset(&ti, 0, sizeof(ti));
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) != 0 || ti.tcpi_rtt == 0)
		return 0;
	return (int64_t)ti.tcpi_rtt * 1000;
}

int s3_on_prereq(void *arg, char *primary_ip, char *local_ip, int primary_port, int local_port)
{
	struct s3_req *r = arg;

	(void)local_ip;
	r->tls_resumed = r->c->phases ? tls_resumed(r->easy) : -1;
	if (r->c->read_timeout_ns > 0) /* the read timeout's clock starts (s3_on_progress) */
		r->move_mono = time_mono_ns();
	s3_conn_facts(r);
	s3_conntab_use(r, primary_ip, primary_port, local_port);
	return CURL_PREREQFUNC_OK;
}

void s3_req_sample_conn(struct s3_req *r)
{
	long conns = 0;

	s3_conn_facts_socket(r);
	if (!r->c->phases)
		return;
	curl_easy_getinfo(r->easy, CURLINFO_NUM_CONNECTS, &conns);
	if (conns > 0 || r->n_done % RTT_EVERY == 0)
		r->rtt_ns = sock_rtt(r->easy);
}

void s3_req_phases(struct s3_req *r, int64_t end_mono, struct s3_phases *ph)
{
	CURL *h = r->easy;
	long conns = 0;
	int64_t nl, ct, ac, pt, setup, send_end, first, total;

	memset(ph, 0, sizeof(*ph));
	ph->valid = 1;
	total = pos(end_mono - r->start_mono);
	curl_easy_getinfo(h, CURLINFO_NUM_CONNECTS, &conns);
	nl = curl_us(h, CURLINFO_NAMELOOKUP_TIME_T);
	ct = curl_us(h, CURLINFO_CONNECT_TIME_T);
	ac = curl_us(h, CURLINFO_APPCONNECT_TIME_T);
	pt = curl_us(h, CURLINFO_PRETRANSFER_TIME_T);
	if (conns > 0) {
		/* r->tls_resumed was asked by s3_on_prereq while libcurl still named the
		 * connection; here, after the transfer, the SSL pointer is gone */
		ph->conn = ac == 0               ? S3_CONN_NEW
			   : r->tls_resumed == 1 ? S3_CONN_TLS_RESUMED
						 : S3_CONN_TLS_FULL;
		ph->dns_ns = nl;
		ph->connect_ns = pos(ct - nl);
		ph->tls_ns = ac > 0 ? pos(ac - ct) : 0;
	} else {
		ph->conn = S3_CONN_REUSED;
	}
	setup = ph->dns_ns + ph->connect_ns + ph->tls_ns;
	send_end = r->last_up_mono > 0 ? r->last_up_mono - r->start_mono : pt;
	if (send_end < setup)
		send_end = setup;
	if (send_end > total)
		send_end = total;
	first = r->first_mono > 0 ? r->first_mono - r->start_mono : total;
	if (first < send_end)
		first = send_end;
	if (first > total)
		first = total;
	ph->send_ns = send_end - setup;
	ph->wait_ns = first - send_end;
	ph->transfer_ns = total - first;
	if (setup > total) { /* the timers of two clocks disagree: keep the sum */
		ph->dns_ns = ph->connect_ns = ph->tls_ns = 0;
		ph->send_ns = send_end;
	}
	ph->rtt_ns = r->rtt_ns;
	r->n_done++;
}

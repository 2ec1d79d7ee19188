/* collect/run/bound.c: the NIC speed and round trip of a subject's bill bound
 * (collect/run/bound.h). */
#include "collect/run/bound.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/timefmt.h"

/* host_port: the host and port of an http(s):// URL. -1 when it has none. */
static int host_port(const char *url, char *host, size_t hn, char *port, size_t pn)
{
	const char *p = strstr(url, "://"), *end, *colon;
	int https = strncmp(url, "https", 5) == 0;

	if (p == NULL)
		return -1;
	p += 3;
	end = p + strcspn(p, "/?#");
	if (*p == '[') { /* [v6]:port */
		const char *rb = memchr(p, ']', (size_t)(end - p));
		if (rb == NULL)
			return -1;
		snprintf(host, hn, "%.*s", (int)(rb - p - 1), p + 1);
		colon = rb + 1 < end && rb[1] == ':' ? rb + 1 : NULL;
	} else {
		colon = memchr(p, ':', (size_t)(end - p));
		snprintf(host, hn, "%.*s", (int)((colon ? colon : end) - p), p);
	}
	if (colon != NULL)
		snprintf(port, pn, "%.*s", (int)(end - colon - 1), colon + 1);
	else
		snprintf(port, pn, "%s", https ? "443" : "80");
	return host[0] && port[0] ? 0 : -1;
}

/* connect_once: one TCP connect to ai within the timeout; its time (s) or -1 (errno kept
 * in *err); the local address into local. */
static double connect_once(const struct addrinfo *ai, char *local, size_t ln, int *err)
{
	int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
			ai->ai_protocol);
	struct pollfd pfd;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss), el = sizeof(*err);
	int64_t t0;
	double t = -1;

	if (fd < 0) {
		*err = errno;
		return -1;
	}
	t0 = time_mono_ns();
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) < 0 && errno != EINPROGRESS) {
		*err = errno;
		goto out;
	}
	pfd.fd = fd;
	pfd.events = POLLOUT;
	if (poll(&pfd, 1, BOUND_CONNECT_TIMEOUT_MS) != 1) {
		*err = ETIMEDOUT;
		goto out;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, err, &el) < 0 || *err != 0)
		goto out;
	t = (double)(time_mono_ns() - t0) / 1e9;
	if (getsockname(fd, (struct sockaddr *)&ss, &sl) < 0)
		goto out;
	if (ss.ss_family == AF_INET)
		inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, local, (socklen_t)ln);
	else if (ss.ss_family == AF_INET6)
		inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, local, (socklen_t)ln);
out:
	close(fd);
	return t;
}

int bound_probe(const struct campaign_subject *s, const struct clientres_opts *o,
		struct estimate_bound *out, struct err *e)
{
	struct addrinfo hints, *res = NULL;
	char host[256], port[16], local[INET6_ADDRSTRLEN] = "";
	int rc, err = 0;

	memset(out, 0, sizeof(*out));
	if (s->endpoint == NULL ||
	    host_port(s->endpoint, host, sizeof(host), port, sizeof(port)) < 0) {
		snprintf(out->why, sizeof(out->why), "its endpoint has no host");
		return err_set(e, "subject %s: %s", s->id, out->why);
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	if ((rc = getaddrinfo(host, port, &hints, &res)) != 0) {
		snprintf(out->why, sizeof(out->why), "%s does not resolve: %.80s", host,
			 gai_strerror(rc));
		return err_set(e, "subject %s: %s", s->id, out->why);
	}
	for (int i = 0; i < BOUND_CONNECTS; i++) {
		double t = connect_once(res, local, sizeof(local), &err);
		if (!(t > 0))
			break; /* refused or timed out: the next would be too */
		if (!out->probed || t < out->rtt_s)
			out->rtt_s = t;
		out->probed = 1;
	}
	freeaddrinfo(res);
	if (!out->probed) {
		snprintf(out->why, sizeof(out->why), "%s port %s took no TCP connection: %s", host,
			 port, strerror(err));
		return err_set(e, "subject %s: %s", s->id, out->why);
	}
	out->nic_bytes_s = clientres_nic_speed(o, local, out->nic_source) * 1e6 / 8;
	return 0;
}

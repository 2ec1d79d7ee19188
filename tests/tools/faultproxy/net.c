/* tests/tools/faultproxy/net.c: see net.h. */
#include "tests/tools/faultproxy/net.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* rd: read from fd into b (b NULL: read and discard). 1 data or nothing yet,
 * 0 end of stream, -1 error. */
int rd(int fd, struct buf *b)
{
	char scratch[16384];
	ssize_t n;

	if (b) {
		buf_compact(b);
		if (buf_room(b) == 0)
			return 1;
		n = recv(fd, b->d + b->len, buf_room(b), 0);
	} else {
		n = recv(fd, scratch, sizeof(scratch), 0);
	}
	if (n > 0) {
		if (b)
			b->len += (size_t)n;
		return 1;
	}
	if (n == 0)
		return 0;
	return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 1 : -1;
}

/* wr: write what b holds to fd; 0, or -1 on error. */
int wr(int fd, struct buf *b)
{
	while (b->len) {
		ssize_t n = send(fd, buf_data(b), b->len, MSG_NOSIGNAL);

		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1;
		buf_take(b, (size_t)n);
	}
	return 0;
}

/* ---- sockets ---- */

void set_nodelay(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

/* close_rst: close fd so that the peer gets an RST (SO_LINGER 0). */
void close_rst(int fd)
{
	struct linger lg = {1, 0};

	setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	close(fd);
}

/* resolve: "HOST:PORT" or "[V6]:PORT" into ss; 0 or -1. */
int resolve(const char *spec, struct sockaddr_storage *ss, socklen_t *len)
{
	char host[256];
	const char *colon = strrchr(spec, ':'), *h = spec;
	size_t hl;
	struct addrinfo hints, *ai = NULL;

	if (colon == NULL || colon == spec)
		return -1;
	hl = (size_t)(colon - spec);
	if (spec[0] == '[' && colon[-1] == ']') {
		h++;
		hl -= 2;
	}
	if (hl >= sizeof(host))
		return -1;
	memcpy(host, h, hl);
	host[hl] = '\0';
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	if (getaddrinfo(host, colon + 1, &hints, &ai) != 0 || !ai)
		return -1;
	memcpy(ss, ai->ai_addr, ai->ai_addrlen);
	*len = ai->ai_addrlen;
	freeaddrinfo(ai);
	return 0;
}

/* write_port_file: PORT and a newline into path, through path.tmp and a rename. */
int write_port_file(const char *path, int port)
{
	char tmp[4096];
	FILE *f;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return -1;
	f = fopen(tmp, "w");
	if (f == NULL)
		return -1;
	fprintf(f, "%d\n", port);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* ---- time and decisions ---- */

long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int start_listen(const char *listen_on, const char *port_file)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd, one = 1, port;

	if (resolve(listen_on, &ss, &len) < 0) {
		fprintf(stderr, "faultproxy: cannot parse --listen %s\n", listen_on);
		return -1;
	}
	fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0 ||
	    bind(fd, (struct sockaddr *)&ss, len) < 0 || listen(fd, 128) < 0) {
		fprintf(stderr, "faultproxy: listen on %s: %s\n", listen_on, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	len = sizeof(ss);
	getsockname(fd, (struct sockaddr *)&ss, &len);
	port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
					      : ((struct sockaddr_in *)&ss)->sin_port);
	if (port_file && write_port_file(port_file, port) < 0) {
		fprintf(stderr, "faultproxy: cannot write %s: %s\n", port_file, strerror(errno));
		close(fd);
		return -1;
	}
	fprintf(stderr, "faultproxy: listening on %s port %d\n", listen_on, port);
	printf("%d\n", port);
	fflush(stdout);
	return fd;
}

long long pause_left(long long t, long long every, long long pause)
{
	long long ph;

	if (every <= 0 || t < every)
		return 0;
	ph = t % every;
	return ph < pause ? pause - ph : 0;
}

uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* frac_hit: the deterministic decision for (seed, conn, req) at fraction f. */
int frac_hit(uint64_t seed, uint64_t conn, uint64_t req, double f)
{
	uint64_t h;

	if (f >= 1.0)
		return 1;
	if (f <= 0.0)
		return 0;
	h = mix64(seed ^ mix64(conn ^ mix64(req)));
	return (double)(h >> 11) * 0x1p-53 < f;
}

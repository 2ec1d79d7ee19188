/* tests/tools/faultproxy/net.h: sockets, time and the deterministic fault decisions of the
 * proxy. */
#ifndef TESTS_TOOLS_FAULTPROXY_NET_H
#define TESTS_TOOLS_FAULTPROXY_NET_H

#include <stdint.h>
#include <sys/socket.h>

#include "tests/tools/faultproxy/http.h"

/* rd: read from fd into b (b NULL: read and discard). 1 data or nothing yet,
 * 0 end of stream, -1 error. */
int rd(int fd, struct buf *b);

/* wr: write what b holds to fd; 0, or -1 on error. */
int wr(int fd, struct buf *b);

/* set_nodelay: TCP_NODELAY on fd (errors ignored: a test proxy). */
void set_nodelay(int fd);

/* close_rst: close fd so that the peer gets an RST (SO_LINGER 0). */
void close_rst(int fd);

/* resolve: "HOST:PORT" or "[V6]:PORT" into ss; 0 or -1. */
int resolve(const char *spec, struct sockaddr_storage *ss, socklen_t *len);

/* start_listen: a non-blocking listening socket on listen_on ("HOST:PORT"; port 0: any),
 * its port printed on stdout and written to port_file (NULL: not); the fd, or -1 after
 * saying why on stderr. */
int start_listen(const char *listen_on, const char *port_file);

/* write_port_file: PORT and a newline into path, through path.tmp and a rename. */
int write_port_file(const char *path, int port);

/* now_ms: the monotonic clock in milliseconds. */
long long now_ms(void);

/* pause_left: mode pause: at t ms after the start, the ms left of the freeze then (the
 * window [k*every, k*every + pause) for k >= 1), or 0 outside the freezes. */
long long pause_left(long long t, long long every, long long pause);

/* mix64: a 64-bit mixing function (splitmix64's finalizer) for the decisions. */
uint64_t mix64(uint64_t x);

/* frac_hit: the deterministic decision for (seed, conn, req) at fraction f. */
int frac_hit(uint64_t seed, uint64_t conn, uint64_t req, double f);

#endif

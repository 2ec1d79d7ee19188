/* tests/tools/faultproxy/main.c: a fault-injecting TCP proxy for the fault-matrix tests.
 *
 *   faultproxy --listen 127.0.0.1:0 --upstream 127.0.0.1:PORT --mode MODE
 *              [--fraction F] [--seed N] [--after-bytes N] [--direction D]
 *              [--max-seconds N] [--port-file PATH] [--pause-ms N --every-ms N]
 *              [--status N [--code CODE]]
 *
 * One process, one poll() loop, at most MAX_CONNS (256) client connections at a time
 * (more wait in the listen backlog). Requests are not expected to be pipelined (curl
 * and libcurl do not); if they are, a 503 still waits for the earlier responses.
 * The port actually bound is printed on stdout ("PORT\n") and, when asked, written
 * to --port-file (through a temporary name and rename, so a reader never sees half
 * of it). The proxy exits 0 after --max-seconds (default 600) or on SIGTERM/SIGINT,
 * printing one "faultproxy: exit: ..." line of counts on stderr; every injected
 * fault is one "faultproxy: fault ..." line on stderr. Exit 2: usage error;
 * exit 1: could not listen or resolve.
 *
 * Modes:
 *   pass       forward bytes both ways unchanged (keep-alive works; nothing parsed).
 *   slowdown   parse the HTTP/1.1 request stream (request line, headers, Content-Length
 *              or chunked body) and the response stream; a fraction F of requests is
 *              not forwarded but answered "503 Slow Down" with an S3 XML error body
 *              (code SlowDown); the connection stays usable. --status N answers N
 *              instead (500 InternalError, 502 BadGateway, 504 GatewayTimeout, 429
 *              TooManyRequests, 400 BadRequest, another InjectedError), --code CODE
 *              with that S3 error code (400 RequestTimeout). The request's body is read
 *              and discarded first, and the 503 is sent only when every earlier
 *              response on the connection is complete. A request with
 *              "Expect: 100-continue" and a body (or with Connection: close, or
 *              HTTP/1.0) is answered at once with "Connection: close", and the
 *              connection is then closed gracefully (what the client sent is drained).
 *              With --rate N instead of a fraction: a token bucket (N tokens a second,
 *              at most max(1, N / 2) held) answers 503 to each request that finds it
 *              empty, a throttle above N requests per second; --warmup-ms W halves
 *              the rate for the first W ms after the proxy's start (a warm-up).
 *   reset      forward; on a fraction F of connections, reset the client connection
 *              (SO_LINGER 0 + close, an RST) once --after-bytes bytes of a response
 *              body have reached the client and more body is still to come. Responses
 *              whose body is not longer than --after-bytes pass untouched. With
 *              --direction request the request bodies are counted instead (for PUT
 *              faults): the upstream gets the truncated body, the client the RST.
 *   stall      as reset, but instead of resetting: stop forwarding the response, close
 *              the upstream side and hold the client connection open silently (until
 *              the client gives up or --max-seconds). --direction request: stop
 *              forwarding the request body after --after-bytes (the rest is read and
 *              discarded) and never answer.
 *   pause      as pass, but the whole proxy freezes for --pause-ms every --every-ms (the
 *              first freeze --every-ms after the start): nothing is accepted, read or
 *              forwarded then, as when a server stalls (a GC pause); one "fault pause"
 *              line per freeze.
 *   blackhole  accept, read and discard, never answer, never connect upstream.
 *   refuse     write the port, then close the listening socket: connects get
 *              ECONNREFUSED (curl exit 7). (Another process could in theory bind the
 *              port after that; the tests use it at once.)
 *   rst        accept, wait for the client's first bytes (its request), then close the
 *              connection with an RST: curl exit 56 (recv failure), 55 when still sending.
 *              (An RST sent before the client has seen the connect complete would show
 *              as a connect failure, curl exit 7, at random; waiting makes it stable.)
 *
 * Defaults: --fraction 1 (every request / connection), --seed 1, --after-bytes 0 (right
 * after the response headers, when the response has a body), --max-seconds 600.
 * Determinism: the decision for request R (counted from 1) on connection C (counted
 * from 1 in accept order) is a hash of (seed, C, R) compared with F; for reset and
 * stall R = 0. The same seed and the same traffic on one connection give the same
 * faults. When a message cannot be parsed, that connection falls back to plain
 * forwarding (logged), so the proxy never corrupts traffic it does not understand.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/sockios.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "tests/tools/faultproxy/http.h"
#include "tests/tools/faultproxy/net.h"
#include "tests/tools/faultproxy/opts.h"

#define MAX_CONNS 256
#define QMAX 64            /* outstanding requests tracked per connection */
#define RESET_WAIT_MS 2000 /* wait this long for sent bytes to be acked before RST */
#define DRAIN_MS 5000      /* after our FIN, wait this long for the client's */

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	(void)sig;
	stop_flag = 1;
}

struct conn {
	unsigned long id, nreq;
	int cfd, ufd; /* -1 when closed */
	int cpi, upi; /* index in the pollfd array, -1 when not polled */
	int connecting, c_eof, u_eof, c_shut, u_shut;
	int raw;    /* plain forwarding, nothing parsed */
	int faulty; /* reset/stall: this connection gets the fault */
	int stalled, reset_pending, draining, dead;
	int head_pending, rq_slow, discard, slow_emit, slow_close;
	long long deadline; /* ms: reset wait, drain after FIN */
	struct head rqh;
	struct http rq, rs;
	unsigned char q[QMAX]; /* outstanding requests: 1 = HEAD */
	unsigned qh, qn;
	struct buf cin, c2u, uin, u2c;
};

struct proxy {
	struct opts o;
	struct sockaddr_storage up;
	socklen_t uplen;
	int lfd;
	struct conn *c[MAX_CONNS];
	int nc;
	unsigned long conns, requests, faults;
	long long start, freezes; /* ms: the proxy's start; freezes logged */
	double tokens;            /* --rate: the token bucket */
	long long tokens_ms;      /* when it was last filled */
};

/* over_rate: --rate's throttle: 1 when the request finds the token bucket empty (then
 * it is answered 503), else takes a token. */
static int over_rate(struct proxy *px)
{
	long long t = now_ms();
	double rate = t - px->start < (long long)px->o.warmup_ms ? px->o.rate / 2 : px->o.rate;
	double cap = rate / 2 > 1 ? rate / 2 : 1;

	if (px->tokens_ms == 0)
		px->tokens = cap;
	else
		px->tokens += (double)(t - px->tokens_ms) * rate / 1000.0;
	if (px->tokens > cap)
		px->tokens = cap;
	px->tokens_ms = t;
	if (px->tokens < 1)
		return 1;
	px->tokens -= 1;
	return 0;
}

/* ---- connections ---- */

static void fault(struct proxy *px, const struct conn *c, const char *what, const char *line)
{
	px->faults++;
	fprintf(stderr, "faultproxy: fault %s conn=%lu req=%lu%s%s%s\n", what, c->id, c->nreq,
		line ? " \"" : "", line ? line : "", line ? "\"" : "");
}

static void go_raw(struct conn *c, const char *why)
{
	if (!c->raw)
		fprintf(stderr, "faultproxy: conn=%lu: %s; forwarding it unparsed\n", c->id, why);
	c->raw = 1;
	c->discard = 0;
}

static void conn_close(struct conn *c, int rst_client)
{
	if (c->cfd >= 0) {
		if (rst_client)
			close_rst(c->cfd);
		else
			close(c->cfd);
	}
	if (c->ufd >= 0)
		close(c->ufd);
	c->cfd = c->ufd = -1;
	c->dead = 1;
}

static void close_upstream(struct conn *c)
{
	if (c->ufd >= 0)
		close(c->ufd);
	c->ufd = -1;
	c->u_eof = c->u_shut = 1;
	c->connecting = 0;
}

/* answer_of: the reason phrase, S3 error code and message a slowdown answer with status
 * st carries (--code overrides the code). */
static void answer_of(int st, const char **reason, const char **code, const char **message)
{
	static const struct {
		int st;
		const char *reason, *code;
	} t[] = {
		{503, "Slow Down", "SlowDown"},
		{500, "Internal Server Error", "InternalError"},
		{502, "Bad Gateway", "BadGateway"},
		{504, "Gateway Timeout", "GatewayTimeout"},
		{429, "Too Many Requests", "TooManyRequests"},
		{400, "Bad Request", "BadRequest"},
	};

	*reason = "Error";
	*code = "InjectedError";
	*message = st == 503 ? "Please reduce your request rate." : "Injected by faultproxy.";
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].st == st) {
			*reason = t[i].reason;
			*code = t[i].code;
		}
}

/* emit_503: queue the injected answer (503 SlowDown, or --status and --code) when every
 * earlier response is complete; 1 when queued, 0 when it must wait. */
static int emit_503(struct proxy *px, struct conn *c)
{
	const char *reason, *code, *message;
	char body[256], msg[768];
	int n, bn;

	if (c->qn || c->rs.st != PS_HEAD || buf_room(&c->u2c) < sizeof(msg))
		return 0;
	answer_of(px->o.status, &reason, &code, &message);
	if (px->o.code != NULL)
		code = px->o.code;
	bn = snprintf(body, sizeof(body),
		      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		      "<Error><Code>%s</Code><Message>%s</Message>"
		      "<RequestId>faultproxy</RequestId></Error>",
		      code, message);
	n = snprintf(msg, sizeof(msg),
		     "HTTP/1.1 %d %s\r\n"
		     "Content-Type: application/xml\r\nContent-Length: %d\r\n"
		     "x-amz-request-id: faultproxy-%lu-%lu\r\n%s\r\n%s",
		     px->o.status, reason, bn, c->id, c->nreq,
		     c->slow_close ? "Connection: close\r\n" : "",
		     c->rqh.is_head_method ? "" : body);
	buf_put(&c->u2c, msg, (size_t)n);
	fault(px, c, "slowdown", c->rqh.line);
	c->slow_emit = 0;
	if (c->slow_close) {
		c->draining = 1;
		c->cin.len = c->cin.off = 0;
	}
	return 1;
}

/* body_fault: --after-bytes of a body have passed on a faulty connection: start the
 * reset (done once what was forwarded is acked) or stall it. */
static void body_fault(struct proxy *px, struct conn *c)
{
	if (px->o.mode == M_RESET) {
		c->reset_pending = 1;
		c->deadline = now_ms() + RESET_WAIT_MS;
	} else {
		c->stalled = 1;
		fault(px, c, px->o.on_request ? "stall (request body)" : "stall", NULL);
		close_upstream(c);
		c->cin.len = c->cin.off = 0;
	}
}

/* pump_requests: parse client bytes into c2u, deciding each request's fate. */
static void pump_requests(struct proxy *px, struct conn *c)
{
	int guard;

	for (guard = 0; guard < 100000; guard++) {
		enum step r;

		if (c->raw) {
			size_t k = c->cin.len < buf_room(&c->c2u) ? c->cin.len : buf_room(&c->c2u);

			buf_move(&c->cin, &c->c2u, k);
			return;
		}
		if (c->slow_emit) {
			if (!emit_503(px, c))
				return;
			continue;
		}
		if (c->draining || c->stalled || c->reset_pending)
			return;
		if (c->rq.st == PS_HEAD) {
			struct head *h = &c->rqh;

			if (!c->head_pending) {
				size_t hl;

				if (c->cin.len == 0)
					return;
				buf_compact(&c->cin);
				hl = find_head_end(buf_data(&c->cin), c->cin.len);
				if (hl == 0) {
					if (c->cin.len == BUF_SIZE)
						go_raw(c, "request head too long");
					return;
				}
				if (parse_head(buf_data(&c->cin), hl, 0, h) < 0) {
					go_raw(c, "request head not HTTP/1.x");
					continue;
				}
				c->head_pending = 1;
				c->nreq++;
				px->requests++;
				c->rq_slow = px->o.mode == M_SLOWDOWN &&
					     (px->o.rate > 0 ? over_rate(px)
							     : frac_hit(px->o.seed, c->id, c->nreq,
									px->o.fraction));
			}
			if (c->rq_slow) {
				int has_body;

				buf_take(&c->cin, h->len);
				c->head_pending = 0;
				has_body = body_start(&c->rq, h, 0);
				c->slow_close = h->close || (h->expect && has_body);
				if (!has_body || c->slow_close) {
					c->rq.st = PS_HEAD;
					c->slow_emit = 1;
				} else {
					c->discard = 1;
				}
				continue;
			}
			if (buf_room(&c->c2u) < h->len || c->qn == QMAX)
				return;
			buf_move(&c->cin, &c->c2u, h->len);
			c->q[(c->qh + c->qn++) % QMAX] = (unsigned char)h->is_head_method;
			c->head_pending = 0;
			body_start(&c->rq, h, 0);
			continue;
		}
		r = body_step(&c->rq, &c->cin, c->discard ? NULL : &c->c2u,
			      c->faulty && px->o.on_request ? px->o.after_bytes : UINT64_MAX,
			      c->c_eof);
		if (r == ST_WAIT)
			return;
		if (r == ST_CAP) {
			body_fault(px, c);
			return;
		}
		if (r == ST_DONE) {
			c->rq.st = PS_HEAD;
			if (c->discard) {
				c->discard = 0;
				c->slow_emit = 1;
			}
		} else if (r != ST_MORE) {
			go_raw(c, "bad request body framing");
		}
	}
}

static void pop_request(struct conn *c)
{
	if (c->qn) {
		c->qh = (c->qh + 1) % QMAX;
		c->qn--;
	}
}

/* pump_responses: parse upstream bytes into u2c, injecting reset/stall faults. */
static void pump_responses(struct proxy *px, struct conn *c)
{
	int guard;

	for (guard = 0; guard < 100000; guard++) {
		uint64_t cap = c->faulty && !px->o.on_request ? px->o.after_bytes : UINT64_MAX;
		enum step r;

		if (c->stalled || c->reset_pending)
			return;
		if (c->raw) {
			size_t k = c->uin.len < buf_room(&c->u2c) ? c->uin.len : buf_room(&c->u2c);

			buf_move(&c->uin, &c->u2c, k);
			return;
		}
		if (c->rs.st == PS_HEAD) {
			struct head h;
			size_t hl;
			int head_req, more;

			if (c->uin.len == 0)
				return;
			buf_compact(&c->uin);
			hl = find_head_end(buf_data(&c->uin), c->uin.len);
			if (hl == 0) {
				if (c->uin.len == BUF_SIZE)
					go_raw(c, "response head too long");
				return;
			}
			if (parse_head(buf_data(&c->uin), hl, 1, &h) < 0) {
				go_raw(c, "response head not HTTP/1.x");
				continue;
			}
			if (buf_room(&c->u2c) < hl)
				return;
			buf_move(&c->uin, &c->u2c, hl);
			if (h.status == 101) {
				go_raw(c, "protocol switch");
				continue;
			}
			if (h.status < 200)
				continue; /* interim: the final response follows */
			head_req = c->qn ? c->q[c->qh] : 0;
			if (head_req || h.status == 204 || h.status == 304) {
				more = 0;
				c->rs.st = PS_HEAD;
				c->rs.body = 0;
			} else {
				more = body_start(&c->rs, &h, 1);
			}
			if (!more)
				pop_request(c);
			continue;
		}
		r = body_step(&c->rs, &c->uin, &c->u2c, cap, c->u_eof);
		if (r == ST_WAIT)
			return;
		if (r == ST_DONE) {
			c->rs.st = PS_HEAD;
			pop_request(c);
		} else if (r == ST_CAP) {
			body_fault(px, c);
			return;
		} else if (r != ST_MORE) {
			go_raw(c, "bad response body framing");
		}
	}
}

/* conn_step: handle the poll results of one connection, move its data and timers. */
static void conn_step(struct proxy *px, struct conn *c, short crev, short urev, long long now)
{
	int i, r;

	if (c->connecting && urev) {
		int err = 0;
		socklen_t l = sizeof(err);

		if (getsockopt(c->ufd, SOL_SOCKET, SO_ERROR, &err, &l) < 0)
			err = errno;
		if (err) {
			fprintf(stderr, "faultproxy: conn=%lu: upstream connect: %s\n", c->id,
				strerror(err));
			conn_close(c, 1);
			return;
		}
		c->connecting = 0;
	}
	if (px->o.mode == M_RST && crev) {
		char b[1];

		if (recv(c->cfd, b, sizeof(b), MSG_PEEK) >= 0 ||
		    (errno != EAGAIN && errno != EINTR)) {
			fault(px, c, "rst", NULL);
			conn_close(c, 1);
		}
		return;
	}
	if (c->cfd >= 0 && !c->c_eof && (crev & (POLLIN | POLLHUP | POLLERR))) {
		int sink = c->draining || c->stalled || px->o.mode == M_BLACKHOLE;

		r = rd(c->cfd, sink ? NULL : &c->cin);
		if (r < 0) {
			conn_close(c, 0);
			return;
		}
		if (r == 0)
			c->c_eof = 1;
	}
	if (c->ufd >= 0 && !c->connecting && !c->u_eof && (urev & (POLLIN | POLLHUP | POLLERR))) {
		r = rd(c->ufd, &c->uin);
		if (r < 0) {
			conn_close(c, 1); /* upstream reset: reset the client too */
			return;
		}
		if (r == 0)
			c->u_eof = 1;
	}
	for (i = 0; i < 16; i++) {
		size_t before = c->cin.len + c->c2u.len + c->uin.len + c->u2c.len;

		pump_requests(px, c);
		pump_responses(px, c);
		if (c->ufd >= 0 && !c->connecting && wr(c->ufd, &c->c2u) < 0) {
			if (!c->u_eof) {
				conn_close(c, 1);
				return;
			}
			/* The upstream answered and closed while the client still sends: let
			 * the client read that answer, discard the rest (a lingering close). */
			c->c2u.len = c->c2u.off = 0;
			c->cin.len = c->cin.off = 0;
			c->draining = 1;
		}
		if (c->cfd >= 0 && !c->c_shut && wr(c->cfd, &c->u2c) < 0) {
			conn_close(c, 0);
			return;
		}
		if (c->cin.len + c->c2u.len + c->uin.len + c->u2c.len == before)
			break;
	}
	if (c->reset_pending && (px->o.on_request ? c->c2u.len : c->u2c.len) == 0) {
		int unacked = 0, fd = px->o.on_request ? c->ufd : c->cfd;

		if (ioctl(fd, SIOCOUTQ, &unacked) < 0 || unacked == 0 || now >= c->deadline) {
			fault(px, c, px->o.on_request ? "reset (request body)" : "reset", NULL);
			conn_close(c, 1);
		}
		return;
	}
	if (px->o.mode == M_BLACKHOLE || c->stalled) {
		if (c->c_eof)
			conn_close(c, 0);
		return;
	}
	if (c->draining && c->u2c.len == 0 && !c->c_shut) {
		shutdown(c->cfd, SHUT_WR);
		c->c_shut = 1;
		c->deadline = now + DRAIN_MS;
		close_upstream(c);
	}
	if (c->c_eof && !c->u_shut && c->c2u.len == 0 && c->ufd >= 0 && !c->connecting) {
		shutdown(c->ufd, SHUT_WR);
		c->u_shut = 1;
	}
	if (c->u_eof && !c->c_shut && c->u2c.len == 0 && !c->slow_emit) {
		shutdown(c->cfd, SHUT_WR);
		c->c_shut = 1;
		c->deadline = now + DRAIN_MS;
	}
	if ((c->c_eof && c->u_eof && c->c2u.len == 0 && c->u2c.len == 0) ||
	    (c->c_shut && now >= c->deadline))
		conn_close(c, 0);
}

/* conn_new: accept bookkeeping for client fd cfd; NULL when it was closed instead. */
static struct conn *conn_new(struct proxy *px, int cfd)
{
	struct conn *c;
	int fd;

	px->conns++;
	c = calloc(1, sizeof(*c));
	if (c == NULL) {
		close(cfd);
		return NULL;
	}
	c->id = px->conns;
	c->cfd = cfd;
	c->ufd = -1;
	c->raw = px->o.mode == M_PASS || px->o.mode == M_PAUSE;
	c->faulty = (px->o.mode == M_RESET || px->o.mode == M_STALL) &&
		    frac_hit(px->o.seed, c->id, 0, px->o.fraction);
	set_nodelay(cfd);
	if (px->o.mode == M_BLACKHOLE || px->o.mode == M_RST)
		return c;
	fd = socket(px->up.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0 ||
	    (connect(fd, (struct sockaddr *)&px->up, px->uplen) < 0 && errno != EINPROGRESS)) {
		fprintf(stderr, "faultproxy: conn=%lu: upstream connect: %s\n", c->id,
			strerror(errno));
		if (fd >= 0)
			close(fd);
		close_rst(cfd);
		free(c);
		return NULL;
	}
	set_nodelay(fd);
	c->ufd = fd;
	c->connecting = 1;
	return c;
}

/* freeze: mode pause: sleep out a freeze that is on now (logged once); 1 when it slept. */
static int freeze(struct proxy *px, long long now)
{
	long long left = px->o.mode == M_PAUSE
				 ? pause_left(now - px->start, (long long)px->o.every_ms,
					      (long long)px->o.pause_ms)
				 : 0;

	if (left <= 0)
		return 0;
	if ((now - px->start) / (long long)px->o.every_ms > px->freezes) {
		px->freezes = (now - px->start) / (long long)px->o.every_ms;
		px->faults++;
		fprintf(stderr, "faultproxy: fault pause %llu ms at +%lld ms\n",
			(unsigned long long)px->o.pause_ms, now - px->start);
	}
	poll(NULL, 0, (int)left);
	return 1;
}

/* run: the poll loop until the deadline or a signal. */
static void run(struct proxy *px)
{
	struct pollfd pf[1 + 2 * MAX_CONNS];
	long long end = now_ms() + px->o.max_seconds * 1000LL;

	px->start = now_ms();
	while (!stop_flag) {
		long long now = now_ms(), tmo;
		int np = 0, lpi = -1, i, j, n;

		if (now >= end)
			break;
		if (freeze(px, now))
			continue;
		tmo = end - now < 500 ? end - now : 500;
		if (px->o.mode == M_PAUSE) { /* wake when the next freeze starts */
			long long every = (long long)px->o.every_ms;
			long long to = every - (now - px->start) % every;

			tmo = to < tmo ? to : tmo;
		}
		if (px->lfd >= 0 && px->nc < MAX_CONNS) {
			pf[np] = (struct pollfd){.fd = px->lfd, .events = POLLIN};
			lpi = np++;
		}
		for (i = 0; i < px->nc; i++) {
			struct conn *c = px->c[i];
			short ce = 0, ue = 0;
			int sink = c->draining || c->stalled || px->o.mode == M_BLACKHOLE ||
				   px->o.mode == M_RST;

			if (!c->c_eof && (sink || buf_room(&c->cin)))
				ce |= POLLIN;
			if (c->u2c.len && !c->c_shut)
				ce |= POLLOUT;
			if (c->connecting)
				ue = POLLOUT;
			else if (c->ufd >= 0) {
				if (!c->u_eof && buf_room(&c->uin) && !c->stalled &&
				    !c->reset_pending)
					ue |= POLLIN;
				if (c->c2u.len)
					ue |= POLLOUT;
			}
			c->cpi = c->upi = -1;
			if (ce) {
				pf[np] = (struct pollfd){.fd = c->cfd, .events = ce};
				c->cpi = np++;
			}
			if (ue) {
				pf[np] = (struct pollfd){.fd = c->ufd, .events = ue};
				c->upi = np++;
			}
			if (c->reset_pending)
				tmo = tmo < 5 ? tmo : 5;
			else if (c->c_shut && c->deadline - now < tmo)
				tmo = c->deadline - now > 0 ? c->deadline - now : 0;
		}
		n = poll(pf, (nfds_t)np, (int)tmo);
		if (n < 0 && errno != EINTR) {
			fprintf(stderr, "faultproxy: poll: %s\n", strerror(errno));
			break;
		}
		now = now_ms();
		for (i = 0; i < px->nc; i++) {
			struct conn *c = px->c[i];

			conn_step(px, c, n > 0 && c->cpi >= 0 ? pf[c->cpi].revents : 0,
				  n > 0 && c->upi >= 0 ? pf[c->upi].revents : 0, now);
		}
		for (i = j = 0; i < px->nc; i++) {
			if (px->c[i]->dead)
				free(px->c[i]);
			else
				px->c[j++] = px->c[i];
		}
		px->nc = j;
		if (n > 0 && lpi >= 0 && (pf[lpi].revents & POLLIN)) {
			for (i = 0; i < 16 && px->nc < MAX_CONNS; i++) {
				int fd = accept4(px->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
				struct conn *c;

				if (fd < 0)
					break;
				c = conn_new(px, fd);
				if (c)
					px->c[px->nc++] = c;
			}
		}
	}
}

int main(int argc, char **argv)
{
	struct proxy *px;
	struct sigaction sa;
	int i;

	px = calloc(1, sizeof(*px));
	if (px == NULL)
		return 1;
	i = parse_args(argc, argv, &px->o);
	if (i != 0) {
		if (i < 0)
			usage(stderr);
		free(px);
		return i < 0 ? 2 : 0;
	}
	if (px->o.upstream && resolve(px->o.upstream, &px->up, &px->uplen) < 0) {
		fprintf(stderr, "faultproxy: cannot parse --upstream %s\n", px->o.upstream);
		free(px);
		return 2;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	px->lfd = start_listen(px->o.listen, px->o.port_file);
	if (px->lfd < 0) {
		free(px);
		return 1;
	}
	fprintf(stderr,
		"faultproxy: upstream %s, mode %s, fraction %g, seed %" PRIu64
		", after-bytes %" PRIu64 " (%s), max-seconds %ld\n",
		px->o.upstream ? px->o.upstream : "-", mode_name(px->o.mode), px->o.fraction,
		px->o.seed, px->o.after_bytes, px->o.on_request ? "request" : "response",
		px->o.max_seconds);
	if (px->o.mode == M_REFUSE) {
		close(px->lfd);
		px->lfd = -1;
		fprintf(stderr, "faultproxy: fault refuse: listening socket closed\n");
		px->faults++;
	}
	run(px);
	for (i = 0; i < px->nc; i++) {
		conn_close(px->c[i], 0);
		free(px->c[i]);
	}
	if (px->lfd >= 0)
		close(px->lfd);
	fprintf(stderr, "faultproxy: exit: mode=%s connections=%lu requests=%lu faults=%lu%s\n",
		mode_name(px->o.mode), px->conns, px->requests, px->faults,
		px->o.mode == M_PASS ? " (requests are not parsed in pass mode)" : "");
	free(px);
	return 0;
}

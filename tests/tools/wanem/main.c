/* tests/tools/wanem/main.c: a WAN emulator for the lab (tests/lab, docs/LAB.md): a TCP
 * proxy that makes a loopback or namespace path look like one across the internet.
 *
 *   wanem --listen HOST:PORT [--listen-netns NAME] --upstream HOST:PORT
 *         [--delay MS | --delay-up MS --delay-down MS] [--jitter MS]
 *         [--rate-conn RATE[,DOWN]] [--rate-all RATE[,DOWN]] [--window BYTES]
 *         [--http] [--throttle N] [--throttle-burst B] [--first-byte MS]
 *         [--seed N] [--port-file PATH] [--max-seconds N]
 *
 * Per direction (up: client to upstream; down: upstream to client):
 *   --delay MS       one-way delay: every chunk read is written MS later (fractions allowed;
 *                    --delay-up / --delay-down set one direction). A request and its
 *                    response pay the round trip up + down, and so does each round of a
 *                    TLS handshake when wanem sits in front of the TLS front.
 *   --jitter MS      each chunk's delay drawn uniformly in [MS - J, MS + J] (at least 0),
 *                    never before the chunk ahead of it (a TCP stream keeps its order).
 *   --rate-conn R    bytes enter a connection's direction at most at rate R (a token bucket
 *                    of depth max(R x 5 ms, 64 KiB)); "UP,DOWN" gives each direction its own.
 *   --rate-all R     the same for all connections together (the provider's link).
 *   --window BYTES   bytes held in flight per connection and direction (default 4 MiB);
 *                    reading from the sender stops while it is full, so TCP's flow control
 *                    pushes back on the sender as a real path does.
 * Where HTTP is visible (plain HTTP; in the lab, behind the TLS front), --http parses the
 * request stream (HTTP/1.1 keep-alive, no pipelining expected: libcurl and nginx do not):
 *   --throttle N     requests above N per second (all connections; a bucket of depth
 *                    --throttle-burst, default max(1, N / 10)) are not forwarded but answered
 *                    "503 Slow Down" with S3's XML error body (code SlowDown); their body
 *                    is read and dropped and the connection stays usable (with "Expect:
 *                    100-continue", "Connection: close" or HTTP/1.0 the 503 closes it).
 *   --first-byte MS  each response's first byte is held MS after it arrives from upstream:
 *                    a server that thinks MS before it answers.
 *   --tail PCT%:MS   a heavy-tail provider: each response's first byte is held MS longer
 *                    (after --first-byte's) with probability PCT %, drawn per request from
 *                    --seed's stream ("2%:400ms": 2 % of answers 400 ms late).
 * --listen-netns NAME creates the listening socket in the network namespace NAME
 * (/run/netns/NAME, root only); connections to --upstream are made from the namespace wanem
 * runs in. So wanem in the root namespace serves an address inside a lab namespace and
 * forwards to a server on the root namespace's loopback.
 * The TCP connection itself is made to wanem at once (its SYN does not pay the delay):
 * connect times through wanem are those of the client's own path (docs/LAB.md).
 * The port bound is printed on stdout and written to --port-file. Exit 0 after
 * --max-seconds (default 3600) or on SIGTERM/SIGINT, with one "wanem: exit: ..." line of
 * counts on stderr (connections, requests, throttled, tailed: held by --tail, bytes); 2:
 * usage; 1: could not listen or resolve.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <sys/prctl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "tests/tools/faultproxy/http.h"
#include "tests/tools/faultproxy/net.h"
#include "tests/tools/wanem/link.h"
#include "tests/tools/wanem/opts.h"

#define MAX_CONNS 512
#define READ_MAX 65536
#define MIN_DEPTH 65536.0
#define WAKE_BYTES 16384.0 /* a capped reader waits for this many tokens (or the depth) */

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	(void)sig;
	stop_flag = 1;
}

enum rq_state {
	RQ_HEAD,
	RQ_BODY
};

/* One direction of a connection: from fd src to fd dst. */
struct dir {
	struct queue q;
	struct bucket b;
	int in_eof;   /* src said end of stream (its mark is queued) */
	int out_done; /* the end of stream was passed on (shutdown of dst) */
	int blocked;  /* the last write to dst would block */
	int wait_all; /* data waits here for all connections' tokens */
	int polled;   /* this pass polls src for POLLIN */
};

struct conn {
	int cfd, ufd, connecting, dead;
	struct dir up, down;
	/* --http */
	struct buf cin;
	enum rq_state rs;
	struct head rqh;
	struct http rq;
	int raw, drop, closing, awaiting;
	int64_t hold_until;
	double hold_ms; /* the first-byte hold of the request in flight (--first-byte, --tail) */
};

struct proxy {
	struct opts o;
	struct sockaddr_storage upa;
	socklen_t upalen;
	int lfd;
	struct conn *c[MAX_CONNS];
	int nc, rot;
	struct bucket all_up, all_down, req;
	uint64_t rng;
	unsigned long conns, requests, throttled, tailed;
	uint64_t bytes_up, bytes_down;
	int held_up, held_down; /* this pass, a reader waited for all connections' tokens */
	struct buf scratch;
};

static int64_t ms_ns(double ms)
{
	return (int64_t)(ms * 1e6);
}

/* due_at: when a chunk read now in direction up (1) or down (0) may leave. */
static int64_t due_at(struct proxy *p, int up, int64_t now)
{
	double d = up ? p->o.up.delay_ms : p->o.down.delay_ms;

	if (p->o.jitter_ms > 0) {
		d += p->o.jitter_ms * (2 * rand_unit(&p->rng) - 1);
		if (d < 0)
			d = 0;
	}
	return now + ms_ns(d);
}

static void conn_free(struct conn *c)
{
	if (c->cfd >= 0)
		close(c->cfd);
	if (c->ufd >= 0)
		close(c->ufd);
	queue_free(&c->up.q);
	queue_free(&c->down.q);
	free(c);
}

/* ---- the throttle (--http) ---- */

/* reply_503: queue S3's SlowDown answer to the request c->rqh to the client. */
static void reply_503(struct proxy *p, struct conn *c, int64_t now)
{
	char body[512], msg[1024], res[160];
	const char *sp = strchr(c->rqh.line, ' ');
	size_t i = 0;
	int bn, n;

	if (sp != NULL)
		for (sp++; *sp && *sp != ' ' && i < sizeof(res) - 1; sp++)
			res[i++] = (*sp == '<' || *sp == '>' || *sp == '&') ? '_' : *sp;
	res[i] = '\0';
	bn = snprintf(body, sizeof(body),
		      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SlowDown</Code>"
		      "<Message>Please reduce your request rate.</Message><Resource>%s</Resource>"
		      "<RequestId>wanem-%lu</RequestId></Error>\n",
		      res, p->throttled);
	n = snprintf(msg, sizeof(msg),
		     "HTTP/1.1 503 Slow Down\r\nContent-Type: application/xml\r\n"
		     "Content-Length: %d\r\nx-amz-request-id: wanem-%lu\r\n%s\r\n%s",
		     bn, p->throttled, c->closing ? "Connection: close\r\n" : "",
		     c->rqh.is_head_method ? "" : body);
	if (queue_push(&c->down.q, msg, (size_t)n, due_at(p, 0, now)) != 0)
		c->dead = 1;
	if (c->closing) {
		queue_push(&c->down.q, NULL, 0, due_at(p, 0, now));
		c->down.in_eof = 1;
	}
}

/* throttle_pass: 1 when a request arriving now is forwarded, 0 when it gets a 503. */
static int throttle_pass(struct proxy *p, int64_t now)
{
	if (p->o.throttle <= 0)
		return 1;
	if (bucket_avail(&p->req, now) < 1)
		return 0;
	bucket_take(&p->req, 1);
	return 1;
}

static void push_up(struct proxy *p, struct conn *c, const void *d, size_t n, int64_t now)
{
	if (n && queue_push(&c->up.q, d, n, due_at(p, 1, now)) != 0)
		c->dead = 1;
}

/* http_head: the request head at the start of c->cin, n bytes: forward or throttle. */
static void http_head(struct proxy *p, struct conn *c, size_t n, int64_t now)
{
	int body;

	p->requests++;
	c->drop = !throttle_pass(p, now);
	if (c->drop)
		p->throttled++;
	else {
		push_up(p, c, buf_data(&c->cin), n, now);
		c->hold_ms = p->o.first_byte_ms;
		if (p->o.tail_share > 0 && rand_unit(&p->rng) < p->o.tail_share) {
			c->hold_ms += p->o.tail_ms;
			p->tailed++;
		}
		c->awaiting = c->hold_ms > 0;
	}
	buf_take(&c->cin, n);
	body = body_start(&c->rq, &c->rqh, 0);
	c->rs = body ? RQ_BODY : RQ_HEAD;
	if (!c->drop)
		return;
	if (c->rqh.close || (body && c->rqh.expect)) {
		c->closing = 1;
		reply_503(p, c, now);
	} else if (!body) {
		reply_503(p, c, now);
	}
}

/* http_feed: pass what c->cin holds on, request by request. */
static void http_feed(struct proxy *p, struct conn *c, int64_t now)
{
	while (c->cin.len > 0 && !c->dead && !c->closing) {
		enum step st;

		if (c->raw) {
			push_up(p, c, buf_data(&c->cin), c->cin.len, now);
			buf_take(&c->cin, c->cin.len);
			return;
		}
		if (c->rs == RQ_HEAD) {
			size_t n = find_head_end(buf_data(&c->cin), c->cin.len);

			if (n == 0) {
				buf_compact(&c->cin);
				if (buf_room(&c->cin) == 0)
					c->raw = 1; /* a head larger than the buffer */
				if (!c->raw)
					return;
				continue;
			}
			if (parse_head(buf_data(&c->cin), n, 0, &c->rqh) != 0) {
				fprintf(stderr, "wanem: not HTTP/1.x: plain forwarding\n");
				c->raw = 1;
				continue;
			}
			http_head(p, c, n, now);
			continue;
		}
		p->scratch.off = p->scratch.len = 0;
		st = body_step(&c->rq, &c->cin, c->drop ? NULL : &p->scratch, UINT64_MAX, 0);
		push_up(p, c, buf_data(&p->scratch), p->scratch.len, now);
		if (st == ST_DONE) {
			c->rs = RQ_HEAD;
			if (c->drop)
				reply_503(p, c, now);
		} else if (st == ST_ERR) {
			c->raw = 1;
		} else if (st == ST_WAIT) {
			return;
		}
	}
	if (c->closing)
		buf_take(&c->cin, c->cin.len); /* after a closing 503: dropped */
}

/* ---- reading and writing ---- */

/* read_cap: the bytes direction d of c may read now (window and both buckets); *lim says
 * which bucket set it (1 the connection's, 2 all connections', 0 neither). */
static size_t read_cap(struct proxy *p, struct dir *d, int up, int64_t now, int *lim)
{
	struct bucket *all = up ? &p->all_up : &p->all_down;
	size_t cap = READ_MAX, a;

	*lim = 0;
	if (d->q.bytes >= p->o.window)
		return 0;
	if (p->o.window - d->q.bytes < cap)
		cap = p->o.window - d->q.bytes;
	a = bucket_avail(&d->b, now);
	if (a <= cap)
		cap = a, *lim = 1;
	a = bucket_avail(all, now);
	if (a <= cap)
		cap = a, *lim = 2;
	return cap;
}

/* held: a read of d took all it was allowed (the sender has more waiting): each bucket it
 * emptied keeps the tokens of a late wake-up while that lasts (link.h). */
static void held(struct proxy *p, struct dir *d, int up, int64_t now)
{
	struct bucket *all = up ? &p->all_up : &p->all_down;

	d->b.backlog = d->b.rate > 0 && bucket_avail(&d->b, now) < WAKE_BYTES;
	d->wait_all = all->rate > 0 && bucket_avail(all, now) < WAKE_BYTES;
	if (d->wait_all)
		*(up ? &p->held_up : &p->held_down) = 1;
}

/* idle: d's sender has nothing waiting (it was read dry, or polled and not readable). */
static void idle(struct dir *d)
{
	d->wait_all = 0;
	d->b.backlog = 0;
}

/* read_dir: read what direction up/down of c may take from its source now. */
static void read_dir(struct proxy *p, struct conn *c, int up, int64_t now)
{
	struct dir *d = up ? &c->up : &c->down;
	int fd = up ? c->cfd : c->ufd, rounds;
	char tmp[READ_MAX];

	for (rounds = 0; rounds < 4 && !d->in_eof && !c->dead; rounds++) {
		int lim;
		size_t cap = read_cap(p, d, up, now, &lim);
		ssize_t n;

		if (up && p->o.http && !c->raw) {
			buf_compact(&c->cin);
			if (buf_room(&c->cin) < cap)
				cap = buf_room(&c->cin);
		}
		if (cap == 0) {
			if (lim)
				held(p, d, up, now);
			return;
		}
		n = recv(fd, tmp, cap, 0);
		if (n < 0) {
			if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
				c->dead = 1;
			idle(d);
			return;
		}
		if (n == 0) {
			if (up && p->o.http)
				http_feed(p, c, now);
			d->in_eof = 1;
			queue_push(&d->q, NULL, 0, due_at(p, up, now));
			return;
		}
		bucket_take(&d->b, (size_t)n);
		bucket_take(up ? &p->all_up : &p->all_down, (size_t)n);
		if ((size_t)n < cap)
			idle(d); /* the sender, not a bucket, set the pace */
		else if (lim)
			held(p, d, up, now);
		if (up) {
			p->bytes_up += (uint64_t)n;
			if (p->o.http && !c->raw) {
				buf_put(&c->cin, tmp, (size_t)n);
				http_feed(p, c, now);
				continue;
			}
			push_up(p, c, tmp, (size_t)n, now);
		} else {
			p->bytes_down += (uint64_t)n;
			c->awaiting = 0;
			if (queue_push(&d->q, tmp, (size_t)n, due_at(p, 0, now)) != 0)
				c->dead = 1;
		}
		if ((size_t)n < cap)
			return;
	}
}

/* flush_dir: write the chunks of d that are due to fd. */
static void flush_dir(struct conn *c, struct dir *d, int fd, int64_t now)
{
	d->blocked = 0;
	while (d->q.head && d->q.head->due <= now && !c->dead) {
		struct chunk *h = d->q.head;
		ssize_t n;

		if (h->len == 0) {
			shutdown(fd, SHUT_WR);
			d->out_done = 1;
			queue_pop(&d->q);
			continue;
		}
		n = send(fd, h->d + h->off, h->len - h->off, MSG_NOSIGNAL);
		if (n < 0) {
			if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
				d->blocked = 1;
			else
				c->dead = 1;
			return;
		}
		h->off += (size_t)n;
		if (h->off < h->len) {
			d->blocked = 1;
			return;
		}
		queue_pop(&d->q);
	}
}

/* ---- connections ---- */

static void accept_one(struct proxy *p, int64_t now)
{
	struct conn *c;
	int cfd = accept4(p->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC), ufd;

	if (cfd < 0)
		return;
	if (p->nc >= MAX_CONNS) {
		close(cfd);
		return;
	}
	ufd = socket(p->upa.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	c = calloc(1, sizeof(*c));
	if (ufd < 0 || c == NULL) {
		close(cfd);
		if (ufd >= 0)
			close(ufd);
		free(c);
		return;
	}
	c->cfd = cfd;
	c->ufd = ufd;
	set_nodelay(cfd);
	set_nodelay(ufd);
	if (connect(ufd, (struct sockaddr *)&p->upa, p->upalen) != 0) {
		if (errno != EINPROGRESS) {
			conn_free(c);
			return;
		}
		c->connecting = 1;
	}
	bucket_init(&c->up.b, p->o.up.rate_conn, MIN_DEPTH, now);
	bucket_init(&c->down.b, p->o.down.rate_conn, MIN_DEPTH, now);
	p->c[p->nc++] = c;
	p->conns++;
}

/* wake_read: when direction d may read next (INT64_MAX: not for lack of tokens). */
static int64_t wake_read(struct proxy *p, struct dir *d, int up, int64_t now)
{
	struct bucket *all = up ? &p->all_up : &p->all_down;
	int64_t a = bucket_ready_at(&d->b, WAKE_BYTES, now);
	int64_t b = bucket_ready_at(all, WAKE_BYTES, now);

	return a > b ? a : b;
}

/* plan_dir: poll events for direction d (src gets POLLIN, dst POLLOUT) and the next
 * timer; *rd, *wr set. */
static void plan_dir(struct proxy *p, struct dir *d, int up, int64_t now, int64_t *next, int *rd,
		     int *wr, int can_write)
{
	*rd = *wr = 0;
	if (!d->in_eof && d->q.bytes < p->o.window) {
		int64_t w = wake_read(p, d, up, now);

		if (w <= now) {
			*rd = 1;
		} else {
			if (w < *next)
				*next = w;
			/* data waits for all connections' tokens: keep their late wake-ups */
			if (d->wait_all)
				*(up ? &p->held_up : &p->held_down) = 1;
		}
	}
	if (d->q.head) {
		if (d->q.head->due > now) {
			if (d->q.head->due < *next)
				*next = d->q.head->due;
		} else if (d->blocked) {
			*wr = 1;
		} else if (can_write) {
			*next = now;
		}
	}
}

/* plan: fill pf for every connection (two slots each after the listener); the ns until
 * the next timer. */
static int64_t plan(struct proxy *p, struct pollfd *pf, int64_t now)
{
	int64_t next = now + 1000000000;
	int i;

	pf[0].fd = p->lfd;
	pf[0].events = p->nc < MAX_CONNS ? POLLIN : 0;
	for (i = 0; i < p->nc; i++) {
		struct conn *c = p->c[i];
		int ur, uw, dr, dw;

		plan_dir(p, &c->up, 1, now, &next, &ur, &uw, !c->connecting);
		plan_dir(p, &c->down, 0, now, &next, &dr, &dw, 1);
		if (c->awaiting && c->hold_until) {
			if (c->hold_until > now) {
				if (c->hold_until < next)
					next = c->hold_until;
				dr = 0;
			}
		}
		c->up.polled = ur;
		c->down.polled = dr && !c->connecting;
		pf[1 + 2 * i].fd = c->cfd;
		pf[1 + 2 * i].events = (short)((ur ? POLLIN : 0) | (dw ? POLLOUT : 0));
		pf[2 + 2 * i].fd = c->ufd;
		pf[2 + 2 * i].events = (short)(c->connecting
						       ? POLLOUT
						       : ((dr ? POLLIN : 0) | (uw ? POLLOUT : 0)));
		pf[1 + 2 * i].revents = pf[2 + 2 * i].revents = 0;
		/* nothing asked of a socket: left out of the poll, since poll reports POLLHUP
		 * and POLLERR whatever is asked (an upstream both ends have shut while its
		 * answer is held would wake the loop at once until the hold ends: a spin) */
		if (pf[1 + 2 * i].events == 0)
			pf[1 + 2 * i].fd = -1;
		if (pf[2 + 2 * i].events == 0)
			pf[2 + 2 * i].fd = -1;
	}
	return next > now ? next - now : 0;
}

/* serve: one connection after poll: connect, read, write, and whether it is finished. */
static void serve(struct proxy *p, struct conn *c, const struct pollfd *cp, const struct pollfd *up,
		  int64_t now)
{
	if (c->connecting && (up->revents & (POLLOUT | POLLERR | POLLHUP))) {
		int err = 0;
		socklen_t l = sizeof(err);

		getsockopt(c->ufd, SOL_SOCKET, SO_ERROR, &err, &l);
		if (err != 0) {
			c->dead = 1;
			return;
		}
		c->connecting = 0;
	}
	if (cp->revents & (POLLIN | POLLHUP | POLLERR))
		read_dir(p, c, 1, now);
	else if (c->up.polled)
		idle(&c->up);
	if (c->down.polled && !(up->revents & (POLLIN | POLLHUP | POLLERR)))
		idle(&c->down);
	if (!c->connecting && (up->revents & (POLLIN | POLLHUP | POLLERR))) {
		if (c->awaiting && c->hold_until == 0)
			c->hold_until = now + ms_ns(c->hold_ms);
		else if (!c->awaiting || c->hold_until <= now) {
			c->hold_until = 0;
			read_dir(p, c, 0, now);
		}
	}
	if (!c->connecting)
		flush_dir(c, &c->up, c->ufd, now);
	flush_dir(c, &c->down, c->cfd, now);
	if (c->up.out_done && c->down.out_done)
		c->dead = 1;
	/* a closing 503 went out: what the client still sends is dropped */
	if (c->closing && c->down.out_done)
		c->dead = 1;
}

static int setup(struct proxy *p)
{
	int64_t now = mono_ns();
	int orig = -1, ns;
	char path[300];

	if (resolve(p->o.upstream, &p->upa, &p->upalen) != 0) {
		fprintf(stderr, "wanem: cannot resolve upstream %s\n", p->o.upstream);
		return -1;
	}
	if (p->o.listen_netns) {
		snprintf(path, sizeof(path), "/run/netns/%s", p->o.listen_netns);
		orig = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
		ns = open(path, O_RDONLY | O_CLOEXEC);
		if (orig < 0 || ns < 0 || setns(ns, CLONE_NEWNET) != 0) {
			fprintf(stderr, "wanem: cannot enter netns %s: %s\n", path,
				strerror(errno));
			return -1;
		}
		close(ns);
	}
	p->lfd = start_listen(p->o.listen, p->o.port_file);
	if (orig >= 0) {
		if (setns(orig, CLONE_NEWNET) != 0) {
			fprintf(stderr, "wanem: cannot go back to the first netns\n");
			return -1;
		}
		close(orig);
	}
	if (p->lfd < 0)
		return -1;
	bucket_init(&p->all_up, p->o.up.rate_all, MIN_DEPTH, now);
	bucket_init(&p->all_down, p->o.down.rate_all, MIN_DEPTH, now);
	bucket_init(&p->req, p->o.throttle, 1, now);
	p->req.depth = p->req.tokens = p->o.throttle_burst;
	p->rng = p->o.seed;
	return 0;
}

static void loop(struct proxy *p)
{
	static struct pollfd pf[1 + 2 * MAX_CONNS];
	int64_t end = mono_ns() + (int64_t)p->o.max_seconds * 1000000000;

	while (!stop_flag) {
		int64_t now = mono_ns(), wait;
		struct timespec ts;
		int i, k, nc;

		if (now >= end)
			break;
		wait = plan(p, pf, now);
		ts.tv_sec = wait / 1000000000;
		ts.tv_nsec = wait % 1000000000;
		if (ppoll(pf, (nfds_t)(1 + 2 * p->nc), &ts, NULL) < 0 && errno != EINTR)
			break;
		now = mono_ns();
		p->all_up.backlog = p->held_up;
		p->all_down.backlog = p->held_down;
		p->held_up = p->held_down = 0;
		nc = p->nc;
		p->rot = nc ? (p->rot + 1) % nc : 0;
		for (k = 0; k < nc; k++) {
			i = (p->rot + k) % nc;
			serve(p, p->c[i], &pf[1 + 2 * i], &pf[2 + 2 * i], now);
		}
		for (i = 0; i < p->nc;) {
			if (p->c[i]->dead) {
				conn_free(p->c[i]);
				p->c[i] = p->c[--p->nc];
			} else {
				i++;
			}
		}
		if (pf[0].revents & POLLIN)
			accept_one(p, now);
	}
}

int main(int argc, char **argv)
{
	static struct proxy p;
	struct sigaction sa;
	int r = wanem_args(argc, argv, &p.o);

	if (r != 0)
		return r > 0 ? 0 : 2;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	prctl(PR_SET_TIMERSLACK, 1UL); /* wake on time: the delays are sub-millisecond exact */
	if (setup(&p) != 0)
		return 1;
	fflush(stdout);
	loop(&p);
	fprintf(stderr,
		"wanem: exit: connections %lu requests %lu throttled %lu tailed %lu bytes_up %" PRIu64
		" bytes_down %" PRIu64 "\n",
		p.conns, p.requests, p.throttled, p.tailed, p.bytes_up, p.bytes_down);
	while (p.nc > 0)
		conn_free(p.c[--p.nc]);
	return 0;
}

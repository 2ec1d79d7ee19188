/* tests/tools/tundelay.c: a packet-level delay between two network namespaces, one the
 * kernel's own TCP sees (its SYN, its round-trip estimate): the lab's kernels have no netem,
 * and wanem (tests/tools/wanem), a TCP proxy, answers the client's connect itself.
 *
 *   tundelay --dev-a NAME --dev-b NAME [--ns-a NAME] [--ns-b NAME] [--delay MS]
 *            [--limit PACKETS] [--pid-file PATH] [--max-seconds N]
 *
 * It opens a TUN device (IFF_TUN | IFF_NO_PI: bare IP packets) named --dev-a inside the
 * network namespace --ns-a (/var/run/netns/NAME, as `ip netns add` makes it; without
 * --ns-a, the namespace tundelay runs in) and one named --dev-b inside --ns-b, then forwards
 * every packet read from one device to the other, each held --delay MS (fractions allowed;
 * default 0) after it was read: each way pays MS, a round trip 2 MS. Each direction is a
 * FIFO (packets leave in the order they came) of at most --limit packets (default 20000);
 * one arriving at a full queue is dropped and counted, as a router's tail drop. The loop
 * waits in ppoll for a packet or the next release (CLOCK_MONOTONIC, timer slack 1 ns).
 * The devices come up down and without addresses: the caller sets them (ip addr, ip route,
 * ip link set up), e.g.
 *   ip -n A addr add 198.19.230.1/32 dev tda; ip -n A route add 198.19.230.2/32 dev tda
 * and the reverse in B. Packets written to a device that is down are dropped and counted.
 * Once both devices exist it prints "tundelay: ready ..." on stdout: without --pid-file it
 * stays in the foreground (a caller that starts it in the background waits for that line);
 * with it, it detaches (the parent exits 0 after writing the child's pid to PATH), so the
 * caller can configure the devices as soon as tundelay returns (the detached process is
 * then init's to reap). The devices vanish when it exits.
 * Exit 0 on SIGTERM/SIGINT or after --max-seconds (default 3600), with one
 * "tundelay: exit: ..." line of counts on stderr; 2: usage; 1: a namespace or device could
 * not be opened. Root (CAP_NET_ADMIN, CAP_SYS_ADMIN for setns) only.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define PKT_MAX 65536
#define READ_BURST 64 /* packets read from one device before the other gets a turn */

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	(void)sig;
	stop_flag = 1;
}

struct opts {
	const char *ns[2], *dev[2], *pid_file;
	double delay_ms;
	long limit, max_seconds;
};

/* A packet in flight: written to the other device at due (ns, monotonic). */
struct pkt {
	struct pkt *next;
	int64_t due;
	size_t len;
	unsigned char d[];
};

/* One direction: packets read from fd in, written to fd out. */
struct way {
	int in, out;
	struct pkt *head, *tail;
	long queued;
	unsigned long fwd, dropped, write_err;
};

static int64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: tundelay --dev-a NAME --dev-b NAME [--ns-a NAME] [--ns-b NAME]\n"
		   "                [--delay MS] [--limit PACKETS] [--pid-file PATH]\n"
		   "                [--max-seconds N]\n");
}

static int num(const char *s, double *out)
{
	char *end = NULL;

	*out = strtod(s, &end);
	return end != s && *end == '\0' && *out >= 0 ? 0 : -1;
}

/* one_opt: the option a with its value v; 0, or -1 after saying why. */
static int one_opt(struct opts *o, const char *a, const char *v)
{
	double d = 0;
	int bad = 0;

	if (strcmp(a, "--ns-a") == 0)
		o->ns[0] = v;
	else if (strcmp(a, "--ns-b") == 0)
		o->ns[1] = v;
	else if (strcmp(a, "--dev-a") == 0)
		bad = strlen(v) >= IFNAMSIZ, o->dev[0] = v;
	else if (strcmp(a, "--dev-b") == 0)
		bad = strlen(v) >= IFNAMSIZ, o->dev[1] = v;
	else if (strcmp(a, "--delay") == 0)
		bad = num(v, &o->delay_ms);
	else if (strcmp(a, "--limit") == 0)
		bad = num(v, &d) || d < 1, o->limit = (long)d;
	else if (strcmp(a, "--pid-file") == 0)
		o->pid_file = v;
	else if (strcmp(a, "--max-seconds") == 0)
		bad = num(v, &d) || d < 1, o->max_seconds = (long)d;
	else {
		fprintf(stderr, "tundelay: unknown option %s\n", a);
		return -1;
	}
	if (bad)
		fprintf(stderr, "tundelay: %s: bad value '%s'\n", a, v);
	return bad ? -1 : 0;
}

/* args: argv into o; 0, 1 after printing the usage for --help, -1 after saying why. */
static int args(int argc, char **argv, struct opts *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	o->limit = 20000;
	o->max_seconds = 3600;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 1;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "tundelay: %s needs a value\n", argv[i]);
			return -1;
		}
		if (one_opt(o, argv[i], argv[i + 1]) != 0)
			return -1;
		i++;
	}
	if (o->dev[0] == NULL || o->dev[1] == NULL) {
		usage(stderr);
		return -1;
	}
	return 0;
}

/* tun_open: the TUN device dev, created inside the namespace ns (NULL: the current one);
 * its fd (non-blocking), or -1 after saying why. The process is back in its own namespace
 * on return. */
static int tun_open(const char *ns, const char *dev)
{
	struct ifreq ifr;
	char path[300];
	int orig = -1, nsfd, fd = -1;

	if (ns != NULL) {
		snprintf(path, sizeof(path), "/var/run/netns/%s", ns);
		orig = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
		nsfd = open(path, O_RDONLY | O_CLOEXEC);
		if (orig < 0 || nsfd < 0 || setns(nsfd, CLONE_NEWNET) != 0) {
			fprintf(stderr, "tundelay: cannot enter netns %s: %s\n", path,
				strerror(errno));
			return -1;
		}
		close(nsfd);
	}
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", dev);
	fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || ioctl(fd, TUNSETIFF, &ifr) != 0) {
		fprintf(stderr, "tundelay: cannot create TUN device %s%s%s: %s\n", dev,
			ns ? " in netns " : "", ns ? ns : "", strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	if (orig >= 0) {
		if (setns(orig, CLONE_NEWNET) != 0) {
			fprintf(stderr, "tundelay: cannot go back to the first netns: %s\n",
				strerror(errno));
			if (fd >= 0)
				close(fd);
			fd = -1;
		}
		close(orig);
	}
	return fd;
}

/* detach: fork; the parent writes the child's pid to path and exits (0, or 1 when it
 * cannot); the child returns 0 in a session of its own. -1 when fork fails. */
static int detach(const char *path)
{
	pid_t pid = fork();
	FILE *f;
	int devnull;

	if (pid < 0) {
		fprintf(stderr, "tundelay: fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid > 0) {
		f = fopen(path, "w");
		if (f == NULL || fprintf(f, "%ld\n", (long)pid) < 0 || fclose(f) != 0) {
			fprintf(stderr, "tundelay: cannot write %s\n", path);
			kill(pid, SIGTERM);
			_exit(1);
		}
		_exit(0);
	}
	setsid();
	devnull = open("/dev/null", O_RDWR);
	if (devnull >= 0) {
		dup2(devnull, STDIN_FILENO);
		dup2(devnull, STDOUT_FILENO);
		close(devnull);
	}
	return 0;
}

/* release: write every packet of w due by now to its device. */
static void release(struct way *w, int64_t now)
{
	struct pkt *p;

	while (w->head != NULL && w->head->due <= now) {
		p = w->head;
		if (write(w->out, p->d, p->len) == (ssize_t)p->len)
			w->fwd++;
		else
			w->write_err++;
		w->head = p->next;
		if (w->head == NULL)
			w->tail = NULL;
		w->queued--;
		free(p);
	}
}

/* take_in: read up to READ_BURST packets from w's device into its queue, each due delay
 * after it was read. */
static void take_in(struct way *w, int64_t delay, long limit)
{
	static unsigned char buf[PKT_MAX];
	struct pkt *p;
	ssize_t n;
	int i;

	for (i = 0; i < READ_BURST; i++) {
		n = read(w->in, buf, sizeof(buf));
		if (n <= 0)
			return;
		if (w->queued >= limit || (p = malloc(sizeof(*p) + (size_t)n)) == NULL) {
			w->dropped++;
			continue;
		}
		p->next = NULL;
		p->due = mono_ns() + delay;
		p->len = (size_t)n;
		memcpy(p->d, buf, (size_t)n);
		if (w->tail != NULL)
			w->tail->next = p;
		else
			w->head = p;
		w->tail = p;
		w->queued++;
	}
}

/* loop: forward both ways until a signal or end (ns); signals are blocked outside ppoll. */
static void loop(struct way w[2], const struct opts *o, const sigset_t *waitmask, int64_t end)
{
	int64_t delay = (int64_t)(o->delay_ms * 1e6), now, next;
	struct pollfd pf[2];
	struct timespec ts;
	int i;

	while (!stop_flag) {
		now = mono_ns();
		if (now >= end)
			return;
		next = end;
		for (i = 0; i < 2; i++) {
			release(&w[i], now);
			if (w[i].head != NULL && w[i].head->due < next)
				next = w[i].head->due;
			pf[i].fd = w[i].in;
			pf[i].events = POLLIN;
			pf[i].revents = 0;
		}
		ts.tv_sec = (next - now) / 1000000000;
		ts.tv_nsec = (next - now) % 1000000000;
		if (ppoll(pf, 2, &ts, waitmask) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "tundelay: ppoll: %s\n", strerror(errno));
			return;
		}
		for (i = 0; i < 2; i++)
			if (pf[i].revents & POLLIN)
				take_in(&w[i], delay, o->limit);
	}
}

int main(int argc, char **argv)
{
	static struct way w[2];
	struct sigaction sa;
	sigset_t block, waitmask;
	struct opts o;
	int r = args(argc, argv, &o), fd[2], i;

	if (r != 0)
		return r > 0 ? 0 : 2;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, &waitmask);
	sigdelset(&waitmask, SIGTERM);
	sigdelset(&waitmask, SIGINT);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	prctl(PR_SET_TIMERSLACK, 1UL); /* wake on time: the delay is sub-millisecond exact */
	for (i = 0; i < 2; i++) {
		fd[i] = tun_open(o.ns[i], o.dev[i]);
		if (fd[i] < 0)
			return 1;
	}
	printf("tundelay: ready: %s%s%s <-> %s%s%s, %g ms each way\n", o.dev[0],
	       o.ns[0] ? " in " : "", o.ns[0] ? o.ns[0] : "", o.dev[1], o.ns[1] ? " in " : "",
	       o.ns[1] ? o.ns[1] : "", o.delay_ms);
	fflush(stdout);
	if (o.pid_file != NULL && detach(o.pid_file) != 0)
		return 1;
	w[0].in = w[1].out = fd[0];
	w[0].out = w[1].in = fd[1];
	loop(w, &o, &waitmask, mono_ns() + (int64_t)o.max_seconds * 1000000000);
	fprintf(stderr,
		"tundelay: exit: a->b forwarded %lu dropped %lu write errors %lu; "
		"b->a forwarded %lu dropped %lu write errors %lu\n",
		w[0].fwd, w[0].dropped, w[0].write_err, w[1].fwd, w[1].dropped, w[1].write_err);
	for (i = 0; i < 2; i++) {
		while (w[i].head != NULL) {
			struct pkt *p = w[i].head;

			w[i].head = p->next;
			free(p);
		}
		close(fd[i]);
	}
	return 0;
}

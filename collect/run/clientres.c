/* collect/run/clientres.c: see clientres.h. */
#include "collect/run/clientres.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <ifaddrs.h>
#include <math.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/timefmt.h"
#include "core/units.h"

#define MAX_CPUS 256
#define MAX_IFS 32
#define IF_NAME 32
#define MAX_THREADS 512

/* One thread of the process at a sample: its CPU time (utime + stime, clock ticks). */
struct thr {
	long tid;
	uint64_t ticks;
};

struct snap {
	int64_t t_mono; /* CLOCK_MONOTONIC ns */
	int ncpu;
	uint64_t busy[MAX_CPUS], total[MAX_CPUS];
	double self_s; /* the process's user + system CPU */
	int nif;
	char ifname[MAX_IFS][IF_NAME];
	uint64_t rx[MAX_IFS], tx[MAX_IFS];
	uint64_t out_segs, retrans;
	size_t th0, nth; /* its threads: clientres.th[th0 .. th0 + nth), by tid */
};

struct clientres {
	struct snap *s;
	size_t n, cap;
	struct thr *th; /* every sample's threads, in sample order */
	size_t nth, thcap;
	long sampler_tid; /* the sampler's own thread, left out of the busiest (0: none) */
	pthread_t thread;
	int th_ok;
	pthread_mutex_t lock;
	pthread_cond_t wake; /* signalled by clientres_stop; its clock is CLOCK_MONOTONIC */
	int stop, stopped;
	char host[256];
};

/* read_stat: the per-core jiffies of /proc/stat into s; -1 when unreadable. */
static int read_stat(struct snap *s)
{
	FILE *f = fopen("/proc/stat", "r");
	char line[512];

	if (f == NULL)
		return -1;
	s->ncpu = 0;
	while (fgets(line, sizeof(line), f) != NULL && s->ncpu < MAX_CPUS) {
		unsigned long long v[8] = {0};
		int id;

		if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9')
			continue;
		/* user nice system idle iowait irq softirq steal */
		if (sscanf(line + 3, "%d %llu %llu %llu %llu %llu %llu %llu %llu", &id, &v[0],
			   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 5)
			continue;
		s->total[s->ncpu] = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
		s->busy[s->ncpu] = s->total[s->ncpu] - v[3] - v[4];
		s->ncpu++;
	}
	fclose(f);
	return s->ncpu > 0 ? 0 : -1;
}

static void read_netdev(struct snap *s)
{
	FILE *f = fopen("/proc/net/dev", "r");
	char line[512];

	s->nif = 0;
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL && s->nif < MAX_IFS) {
		char *colon = strchr(line, ':'), *name = line;
		unsigned long long v[9];

		if (colon == NULL)
			continue;
		*colon = '\0';
		while (*name == ' ')
			name++;
		/* rx: bytes packets errs drop fifo frame compressed multicast; tx: bytes */
		if (sscanf(colon + 1, "%llu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
			   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]) != 9)
			continue;
		snprintf(s->ifname[s->nif], IF_NAME, "%s", name);
		s->rx[s->nif] = v[0];
		s->tx[s->nif] = v[8];
		s->nif++;
	}
	fclose(f);
}

/* read_snmp: Tcp OutSegs and RetransSegs (the "Tcp:" header line names the columns). */
static void read_snmp(struct snap *s)
{
	FILE *f = fopen("/proc/net/snmp", "r");
	char head[1024], vals[1024];

	s->out_segs = s->retrans = 0;
	if (f == NULL)
		return;
	while (fgets(head, sizeof(head), f) != NULL) {
		char *hs, *vs, *h, *v;

		if (strncmp(head, "Tcp:", 4) != 0 || fgets(vals, sizeof(vals), f) == NULL)
			continue;
		h = strtok_r(head, " \n", &hs);
		v = strtok_r(vals, " \n", &vs);
		while (h != NULL && v != NULL) {
			if (strcmp(h, "OutSegs") == 0)
				s->out_segs = strtoull(v, NULL, 10);
			else if (strcmp(h, "RetransSegs") == 0)
				s->retrans = strtoull(v, NULL, 10);
			h = strtok_r(NULL, " \n", &hs);
			v = strtok_r(NULL, " \n", &vs);
		}
		break;
	}
	fclose(f);
}

static int cmp_thr(const void *x, const void *y)
{
	const struct thr *a = x, *b = y;

	return (a->tid > b->tid) - (a->tid < b->tid);
}

/* thread_ticks: utime + stime of /proc/self/task/TID/stat (fields 14 and 15, counted
 * after the name's closing parenthesis, which a name may contain); -1 when unreadable. */
static int thread_ticks(const char *tid, uint64_t *ticks)
{
	char path[64], line[1024], *p;
	unsigned long long ut, st;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%s/stat", tid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	n = fread(line, 1, sizeof(line) - 1, f);
	fclose(f);
	line[n] = '\0';
	if ((p = strrchr(line, ')')) == NULL ||
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
		return -1;
	*ticks = ut + st;
	return 0;
}

/* read_threads: the process's threads and their CPU time into t (at most MAX_THREADS),
 * sorted by tid; their number. */
static size_t read_threads(struct thr *t)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *de;
	size_t n = 0;

	if (d == NULL)
		return 0;
	while (n < MAX_THREADS && (de = readdir(d)) != NULL) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9' ||
		    thread_ticks(de->d_name, &t[n].ticks) < 0)
			continue;
		t[n++].tid = strtol(de->d_name, NULL, 10);
	}
	closedir(d);
	qsort(t, n, sizeof(*t), cmp_thr);
	return n;
}

static int take(struct snap *s)
{
	struct rusage ru;

	memset(s, 0, sizeof(*s));
	s->t_mono = time_mono_ns();
	if (read_stat(s) < 0)
		return -1;
	getrusage(RUSAGE_SELF, &ru);
	s->self_s = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
		    ru.ru_stime.tv_usec / 1e6;
	read_netdev(s);
	read_snmp(s);
	return 0;
}

/* grow: room for `more` elements of `size` bytes past *n in *v (capacity *cap); -1 when
 * out of memory. */
static int grow(void **v, size_t *cap, size_t n, size_t more, size_t size)
{
	size_t want = *cap ? *cap : 64;
	void *nv;

	while (want < n + more)
		want *= 2;
	if (want == *cap)
		return 0;
	if ((nv = realloc(*v, want * size)) == NULL)
		return -1;
	*v = nv;
	*cap = want;
	return 0;
}

/* add: one sample (and its threads) appended under the lock; -1 when out of memory or
 * unreadable. */
static int add(struct clientres *c)
{
	struct thr t[MAX_THREADS];
	struct snap s;
	int rc = -1;

	if (take(&s) < 0)
		return -1;
	s.nth = read_threads(t);
	pthread_mutex_lock(&c->lock);
	if (grow((void **)&c->s, &c->cap, c->n, 1, sizeof(*c->s)) == 0 &&
	    grow((void **)&c->th, &c->thcap, c->nth, s.nth, sizeof(*c->th)) == 0) {
		s.th0 = c->nth;
		memcpy(c->th + c->nth, t, s.nth * sizeof(*t));
		c->nth += s.nth;
		c->s[c->n++] = s;
		rc = 0;
	}
	pthread_mutex_unlock(&c->lock);
	return rc;
}

static int cond_init_mono(pthread_cond_t *cv)
{
	pthread_condattr_t a;
	int rc;

	if (pthread_condattr_init(&a) != 0)
		return -1;
	rc = pthread_condattr_setclock(&a, CLOCK_MONOTONIC) == 0 && pthread_cond_init(cv, &a) == 0
		     ? 0
		     : -1;
	pthread_condattr_destroy(&a);
	return rc;
}

/* sampler: a sample every CLIENTRES_PERIOD_MS until stopped; clientres_stop's signal wakes
 * it at once (a run need not wait out the period to end). */
static void *sampler(void *arg)
{
	struct clientres *c = arg;

	pthread_mutex_lock(&c->lock);
	c->sampler_tid = (long)syscall(SYS_gettid);
	while (!c->stop) {
		struct timespec at;

		clock_gettime(CLOCK_MONOTONIC, &at);
		at.tv_nsec += CLIENTRES_PERIOD_MS * 1000000L;
		at.tv_sec += at.tv_nsec / 1000000000L;
		at.tv_nsec %= 1000000000L;
		while (!c->stop && pthread_cond_timedwait(&c->wake, &c->lock, &at) == 0)
			;
		if (c->stop)
			break;
		pthread_mutex_unlock(&c->lock);
		add(c);
		pthread_mutex_lock(&c->lock);
	}
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

struct clientres *clientres_start(void)
{
	struct clientres *c = calloc(1, sizeof(*c));

	if (c == NULL)
		return NULL;
	pthread_mutex_init(&c->lock, NULL);
	if (cond_init_mono(&c->wake) != 0) {
		pthread_mutex_destroy(&c->lock);
		free(c);
		return NULL;
	}
	if (gethostname(c->host, sizeof(c->host) - 1) != 0)
		c->host[0] = '\0';
	if (add(c) < 0) {
		clientres_free(c);
		return NULL;
	}
	c->th_ok = pthread_create(&c->thread, NULL, sampler, c) == 0;
	return c;
}

void clientres_stop(struct clientres *c)
{
	if (c == NULL || c->stopped)
		return;
	c->stopped = 1;
	pthread_mutex_lock(&c->lock);
	c->stop = 1;
	pthread_cond_signal(&c->wake);
	pthread_mutex_unlock(&c->lock);
	if (c->th_ok)
		pthread_join(c->thread, NULL);
	c->th_ok = 0;
	add(c);
}

void clientres_free(struct clientres *c)
{
	if (c == NULL)
		return;
	clientres_stop(c);
	pthread_cond_destroy(&c->wake);
	pthread_mutex_destroy(&c->lock);
	free(c->s);
	free(c->th);
	free(c);
}

/* ---- the record ---------------------------------------------------------------- */

static int if_index(const struct snap *s, const char *name)
{
	for (int i = 0; name != NULL && i < s->nif; i++)
		if (strcmp(s->ifname[i], name) == 0)
			return i;
	return -1;
}

static double pct(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0;
}

/* thread_at: the CPU ticks of thread tid at sample s; 0 when s does not list it. */
static uint64_t thread_at(const struct clientres *c, const struct snap *s, long tid)
{
	const struct thr key = {tid, 0},
			 *t = bsearch(&key, c->th + s->th0, s->nth, sizeof(key), cmp_thr);

	return t != NULL ? t->ticks : 0;
}

/* busiest_thread: the CPU time of the process's busiest thread from sample a to sample b
 * (indexes) as a share of one core: each thread from its value at a (0 when born after)
 * to its value at the last sample up to b that lists it (a thread that ended before b
 * counts until then); the sampler is left out. NaN when no thread was read. */
static double busiest_thread(const struct clientres *c, size_t a, size_t b)
{
	double dt = (double)(c->s[b].t_mono - c->s[a].t_mono) / 1e9, best = NAN;
	long hz = sysconf(_SC_CLK_TCK);

	if (!(dt > 0) || hz <= 0)
		return NAN;
	for (size_t k = a + 1; k <= b; k++) {
		const struct snap *s = &c->s[k];

		for (size_t j = 0; j < s->nth; j++) {
			const struct thr *t = &c->th[s->th0 + j];
			uint64_t before = thread_at(c, &c->s[a], t->tid);
			double p;

			if (t->tid == c->sampler_tid || t->ticks < before)
				continue;
			p = pct((double)(t->ticks - before) / (double)hz, dt);
			if (!(p <= best))
				best = p;
		}
	}
	return best;
}

/* window: the figures of the span from sample `from` to sample `to` on interface ifname. */
static void window(const struct clientres *c, size_t from, size_t to, const char *ifname,
		   struct runrec_window *w)
{
	const struct snap *a = &c->s[from], *b = &c->s[to];
	double dt = (double)(b->t_mono - a->t_mono) / 1e9, busy = 0, total = 0, self, all;
	int n = a->ncpu < b->ncpu ? a->ncpu : b->ncpu, ia = if_index(a, ifname),
	    ib = if_index(b, ifname);
	uint64_t tx, rx, segs = b->out_segs - a->out_segs, re = b->retrans - a->retrans;

	memset(w, 0, sizeof(*w));
	for (int i = 0; i < n && i < RUNREC_CORES_MAX; i++) {
		double db = (double)(b->busy[i] - a->busy[i]),
		       dtot = (double)(b->total[i] - a->total[i]);
		busy += db;
		total += dtot;
		w->core_busy_pct[w->n_cores++] = pct(db, dtot);
	}
	all = pct(busy, total);
	self = dt > 0 && n > 0 ? pct(b->self_s - a->self_s, dt * n) : 0;
	w->seconds = dt;
	w->cpu_busy_pct = all;
	w->collector_cpu_pct = self;
	w->other_cpu_pct = all > self ? all - self : 0.0;
	w->busiest_thread_pct = busiest_thread(c, from, to);
	w->nic_tx_bytes = w->nic_rx_bytes = RUNREC_NULL_INT;
	w->nic_tx_mbit_s = w->nic_rx_mbit_s = NAN;
	if (ia >= 0 && ib >= 0) {
		tx = b->tx[ib] - a->tx[ia];
		rx = b->rx[ib] - a->rx[ia];
		w->nic_tx_bytes = (int64_t)tx;
		w->nic_rx_bytes = (int64_t)rx;
		w->nic_tx_mbit_s = dt > 0 ? tx * 8.0 / dt / 1e6 : 0.0;
		w->nic_rx_mbit_s = dt > 0 ? rx * 8.0 / dt / 1e6 : 0.0;
	}
	w->tcp_out_segs = (int64_t)segs;
	w->tcp_retrans_segs = (int64_t)re;
	w->tcp_retrans_pct = pct((double)re, (double)segs);
}

/* kept: the samples nearest inside [start, end): *a, *b; -1 when fewer than two, or
 * less than a second apart. */
static int kept(const struct clientres *c, int64_t start, int64_t end, size_t *a, size_t *b)
{
	size_t i, j;

	if (start == 0 || end <= start)
		return -1;
	for (i = 0; i < c->n && c->s[i].t_mono < start; i++)
		;
	for (j = c->n; j > 0 && c->s[j - 1].t_mono > end; j--)
		;
	if (j == 0 || i >= j - 1 || c->s[j - 1].t_mono - c->s[i].t_mono < 1000000000LL)
		return -1;
	*a = i;
	*b = j - 1;
	return 0;
}

/* addr_text: the address of ifa as text ("" for other families). */
static void addr_text(const struct ifaddrs *ifa, char *buf, size_t n)
{
	buf[0] = '\0';
	if (ifa->ifa_addr == NULL)
		return;
	if (ifa->ifa_addr->sa_family == AF_INET)
		inet_ntop(AF_INET,
			  &((const struct sockaddr_in *)(const void *)ifa->ifa_addr)->sin_addr, buf,
			  (socklen_t)n);
	else if (ifa->ifa_addr->sa_family == AF_INET6)
		inet_ntop(AF_INET6,
			  &((const struct sockaddr_in6 *)(const void *)ifa->ifa_addr)->sin6_addr,
			  buf, (socklen_t)n);
}

/* find_if: the interface holding local_ip into name (""), and whether peer_ip is one
 * of this machine's addresses (or a loopback one). */
static void find_if(const char *local_ip, const char *peer_ip, char *name, size_t n,
		    int *peer_local)
{
	struct ifaddrs *all = NULL;
	char a[INET6_ADDRSTRLEN];

	name[0] = '\0';
	*peer_local = peer_ip != NULL &&
		      (strncmp(peer_ip, "127.", 4) == 0 || strcmp(peer_ip, "::1") == 0);
	if (getifaddrs(&all) != 0)
		return;
	for (const struct ifaddrs *i = all; i != NULL; i = i->ifa_next) {
		addr_text(i, a, sizeof(a));
		if (a[0] == '\0')
			continue;
		if (local_ip != NULL && name[0] == '\0' && strcmp(a, local_ip) == 0)
			snprintf(name, n, "%s", i->ifa_name);
		if (peer_ip != NULL && strcmp(a, peer_ip) == 0)
			*peer_local = 1;
	}
	freeifaddrs(all);
}

int clientres_own_nic(struct clientres_opts *o, struct err *e)
{
	const char *v = getenv(CLIENTRES_NIC_ENV);
	double mbit;
	struct err be;

	if (v == NULL || v[0] == '\0')
		return 0;
	if (units_parse_bitrate(v, &mbit, &be) < 0)
		return err_set(e, "%s=%s: %s", CLIENTRES_NIC_ENV, v, be.msg);
	o->nic_mbit = mbit;
	o->nic_own = 1;
	return 0;
}

static long sysfs_speed(const char *ifname)
{
	char path[128];
	long v = -1;
	FILE *f;

	if (ifname[0] == '\0' || strchr(ifname, '/') != NULL)
		return -1;
	snprintf(path, sizeof(path), "/sys/class/net/%s/speed", ifname);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fscanf(f, "%ld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

static void nic_record(const char *ifname, const struct clientres_opts *o, struct runrec_nic *n)
{
	long sp = sysfs_speed(ifname);

	memset(n, 0, sizeof(*n));
	snprintf(n->name, sizeof(n->name), "%s", ifname);
	n->speed_mbit = NAN;
	if (o != NULL && o->nic_mbit > 0) {
		n->speed_mbit = o->nic_mbit;
		snprintf(n->speed_source, sizeof(n->speed_source), "%s",
			 o->nic_own ? "environment" : "campaign");
	} else if (sp > 0) {
		n->speed_mbit = (double)sp;
		n->speed_integer = 1;
		snprintf(n->speed_source, sizeof(n->speed_source), "sysfs");
	} else {
		snprintf(n->speed_source, sizeof(n->speed_source), "unknown");
	}
}

double clientres_nic_speed(const struct clientres_opts *o, const char *local_ip, char source[16])
{
	char ifname[IF_NAME];
	struct runrec_nic n;
	int peer_local;

	find_if(local_ip && local_ip[0] ? local_ip : NULL, NULL, ifname, sizeof(ifname),
		&peer_local);
	nic_record(ifname, o, &n);
	snprintf(source, 16, "%s", n.speed_source);
	return isnan(n.speed_mbit) ? 0 : n.speed_mbit;
}

int clientres_record(const struct clientres *c, const struct clientres_opts *o,
		     const char *local_ip, const char *peer_ip, int64_t kept_start_mono,
		     int64_t kept_end_mono, struct runrec_clientres *out)
{
	char ifname[IF_NAME];
	int peer_local;
	size_t a, b;

	if (c == NULL || c->n < 2)
		return -1;
	find_if(local_ip && local_ip[0] ? local_ip : NULL, peer_ip && peer_ip[0] ? peer_ip : NULL,
		ifname, sizeof(ifname), &peer_local);
	memset(out, 0, sizeof(*out));
	snprintf(out->host, sizeof(out->host), "%s", c->host);
	out->cores = c->s[0].ncpu;
	window(c, 0, c->n - 1, ifname, &out->benchmark);
	out->has_kept = kept(c, kept_start_mono, kept_end_mono, &a, &b) == 0;
	if (out->has_kept)
		window(c, a, b, ifname, &out->kept);
	nic_record(ifname, o, &out->nic);
	out->endpoint_local = peer_local;
	out->shares_cpu = peer_local || (o != NULL && o->shares_cpu);
	out->samples = (int64_t)c->n;
	out->realtime_priority = RUNREC_NULL_INT;
	return 0;
}

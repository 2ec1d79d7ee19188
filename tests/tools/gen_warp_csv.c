/* tests/tools/gen_warp_csv.c: write a big SYNTHETIC MinIO Warp per-request log
 * (.csv.zst: tab-separated, zstd, current header generation) with core's
 * per-request log writer, for the analyzer benchmark (bench/analyze.sh) and tests.
 * Nothing in it is a measurement.
 *
 *   gen_warp_csv OUT.csv.zst [--rows N] [--seed N] [--concurrency N]
 *                [--clients N] [--op get|put] [--size BYTES] [--objects N]
 *                [--error-ppm N]
 *
 * Defaults: 10,000,000 rows, seed 1, 20 workers on each of 2 clients (the thread
 * column numbers workers per client), GET of 1 MiB objects picked among 10,000 keys,
 * 20 errored requests per million. Each worker issues requests back to back from
 * 2026-11-01T00:00:00Z; durations and TTFBs come from a seeded generator (the same
 * arguments give a byte-identical file). Rows are written in request-start order,
 * as Warp writes them (the writer sorts them by start all the same, in at most about
 * 40 MiB of memory whatever --rows).
 *
 * Exit status: 0 written, 1 write error, 2 usage. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/opslog.h"

#define NS 1000000000LL
#define BASE_NS (1793491200LL * NS) /* 2026-11-01T00:00:00Z */
#define MAX_WORKERS 100000

struct rng {
	uint64_t s;
};

/* splitmix64: small, fast, and the same sequence on every platform. */
static uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A value in [0, n). */
static uint64_t rng_below(struct rng *r, uint64_t n)
{
	return n ? rng_next(r) % n : 0;
}

struct worker {
	int64_t next_ns; /* when this worker starts its next request */
	int client;
	int thread;
};

/* A binary min-heap of worker indexes keyed by next_ns (ties: lower index first),
 * so rows come out in start order in O(log workers) each. */
struct heap {
	int *a;
	int n;
	const struct worker *w;
};

static int heap_less(const struct heap *h, int x, int y)
{
	const struct worker *a = &h->w[x], *b = &h->w[y];

	return a->next_ns < b->next_ns || (a->next_ns == b->next_ns && x < y);
}

static void heap_down(struct heap *h, int i)
{
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = i, t;

		if (l < h->n && heap_less(h, h->a[l], h->a[m]))
			m = l;
		if (r < h->n && heap_less(h, h->a[r], h->a[m]))
			m = r;
		if (m == i)
			return;
		t = h->a[i];
		h->a[i] = h->a[m];
		h->a[m] = t;
		i = m;
	}
}

/* key_name: "bench/" and 8 lowercase hex digits (at least) and ".rnd", without
 * printf: this runs once per row. */
static void key_name(char *buf, uint64_t k)
{
	static const char hex[] = "0123456789abcdef";
	char tmp[16];
	int n = 0, i;

	do {
		tmp[n++] = hex[k & 15];
		k >>= 4;
	} while (k != 0 || n < 8);
	memcpy(buf, "bench/", 6);
	for (i = 0; i < n; i++)
		buf[6 + i] = tmp[n - 1 - i];
	memcpy(buf + 6 + n, ".rnd", 5);
}

static int parse_u64(const char *s, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: gen_warp_csv OUT.csv.zst [--rows N] [--seed N] "
			"[--concurrency N] [--clients N] [--op get|put] [--size BYTES] "
			"[--objects N] [--error-ppm N]\n");
	return 2;
}

int main(int argc, char **argv)
{
	uint64_t rows = 10000000, seed = 1, conc = 20, clients = 2, size = 1048576;
	uint64_t objects = 10000, error_ppm = 20, i, v;
	const char *out = NULL, *op = "GET";
	struct rng rg;
	struct worker *wk = NULL;
	struct heap h = {0};
	struct opslog_writer *wr = NULL;
	struct err e = {{0}};
	char file[64], cids[64][16], endpoint[32];
	int a, nworkers, rc = 1;

	for (a = 1; a < argc; a++) {
		const char *o = argv[a], *val = a + 1 < argc ? argv[a + 1] : NULL;
		uint64_t *dst = NULL, max = UINT64_MAX / 4;

		if (strcmp(o, "-h") == 0 || strcmp(o, "--help") == 0) {
			usage();
			return 0;
		}
		if (o[0] != '-') {
			if (out != NULL)
				return usage();
			out = o;
			continue;
		}
		if (strcmp(o, "--op") == 0) {
			if (val == NULL)
				return usage();
			if (strcmp(val, "get") == 0)
				op = "GET";
			else if (strcmp(val, "put") == 0)
				op = "PUT";
			else
				return usage();
			a++;
			continue;
		}
		if (strcmp(o, "--rows") == 0)
			dst = &rows;
		else if (strcmp(o, "--seed") == 0)
			dst = &seed;
		else if (strcmp(o, "--concurrency") == 0)
			dst = &conc, max = 10000;
		else if (strcmp(o, "--clients") == 0)
			dst = &clients, max = 64;
		else if (strcmp(o, "--size") == 0)
			dst = &size, max = 1ULL << 40;
		else if (strcmp(o, "--objects") == 0)
			dst = &objects, max = 1000000000;
		else if (strcmp(o, "--error-ppm") == 0)
			dst = &error_ppm, max = 1000000;
		if (dst == NULL || parse_u64(val, max, &v) < 0)
			return usage();
		*dst = v;
		a++;
	}
	if (out == NULL || conc == 0 || clients == 0 || objects == 0 ||
	    conc * clients > MAX_WORKERS)
		return usage();

	nworkers = (int)(conc * clients);
	wk = calloc((size_t)nworkers, sizeof(*wk));
	h.a = calloc((size_t)nworkers, sizeof(*h.a));
	if (wk == NULL || h.a == NULL) {
		fprintf(stderr, "gen_warp_csv: out of memory\n");
		goto done;
	}
	rg.s = seed;
	for (a = 0; a < nworkers; a++) {
		wk[a].client = a / (int)conc;
		wk[a].thread = a % (int)conc;
		/* workers ramp up over the first 50 ms, as real ones do */
		wk[a].next_ns = BASE_NS + (int64_t)rng_below(&rg, 50000000);
		h.a[a] = a;
	}
	h.n = nworkers;
	h.w = wk;
	for (a = nworkers / 2 - 1; a >= 0; a--)
		heap_down(&h, a);

	wr = opslog_writer_open(out, &e);
	if (wr == NULL) {
		fprintf(stderr, "gen_warp_csv: %s\n", e.msg);
		goto done;
	}
	snprintf(endpoint, sizeof(endpoint), "127.0.0.1:9000");
	for (a = 0; a < (int)clients; a++)
		snprintf(cids[a], sizeof(cids[a]), "client-%02d", a + 1);
	for (i = 0; i < rows; i++) {
		int k = h.a[0];
		struct worker *w = &wk[k];
		struct op_row r;
		uint64_t x = rng_next(&rg), y = rng_next(&rg);
		/* request time: 2-12 ms base plus a rare slow tail up to +400 ms */
		int64_t dur = 2000000 + (int64_t)(x % 10000000);
		int64_t ttfb = 300000 + (int64_t)((x >> 32) % 1500000);
		int err = y % 1000000 < error_ppm;

		if ((y >> 24) % 1000 == 0)
			dur += (int64_t)((y >> 34) % 400000000);
		if (ttfb > dur)
			ttfb = dur / 2;
		key_name(file, ((y >> 40) * 2654435761ULL) % objects);
		endpoint[13] = (char)('0' + w->client % 10);
		memset(&r, 0, sizeof(r));
		r.idx = i;
		r.thread = w->thread;
		r.op = op;
		r.client_id = cids[w->client];
		r.n_objects = 1;
		r.bytes = err ? 0 : size;
		r.endpoint = endpoint;
		r.file = file;
		r.error = err ? "Get \"http://127.0.0.1:9000/bench\": context deadline exceeded"
			      : "";
		r.start_ns = w->next_ns;
		r.end_ns = r.start_ns + dur;
		r.duration_ns = dur;
		if (op[0] == 'P') {
			/* uploads: last body byte sent, then the answer */
			r.last_byte_ns = r.end_ns - ttfb;
			r.first_byte_ns = r.end_ns - ttfb / 4;
		} else {
			r.first_byte_ns = r.start_ns + ttfb;
		}
		r.cat = "";
		if (opslog_writer_add(wr, &r, &e) < 0) {
			fprintf(stderr, "gen_warp_csv: %s\n", e.msg);
			goto done;
		}
		w->next_ns = r.end_ns + 20000 + (int64_t)((x >> 50) % 80000);
		heap_down(&h, 0);
	}
	if (opslog_writer_close(wr, &e) < 0) {
		wr = NULL;
		fprintf(stderr, "gen_warp_csv: %s\n", e.msg);
		goto done;
	}
	wr = NULL;
	rc = 0;
done:
	opslog_writer_abort(wr);
	free(h.a);
	free(wk);
	return rc;
}

/* tests/unit/test_hist.c: the latency histogram (core/hist.h): the bucket function is
 * contiguous and invertible, every value from 1 us to 1 h is reported within 1/256
 * (and below 1 %) of itself, percentiles are nearest ranks as core/summary.c takes
 * them, merge is the histogram of the union, out-of-range values are clamped and
 * counted, the JSON form round-trips and a corrupt one is rejected naming the field;
 * and the run summary carries the histograms (core/summary.h). */
#include <stdint.h>
#include <stdlib.h>

#include "tests/unit/check.h"
#include "core/hist.h"
#include "core/opslog.h"
#include "core/summary.h"

#define US 1000LL
#define HOUR HIST_HIGHEST_NS

/* A deterministic generator (xorshift64*), so failures reproduce. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

/* rnd_log: a value spread evenly on a log scale over [lo, hi]. */
static int64_t rnd_log(double lo, double hi)
{
	double u = (double)(rnd() >> 11) / 9007199254740992.0;

	return (int64_t)(lo * pow(hi / lo, u));
}

static void test_buckets(void)
{
	int nb = hist_buckets(), bad = 0;

	CHECK(nb == hist_bucket_of(HOUR) + 1, "last bucket is 1 h's (%d)", nb);
	CHECK(nb == 4562, "4562 buckets for 0 .. 1 h (%d)", nb);
	for (int i = 0; i < nb; i++) {
		int64_t lo = hist_bucket_low(i), w = hist_bucket_width(i);

		if (hist_bucket_of(lo) != i ||
		    (lo + w - 1 <= HOUR && hist_bucket_of(lo + w - 1) != i))
			bad++;
		if (i + 1 < nb && hist_bucket_low(i + 1) != lo + w)
			bad++;
		if (lo >= 256 && (double)w / (double)lo > 1.0 / 128)
			bad++;
	}
	CHECK(bad == 0,
	      "buckets contiguous, each value in its own bucket, width <= low/128 "
	      "(%d bad)",
	      bad);
	for (int64_t v = 0; v < 256; v++)
		if (hist_bucket_low(hist_bucket_of(v)) != v ||
		    hist_bucket_width(hist_bucket_of(v)) != 1)
			bad++;
	CHECK(bad == 0, "values below 256 ns exact");
	CHECK(hist_bucket_of(-5) == 0 && hist_bucket_of(2 * HOUR) == nb - 1, "clamped buckets");
}

/* reported: the value a histogram reports for v (v the median of {0, v, 2 h}: its
 * rank is 2, and clamping to [min, max] does not help it). */
static int64_t reported(int64_t v)
{
	struct hist *h = hist_new();
	int64_t r;

	hist_record(h, 0);
	hist_record(h, v);
	hist_record(h, 2 * HOUR);
	r = hist_percentile(h, 0.5);
	hist_free(h);
	return r;
}

static void test_error_bound(void)
{
	double worst = 0;
	int n = 0, over = 0;

	/* a geometric sweep with ratio 1.0003 (about 74 000 values) from 1 us to 1 h,
	 * and every bucket edge (low and high value) */
	for (double x = (double)US; x <= (double)HOUR; x *= 1.0003) {
		int64_t v = (int64_t)x, r = reported(v);
		double rel = fabs((double)(r - v)) / (double)v;

		worst = rel > worst ? rel : worst;
		over += rel > 1.0 / 256;
		n++;
	}
	for (int i = hist_bucket_of(US); i < hist_buckets(); i++) {
		int64_t lo = hist_bucket_low(i), edges[2] = {lo, lo + hist_bucket_width(i) - 1};

		for (int k = 0; k < 2; k++) {
			int64_t v = edges[k] > HOUR ? HOUR : edges[k];
			double rel = fabs((double)(reported(v) - v)) / (double)v;

			worst = rel > worst ? rel : worst;
			over += rel > 1.0 / 256;
			n++;
		}
	}
	CHECK(over == 0 && worst < 0.01,
	      "%d values 1 us .. 1 h: worst relative error %.5f "
	      "(bound 1/256 = %.5f), %d over",
	      n, worst, 1.0 / 256, over);
	CHECK(llabs(reported(US) - US) <= US / 256, "1 us itself: %lld", (long long)reported(US));
	CHECK(llabs(reported(HOUR) - HOUR) <= HOUR / 256, "1 h itself");
	printf("error bound: %d values, worst %.5f %%\n", n, worst * 100);
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* test_ranks: nearest rank as core/summary.c: index ceil(n * p / 100) - 1. */
static void test_ranks(void)
{
	static const unsigned pm[] = {0, 10, 500, 900, 990, 999, 1000}; /* per mille */
	enum {
		N = 20011
	};
	int64_t *v = malloc(N * sizeof(*v));
	struct hist *h = hist_new(), *ten = hist_new();

	for (int i = 0; i < N; i++) {
		v[i] = rnd_log(50 * US, 3e9);
		hist_record(h, v[i]);
	}
	qsort(v, N, sizeof(*v), cmp64);
	for (size_t k = 0; k < sizeof(pm) / sizeof(pm[0]); k++) {
		size_t idx = ((size_t)N * pm[k] + 999) / 1000;
		int64_t want = v[idx ? idx - 1 : 0], got = hist_percentile(h, pm[k] / 1000.0);

		CHECK(fabs((double)(got - want)) <= (double)want / 256,
		      "q=%u/1000: %lld vs exact %lld", pm[k], (long long)got, (long long)want);
	}
	CHECK(hist_percentile(h, 0) == v[0] && hist_percentile(h, 1) == v[N - 1],
	      "q 0 and 1 exact min and max");
	/* ten values 20 .. 200 ns (below 256 ns: exact), so ranks show exactly */
	for (int i = 1; i <= 10; i++)
		hist_record(ten, i * 20);
	CHECK(hist_percentile(ten, 0.9) == 180, "q 0.9 of 10 is rank 9 (%lld)",
	      (long long)hist_percentile(ten, 0.9));
	CHECK(hist_percentile(ten, 0.5) == 100 && hist_percentile(ten, 0.51) == 120,
	      "rank 5 and 6");
	CHECK(hist_percentile(ten, 0.999) == 200 && hist_percentile(ten, 0.01) == 20,
	      "ranks 10 and 1");
	hist_free(h);
	hist_free(ten);
	free(v);
}

static void test_merge_and_clamp(void)
{
	struct hist *a = hist_new(), *b = hist_new(), *u = hist_new(), *e = hist_new();
	struct hist *empty = hist_new(), *c;

	for (int i = 0; i < 3000; i++) {
		int64_t x = rnd_log(US, 1e10);

		hist_record(i % 3 ? a : b, x);
		hist_record(u, x);
	}
	hist_record(b, 2 * HOUR); /* clamped, counted, exact max */
	hist_record(u, 2 * HOUR);
	hist_record(a, -7);
	hist_record(u, -7);
	CHECK(hist_clamped(b) == 1 && hist_max(b) == 2 * HOUR, "2 h clamped, max exact");
	CHECK(hist_clamped(a) == 1 && hist_min(a) == -7, "negative clamped, min exact");
	c = hist_copy(a);
	CHECK(c != NULL && hist_merge(c, b) == 0 && hist_equal(c, u), "merge = union");
	CHECK(hist_count(c) == 3002 && hist_clamped(c) == 2, "counts add");
	CHECK(hist_merge(e, c) == 0 && hist_equal(e, u), "merge into empty");
	CHECK(hist_merge(c, empty) == 0 && hist_equal(c, u), "merging an empty one: no change");
	CHECK(hist_percentile(u, 1) == 2 * HOUR, "q 1 = exact max beyond 1 h");
	CHECK(llabs(reported(2 * HOUR) - HOUR) <= HOUR / 256,
	      "a clamped value below the max reports 1 h (%lld)", (long long)reported(2 * HOUR));
	hist_free(a);
	hist_free(b);
	hist_free(u);
	hist_free(e);
	hist_free(c);
	hist_free(empty);
}

static json_t *load(const char *text)
{
	json_error_t je;

	return json_loads(text, 0, &je);
}

static void test_json(void)
{
	struct hist *h = hist_new(), *back, *empty = hist_new();
	struct err e = {{0}};
	json_t *j;
	static const struct {
		const char *text, *want;
	} bad[] = {
		{"[]", "h: not an object"},
		{"{\"unit\":\"us\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":0,"
		 "\"min\":0,\"max\":0,\"clamped\":0,\"buckets\":[]}",
		 "h.unit"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":6,\"highest\":3600000000000,\"count\":0,"
		 "\"min\":0,\"max\":0,\"clamped\":0,\"buckets\":[]}",
		 "h.sub_bucket_bits"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":1,\"count\":0,"
		 "\"min\":0,\"max\":0,\"clamped\":0,\"buckets\":[]}",
		 "h.highest"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,"
		 "\"min\":0,\"max\":0,\"clamped\":0,\"buckets\":[]}",
		 "h.count"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":2,"
		 "\"min\":5,\"max\":9,\"clamped\":0,\"buckets\":[[9,1],[5,1]]}",
		 "h.buckets[1]"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":1,"
		 "\"min\":5,\"max\":5,\"clamped\":0,\"buckets\":[[99999,1]]}",
		 "h.buckets[0]"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":1,"
		 "\"min\":5,\"max\":5,\"clamped\":0,\"buckets\":[[5,0]]}",
		 "h.buckets[0]: count"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":1,"
		 "\"min\":5,\"max\":5,\"clamped\":0,\"buckets\":[5,1]}",
		 "h.buckets[0]: not an"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":3,"
		 "\"min\":5,\"max\":5,\"clamped\":0,\"buckets\":[[5,2]]}",
		 "h.count: 3, but"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":1,"
		 "\"min\":4,\"max\":5,\"clamped\":0,\"buckets\":[[5,1]]}",
		 "h.min/max"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":1,"
		 "\"min\":5,\"max\":4,\"clamped\":0,\"buckets\":[[5,1]]}",
		 "h.max"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":1,"
		 "\"min\":5,\"max\":5,\"clamped\":2,\"buckets\":[[5,1]]}",
		 "h.clamped"},
		{"{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":0,"
		 "\"min\":5,\"max\":5,\"clamped\":0,\"buckets\":[]}",
		 "h.min/max: must be 0"},
	};

	for (int i = 0; i < 500; i++)
		hist_record(h, rnd_log(US, 1e11));
	hist_record(h, 3 * HOUR);
	j = hist_to_json(h);
	back = hist_from_json(j, "h", &e);
	CHECK(back != NULL && hist_equal(h, back), "round trip: %s", e.msg);
	json_decref(j);
	hist_free(back);
	j = hist_to_json(empty);
	back = hist_from_json(j, "h", &e);
	CHECK(back != NULL && hist_count(back) == 0 && hist_equal(empty, back), "empty round trip");
	json_decref(j);
	hist_free(back);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *x = load(bad[i].text);

		err_clear(&e);
		back = hist_from_json(x, "h", &e);
		CHECK(back == NULL && strstr(e.msg, bad[i].want) != NULL,
		      "corrupt %zu rejected naming '%s': got '%s'", i, bad[i].want, e.msg);
		hist_free(back);
		json_decref(x);
	}
	hist_free(h);
	hist_free(empty);
}

/* test_summary: summary_acc_finish gives histograms of the successful requests, they
 * survive summary_to_json / summary_from_json, an old summary without them reads with
 * none, and a histogram whose count is not the successful requests is rejected. */
static void test_summary(void)
{
	struct summary_acc *a = summary_acc_new();
	struct run_summary s, back;
	struct err e = {{0}};
	json_t *j;
	const int64_t t0 = 1754429676LL * 1000000000LL;

	for (int i = 0; i < 40; i++) {
		struct op_row row = {
			.idx = (uint64_t)i,
			.op = "GET",
			.client_id = "",
			.endpoint = "",
			.file = "k",
			.error = i % 10 == 9 ? "HTTP 503" : "",
			.cat = "",
			.n_objects = 1,
			.bytes = 100,
			.start_ns = t0 + i * 100000000LL,
			.end_ns = t0 + i * 100000000LL + (i + 1) * 1000000LL,
			.first_byte_ns = t0 + i * 100000000LL + 500000,
		};

		CHECK(summary_acc_add(a, &row, &e) == 0, "add %d", i);
	}
	CHECK(summary_acc_finish(a, &s, &e) == 0, "finish: %s", e.msg);
	summary_acc_free(a);
	CHECK(s.lat_hist && hist_count(s.lat_hist) == 36 && s.ttfb_hist &&
		      hist_count(s.ttfb_hist) == 36,
	      "36 successful requests in both histograms");
	CHECK(s.lat_hist && hist_percentile(s.lat_hist, 0.99) / 1e6 == s.latency.p99 &&
		      hist_max(s.lat_hist) / 1e6 == s.latency.max,
	      "p99 (39 ms, exact below the "
	      "bucket width) and max agree with the summary");
	j = summary_to_json(&s);
	CHECK(json_object_get(j, "latency_hist") && json_object_get(j, "ttfb_hist"),
	      "run.json summary has latency_hist and ttfb_hist");
	CHECK(summary_from_json(j, &back, &e) == 0 && back.lat_hist &&
		      hist_equal(back.lat_hist, s.lat_hist) &&
		      hist_equal(back.ttfb_hist, s.ttfb_hist),
	      "histograms round-trip: %s", e.msg);
	summary_clear(&back);
	json_integer_set(json_object_get(j, "errors"), 5);
	CHECK(summary_from_json(j, &back, &e) == -1 &&
		      strstr(e.msg, "summary.latency_hist.count") != NULL,
	      "count not the successful requests rejected: %s", e.msg);
	json_object_del(j, "latency_hist");
	json_object_del(j, "ttfb_hist");
	CHECK(summary_from_json(j, &back, &e) == 0 && back.lat_hist == NULL &&
		      back.ttfb_hist == NULL,
	      "an old summary without histograms reads");
	json_object_set_new(j, "ttfb_hist", json_string("x"));
	CHECK(summary_from_json(j, &back, &e) == -1 && strstr(e.msg, "summary.ttfb_hist"),
	      "a bad histogram is named: %s", e.msg);
	json_decref(j);
	summary_clear(&s);
}

int main(void)
{
	test_buckets();
	test_error_bound();
	test_ranks();
	test_merge_and_clamp();
	test_json();
	test_summary();
	return check_done();
}

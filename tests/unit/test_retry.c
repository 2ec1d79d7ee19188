/* tests/unit/test_retry.c: the retry rule of collect/s3/s3.h (docs/METHODOLOGY.md,
 * "Retries"): which failures are sent again (every retried class: HTTP 500, 502, 503, 504,
 * 429, S3's SlowDown and RequestTimeout codes, a connection failure or reset, a timeout;
 * and what is final), how many attempts prepare and cleanup make, and the backoff's
 * distribution: attempt k's wait is uniform on [0, min(20 s, 100 ms x 2^(k-1))). The
 * backoff is checked from below and above: each attempt's draws have the uniform's
 * Kolmogorov-Smirnov distance (under SciPy's critical value), mean and extremes, so a wait
 * of 0, a fixed wait or the bound alone fail. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collect/s3/s3.h"
#include "core/rng.h"
#include "tests/unit/check.h"

static const struct {
	long status;
	enum err_class cls;
	const char *code;
	int want;
} cases[] = {
	{500, EC_HTTP_5XX, "InternalError", 1},
	{502, EC_HTTP_5XX, "", 1},
	{503, EC_HTTP_5XX, "SlowDown", 1},
	{503, EC_HTTP_5XX, "", 1},
	{504, EC_HTTP_5XX, "GatewayTimeout", 1},
	{429, EC_HTTP_4XX, "TooManyRequests", 1},
	{400, EC_HTTP_4XX, "RequestTimeout", 1},
	{200, EC_HTTP_5XX, "SlowDown", 1}, /* a SlowDown code whatever the status */
	{0, EC_CONNECT, "", 1},            /* refused, reset mid-body */
	{0, EC_TIMEOUT, "", 1},            /* a connect, read or request limit */
	{501, EC_HTTP_5XX, "NotImplemented", 0},
	{400, EC_HTTP_4XX, "InvalidArgument", 0},
	{403, EC_AUTH, "AccessDenied", 0},
	{404, EC_HTTP_4XX, "NoSuchKey", 0},
	{412, EC_HTTP_4XX, "PreconditionFailed", 0},
	{0, EC_DNS, "", 0},
	{0, EC_TLS, "", 0},
	{200, EC_CHECKSUM, "", 0},
	{200, EC_NONE, "", 0},
};

static void test_wanted(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct s3_result r;

		memset(&r, 0, sizeof(r));
		r.status = cases[i].status;
		r.cls = cases[i].cls;
		snprintf(r.code, sizeof(r.code), "%s", cases[i].code);
		CHECK(s3_retry_wanted(&r) == cases[i].want, "status %ld class %s code '%s': %s",
		      cases[i].status, err_class_name(cases[i].cls), cases[i].code,
		      cases[i].want ? "retried" : "final");
	}
}

static void test_attempts(void)
{
	struct s3_result r;

	memset(&r, 0, sizeof(r));
	r.status = 503;
	r.cls = EC_HTTP_5XX;
	CHECK(s3_phase_attempts(&r, S3_PHASE_ATTEMPTS) == 6 &&
		      s3_phase_attempts(&r, S3_PREPARE_ATTEMPTS) == 8,
	      "an answered failure: 6 attempts (8 for a prepare PUT)");
	r.status = 0;
	r.cls = EC_CONNECT;
	CHECK(s3_phase_attempts(&r, S3_PREPARE_ATTEMPTS) == 3, "a transport failure: 3 attempts");
	r.cls = EC_TIMEOUT;
	CHECK(s3_phase_attempts(&r, S3_PHASE_ATTEMPTS) == 3, "a timeout: 3 attempts");
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

#define DRAWS 20000
/* SciPy: scipy.stats.kstwo.ppf(0.999, 20000) = 0.013776 (the exact one-sample KS
 * distribution; a correct draw exceeds it once in a thousand seeds) */
#define KS_CRIT 0.013776

/* test_backoff: attempts 1..12: DRAWS waits each, scaled by the attempt's bound, against
 * uniform[0, 1): every one inside, the KS distance under the critical value, the mean
 * within 4.5 standard errors of 1/2, the smallest under 0.001 and the largest over 0.999
 * (the whole range is drawn). */
static void test_backoff(void)
{
	static double u[DRAWS];
	uint64_t rng = rng_stream(20261204, 0);

	for (int k = 1; k <= 12; k++) {
		double bound = fmin(20e9, 100e6 * pow(2, k - 1)), d = 0, sum = 0;
		int outside = 0;

		for (int i = 0; i < DRAWS; i++) {
			int64_t ns = s3_backoff_ns(&rng, k);
			outside += ns < 0 || (double)ns >= bound;
			u[i] = (double)ns / bound;
			sum += u[i];
		}
		qsort(u, DRAWS, sizeof(u[0]), cmp_double);
		for (int i = 0; i < DRAWS; i++) {
			double lo = u[i] - (double)i / DRAWS, hi = (double)(i + 1) / DRAWS - u[i];
			d = fmax(d, fmax(lo, hi));
		}
		CHECK(outside == 0, "attempt %d: every wait in [0, %.0f ms) (%d outside)", k,
		      bound / 1e6, outside);
		CHECK(d < KS_CRIT,
		      "attempt %d: waits uniform on [0, %.0f ms): KS distance %.5f < %.5f", k,
		      bound / 1e6, d, KS_CRIT);
		CHECK(fabs(sum / DRAWS - 0.5) < 4.5 * sqrt(1.0 / 12 / DRAWS),
		      "attempt %d: mean wait %.4f of the bound (1/2)", k, sum / DRAWS);
		CHECK(u[0] < 0.001 && u[DRAWS - 1] > 0.999,
		      "attempt %d: the waits span the range (%.5f .. %.5f of the bound)", k, u[0],
		      u[DRAWS - 1]);
	}
	CHECK(S3_RETRY_BASE_NS == 100000000LL && S3_RETRY_CAP_NS == 20000000000LL,
	      "base 100 ms, cap 20 s (attempt 9 on: 20 s)");
}

int main(void)
{
	test_wanted();
	test_attempts();
	test_backoff();
	return check_done();
}

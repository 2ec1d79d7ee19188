/* analyze/warp/warp_gofmt.c: see warp_gofmt.h. */
#include "analyze/warp/warp_gofmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int64_t go_dur_round(int64_t d, int64_t m)
{
	int64_t r;

	if (m <= 0)
		return d;
	r = d % m;
	/* Go's lessThanHalf and overflow test, without signed overflow */
	if (d < 0) {
		r = -r;
		if ((uint64_t)r + (uint64_t)r < (uint64_t)m)
			return d + r;
		if (d >= INT64_MIN + (m - r))
			return d - m + r;
		return INT64_MIN;
	}
	if ((uint64_t)r + (uint64_t)r < (uint64_t)m)
		return d - r;
	if (d <= INT64_MAX - (m - r))
		return d + m - r;
	return INT64_MAX;
}

/* Write v's last `prec` decimal digits as a fraction (trailing zeros dropped, no
 * point when all are zero) before position *w of buf; returns v / 10^prec. */
static uint64_t put_frac(char *buf, int *w, uint64_t v, int prec)
{
	int i, print = 0;

	for (i = 0; i < prec; i++) {
		unsigned digit = (unsigned)(v % 10);

		print = print || digit != 0;
		if (print)
			buf[--*w] = (char)('0' + digit);
		v /= 10;
	}
	if (print)
		buf[--*w] = '.';
	return v;
}

static void put_int(char *buf, int *w, uint64_t v)
{
	if (v == 0) {
		buf[--*w] = '0';
		return;
	}
	while (v > 0) {
		buf[--*w] = (char)('0' + v % 10);
		v /= 10;
	}
}

char *go_dur_string(char *out, size_t n, int64_t d)
{
	char buf[40];
	int w = (int)sizeof(buf);
	uint64_t u = (uint64_t)d;
	int neg = d < 0;

	if (neg)
		u = -u;
	if (u < 1000000000ULL) {
		int prec = 0;

		buf[--w] = 's';
		if (u == 0) {
			buf[--w] = '0';
			goto done;
		} else if (u < 1000ULL) {
			buf[--w] = 'n';
		} else if (u < 1000000ULL) {
			prec = 3;
			buf[--w] = (char)0xB5; /* U+00B5 MICRO SIGN in UTF-8 */
			buf[--w] = (char)0xC2;
		} else {
			prec = 6;
			buf[--w] = 'm';
		}
		u = put_frac(buf, &w, u, prec);
		put_int(buf, &w, u);
	} else {
		buf[--w] = 's';
		u = put_frac(buf, &w, u, 9);
		put_int(buf, &w, u % 60);
		u /= 60;
		if (u > 0) {
			buf[--w] = 'm';
			put_int(buf, &w, u % 60);
			u /= 60;
			if (u > 0) {
				buf[--w] = 'h';
				put_int(buf, &w, u);
			}
		}
	}
done:
	if (neg)
		buf[--w] = '-';
	snprintf(out, n, "%.*s", (int)sizeof(buf) - w, buf + w);
	return out;
}

int64_t go_f2i(double f)
{
	if (isnan(f) || f >= 9223372036854775808.0 || f < -9223372036854775808.0)
		return INT64_MIN;
	return (int64_t)f;
}

char *go_ftoa(char *buf, size_t n, int prec, double v)
{
	if (isnan(v))
		snprintf(buf, n, "NaN");
	else if (isinf(v))
		snprintf(buf, n, v > 0 ? "+Inf" : "-Inf");
	else
		snprintf(buf, n, "%.*f", prec, v);
	return buf;
}

char *go_throughput(char *buf, size_t n, double t)
{
	char v[352];

	if (t == 0)
		snprintf(buf, n, "0B/s");
	else if (t < 2048.0)
		snprintf(buf, n, "%sB/s", go_ftoa(v, sizeof(v), 1, t));
	else if (t < 2097152.0)
		snprintf(buf, n, "%sKiB/s", go_ftoa(v, sizeof(v), 1, t / 1024.0));
	else if (t < 10737418240.0)
		snprintf(buf, n, "%sMiB/s", go_ftoa(v, sizeof(v), 1, t / 1048576.0));
	else if (t < 10995116277760.0)
		snprintf(buf, n, "%sGiB/s", go_ftoa(v, sizeof(v), 2, t / 1073741824.0));
	else
		snprintf(buf, n, "%sTiB/s", go_ftoa(v, sizeof(v), 2, t / 1099511627776.0));
	return buf;
}

double go_log10(double x)
{
	const double ln2 = 0.693147180559945309417232121458176568;
	const double ln10 = 2.30258509299404568401799145468436421;
	int ex;
	double frac = frexp(x, &ex), l2;

	if (frac == 0.5)
		l2 = (double)(ex - 1);
	else
		l2 = log(frac) * (1 / ln2) + (double)ex;
	return l2 * (ln2 / ln10);
}

/* analyze/warp/warp_gofmt.h: Go's number and duration text, as Warp prints them.
 *
 * Go's fmt %.2f and glibc's printf agree (both round the exact binary value,
 * ties to even), so plain snprintf is used for those; what differs is written here:
 * time.Duration's String and Round, math.Round, float-to-int conversion, int64
 * addition and Warp's bench.Throughput text. */
#ifndef ANALYZE_WARP_GOFMT_H
#define ANALYZE_WARP_GOFMT_H

#include <stddef.h>
#include <stdint.h>

#define GO_MS 1000000LL

/* go_dur_round: time.Duration.Round(m) (halves away from zero, saturating). */
int64_t go_dur_round(int64_t d, int64_t m);

/* go_dur_string: time.Duration.String() into buf (32 bytes are enough):
 * "0s", "950ns", "1.5µs", "97ms", "1.044s", "1m1s", "2h0m0.5s". Returns buf. */
char *go_dur_string(char *buf, size_t n, int64_t d);

/* go_add: Go's int64 a + b, which wraps on overflow (done as unsigned here: C's
 * signed overflow is undefined). */
static inline int64_t go_add(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

/* go_f2i: Go's int64(f) on amd64: truncation, and the "integer indefinite" value
 * INT64_MIN for NaN and out-of-range values (int64(+Inf) is negative). */
int64_t go_f2i(double f);

/* go_throughput: Warp's bench.Throughput(bps).String(): "0B/s", "12.0B/s",
 * "3.9KiB/s", "53.5MiB/s", "12.34GiB/s", "1.23TiB/s". Returns buf. */
char *go_throughput(char *buf, size_t n, double bps);

/* go_ftoa: fmt's %.<prec>f of v, with Go's "+Inf", "-Inf" and "NaN". Returns buf. */
char *go_ftoa(char *buf, size_t n, int prec, double v);

/* go_log10: Go's math.Log10 (log2(x) * ln2/ln10, log2 through frexp), which is not
 * always C's log10: Go's Log10(1000) is 2.9999999999999996, so int(Log10(1000)) is 2
 * and Warp's size ranges start one decade lower than C's log10 would put them. */
double go_log10(double x);

#endif

/* tests/unit/check.h: the tiny table-driven test harness every test binary uses.
 *
 *   CHECK(cond, "what, with %s", args...)   one case; prints only on failure
 *   CHECK_STR(got, want, "what")            string equality (NULL-safe)
 *   CHECK_NUM(got, want, tol, "what")       |got - want| <= tol
 *   CHECK_SKIP(n, "why")                    n cases that could not run here
 *   return check_done();                    prints "N passed, N failed[, N skipped]"
 *
 * Header-only on purpose: each test binary includes it once. */
#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed, check_skipped;

#define CHECK(cond, ...)                                                     \
	do {                                                                 \
		if (cond) {                                                  \
			check_passed++;                                      \
		} else {                                                     \
			check_failed++;                                      \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                        \
			fputc('\n', stderr);                                 \
		}                                                            \
	} while (0)

#define CHECK_STR(got, want, ...)                                                                \
	do {                                                                                     \
		const char *check_g_ = (got), *check_w_ = (want);                                \
		int check_ok_ = (check_g_ == NULL || check_w_ == NULL)                           \
					? check_g_ == check_w_                                   \
					: strcmp(check_g_, check_w_) == 0;                       \
		CHECK(check_ok_, __VA_ARGS__);                                                   \
		if (!check_ok_)                                                                  \
			fprintf(stderr, "  got:  %s\n  want: %s\n",                              \
				check_g_ ? check_g_ : "(null)", check_w_ ? check_w_ : "(null)"); \
	} while (0)

#define CHECK_NUM(got, want, tol, ...)                                                         \
	do {                                                                                   \
		double check_g_ = (double)(got), check_w_ = (double)(want);                    \
		int check_ok_ = fabs(check_g_ - check_w_) <= (tol);                            \
		CHECK(check_ok_, __VA_ARGS__);                                                 \
		if (!check_ok_)                                                                \
			fprintf(stderr, "  got:  %.17g\n  want: %.17g\n", check_g_, check_w_); \
	} while (0)

#define CHECK_SKIP(n, why)                                                    \
	do {                                                                  \
		check_skipped += (n);                                         \
		fprintf(stderr, "SKIP %s:%d: %s\n", __FILE__, __LINE__, why); \
	} while (0)

static inline int check_done(void)
{
	if (check_skipped)
		printf("%d passed, %d failed, %d skipped\n", check_passed, check_failed,
		       check_skipped);
	else
		printf("%d passed, %d failed\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif

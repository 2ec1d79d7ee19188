/* analyze/history/history_shift.h: the trend's shift verdicts read from the history database
 * (analyze/history/changepoint.h holds the tests, cp_noise.h the noise; docs/METHODOLOGY.md
 * "Shifts over the builds"). */
#ifndef ANALYZE_HISTORY_SHIFT_H
#define ANALYZE_HISTORY_SHIFT_H

#include <stddef.h>

#include "analyze/history/changepoint.h"
#include "core/results/results_trend.h"

struct sqlite3;

/* One cell's series for the judgement: ln of its latest-cycle figure, one point per cycle
 * (the newest build that ended with that cycle), the newest CP_WINDOW, oldest first, and
 * the build each point came from. */
struct hs_series {
	double y[CP_WINDOW];
	long long build[CP_WINDOW];
	size_t n;
};

/* A judged series' judgement: the verdict, the noise it was judged with (for a confirmed
 * shift of the newest L builds, as of before them; basis "cell": the cell's own series
 * alone, "moderated": its own moderated over the subject's cells; analyze/history/
 * cp_noise.h) and the series judged. */
struct hs_judgement {
	struct cp_verdict v;
	struct cp_noise noise;
	const char *basis;
	struct hs_series s;
};

/* history_shift_judge: the judgement of cell (subject, op, size, conc) as of build, at the
 * levels lv with the floor min_change; the newest point must come from build itself (else
 * the state is insufficient). -1 on a database error (sqlite3_errmsg tells). */
int history_shift_judge(struct sqlite3 *db, long long build, const char *subject, const char *op,
			long long size, int conc, const struct cp_levels *lv, double min_change,
			struct hs_judgement *j);

/* history_shift_change: trend.json's "change" record of j into *c (zeroed first; its
 * strings the caller's: results_trend_change_free). -1 when memory runs out. */
int history_shift_change(const struct hs_judgement *j, struct results_trend_change *c);

/* history_shift_line: the one-line message of a regression alert or a watch of the cell
 * ("regression: SUBJECT OP SIZE cN -23 % since build 7 (CI -31..-14 %)", "watch: ... -19 %
 * in build 9 alone; an alert if the next build confirms it") into buf. */
void history_shift_line(const struct hs_judgement *j, const char *subject, const char *op,
			long long size, int conc, char *buf, size_t n);

#endif

/* collect/run/progress.c: see progress.h. */
#include "collect/run/progress.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/plan.h"
#include "core/timefmt.h"
#include "core/units.h"

struct progress {
	FILE *out;
	int live, total, k;
	int line_shown;
	char id[PLAN_ID_MAX];
	char subject[72];
	struct workload wl;
	double remaining_s;
	int64_t start_mono;
	struct engine_live last; /* latest tick: shown, and the base of the next rates */
	int has_last;
	double mib_s, obj_s;
	double spent, budget; /* progress_spend */
	char currency[8];
};

static void clear_line(struct progress *p)
{
	if (p->live && p->line_shown) {
		fputs("\r\033[K", p->out);
		p->line_shown = 0;
	}
}

struct progress *progress_new(FILE *out, int live, int total)
{
	struct progress *p = calloc(1, sizeof(*p));

	if (p == NULL)
		return NULL;
	p->out = out;
	p->live = live;
	p->total = total;
	return p;
}

void progress_free(struct progress *p)
{
	if (p == NULL)
		return;
	clear_line(p);
	free(p);
}

void progress_run_start(struct progress *p, int k, const char *id, const char *subject,
			const struct workload *wl, double remaining_s)
{
	p->k = k;
	snprintf(p->id, sizeof(p->id), "%s", id);
	snprintf(p->subject, sizeof(p->subject), "%s", subject);
	p->wl = *wl;
	p->remaining_s = remaining_s;
	p->start_mono = time_mono_ns();
	p->has_last = 0;
	p->mib_s = p->obj_s = 0;
	progress_tick(p, NULL);
}

void progress_spend(struct progress *p, double spent, double budget, const char *currency)
{
	p->spent = spent;
	p->budget = budget;
	snprintf(p->currency, sizeof(p->currency), "%s", currency ? currency : "");
}

/* spend_text: the live line's spend part ("" when there is nothing to say) into buf. */
static const char *spend_text(const struct progress *p, char *buf, size_t n)
{
	int k;

	if (!(p->spent > 0) && !(p->budget > 0))
		return "";
	k = snprintf(buf, n, "  spent %.4f %s", p->spent, p->currency);
	if (p->budget > 0 && k > 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, " of %g %s", p->budget, p->currency);
	return buf;
}

void progress_tick(struct progress *p, const struct engine_live *live)
{
	char el[UNITS_DURATION_MAX], eta[UNITS_DURATION_MAX], sz[UNITS_SIZE_MAX], money[96];
	double elapsed = (double)(time_mono_ns() - p->start_mono) / 1e9, left;

	if (live) {
		if (p->has_last && live->elapsed_s > p->last.elapsed_s + 0.05) {
			double dt = live->elapsed_s - p->last.elapsed_s;
			p->mib_s = (double)(live->bytes - p->last.bytes) / 1048576.0 / dt;
			p->obj_s = (double)(live->objects - p->last.objects) / dt;
		} else if (!p->has_last && live->elapsed_s > 0) {
			p->mib_s = (double)live->bytes / 1048576.0 / live->elapsed_s;
			p->obj_s = (double)live->objects / live->elapsed_s;
		}
		p->last = *live;
		p->has_last = 1;
	}
	if (!p->live)
		return;
	left = p->remaining_s;
	if (p->wl.bound == WL_BOUND_DURATION) {
		double in_run = p->has_last ? p->last.elapsed_s : 0;
		left += p->wl.duration_s > in_run ? p->wl.duration_s - in_run : 0;
	}
	fprintf(p->out,
		"\r\033[K[%d/%d] %s %s %s c%d  %s ETA %s  %.1f MiB/s  %.0f obj/s  "
		"%llu err%s",
		p->k, p->total, p->subject, workload_op_name(p->wl.op),
		units_format_size(p->wl.size, sz, sizeof(sz)), p->wl.concurrency,
		units_format_duration(floor(elapsed), el, sizeof(el)),
		units_format_duration(ceil(left), eta, sizeof(eta)), p->mib_s, p->obj_s,
		p->has_last ? (unsigned long long)p->last.errors : 0ULL,
		spend_text(p, money, sizeof(money)));
	fflush(p->out);
	p->line_shown = 1;
}

void progress_run_end(struct progress *p, const char *status, const char *cls, double mib_s,
		      double obj_s, unsigned long long errors, const char *first_error,
		      double elapsed_s)
{
	char el[UNITS_DURATION_MAX], money[96];

	clear_line(p);
	fprintf(p->out, "[%d/%d] %s %s", p->k, p->total, p->id, status);
	if (cls && cls[0])
		fprintf(p->out, " (%s)", cls);
	if (mib_s >= 0)
		fprintf(p->out, " %.2f MiB/s %.1f obj/s", mib_s, obj_s);
	fprintf(p->out, " %llu errors %s", errors,
		units_format_duration(elapsed_s, el, sizeof(el)));
	if (first_error && first_error[0])
		fprintf(p->out, ": %s", first_error);
	fputs(spend_text(p, money, sizeof(money)), p->out);
	fputc('\n', p->out);
	fflush(p->out);
}

void progress_note(struct progress *p, const char *fmt, ...)
{
	va_list ap;

	clear_line(p);
	va_start(ap, fmt);
	vfprintf(p->out, fmt, ap);
	va_end(ap);
	fputc('\n', p->out);
	fflush(p->out);
}

/* analyze/read/runlog_workload.c: see runlog_workload.h. */
#include "analyze/read/runlog_workload.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/sizelabel.h"
#include "core/units.h"

void runlog_workload_clear(struct runlog_workload *w)
{
	free(w->size_spec);
	free(w->range);
	free(w->mix);
	free(w->send);
	free(w->hedge);
	free(w->trace);
	free(w->trace_file);
	free(w->trace_name);
	free(w->replay_ops);
	memset(w, 0, sizeof(*w));
	w->p99_limit_ms = NAN;
}

/* mix_text: the canonical "get:45,put:15,head:30,delete:10" of w's weights (those above
 * 0) into out->mix and out->mix_w. */
static int mix_text(const struct runrec_workload *w, struct runlog_workload *out, struct err *e)
{
	char text[128];
	size_t len = 0;

	text[0] = '\0';
	for (int k = 0; k < RUNLOG_WORKLOAD_MIX_OPS; k++) {
		out->mix_w[k] = (unsigned)w->mix[k];
		if (w->mix[k] > 0)
			len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s:%u",
						len ? "," : "", runrec_mix_op_name(k),
						out->mix_w[k]);
	}
	out->mix = strdup(text);
	return out->mix ? 0 : err_set(e, "field workload.mix: out of memory");
}

/* add_item: ", ITEM" (or "ITEM" first) printed after len bytes of buf (n bytes); the new
 * length. */
static size_t add_item(char *buf, size_t n, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static size_t add_item(char *buf, size_t n, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (len > 0)
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, ", ");
	va_start(ap, fmt);
	len += (size_t)vsnprintf(buf + len, len < n ? n - len : 0, fmt, ap);
	va_end(ap);
	return len;
}

/* send_text: workload.send's fields off their defaults ("checksum crc32"), then
 * workload.retries above 0 ("retries 3"), duration_auto ("duration auto 20s..5m") or the
 * subject's own fixed duration ("duration 30s"), buckets and prefixes above 1, into
 * out->send (NULL when none). */
static int send_text(const struct runrec_workload *w, struct runlog_workload *out, struct err *e)
{
	char buf[400] = "", lo[UNITS_DURATION_MAX], hi[UNITS_DURATION_MAX];
	size_t len = 0;

	for (int f = 0; w->has_send && f < RUNREC_SEND_COUNT; f++) {
		const char *v = w->send.v[f];
		if (v != NULL && strcmp(v, runrec_send_default((enum runrec_send_field)f)) != 0)
			len = add_item(buf, sizeof(buf), len, "%s %s",
				       runrec_send_key((enum runrec_send_field)f), v);
	}
	if (w->retries > 0)
		len = add_item(buf, sizeof(buf), len, "retries %lld", (long long)w->retries);
	if (w->has_auto)
		len = add_item(buf, sizeof(buf), len, "duration auto %s..%s",
			       units_format_duration(w->auto_min_s, lo, sizeof(lo)),
			       units_format_duration(w->auto_max_s, hi, sizeof(hi)));
	else if (w->duration_subject && w->duration_s > 0)
		len = add_item(buf, sizeof(buf), len, "duration %s",
			       units_format_duration(w->duration_s, lo, sizeof(lo)));
	if (w->buckets > 1)
		len = add_item(buf, sizeof(buf), len, "buckets %lld", (long long)w->buckets);
	if (w->prefixes > 1)
		len = add_item(buf, sizeof(buf), len, "prefixes %lld", (long long)w->prefixes);
	if (len > 0 && (out->send = strdup(buf)) == NULL)
		return err_set(e, "out of memory");
	return 0;
}

/* mode_rank: the place of a mode item by its key (the words before the first blank): the
 * send fields in their order, then retries, duration, buckets, prefixes */
static int mode_rank(const char *item)
{
	static const char *const more[] = {"retries", "duration"};
	size_t len = strcspn(item, " ");

	for (int i = 0; i < RUNREC_SEND_COUNT; i++) {
		const char *k = runrec_send_key((enum runrec_send_field)i);
		if (strlen(k) == len && strncmp(item, k, len) == 0)
			return i;
	}
	for (int i = 0; i < (int)(sizeof(more) / sizeof(more[0])); i++)
		if (strlen(more[i]) == len && strncmp(item, more[i], len) == 0)
			return RUNREC_SEND_COUNT + i;
	return 99;
}

static int cmp_mode(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	int rx = mode_rank(x), ry = mode_rank(y);

	return rx != ry ? (rx < ry ? -1 : 1) : strcmp(x, y);
}

int runlog_workload_modes_merge(const char *const *sends, size_t n, char **out)
{
	char **items = NULL, *buf = NULL;
	size_t ni = 0, cap = 0, len = 0;
	int rc = -1;

	*out = NULL;
	for (size_t i = 0; i < n; i++)
		for (const char *p = sends[i]; p != NULL && *p;) {
			size_t l = strcspn(p, ",");
			size_t k;
			for (k = 0;
			     k < ni && !(strlen(items[k]) == l && strncmp(items[k], p, l) == 0);
			     k++)
				;
			if (k == ni) {
				if (ni == cap) {
					char **g = realloc(items, (cap = cap ? 2 * cap : 16) *
									  sizeof(*items));
					if (g == NULL)
						goto out;
					items = g;
				}
				if ((items[ni] = strndup(p, l)) == NULL)
					goto out;
				len += l + 2;
				ni++;
			}
			p += l;
			while (*p == ',' || *p == ' ')
				p++;
		}
	rc = 0;
	if (ni == 0)
		goto out;
	qsort(items, ni, sizeof(*items), cmp_mode);
	if ((buf = malloc(len + 1)) == NULL) {
		rc = -1;
		goto out;
	}
	buf[0] = '\0';
	for (size_t k = 0; k < ni; k++) {
		if (k > 0)
			strcat(buf, ", ");
		strcat(buf, items[k]);
	}
	*out = buf;
out:
	for (size_t k = 0; k < ni; k++)
		free(items[k]);
	free(items);
	return rc;
}

/* replay_from: a replay's trace fields into out; -1 when out of memory. */
static int replay_from(const struct runrec_replay *r, struct runlog_workload *out)
{
	const char *slash = strrchr(r->trace, '/');

	out->replay_from_s = r->window_from_s;
	out->replay_to_s = r->window_to_s;
	if ((out->trace = strdup(r->digest)) == NULL ||
	    (out->trace_file = strdup(r->trace)) == NULL ||
	    (out->trace_name = strdup(slash != NULL ? slash + 1 : r->trace)) == NULL ||
	    (r->ops != NULL && (out->replay_ops = strdup(r->ops)) == NULL))
		return -1;
	return 0;
}

int runlog_workload_from(const struct runrec_workload *w, const struct runrec_campaign *camp,
			 struct runlog_workload *out, struct err *e)
{
	memset(out, 0, sizeof(*out));
	out->p99_limit_ms = camp != NULL && camp->p99_limit_ms > 0 ? camp->p99_limit_ms : NAN;
	if ((w->size_spec != NULL && (out->size_spec = strdup(w->size_spec)) == NULL) ||
	    (w->range != NULL && (out->range = strdup(w->range)) == NULL) ||
	    (w->hedge != NULL && (out->hedge = strdup(w->hedge)) == NULL) ||
	    (w->has_replay && replay_from(&w->replay, out) < 0)) {
		runlog_workload_clear(out);
		return err_set(e, "out of memory");
	}
	if ((w->has_mix && mix_text(w, out, e) < 0) || send_text(w, out, e) < 0) {
		runlog_workload_clear(out);
		return -1;
	}
	out->rate = w->rate;
	out->duration_s = w->duration_s;
	out->workers = w->workers > 1000000 ? 1000000 : (int)w->workers;
	return 0;
}

/* label_of: the plain label of one size token ("4KiB" -> "4 KiB"); the token as
 * written when it is not a size. */
static void label_of(const char *tok, size_t len, char *buf, size_t n)
{
	char t[64];

	snprintf(t, sizeof(t), "%.*s", (int)(len < sizeof(t) ? len : sizeof(t) - 1), tok);
	if (sizelabel_format(t, buf, n) < 0)
		snprintf(buf, n, "%s", t);
}

/* plain_lognormal: "lognormal:M,S[,max=X]" in words; 0 when spec is not one. */
static int plain_lognormal(const char *spec, char *buf, size_t n)
{
	char a[SIZELABEL_MAX], b[SIZELABEL_MAX];
	const char *sig = strchr(spec, ','), *mx;
	size_t len;

	if (strncmp(spec, "lognormal:", 10) != 0 || sig == NULL)
		return 0;
	mx = strchr(sig + 1, ',');
	label_of(spec + 10, (size_t)(sig - spec - 10), a, sizeof(a));
	len = (size_t)snprintf(buf, n, "sizes lognormal, median %s, \u03c3 %.*s", a,
			       (int)(mx != NULL ? (size_t)(mx - sig - 1) : strlen(sig + 1)),
			       sig + 1);
	if (mx != NULL && strncmp(mx + 1, "max=", 4) == 0 && len < n) {
		label_of(mx + 5, strlen(mx + 5), b, sizeof(b));
		snprintf(buf + len, n - len, ", at most %s", b);
	}
	return 1;
}

/* plain_sizes: "random:A..B", "dist:A:w,B:w" and "lognormal:M,S" in words; 0 when spec is
 * none of them. */
static int plain_sizes(const char *spec, char *buf, size_t n)
{
	char a[SIZELABEL_MAX], b[SIZELABEL_MAX];
	const char *dots, *p;
	double sum = 0;
	size_t len;

	if (plain_lognormal(spec, buf, n))
		return 1;

	if (strncmp(spec, "random:", 7) == 0 && (dots = strstr(spec + 7, "..")) != NULL) {
		label_of(spec + 7, (size_t)(dots - spec - 7), a, sizeof(a));
		label_of(dots + 2, strlen(dots + 2), b, sizeof(b));
		snprintf(buf, n, "sizes log-uniform %s\u2013%s", a, b);
		return 1;
	}
	if (strncmp(spec, "dist:", 5) != 0)
		return 0;
	for (p = spec + 5; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		const char *colon = strchr(p, ':');

		if (colon == NULL)
			return 0;
		sum += strtod(colon + 1, NULL);
	}
	if (!(sum > 0))
		return 0;
	len = (size_t)snprintf(buf, n, "sizes");
	for (p = spec + 5; p && *p && len < n; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		const char *colon = strchr(p, ':');

		label_of(p, (size_t)(colon - p), a, sizeof(a));
		len += (size_t)snprintf(buf + len, n - len, "%s %s %.3g %%",
					p == spec + 5 ? "" : ",", a,
					strtod(colon + 1, NULL) * 100 / sum);
	}
	return 1;
}

/* plain_range: "0..L" and "A..B" and "random:L" in words; 0 when none of them. */
static int plain_range(const char *r, char *buf, size_t n)
{
	char a[SIZELABEL_MAX], b[SIZELABEL_MAX];
	const char *dots = strstr(r, "..");

	if (strncmp(r, "random:", 7) == 0) {
		label_of(r + 7, strlen(r + 7), a, sizeof(a));
		snprintf(buf, n, "ranged GET of %s at a random offset", a);
		return 1;
	}
	if (dots == NULL)
		return 0;
	label_of(dots + 2, strlen(dots + 2), b, sizeof(b));
	if (dots == r + 1 && r[0] == '0') {
		snprintf(buf, n, "ranged GET of the first %s", b);
		return 1;
	}
	label_of(r, (size_t)(dots - r), a, sizeof(a));
	snprintf(buf, n, "ranged GET of bytes %s\u2013%s", a, b);
	return 1;
}

const char *runlog_workload_plain(const char *size_spec, const char *range, char *buf, size_t n)
{
	char s[160], r[160];

	s[0] = r[0] = '\0';
	if (size_spec && !plain_sizes(size_spec, s, sizeof(s)))
		snprintf(s, sizeof(s), "sizes %s", size_spec);
	if (range && !plain_range(range, r, sizeof(r)))
		snprintf(r, sizeof(r), "range %s", range);
	snprintf(buf, n, "%s%s%s", s, s[0] && r[0] ? "; " : "", r);
	return buf;
}

/* near: x and y agree within a relative 1e-6 (absolute 1e-9 near zero), as
 * runlog_compare. */
static int near(double x, double y)
{
	double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);

	return fabs(x - y) <= 1e-6 * m || fabs(x - y) <= 1e-9;
}

static int lat_differ(const struct lat_stats *x, const struct lat_stats *y)
{
	return !near(x->avg, y->avg) || !near(x->p50, y->p50) || !near(x->p90, y->p90) ||
	       !near(x->p99, y->p99) || !near(x->min, y->min) || !near(x->max, y->max) ||
	       !near(x->stddev, y->stddev);
}

int runlog_workload_compare(const struct run_summary *a, const struct run_summary *b, char *diff,
			    size_t n)
{
	if (a->n_by_op != b->n_by_op) {
		snprintf(diff, n, "by_op: run.json %d ops, recomputed %d", a->n_by_op, b->n_by_op);
		return 1;
	}
	for (int i = 0; i < a->n_by_op; i++) {
		const struct op_summary *x = &a->by_op[i], *y = &b->by_op[i];

		if (strcmp(x->op, y->op) != 0 || x->requests != y->requests ||
		    x->errors != y->errors || x->bytes != y->bytes || x->objects != y->objects ||
		    !near(x->share, y->share) || !near(x->mib_s, y->mib_s) ||
		    !near(x->obj_s, y->obj_s) || lat_differ(&x->latency, &y->latency) ||
		    x->has_ttfb != y->has_ttfb || (x->has_ttfb && lat_differ(&x->ttfb, &y->ttfb))) {
			snprintf(diff, n, "by_op.%s: run.json and recomputed differ", x->op);
			return 1;
		}
	}
	if (a->has_rate != b->has_rate) {
		snprintf(diff, n, "rate: run.json %s, recomputed %s",
			 a->has_rate ? "has it" : "none", b->has_rate ? "has it" : "none");
		return 1;
	}
	if (a->has_rate &&
	    (!near(a->rate.offered, b->rate.offered) || !near(a->rate.achieved, b->rate.achieved) ||
	     a->rate.sustained != b->rate.sustained || a->rate.sent != b->rate.sent ||
	     a->rate.on_time != b->rate.on_time || a->rate.slots != b->rate.slots ||
	     a->rate.failed != b->rate.failed || lat_differ(&a->rate.intended, &b->rate.intended) ||
	     (a->rate.intended_hist && b->rate.intended_hist &&
	      !hist_equal(a->rate.intended_hist, b->rate.intended_hist)))) {
		snprintf(diff, n,
			 "rate: run.json achieved %.17g (%llu of %llu on time) p99 %.17g ms, "
			 "recomputed %.17g (%llu of %llu) p99 %.17g ms",
			 a->rate.achieved, (unsigned long long)a->rate.on_time,
			 (unsigned long long)a->rate.slots, a->rate.intended.p99, b->rate.achieved,
			 (unsigned long long)b->rate.on_time, (unsigned long long)b->rate.slots,
			 b->rate.intended.p99);
		return 1;
	}
	return 0;
}

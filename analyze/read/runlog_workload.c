/* analyze/read/runlog_workload.c: see runlog_workload.h. */
#include "analyze/read/runlog_workload.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/sizelabel.h"
#include "core/units.h"

/* The mix ops in the order they are written. */
static const char *const mix_ops[RUNLOG_WORKLOAD_MIX_OPS] = {"get", "put", "head", "delete"};

void runlog_workload_clear(struct runlog_workload *w)
{
	free(w->size_spec);
	free(w->range);
	free(w->mix);
	free(w->send);
	memset(w, 0, sizeof(*w));
	w->p99_limit_ms = NAN;
}

/* opt_str: wl[k] copied into *out when a string (NULL when absent or null). */
static int opt_str(const json_t *wl, const char *k, char **out, struct err *e)
{
	json_t *v = json_object_get(wl, k);

	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_string(v) || json_string_length(v) == 0)
		return err_set(e, "field workload.%s: expected a non-empty string or null", k);
	*out = strdup(json_string_value(v));
	return *out ? 0 : err_set(e, "field workload.%s: out of memory", k);
}

static int read_mix(const json_t *m, struct runlog_workload *w, struct err *e)
{
	char text[128];
	size_t len = 0;
	const char *key;
	json_t *v;

	if (!json_is_object(m))
		return err_set(e, "field workload.mix: expected an object or null");
	json_object_foreach((json_t *)m, key, v) {
		int k;

		for (k = 0; k < RUNLOG_WORKLOAD_MIX_OPS && strcmp(key, mix_ops[k]) != 0; k++)
			;
		if (k == RUNLOG_WORKLOAD_MIX_OPS)
			return err_set(
				e, "field workload.mix.%s: not one of get, put, head, delete", key);
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) > 1000000)
			return err_set(e, "field workload.mix.%s: expected a weight 0..1000000",
				       key);
		w->mix_w[k] = (unsigned)json_integer_value(v);
	}
	text[0] = '\0';
	for (int k = 0; k < RUNLOG_WORKLOAD_MIX_OPS; k++)
		if (w->mix_w[k] > 0)
			len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s:%u",
						len ? "," : "", mix_ops[k], w->mix_w[k]);
	if (len == 0)
		return err_set(e, "field workload.mix: every weight is 0");
	w->mix = strdup(text);
	return w->mix ? 0 : err_set(e, "field workload.mix: out of memory");
}

/* opt_num: o[k] into *out when a number (unchanged when absent or null). */
static int opt_num(const json_t *o, const char *sect, const char *k, double lo, double *out,
		   struct err *e)
{
	json_t *v = json_object_get(o, k);

	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_number(v) || !isfinite(json_number_value(v)) || json_number_value(v) < lo)
		return err_set(e, "field %s.%s: expected a number >= %g or null", sect, k, lo);
	*out = json_number_value(v);
	return 0;
}

/* read_modes: workload.retries and workload.duration_auto, when not the defaults (0,
 * null), and the subject's own fixed duration (workload.duration_subject true:
 * "duration 30s"), after the send fields of buf ("retries 3", "duration auto 20s..5m"). */
static size_t read_modes(const json_t *wl, char *buf, size_t len, size_t size)
{
	json_t *r = json_object_get(wl, "retries"), *a = json_object_get(wl, "duration_auto");
	json_t *d = json_object_get(wl, "duration_s");
	char lo[UNITS_DURATION_MAX], hi[UNITS_DURATION_MAX];

	if (json_is_integer(r) && json_integer_value(r) > 0)
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%sretries %lld",
					len ? ", " : "", (long long)json_integer_value(r));
	if (json_is_object(a))
		len += (size_t)snprintf(
			buf + len, len < size ? size - len : 0, "%sduration auto %s..%s",
			len ? ", " : "",
			units_format_duration(json_number_value(json_object_get(a, "min_s")), lo,
					      sizeof(lo)),
			units_format_duration(json_number_value(json_object_get(a, "max_s")), hi,
					      sizeof(hi)));
	else if (json_is_true(json_object_get(wl, "duration_subject")) && json_is_number(d) &&
		 json_number_value(d) > 0)
		len += (size_t)snprintf(
			buf + len, len < size ? size - len : 0, "%sduration %s", len ? ", " : "",
			units_format_duration(json_number_value(d), lo, sizeof(lo)));
	return len;
}

/* spread_text: ", buckets 3, prefixes 4" for workload.buckets / prefixes above 1 (absent,
 * null or 1: nothing) after len bytes of buf; the new length, or -1 with a message. */
static int spread_text(const json_t *wl, char *buf, size_t n, size_t len, struct err *e)
{
	static const char *const keys[2] = {"buckets", "prefixes"};

	for (int i = 0; i < 2; i++) {
		json_t *v = json_object_get(wl, keys[i]);
		if (v == NULL || json_is_null(v))
			continue;
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > 1000)
			return err_set(e,
				       "field workload.%s: expected a whole number 1..1000 or null",
				       keys[i]);
		if (json_integer_value(v) > 1)
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s %lld",
						len ? ", " : "", keys[i],
						(long long)json_integer_value(v));
	}
	return (int)len;
}

/* read_send: workload.send's non-default fields, then the other workload modes
 * (read_modes) and the workload's buckets and prefixes when above 1, into out->send. */
static int read_send(const json_t *wl, struct runlog_workload *out, struct err *e)
{
	const json_t *snd = json_object_get(wl, "send");
	static const char *const defaults[][2] = {
		{"checksum", "none"},   {"payload", "unsigned"}, {"reads", "random"},
		{"http", "1.1"},        {"http2_shared", "no"},  {"keepalive", "yes"},
		{"addresses", "first"},
	};
	char buf[400] = "";
	size_t len = 0;
	int k;

	if (snd != NULL && !json_is_null(snd) && !json_is_object(snd))
		return err_set(e, "field workload.send: expected an object or null");
	for (size_t i = 0; json_is_object(snd) && i < sizeof(defaults) / sizeof(defaults[0]); i++) {
		const char *v = json_string_value(json_object_get(snd, defaults[i][0]));
		if (v == NULL || strcmp(v, defaults[i][1]) == 0)
			continue;
		len += (size_t)snprintf(buf + len, len < sizeof(buf) ? sizeof(buf) - len : 0,
					"%s%s %s", len ? ", " : "", defaults[i][0], v);
	}
	len = read_modes(wl, buf, len, sizeof(buf));
	if ((k = spread_text(wl, buf, sizeof(buf), len, e)) < 0)
		return -1;
	len = (size_t)k;
	if (len > 0 && (out->send = strdup(buf)) == NULL)
		return err_set(e, "out of memory");
	return 0;
}

/* mode_rank: the place of a mode item by its key (the words before the first blank) */
static int mode_rank(const char *item)
{
	static const char *const keys[] = {"checksum",  "payload",      "reads",
					   "http",      "http2_shared", "keepalive",
					   "addresses", "retries",      "duration"};
	size_t len = strcspn(item, " ");

	for (int i = 0; i < (int)(sizeof(keys) / sizeof(keys[0])); i++)
		if (strlen(keys[i]) == len && strncmp(item, keys[i], len) == 0)
			return i;
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

int runlog_workload_read(const json_t *wl, const json_t *camp, struct runlog_workload *out,
			 struct err *e)
{
	json_t *m = json_object_get(wl, "mix");
	double workers = 0;

	memset(out, 0, sizeof(*out));
	out->p99_limit_ms = NAN;
	if (opt_str(wl, "size_spec", &out->size_spec, e) < 0 ||
	    opt_str(wl, "range", &out->range, e) < 0 ||
	    (m != NULL && !json_is_null(m) && read_mix(m, out, e) < 0) ||
	    opt_num(wl, "workload", "rate", 0, &out->rate, e) < 0 ||
	    opt_num(wl, "workload", "duration_s", 0, &out->duration_s, e) < 0 ||
	    opt_num(wl, "workload", "workers", 0, &workers, e) < 0 || read_send(wl, out, e) < 0 ||
	    (json_is_object(camp) &&
	     opt_num(camp, "campaign", "p99_limit_ms", 0, &out->p99_limit_ms, e) < 0)) {
		runlog_workload_clear(out);
		return -1;
	}
	out->workers = workers > 1e6 ? 1000000 : (int)workers;
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

/* plain_sizes: "random:A..B" and "dist:A:w,B:w" in words; 0 when spec is neither. */
static int plain_sizes(const char *spec, char *buf, size_t n)
{
	char a[SIZELABEL_MAX], b[SIZELABEL_MAX];
	const char *dots, *p;
	double sum = 0;
	size_t len;

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

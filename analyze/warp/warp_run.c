/* analyze/warp/warp_run.c: see warp_run.h. */
#include "analyze/warp/warp_run.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp.h"
#include "analyze/warp/warp_full.h"
#include "analyze/warp/warp_merge.h"
#include "analyze/warp/warp_report.h"

int64_t warp_parse_size(const char *s)
{
	static const struct {
		const char *unit;
		double mul;
	} units[] = {
		{"", 1},
		{"b", 1},
		{"k", 1e3},
		{"kb", 1e3},
		{"ki", 1024.0},
		{"kib", 1024.0},
		{"m", 1e6},
		{"mb", 1e6},
		{"mi", 1048576.0},
		{"mib", 1048576.0},
		{"g", 1e9},
		{"gb", 1e9},
		{"gi", 1073741824.0},
		{"gib", 1073741824.0},
		{"t", 1e12},
		{"tb", 1e12},
		{"ti", 1099511627776.0},
		{"tib", 1099511627776.0},
	};
	char unit[8];
	char *end;
	double v;
	size_t i, n = 0;

	if (s == NULL)
		return -1;
	v = strtod(s, &end);
	if (end == s || v < 0 || !isfinite(v))
		return -1;
	while (*end == ' ')
		end++;
	while (*end && n < sizeof(unit) - 1)
		unit[n++] = (char)tolower((unsigned char)*end++);
	unit[n] = '\0';
	if (*end)
		return -1;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(unit, units[i].unit) == 0)
			return (int64_t)(v * units[i].mul + 0.5);
	return -1;
}

/* The value of --name=value or --name value on the command line, into buf. */
static int cmd_flag(const char *cmd, const char *name, char *buf, size_t n)
{
	size_t len = strlen(name);
	const char *p = cmd;

	while ((p = strstr(p, name)) != NULL) {
		int at_word = p == cmd || p[-1] == ' ' || p[-1] == '-';
		const char *v = p + len;
		size_t k = 0;

		p += len;
		if (!at_word || (*v != '=' && *v != ' '))
			continue;
		v++;
		while (v[k] && v[k] != ' ' && v[k] != '\n' && k < n - 1)
			k++;
		memcpy(buf, v, k);
		buf[k] = '\0';
		return 1;
	}
	return 0;
}

/* The benchmark word: the first word after the program that is not a flag. */
static void cmd_bench(const char *cmd, char *buf, size_t n)
{
	const char *p = cmd;
	int word = 0;

	buf[0] = '\0';
	while (*p) {
		const char *s;
		size_t k;

		while (*p == ' ' || *p == '\n')
			p++;
		s = p;
		while (*p && *p != ' ' && *p != '\n')
			p++;
		k = (size_t)(p - s);
		if (k == 0)
			break;
		if (word++ == 0 || s[0] == '-')
			continue;
		if (k >= n)
			k = n - 1;
		memcpy(buf, s, k);
		buf[k] = '\0';
		return;
	}
}

static const struct warp_live *find_op(const struct warp_rt *rt, const char *op)
{
	size_t i;

	if (strcasecmp(op, "Total") == 0)
		return &rt->total;
	for (i = 0; i < rt->n_ops; i++)
		if (strcasecmp(rt->ops[i].op, op) == 0)
			return rt->ops[i].agg;
	return NULL;
}

int warp_run_of(const struct warp_rt *rt, const char *op, struct warp_run *out, struct err *e)
{
	const struct warp_live *l = NULL;
	const struct warp_segmented *sg;
	struct warp_reqstats rs;
	struct run_summary *s = &out->summary;
	const char *cmd = rt->commandline ? rt->commandline : "";
	char val[128], name[16];
	size_t i;

	memset(out, 0, sizeof(*out));
	cmd_bench(cmd, out->cmd_op, sizeof(out->cmd_op));
	if (op != NULL) {
		snprintf(name, sizeof(name), "%s", op);
	} else if (strcasecmp(out->cmd_op, "mixed") == 0) {
		snprintf(name, sizeof(name), "Total");
	} else if (out->cmd_op[0] && find_op(rt, out->cmd_op)) {
		snprintf(name, sizeof(name), "%s", out->cmd_op);
	} else {
		int64_t best = -1;

		name[0] = '\0';
		for (i = 0; i < rt->n_ops; i++)
			if (rt->ops[i].agg->total_requests > best) {
				best = rt->ops[i].agg->total_requests;
				snprintf(name, sizeof(name), "%s", rt->ops[i].op);
			}
	}
	l = name[0] ? find_op(rt, name) : NULL;
	if (l == NULL)
		return err_set(e, "warp run: no %s operations in the result", name[0] ? name : "");
	for (i = 0; name[i] && i < sizeof(out->op) - 1; i++)
		out->op[i] = (char)tolower((unsigned char)name[i]);
	out->concurrency = l->concurrency;
	out->clients = l->clients.n > 0 ? (int)l->clients.n : 1;
	out->start_ns = l->start;
	if (cmd_flag(cmd, "--obj.size", val, sizeof(val))) {
		out->obj_size = warp_parse_size(val);
		snprintf(out->obj_size_text, sizeof(out->obj_size_text), "%s", val);
	}
	if (out->obj_size <= 0 && l->total_objects > 0)
		out->obj_size = l->total_bytes / l->total_objects;
	if (cmd_flag(cmd, "--concurrent", val, sizeof(val)))
		out->cmd_concurrency = strtoll(val, NULL, 10);
	if (l->hosts.n > 0 && l->hosts.v[0][0])
		snprintf(out->host, sizeof(out->host), "%s", l->hosts.v[0]);
	else if (cmd_flag(cmd, "--host", val, sizeof(val)))
		snprintf(out->host, sizeof(out->host), "%s", val);

	s->requests = (uint64_t)l->total_requests;
	s->objects = (uint64_t)l->total_objects;
	s->bytes = (uint64_t)l->total_bytes;
	s->errors = (uint64_t)l->total_errors;
	s->start_ns = l->start;
	s->end_ns = l->end;
	s->completion_s = (double)(l->end - l->start) / 1e9;
	sg = l->tp.seg;
	if (sg == NULL || sg->n < 2) {
		out->skipped = 1;
		return 0;
	}
	s->seconds = (double)l->tp.measure_ms / 1000;
	if (l->tp.measure_ms > 0) {
		s->mib_s = (1000 * l->tp.bytes / (double)l->tp.measure_ms) / 1048576;
		s->obj_s = 1000 * l->tp.objects / (double)l->tp.measure_ms;
	}
	s->seg_count = (int)sg->n;
	s->fastest.mib_s = sg->fastest_bps / 1048576;
	s->fastest.obj_s = sg->fastest_ops;
	s->median.mib_s = sg->median_bps / 1048576;
	s->median.obj_s = sg->median_ops;
	s->slowest.mib_s = sg->slowest_bps / 1048576;
	s->slowest.obj_s = sg->slowest_ops;
	warp_reqstats_of(l, &rs);
	if (rs.has_reqs) {
		s->latency.avg = rs.avg;
		s->latency.p50 = rs.p50;
		s->latency.p90 = rs.p90;
		s->latency.p99 = rs.p99;
		s->latency.min = rs.fastest;
		s->latency.max = rs.slowest;
		s->latency.stddev = rs.stddev;
	}
	if (rs.has_ttfb) {
		s->has_ttfb = 1;
		s->ttfb.avg = (double)rs.ttfb_ns[0] / 1e6;
		s->ttfb.min = (double)rs.ttfb_ns[1] / 1e6;
		s->ttfb.p50 = (double)rs.ttfb_ns[3] / 1e6;
		s->ttfb.p90 = (double)rs.ttfb_ns[5] / 1e6;
		s->ttfb.p99 = (double)rs.ttfb_ns[6] / 1e6;
		s->ttfb.max = (double)rs.ttfb_ns[7] / 1e6;
		s->ttfb.stddev = (double)rs.ttfb_ns[8] / 1e6;
	}
	return 0;
}

/* keep_first: warp_load_merged's report_err: the first failure's message into arg
 * (a struct err, empty until then). */
static void keep_first(const char *msg, void *arg)
{
	struct err *first = arg;

	if (first->msg[0] == '\0')
		err_set(first, "%s", msg);
}

int warp_run_read(const char *const *files, int n, struct warp_run *out, struct err *e)
{
	struct warp_rt *all;
	struct err first = {{0}};
	int failed, rc;

	memset(out, 0, sizeof(*out));
	if (warp_load_merged(files, n, keep_first, &first, &all, &failed, e) < 0)
		return -1;
	rc = failed ? err_set(e, "%s", first.msg) : warp_run_of(all, NULL, out, e);
	warp_rt_free(all);
	return rc;
}

const char *warp_engine_name(enum warp_engine g)
{
	return g == WARP_ENGINE_ANALYZE ? "analyze" : g == WARP_ENGINE_FULL ? "full" : "server";
}

int warp_engine_parse(const char *s, enum warp_engine *out)
{
	static const enum warp_engine all[] = {WARP_ENGINE_SERVER, WARP_ENGINE_ANALYZE,
					       WARP_ENGINE_FULL};
	size_t i;

	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (strcmp(s, warp_engine_name(all[i])) == 0) {
			*out = all[i];
			return 0;
		}
	return -1;
}

/* The full engine's figures over a run read with the default engine. */
static int full_over(const char *const *files, int n, struct warp_run *r, struct err *e)
{
	struct warp_full_figures f;
	struct run_summary *s = &r->summary;
	char op[16];
	size_t i;

	for (i = 0; r->op[i] && i < sizeof(op) - 1; i++)
		op[i] = (char)toupper((unsigned char)r->op[i]);
	op[i] = '\0';
	if (warp_full_figures_of(files, n, op, &f, e) < 0)
		return -1;
	r->skipped = f.skipped;
	if (f.skipped)
		return 0;
	r->concurrency = f.concurrency;
	s->seconds = f.seconds;
	s->mib_s = f.mib_s;
	s->obj_s = f.obj_s;
	s->seg_count = (int)f.n_segs;
	s->fastest.mib_s = f.seg_mib[0];
	s->fastest.obj_s = f.seg_obj[0];
	s->median.mib_s = f.seg_mib[1];
	s->median.obj_s = f.seg_obj[1];
	s->slowest.mib_s = f.seg_mib[2];
	s->slowest.obj_s = f.seg_obj[2];
	return 0;
}

int warp_run_read_engine(const char *const *files, int n, enum warp_engine g, struct warp_run *out,
			 struct err *e)
{
	struct warp_rt *rt = NULL;
	int rc;

	if (g == WARP_ENGINE_SERVER)
		return warp_run_read(files, n, out, e);
	memset(out, 0, sizeof(*out));
	if (warp_merge_read(files, n, &rt, e) < 0)
		return -1;
	rc = warp_run_of(rt, NULL, out, e);
	warp_rt_free(rt);
	if (rc == 0 && g == WARP_ENGINE_FULL && strcmp(out->op, "total") != 0)
		rc = full_over(files, n, out, e);
	return rc;
}

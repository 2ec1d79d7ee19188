/* collect/campaign/campaign_replay.c: the [replay] section of a campaign file
 * (docs/CAMPAIGN.md, "[replay]"): one recorded trace replayed once per subject in the first
 * cycle, as `collect replay` does (collect/replay.h), so that the subjects are compared on
 * the same requests. The trace is read here, once: a trace that does not read stops the
 * campaign before its first request. See campaign.h. */
#include "collect/campaign/campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "collect/workload.h"

#define SEC "replay"

/* trace_path: the trace key's path relative to the campaign file's folder (absolute as
 * written) into buf. -1 when it does not fit. */
static int trace_path(const struct cini *p, const char *val, char *buf, size_t n)
{
	const char *slash = strrchr(p->name, '/');
	int k = val[0] == '/' || slash == NULL
			? snprintf(buf, n, "%s", val)
			: snprintf(buf, n, "%.*s/%s", (int)(slash - p->name), p->name, val);

	return k < 0 || (size_t)k >= n ? -1 : 0;
}

/* parse_how: speed, ops, window and remap into *o. 0, or -1 naming the key. */
static int parse_how(struct cini *p, struct replay_opts *o)
{
	struct cini_kv *kv;
	struct err we;
	char *end;

	if ((kv = cini_get(p, SEC, "speed")) != NULL) {
		o->speed = strtod(kv->val, &end);
		if (end == kv->val || *end != '\0' || !(o->speed > 0) || o->speed > 1e6)
			return cini_bad_quoted(p, kv,
					       "is not a number above 0 (the trace's offsets are "
					       "multiplied by it)");
	}
	if ((kv = cini_get(p, SEC, "ops")) != NULL && replay_parse_ops(kv->val, &o->ops, &we) < 0)
		return cini_bad(p, kv, we.msg);
	if ((kv = cini_get(p, SEC, "window")) != NULL &&
	    replay_parse_window(kv->val, &o->from_ns, &o->to_ns, &we) < 0)
		return cini_bad(p, kv, we.msg);
	if ((kv = cini_get(p, SEC, "remap")) != NULL &&
	    replay_parse_remap(kv->val, &o->keep_keys, &we) < 0)
		return cini_bad(p, kv, we.msg);
	return 0;
}

/* parse_load: concurrency, timeout and retries (the send keys: campaign_parse_send). */
static int parse_load(struct cini *p, struct campaign_replay *r, double campaign_timeout)
{
	struct campaign_bench *b = &r->bench;
	struct cini_kv *kv;
	struct workload wl;
	struct err we;
	uint64_t v = 0;

	if ((kv = cini_get(p, SEC, "concurrency")) != NULL &&
	    workload_parse_number(WLF_CONCURRENCY, kv->val, &v, &we) < 0)
		return cini_bad(p, kv, we.msg);
	if ((kv = cini_get(p, SEC, "retries")) != NULL &&
	    workload_parse_number(WLF_RETRIES, kv->val, &b->retries, &we) < 0)
		return cini_bad(p, kv, we.msg);
	if (cini_get_duration(p, SEC, "timeout", &b->timeout_s) < 0)
		return -1;
	memset(&wl, 0, sizeof(wl));
	workload_replay(&wl, &r->trace, (int)v);
	b->bound = WL_BOUND_DURATION;
	b->duration_s = wl.duration_s;
	b->size = wl.size;
	b->concurrency = wl.concurrency;
	if (b->timeout_s == 0)
		b->timeout_s = campaign_timeout;
	if (b->timeout_s == 0) {
		b->timeout_s = workload_default_timeout(&wl);
		b->timeout_derived = 1;
	}
	return 0;
}

int campaign_parse_replay(struct cini *p, struct campaign *c)
{
	struct campaign_replay *r = &c->replay;
	struct replay_opts o = {.speed = 1.0};
	struct cini_kv *kv;
	char path[4096];
	struct err te;

	r->bench.line = cini_sec_line(p, SEC);
	if (r->bench.line == 0)
		return 0;
	if ((kv = cini_get(p, SEC, "trace")) == NULL)
		return err_set(p->e,
			       "%s:%d: [" SEC "]: needs trace = FILE (an ops.tsv.zst, Warp's "
			       ".csv.zst or an S3 server access log)",
			       p->name, r->bench.line);
	if (trace_path(p, kv->val, path, sizeof(path)) < 0)
		return cini_bad(p, kv, "the path is too long");
	r->bench.send = c->matrix.send;
	if (parse_how(p, &o) < 0 || campaign_parse_send(p, SEC, &r->bench.send, NULL) < 0)
		return -1;
	if (replay_load(path, &o, &r->trace, &te) < 0) {
		replay_free(&r->trace);
		return cini_bad(p, kv, te.msg);
	}
	r->bench.enabled = 1;
	return parse_load(p, r, c->timeout_s);
}

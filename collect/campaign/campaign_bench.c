/* collect/campaign/campaign_bench.c: the runs of one section of a campaign file (struct
 * campaign_bench): their workload (campaign.h) and the message about a field of theirs
 * that workload_check refused (campaign_int.h). Used by the parser's three files and by
 * the plan. */
#include "collect/campaign/campaign_int.h"

#include <string.h>

void campaign_bench_workload(const struct campaign_bench *bench, enum wl_op op, uint64_t size,
			     int conc, struct workload *wl)
{
	memset(wl, 0, sizeof(*wl));
	wl->op = op;
	wl->size = size;
	wl->concurrency = conc;
	wl->bound = bench->bound;
	wl->duration_s = bench->bound == WL_BOUND_DURATION ? bench->duration_s : 0;
	wl->count = bench->bound == WL_BOUND_COUNT ? bench->count : 0;
	wl->objects = op == WL_PUT || op == WL_MULTIPART ? 0 : bench->objects;
	wl->batch = op == WL_DELETE ? bench->batch : 0;
	wl->part_size = op == WL_MULTIPART ? bench->part_size : 0;
	wl->retries = (int)bench->retries;
	wl->auto_stop = bench->bound == WL_BOUND_DURATION && bench->auto_stop;
	wl->min_duration_s = wl->auto_stop ? bench->min_duration_s : 0;
	wl->send = bench->send;
}

int campaign_oneoff_run(const struct campaign *c, int k, struct workload *wl,
			const struct campaign_bench **bench, const char **sec)
{
	const struct campaign_bench *once[] = {&c->list, &c->head, &c->del, &c->multipart};
	static const enum wl_op ops[] = {WL_LIST, WL_HEAD, WL_DELETE, WL_MULTIPART};
	static const char *const names[] = {"list", "head", "delete", "multipart"};
	const struct campaign_bench *b = &c->sweep.bench;
	const char *name = "rate";

	for (int o = 0; o < 4 && k >= 0; o++)
		if (once[o]->enabled && k-- == 0) {
			campaign_bench_workload(once[o], ops[o], once[o]->size,
						once[o]->concurrency, wl);
			b = once[o], name = names[o];
			goto found;
		}
	if (!c->sweep.bench.enabled || k < 0 || k >= c->sweep.n_rates)
		return -1;
	campaign_sweep_workload(c, k, wl);
found:
	if (bench != NULL)
		*bench = b;
	if (sec != NULL)
		*sec = name;
	return 0;
}

int campaign_bench_fault(struct cini *p, const char *sec, const struct campaign_bench *b,
			 enum wl_field f, const char *what)
{
	const char *key = workload_field_key(f);
	struct cini_kv *kv;

	if (strcmp(sec, "matrix") == 0 && f == WLF_OP)
		key = "ops";
	if (strcmp(sec, "matrix") == 0 && f == WLF_SIZE)
		key = cini_get(p, sec, "size") ? "size" : "sizes";
	if (strcmp(sec, "rate") == 0 && f == WLF_RATE)
		key = "rates";
	if ((kv = cini_get(p, sec, key)) != NULL)
		return cini_bad(p, kv, what);
	if (f == WLF_TIMEOUT && (kv = cini_get(p, "campaign", "timeout")) != NULL)
		return cini_bad(p, kv,
				"is not longer than the duration of every section; give a "
				"longer timeout");
	return err_set(p->e, "%s:%d: [%s] %s: %s", p->name, b->line, sec, key, what);
}

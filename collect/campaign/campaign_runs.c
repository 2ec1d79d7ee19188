/* collect/campaign/campaign_runs.c: the runs of a campaign, its sections expanded into
 * (subject, section, workload); see campaign_runs.h. */
#include "collect/campaign/campaign_runs.h"

#include <string.h>

#include "collect/campaign/campaign_int.h"

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
	wl->objects = op == WL_PUT || op == WL_MULTIPART ? 0
		      : workload_conditional(wl)         ? bench->keys
							 : bench->objects;
	wl->batch = op == WL_DELETE ? bench->batch : 0;
	wl->part_size = op == WL_MULTIPART ? bench->part_size : 0;
	wl->retries = (int)bench->retries;
	wl->auto_stop = bench->bound == WL_BOUND_DURATION && bench->auto_stop;
	wl->min_duration_s = wl->auto_stop ? bench->min_duration_s : 0;
	wl->send = bench->send;
	if (!workload_spreads(op)) /* a [matrix] key over its create-bucket cells */
		wl->send.buckets = wl->send.prefixes = 0;
	wl->delimiter = op == WL_LIST ? bench->delimiter : NULL;
	wl->page_size = op == WL_LIST ? bench->page_size : 0;
	if (bench->n_datasets > 0 && (op == WL_GET || op == WL_HEAD || op == WL_LIST))
		campaign_dataset_workload(bench->datasets[0], wl);
}

void campaign_dataset_workload(const struct campaign_dataset *d, struct workload *wl)
{
	wl->objects = d->keys.objects;
	wl->size = d->size;
	wl->dataset = &d->keys;
	wl->dataset_name = d->name;
	wl->dataset_prefix = d->prefix;
	wl->dataset_size = d->size;
	wl->dataset_layout = d->layout;
	wl->dataset_keys_sha256 = d->keys_sha256;
	wl->keep = 1;
	wl->send.buckets = wl->send.prefixes = 0; /* it lives in one bucket, under its prefix */
}

void campaign_bench_timeout(struct campaign_bench *b, double campaign_timeout, enum wl_op op,
			    int conc)
{
	struct workload wl;

	if (b->timeout_s == 0)
		b->timeout_s = campaign_timeout;
	if (b->timeout_s == 0) {
		campaign_bench_workload(b, op, b->size, conc, &wl);
		b->timeout_s = workload_default_timeout(&wl);
		b->timeout_derived = 1;
	}
}

int campaign_matrix_cells(const struct campaign *c)
{
	return c->n_ops * c->n_sizes * c->n_conc * (c->n_rates ? c->n_rates : 1);
}

void campaign_matrix_workload(const struct campaign *c, int cell, struct workload *wl)
{
	int nr = c->n_rates ? c->n_rates : 1;
	int ri = cell % nr, ci = cell / nr % c->n_conc;
	int si = cell / nr / c->n_conc % c->n_sizes, oi = cell / nr / c->n_conc / c->n_sizes;
	enum wl_op op = c->ops[oi];

	campaign_bench_workload(&c->matrix, op, c->sizes[si], c->conc[ci], wl);
	wl->sizes = c->size_specs[si];
	if (op == WL_MIXED)
		wl->mix = c->mix;
	if (op == WL_GET) {
		wl->range = c->range;
		wl->hedge = c->hedge;
	}
	wl->rate = c->n_rates ? c->rates[ri] : 0;
}

void campaign_sweep_workload(const struct campaign *c, int i, struct workload *wl)
{
	const struct campaign_sweep *sw = &c->sweep;

	campaign_bench_workload(&sw->bench, sw->op, sw->bench.size, sw->bench.concurrency, wl);
	wl->sizes = sw->sizes;
	if (sw->op == WL_MIXED)
		wl->mix = sw->mix;
	wl->rate = sw->rates[i];
}

/* replay_workload: the workload of c's [replay] run (its subject's keys not yet applied). */
static void replay_workload(const struct campaign *c, struct workload *wl)
{
	const struct campaign_replay *r = &c->replay;

	campaign_bench_workload(&r->bench, WL_MIXED, r->bench.size, r->bench.concurrency, wl);
	workload_replay(wl, &r->trace, r->bench.concurrency);
}

/* oneoff_run: one-off run k (from 0) of a subject, before the subject's keys: its
 * workload, section and section name into *r. -1 past the last. */
static int oneoff_run(const struct campaign *c, int k, struct campaign_run *r)
{
	const struct campaign_bench *once[] = {&c->list, &c->head, &c->del, &c->multipart};
	static const enum wl_op ops[] = {WL_LIST, WL_HEAD, WL_DELETE, WL_MULTIPART};
	static const char *const names[] = {"list", "head", "delete", "multipart"};

	for (int o = 0; o < 4; o++) {
		int runs = once[o]->n_datasets > 0 ? once[o]->n_datasets : 1;
		if (!once[o]->enabled || k >= runs) {
			k -= once[o]->enabled ? runs : 0;
			continue;
		}
		campaign_bench_workload(once[o], ops[o], once[o]->size, once[o]->concurrency,
					&r->wl);
		if (once[o]->n_datasets > 0)
			campaign_dataset_workload(once[o]->datasets[k], &r->wl);
		r->bench = once[o], r->sec = names[o];
		return 0;
	}
	if (c->sweep.bench.enabled && k < c->sweep.n_rates) {
		campaign_sweep_workload(c, k, &r->wl);
		r->bench = &c->sweep.bench, r->sec = "rate";
		return 0;
	}
	k -= c->sweep.bench.enabled ? c->sweep.n_rates : 0;
	if (!c->replay.bench.enabled || k != 0)
		return -1;
	replay_workload(c, &r->wl);
	r->bench = &c->replay.bench, r->sec = "replay";
	return 0;
}

int campaign_run_count(const struct campaign *c)
{
	struct campaign_run r;
	int n = 0;

	while (oneoff_run(c, n, &r) == 0)
		n++;
	return campaign_matrix_cells(c) + n;
}

/* send_override: the send fields subject s sets, over *snd. */
static void send_override(const struct campaign_subject *s, struct wl_send *snd)
{
	const struct wl_send *o = &s->send;
	unsigned b = s->send_set;

	if (b & 1u << (WLF_CHECKSUM - WLF_CHECKSUM))
		snd->checksum = o->checksum;
	if (b & 1u << (WLF_PAYLOAD - WLF_CHECKSUM))
		snd->payload = o->payload;
	if (b & 1u << (WLF_READS - WLF_CHECKSUM))
		snd->reads = o->reads;
	if (b & 1u << (WLF_HTTP - WLF_CHECKSUM))
		snd->http2 = o->http2;
	if (b & 1u << (WLF_HTTP2_SHARED - WLF_CHECKSUM))
		snd->http2_shared = o->http2_shared;
	if (b & 1u << (WLF_KEEPALIVE - WLF_CHECKSUM))
		snd->no_keepalive = o->no_keepalive;
	if (b & 1u << (WLF_ADDRESSES - WLF_CHECKSUM))
		snd->spread = o->spread;
	if (b & 1u << (WLF_TLS_RESUME - WLF_CHECKSUM))
		snd->tls_resume = o->tls_resume;
	if (b & 1u << (WLF_DATA - WLF_CHECKSUM)) {
		snd->data = o->data;
		snd->data_value = o->data_value;
		memcpy(snd->data_spec, o->data_spec, sizeof(snd->data_spec));
	}
	if (b & 1u << (WLF_SSE - WLF_CHECKSUM)) {
		snd->sse = o->sse;
		memcpy(snd->sse_kms, o->sse_kms, sizeof(snd->sse_kms));
		memcpy(snd->sse_spec, o->sse_spec, sizeof(snd->sse_spec));
	}
	if (b & 1u << (WLF_TAGS - WLF_CHECKSUM))
		snd->tags = o->tags;
	if (b & 1u << (WLF_BUCKETS - WLF_CHECKSUM))
		snd->buckets = o->buckets;
	if (b & 1u << (WLF_PREFIXES - WLF_CHECKSUM))
		snd->prefixes = o->prefixes;
	if (b & 1u << (WLF_CONNECT_TIMEOUT - WLF_CHECKSUM))
		snd->connect_timeout_ms = o->connect_timeout_ms;
	if (b & 1u << (WLF_READ_TIMEOUT - WLF_CHECKSUM))
		snd->read_timeout_ms = o->read_timeout_ms;
	if (b & 1u << (WLF_REQUEST_TIMEOUT - WLF_CHECKSUM))
		snd->request_timeout_ms = o->request_timeout_ms;
}

/* subject_override: the workload-mode keys subject s sets, over run r (campaign_run_at) */
static void subject_override(const struct campaign_subject *s, struct campaign_run *r)
{
	struct workload *wl = &r->wl;
	int changed = 0;

	send_override(s, &wl->send);
	if (wl->dataset != NULL) /* a dataset is not spread, whatever the subject says */
		wl->send.buckets = wl->send.prefixes = 0;
	if (s->retries_set)
		wl->retries = s->retries;
	/* a replay's bound is its trace's span, whatever the subject's duration */
	if (wl->trace == NULL && wl->bound == WL_BOUND_DURATION && s->dur_set == 1) {
		wl->duration_own = wl->auto_stop || wl->duration_s != s->duration_s;
		wl->duration_s = s->duration_s;
		wl->auto_stop = 0;
		wl->min_duration_s = 0;
		changed = 1;
	} else if (wl->trace == NULL && wl->bound == WL_BOUND_DURATION && s->dur_set == 2 &&
		   wl->rate == 0) {
		wl->duration_s = s->duration_s;
		wl->auto_stop = 1;
		wl->min_duration_s = s->min_duration_s;
		changed = 1;
	}
	if (changed && r->bench->timeout_derived)
		r->timeout_s = workload_default_timeout(wl);
	if (!workload_spreads(wl->op)) /* a subject's buckets over an op that does not spread */
		wl->send.buckets = wl->send.prefixes = 0;
}

int campaign_run_at(const struct campaign *c, const struct campaign_subject *s, int k,
		    struct campaign_run *r)
{
	int cells = campaign_matrix_cells(c);

	if (k < 0)
		return -1;
	if (k < cells) {
		campaign_matrix_workload(c, k, &r->wl);
		r->bench = &c->matrix, r->sec = "matrix";
	} else if (oneoff_run(c, k - cells, r) < 0) {
		return -1;
	}
	r->timeout_s = r->bench->timeout_s;
	if (s != NULL)
		subject_override(s, r);
	return 0;
}

/* collect/campaign/campaign_send.c: the workload-mode keys of a campaign file: how requests
 * are sent (struct wl_send) in its sections and subjects, and the other keys a [subject]
 * may override (retries, duration = D | auto); see campaign_int.h and campaign.h. */
#include "collect/campaign/campaign_int.h"

int campaign_parse_send(struct cini *p, const char *sec, struct wl_send *snd, unsigned *set)
{
	for (int f = WLF_CHECKSUM; f <= WLF_SEND_LAST; f++) {
		struct cini_kv *kv = cini_get(p, sec, workload_field_key((enum wl_field)f));
		struct err we;

		if (kv == NULL)
			continue;
		if (workload_parse_send((enum wl_field)f, kv->val, snd, &we) < 0)
			return cini_bad(p, kv, we.msg);
		if (set != NULL)
			*set |= 1u << (f - WLF_CHECKSUM);
	}
	return 0;
}

void campaign_send_override(const struct campaign_subject *s, struct wl_send *snd)
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
	if (b & 1u << (WLF_BUCKETS - WLF_CHECKSUM))
		snd->buckets = o->buckets;
	if (b & 1u << (WLF_PREFIXES - WLF_CHECKSUM))
		snd->prefixes = o->prefixes;
}

int campaign_parse_subject_modes(struct cini *p, const char *sec, struct campaign_subject *sub)
{
	struct cini_kv *kv = cini_get(p, sec, workload_field_key(WLF_RETRIES));
	struct campaign_bench b = {0};
	struct err we;
	uint64_t v;

	if (campaign_parse_send(p, sec, &sub->send, &sub->send_set) < 0)
		return -1;
	if (kv != NULL) {
		if (workload_parse_number(WLF_RETRIES, kv->val, &v, &we) < 0)
			return cini_bad(p, kv, we.msg);
		sub->retries_set = 1;
		sub->retries = (int)v;
	}
	if (campaign_parse_auto(p, sec, &b) < 0)
		return -1;
	if (b.auto_stop) {
		sub->dur_set = 2;
		sub->duration_s = b.duration_s;
		sub->min_duration_s = b.min_duration_s;
	} else if (cini_get(p, sec, "duration") != NULL) {
		if (cini_get_duration(p, sec, "duration", &sub->duration_s) < 0)
			return -1;
		sub->dur_set = 1;
	}
	return 0;
}

void campaign_subject_override(const struct campaign_subject *s, const struct campaign_bench *bench,
			       struct workload *wl, double *timeout_s)
{
	int changed = 0;

	campaign_send_override(s, &wl->send);
	if (s->retries_set)
		wl->retries = s->retries;
	if (wl->bound == WL_BOUND_DURATION && s->dur_set == 1) {
		wl->duration_own = wl->auto_stop || wl->duration_s != s->duration_s;
		wl->duration_s = s->duration_s;
		wl->auto_stop = 0;
		wl->min_duration_s = 0;
		changed = 1;
	} else if (wl->bound == WL_BOUND_DURATION && s->dur_set == 2 && wl->rate == 0) {
		wl->duration_s = s->duration_s;
		wl->auto_stop = 1;
		wl->min_duration_s = s->min_duration_s;
		changed = 1;
	}
	if (changed && bench->timeout_derived)
		*timeout_s = workload_default_timeout(wl);
}

/* run_of: run k (from 0) of c's sections, as the plan makes them: the [matrix] cells,
 * then the one-off runs (campaign_oneoff_run); its workload in *wl, its section's name
 * and record in *sec, *bench. -1 past the last. */
static int run_of(const struct campaign *c, int k, struct workload *wl, const char **sec,
		  const struct campaign_bench **bench)
{
	if (k >= campaign_matrix_cells(c))
		return campaign_oneoff_run(c, k - campaign_matrix_cells(c), wl, bench, sec);
	campaign_matrix_workload(c, k, wl);
	*sec = "matrix", *bench = &c->matrix;
	return 0;
}

/* subject_key: the key of subject sub that set field f, or NULL when sub sets no key
 * of f (the section's value is at fault). */
static const char *subject_key(struct cini *p, const struct campaign_subject *sub, const char *sec,
			       enum wl_field f)
{
	unsigned ck = 1u << (WLF_CHECKSUM - WLF_CHECKSUM);

	if (workload_is_send_field(f) && sub->send_set & 1u << (f - WLF_CHECKSUM))
		return workload_field_key(f);
	if (f == WLF_PAYLOAD && sub->send_set & ck) /* the payload needs another checksum */
		return "checksum";
	if (workload_is_send_field(f))
		return NULL;
	if (f == WLF_RETRIES)
		return sub->retries_set ? "retries" : NULL;
	if ((f == WLF_DURATION || f == WLF_TIMEOUT) && sub->dur_set == 2)
		return cini_get(p, sec, "max_duration") != NULL ? "max_duration" : "duration";
	if (f == WLF_DURATION || f == WLF_TIMEOUT)
		return sub->dur_set == 1 ? "duration" : NULL;
	return NULL;
}

int campaign_check_subject_modes(struct cini *p, const struct campaign *c,
				 const struct campaign_subject *sub, const char *sec)
{
	const struct campaign_bench *bench;
	const char *bsec, *key;
	struct workload wl;
	enum wl_field f;
	struct err we;
	char what[sizeof(we.msg) + 96];
	double t;

	if (sub->send_set == 0 && !sub->retries_set && sub->dur_set == 0)
		return 0;
	for (int k = 0; run_of(c, k, &wl, &bsec, &bench) == 0; k++) {
		t = bench->timeout_s;
		campaign_subject_override(sub, bench, &wl, &t);
		if (workload_check(&wl, t, &f, &we) == 0)
			continue;
		if ((key = subject_key(p, sub, sec, f)) == NULL)
			return campaign_bench_fault(p, bsec, bench, f, we.msg);
		if (f == WLF_TIMEOUT)
			snprintf(what, sizeof(what),
				 "[%s]'s timeout %s; give a longer timeout there or in "
				 "[campaign]",
				 bsec, we.msg);
		else
			snprintf(what, sizeof(what), "%s (a run of [%s])", we.msg, bsec);
		return cini_bad(p, cini_get(p, sec, key), what);
	}
	return 0;
}

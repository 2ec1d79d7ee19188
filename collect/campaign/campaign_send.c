/* collect/campaign/campaign_send.c: the keys of how requests are sent (struct wl_send)
 * in a campaign file's sections and subjects; see campaign_int.h and campaign.h. */
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

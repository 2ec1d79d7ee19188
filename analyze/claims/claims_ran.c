/* analyze/claims/claims_ran.c: the "ran-differently" claims (claim_kinds.h;
 * docs/METHODOLOGY.md, "Claims": how the subjects ran): for each aspect of how requests
 * were sent (signing, checksum, HTTP version, addressing, retries, duration mode, reads,
 * keep-alive, addresses, buckets, prefixes, upload data, encryption, tags), each subject's value from the modes of all its
 * runs (agg_subject.send, runlog_workload_modes_merge) or the default; a subject whose value
 * is not the one most subjects share (every subject with a value of its own when no value
 * is shared by more subjects than another) ran differently ("differs"). In a merge of
 * vantages, a subject whose value differs between the vantages it has runs from ran
 * differently by vantage ("differs-by-vantage"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/claims/claim_kinds.h"
#include "analyze/read/runlog_workload.h"
#include "core/runrec/runrec.h"
#include "core/strbuf.h"

#define VALUE_MAX 256

/* An aspect: its name in the claim and the keys of the send items that make it. */
struct aspect {
	const char *name;
	const char *keys[2];
	const char *fallback; /* its value when no item is given ("" : the first key's default) */
};

static const struct aspect aspects[] = {
	{"signing", {"payload"}, ""},
	{"checksum", {"checksum"}, ""},
	{"http", {"http", "http2_shared"}, ""},
	{"addressing", {"addressing"}, "addressing unknown"},
	{"retries", {"retries"}, "retries 0"},
	{"duration", {"duration"}, "duration campaign"},
	{"reads", {"reads"}, ""},
	{"keepalive", {"keepalive"}, ""},
	{"addresses", {"addresses"}, ""},
	{"buckets", {"buckets"}, "buckets 1"},
	{"prefixes", {"prefixes"}, "prefixes 1"},
	{"data", {"data"}, ""},
	{"sse", {"sse"}, ""},
	{"tags", {"tags"}, ""},
};

#define N_ASPECTS (sizeof(aspects) / sizeof(aspects[0]))

/* send_default: "KEY DEFAULT" of send field key into buf; "" when key is not one. */
static void send_default(const char *key, char *buf, size_t n)
{
	buf[0] = '\0';
	for (int f = 0; f < RUNREC_SEND_COUNT; f++)
		if (strcmp(runrec_send_key((enum runrec_send_field)f), key) == 0)
			snprintf(buf, n, "%s %s", key,
				 runrec_send_default((enum runrec_send_field)f));
}

/* has_key: item ("checksum crc32") is of key. */
static int has_key(const char *item, size_t len, const char *key)
{
	size_t k;

	if (key == NULL)
		return 0;
	k = strlen(key);
	return len > k && strncmp(item, key, k) == 0 && item[k] == ' ';
}

/* addressing_of: how subject s's runs (of vantage v; -1: any) addressed the bucket
 * ("addressing path"), from the first run that says; NULL when none does. */
static const char *addressing_of(const struct aggregate *a, size_t s, int v, char *buf, size_t n)
{
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *r = a->runs[i].log;
		const char *how = r->addressing_used != NULL ? r->addressing_used : r->addressing;

		if (a->runs[i].subject == s && (v < 0 || r->vantage == v) && how != NULL) {
			snprintf(buf, n, "addressing %s", how);
			return buf;
		}
	}
	return NULL;
}

/* value_from: the value of aspect x of a subject whose runs' modes are send (NULL: the
 * defaults) and addressing how (NULL: unknown) into buf: its send items of x's keys joined
 * by ", ", else the fallback. */
static void value_from(const char *send, const char *how, const struct aspect *x, char *buf,
		       size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	if (strcmp(x->name, "addressing") == 0 && how != NULL) {
		snprintf(buf, n, "%s", how);
		return;
	}
	for (const char *p = send; p != NULL && *p;) {
		size_t l = strcspn(p, ",");

		if ((has_key(p, l, x->keys[0]) || has_key(p, l, x->keys[1])) && len + l + 3 < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%.*s", len ? ", " : "",
						(int)l, p);
		p += l;
		while (*p == ',' || *p == ' ')
			p++;
	}
	if (len == 0 && x->fallback[0])
		snprintf(buf, n, "%s", x->fallback);
	else if (len == 0)
		send_default(x->keys[0], buf, n);
}

/* value_of: subject s's value of aspect x (over all its runs) into buf. */
static void value_of(const struct aggregate *a, size_t s, const struct aspect *x, char *buf,
		     size_t n)
{
	char how[VALUE_MAX];

	value_from(a->subjects[s].send, addressing_of(a, s, -1, how, sizeof(how)), x, buf, n);
}

/* aspect_claims: the claims of aspect x; v: scratch of a->n_subjects values. */
static int aspect_claims(struct claim_list *l, const struct aggregate *a, const struct aspect *x,
			 char (*v)[VALUE_MAX])
{
	size_t ns = a->n_subjects, max = 0, n_max = 0, common = 0;

	for (size_t s = 0; s < ns; s++)
		value_of(a, s, x, v[s], VALUE_MAX);
	for (size_t s = 0; s < ns; s++) {
		size_t c = 0;

		for (size_t t = 0; t < ns; t++)
			c += strcmp(v[s], v[t]) == 0;
		if (c > max) {
			max = c;
			n_max = 0;
			common = s;
		}
		n_max += c == max; /* each subject of a most common value: values = n_max / max */
	}
	if (max == ns)
		return 0;
	for (size_t s = 0; s < ns; s++) {
		struct claim_key k = claim_key_of("ran-differently");
		int shared = n_max / max == 1;

		if (shared && strcmp(v[s], v[common]) == 0)
			continue;
		k.subject = (int)s;
		snprintf(k.extra, sizeof(k.extra), "%s", x->name);
		if (claims_add(l, a, &k, "differs") < 0)
			return -1;
		for (size_t t = 0; t < ns; t++)
			if (strcmp(v[s], v[t]) != 0)
				claims_also(l, (int)t);
		claims_text(l, "aspect", x->name);
		claims_text(l, "value", v[s]);
		claims_text(l, "others", shared ? v[common] : NULL);
	}
	return l->failed ? -1 : 0;
}

/* vantage_send: the modes of subject s's runs of vantage k (runlog_workload_modes_merge)
 * into *out (NULL: the defaults); *runs: how many. sends: scratch of a->n_runs. */
static int vantage_send(const struct aggregate *a, size_t s, int k, const char **sends,
			size_t *runs, char **out)
{
	*runs = 0;
	for (size_t i = 0; i < a->n_runs; i++)
		if (a->runs[i].subject == s && a->runs[i].log->vantage == k)
			sends[(*runs)++] = a->runs[i].log->workload.send;
	return runlog_workload_modes_merge(sends, *runs, out);
}

/* by_vantage: subject s's value of aspect x from each vantage of v with runs of s
 * ("addressing path (us-east), addressing virtual (eu-west)") into b; 1 when two differ. */
static int by_vantage(const struct aggregate *a, const struct vantage_set *v, size_t s,
		      const struct aspect *x, const char **sends, struct strbuf *b)
{
	char first[VALUE_MAX] = "", val[VALUE_MAX], how[VALUE_MAX];
	int differ = 0;

	strbuf_reset(b);
	for (size_t k = 0; k < v->n; k++) {
		char *send = NULL;
		size_t runs;

		if (vantage_send(a, s, (int)k, sends, &runs, &send) < 0) {
			b->failed = 1;
			return 0;
		}
		if (runs > 0) {
			value_from(send, addressing_of(a, s, (int)k, how, sizeof(how)), x, val,
				   sizeof(val));
			differ |= first[0] != '\0' && strcmp(first, val) != 0;
			if (first[0] == '\0')
				snprintf(first, sizeof(first), "%s", val);
			strbuf_addf(b, "%s%s (%s)", b->len ? ", " : "", val, v->names[k]);
		}
		free(send);
	}
	return differ;
}

/* vantage_claims: in a merge of vantages v, a "differs-by-vantage" claim per subject and
 * aspect whose value differs between two vantages with runs of it. */
static int vantage_claims(struct claim_list *l, const struct aggregate *a,
			  const struct vantage_set *v)
{
	const char **sends = calloc(a->n_runs + 1, sizeof(*sends));
	struct strbuf b = {0};

	if (sends == NULL)
		return -1;
	for (size_t s = 0; s < a->n_subjects; s++)
		for (size_t i = 0; i < N_ASPECTS && !l->failed && !b.failed; i++) {
			struct claim_key k = claim_key_of("ran-differently");

			if (!by_vantage(a, v, s, &aspects[i], sends, &b))
				continue;
			k.subject = (int)s;
			snprintf(k.extra, sizeof(k.extra), "%s/vantages", aspects[i].name);
			if (claims_add(l, a, &k, "differs-by-vantage") == 0) {
				claims_text(l, "aspect", aspects[i].name);
				claims_text(l, "values", b.p);
			}
		}
	free(sends);
	if (b.failed)
		l->failed = 1;
	strbuf_free(&b);
	return l->failed ? -1 : 0;
}

int claims_ran(struct claim_list *l, const struct aggregate *a, const struct vantage_set *vs)
{
	char(*v)[VALUE_MAX] = calloc(a->n_subjects + 1, VALUE_MAX);
	int rc = 0;

	if (v == NULL)
		return -1;
	for (size_t i = 0; i < N_ASPECTS && rc == 0 && a->n_subjects > 1; i++)
		rc = aspect_claims(l, a, &aspects[i], v);
	free(v);
	if (rc == 0 && vs != NULL && vs->n >= 2)
		rc = vantage_claims(l, a, vs);
	return rc;
}

/* analyze/claims/claims_ran.c: the "ran-differently" claims (claim_kinds.h;
 * docs/METHODOLOGY.md, "Claims": how the subjects ran): for each aspect of how requests
 * were sent (signing, checksum, HTTP version, addressing, retries, duration mode, reads,
 * keep-alive, addresses, buckets, prefixes, upload data, encryption, tags), each subject's value from the modes of all its
 * runs (agg_subject.send, runlog_workload_modes_merge) or the default; a subject whose value
 * is not the one most subjects share (every subject with a value of its own when no value
 * is shared by more subjects than another) ran differently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/claims/claim_kinds.h"
#include "core/runrec/runrec.h"

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

/* addressing_of: how subject s's runs addressed the bucket ("addressing path"), from the
 * first run that says; NULL when none does. */
static const char *addressing_of(const struct aggregate *a, size_t s, char *buf, size_t n)
{
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *r = a->runs[i].log;
		const char *how = r->addressing_used != NULL ? r->addressing_used : r->addressing;

		if (a->runs[i].subject == s && how != NULL) {
			snprintf(buf, n, "addressing %s", how);
			return buf;
		}
	}
	return NULL;
}

/* value_of: subject s's value of aspect x into buf: its send items of x's keys joined by
 * ", ", else the fallback. */
static void value_of(const struct aggregate *a, size_t s, const struct aspect *x, char *buf,
		     size_t n)
{
	const char *send = a->subjects[s].send, *how;
	size_t len = 0;

	buf[0] = '\0';
	if (strcmp(x->name, "addressing") == 0 && (how = addressing_of(a, s, buf, n)) != NULL)
		return;
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

int claims_ran(struct claim_list *l, const struct aggregate *a)
{
	char(*v)[VALUE_MAX] = calloc(a->n_subjects + 1, VALUE_MAX);
	int rc = 0;

	if (v == NULL)
		return -1;
	for (size_t i = 0; i < N_ASPECTS && rc == 0 && a->n_subjects > 1; i++)
		rc = aspect_claims(l, a, &aspects[i], v);
	free(v);
	return rc;
}

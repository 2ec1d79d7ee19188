/* collect/workload_spread.c: many buckets and key prefixes (collect/workload.h): their
 * names and which object goes where. */
#include "collect/workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int workload_buckets(const struct workload *wl)
{
	return wl->send.buckets > 1 ? wl->send.buckets : 1;
}

int workload_prefixes(const struct workload *wl)
{
	return wl->send.prefixes > 1 ? wl->send.prefixes : 1;
}

int workload_spreads(enum wl_op op)
{
	return op == WL_PUT || op == WL_GET || op == WL_HEAD || op == WL_LIST || op == WL_DELETE ||
	       op == WL_MULTIPART || op == WL_MIXED;
}

int workload_bucket_name(const char *base, int i, char *buf, size_t n)
{
	int len = i == 0 ? snprintf(buf, n, "%s", base) : snprintf(buf, n, "%s-%d", base, i);

	if (len < 0 || (size_t)len >= n || len > WL_BUCKET_NAME_MAX)
		return -1;
	return 0;
}

int workload_check_bucket_names(const char *base, int buckets, struct err *e)
{
	char name[WL_BUCKET_NAME_MAX + 16];

	if (buckets <= 1 || workload_bucket_name(base, buckets - 1, name, sizeof(name)) == 0)
		return 0;
	return err_set(e,
		       "'%s' is too long for %d buckets: the last, '%s-%d', would be longer than "
		       "S3's limit of %d characters",
		       base, buckets, base, buckets - 1, WL_BUCKET_NAME_MAX);
}

char *workload_key_prefix(int i, int prefixes, char *buf, size_t n)
{
	if (prefixes <= 1)
		snprintf(buf, n, "%s", "");
	else
		snprintf(buf, n, "p%03d/", i);
	return buf;
}

void workload_spread_of(uint64_t m, int buckets, int prefixes, int *bucket, int *prefix)
{
	uint64_t b = buckets > 1 ? (uint64_t)buckets : 1, p = prefixes > 1 ? (uint64_t)prefixes : 1;

	*bucket = (int)(m % b);
	*prefix = (int)(m / b % p);
}

void workload_where_free(struct workload_where *w)
{
	for (int i = 0; w->bucket != NULL && i < w->nb; i++)
		free(w->bucket[i]);
	for (int j = 0; w->prefix != NULL && j < w->np; j++)
		free(w->prefix[j]);
	free(w->bucket);
	free(w->prefix);
	memset(w, 0, sizeof(*w));
}

int workload_where_new(struct workload_where *w, const char *base, int nb, int np,
		       const char *run_prefix, struct err *e)
{
	char name[WL_BUCKET_NAME_MAX + 16], kp[16];
	size_t plen = strlen(run_prefix) + sizeof(kp);

	memset(w, 0, sizeof(*w));
	w->nb = nb > 1 ? nb : 1;
	w->np = np > 1 ? np : 1;
	w->bucket = calloc((size_t)w->nb, sizeof(*w->bucket));
	w->prefix = calloc((size_t)w->np, sizeof(*w->prefix));
	if (w->bucket == NULL || w->prefix == NULL)
		goto oom;
	if (workload_check_bucket_names(base, w->nb, e) < 0) {
		workload_where_free(w);
		return -1;
	}
	for (int i = 0; i < w->nb; i++) {
		workload_bucket_name(base, i, name, sizeof(name));
		if ((w->bucket[i] = strdup(i == 0 ? base : name)) == NULL)
			goto oom;
	}
	for (int j = 0; j < w->np; j++) {
		if ((w->prefix[j] = malloc(plen)) == NULL)
			goto oom;
		snprintf(w->prefix[j], plen, "%s%s", workload_key_prefix(j, w->np, kp, sizeof(kp)),
			 run_prefix);
	}
	return 0;
oom:
	workload_where_free(w);
	return err_set(e, "out of memory");
}

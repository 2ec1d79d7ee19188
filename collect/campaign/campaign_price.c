/* collect/campaign/campaign_price.c: a subject's price keys and `prices = FILE:SECTION`
 * (docs/CAMPAIGN.md, "Prices"): the file's section, then the subject's own keys over it, read
 * as one section by core/price.h (price_set_section). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "core/fsutil.h"
#include "core/price.h"

#define PRICE_KEYS_MAX 64

/* The price keys of a subject: those of its price file's section, then its own. */
struct keys {
	struct cini *from[2 * PRICE_KEYS_MAX];
	struct cini_kv *kv[2 * PRICE_KEYS_MAX];
	const char *key[2 * PRICE_KEYS_MAX], *val[2 * PRICE_KEYS_MAX];
	size_t n;
};

/* gather: the price keys of section sec of p into *k (a file's `date` as price_date). */
static int gather(struct cini *p, const char *sec, int file, struct keys *k)
{
	for (int i = 0; i < p->n_kv; i++) {
		struct cini_kv *kv = &p->kv[i];
		int date = file && strcmp(kv->key, "date") == 0;
		if (strcmp(kv->sec, sec) != 0 || (!date && !price_is_key(kv->key)))
			continue;
		if (k->n == sizeof(k->kv) / sizeof(k->kv[0]))
			return cini_bad(p, kv, "too many price keys");
		kv->used = 1;
		k->from[k->n] = p;
		k->kv[k->n] = kv;
		k->key[k->n] = date ? "price_date" : kv->key;
		k->val[k->n++] = kv->val;
	}
	return 0;
}

/* apply: the gathered keys into *out; a wrong one named in its own file (both files'
 * messages go to the campaign's err). */
static int apply(struct keys *k, struct prices *out)
{
	struct err ke;
	size_t bad;

	if (price_set_section(out, k->key, k->val, k->n, &bad, &ke) == 0)
		return 0;
	return cini_bad(k->from[bad], k->kv[bad], ke.msg);
}

/* read_text: the whole file (NUL-terminated, malloc'ed, at most 1 MiB) or NULL with a
 * message naming the campaign file's line. */
static char *read_text(const char *path, const struct cini_kv *kv, struct cini *p)
{
	struct err le;
	char what[sizeof(le.msg) + 16];
	char *text = fs_read_file(path, 1 << 20, NULL, &le);

	if (text == NULL) {
		snprintf(what, sizeof(what), "price file %s", le.msg);
		cini_bad(p, kv, what);
	}
	return text;
}

/* from_file: `prices = FILE:SECTION` (FILE relative to the campaign file's folder): the
 * section's keys into *k, then *out applied (the file's messages name it). */
static int from_file(struct cini *p, struct cini_kv *kv, const char *sec_of, struct prices *out)
{
	const char *colon = strrchr(kv->val, ':');
	char path[1024], sec[256];
	struct cini f;
	struct keys *k = NULL;
	char *text;
	int rc = -1;

	if (colon == NULL || colon == kv->val || colon[1] == '\0' ||
	    strlen(colon + 1) >= sizeof(sec))
		return cini_bad_quoted(p, kv,
				       "is not FILE:SECTION (data/prices/providers.ini:aws)");
	snprintf(sec, sizeof(sec), "%s", colon + 1);
	int flen = (int)(colon - kv->val);
	const char *slash = strrchr(p->name, '/');
	if (kv->val[0] == '/' || slash == NULL)
		snprintf(path, sizeof(path), "%.*s", flen, kv->val);
	else
		snprintf(path, sizeof(path), "%.*s/%.*s", (int)(slash - p->name), p->name, flen,
			 kv->val);
	if ((text = read_text(path, kv, p)) == NULL)
		return -1;
	cini_init(&f, text, path, p->e);
	if (cini_parse(&f) < 0)
		goto out;
	if (cini_sec_line(&f, sec) == 0) {
		char what[300];
		snprintf(what, sizeof(what), "%s has no section [%s]", path, sec);
		cini_bad(p, kv, what);
		goto out;
	}
	for (int i = 0; i < f.n_kv; i++)
		if (strcmp(f.kv[i].sec, sec) == 0 && !price_is_key(f.kv[i].key) &&
		    strcmp(f.kv[i].key, "source") != 0 && strcmp(f.kv[i].key, "date") != 0 &&
		    strcmp(f.kv[i].key, "note") != 0) {
			cini_bad(&f, &f.kv[i], "unknown key (a price key, date, source or note)");
			goto out;
		}
	if ((k = calloc(1, sizeof(*k))) == NULL) {
		err_set(p->e, "%s: out of memory", p->name);
		goto out;
	}
	if (gather(&f, sec, 1, k) == 0 && gather(p, sec_of, 0, k) == 0)
		rc = apply(k, out);
out:
	free(k);
	cini_free(&f);
	free(text);
	return rc;
}

int campaign_parse_prices(struct cini *p, const char *sec, struct prices *out)
{
	struct cini_kv *kv = cini_get(p, sec, "prices");
	struct keys *k;
	int rc = -1;

	price_init(out);
	if (kv != NULL)
		return from_file(p, kv, sec, out);
	if ((k = calloc(1, sizeof(*k))) == NULL)
		return err_set(p->e, "%s: out of memory", p->name);
	if (gather(p, sec, 0, k) == 0)
		rc = apply(k, out);
	free(k);
	return rc;
}

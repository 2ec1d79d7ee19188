/* collect/campaign/campaign_price.c: a subject's price keys and `prices = FILE:SECTION`
 * (docs/CAMPAIGN.md, "Prices"); the strings are read by core/price.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "core/price.h"

/* apply: the price keys of section sec of p into *out; messages name p's file. */
static int apply(struct cini *p, const char *sec, struct prices *out)
{
	struct err ke;

	for (int i = 0; price_key_order[i]; i++) {
		struct cini_kv *kv = cini_get(p, sec, price_key_order[i]);
		if (kv == NULL)
			continue;
		if (price_set_key(out, price_key_order[i], kv->val, &ke) < 0)
			return cini_bad(p, kv, ke.msg);
	}
	return 0;
}

/* read_text: the whole file (NUL-terminated, malloc'ed) or NULL with a message. */
static char *read_text(const char *path, const struct cini_kv *kv, struct cini *p)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t n = 0, cap = 0, got;

	if (f == NULL) {
		char what[600];
		snprintf(what, sizeof(what), "cannot open the price file %s: %s", path,
			 strerror(errno));
		cini_bad(p, kv, what);
		return NULL;
	}
	do {
		if (n + 4096 + 1 > cap) {
			char *t = realloc(text, cap = cap * 2 + 4096 + 1);
			if (t == NULL) {
				free(text);
				fclose(f);
				err_set(p->e, "%s: out of memory", p->name);
				return NULL;
			}
			text = t;
		}
		got = fread(text + n, 1, 4096, f);
		n += got;
	} while (got > 0 && n < (1u << 20));
	fclose(f);
	text[n] = '\0';
	return text;
}

/* from_file: `prices = FILE:SECTION` (FILE relative to the campaign file's folder). */
static int from_file(struct cini *p, struct cini_kv *kv, struct prices *out)
{
	const char *colon = strrchr(kv->val, ':');
	char path[1024], sec[256];
	struct cini f;
	char *text;
	int rc = -1;

	if (colon == NULL || colon == kv->val || colon[1] == '\0' ||
	    strlen(colon + 1) >= sizeof(sec))
		return cini_bad_quoted(p, kv, "is not FILE:SECTION (data/prices/example.ini:aws)");
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
	rc = apply(&f, sec, out);
	struct cini_kv *dk = rc == 0 ? cini_get(&f, sec, "date") : NULL;
	struct err de;
	if (dk != NULL && price_set_key(out, "price_date", dk->val, &de) < 0)
		rc = cini_bad(&f, dk, de.msg);
out:
	cini_free(&f);
	free(text);
	return rc;
}

int campaign_parse_prices(struct cini *p, const char *sec, struct prices *out)
{
	struct cini_kv *kv = cini_get(p, sec, "prices");

	price_init(out);
	if (kv != NULL && from_file(p, kv, out) < 0)
		return -1;
	return apply(p, sec, out);
}

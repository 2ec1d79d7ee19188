/* analyze/read/pricefile.c: a price file read with inih (analyze/read/pricefile.h). */
#include "analyze/read/pricefile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ini.h>

struct pf_parse {
	struct pricefile *pf;
	char msg[ERR_MSG_MAX]; /* the first error (ini_parse gives its line) */
	int nomem;
};

/* check: whether key = val may stand in a price section; 0 with the reason in msg. */
static int check(struct pf_parse *p, const char *sec, const char *key, const char *val)
{
	struct prices scratch;
	struct err ke;
	const char *as = strcmp(key, "date") == 0 ? "price_date" : key;

	if (sec[0] == '\0') {
		snprintf(p->msg, sizeof(p->msg), "%s: a key before the first [SECTION]", key);
		return 0;
	}
	if (strcmp(key, "source") == 0 || strcmp(key, "note") == 0)
		return 1;
	for (size_t i = 0, n = 0; i < p->pf->n; i++)
		if (strcmp(p->pf->kv[i].sec, sec) == 0 && ++n >= PRICEFILE_SECTION_MAX) {
			snprintf(p->msg, sizeof(p->msg), "[%s] %s: more than %d price keys", sec,
				 key, PRICEFILE_SECTION_MAX);
			return 0;
		}
	if (!price_is_key(as)) {
		snprintf(p->msg, sizeof(p->msg),
			 "[%s] %s: unknown key (a price key, date, source or note)", sec, key);
		return 0;
	}
	price_init(&scratch);
	if (price_set_key(&scratch, as, val, &ke) < 0) {
		snprintf(p->msg, sizeof(p->msg), "[%s] %s: %s", sec, key, ke.msg);
		return 0;
	}
	return 1;
}

static int on_kv(void *user, const char *sec, const char *key, const char *val)
{
	struct pf_parse *p = user;
	struct pricefile *pf = p->pf;
	struct pricefile_kv *nv, *kv;

	if (!check(p, sec, key, val))
		return 0;
	nv = realloc(pf->kv, (pf->n + 1) * sizeof(*nv));
	if (nv == NULL)
		goto nomem;
	pf->kv = nv;
	kv = &nv[pf->n];
	kv->sec = strdup(sec);
	kv->key = strdup(strcmp(key, "date") == 0 ? "price_date" : key);
	kv->val = strdup(val);
	pf->n++;
	if (kv->sec && kv->key && kv->val)
		return 1;
nomem:
	p->nomem = 1;
	return 0;
}

/* key_line: the line of the nth (from 0) `key =` of section sec in path, 0 when not found
 * (the file as inih reads it: `[name]` headers, `key = value` or `key: value`). */
static int key_line(const char *path, const char *sec, const char *key, int nth)
{
	FILE *f = fopen(path, "r");
	char line[4096], cur[256] = "";
	int no = 0, found = 0;
	size_t kl = strlen(key);

	while (f != NULL && found == 0 && fgets(line, sizeof(line), f) != NULL) {
		char *t = line + strspn(line, " \t");
		no++;
		if (*t == '[') {
			size_t n = strcspn(t + 1, "]");
			snprintf(cur, sizeof(cur), "%.*s", (int)n, t + 1);
		} else if (strcmp(cur, sec) == 0 && strncmp(t, key, kl) == 0 &&
			   strchr("=: \t", t[kl]) != NULL && nth-- == 0) {
			found = no;
		}
	}
	if (f != NULL)
		fclose(f);
	return found;
}

/* check_sections: every section applied as a whole (the checks across its keys); -1 with
 * "FILE:LINE: [SECTION] KEY: why" in e. */
static int check_sections(const struct pricefile *pf, const char *path, struct err *e)
{
	for (size_t i = 0; i < pf->n; i++) {
		const char *keys[PRICEFILE_SECTION_MAX], *vals[PRICEFILE_SECTION_MAX];
		const char *sec = pf->kv[i].sec;
		struct prices p;
		struct err ke;
		size_t n = 0, bad;
		int first = 1;

		for (size_t j = 0; j < i && first; j++)
			first = strcmp(pf->kv[j].sec, sec) != 0;
		if (!first)
			continue;
		for (size_t j = i; j < pf->n; j++)
			if (strcmp(pf->kv[j].sec, sec) == 0 && price_is_key(pf->kv[j].key) &&
			    n < PRICEFILE_SECTION_MAX) {
				keys[n] = pf->kv[j].key;
				vals[n++] = pf->kv[j].val;
			}
		if (price_set_section(&p, keys, vals, n, &bad, &ke) == 0)
			continue;
		int nth = 0;
		for (size_t j = 0; j < bad; j++)
			nth += strcmp(keys[j], keys[bad]) == 0;
		const char *shown = strcmp(keys[bad], "price_date") == 0 ? "date" : keys[bad];
		return err_set(e, "%s:%d: [%s] %s: %s", path, key_line(path, sec, shown, nth), sec,
			       shown, ke.msg);
	}
	return 0;
}

int pricefile_read(const char *path, struct pricefile *out, struct err *e)
{
	struct pf_parse p;
	int r;

	memset(out, 0, sizeof(*out));
	memset(&p, 0, sizeof(p));
	p.pf = out;
	errno = 0;
	r = ini_parse(path, on_kv, &p);
	if (r == -1)
		err_set(e, "%s: %s", path, strerror(errno ? errno : ENOENT));
	else if (r == -2 || p.nomem)
		err_set(e, "%s: out of memory", path);
	else if (r > 0)
		err_set(e, "%s:%d: %s", path, r, p.msg[0] ? p.msg : "not valid INI");
	else if (out->n == 0)
		err_set(e, "%s: no price section", path);
	else if (check_sections(out, path, e) < 0)
		;
	else if ((out->path = strdup(path)) == NULL)
		err_set(e, "%s: out of memory", path);
	else
		return 0;
	pricefile_clear(out);
	return -1;
}

int pricefile_has(const struct pricefile *pf, const char *sec)
{
	for (size_t i = 0; i < pf->n; i++)
		if (strcmp(pf->kv[i].sec, sec) == 0)
			return 1;
	return 0;
}

void pricefile_prices(const struct pricefile *pf, const char *sec, struct prices *out)
{
	const char *keys[PRICEFILE_SECTION_MAX], *vals[PRICEFILE_SECTION_MAX];
	size_t n = 0, bad;

	for (size_t i = 0; i < pf->n && n < PRICEFILE_SECTION_MAX; i++)
		if (strcmp(pf->kv[i].sec, sec) == 0 && price_is_key(pf->kv[i].key)) {
			keys[n] = pf->kv[i].key;
			vals[n++] = pf->kv[i].val;
		}
	price_set_section(out, keys, vals, n, &bad, NULL);
}

void pricefile_clear(struct pricefile *pf)
{
	for (size_t i = 0; i < pf->n; i++) {
		free(pf->kv[i].sec);
		free(pf->kv[i].key);
		free(pf->kv[i].val);
	}
	free(pf->kv);
	free(pf->path);
	memset(pf, 0, sizeof(*pf));
}

const char *pricefile_split(const char *arg, char *file, size_t n)
{
	const char *colon = strrchr(arg, ':');
	struct stat st;

	if (colon == NULL || colon == arg || colon[1] == '\0' || stat(arg, &st) == 0) {
		snprintf(file, n, "%s", arg);
		return NULL;
	}
	snprintf(file, n, "%.*s", (int)(colon - arg), arg);
	return colon + 1;
}

/* analyze/warp/warpdir_map.c: the host map of a Warp result directory (see warpdir.h:
 * warpdir_map_read, warpdir_map_clear, warpdir_bare_host, warpdir_map_find). */
#include "analyze/warp/warpdir.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "analyze/read/strv.h"

/* ---- the map ---- */

struct map_parse {
	struct warpdir_map *m;
	char section[256]; /* the section of the previous call */
	int cur;           /* subject index of that section; -1 for [campaign] */
	char msg[512];     /* the first error (ini_parse gives its line) */
	int nomem;
};

static int is_color(const char *s)
{
	if (s[0] != '#' || strlen(s) != 7)
		return 0;
	for (int i = 1; i < 7; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* set_str: replace *dst by a copy of v; 0 when out of memory. */
static int set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = strdup(v);
	return *dst != NULL;
}

static int map_fail(struct map_parse *p, const char *key, const char *why)
{
	if (p->msg[0] == '\0')
		snprintf(p->msg, sizeof(p->msg), "key '%s': %s", key, why);
	return 0;
}

/* enter: a call in a new section; sets p->cur. 0 on an error (recorded). */
static int enter(struct map_parse *p, const char *section, const char *name)
{
	struct warpdir_map *m = p->m;
	struct warpdir_subject *nv;
	char id[256];
	size_t n;

	snprintf(p->section, sizeof(p->section), "%s", section);
	if (strcmp(section, "campaign") == 0) {
		p->cur = -1;
		return 1;
	}
	p->cur = -2;
	if (strncmp(section, "subject", 7) != 0 || !isspace((unsigned char)section[7])) {
		if (p->msg[0] == '\0')
			snprintf(p->msg, sizeof(p->msg),
				 "section [%s]: not [campaign] or "
				 "[subject ID]",
				 section);
		return 0;
	}
	for (n = 8; isspace((unsigned char)section[n]); n++)
		;
	snprintf(id, sizeof(id), "%s", section + n);
	for (n = strlen(id); n > 0 && isspace((unsigned char)id[n - 1]); n--)
		id[n - 1] = '\0';
	if (id[0] == '\0' || strpbrk(id, " \t/\"") != NULL)
		return map_fail(p, name, "the subject id (in [subject ID]) must be one word");
	for (size_t i = 0; i < m->n_subjects; i++)
		if (strcmp(m->subjects[i].id, id) == 0) {
			if (p->msg[0] == '\0')
				snprintf(p->msg, sizeof(p->msg),
					 "[subject %s]: a second section "
					 "with the same id",
					 id);
			return 0;
		}
	nv = realloc(m->subjects, (m->n_subjects + 1) * sizeof(*nv));
	if (nv == NULL)
		goto nomem;
	m->subjects = nv;
	memset(&nv[m->n_subjects], 0, sizeof(*nv));
	if ((nv[m->n_subjects].id = strdup(id)) == NULL)
		goto nomem;
	p->cur = (int)m->n_subjects++;
	return 1;
nomem:
	p->nomem = 1;
	return 0;
}

static int on_map(void *user, const char *section, const char *name, const char *value)
{
	struct map_parse *p = user;
	struct warpdir_map *m = p->m;
	struct warpdir_subject *s;
	int ok = 1;

	if (strcmp(section, p->section) != 0 || p->cur == -2) {
		if (!enter(p, section, name))
			return 0;
	}
	if (p->cur == -1) {
		if (strcmp(name, "name") == 0)
			ok = set_str(&m->name, value);
		else if (strcmp(name, "title") == 0)
			ok = set_str(&m->title, value);
		else if (strcmp(name, "client") == 0)
			ok = set_str(&m->client, value);
		else
			return map_fail(p, name, "unknown in [campaign] (name, title, client)");
	} else {
		s = &m->subjects[p->cur];
		if (strcmp(name, "host") == 0) {
			if (value[0] == '\0')
				return map_fail(p, name, "empty");
			ok = strv_push(&s->hosts, &s->n_hosts, value) == 0;
		} else if (strcmp(name, "label") == 0) {
			ok = set_str(&s->label, value);
		} else if (strcmp(name, "color") == 0 || strcmp(name, "colour") == 0) {
			if (!is_color(value))
				return map_fail(p, name, "expected \"#rrggbb\"");
			ok = set_str(&s->color, value);
		} else if (strcmp(name, "region") == 0) {
			ok = set_str(&s->region, value);
		} else if (strcmp(name, "prices") == 0) {
			if (value[0] == '\0' || strpbrk(value, "[]") != NULL)
				return map_fail(p, name,
						"expected the name of a section of "
						"the --prices file");
			ok = set_str(&s->prices, value);
		} else {
			return map_fail(p, name,
					"unknown in [subject] (host, label, color, region, "
					"prices)");
		}
	}
	if (!ok)
		p->nomem = 1;
	return ok;
}

int warpdir_map_read(const char *file, struct warpdir_map *out, struct err *e)
{
	struct map_parse p;
	int r;

	memset(out, 0, sizeof(*out));
	memset(&p, 0, sizeof(p));
	p.m = out;
	p.cur = -2;
	errno = 0;
	r = ini_parse(file, on_map, &p);
	if (r == -1) {
		err_set(e, "%s: %s", file, strerror(errno ? errno : ENOENT));
	} else if (r == -2 || p.nomem) {
		err_set(e, "%s: out of memory", file);
	} else if (r > 0) {
		err_set(e, "%s:%d: %s", file, r, p.msg[0] ? p.msg : "not valid INI");
	} else {
		for (size_t i = 0; i < out->n_subjects; i++)
			if (out->subjects[i].n_hosts == 0) {
				err_set(e,
					"%s: [subject %s]: key 'host' missing (the endpoint host "
					"as Warp recorded it)",
					file, out->subjects[i].id);
				goto fail;
			}
		if (out->n_subjects == 0) {
			err_set(e, "%s: no [subject ID] section", file);
			goto fail;
		}
		return 0;
	}
fail:
	warpdir_map_clear(out);
	return -1;
}

void warpdir_map_clear(struct warpdir_map *m)
{
	for (size_t i = 0; i < m->n_subjects; i++) {
		struct warpdir_subject *s = &m->subjects[i];

		free(s->id);
		free(s->label);
		free(s->color);
		free(s->region);
		free(s->prices);
		for (size_t j = 0; j < s->n_hosts; j++)
			free(s->hosts[j]);
		free(s->hosts);
	}
	free(m->subjects);
	free(m->name);
	free(m->title);
	free(m->client);
	memset(m, 0, sizeof(*m));
}

void warpdir_bare_host(const char *endpoint, char *buf, size_t n)
{
	const char *p = strstr(endpoint, "://");
	size_t k;

	p = p ? p + 3 : endpoint;
	k = strcspn(p, "/?#");
	if (k >= n)
		k = n - 1;
	memcpy(buf, p, k);
	buf[k] = '\0';
}

int warpdir_map_find(const struct warpdir_map *m, const char *endpoint)
{
	char bare[256];

	warpdir_bare_host(endpoint, bare, sizeof(bare));
	for (size_t i = 0; i < m->n_subjects; i++)
		for (size_t j = 0; j < m->subjects[i].n_hosts; j++) {
			const char *pat = m->subjects[i].hosts[j];

			if (fnmatch(pat, bare, FNM_CASEFOLD) == 0 ||
			    fnmatch(pat, endpoint, FNM_CASEFOLD) == 0)
				return (int)i;
		}
	return -1;
}

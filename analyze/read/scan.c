/* analyze/read/scan.c: see scan.h. */
#include "analyze/read/scan.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ini.h>

#include "analyze/read/strv.h"
#include "core/units.h"

/* list_dirs: the names of the visible subdirectories of path, naturally sorted,
 * into *names / *n (caller frees). -1 with errno set (and *names NULL, *n 0) when
 * path cannot be read or memory runs out. */
static int list_dirs(const char *path, char ***names, size_t *n)
{
	DIR *d = opendir(path);
	struct dirent *de;
	char sub[PATH_MAX];
	struct stat st;
	int rc = -1;

	*names = NULL;
	*n = 0;
	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name) >= (int)sizeof(sub))
			continue;
		if (stat(sub, &st) < 0 || !S_ISDIR(st.st_mode))
			continue;
		if (strv_push(names, n, de->d_name) < 0)
			goto done;
	}
	strv_sort(*names, *n);
	rc = 0;
done:
	closedir(d);
	if (rc < 0) {
		strv_free(*names, *n);
		*names = NULL;
		*n = 0;
		errno = ENOMEM;
	}
	return rc;
}

static int note_problem(struct scan_list *l, const char *path, const char *why)
{
	char buf[PATH_MAX + 256];

	snprintf(buf, sizeof(buf), "%s: %s", path, why);
	return strv_push(&l->problems, &l->n_problems, buf);
}

/* scan_group: runs/GROUP/SUBJECT/RUN for one group directory (cycle-NN or once). */
static int scan_group(const char *data_dir, const char *group, struct scan_list *l, struct err *e)
{
	char **subjects = NULL, **runs = NULL;
	size_t ns = 0, nr = 0;
	char path[PATH_MAX], rel[PATH_MAX], file[PATH_MAX + 16];
	struct stat st;
	int rc = -1;

	snprintf(path, sizeof(path), "%s/runs/%s", data_dir, group);
	if (list_dirs(path, &subjects, &ns) < 0) {
		if (note_problem(l, path, strerror(errno)) < 0)
			goto done; /* out of memory */
		rc = 0;
		goto done;
	}
	for (size_t i = 0; i < ns; i++) {
		snprintf(path, sizeof(path), "%s/runs/%s/%s", data_dir, group, subjects[i]);
		strv_free(runs, nr);
		if (list_dirs(path, &runs, &nr) < 0) {
			if (note_problem(l, path, strerror(errno)) < 0)
				goto done; /* out of memory */
			continue;
		}
		for (size_t j = 0; j < nr; j++) {
			struct scan_entry *nv;

			snprintf(rel, sizeof(rel), "runs/%s/%s/%s", group, subjects[i], runs[j]);
			snprintf(file, sizeof(file), "%s/%s/run.json", data_dir, rel);
			if (stat(file, &st) < 0) {
				if (strv_push(&l->incomplete, &l->n_incomplete, rel) < 0)
					goto done; /* out of memory */
				continue;
			}
			nv = realloc(l->v, (l->n + 1) * sizeof(*l->v));
			if (nv == NULL)
				goto done; /* out of memory */
			l->v = nv;
			nv[l->n].rel = strdup(rel);
			nv[l->n].file = strdup(file);
			l->n++;
			if (nv[l->n - 1].rel == NULL || nv[l->n - 1].file == NULL)
				goto done; /* out of memory */
		}
	}
	rc = 0;
done:
	if (rc < 0) /* the only failure here */
		err_set(e, "%s/runs/%s: out of memory", data_dir, group);
	strv_free(subjects, ns);
	strv_free(runs, nr);
	return rc;
}

/* is_group: "once" or "cycle-" followed by digits only. */
static int is_group(const char *name)
{
	const char *p;

	if (strcmp(name, "once") == 0)
		return 1;
	if (strncmp(name, "cycle-", 6) != 0 || name[6] == '\0')
		return 0;
	for (p = name + 6; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

int scan_runs(const char *data_dir, struct scan_list *out, struct err *e)
{
	char path[PATH_MAX];
	char **groups = NULL;
	size_t ng = 0;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	snprintf(path, sizeof(path), "%s/runs", data_dir);
	if (list_dirs(path, &groups, &ng) < 0) {
		struct stat st;
		if (errno == ENOENT && stat(data_dir, &st) != 0)
			err_set(e, "%s: %s", data_dir, strerror(errno)); /* the directory itself */
		else if (errno == ENOENT)
			err_set(e,
				"%s: no runs/ in it: not a collect output directory (nor a directory "
				"of Warp result files without --warp-map)",
				data_dir);
		else
			err_set(e, "%s: %s", path, strerror(errno));
		goto done;
	}
	for (size_t i = 0; i < ng; i++) {
		if (!is_group(groups[i]))
			continue; /* not part of the tree (notes, tooling); ignored */
		if (scan_group(data_dir, groups[i], out, e) < 0)
			goto done;
	}
	rc = 0;
done:
	strv_free(groups, ng);
	return rc;
}

void scan_list_clear(struct scan_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].rel);
		free(l->v[i].file);
	}
	free(l->v);
	strv_free(l->incomplete, l->n_incomplete);
	strv_free(l->problems, l->n_problems);
	memset(l, 0, sizeof(*l));
}

static int has_subject(const struct scan_campaign *c, const char *id)
{
	for (size_t i = 0; i < c->n_subjects; i++)
		if (strcmp(c->subjects[i], id) == 0)
			return 1;
	return 0;
}

/* push_subject: id appended to c->subjects, with no label yet. 0, or -1 out of memory. */
static int push_subject(struct scan_campaign *c, const char *id)
{
	char **nl = realloc(c->labels, (c->n_subjects + 1) * sizeof(*nl));

	if (nl == NULL)
		return -1;
	c->labels = nl;
	nl[c->n_subjects] = NULL;
	return strv_push(&c->subjects, &c->n_subjects, id);
}

/* subject_label: a [subject ID] section's label (its first line: a continued one is
 * joined by the reader, given again here) kept for id. 0, or -1 out of memory. */
static int subject_label(struct scan_campaign *c, const char *id, const char *label)
{
	for (size_t i = 0; i < c->n_subjects; i++)
		if (strcmp(c->subjects[i], id) == 0) {
			char *joined = NULL;

			if (c->labels[i] != NULL &&
			    asprintf(&joined, "%s %s", c->labels[i], label) < 0)
				return -1;
			if (joined == NULL && (joined = strdup(label)) == NULL)
				return -1;
			free(c->labels[i]);
			c->labels[i] = joined;
		}
	return 0;
}

/* ini_handler: inih callback; returns 1 to go on, 0 on a memory failure. */
static int on_ini(void *user, const char *section, const char *name, const char *value)
{
	struct scan_campaign *c = user;
	char *end;
	long v;

	if (strncmp(section, "subject", 7) == 0 && isspace((unsigned char)section[7])) {
		char id[256];
		size_t n;

		snprintf(id, sizeof(id), "%s", section + 8);
		for (n = strlen(id); n > 0 && isspace((unsigned char)id[n - 1]); n--)
			id[n - 1] = '\0';
		for (n = 0; isspace((unsigned char)id[n]); n++)
			;
		if (id[n] &&
		    ((!has_subject(c, id + n) && push_subject(c, id + n) < 0) ||
		     (strcmp(name, "label") == 0 && subject_label(c, id + n, value) < 0))) {
			c->oom = 1;
			return 0;
		}
		return 1;
	}
	if (strcmp(section, "matrix") == 0 && strcmp(name, "sizes") == 0) {
		free(c->sizes);
		if ((c->sizes = strdup(value)) == NULL) {
			c->oom = 1;
			return 0;
		}
		return 1;
	}
	if (strcmp(section, "campaign") != 0)
		return 1;
	if (strcmp(name, "cycles") == 0) {
		v = strtol(value, &end, 10);
		if (end != value && *end == '\0' && v > 0 && v <= 1000000)
			c->cycles = (int)v;
	} else if (strcmp(name, "alert_min_change") == 0) {
		/* collect checked the value; one it refuses is ignored here */
		c->has_alert_min_change = units_parse_percent(value, &c->alert_min_change,
							      &(struct err){{0}}) == 0;
	} else if (strcmp(name, "alert_false_rate") == 0) {
		c->has_alert_false_rate = units_parse_percent(value, &c->alert_false_rate,
							      &(struct err){{0}}) == 0 &&
					  c->alert_false_rate > 0 && c->alert_false_rate < 1;
	} else if (strcmp(name, "policy") == 0) {
		free(c->policy);
		if ((c->policy = strdup(value)) == NULL) {
			c->oom = 1;
			return 0;
		}
	} else if (strcmp(name, "repeat") == 0) {
		v = strtol(value, &end, 10);
		c->repeat = end != value && *end == '\0' && v >= 1 && v <= 1000 ? (int)v : 0;
	} else if (strcmp(name, "alert_cells") == 0) {
		free(c->alert_cells);
		if ((c->alert_cells = strdup(value)) == NULL) {
			c->oom = 1;
			return 0;
		}
	} else if (strcmp(name, "order") == 0) {
		free(c->order);
		if ((c->order = strdup(value)) == NULL) {
			c->oom = 1;
			return 0;
		}
	}
	return 1;
}

/* add_list: the comma-separated ids of list (a "# subjects: a,b" line). */
static int add_list(struct scan_campaign *c, char *list)
{
	char *save, *tok;

	for (tok = strtok_r(list, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save))
		if (!has_subject(c, tok) && push_subject(c, tok) < 0)
			return -1;
	return 0;
}

/* read_plan: subject order from plan.tsv: its "# subjects: a,b,c" comment line when
 * present, else the first appearance of each value of the "subject" column (found
 * by name in the header row, the first line that is not a "#" comment). */
static int read_plan(const char *file, struct scan_campaign *c, struct err *e)
{
	FILE *f = fopen(file, "r");
	char *line = NULL, *save, *tok;
	size_t cap = 0;
	ssize_t len;
	long col = -1, lineno = 0;
	int header_seen = 0, nomem = 0, rc = -1;

	if (f == NULL) {
		if (errno == ENOENT)
			return 0;
		return err_set(e, "%s: %s", file, strerror(errno));
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		long k = 0;

		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (line[0] == '#') {
			if (strncmp(line, "# subjects:", 11) == 0 && add_list(c, line + 11) < 0) {
				nomem = 1;
				goto done;
			}
			continue;
		}
		if (line[0] == '\0')
			continue;
		if (!header_seen && c->n_subjects)
			break; /* the comment named them all */
		for (tok = strtok_r(line, "\t", &save); tok;
		     tok = strtok_r(NULL, "\t", &save), k++) {
			if (!header_seen && strcmp(tok, "subject") == 0)
				col = k;
			else if (header_seen && k == col && !has_subject(c, tok) &&
				 push_subject(c, tok) < 0) {
				nomem = 1;
				goto done;
			}
		}
		if (col < 0)
			break; /* no header naming a subject column: nothing to learn */
		header_seen = 1;
	}
	if (ferror(f)) {
		err_set(e, "%s: read error", file);
		goto done;
	}
	rc = 0;
done:
	if (nomem) {
		c->oom = 1;
		err_set(e, "%s:%ld: out of memory", file, lineno);
	}
	free(line);
	fclose(f);
	return rc;
}

int scan_campaign(const char *data_dir, struct scan_campaign *out, struct err *e)
{
	struct scan_campaign plan = {0};
	char file[PATH_MAX];
	int r;

	memset(out, 0, sizeof(*out));
	snprintf(file, sizeof(file), "%s/campaign.ini", data_dir);
	r = ini_parse(file, on_ini, out);
	if (r == -1 && errno != ENOENT)
		return err_set(e, "%s: %s", file, strerror(errno));
	if (r == -2 || out->oom) {
		out->oom = 1;
		return err_set(e, "%s: out of memory", file);
	}
	if (r > 0)
		return err_set(e, "%s:%d: not valid INI", file, r);
	snprintf(file, sizeof(file), "%s/plan.tsv", data_dir);
	if (out->n_subjects) {
		out->subjects_from = "campaign.ini";
		if (read_plan(file, &plan, e) < 0) {
			scan_campaign_clear(&plan);
			return -1;
		}
		out->planned = plan.subjects; /* out owns them now */
		out->n_planned = plan.n_subjects;
		plan.subjects = NULL;
		plan.n_subjects = 0;
		scan_campaign_clear(&plan);
	} else if (read_plan(file, out, e) < 0) {
		return -1;
	} else if (out->n_subjects) {
		out->subjects_from = "plan.tsv";
	}
	for (size_t i = 0, n = out->n_planned ? 0 : out->n_subjects; i < n; i++)
		if (strv_push(&out->planned, &out->n_planned, out->subjects[i]) < 0) {
			out->oom = 1;
			return err_set(e, "%s: out of memory", file);
		}
	return 0;
}

void scan_campaign_clear(struct scan_campaign *c)
{
	free(c->order);
	free(c->sizes);
	free(c->alert_cells);
	free(c->policy);
	for (size_t i = 0; c->labels != NULL && i < c->n_subjects; i++)
		free(c->labels[i]);
	free(c->labels);
	strv_free(c->subjects, c->n_subjects);
	strv_free(c->planned, c->n_planned);
	memset(c, 0, sizeof(*c));
}

/* analyze/read/plantsv.c: see plantsv.h. */
#include "analyze/read/plantsv.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	C_ID,
	C_CYCLE,
	C_SUBJECT,
	C_OP,
	C_SIZE,
	C_CONC,
	C_KEPT,
	C_N
};

static const char *const col_names[C_N] = {"id",   "cycle",       "subject", "op",
					   "size", "concurrency", "kept_as"};

/* header: the index of each wanted column in the tab-separated line (-1: absent). */
static void header(char *line, long at[C_N])
{
	char *save, *tok;
	long k = 0;

	for (int c = 0; c < C_N; c++)
		at[c] = -1;
	for (tok = strtok_r(line, "\t", &save); tok; tok = strtok_r(NULL, "\t", &save), k++)
		for (int c = 0; c < C_N; c++)
			if (strcmp(tok, col_names[c]) == 0)
				at[c] = k;
}

/* fields: split line at tabs in place (empty fields kept) into f[0..max); the count. */
static size_t fields(char *line, char **f, size_t max)
{
	size_t n = 0;

	for (char *p = line; n < max;) {
		f[n++] = p;
		if ((p = strchr(p, '\t')) == NULL)
			break;
		*p++ = '\0';
	}
	return n;
}

/* add_row: the row of fields f (n of them) by the header's columns at; 0, 1 when a
 * column is missing (a short row), -1 out of memory. */
static int add_row(struct plantsv *p, char **f, size_t n, const long at[C_N])
{
	struct plantsv_row *nv, *r;
	int oom = 0;

	for (int c = 0; c < C_N; c++)
		if (c != C_KEPT && at[c] >= 0 && (size_t)at[c] >= n)
			return 1;
	if ((nv = realloc(p->rows, (p->n + 1) * sizeof(*nv))) == NULL)
		return -1;
	p->rows = nv;
	r = memset(&nv[p->n], 0, sizeof(*r));
	r->cycle = at[C_CYCLE] >= 0 ? atoi(f[at[C_CYCLE]]) : 0;
	r->size = at[C_SIZE] >= 0 ? strtoull(f[at[C_SIZE]], NULL, 10) : 0;
	r->concurrency = at[C_CONC] >= 0 ? atoi(f[at[C_CONC]]) : 0;
	r->id = strdup(f[at[C_ID]]);
	r->subject = strdup(at[C_SUBJECT] >= 0 ? f[at[C_SUBJECT]] : "");
	r->op = strdup(at[C_OP] >= 0 ? f[at[C_OP]] : "");
	if (at[C_KEPT] >= 0 && (size_t)at[C_KEPT] < n && f[at[C_KEPT]][0] != '\0') {
		if ((r->kept_as = strdup(f[at[C_KEPT]])) == NULL)
			oom = 1;
		p->n_kept_as++;
	}
	p->n++; /* kept even when incomplete, so that plantsv_clear frees it */
	return oom || r->id == NULL || r->subject == NULL || r->op == NULL ? -1 : 0;
}

/* comment: a "# key: value" line of the header into p->seq (sequential, stopped); other
 * keys are not read here. -1 when memory runs out. */
static int comment(struct plantsv *p, const char *line)
{
	struct plantsv_seq *q = &p->seq;
	const char *v;

	if (sscanf(line, "# sequential: target_ci %lf%%, min_cycles %d, max_cycles %d",
		   &q->target_ci, &q->min_cycles, &q->max_cycles) == 3) {
		q->on = 1;
		q->target_ci /= 100;
	} else if (strncmp(line, "# stopped: ", strlen("# stopped: ")) == 0) {
		v = line + strlen("# stopped: ");
		free(q->stopped);
		if ((q->stopped = strdup(v)) == NULL)
			return -1;
	}
	return 0;
}

int plantsv_read(const char *data_dir, struct plantsv *out, struct err *e)
{
	char file[PATH_MAX], *line = NULL, *f[64];
	size_t cap = 0;
	ssize_t len;
	long at[C_N], lineno = 0;
	int have_header = 0, rc = -1, r;
	FILE *fp;

	memset(out, 0, sizeof(*out));
	snprintf(file, sizeof(file), "%s/plan.tsv", data_dir);
	if ((fp = fopen(file, "r")) == NULL)
		return errno == ENOENT ? 0 : err_set(e, "%s: %s", file, strerror(errno));
	while ((len = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (line[0] == '#' && !have_header && comment(out, line) < 0) {
			err_set(e, "%s:%ld: out of memory", file, lineno);
			goto done;
		}
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (!have_header) {
			header(line, at);
			have_header = 1;
			if (at[C_ID] < 0)
				break; /* not a plan analyze can use: no rows */
			continue;
		}
		r = add_row(out, f, fields(line, f, sizeof(f) / sizeof(f[0])), at);
		if (r < 0) {
			err_set(e, "%s:%ld: out of memory", file, lineno);
			goto done;
		}
		if (r > 0) {
			err_set(e, "%s:%ld: fewer columns than the header names", file, lineno);
			goto done;
		}
	}
	if (ferror(fp)) {
		err_set(e, "%s: read error", file);
		goto done;
	}
	rc = 0;
done:
	free(line);
	fclose(fp);
	return rc;
}

const struct plantsv_row *plantsv_find(const struct plantsv *p, const char *id)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->rows[i].id != NULL && strcmp(p->rows[i].id, id) == 0)
			return &p->rows[i];
	return NULL;
}

void plantsv_clear(struct plantsv *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->rows[i].id);
		free(p->rows[i].subject);
		free(p->rows[i].op);
		free(p->rows[i].kept_as);
	}
	free(p->rows);
	free(p->seq.stopped);
	memset(p, 0, sizeof(*p));
}

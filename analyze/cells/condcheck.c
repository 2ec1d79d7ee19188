/* analyze/cells/condcheck.c: see condcheck.h. Each run's PUT rows are read into memory
 * (key, ETags, outcome), sorted by key and judged key by key. */
#include "analyze/cells/condcheck.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/cells/aggregate.h"
#include "analyze/read/reqlog.h"
#include "analyze/read/runlog.h"
#include "core/errstat.h"
#include "core/opslog.h"

enum {
	OUT_WON,
	OUT_CONFLICT,
	OUT_ERROR
};

struct put_row {
	char *file, *if_match, *etag;
	int outcome;
};

struct rows {
	struct put_row *v;
	size_t n, cap;
};

static void rows_free(struct rows *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].file);
		free(r->v[i].if_match);
		free(r->v[i].etag);
	}
	free(r->v);
	memset(r, 0, sizeof(*r));
}

/* on_row: a PUT row kept (its strings copied). */
static int on_row(const struct op_row *r, void *arg, struct err *e)
{
	struct rows *rs = arg;
	struct put_row *p;

	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? 2 * rs->cap : 1024;
		struct put_row *v = realloc(rs->v, cap * sizeof(*v));

		if (v == NULL)
			return err_set(e, "out of memory");
		rs->v = v;
		rs->cap = cap;
	}
	p = &rs->v[rs->n];
	p->file = strdup(r->file);
	p->if_match = strdup(r->if_match);
	p->etag = strdup(r->etag);
	p->outcome = r->error[0] == '\0'             ? OUT_WON
		     : errstat_is_conflict(r->error) ? OUT_CONFLICT
						     : OUT_ERROR;
	rs->n++; /* counted before the check, so rows_free frees what was copied */
	if (p->file == NULL || p->if_match == NULL || p->etag == NULL)
		return err_set(e, "out of memory");
	return 0;
}

/* by_key: by file, the successes first, then by if_match. */
static int by_key(const void *x, const void *y)
{
	const struct put_row *a = x, *b = y;
	int c = strcmp(a->file, b->file);

	if (c != 0)
		return c;
	if (a->outcome != b->outcome)
		return a->outcome < b->outcome ? -1 : 1;
	return strcmp(a->if_match, b->if_match);
}

static int by_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* violation: count one, and keep the first's words. */
static void violation(struct condcheck *cc, const char *fmt, const char *key, uint64_t n,
		      const char *etag)
{
	cc->violations++;
	if (cc->example[0] == '\0')
		snprintf(cc->example, sizeof(cc->example), fmt, key, (unsigned long long)n, etag);
}

/* judge_pia: put-if-absent's key, whose rows start at k, from its counts. */
static void judge_pia(struct condcheck *cc, const struct put_row *k, uint64_t won,
		      uint64_t conflicts, uint64_t errors)
{
	if (won >= 2)
		violation(cc, "%s: %llu writers won%s", k[0].file, won, "");
	else if (won == 0 && conflicts > 0 && errors == 0)
		violation(cc, "%s: refused %llu times with no writer won%s", k[0].file, conflicts,
			  "");
	if (won >= 1 || (conflicts > 0 && errors == 0))
		cc->keys++;
}

/* judge_cas: cas's key of rows k[0..n) (its won successes first, by if_match). -1: out of
 * memory. */
static int judge_cas(struct condcheck *cc, const struct put_row *k, uint64_t won, uint64_t errors)
{
	char **made;
	uint64_t roots = 0;

	if (won == 0)
		return 0;
	cc->keys++;
	for (uint64_t i = 1; i < won; i++)
		if (strcmp(k[i].if_match, k[i - 1].if_match) == 0) {
			violation(cc,
				  "%s: %llu writes won on ETag %s (the later overwrote a write "
				  "it had not seen)",
				  k[i].file, 2, k[i].if_match);
			return 0;
		}
	if (errors > 0)
		return 0;
	if ((made = malloc(won * sizeof(*made))) == NULL)
		return -1;
	for (uint64_t i = 0; i < won; i++)
		made[i] = k[i].etag;
	qsort(made, won, sizeof(*made), by_str);
	for (uint64_t i = 0; i < won; i++)
		if (bsearch(&k[i].if_match, made, won, sizeof(*made), by_str) == NULL)
			roots++;
	free(made);
	if (roots > 1)
		violation(cc, "%s: %llu writes won on ETags no write of the run produced%s",
			  k[0].file, roots, "");
	return 0;
}

/* judge: every key of rs into cc. -1: out of memory. */
static int judge(struct condcheck *cc, struct rows *rs)
{
	qsort(rs->v, rs->n, sizeof(*rs->v), by_key);
	for (size_t i = 0, j; i < rs->n; i = j) {
		uint64_t n[3] = {0, 0, 0};

		for (j = i; j < rs->n && strcmp(rs->v[j].file, rs->v[i].file) == 0; j++)
			n[rs->v[j].outcome]++;
		cc->writes += j - i;
		cc->won += n[OUT_WON];
		cc->conflicts += n[OUT_CONFLICT];
		cc->errors += n[OUT_ERROR];
		if (!cc->cas)
			judge_pia(cc, &rs->v[i], n[OUT_WON], n[OUT_CONFLICT], n[OUT_ERROR]);
		else if (judge_cas(cc, &rs->v[i], n[OUT_WON], n[OUT_ERROR]) < 0)
			return -1;
	}
	return 0;
}

/* one_cell: c's check into a new c->cond. -1: out of memory. */
static int one_cell(const struct aggregate *a, struct agg_cell *c, const char *data_dir,
		    struct err *e)
{
	char file[PATH_MAX];
	struct condcheck *cc = calloc(1, sizeof(*cc));

	if (cc == NULL)
		return err_set(e, "conditional writes: out of memory");
	c->cond = cc;
	cc->cas = strcmp(c->op, "cas") == 0;
	for (size_t i = 0; i < c->n_runs; i++) {
		const char *f = file;
		struct rows rs = {0};
		struct err re = {{0}};
		int rc;

		reqlog_path(file, sizeof(file), data_dir, a->runs[c->runs[i]].log->path);
		if (access(file, F_OK) != 0) {
			if (cc->missing[0] == '\0')
				snprintf(cc->missing, sizeof(cc->missing), "%s is missing", file);
			continue;
		}
		rc = reqlog_each(&f, 1, "PUT", on_row, &rs, &re);
		if (rc == 0)
			cc->runs++;
		if (rc == 0 && judge(cc, &rs) < 0)
			snprintf(re.msg, sizeof(re.msg), "out of memory");
		rows_free(&rs);
		if (strstr(re.msg, "out of memory") != NULL)
			return err_set(e, "conditional writes: %s", re.msg);
		if (rc != 0 && cc->missing[0] == '\0')
			snprintf(cc->missing, sizeof(cc->missing), "%s", re.msg);
	}
	return 0;
}

int condcheck_build(struct aggregate *a, const char *data_dir, struct err *e)
{
	struct agg_cell *v[2] = {a->cells, a->wcells};
	size_t n[2] = {a->n_cells, a->n_wcells};

	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < n[k]; i++)
			if ((strcmp(v[k][i].op, "put-if-absent") == 0 ||
			     strcmp(v[k][i].op, "cas") == 0) &&
			    one_cell(a, &v[k][i], data_dir, e) < 0)
				return -1;
	return 0;
}

int condcheck_violated(const struct agg_cell *c)
{
	return c->cond != NULL && c->cond->violations > 0;
}

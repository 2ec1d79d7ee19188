/* analyze/read/reqlog.c: see reqlog.h. */
#include "analyze/read/reqlog.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "analyze/read/runlog.h"
#include "core/hist.h"
#include "core/opslog.h"

void reqlog_path(char *buf, size_t n, const char *data_dir, const char *rel)
{
	if (data_dir[0] == '\0')
		snprintf(buf, n, "%s/ops.tsv.zst", rel);
	else
		snprintf(buf, n, "%s/%s/ops.tsv.zst", data_dir, rel);
}

struct feed {
	struct summary_acc *acc;
	const char *op;
	struct err *e;
	int (*row)(const struct op_row *r, void *arg, struct err *e);
	void *arg;
};

static int feed_row(const struct op_row *row, void *arg)
{
	struct feed *f = arg;

	if (f->op != NULL && strcasecmp(row->op, f->op) != 0)
		return 0;
	if (f->acc != NULL && summary_acc_add(f->acc, row, f->e) < 0)
		return 2;
	return f->row != NULL && f->row(row, f->arg, f->e) < 0 ? 2 : 0;
}

struct summary_acc *reqlog_acc(const char *const *files, int n, const char *op, struct err *e)
{
	return reqlog_acc_rows(files, n, op, NULL, NULL, e);
}

/* feed_files: files[0..n) through f; 0, or -1 with the message prefixed by the file. */
static int feed_files(const char *const *files, int n, struct feed *f, struct err *e)
{
	for (int i = 0; i < n; i++) {
		int r = opslog_read(files[i], feed_row, f, e);

		if (r == 2)
			err_prefix(e, "%s", files[i]);
		if (r != 0)
			return -1;
	}
	return 0;
}

int reqlog_each(const char *const *files, int n, const char *op,
		int (*row)(const struct op_row *r, void *arg, struct err *e), void *arg,
		struct err *e)
{
	struct feed f = {NULL, op, e, row, arg};

	return feed_files(files, n, &f, e);
}

struct summary_acc *reqlog_acc_rows(const char *const *files, int n, const char *op,
				    int (*row)(const struct op_row *r, void *arg, struct err *e),
				    void *arg, struct err *e)
{
	struct feed f = {summary_acc_new(), op, e, row, arg};

	if (f.acc == NULL) {
		err_set(e, "%s: out of memory", n > 0 ? files[0] : "per-request log");
		return NULL;
	}
	if (feed_files(files, n, &f, e) < 0) {
		summary_acc_free(f.acc);
		return NULL;
	}
	return f.acc;
}

int reqlog_summary(const char *file, double offered, double span_s, struct run_summary *out,
		   struct err *e)
{
	const char *files[1] = {file};
	struct summary_acc *acc = reqlog_acc(files, 1, NULL, e);
	int rc;

	if (acc == NULL)
		return -1;
	rc = summary_acc_finish(acc, out, e);
	if (rc == 0 && offered > 0 && summary_acc_rate(acc, offered, span_s, out, e) < 0) {
		summary_clear(out);
		rc = -1;
	}
	summary_acc_free(acc);
	return rc < 0 ? err_prefix(e, "%s", file) : 0;
}

int reqlog_rebuild_hists(const char *const *files, int n, const char *op, struct run_summary *s,
			 struct err *e)
{
	struct summary_acc *acc = reqlog_acc(files, n, op, e);
	struct run_summary t;
	int rc;

	if (acc == NULL)
		return -1;
	rc = summary_acc_finish(acc, &t, e);
	summary_acc_free(acc);
	if (rc < 0)
		return err_prefix(e, "%s", files[0]);
	summary_clear(s);
	s->lat_hist = t.lat_hist;
	s->ttfb_hist = t.ttfb_hist;
	for (int i = 0; i < t.n_by_op; i++) {
		for (int j = 0; j < s->n_by_op && t.by_op[i].lat_hist != NULL; j++)
			if (strcmp(s->by_op[j].op, t.by_op[i].op) == 0) {
				s->by_op[j].lat_hist = t.by_op[i].lat_hist;
				t.by_op[i].lat_hist = NULL;
			}
		hist_free(t.by_op[i].lat_hist);
	}
	return 0;
}

/* op_hists_missing: 1 when an op of s with a successful request has no histogram. */
static int op_hists_missing(const struct run_summary *s)
{
	for (int i = 0; i < s->n_by_op; i++)
		if (s->by_op[i].requests > s->by_op[i].errors && s->by_op[i].lat_hist == NULL)
			return 1;
	return 0;
}

int reqlog_fill_run(struct runlog *r, const char *data_dir, struct err *e)
{
	char file[PATH_MAX];
	const char *files[1] = {file};

	if (!r->has_summary || (r->summary.lat_hist != NULL && !op_hists_missing(&r->summary)))
		return 0;
	reqlog_path(file, sizeof(file), data_dir, r->path);
	if (access(file, F_OK) != 0)
		return 0;
	return reqlog_rebuild_hists(files, 1, NULL, &r->summary, e) < 0 ? -1 : 1;
}

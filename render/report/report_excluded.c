/* render/report/report_excluded.c: the excluded runs of the report's "Excluded runs and
 * sample counts" section (see report_int.h, report_excluded): the runs without a final
 * summary and the run files that could not be read, each with its class and reason, and
 * the runs kept by --allow-changed measured otherwise than the plan says (docs/FORMATS.md,
 * aggregate.json's excluded[], unreadable[] and runs[].kept_as). */
#include "render/model/model_query.h"
#include "render/report/report_int.h"

#include <stdio.h>
#include <string.h>

/* One row of the excluded runs table: what it says of a run. */
struct ex_row {
	int cycle;             /* 0: a one-off run, or not known */
	const char *subject;   /* its label; NULL: not known */
	const char *color;     /* its swatch; NULL: none */
	const char *op;        /* NULL: not known */
	uint64_t size;         /* 0: none */
	int concurrency;       /* 0: not known */
	const char *cls, *why; /* its class and reason */
};

static void ex_row(struct report_builder *r, struct doc_table *t, const struct ex_row *x)
{
	char buf[64], opname[32], sz[32];

	doc_table_row(t);
	snprintf(buf, sizeof(buf), "%d", x->cycle);
	doc_table_cell(t, 0, x->cycle ? buf : TEXT_NULL, CELL_NUM, NULL, NULL);
	doc_table_cell(t, 1, x->subject ? x->subject : TEXT_NULL, 0, NULL, x->color);
	doc_table_cell(t, 2,
		       x->op ? report_op_name(r->l, x->op, opname, sizeof(opname)) : TEXT_NULL, 0,
		       NULL, NULL);
	doc_table_cell(t, 3,
		       x->size ? model_size_text(r->m, r->nf, x->size, sz, sizeof(sz)) : TEXT_NULL,
		       0, NULL, NULL);
	snprintf(buf, sizeof(buf), "%d", x->concurrency);
	doc_table_cell(t, 4, x->concurrency ? buf : TEXT_NULL, CELL_NUM, NULL, NULL);
	doc_table_cell(t, 5, *model_str(x->cls) ? x->cls : TEXT_NULL, 0, NULL, NULL);
	doc_table_cell(t, 6, *model_str(x->why) ? x->why : TEXT_NULL, 0, NULL, NULL);
}

/* subject_of: the index of the subject whose id is id; -1 when aggregate.json lists none. */
static int subject_of(const struct report_model *m, const char *id)
{
	for (size_t s = 0; id != NULL && s < m->nsubjects; s++)
		if (strcmp(m->subjects[s].id, id) == 0)
			return (int)s;
	return -1;
}

/* unreadable_row: the row of a run file that could not be read, placed by plan.tsv when
 * aggregate.json says where it belongs, else named by its path. */
static void unreadable_row(struct report_builder *r, struct doc_table *t,
			   const struct results_unreadable *u)
{
	int s = subject_of(r->m, u->subject);
	struct ex_row x = {
		.cycle = u->cycle,
		.subject = s >= 0 ? r->m->subjects[s].label : u->subject,
		.color = s >= 0 ? r->m->subjects[s].color : NULL,
		.op = u->op,
		.size = u->size,
		.concurrency = u->concurrency,
		.cls = rb_str(r, "samples.unreadable"),
		.why = u->error,
	};

	if (u->subject == NULL) /* not in the plan: its path says which run it is */
		x.subject = u->path;
	ex_row(r, t, &x);
}

/* kept_table: the runs kept by --allow-changed with what each was measured with. */
static void kept_table(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct doc_table *t = doc_table(r->d, "t-kept", rb_str(r, "table.mixed"), 6);
	char buf[32], opname[32], sz[32];

	doc_table_head(t, 0, rb_str(r, "col.cycle"), 0.55);
	doc_table_head(t, 1, rb_str(r, "col.subject"), 1.2);
	doc_table_head(t, 2, rb_str(r, "col.op"), 0.85);
	doc_table_head(t, 3, rb_str(r, "col.size"), 0.8);
	doc_table_head(t, 4, rb_str(r, "col.workers"), 0.7);
	doc_table_head(t, 5, rb_str(r, "col.kept_as"), 3.2);
	for (size_t i = 0; i < m->doc.n_runs; i++) {
		const struct results_run *x = &m->doc.runs[i];

		if (x->kept_as == NULL)
			continue;
		doc_table_row(t);
		snprintf(buf, sizeof(buf), "%d", x->cycle);
		doc_table_cell(t, 0, x->cycle ? buf : TEXT_NULL, CELL_NUM, NULL, NULL);
		doc_table_cell(t, 1, m->subjects[x->subject].label, 0, NULL,
			       m->subjects[x->subject].color);
		doc_table_cell(t, 2, report_op_name(r->l, x->op, opname, sizeof(opname)), 0, NULL,
			       NULL);
		doc_table_cell(t, 3,
			       x->size ? model_size_text(m, r->nf, x->size, sz, sizeof(sz))
				       : TEXT_NULL,
			       0, NULL, NULL);
		snprintf(buf, sizeof(buf), "%d", x->concurrency);
		doc_table_cell(t, 4, buf, CELL_NUM, NULL, NULL);
		doc_table_cell(t, 5, x->kept_as, 0, NULL, NULL);
	}
}

void report_excluded(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct doc_table *t;

	if (m->doc.n_excluded + m->doc.n_unreadable == 0) {
		doc_para(r->d, rb_str(r, "samples.none_excluded"), 0);
	} else {
		t = doc_table(r->d, "t-excluded", rb_str(r, "table.excluded"), 7);
		doc_table_head(t, 0, rb_str(r, "col.cycle"), 0.55);
		doc_table_head(t, 1, rb_str(r, "col.subject"), 1.2);
		doc_table_head(t, 2, rb_str(r, "col.op"), 0.85);
		doc_table_head(t, 3, rb_str(r, "col.size"), 0.8);
		doc_table_head(t, 4, rb_str(r, "col.workers"), 0.7);
		doc_table_head(t, 5, rb_str(r, "col.class"), 1);
		doc_table_head(t, 6, rb_str(r, "col.reason"), 2.9);
		for (size_t i = 0; i < m->doc.n_excluded; i++) {
			const struct results_run *x = &m->doc.excluded[i];
			struct ex_row row = {
				.cycle = x->cycle,
				.subject = m->subjects[x->subject].label,
				.color = m->subjects[x->subject].color,
				.op = x->op,
				.size = x->size,
				.concurrency = x->concurrency,
				.cls = x->cls,
				.why = x->reason,
			};

			ex_row(r, t, &row);
		}
		for (size_t i = 0; i < m->doc.n_unreadable; i++)
			unreadable_row(r, t, &m->doc.unreadable[i]);
	}
	if (model_kept_as(m) > 0)
		kept_table(r);
}

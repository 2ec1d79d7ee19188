/* render/report/report_policy.c: the aggregation rule in the report (docs/METHODOLOGY.md,
 * "Policies"): the sentence naming it under every table of cell figures, and, under policy
 * best-of-means, the appendix's tables of the groups of consecutive cycles with each
 * cell's best complete group marked. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/model/model_query.h"
#include "render/report/report_int.h"

void report_policy_rule(struct report_builder *r, struct strbuf *b)
{
	const struct results_policy *p = &r->m->doc.policy;
	const char *name = model_str(p->name);
	char key[48], n[24];

	snprintf(key, sizeof(key), "policy.rule_%s",
		 strcmp(name, "best-of-means") == 0 ? "best_of_means"
		 : strcmp(name, "median") == 0      ? "median"
		 : strcmp(name, "best") == 0        ? "best"
						    : "mean");
	snprintf(n, sizeof(n), "%lld", p->repeat);
	if (b->len)
		strbuf_adds(b, " ");
	subst(b, rb_str(r, key), "repeat", n, NULL, NULL);
}

/* groups_cycles: the most groups any cell of op has. */
static size_t groups_cycles(const struct report_model *m, const char *op)
{
	size_t most = 0;

	for (size_t i = 0; i < m->doc.n_cells; i++)
		if (strcmp(model_str(m->doc.cells[i].op), op) == 0 &&
		    m->doc.cells[i].n_groups > most)
			most = m->doc.cells[i].n_groups;
	return most;
}

/* group_row: cell c's groups as one row of t (from column 3). */
static void group_row(struct report_builder *r, struct doc_table *t, const struct results_cell *c,
		      size_t cols)
{
	double best = c->size == 0 ? c->obj_s.value : c->mib_s.value;
	char buf[TEXT_NUM_MAX + 16];

	for (size_t g = 0; g < cols; g++) {
		const struct results_cell_group *x = g < c->n_groups ? &c->groups[g] : NULL;
		double v = x == NULL ? NAN : c->size == 0 ? x->obj_s : x->mib_s;
		int full = x != NULL && x->n == (int)r->m->doc.policy.repeat;

		if (x == NULL) {
			doc_table_cell(t, g + 3, TEXT_NULL, CELL_NUM | CELL_MUTED, NULL, NULL);
			continue;
		}
		num(r, v, buf);
		if (!full)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), " (%d/%lld)", x->n,
				 r->m->doc.policy.repeat);
		doc_table_cell(t, g + 3, buf,
			       CELL_NUM | (!full ? CELL_MUTED : 0) |
				       (full && v == best ? CELL_LEAD : 0),
			       NULL, NULL);
	}
}

/* groups_table: the groups of op's cells, one row per cell, one column per group. */
static void groups_table(struct report_builder *r, const char *op)
{
	const struct report_model *m = r->m;
	size_t cols = groups_cycles(m, op);
	char opname[32], id[40], sz[32], w[64], n[24];
	struct strbuf cap = {0};

	if (cols == 0)
		return;
	report_op_name(r->l, op, opname, sizeof(opname));
	snprintf(id, sizeof(id), "t-groups-%s", op);
	snprintf(n, sizeof(n), "%lld", m->doc.policy.repeat);
	subst(&cap, rb_str(r, "table.groups"), "op", opname, "repeat", n);
	struct doc_table *t = doc_table(r->d, id, rb_text(r, &cap), cols + 3);
	strbuf_free(&cap);
	doc_table_head(t, 0, rb_str(r, "col.subject"), 1.6);
	doc_table_head(t, 1, rb_str(r, "col.size"), 0.9);
	doc_table_head(t, 2, rb_str(r, "col.workers_short"), 0.5);
	for (size_t g = 0; g < cols; g++) {
		long long first = (long long)g * m->doc.policy.repeat + 1;
		snprintf(w, sizeof(w), "%s%lld–%lld", rb_str(r, "col.cycle_prefix"), first,
			 first + m->doc.policy.repeat - 1);
		doc_table_head(t, g + 3, w, 0.9);
	}
	for (size_t k = 0; k < m->nconc; k++)
		for (size_t z = 0; z < m->nsizes; z++)
			for (size_t s = 0; s < m->nsubjects; s++) {
				const struct results_cell *c = model_cell(
					m, (int)s, op, m->sizes[z], m->concurrency[k]);
				if (c == NULL || c->n_groups == 0)
					continue;
				doc_table_row(t);
				doc_table_cell(t, 0, m->subjects[s].label, CELL_ROWHEAD, NULL,
					       m->subjects[s].color);
				doc_table_cell(
					t, 1,
					model_size_text(m, r->nf, m->sizes[z], sz, sizeof(sz)), 0,
					NULL, NULL);
				report_workers_cell(r->l, c->concurrency, c->clients, w, sizeof(w));
				doc_table_cell(t, 2, w, CELL_NUM, NULL, NULL);
				group_row(r, t, c, cols);
			}
	cap = (struct strbuf){0};
	subst(&cap, rb_str(r, "table.groups_foot"), "repeat", n, NULL, NULL);
	doc_table_foot(t, rb_text(r, &cap));
	strbuf_free(&cap);
}

void report_policy_groups(struct report_builder *r)
{
	if (strcmp(model_str(r->m->doc.policy.name), "best-of-means") != 0)
		return;
	for (size_t o = 0; o < r->m->nops; o++)
		groups_table(r, r->m->ops[o]);
}

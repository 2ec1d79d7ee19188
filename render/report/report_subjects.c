/* render/report/report_subjects.c: the subjects table of the report's environment section (see
 * report_int.h, report_subjects): label, id, endpoint, region, how the requests were sent,
 * with how many GETs had their checksum verified, and the note of the subjects whose dotted
 * bucket went path-style; then what each subject's upload data was (its payload claim). */
#include "render/model/model_query.h"
#include "render/report/report_int.h"

#include <string.h>

/* send_differs: subject s sent its requests otherwise than the others: its way of sending
 * is not the most common one among the subjects (every subject's is flagged when no way
 * is more common than another and they are not all the same). */
static int send_differs(const struct report_model *m, size_t s)
{
	size_t mine = 0, max = 0, nmax = 0;

	for (size_t i = 0; i < m->nsubjects; i++) {
		size_t c = 0;
		for (size_t j = 0; j < m->nsubjects; j++)
			c += strcmp(m->subjects[i].send, m->subjects[j].send) == 0;
		if (i == s)
			mine = c;
		if (c > max)
			max = c, nmax = 0;
		if (c == max)
			nmax++; /* counts each subject of a most common way: ways = nmax / max */
	}
	return max < m->nsubjects && (mine < max || nmax / max > 1);
}

/* checksums: how many of subject s's GETs had their checksum verified or came without one,
 * summed over its cells (cells[] and workload_cells[]); both 0 when none checked. */
static void checksums(const struct report_model *m, size_t s, long long *verified,
		      long long *absent)
{
	const struct results *d = &m->doc;

	*verified = *absent = 0;
	for (size_t i = 0; i < d->n_cells + d->n_workload_cells; i++) {
		const struct results_cell *c = i < d->n_cells ? &d->cells[i]
							      : &d->workload_cells[i - d->n_cells];

		if (c->subject != (int)s)
			continue;
		*verified += c->checksums_verified;
		*absent += c->checksums_absent;
	}
}

/* send_cell: column 4 of the subjects table: how the subject's requests were sent
 * (checksum, payload signing, reads, connections: docs/CAMPAIGN.md), with how many GETs
 * had their checksum verified when it checked them, flagged when it differs from the
 * others'. */
static void send_cell(struct report_builder *r, struct doc_table *t, size_t s)
{
	const struct rm_subject *sub = &r->m->subjects[s];
	struct strbuf b = {0};
	long long verified, absent;

	strbuf_adds(&b, *sub->send ? sub->send : rb_str(r, "env.send_default"));
	checksums(r->m, s, &verified, &absent);
	if (verified + absent > 0) {
		char v[TEXT_NUM_MAX], a[TEXT_NUM_MAX], g[TEXT_NUM_MAX];
		const char *names[] = {"verified", "gets", "absent"};
		const char *vals[] = {text_num(r->nf, (double)verified, 0, v, sizeof(v)),
				      text_num(r->nf, (double)(verified + absent), 0, g, sizeof(g)),
				      text_num(r->nf, (double)absent, 0, a, sizeof(a))};

		strbuf_adds(&b, "; ");
		text_subst(&b, rb_str(r, "env.checksums"), names, vals, 3);
	}
	if (send_differs(r->m, s)) {
		strbuf_adds(&b, " ");
		strbuf_adds(&b, rb_str(r, "env.send_differs"));
	}
	doc_table_cell(t, 4, rb_text(r, &b), 0, NULL, NULL);
	strbuf_free(&b);
}

/* subjects_foot: the note of the subjects whose bucket holds a dot and went path-style
 * over HTTPS though virtual-hosted addressing was asked; nothing when there is none. */
static void subjects_foot(struct report_builder *r, struct doc_table *t)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0};

	for (size_t s = 0; s < m->nsubjects; s++) {
		if (m->subjects[s].dotted_bucket == NULL || !*m->subjects[s].dotted_bucket)
			continue;
		if (b.len)
			strbuf_adds(&b, " ");
		subst(&b, rb_str(r, "env.path_style_dotted"), "subject", m->subjects[s].label,
		      "bucket", m->subjects[s].dotted_bucket);
	}
	if (b.len)
		doc_table_foot(t, rb_text(r, &b));
	strbuf_free(&b);
}

/* payload_claims: a sentence per payload claim (what each subject's bodies were: the payload
 * certificate, docs/METHODOLOGY.md "Upload data"), each marked with its claim. */
static void payload_claims(struct report_builder *r)
{
	const struct results *d = &r->m->doc;

	for (size_t i = 0; i < d->n_claims; i++) {
		const struct results_claim *c = &d->claims[i];
		struct strbuf b = {0};

		if (strcmp(c->kind, "payload") == 0 && report_claim_words(r->m, r->l, c, &b) == 0)
			doc_para_claim(r->d, rb_text(r, &b), c->id);
		strbuf_free(&b);
	}
}

void report_subjects(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct doc_table *t = doc_table(r->d, "t-subjects", rb_str(r, "table.subjects"), 5);
	doc_table_head(t, 0, rb_str(r, "col.subject"), 1.3);
	doc_table_head(t, 1, rb_str(r, "col.id"), 0.7);
	doc_table_head(t, 2, rb_str(r, "col.endpoint"), 2.4);
	doc_table_head(t, 3, rb_str(r, "col.region"), 0.8);
	doc_table_head(t, 4, rb_str(r, "col.send"), 2);
	for (size_t s = 0; s < m->nsubjects; s++) {
		doc_table_row(t);
		doc_table_cell(t, 0, m->subjects[s].label, CELL_ROWHEAD, NULL,
			       m->subjects[s].color);
		doc_table_cell(t, 1, m->subjects[s].id, 0, NULL, NULL);
		doc_table_cell(t, 2, *m->subjects[s].endpoint ? m->subjects[s].endpoint : TEXT_NULL,
			       0, NULL, NULL);
		doc_table_cell(t, 3, *m->subjects[s].region ? m->subjects[s].region : TEXT_NULL, 0,
			       NULL, NULL);
		if (model_no_run_read(m, s))
			doc_table_cell(t, 4, rb_str(r, "samples.no_run_read"), CELL_MUTED, NULL,
				       NULL);
		else
			send_cell(r, t, s);
	}
	subjects_foot(r, t);
	payload_claims(r);
}

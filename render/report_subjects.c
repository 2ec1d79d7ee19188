/* render/report_subjects.c: see report_int.h (report_subjects_foot). */
#include "render/report_int.h"

void report_subjects_foot(struct report_builder *r, struct doc_table *t)
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

/* render/report/report_prov.c: see report_prov.h. */
#include "render/report/report_prov.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "core/facts.h"
#include "core/strbuf.h"
#include "render/doc/doc_attach.h"

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));

	return s ? s : TEXT_NULL;
}

/* fact: a fact's value (a string, or the distinct values joined) into b. */
static void fact(struct strbuf *b, const json_t *v)
{
	size_t i;
	json_t *x;

	if (json_is_array(v)) {
		json_array_foreach(v, i, x) {
			if (i)
				strbuf_adds(b, ", ");
			strbuf_adds(b, json_string_value(x) ? json_string_value(x) : "?");
		}
	} else
		strbuf_adds(b, json_is_string(v) ? json_string_value(v) : TEXT_NULL);
}

/* text: the text built in b for the document ("" when empty); an append that ran out
 * of memory marks the document failed (d->oom), so that no truncated text is shown. */
static const char *text(struct doc *d, const struct strbuf *b)
{
	if (b->failed)
		d->oom = 1;
	return b->p ? b->p : "";
}

static void row(struct doc_table *t, const char *k, const char *v)
{
	doc_table_row(t);
	doc_table_cell(t, 0, k, CELL_ROWHEAD, NULL, NULL);
	doc_table_cell(t, 1, *v ? v : TEXT_NULL, 0, NULL, NULL);
}

/* summary_table: digest, signer, tool, generated, inputs, options. */
static void summary_table(struct doc *d, const struct text_lang *l, const json_t *m)
{
	const json_t *o = json_object_get(m, "options"), *in = json_object_get(m, "inputs"), *x;
	struct doc_table *t = doc_table(d, "t-prov", text_lang_str(l, "table.prov"), 2);
	const char *fpr = json_string_value(
		json_object_get(json_object_get(m, "signer"), "fingerprint"));
	char n[32], size[TEXT_NUM_MAX];
	struct strbuf b = {0};
	json_int_t total = 0;
	size_t i;
	const char *names[] = {"n", "size"}, *vals[] = {n, size};

	doc_table_head(t, 0, text_lang_str(l, "env.item"), 1.2);
	doc_table_head(t, 1, text_lang_str(l, "env.value"), 3);
	row(t, text_lang_str(l, "prov.digest"), str(m, "digest"));
	row(t, text_lang_str(l, "prov.signer"), fpr ? fpr : text_lang_str(l, "prov.unsigned"));
	strbuf_addf(&b, "s3bench %s, commit %s", str(json_object_get(m, "tool"), "version"),
		    str(json_object_get(m, "tool"), "commit"));
	row(t, text_lang_str(l, "prov.tool"), text(d, &b));
	row(t, text_lang_str(l, "prov.generated"), str(m, "generated"));
	json_array_foreach(in, i, x)
		total += json_integer_value(json_object_get(x, "size"));
	snprintf(n, sizeof(n), "%zu", json_array_size(in));
	text_size(text_lang_numfmt(l), (uint64_t)total, size, sizeof(size));
	strbuf_reset(&b);
	text_subst(&b, text_lang_str(l, "prov.inputs_value"), names, vals, 2);
	row(t, text_lang_str(l, "prov.inputs"), text(d, &b));
	strbuf_reset(&b);
	{
		char *alpha = json_dumps(json_object_get(o, "alpha"),
					 JSON_ENCODE_ANY | JSON_REAL_PRECISION(6));

		strbuf_addf(&b, "--policy %s --min-samples %lld --alpha %s%s", str(o, "policy"),
			    (long long)json_integer_value(json_object_get(o, "min_samples")),
			    alpha ? alpha : "?",
			    json_is_true(json_object_get(o, "recompute")) ? " --recompute" : "");
		free(alpha);
	}
	{
		const char *sn[] = {"source"}, *sv[] = {str(o, "source")};

		strbuf_adds(&b, " (");
		text_subst(&b, text_lang_str(l, "prov.source"), sn, sv, 1);
		strbuf_adds(&b, ")");
	}
	row(t, text_lang_str(l, "prov.options"), text(d, &b));
	strbuf_free(&b);
}

/* facts_table: one row per fact, one column per subject. */
static void facts_table(struct doc *d, const struct text_lang *l, const json_t *m)
{
	const json_t *subj = json_object_get(m, "subjects"), *s;
	size_t ns = json_array_size(subj), i;
	struct doc_table *t;
	char key[64];

	if (ns == 0)
		return;
	t = doc_table(d, "t-fair", text_lang_str(l, "table.fair"), ns + 1);
	doc_table_head(t, 0, text_lang_str(l, "prov.fact"), 1.2);
	json_array_foreach(subj, i, s)
		doc_table_head(t, i + 1, str(s, "id"), 3.0 / (double)ns);
	for (size_t k = 0; k < fact_count; k++) {
		snprintf(key, sizeof(key), "fact.%s", fact_names[k]);
		doc_table_row(t);
		doc_table_cell(t, 0, text_lang_str(l, key), CELL_ROWHEAD, NULL, NULL);
		json_array_foreach(subj, i, s) {
			struct strbuf b = {0};
			const json_t *v = json_object_get(s, fact_names[k]);
			const char *c;

			fact(&b, v);
			c = text(d, &b);
			doc_table_cell(
				t, i + 1, *c ? c : TEXT_NULL,
				json_is_string(v) && strcmp(json_string_value(v), FACT_UNKNOWN) == 0
					? CELL_MUTED
					: 0,
				NULL, NULL);
			strbuf_free(&b);
		}
	}
	doc_table_foot(t, text_lang_str(l, "table.fair_foot"));
}

/* commands: the one command that checks the report, and the one that re-derives it. */
static void commands(struct doc *d, const struct text_lang *l, const json_t *m)
{
	const json_t *o = json_object_get(m, "options");
	const char *out = str(o, "output");
	int inside = !json_is_true(json_object_get(o, "output_outside")) && out[0] != '/';
	struct strbuf b = {0};

	strbuf_adds(&b, text_lang_str(l, "prov.check"));
	strbuf_addf(&b, " bin/analyze --verify %s%s%s%s", inside ? "DATA_DIR/" : out,
		    inside ? out : "", inside ? "" : " DATA_DIR",
		    json_is_object(json_object_get(m, "signer")) ? " --pubkey PUB.pem" : "");
	doc_para(d, text(d, &b), 0);
	strbuf_reset(&b);
	strbuf_adds(&b, text_lang_str(l, "prov.rederive"));
	strbuf_addf(&b, " %s; bin/render RESULTS_DIR", str(m, "command"));
	doc_para(d, text(d, &b), 0);
	strbuf_free(&b);
}

static int exists(const char *dir, const char *name)
{
	char p[4096];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return stat(p, &st) == 0;
}

int report_provenance(struct doc *d, const struct text_lang *l, const char *results_dir,
		      struct err *e)
{
	const char *dl = text_lang_str(l, "prov.downloads");
	char path[4096];
	json_error_t je;
	json_t *m = NULL;

	doc_heading(d, 1, "provenance", text_lang_str(l, "section.provenance"));
	snprintf(path, sizeof(path), "%s/manifest.json", results_dir);
	if (exists(results_dir, "manifest.json") && (m = json_load_file(path, 0, &je)) == NULL)
		return err_set(e, "%s: line %d: %s", path, je.line, je.text);
	if (m == NULL)
		doc_para(d, text_lang_str(l, "prov.none"), 0);
	else {
		doc_para(d, text_lang_str(l, "prov.intro"), 0);
		summary_table(d, l, m);
		commands(d, l, m);
		facts_table(d, l, m);
	}
	doc_para(d, text_lang_str(l, m ? "prov.files" : "prov.files_nomanifest"), 0);
	json_decref(m);
	if (doc_attach(d, results_dir, "aggregate.json", "application/json", dl,
		       ATTACH_HTML | ATTACH_PDF, e) < 0 ||
	    (exists(results_dir, "cells.csv") &&
	     doc_attach(d, results_dir, "cells.csv", "text/csv", dl, ATTACH_HTML, e) < 0) ||
	    (exists(results_dir, "manifest.json") &&
	     doc_attach(d, results_dir, "manifest.json", "application/json", dl, ATTACH_PDF, e) <
		     0))
		return -1;
	return d->oom ? err_set(e, "report: out of memory") : 0;
}

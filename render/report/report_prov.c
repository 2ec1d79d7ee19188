/* render/report/report_prov.c: see report_prov.h. */
#include "render/report/report_prov.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/facts.h"
#include "core/results/results_manifest.h"
#include "core/strbuf.h"
#include "render/doc/doc_attach.h"

static const char *str(const char *s)
{
	return s ? s : TEXT_NULL;
}

/* fact: a fact's value (its one value, or the distinct values joined) into b. */
static void fact(struct strbuf *b, const struct results_manifest_fact *f)
{
	if (f->n == 0) {
		strbuf_adds(b, TEXT_NULL);
		return;
	}
	for (size_t i = 0; i < f->n; i++) {
		if (i)
			strbuf_adds(b, ", ");
		strbuf_adds(b, f->values[i]);
	}
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

/* real_text: x as a JSON real with 6 significant digits ("0.05", "1.0"), "?" for none. */
static const char *real_text(double x, char *buf, size_t n)
{
	if (isnan(x))
		return "?";
	snprintf(buf, n, "%.6g", x);
	if (strpbrk(buf, ".e") == NULL && strlen(buf) + 3 <= n)
		strcat(buf, ".0");
	return buf;
}

/* summary_table: digest, signer, tool, generated, inputs, options. */
static void summary_table(struct doc *d, const struct text_lang *l,
			  const struct results_manifest *m)
{
	const struct results_manifest_options *o = &m->options;
	struct doc_table *t = doc_table(d, "t-prov", text_lang_str(l, "table.prov"), 2);
	const char *fpr = m->signer_fingerprint;
	char n[32], size[TEXT_NUM_MAX], alpha[40];
	struct strbuf b = {0};
	uint64_t total = 0;
	const char *names[] = {"n", "size"}, *vals[] = {n, size};

	doc_table_head(t, 0, text_lang_str(l, "env.item"), 1.2);
	doc_table_head(t, 1, text_lang_str(l, "env.value"), 3);
	row(t, text_lang_str(l, "prov.digest"), str(m->digest));
	row(t, text_lang_str(l, "prov.signer"), fpr ? fpr : text_lang_str(l, "prov.unsigned"));
	strbuf_addf(&b, "s3bench %s, commit %s", str(m->tool_version), str(m->tool_commit));
	row(t, text_lang_str(l, "prov.tool"), text(d, &b));
	row(t, text_lang_str(l, "prov.generated"), str(m->generated));
	for (size_t i = 0; i < m->n_inputs; i++)
		total += m->inputs[i].size;
	snprintf(n, sizeof(n), "%zu", m->n_inputs);
	text_size(text_lang_numfmt(l), total, size, sizeof(size));
	strbuf_reset(&b);
	text_subst(&b, text_lang_str(l, "prov.inputs_value"), names, vals, 2);
	row(t, text_lang_str(l, "prov.inputs"), text(d, &b));
	strbuf_reset(&b);
	strbuf_addf(&b, "--policy %s --min-samples %lld --alpha %s%s", str(o->policy),
		    o->min_samples, real_text(o->alpha, alpha, sizeof(alpha)),
		    o->recompute ? " --recompute" : "");
	{
		const char *sn[] = {"source"}, *sv[] = {str(o->source)};

		strbuf_adds(&b, " (");
		text_subst(&b, text_lang_str(l, "prov.source"), sn, sv, 1);
		strbuf_adds(&b, ")");
	}
	row(t, text_lang_str(l, "prov.options"), text(d, &b));
	strbuf_free(&b);
}

/* facts_table: one row per fact, one column per subject. */
static void facts_table(struct doc *d, const struct text_lang *l, const struct results_manifest *m)
{
	size_t ns = m->n_subjects;
	struct doc_table *t;
	char key[64];

	if (ns == 0)
		return;
	t = doc_table(d, "t-fair", text_lang_str(l, "table.fair"), ns + 1);
	doc_table_head(t, 0, text_lang_str(l, "prov.fact"), 1.2);
	for (size_t i = 0; i < ns; i++)
		doc_table_head(t, i + 1, str(m->subjects[i].id), 3.0 / (double)ns);
	for (size_t k = 0; k < fact_count; k++) {
		snprintf(key, sizeof(key), "fact.%s", fact_names[k]);
		doc_table_row(t);
		doc_table_cell(t, 0, text_lang_str(l, key), CELL_ROWHEAD, NULL, NULL);
		for (size_t i = 0; i < ns; i++) {
			const struct results_manifest_fact *f = &m->subjects[i].facts[k];
			struct strbuf b = {0};
			const char *c;

			fact(&b, f);
			c = text(d, &b);
			doc_table_cell(t, i + 1, *c ? c : TEXT_NULL,
				       !f->list && f->n == 1 &&
						       strcmp(f->values[0], FACT_UNKNOWN) == 0
					       ? CELL_MUTED
					       : 0,
				       NULL, NULL);
			strbuf_free(&b);
		}
	}
	doc_table_foot(t, text_lang_str(l, "table.fair_foot"));
}

/* vantage_values: fact k's value from each of s's vantages ("path (us-east), virtual
 * (eu-west)") into b. */
static void vantage_values(struct strbuf *b, const struct results_manifest_subject *s, size_t k)
{
	for (size_t v = 0; v < s->n_vantages; v++) {
		if (v)
			strbuf_adds(b, ", ");
		fact(b, &s->vantages[v].facts[k]);
		strbuf_addf(b, " (%s)", str(s->vantages[v].id));
	}
}

/* vantage_notes: in a merge of vantages, per subject whose settings differ between vantages
 * (vantages_differ) the settings with each vantage's value, or that none does. */
static void vantage_notes(struct doc *d, const struct text_lang *l,
			  const struct results_manifest *m)
{
	const char *names[] = {"subject", "settings"}, *vals[2];
	struct strbuf b = {0}, set = {0};
	int merged = 0, differ = 0;
	char key[64];

	for (size_t i = 0; i < m->n_subjects; i++) {
		const struct results_manifest_subject *s = &m->subjects[i];

		merged |= s->merged;
		if (s->n_differ == 0)
			continue;
		differ = 1;
		strbuf_reset(&set);
		for (size_t j = 0; j < s->n_differ; j++)
			for (size_t k = 0; k < fact_count; k++)
				if (strcmp(fact_names[k], s->differ[j]) == 0) {
					snprintf(key, sizeof(key), "fact.%s", fact_names[k]);
					strbuf_addf(&set, "%s%s: ", j ? "; " : "",
						    text_lang_str(l, key));
					vantage_values(&set, s, k);
				}
		vals[0] = str(s->id);
		vals[1] = text(d, &set);
		strbuf_reset(&b);
		text_subst(&b, text_lang_str(l, "prov.vantage_differ"), names, vals, 2);
		doc_para(d, text(d, &b), 0);
	}
	if (merged && !differ)
		doc_para(d, text_lang_str(l, "prov.vantage_same"), 0);
	strbuf_free(&b);
	strbuf_free(&set);
}

/* commands: the one command that checks the report, and the one that re-derives it. */
static void commands(struct doc *d, const struct text_lang *l, const struct results_manifest *m)
{
	const char *out = str(m->options.output);
	int inside = !m->options.output_outside && out[0] != '/';
	struct strbuf b = {0};

	strbuf_adds(&b, text_lang_str(l, "prov.check"));
	strbuf_addf(&b, " bin/analyze --verify %s%s%s%s", inside ? "DATA_DIR/" : out,
		    inside ? out : "", inside ? "" : " DATA_DIR",
		    m->signer_fingerprint != NULL ? " --pubkey PUB.pem" : "");
	doc_para(d, text(d, &b), 0);
	strbuf_reset(&b);
	strbuf_adds(&b, text_lang_str(l, "prov.rederive"));
	strbuf_addf(&b, " %s; bin/render RESULTS_DIR", str(m->command));
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
	struct results_manifest m;
	int have = exists(results_dir, "manifest.json");

	memset(&m, 0, sizeof(m));
	doc_heading(d, 1, "provenance", text_lang_str(l, "section.provenance"));
	snprintf(path, sizeof(path), "%s/manifest.json", results_dir);
	if (have && results_manifest_read(path, &m, e) < 0) {
		results_manifest_free(&m);
		return -1;
	}
	if (!have)
		doc_para(d, text_lang_str(l, "prov.none"), 0);
	else {
		doc_para(d, text_lang_str(l, "prov.intro"), 0);
		summary_table(d, l, &m);
		commands(d, l, &m);
		facts_table(d, l, &m);
		vantage_notes(d, l, &m);
	}
	doc_para(d, text_lang_str(l, have ? "prov.files" : "prov.files_nomanifest"), 0);
	results_manifest_free(&m);
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

/* render/report/report_base.h: the report's shared helpers, the floor under its sections
 * (render/report/report.c and render/report/report_*.c call them; they call no section): the
 * builder's state, laying a chart out into a scene or saying why there is none, a prose
 * template's paragraphs, an op's and a worker count's words, a finding added to the list.
 * Private to the report: callers use report.h. */
#ifndef RENDER_REPORT_BASE_H
#define RENDER_REPORT_BASE_H

#include <stddef.h>

#include "core/strbuf.h"
#include "render/chart/chart.h"
#include "render/doc/doc.h"
#include "render/model/model.h"
#include "render/text/fonts.h"
#include "render/text/text.h"

struct findings;
struct xychart;

/* report_builder: the report being built: its model, language, number format and fonts,
 * the document it fills, and the first failure (failed, with e set). */
struct report_builder {
	const struct report_model *m;
	const struct text_lang *l;
	const struct numfmt *nf;
	const struct fonts *f;
	struct doc *d;
	struct err *e;
	int failed;
};

/* rb_str: the language's string `key` (the key itself when the language lacks it). */
static inline const char *rb_str(const struct report_builder *r, const char *key)
{
	return text_lang_str(r->l, key);
}

/* report_str_count: l's string `key`, or its singular form `key`1 when count (a number as
 * the report writes it: a number of workers, of runs) is "1" and the language has that form. */
const char *report_str_count(const struct text_lang *l, const char *key, const char *count);

/* fail_oom: mark the report failed for lack of memory (the first failure's message stays). */
static inline void fail_oom(struct report_builder *r)
{
	if (!r->failed)
		err_set(r->e, "report: out of memory");
	r->failed = 1;
}

/* rb_text: the text built in b, for the document ("" when nothing was added). When building b
 * ran out of memory the report is marked failed, so that no truncated text is shown. */
static inline const char *rb_text(struct report_builder *r, const struct strbuf *b)
{
	if (b->failed)
		fail_oom(r);
	return b->p ? b->p : "";
}

/* Append tpl to b with {n1} and {n2} replaced by v1 and v2 (NULL names nothing). */
static inline void subst(struct strbuf *b, const char *tpl, const char *n1, const char *v1,
			 const char *n2, const char *v2)
{
	const char *names[] = {n1 ? n1 : "", n2 ? n2 : ""};
	const char *vals[] = {v1 ? v1 : "", v2 ? v2 : ""};
	text_subst(b, tpl, names, vals, 2);
}

static inline char *num(const struct report_builder *r, double v, char *buf)
{
	return text_num(r->nf, v, -1, buf, TEXT_NUM_MAX);
}

/* report_add_scene: lay c out `width` points wide into *out and free c; a NULL c or a
 * failed layout marks the report failed (*out NULL). */
void report_add_scene(struct report_builder *r, struct chart *c, double width, struct scene **out);
/* report_add_scene_why: report_add_scene, but a chart with nothing to draw
 * (chart_is_empty) is not laid out: a paragraph names it and says why (the string `why`,
 * or the generic chart.empty_why when NULL), and *out is NULL. */
void report_add_scene_why(struct report_builder *r, struct chart *c, double width, const char *why,
			  struct scene **out);
/* report_scene_about: what scene sc is about (scene_set_about; e.g. "forest/get"), for a
 * program reading the report; a NULL sc is skipped, memory running out marks the report
 * failed. */
void report_scene_about(struct report_builder *r, struct scene *sc, const char *about);
/* report_say_empty: the paragraph "no chart {title}: {why}" (why NULL: the generic one). */
void report_say_empty(struct report_builder *r, const char *title, const char *why);

/* report_prose: the paragraphs of the prose template `name` (blank-line separated);
 * a missing template marks the report failed. */
void report_prose(struct report_builder *r, const char *name);

/* report_xy_describe: c's data sentence, appended to its description (SVG <desc>, what a
 * screen reader reads): for each series with a point, the string `key` with {series}, {hi}
 * and {hx} (its highest point's y and x), {lo} and {lx} (its lowest point's), {mid} (the x
 * where it reaches 50: a CDF's median) and {unit} (the string unit_key). An x that is a whole
 * number is written without decimals; x_whole 1 rounds x up first (a second drawn at i + 0.5
 * is second i + 1; a cycle stays). */
void report_xy_describe(struct report_builder *r, struct xychart *c, const char *key,
			const char *unit_key, int x_whole);

/* report_op_name: the display name of an op ("PUT"): the string op.NAME, else the name in
 * upper case, into buf; returns buf. */
const char *report_op_name(const struct text_lang *l, const char *op, char *buf, size_t n);

/* The values of a template's {workers} and {per_client} for conc workers per client on
 * `clients` clients on `hosts` hosts: "{workers} workers{per_client}" reads "8 workers" for
 * one client and "24 workers (3 × 8)" (brief) or "24 workers (3 clients × 8) on 2 hosts"
 * (long) for three. */
struct report_workers {
	char total[24];       /* conc × clients */
	char per_client[192]; /* "" for one client */
};

enum report_workers_form {
	REPORT_WORKERS_BRIEF,
	REPORT_WORKERS_LONG
};

/* report_workers: fill *w from l's "workers.per_client" (brief) or
 * "workers.per_client_long" and "workers.hosts1" / "workers.hosts" (long). Returns 1 when
 * clients > 1, 0 for one client (per_client ""), -1 when memory runs out (per_client ""). */
int report_workers(const struct text_lang *l, int conc, int clients, int hosts,
		   enum report_workers_form form, struct report_workers *w);

/* report_workers_at: report_workers for op's cells at concurrency conc (model_clients_at). */
int report_workers_at(const struct report_model *m, const struct text_lang *l, const char *op,
		      int conc, enum report_workers_form form, struct report_workers *w);

/* report_workers_cell: "24 (3 × 8)" (brief, for a table cell; "8" for one client) into buf
 * of n bytes; returns buf. */
const char *report_workers_cell(const struct text_lang *l, int conc, int clients, char *buf,
				size_t n);

/* report_finding_add: append the text of b to f's items (b is emptied). Returns 0, or -1
 * when out of memory (b is then emptied too). */
int report_finding_add(struct findings *f, struct strbuf *b);
/* report_finding_claim: the same for a finding that words the claims ids (space-separated;
 * NULL or "": none; copied). */
int report_finding_claim(struct findings *f, struct strbuf *b, const char *ids);

/* report_ids_add: id after the claim ids in b (space-separated, as data-claim holds them),
 * unless b holds it already; out of memory is b's failed flag. */
void report_ids_add(struct strbuf *b, const char *id);

#endif

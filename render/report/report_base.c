/* render/report/report_base.c: see report_base.h. */
#include "render/report/report_base.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart_xy.h"
#include "render/model/model_clients.h"
#include "render/report/findings.h"

void report_scene_about(struct report_builder *r, struct scene *sc, const char *about)
{
	if (sc != NULL && scene_set_about(sc, about) < 0)
		fail_oom(r);
}

void report_say_empty(struct report_builder *r, const char *title, const char *why)
{
	struct strbuf b = {0};
	subst(&b, rb_str(r, "chart.empty"), "title", title, "why",
	      why ? why : rb_str(r, "chart.empty_why"));
	doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&b);
}

/* describe: a sentence of what c's data says, after its description (read by screen
 * readers: the SVG's <desc>; one row with a value is named alone), naming the row or series set aside as not comparable left out
 * (desc.left_out). */
static void describe(struct report_builder *r, struct chart *c)
{
	struct chart_summary s;
	struct strbuf b = {0};
	char k[16], n[16], v[TEXT_NUM_MAX], w[TEXT_NUM_MAX];
	const char *names[] = {"top", "k", "n", "low", "v", "w"};
	chart_summary(c, &s);
	snprintf(k, sizeof(k), "%zu", s.kind == CHART_FOREST ? s.filled : s.wins);
	snprintf(n, sizeof(n), "%zu", s.kind == CHART_FOREST ? s.estimates : s.of);
	const char *vals[] = {s.top ? s.top : "",
			      k,
			      n,
			      s.low ? s.low : "",
			      text_num(r->nf, s.top_value, -1, v, sizeof(v)),
			      text_num(r->nf, s.low_value, -1, w, sizeof(w))};
	const char *key = s.kind == CHART_FOREST  ? (s.estimates ? "desc.forest" : NULL)
			  : s.top == NULL         ? NULL
			  : s.kind == CHART_STACK ? "desc.stack"
			  : s.kind == CHART_LINE  ? (s.wins == s.of ? "desc.line_all" : "desc.line")
			  : !isfinite(s.top_value)                     ? "desc.rows"
			  : s.low != NULL && strcmp(s.top, s.low) == 0 ? "desc.rows_only"
								       : "desc.rows1";
	if (key != NULL)
		text_subst(&b, rb_str(r, key), names, vals, 6);
	if (s.aside != NULL) { /* a row or series not comparable, said left out */
		if (b.len)
			strbuf_adds(&b, " ");
		subst(&b, rb_str(r, "desc.left_out"), "left", s.aside, NULL, NULL);
	}
	if (b.len || b.failed)
		chart_add_desc(c, rb_text(r, &b));
	strbuf_free(&b);
}

void report_add_scene(struct report_builder *r, struct chart *c, double width, struct scene **out)
{
	report_add_scene_why(r, c, width, NULL, out);
}

void report_add_scene_why(struct report_builder *r, struct chart *c, double width, const char *why,
			  struct scene **out)
{
	*out = NULL;
	if (c == NULL) {
		fail_oom(r);
		return;
	}
	if (chart_is_empty(c)) {
		report_say_empty(r, chart_title(c), why);
		chart_free(c);
		return;
	}
	describe(r, c);
	*out = chart_layout(c, r->f, r->nf, width, r->e);
	if (*out == NULL)
		r->failed = 1;
	chart_free(c);
}

/* Paragraphs of a prose template (blank-line separated). */
void report_prose(struct report_builder *r, const char *name)
{
	char *text = text_lang_prose(r->l, name, r->e), *p, *q;
	if (text == NULL) {
		r->failed = 1;
		return;
	}
	for (p = text; *p; p = q) {
		q = strstr(p, "\n\n");
		if (q) {
			*q = 0;
			q += 2;
		} else {
			q = p + strlen(p);
		}
		while (*p == '\n')
			p++;
		size_t len = strlen(p);
		while (len && (p[len - 1] == '\n' || p[len - 1] == ' '))
			p[--len] = 0;
		for (char *s = p; *s; s++)
			if (*s == '\n')
				*s = ' ';
		if (*p)
			doc_para(r->d, p, 0);
	}
	free(text);
}

/* x as the description writes it: rounded up when `whole` (a second drawn at i + 0.5 is
 * second i + 1), with no decimals when it is a whole number (a rate, a cycle). */
static char *xy_x_text(const struct report_builder *r, double x, int whole, char *buf)
{
	if (whole)
		x = ceil(x);
	return text_num(r->nf, x, x == floor(x) ? 0 : -1, buf, TEXT_NUM_MAX);
}

void report_xy_describe(struct report_builder *r, struct xychart *c, const char *key,
			const char *unit_key, int x_whole)
{
	struct strbuf b = {0};
	const char *names[] = {"series", "hi", "hx", "lo", "lx", "mid", "unit"};
	for (size_t i = 0; i < chart_xy_nseries(c); i++) {
		struct xy_summary s;
		char hi[TEXT_NUM_MAX], hx[TEXT_NUM_MAX], lo[TEXT_NUM_MAX], lx[TEXT_NUM_MAX],
			mid[TEXT_NUM_MAX];
		chart_xy_summary(c, (int)i, &s);
		if (s.n == 0)
			continue;
		const char *vals[] = {s.label,
				      num(r, s.hi_y, hi),
				      xy_x_text(r, s.hi_x, x_whole, hx),
				      num(r, s.lo_y, lo),
				      xy_x_text(r, s.lo_x, x_whole, lx),
				      num(r, chart_xy_x_at(c, (int)i, 50), mid),
				      rb_str(r, unit_key)};
		if (b.p && *b.p)
			strbuf_adds(&b, " ");
		text_subst(&b, rb_str(r, key), names, vals, 7);
	}
	if (b.failed || (b.p && *b.p))
		chart_xy_add_desc(c, rb_text(r, &b));
	strbuf_free(&b);
}

const char *report_op_name(const struct text_lang *l, const char *op, char *buf, size_t n)
{
	char key[64];
	snprintf(key, sizeof(key), "op.%s", op);
	const char *s = text_lang_str(l, key);
	if (s != key && strcmp(s, key) != 0) {
		snprintf(buf, n, "%s", s);
		return buf;
	}
	size_t i;
	for (i = 0; op[i] && i + 1 < n; i++)
		buf[i] = (char)toupper((unsigned char)op[i]);
	buf[i] = 0;
	return buf;
}

int report_workers(const struct text_lang *l, int conc, int clients, int hosts,
		   enum report_workers_form form, struct report_workers *w)
{
	struct strbuf b = {0};
	char cl[16], per[16], nh[16];
	const char *names[] = {"clients", "per", "n"}, *vals[] = {cl, per, nh};
	int rc = clients > 1;

	snprintf(w->total, sizeof(w->total), "%lld", (long long)conc * (clients > 1 ? clients : 1));
	w->per_client[0] = 0;
	if (!rc)
		return 0;
	snprintf(cl, sizeof(cl), "%d", clients);
	snprintf(per, sizeof(per), "%d", conc);
	snprintf(nh, sizeof(nh), "%d", hosts);
	if (form == REPORT_WORKERS_BRIEF) {
		text_subst(&b, text_lang_str(l, "workers.per_client"), names, vals, 2);
	} else {
		text_subst(&b, text_lang_str(l, "workers.per_client_long"), names, vals, 2);
		text_subst(&b, text_lang_str(l, hosts == 1 ? "workers.hosts1" : "workers.hosts"),
			   names + 2, vals + 2, 1);
	}
	if (b.failed)
		rc = -1;
	else
		snprintf(w->per_client, sizeof(w->per_client), "%s", b.p ? b.p : "");
	strbuf_free(&b);
	return rc;
}

int report_workers_at(const struct report_model *m, const struct text_lang *l, const char *op,
		      int conc, enum report_workers_form form, struct report_workers *w)
{
	int hosts, clients = model_clients_at(m, op, conc, &hosts);

	return report_workers(l, conc, clients, hosts, form, w);
}

const char *report_workers_cell(const struct text_lang *l, int conc, int clients, char *buf,
				size_t n)
{
	struct report_workers w;

	report_workers(l, conc, clients, 1, REPORT_WORKERS_BRIEF, &w);
	snprintf(buf, n, "%s%s", w.total, w.per_client);
	return buf;
}

int report_finding_claim(struct findings *f, struct strbuf *b, const char *ids)
{
	char *s = strbuf_take(b), *c = ids != NULL && *ids ? strdup(ids) : NULL;
	char **items, **claims;

	if (s == NULL || (ids != NULL && *ids && c == NULL))
		goto oom;
	items = realloc(f->items, (f->nitems + 1) * sizeof(*items));
	if (items == NULL)
		goto oom;
	f->items = items;
	claims = realloc(f->claims, (f->nitems + 1) * sizeof(*claims));
	if (claims == NULL)
		goto oom;
	f->claims = claims;
	f->items[f->nitems] = s;
	f->claims[f->nitems++] = c;
	return 0;
oom:
	free(s);
	free(c);
	return -1;
}

int report_finding_add(struct findings *f, struct strbuf *b)
{
	return report_finding_claim(f, b, NULL);
}

void report_ids_add(struct strbuf *b, const char *id)
{
	size_t n = strlen(id);

	for (const char *p = b->p; p != NULL && (p = strstr(p, id)) != NULL; p += n)
		if ((p == b->p || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return;
	if (b->len)
		strbuf_adds(b, " ");
	strbuf_adds(b, id);
}

const char *report_str_count(const struct text_lang *l, const char *key, const char *count)
{
	char k1[128];
	const char *v;

	if (strcmp(count, "1") != 0 || snprintf(k1, sizeof(k1), "%s1", key) >= (int)sizeof(k1))
		return text_lang_str(l, key);
	v = text_lang_get(l, k1);
	return v == NULL ? text_lang_str(l, key) : v;
}

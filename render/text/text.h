/* render/text/text.h: strings for the report — HTML escaping into a core/strbuf.h buffer,
 * number formatting per language, the language's strings and prose loaded from templates.
 *
 * Languages live in TEMPLATES/LANG/: strings.txt ("key = value" lines; "#" comments;
 * \n in a value is a line break) and prose files (methodology.txt, inclusion.txt,
 * limitations.txt: paragraphs separated by blank lines). strings.txt sets the number
 * format with number.group and number.decimal. */
#ifndef RENDER_TEXT_H
#define RENDER_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/strbuf.h"

/* text_html_escape: append s with & < > " ' escaped (text and attribute safe). */
void text_html_escape(struct strbuf *b, const char *s);

/* Number format of a language. */
struct numfmt {
	char group[8];   /* thousands separator, "" for none */
	char decimal[8]; /* decimal mark */
};

#define TEXT_NULL "\xe2\x80\x93" /* "–": how a null value is shown */
#define TEXT_NUM_MAX 64

/* text_decimals: how many decimals a value is shown with: 0 from 1000 up, 1 from 100,
 * 2 from 1, else 3 (so 1,234 / 123.4 / 12.34 / 0.123). */
int text_decimals(double v);

/* text_bound_decimals: the decimals of an interval's bound b beside a figure shown with dec
 * decimals: as many, but no more than b's own size calls for (text_decimals), so a wide
 * interval's far end reads "2,491,258", not "2,491,257.85". */
int text_bound_decimals(double b, int dec);

/* text_short: v as short as it reads ("0.05", "95", "0.8": printf's %g) with f's decimal
 * mark, into buf (n bytes); returns buf. */
char *text_short(const struct numfmt *f, double v, char *buf, size_t n);

/* text_num: v with `decimals` decimals (-1: text_decimals(v)), grouped per f, into buf
 * (TEXT_NUM_MAX bytes); NAN gives TEXT_NULL. Returns buf. */
char *text_num(const struct numfmt *f, double v, int decimals, char *buf, size_t n);

/* text_size: a size for people (core/units.h units_human: "256 KiB", "5 MiB", "1.50 GiB",
 * "512 B") in f's number format, into buf; returns buf. */
char *text_size(const struct numfmt *f, uint64_t bytes, char *buf, size_t n);

struct text_lang;

/* text_lang_load: load TEMPLATES/CODE/strings.txt. NULL with e naming the file and
 * line on failure. Free with text_lang_free. */
struct text_lang *text_lang_load(const char *templates, const char *code, struct err *e);
void text_lang_free(struct text_lang *l);

/* text_lang_code: the code text_lang_load was given ("en"). */
const char *text_lang_code(const struct text_lang *l);

/* text_lang_str: the string of `key` (borrowed, lives as long as l); a missing key
 * gives the key itself, so a gap shows in the report and in tests. */
const char *text_lang_str(const struct text_lang *l, const char *key);

/* text_lang_get: the string of `key` as text_lang_str, but NULL when strings.txt has none. */
const char *text_lang_get(const struct text_lang *l, const char *key);

/* text_lang_numfmt: the language's number format (borrowed). */
const struct numfmt *text_lang_numfmt(const struct text_lang *l);

/* text_lang_prose: TEMPLATES/CODE/NAME (e.g. "methodology.txt") as a new string, or
 * NULL with e set. */
char *text_lang_prose(const struct text_lang *l, const char *name, struct err *e);

/* text_subst: append tpl to b with each {name} replaced by the value of the same
 * index in names/values; {name} is letters, digits, "_" or "."; other braces and
 * unknown names stay as written. */
void text_subst(struct strbuf *b, const char *tpl, const char *const *names,
		const char *const *values, size_t n);

#endif

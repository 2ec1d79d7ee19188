/* render/doc/doc.h: the report as a document — sections of headings, paragraphs, lists,
 * tables and charts — built once by render/report/report.c and written by two back ends
 * (render/doc/html.c, render/doc/pdf.c), so both show the same content.
 *
 * Built with doc_* calls; after building, the back ends read the fields directly and
 * never change them. All text is UTF-8 and unescaped (back ends escape). The document
 * owns every string, table and scene given to it. */
#ifndef RENDER_DOC_H
#define RENDER_DOC_H

#include <stddef.h>

#include "render/chart/scene.h"

enum cell_flags {
	CELL_HEAD = 1,        /* a header cell (<th scope="col">) */
	CELL_ROWHEAD = 2,     /* the row's header (<th scope="row">) */
	CELL_NUM = 4,         /* a number: right-aligned, tabular figures */
	CELL_LEAD = 8,        /* the row's leader: marked */
	CELL_MUTED = 16,      /* a missing or excluded value */
	CELL_TIE = 32,        /* tied at the top of the row (no clear leader): marked apart */
	CELL_UNRESOLVED = 64, /* at the top, but the data could not tell (not shown alike):
				 marked apart from a tie */
};

struct doc_cell {
	char *text;
	char *note;    /* small text after the value (e.g. "n=5/7"), or NULL */
	char color[8]; /* a colour swatch before the text ("" for none) */
	unsigned flags;
	char *claim; /* the ids of the claims it shows, space-separated (HTML data-claim), or NULL */
	char *lead;  /* the lead verdict it shows (HTML data-lead), or NULL */
};

struct doc;

struct doc_table {
	struct doc *doc; /* the owner: a failed allocation sets doc->oom */
	char *id;        /* HTML id, ASCII */
	char *caption;
	size_t ncols;
	struct doc_cell *head;  /* ncols cells */
	struct doc_cell **rows; /* nrows × ncols */
	size_t nrows;
	double *widths; /* ncols relative column widths (PDF) */
	char *foot;     /* a note under the table, or NULL */
};

enum blk_kind {
	BLK_HEADING,
	BLK_PARA,
	BLK_LIST,
	BLK_TABLE,
	BLK_CHARTS
};

struct doc_block {
	enum blk_kind kind;
	int level;    /* HEADING: 1 (section) or 2 */
	char *id;     /* HEADING: anchor */
	char *text;   /* HEADING, PARA */
	char **items; /* LIST */
	size_t nitems;
	char **claims; /* LIST: each item's claim ids (NULL entries: none); PARA: claims[0] */
	int lead;      /* PARA/LIST: 1 = emphasised (key findings) */
	struct doc_table *table; /* TABLE */
	struct scene **scenes;   /* CHARTS: drawn `per_row` side by side */
	size_t nscenes;
	int per_row;
};

struct doc {
	char *lang; /* "en", "ko" */
	char *title, *subtitle;
	char *meta; /* a line under the title (generated, source) */
	char *toc;  /* "Contents" in the report's language */
	char *page; /* "Page {n} of {total}" in the report's language */
	struct doc_block *blocks;
	size_t nblocks;
	struct doc_attach *attach; /* files the report carries (render/doc/doc_attach.h) */
	size_t nattach;
	char *claims_json;  /* the claims[] array the report words (HTML s3bench-claims), or NULL */
	char *headline_ids; /* the claim ids the subtitle words, space-separated, or NULL */
	int oom;
};

/* doc_new: an empty document (strings copied); NULL when out of memory. */
struct doc *doc_new(const char *lang, const char *title, const char *subtitle, const char *meta);
void doc_free(struct doc *d);

/* doc_labels: the words back ends need: the contents title and the page number pattern
 * ({n}, {total}). Copied. */
void doc_labels(struct doc *d, const char *toc, const char *page);

void doc_heading(struct doc *d, int level, const char *id, const char *text);
void doc_para(struct doc *d, const char *text, int lead);
/* doc_para_claim: a paragraph that words the claims claim (ids, space-separated; copied). */
void doc_para_claim(struct doc *d, const char *text, const char *claim);
/* doc_list: a bullet list of n items (copied). doc_list_claims: the same, item i wording the
 * claims claims[i] (ids, space-separated; NULL or a NULL entry: none; copied). */
void doc_list(struct doc *d, const char *const *items, size_t n, int lead);
void doc_list_claims(struct doc *d, const char *const *items, const char *const *claims, size_t n,
		     int lead);
/* doc_claims: the claims[] JSON text the report words (json) and the ids the subtitle words
 * (headline_ids, space-separated; NULL: none); both copied. */
void doc_claims(struct doc *d, const char *json, const char *headline_ids);
/* doc_charts: n scenes (ownership taken, NULLs skipped) drawn per_row side by side. */
void doc_charts(struct doc *d, struct scene **scenes, size_t n, int per_row);

/* doc_table: a new table with ncols columns appended to d; returns it (owned by d) or
 * NULL when out of memory. Fill it with doc_table_head and doc_table_row/doc_table_cell. */
struct doc_table *doc_table(struct doc *d, const char *id, const char *caption, size_t ncols);
/* doc_table_head: header cell i (text copied). width is kept in t->widths but no back end
 * uses it any more: both size the columns from their content (render/doc/colfit.h). */
void doc_table_head(struct doc_table *t, size_t i, const char *text, double width);
/* doc_table_row: a new empty row; doc_table_cell fills cell i of the last row. */
void doc_table_row(struct doc_table *t);
void doc_table_cell(struct doc_table *t, size_t i, const char *text, unsigned flags,
		    const char *note, const char *color);
/* doc_table_claim: cell i of the last row shows the claims claim (ids, space-separated) and,
 * when lead is not NULL, the lead verdict lead; both copied (after doc_table_cell). */
void doc_table_claim(struct doc_table *t, size_t i, const char *claim, const char *lead);
void doc_table_foot(struct doc_table *t, const char *text);

#endif

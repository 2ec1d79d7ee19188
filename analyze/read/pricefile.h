/* analyze/read/pricefile.h: a price file (data/prices/providers.ini; docs/CAMPAIGN.md, "Prices")
 * read by analyze for runs that carry no prices of their own: `analyze DATA_DIR --prices
 * FILE[:SECTION]` on a directory of Warp result files (docs/FORMATS.md, "Warp result
 * directories"). The same file and keys as a campaign's `prices = FILE:SECTION`: each
 * section holds price keys (core/price.h), `date` (the price date), `source` and `note`;
 * a section is read by core/price.h's price_set_section. */
#ifndef ANALYZE_PRICEFILE_H
#define ANALYZE_PRICEFILE_H

#include <stddef.h>

#include "core/err.h"
#include "core/price.h"

/* The price keys one section may hold. */
#define PRICEFILE_SECTION_MAX 64

struct pricefile_kv {
	char *sec, *key, *val;
};

struct pricefile {
	char *path;
	struct pricefile_kv *kv; /* in file order */
	size_t n;
};

/* pricefile_read: read and check every section of path into *out (zeroed first), each key
 * and each section as a whole (a class without a price, an operation in two classes). -1
 * with "FILE:LINE: [SECTION] KEY: why" in e for a wrong price string, an unknown key or more
 * than PRICEFILE_SECTION_MAX keys in a section, with "FILE: why" for an unreadable file;
 * *out is then empty. Free with pricefile_clear. */
int pricefile_read(const char *path, struct pricefile *out, struct err *e);

/* pricefile_has: 1 when section sec holds at least one key, else 0. */
int pricefile_has(const struct pricefile *pf, const char *sec);

/* pricefile_prices: the prices of section sec into *out (price_set_section; the section was
 * checked by pricefile_read, so this cannot fail; a key given twice: the last one). */
void pricefile_prices(const struct pricefile *pf, const char *sec, struct prices *out);

void pricefile_clear(struct pricefile *pf);

/* pricefile_split: `FILE` or `FILE:SECTION` (the --prices argument): FILE into file (n
 * bytes); the SECTION (a pointer into arg) or NULL when arg names an existing file as a
 * whole or has no colon. */
const char *pricefile_split(const char *arg, char *file, size_t n);

#endif

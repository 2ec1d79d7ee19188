/* core/cellsel.h: a selection of matrix cells, as the campaign key alert_cells and
 * `analyze --alert-cells` write it (docs/CAMPAIGN.md): the cells a scheduled build judges
 * for shifts. collect checks the key, analyze applies it.
 *
 *   headline                     PUT and GET's largest size at the highest concurrency
 *   all                          every matrix cell
 *   put 100MiB c10, get * c1     cells by op, size and concurrency; * for any
 *   headline, put 4KiB *         items combine: a cell is selected when any item selects it
 */
#ifndef CORE_CELLSEL_H
#define CORE_CELLSEL_H

#include <stdint.h>

#include "core/err.h"

#define CELLSEL_MAX 32 /* items of one selection at most */

/* One item: a cell pattern; a field is "any" when its bit of `any` is set. */
struct cellsel_item {
	char op[32];
	uint64_t size;
	int conc;
	unsigned any; /* CELLSEL_ANY_OP | CELLSEL_ANY_SIZE | CELLSEL_ANY_CONC */
};

#define CELLSEL_ANY_OP 1u
#define CELLSEL_ANY_SIZE 2u
#define CELLSEL_ANY_CONC 4u

struct cellsel {
	int headline; /* "headline" was named */
	int n;
	struct cellsel_item v[CELLSEL_MAX];
};

/* cellsel_parse: spec (comma-separated items; NULL or blank: "headline") into *out. -1
 * with a message quoting the item at fault ("'put 4KiB': an item is OP SIZE cN, each may
 * be *"). */
int cellsel_parse(const char *spec, struct cellsel *out, struct err *e);

/* cellsel_match: 1 when an item of s (not "headline": the caller knows which cells are
 * headline) selects the cell (op, size, conc). */
int cellsel_match(const struct cellsel *s, const char *op, uint64_t size, int conc);

#endif

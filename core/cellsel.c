/* core/cellsel.c: see cellsel.h. */
#include "core/cellsel.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"

/* parse_item: one item (words separated by blanks) into *it; -1 with a message. */
static int parse_item(char *item, struct cellsel_item *it, struct err *e)
{
	char *w[3], *save = NULL, *end;
	int n = 0;
	long c;
	struct err se;

	memset(it, 0, sizeof(*it));
	for (char *t = strtok_r(item, " \t", &save); t != NULL; t = strtok_r(NULL, " \t", &save)) {
		if (n == 3)
			return -1;
		w[n++] = t;
	}
	if (n != 3)
		return -1;
	if (strcmp(w[0], "*") == 0)
		it->any |= CELLSEL_ANY_OP;
	else if (strlen(w[0]) >= sizeof(it->op) ||
		 strspn(w[0], "abcdefghijklmnopqrstuvwxyz-") != strlen(w[0]))
		return err_set(e, "'%s' is not an op", w[0]);
	else
		snprintf(it->op, sizeof(it->op), "%s", w[0]);
	if (strcmp(w[1], "*") == 0)
		it->any |= CELLSEL_ANY_SIZE;
	else if (units_parse_size(w[1], &it->size, &se) < 0)
		return err_set(e, "'%s' is not a size (4KiB, 100MiB)", w[1]);
	if (strcmp(w[2], "*") == 0 || strcmp(w[2], "c*") == 0) {
		it->any |= CELLSEL_ANY_CONC;
		return 0;
	}
	end = w[2];
	c = w[2][0] == 'c' && isdigit((unsigned char)w[2][1]) ? strtol(w[2] + 1, &end, 10) : 0;
	if (c < 1 || c > 1000000 || *end != '\0')
		return err_set(e, "'%s' is not a concurrency (c10)", w[2]);
	it->conc = (int)c;
	return 0;
}

int cellsel_parse(const char *spec, struct cellsel *out, struct err *e)
{
	char buf[1024], *save = NULL, *item;

	memset(out, 0, sizeof(*out));
	if (spec == NULL || spec[strspn(spec, " \t")] == '\0') {
		out->headline = 1;
		return 0;
	}
	if (strlen(spec) >= sizeof(buf))
		return err_set(e, "longer than %zu characters", sizeof(buf) - 1);
	snprintf(buf, sizeof(buf), "%s", spec);
	for (item = strtok_r(buf, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
		char word[64], copy[1024];
		struct err ie = {{0}};

		if (sscanf(item, " %63s %1s", word, copy) == 1 && strcmp(word, "headline") == 0) {
			out->headline = 1;
			continue;
		}
		if (sscanf(item, " %63s %1s", word, copy) == 1 && strcmp(word, "all") == 0)
			snprintf(copy, sizeof(copy), "* * *");
		else
			snprintf(copy, sizeof(copy), "%s", item);
		if (out->n == CELLSEL_MAX)
			return err_set(e, "more than %d items", CELLSEL_MAX);
		if (parse_item(copy, &out->v[out->n], &ie) < 0)
			return err_set(e, "'%s': %s", item + strspn(item, " \t"),
				       ie.msg[0]
					       ? ie.msg
					       : "an item is OP SIZE cN (each may be *), headline "
						 "or all");
		out->n++;
	}
	if (out->n == 0 && !out->headline)
		return err_set(e, "no cell named (headline, all, or OP SIZE cN)");
	return 0;
}

int cellsel_match(const struct cellsel *s, const char *op, uint64_t size, int conc)
{
	for (int i = 0; i < s->n; i++) {
		const struct cellsel_item *it = &s->v[i];

		if ((it->any & CELLSEL_ANY_OP || strcmp(it->op, op) == 0) &&
		    (it->any & CELLSEL_ANY_SIZE || it->size == size) &&
		    (it->any & CELLSEL_ANY_CONC || it->conc == conc))
			return 1;
	}
	return 0;
}

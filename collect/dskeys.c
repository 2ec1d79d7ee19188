/* collect/dskeys.c: the keys of a dataset and their listing order (see dskeys.h). */
#include "collect/dskeys.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* leaves: W^D (1 for flat). */
static uint64_t leaves(const struct dskeys *d)
{
	uint64_t v = 1;

	for (int l = 0; l < d->depth; l++)
		v *= (uint64_t)d->width;
	return v;
}

/* digits: the decimal digits of v (at least 1). */
static int digits(uint64_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

int dskeys_parse_layout(const char *s, struct dskeys *d, struct err *e)
{
	const char *p;
	char *end;
	unsigned long w, dp;
	uint64_t v = 1;

	if (strcmp(s, "flat") == 0) {
		d->width = d->depth = 0;
		return 0;
	}
	if (strncmp(s, "tree:", 5) != 0)
		return err_set(e, "'%s' is not a layout (flat, tree:WxD)", s);
	w = strtoul(s + 5, &end, 10);
	p = end;
	if (*p == 'x' || *p == 'X')
		p++;
	else if (strncmp(p, "\xc3\x97", 2) == 0) /* × */
		p += 2;
	else
		return err_set(e, "'%s' is not a layout (flat, tree:WxD)", s);
	dp = strtoul(p, &end, 10);
	if (end == p || *end != '\0' || end[-1] < '0' || end[-1] > '9' || s[5] < '0' || s[5] > '9')
		return err_set(e, "'%s' is not a layout (flat, tree:WxD)", s);
	if (w < 2 || w > DSKEYS_WIDTH_MAX || dp < 1 || dp > DSKEYS_DEPTH_MAX)
		return err_set(e, "'%s': a tree is 2 to %d wide and 1 to %d deep", s,
			       DSKEYS_WIDTH_MAX, DSKEYS_DEPTH_MAX);
	for (unsigned long l = 0; l < dp; l++) {
		v *= w;
		if (v > DSKEYS_OBJECTS_MAX)
			return err_set(e, "'%s': more than %llu leaves", s,
				       (unsigned long long)DSKEYS_OBJECTS_MAX);
	}
	d->width = (int)w;
	d->depth = (int)dp;
	return 0;
}

char *dskeys_layout_name(const struct dskeys *d, char *buf, size_t n)
{
	if (d->depth == 0)
		snprintf(buf, n, "flat");
	else
		snprintf(buf, n, "tree:%dx%d", d->width, d->depth);
	return buf;
}

int dskeys_key(const struct dskeys *d, const char *prefix, uint64_t n, struct strbuf *b)
{
	int wd = d->depth > 0 ? digits((uint64_t)d->width - 1) : 0;
	uint64_t m = n;

	strbuf_reset(b);
	if (strbuf_adds(b, prefix))
		return -1;
	for (int l = 0; l < d->depth; l++) {
		if (strbuf_addf(b, "d%0*" PRIu64 "/", wd, m % (uint64_t)d->width))
			return -1;
		m /= (uint64_t)d->width;
	}
	return strbuf_addf(b, "o%010" PRIu64, n);
}

/* leaf_base: the lowest object number of leaf j (in listing order): the directories of
 * level 0 .. D-1 are j's base-W digits from the highest, and level l is digit l of n. */
static uint64_t leaf_base(const struct dskeys *d, uint64_t j)
{
	uint64_t v = 0, pw = 1;

	for (int l = 0; l < d->depth; l++) {
		uint64_t div = 1;
		for (int k = l + 1; k < d->depth; k++)
			div *= (uint64_t)d->width;
		v += ((j / div) % (uint64_t)d->width) * pw;
		pw *= (uint64_t)d->width;
	}
	return v;
}

int dskeys_next(const struct dskeys *d, struct dskeys_iter *it, uint64_t *n)
{
	uint64_t nl = leaves(d);

	while (it->leaf < nl) {
		uint64_t m = leaf_base(d, it->leaf) + it->k * nl;
		if (m < d->objects) {
			*n = m;
			it->k++;
			return 1;
		}
		it->leaf++;
		it->k = 0;
	}
	return 0;
}

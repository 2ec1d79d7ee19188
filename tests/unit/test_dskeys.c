/* tests/unit/test_dskeys.c: collect/dskeys.h: a dataset's layouts, keys, and the walk in
 * listing order (checked against qsort of every key, for flat and tree layouts whose
 * population fills, half-fills and leaves some leaves with one object fewer). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "collect/dskeys.h"

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* walk_sorted: the walk of d gives every object once, in the byte order of its keys. */
static void walk_sorted(const struct dskeys *d, const char *what)
{
	char **keys = calloc(d->objects, sizeof(*keys));
	struct dskeys_iter it = {0};
	struct strbuf b = {0};
	uint64_t n, i = 0, bad = 0;

	for (uint64_t k = 0; k < d->objects; k++) {
		dskeys_key(d, "P/", k, &b);
		keys[k] = strdup(strbuf_cstr(&b));
	}
	qsort(keys, d->objects, sizeof(*keys), cmp);
	while (dskeys_next(d, &it, &n)) {
		dskeys_key(d, "P/", n, &b);
		if (i >= d->objects || strcmp(strbuf_cstr(&b), keys[i]) != 0)
			bad++;
		i++;
	}
	CHECK(i == d->objects && bad == 0,
	      "%s: the walk is the sorted keys (%llu of %llu, %llu out of place)", what,
	      (unsigned long long)i, (unsigned long long)d->objects, (unsigned long long)bad);
	for (uint64_t k = 0; k < d->objects; k++)
		free(keys[k]);
	free(keys);
	strbuf_free(&b);
}

int main(void)
{
	static const struct {
		const char *spec;
		int ok, w, d;
		const char *msg;
	} layouts[] = {
		{"flat", 1, 0, 0, NULL},
		{"tree:8x2", 1, 8, 2, NULL},
		{"tree:100X3", 1, 100, 3, NULL},
		{"tree:10\xc3\x97"
		 "4",
		 1, 10, 4, NULL},
		{"tree:1x3", 0, 0, 0, "'tree:1x3': a tree is 2 to 10000 wide and 1 to 8 deep"},
		{"tree:8x9", 0, 0, 0, "'tree:8x9': a tree is 2 to 10000 wide and 1 to 8 deep"},
		{"tree:10000x3", 0, 0, 0, "'tree:10000x3': more than 10000000000 leaves"},
		{"tree:8", 0, 0, 0, "'tree:8' is not a layout (flat, tree:WxD)"},
		{"tree:x2", 0, 0, 0, "'tree:x2' is not a layout (flat, tree:WxD)"},
		{"tree:8x2x", 0, 0, 0, "'tree:8x2x' is not a layout (flat, tree:WxD)"},
		{"deep", 0, 0, 0, "'deep' is not a layout (flat, tree:WxD)"},
	};
	static const struct {
		uint64_t objects;
		int w, d;
		uint64_t n;
		const char *key;
	} keys[] = {
		{10, 0, 0, 7, "P/o0000000007"},
		{4000, 8, 2, 42, "P/d2/d5/o0000000042"},
		{4000, 8, 2, 106, "P/d2/d5/o0000000106"},
		{100000, 12, 2, 131, "P/d11/d10/o0000000131"},
		{100000, 12, 2, 5, "P/d05/d00/o0000000005"},
	};
	struct dskeys d;
	struct strbuf b = {0};
	struct err e;
	char buf[32];

	for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
		memset(&d, 0, sizeof(d));
		memset(&e, 0, sizeof(e));
		int rc = dskeys_parse_layout(layouts[i].spec, &d, &e);
		CHECK((rc == 0) == layouts[i].ok, "layout %s: rc %d", layouts[i].spec, rc);
		if (layouts[i].ok)
			CHECK(d.width == layouts[i].w && d.depth == layouts[i].d,
			      "layout %s: %dx%d", layouts[i].spec, d.width, d.depth);
		else
			CHECK_STR(e.msg, layouts[i].msg, "layout %s: message", layouts[i].spec);
	}
	d = (struct dskeys){.objects = 1, .width = 8, .depth = 2};
	CHECK_STR(dskeys_layout_name(&d, buf, sizeof(buf)), "tree:8x2", "layout name tree");
	d.depth = 0;
	CHECK_STR(dskeys_layout_name(&d, buf, sizeof(buf)), "flat", "layout name flat");
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		d = (struct dskeys){
			.objects = keys[i].objects, .width = keys[i].w, .depth = keys[i].d};
		CHECK(dskeys_key(&d, "P/", keys[i].n, &b) == 0, "key %s", keys[i].key);
		CHECK_STR(strbuf_cstr(&b), keys[i].key, "key of object %llu",
			  (unsigned long long)keys[i].n);
	}
	walk_sorted(&(struct dskeys){.objects = 1000}, "flat 1000");
	walk_sorted(&(struct dskeys){.objects = 4000, .width = 8, .depth = 2}, "tree:8x2 4000");
	walk_sorted(&(struct dskeys){.objects = 1001, .width = 10, .depth = 3},
		    "tree:10x3 1001 (one leaf with two objects)");
	walk_sorted(&(struct dskeys){.objects = 777, .width = 3, .depth = 4},
		    "tree:3x4 777 (leaves of 9 and 10)");
	walk_sorted(&(struct dskeys){.objects = 5000, .width = 12, .depth = 2},
		    "tree:12x2 5000 (two-digit directories)");
	strbuf_free(&b);
	return check_done();
}

/* tests/unit/test_cellsel.c: core/cellsel, the cell selection of alert_cells and
 * `analyze --alert-cells` (docs/CAMPAIGN.md): what each spelling selects, and the message of
 * each refusal. */
#include <string.h>

#include "core/cellsel.h"
#include "tests/unit/check.h"

#define MIB 1048576ULL

/* One cell and whether the spec selects it (headline aside). */
struct want {
	const char *op;
	uint64_t size;
	int conc, match;
};

static const struct {
	const char *spec;
	int headline, n;
	struct want w[3];
} ok[] = {
	{NULL, 1, 0, {{"put", 4096, 1, 0}}},
	{"  ", 1, 0, {{"put", 4096, 1, 0}}},
	{"headline", 1, 0, {{"put", 100 * MIB, 10, 0}}},
	{"all", 0, 1, {{"put", 4096, 1, 1}, {"get", 100 * MIB, 10, 1}, {"mixed", 1, 64, 1}}},
	{"put 100MiB c10",
	 0,
	 1,
	 {{"put", 100 * MIB, 10, 1}, {"get", 100 * MIB, 10, 0}, {"put", 100 * MIB, 5, 0}}},
	{"put * c10, get 4KiB *",
	 0,
	 2,
	 {{"put", 4096, 10, 1}, {"get", 4096, 1, 1}, {"get", 8192, 1, 0}}},
	{" headline , * 5MiB c* ",
	 1,
	 1,
	 {{"get", 5 * MIB, 1, 1}, {"put", 5 * MIB, 10, 1}, {"put", 4 * MIB, 10, 0}}},
};

static const struct {
	const char *spec, *msg;
} bad[] = {
	{"put 4KiB", "'put 4KiB': an item is OP SIZE cN (each may be *), headline or all"},
	{"put 4KiB c1 c2", "'put 4KiB c1 c2': an item is OP SIZE cN"},
	{"PUT 4KiB c1", "'PUT 4KiB c1': 'PUT' is not an op"},
	{"put 4 KiB", "'put 4 KiB': 'KiB' is not a concurrency (c10)"},
	{"put lots c1", "'put lots c1': 'lots' is not a size (4KiB, 100MiB)"},
	{"put 4KiB 10", "'put 4KiB 10': '10' is not a concurrency (c10)"},
	{"put 4KiB c0", "'c0' is not a concurrency"},
	{",", "no cell named (headline, all, or OP SIZE cN)"},
};

int main(void)
{
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct cellsel s;
		struct err e = {{0}};

		CHECK(cellsel_parse(ok[i].spec, &s, &e) == 0, "'%s' parses: %s",
		      ok[i].spec ? ok[i].spec : "(null)", e.msg);
		CHECK(s.headline == ok[i].headline && s.n == ok[i].n, "'%s': headline %d, %d items",
		      ok[i].spec ? ok[i].spec : "(null)", s.headline, s.n);
		for (size_t k = 0; k < 3 && ok[i].w[k].op != NULL; k++)
			CHECK(cellsel_match(&s, ok[i].w[k].op, ok[i].w[k].size, ok[i].w[k].conc) ==
				      ok[i].w[k].match,
			      "'%s' %s %s c%d", ok[i].spec ? ok[i].spec : "(null)",
			      ok[i].w[k].match ? "selects" : "leaves", ok[i].w[k].op,
			      ok[i].w[k].conc);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct cellsel s;
		struct err e = {{0}};

		CHECK(cellsel_parse(bad[i].spec, &s, &e) < 0 && strstr(e.msg, bad[i].msg) != NULL,
		      "'%s' refused: %s", bad[i].spec, e.msg);
	}
	return check_done();
}

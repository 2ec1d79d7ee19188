/* tests/unit/test_render_claims.c: the words of every claim (render/report/report_claims.c):
 * each kind and verdict core/results knows (results_claim_kinds) has its claim.KIND.VERDICT
 * string in English and Korean, worded with no placeholder left and the subject named; the
 * verdicts of one kind are worded apart; a verdict without a string is refused. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/results/results_claims.h"
#include "render/report/report_int.h"
#include "tests/unit/check.h"

/* The figures any claim.* string names, each with a value. */
static struct results_claim_figure figures[] = {
	{"value", 131.2, NULL},
	{"metric", NAN, "mib_s"},
	{"percentile", NAN, "p99"},
	{"ratio", 2.5, NULL},
	{"threshold", 1.2, NULL},
	{"clear", 2, NULL},
	{"of", 4, NULL},
	{"failed", 30, NULL},
	{"requests", 600, NULL},
	{"offered", 400, NULL},
	{"on_time", 579, NULL},
	{"slots", 600, NULL},
	{"max_sustained", 200, NULL},
	{"limit", NAN, "client"},
	{"rate", 400, NULL},
	{"part", NAN, "wait"},
	{"runs", 3, NULL},
	{"n", 5, NULL},
	{"requests_min", 2, NULL},
	{"aspect", NAN, "signing"},
	{"aspects", NAN, "sse, tags"},
	{"feature", NAN, "sse-c"},
	{"status", 400, NULL},
	{"code", NAN, "InvalidArgument"},
	{"expected", NAN, "200"},
	{"others", NAN, "header"},
	{"old", 300, NULL},
	{"new", 240, NULL},
	{"ci_adj_lo", 0.7, NULL},
	{"ci_adj_hi", 0.9, NULL},
	{"p_adj", 0.001, NULL},
	{"significant", 1, NULL},
	{"compared", 48, NULL},
	{"regressions", 1, NULL},
	{"improvements", 0, NULL},
	{"unchanged", 47, NULL},
	{"alpha", 0.05, NULL},
	{"ci_lo", 0.6, NULL},
	{"ci_hi", 0.8, NULL},
	{"since_build", 5, NULL},
	{"points", 8, NULL},
	{"alerts", 1, NULL},
	{"watches", 0, NULL},
	{"build", 8, NULL},
	{"violations", 3, NULL},
	{"keys", 16, NULL},
	{"example", NAN, "obj/00000003: 2 writers won"},
	{"won", 400, NULL},
	{"writes", 1600, NULL},
	{"conflicts", 1200, NULL},
	{"errors", 0, NULL},
	{"size_label", NAN, "100MiB"},
	{"workers", 10, NULL},
	{"vantage_names", NAN, "us-east, eu-west"},
	{"ranks", NAN, "us-east: 1, eu-west: 3"},
	{"by_vantage", NAN, "us-east: Provider A, eu-west: Provider B"},
	{"vantage", NAN, "eu-west"},
	{"values", NAN, "addressing path (us-east), addressing virtual (eu-west)"},
	{"f", 255.1, NULL},
	{"p_shown", NAN, "< 0.001"},
	{"bad", 1, NULL},
	{"zstd", NAN, "1.00"},
	{"unique_4k", NAN, "100.0"},
	{"data", NAN, "compressible:2"},
	{"clock", NAN, "America/New_York"},
	{"from", NAN, "18"},
	{"to", NAN, "21"},
	{"slower", NAN, "17"},
	{"slower_lo", NAN, "16"},
	{"slower_hi", NAN, "18"},
	{"detectable_pct", NAN, "2"},
	{"probes", 20, NULL},
	{"share_pct", 15, NULL},
	{"timeouts", 1, NULL},
	{"untested", 0, NULL},
	{"max_ms", 312, NULL},
	{"median_ms", 290, NULL},
	{"poll_ms", 10, NULL},
	{"max_wait_ms", 5000, NULL},
	{"trace_op", NAN, "GET"},
	{"trace", NAN, "ops.tsv.zst"},
	{"at", NAN, "p99"},
	{"recorded_ms", 48, NULL},
	{"replayed_ms", 61, NULL},
	{"fastest_ms", 12, NULL},
	{"versus_ms", 104, NULL},
};

static void test_words(const struct report_model *m, struct text_lang *l, const char *lang)
{
	int subjects[1] = {1};
	char *reasons[1] = {"cpu"};
	size_t n = 0;

	for (const struct results_claim_kind *k = results_claim_kinds; k->kind != NULL; k++) {
		char *prev = NULL;

		for (size_t v = 0; k->verdicts[v] != NULL; v++) {
			struct results_claim c = {.id = "x",
						  .kind = (char *)k->kind,
						  .verdict = (char *)k->verdicts[v],
						  .op = "get",
						  .size = 4096,
						  .concurrency = 8,
						  .subject = 0,
						  .subjects = subjects,
						  .n_subjects = 1,
						  .reasons = reasons,
						  .n_reasons = 1,
						  .figures = figures,
						  .n_figures = sizeof(figures) /
							       sizeof(figures[0])};
			struct strbuf b = {0};
			int rc = report_claim_words(m, l, &c, &b);

			n++;
			CHECK(rc == 0 && b.p && !b.failed, "%s: claim.%s.%s has words", lang,
			      k->kind, k->verdicts[v]);
			CHECK(b.p && strchr(b.p, '{') == NULL,
			      "%s: claim.%s.%s: no placeholder left: %s", lang, k->kind,
			      k->verdicts[v], b.p ? b.p : "");
			CHECK(b.p && (strcmp(k->kind, "caveat") == 0 ||
				      strcmp(k->kind, "rank") == 0 ||
				      strcmp(k->verdicts[v], "changed") == 0 ||
				      strcmp(k->verdicts[v], "unchanged") == 0 ||
				      strcmp(k->kind, "trend-alert") == 0 ||
				      strcmp(k->verdicts[v], "interaction") == 0 ||
				      strcmp(k->verdicts[v], "consistent") == 0 ||
				      strstr(b.p, m->subjects[0].label) != NULL ||
				      strcmp(k->verdicts[v], "untested") == 0),
			      "%s: claim.%s.%s names its subject: %s", lang, k->kind,
			      k->verdicts[v], b.p ? b.p : "");
			CHECK(prev == NULL || (b.p && strcmp(prev, b.p) != 0),
			      "%s: claim.%s.%s worded apart from the kind's other verdict", lang,
			      k->kind, k->verdicts[v]);
			free(prev);
			prev = b.p ? strdup(b.p) : NULL;
			strbuf_free(&b);
		}
		free(prev);
	}
	CHECK(n == 87, "%s: 87 verdicts walked (%zu)", lang, n);
	{
		struct results_claim c = {
			.id = "x", .kind = "lead", .verdict = "won", .subject = 0};
		struct strbuf b = {0};

		CHECK(report_claim_words(m, l, &c, &b) < 0, "%s: a verdict with no words refused",
		      lang);
		strbuf_free(&b);
	}
}

int main(void)
{
	const char *top = getenv("TOP");
	char path[4096], tdir[4096];
	struct err e = {{0}};
	struct report_model *m;

	snprintf(path, sizeof(path), "%s/tests/fixtures/render/small/aggregate.json",
		 top ? top : ".");
	snprintf(tdir, sizeof(tdir), "%s/templates", top ? top : ".");
	m = model_load(path, &e);
	CHECK(m != NULL && m->nsubjects >= 2, "the fixture loads: %s", e.msg);
	for (int i = 0; m != NULL && i < 2; i++) {
		const char *lang = i ? "ko" : "en";
		struct text_lang *l = text_lang_load(tdir, lang, &e);

		CHECK(l != NULL, "%s strings load: %s", lang, e.msg);
		if (l != NULL)
			test_words(m, l, lang);
		text_lang_free(l);
	}
	model_free(m);
	return check_done();
}

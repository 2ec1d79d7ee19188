/* tests/fuzz/fuzz_campaign.c: libFuzzer target for the campaign INI parser
 * (collect/campaign/campaign.h): campaign_parse_string on the input text, and campaign_load on
 * the same bytes as a file (which refuses NUL bytes and files over 1 MiB). The two
 * must agree when the input holds no NUL byte. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/campaign_runs.h"
#include "tests/fuzz/fuzz_file.h"

static void check(const struct campaign *c)
{
	if (c->name == NULL || c->title == NULL || c->client == NULL || c->n_subjects < 1 ||
	    c->n_ops < 1 || c->n_ops > CAMPAIGN_MAX_LIST || c->n_sizes < 1 ||
	    c->n_sizes > CAMPAIGN_MAX_LIST || c->n_conc < 1 || c->n_conc > CAMPAIGN_MAX_LIST ||
	    c->cycles < 1 || c->matrix.timeout_s <= 0) {
		fprintf(stderr, "campaign parsed into an incomplete record\n");
		abort();
	}
	for (int i = 0; i < c->n_subjects; i++) {
		const struct campaign_subject *s = &c->subjects[i];

		/* a subject with a profile may leave endpoint and region to the AWS config
		 * file (collect/run/subject.h subject_profile_defaults fills them later) */
		int from_profile = s->cred_kind == CAMPAIGN_CRED_PROFILE;

		if (s->id == NULL || s->label == NULL || (s->endpoint == NULL && !from_profile) ||
		    (s->region == NULL && !from_profile) || s->bucket == NULL ||
		    strlen(s->color) != 7 ||
		    (s->cred_kind != CAMPAIGN_CRED_DEFAULT && s->cred_name == NULL) ||
		    campaign_find_subject(c, s->id) != i) {
			fprintf(stderr, "subject %d parsed incompletely\n", i);
			abort();
		}
	}
	(void)campaign_order_name(c->order);
	/* every run of every subject, its keys applied, passed the parser's checks
	 * (collect/campaign/campaign_check.c) */
	for (int i = 0; i < c->n_subjects; i++)
		for (int k = 0; k < campaign_run_count(c); k++) {
			struct campaign_run r;
			enum wl_field f;
			struct err e;

			if (campaign_run_at(c, &c->subjects[i], k, &r) != 0)
				err_set(&e, "not expanded");
			else if (workload_check(&r.wl, r.timeout_s, &f, &e) == 0)
				continue;
			fprintf(stderr, "subject %d run %d out of limits: %s\n", i, k, e.msg);
			abort();
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct campaign *a, *b;
	struct err ea, eb;
	char *text = malloc(size + 1);
	const char *path;

	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	ea.msg[0] = eb.msg[0] = '\0';
	path = fuzz_file(data, size);
	a = campaign_parse_string(text, path, &ea);
	b = campaign_load(path, &eb);
	if ((a == NULL && ea.msg[0] == '\0') || (b == NULL && eb.msg[0] == '\0')) {
		fprintf(stderr, "campaign: failure without a message\n");
		abort();
	}
	if (a)
		check(a);
	if (b)
		check(b);
	if (size <= (1 << 20) && memchr(data, '\0', size) == NULL &&
	    ((a == NULL) != (b == NULL) || strcmp(ea.msg, eb.msg) != 0)) {
		fprintf(stderr, "campaign_parse_string and campaign_load differ:\n  %s\n  %s\n",
			ea.msg, eb.msg);
		abort();
	}
	campaign_free(a);
	campaign_free(b);
	free(text);
	return 0;
}

/* collect/run/cmd_dataset.c: `collect dataset create|verify|delete CAMPAIGN.ini NAME`: the
 * [dataset NAME] of a campaign built, checked or removed in every subject's bucket (or
 * --subject's), collect/run/dataset.h; --insecure and --ca-bundle read as the other commands'
 * subject flags (collect/run/subjflag.h) and applied to every subject. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/run/cli.h"
#include "collect/run/dataset.h"
#include "collect/run/subject.h"
#include "collect/run/subjflag.h"

/* dataset's own flags, the subject's (--insecure, --ca-bundle: collect/run/subjflag.h)
 * after the first N_BEFORE of them. */
static const struct option dataset_options[] = {
	{"subject", required_argument, 0, 's'},
	{"dir", required_argument, 0, 'd'},
	{"chunk", required_argument, 0, 'c'},
	{"help", no_argument, 0, 'h'},
};

#define N_BEFORE 3
#define N_OWN (sizeof(dataset_options) / sizeof(dataset_options[0]))

struct dataset_args {
	const char *verb, *campaign, *name, *subject;
	struct campaign_subject flags; /* --insecure and --ca-bundle, for every subject */
	struct dataset_opts o;
};

/* parse: argv into *a; 1 for --help, 0, or EXITCODE_USAGE after saying why. */
static int parse(int argc, char **argv, struct dataset_args *a)
{
	struct option all[N_OWN + SUBJFLAG_COUNT + 1] = {{0}};
	size_t n;
	long v;
	int ch;

	memcpy(all, dataset_options, N_BEFORE * sizeof(all[0]));
	n = N_BEFORE + subjflag_options(SUBJFLAG_INSECURE | SUBJFLAG_CA_BUNDLE, all + N_BEFORE);
	memcpy(all + n, dataset_options + N_BEFORE, (N_OWN - N_BEFORE) * sizeof(all[0]));
	optind = 1;
	while ((ch = getopt_long(argc, argv, "h", all, NULL)) != -1) {
		if (subjflag_read(ch, optarg, &a->flags))
			continue;
		switch (ch) {
		case 's':
			a->subject = optarg;
			break;
		case 'd':
			a->o.dir = optarg;
			break;
		case 'c':
			if (cli_parse_int("--chunk", optarg, 1, 100000000, &v) < 0)
				return EXITCODE_USAGE;
			a->o.chunk = (uint64_t)v;
			break;
		case 'h':
			return 1;
		default:
			return cli_usage_error("dataset: unknown option");
		}
	}
	if (argc - optind != 3 ||
	    (strcmp(argv[optind], "create") != 0 && strcmp(argv[optind], "verify") != 0 &&
	     strcmp(argv[optind], "delete") != 0))
		return cli_usage_error("dataset: create|verify|delete CAMPAIGN.ini NAME");
	a->verb = argv[optind];
	a->campaign = argv[optind + 1];
	a->name = argv[optind + 2];
	return 0;
}

/* one: the verb on subject s; an exit code, messages on stderr. */
static int one(const struct dataset_args *a, const struct campaign_dataset *d,
	       const struct campaign_subject *s)
{
	struct dataset_print fp;
	struct err e;
	int rc;

	if (strcmp(a->verb, "create") == 0)
		rc = dataset_create(d, s, &a->o, &e);
	else if (strcmp(a->verb, "delete") == 0)
		rc = dataset_delete(d, s, &a->o, &e);
	else if ((rc = dataset_verify(d, s, NULL, &fp, &e)) == 0)
		printf("dataset %s on %s: verified: %llu objects, %llu bytes, keys %s\n", d->name,
		       s->id, (unsigned long long)fp.count, (unsigned long long)fp.bytes,
		       fp.keys_sha256);
	if (rc < 0)
		fprintf(stderr, "collect: %s\n", e.msg);
	return rc == 0 ? EXITCODE_OK : rc == 1 ? EXITCODE_INTERRUPTED : EXITCODE_PARTIAL;
}

int cmd_dataset(int argc, char **argv, volatile sig_atomic_t *stop)
{
	struct dataset_args a = {.o = {.dir = DATASET_DIR, .chunk = DATASET_CHUNK}};
	const struct campaign_dataset *d;
	struct campaign *c = NULL;
	struct err e;
	int rc, any = 0;

	a.o.stop = stop;
	a.o.out = stdout;
	if ((rc = parse(argc, argv, &a)) != 0)
		return rc == 1 ? (fputs(cli_usage_text, stdout), EXITCODE_OK) : rc;
	if ((c = campaign_load(a.campaign, &e)) == NULL || subject_profile_defaults(c, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXITCODE_USAGE;
		goto done;
	}
	if ((d = campaign_find_dataset(c, a.name)) == NULL) {
		fprintf(stderr, "collect: dataset: %s has no [dataset %s] section\n", a.campaign,
			a.name);
		rc = EXITCODE_USAGE;
		goto done;
	}
	for (int i = 0; i < c->n_subjects && rc != EXITCODE_INTERRUPTED; i++) {
		struct campaign_subject *s = &c->subjects[i];
		const char *ca = subject_ca_default(a.flags.ca_bundle);
		if (a.subject != NULL && strcmp(a.subject, s->id) != 0)
			continue;
		any = 1;
		s->insecure |= a.flags.insecure;
		if (s->ca_bundle == NULL && ca != NULL && (s->ca_bundle = strdup(ca)) == NULL) {
			rc = EXITCODE_USAGE;
			break;
		}
		int r = one(&a, d, s);
		rc = rc != EXITCODE_OK ? rc : r;
	}
	if (!any) {
		fprintf(stderr, "collect: dataset: --subject %s: no [subject %s] in %s\n",
			a.subject, a.subject, a.campaign);
		rc = EXITCODE_USAGE;
	}
done:
	campaign_free(c);
	return rc;
}

/* collect/run/probing.c: see probing.h. */
#include "collect/run/probing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/run/cli.h"
#include "collect/run/subject.h"
#include "collect/run/subjflag.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "core/fsutil.h"
#include "core/subjlog/consistfile.h"
#include "core/subjlog/probefile.h"

/* A probe's run on a subject's client (probe_run, consist_run): o its options, out its
 * report. */
typedef int (*run_fn)(const struct s3_config *cfg, const struct campaign_subject *s, const void *o,
		      void *out, struct err *e);

/* on_client: run on the S3 client of subject s (its credentials and client configuration,
 * freed after); 0, or -1 with e's message also in error (n bytes), prefixed "WHAT ID" when
 * the client could not be set up (run's own messages name the subject). */
static int on_client(const struct campaign_subject *s, const char *what, run_fn run, const void *o,
		     void *out, char *error, size_t n, struct err *e)
{
	struct creds *cr;
	struct s3_config cfg;
	char *profile_ca = NULL;
	int rc = -1;

	if ((cr = subject_creds(s, e)) == NULL ||
	    subject_config(s, cr, 0, NULL, &cfg, &profile_ca, e) != 0)
		err_prefix(e, "%s %s", what, s->id);
	else if (run(&cfg, s, o, out, e) == 0)
		rc = 0;
	if (rc < 0)
		snprintf(error, n, "%s", e->msg);
	free(profile_ca);
	creds_free(cr);
	return rc;
}

static int run_probe(const struct s3_config *cfg, const struct campaign_subject *s, const void *o,
		     void *out, struct err *e)
{
	return probe_run(cfg, s->id, s->bucket, o, out, e);
}

static int run_consist(const struct s3_config *cfg, const struct campaign_subject *s, const void *o,
		       void *out, struct err *e)
{
	return consist_run(cfg, s->id, s->bucket, o, out, e);
}

int probing_subject(const struct campaign_subject *s, const struct probe_opts *o,
		    struct probe_report *out, struct err *e)
{
	memset(out, 0, sizeof(*out));
	snprintf(out->subject, sizeof(out->subject), "%s", s->id);
	snprintf(out->endpoint, sizeof(out->endpoint), "%s", s->endpoint);
	snprintf(out->bucket, sizeof(out->bucket), "%s", s->bucket);
	return on_client(s, "probe", run_probe, o, out, out->error, sizeof(out->error), e);
}

int consisting_subject(const struct campaign_subject *s, const struct consist_opts *o,
		       struct consist_report *out, struct err *e)
{
	memset(out, 0, sizeof(*out));
	snprintf(out->subject, sizeof(out->subject), "%s", s->id);
	snprintf(out->endpoint, sizeof(out->endpoint), "%s", s->endpoint);
	snprintf(out->bucket, sizeof(out->bucket), "%s", s->bucket);
	return on_client(s, "consistency", run_consist, o, out, out->error, sizeof(out->error), e);
}

static int probe_asked(const struct campaign *c)
{
	return c->probe;
}

static int probe_campaign(const struct campaign *c, const struct campaign_subject *s,
			  const char *prefix, void *rep, struct err *e)
{
	struct probe_opts o = {
		.features = c->probe_features, .kms_key = c->probe_kms_key, .prefix = prefix};

	return probing_subject(s, &o, rep, e);
}

static int probe_command(const struct campaign_subject *s, const void *opts, void *rep,
			 struct err *e)
{
	return probing_subject(s, opts, rep, e);
}

static const struct bill_counts *probe_bill(const void *rep)
{
	return &((const struct probe_report *)rep)->bill;
}

static void probe_out(FILE *f, const void *rep)
{
	probe_print(f, rep);
}

static int probe_file(const char *dir, const void *reps, size_t n, struct err *e)
{
	return probe_write(dir, reps, n, e);
}

const struct probing_kind probing_conformance = {.word = "probe",
						 .file = PROBEFILE_NAME,
						 .size = sizeof(struct probe_report),
						 .asked = probe_asked,
						 .run = probe_campaign,
						 .one = probe_command,
						 .bill = probe_bill,
						 .print = probe_out,
						 .write = probe_file};

static int consist_asked(const struct campaign *c)
{
	return c->consist;
}

static int consist_campaign(const struct campaign *c, const struct campaign_subject *s,
			    const char *prefix, void *rep, struct err *e)
{
	struct consist_opts o = c->consist_opts;

	o.prefix = prefix;
	return consisting_subject(s, &o, rep, e);
}

static int consist_command(const struct campaign_subject *s, const void *opts, void *rep,
			   struct err *e)
{
	return consisting_subject(s, opts, rep, e);
}

static const struct bill_counts *consist_bill(const void *rep)
{
	return &((const struct consist_report *)rep)->bill;
}

static void consist_out(FILE *f, const void *rep)
{
	consist_print(f, rep);
}

static int consist_file(const char *dir, const void *reps, size_t n, struct err *e)
{
	return consist_write(dir, reps, n, e);
}

static void consist_free(void *rep)
{
	consist_report_free(rep);
}

const struct probing_kind probing_consistency = {.word = "consistency",
						 .file = CONSISTFILE_NAME,
						 .size = sizeof(struct consist_report),
						 .asked = consist_asked,
						 .run = consist_campaign,
						 .one = consist_command,
						 .bill = consist_bill,
						 .print = consist_out,
						 .write = consist_file,
						 .free_rep = consist_free};

/* flags_done: the subject of a probe command's flags completed (probing_flags). */
static int flags_done(struct campaign_subject *s, struct awsconf *conf, const char *cmd)
{
	char msg[160];

	if (s->bucket == NULL) {
		snprintf(msg, sizeof(msg),
			 "%s needs --bucket (and --endpoint, or AWS_ENDPOINT_URL_S3 ...)", cmd);
		return cli_usage_error(msg);
	}
	snprintf(msg, sizeof(msg),
		 "%s needs --endpoint (or AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL or the profile's "
		 "endpoint_url in ~/.aws/config)",
		 cmd);
	return subjflag_complete(s, conf, msg);
}

/* The subject flags of every probe command (collect/run/subjflag.h); then -o/--output and
 * --help, then the command's own. */
#define PROBING_SUBJECT_FLAGS (SUBJFLAG_ENDPOINT_SET | SUBJFLAG_ID)

static const struct option common_options[] = {
	{"output", required_argument, 0, 'o'},
	{"help", no_argument, 0, 'h'},
};

#define N_COMMON (sizeof(common_options) / sizeof(common_options[0]))

/* read_flags: argv into s, *out and (c's doors) opts; -1 when all are read, else the exit
 * status as probing_flags says. */
static int read_flags(int argc, char **argv, const struct probing_cmd *c, void *opts,
		      struct campaign_subject *s, const char **out)
{
	struct option all[SUBJFLAG_COUNT + N_COMMON + PROBING_OWN_MAX + 1] = {{0}};
	size_t n = subjflag_options(PROBING_SUBJECT_FLAGS, all);
	char msg[96];
	int ch, rc;

	memcpy(all + n, common_options, sizeof(common_options));
	n += N_COMMON;
	for (size_t i = 0; i < PROBING_OWN_MAX && c->own[i].name != NULL; i++)
		all[n + i] = c->own[i];
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:h", all, NULL)) != -1) {
		if (subjflag_read(ch, optarg, s))
			continue;
		switch (ch) {
		case 'o':
			*out = optarg;
			break;
		case 'h':
			fputs(cli_usage_text, stdout);
			return EXITCODE_OK;
		case '?':
			snprintf(msg, sizeof(msg), "%s: unknown option", c->kind->word);
			return cli_usage_error(msg);
		default:
			if ((rc = c->flag(ch, optarg, opts)) != 0)
				return rc;
		}
	}
	if (optind < argc) {
		snprintf(msg, sizeof(msg), "%s: unexpected argument", c->kind->word);
		return cli_usage_error(msg);
	}
	if (c->done != NULL && (rc = c->done(opts)) != 0)
		return rc;
	return -1;
}

/* probing_flags: argv of command c into opts (through c's doors), the subject s and *out
 * (-o DIR; NULL when absent), s completed (conf: awsconf_clear after, whatever the
 * answer). -1 when the command goes on; else the exit status it ends with now, as
 * probing_command says. */
static int probing_flags(int argc, char **argv, const struct probing_cmd *c, void *opts,
			 struct campaign_subject *s, struct awsconf *conf, const char **out)
{
	int rc;

	memset(s, 0, sizeof(*s));
	memset(conf, 0, sizeof(*conf));
	*out = NULL;
	s->id = (char *)c->kind->word;
	s->path_style = -1;
	if ((rc = read_flags(argc, argv, c, opts, s, out)) >= 0)
		return rc;
	if ((rc = flags_done(s, conf, c->kind->word)) != 0)
		return rc;
	return -1;
}

int probing_command(int argc, char **argv, const struct probing_cmd *c, void *opts)
{
	const struct probing_kind *k = c->kind;
	union {
		struct probe_report probe;
		struct consist_report consist;
	} rep;
	struct campaign_subject s;
	struct awsconf conf;
	const char *out;
	struct err e;
	int rc;

	if ((rc = probing_flags(argc, argv, c, opts, &s, &conf, &out)) >= 0) {
		awsconf_clear(&conf);
		return rc;
	}
	rc = EXITCODE_OK;
	if (k->one(&s, opts, &rep, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXITCODE_PARTIAL;
	}
	k->print(stdout, &rep);
	if (out != NULL && (fs_mkdirs(out, &e) < 0 || k->write(out, &rep, 1, &e) < 0)) {
		fprintf(stderr, "collect: %s: %s\n", k->word, e.msg);
		rc = EXITCODE_PARTIAL;
	}
	if (k->free_rep != NULL)
		k->free_rep(&rep);
	awsconf_clear(&conf);
	return rc;
}

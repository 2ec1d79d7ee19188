/* collect/run/cmd_probe.c: `collect probe`: the conformance probe of one endpoint from flags
 * (collect/probe/probe.h); endpoint, region and credentials default as for `collect run`. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "collect/run/cli.h"
#include "collect/run/probing.h"
#include "collect/run/subject.h"
#include "core/fsutil.h"

static const struct option probe_options[] = {
	{"endpoint", required_argument, 0, 'E'}, {"bucket", required_argument, 0, 'B'},
	{"region", required_argument, 0, 'R'},   {"path-style", no_argument, 0, 'P'},
	{"insecure", no_argument, 0, 'I'},       {"ca-bundle", required_argument, 0, 'A'},
	{"features", required_argument, 0, 'F'}, {"kms-key", required_argument, 0, 'K'},
	{"id", required_argument, 0, 'i'},       {"output", required_argument, 0, 'o'},
	{"help", no_argument, 0, 'h'},           {0, 0, 0, 0},
};

/* parse: argv into s, o and *out; 1 for --help, 0, or EXITCODE_USAGE after saying why. */
static int parse(int argc, char **argv, struct campaign_subject *s, struct probe_opts *o,
		 const char **out)
{
	struct err e;
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:h", probe_options, NULL)) != -1) {
		switch (ch) {
		case 'E':
			s->endpoint = optarg;
			break;
		case 'B':
			s->bucket = optarg;
			break;
		case 'R':
			s->region = optarg;
			break;
		case 'P':
			s->path_style = 1;
			break;
		case 'I':
			s->insecure = 1;
			break;
		case 'A':
			s->ca_bundle = optarg;
			break;
		case 'F':
			if (probe_features_parse(optarg, &o->features, &e) < 0) {
				fprintf(stderr, "collect: probe: --features: %s\n", e.msg);
				return EXITCODE_USAGE;
			}
			break;
		case 'K':
			o->kms_key = optarg;
			break;
		case 'i':
			s->id = optarg;
			break;
		case 'o':
			*out = optarg;
			break;
		case 'h':
			return 1;
		default:
			return cli_usage_error("probe: unknown option");
		}
	}
	if (optind < argc)
		return cli_usage_error("probe: unexpected argument");
	return 0;
}

int cmd_probe(int argc, char **argv)
{
	struct campaign_subject s;
	struct probe_opts o = {0};
	struct probe_report rep;
	struct awsconf conf;
	const char *out = NULL;
	struct err e;
	int rc;

	memset(&s, 0, sizeof(s));
	memset(&conf, 0, sizeof(conf));
	s.id = "probe";
	s.path_style = -1;
	if ((rc = parse(argc, argv, &s, &o, &out)) != 0) {
		if (rc == 1)
			fputs(cli_usage_text, stdout);
		return rc == 1 ? EXITCODE_OK : rc;
	}
	if ((rc = probing_flags_done(&s, &conf, "probe")) != 0) {
		awsconf_clear(&conf);
		return rc;
	}
	rc = EXITCODE_OK;
	if (probing_subject(&s, &o, &rep, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXITCODE_PARTIAL;
	}
	probe_print(stdout, &rep);
	if (out != NULL && (fs_mkdirs(out, &e) < 0 || probe_write(out, &rep, 1, &e) < 0)) {
		fprintf(stderr, "collect: probe: %s\n", e.msg);
		rc = EXITCODE_PARTIAL;
	}
	awsconf_clear(&conf);
	return rc;
}

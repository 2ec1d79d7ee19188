/* collect/run/cmd_consist.c: `collect consistency`: the consistency probes of one endpoint
 * from flags (collect/consist/consist.h); endpoint, region and credentials default as for
 * `collect run`. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "collect/run/cli.h"
#include "collect/run/probing.h"
#include "core/fsutil.h"
#include "core/units.h"

static const struct option consist_options[] = {
	{"endpoint", required_argument, 0, 'E'}, {"bucket", required_argument, 0, 'B'},
	{"region", required_argument, 0, 'R'},   {"path-style", no_argument, 0, 'P'},
	{"insecure", no_argument, 0, 'I'},       {"ca-bundle", required_argument, 0, 'A'},
	{"probes", required_argument, 0, 'K'},   {"repeat", required_argument, 0, 'r'},
	{"poll", required_argument, 0, 'p'},     {"max-wait", required_argument, 0, 'w'},
	{"id", required_argument, 0, 'i'},       {"output", required_argument, 0, 'o'},
	{"help", no_argument, 0, 'h'},           {0, 0, 0, 0},
};

/* duration: the value of option opt as ns into *out; 0, or EXITCODE_USAGE after saying
 * why. */
static int duration(const char *opt, const char *s, int64_t *out)
{
	struct err e;
	double d;

	if (units_parse_duration(s, &d, &e) < 0 || d <= 0) {
		fprintf(stderr, "collect: consistency: --%s: %s\n", opt,
			d <= 0 ? "must be above 0" : e.msg);
		return EXITCODE_USAGE;
	}
	*out = (int64_t)(d * 1e9 + 0.5);
	return 0;
}

/* option: option ch's value v into s, o and *out; 0, or EXITCODE_USAGE after saying why. */
static int option(int ch, char *v, struct campaign_subject *s, struct consist_opts *o,
		  const char **out)
{
	struct err e;
	long n;

	switch (ch) {
	case 'E':
		s->endpoint = v;
		return 0;
	case 'B':
		s->bucket = v;
		return 0;
	case 'R':
		s->region = v;
		return 0;
	case 'P':
		s->path_style = 1;
		return 0;
	case 'I':
		s->insecure = 1;
		return 0;
	case 'A':
		s->ca_bundle = v;
		return 0;
	case 'i':
		s->id = v;
		return 0;
	case 'o':
		*out = v;
		return 0;
	case 'p':
		return duration("poll", v, &o->poll_ns);
	case 'w':
		return duration("max-wait", v, &o->max_wait_ns);
	case 'r':
		if (cli_parse_int("--repeat", v, 1, CONSIST_REPEAT_MAX, &n) < 0)
			return EXITCODE_USAGE;
		o->repeat = (int)n;
		return 0;
	case 'K':
		if (consist_kinds_parse(v, &o->kinds, &e) < 0) {
			fprintf(stderr, "collect: consistency: --probes: %s\n", e.msg);
			return EXITCODE_USAGE;
		}
		return 0;
	default:
		return cli_usage_error("consistency: unknown option");
	}
}

/* parse: argv into s, o and *out; 1 for --help, 0, or EXITCODE_USAGE after saying why. */
static int parse(int argc, char **argv, struct campaign_subject *s, struct consist_opts *o,
		 const char **out)
{
	int ch, rc;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:h", consist_options, NULL)) != -1) {
		if (ch == 'h')
			return 1;
		if ((rc = option(ch, optarg, s, o, out)) != 0)
			return rc;
	}
	if (optind < argc)
		return cli_usage_error("consistency: unexpected argument");
	if (o->max_wait_ns < o->poll_ns)
		return cli_usage_error("consistency: --max-wait is shorter than --poll");
	return 0;
}

int cmd_consist(int argc, char **argv)
{
	struct campaign_subject s;
	struct consist_opts o = {.repeat = 20, .poll_ns = 10000000, .max_wait_ns = 5000000000};
	struct consist_report rep;
	struct awsconf conf;
	const char *out = NULL;
	struct err e;
	int rc;

	memset(&s, 0, sizeof(s));
	memset(&conf, 0, sizeof(conf));
	s.id = "consistency";
	s.path_style = -1;
	if ((rc = parse(argc, argv, &s, &o, &out)) != 0) {
		if (rc == 1)
			fputs(cli_usage_text, stdout);
		return rc == 1 ? EXITCODE_OK : rc;
	}
	if ((rc = probing_flags_done(&s, &conf, "consistency")) != 0) {
		awsconf_clear(&conf);
		return rc;
	}
	rc = EXITCODE_OK;
	if (consisting_subject(&s, &o, &rep, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXITCODE_PARTIAL;
	}
	consist_print(stdout, &rep);
	if (out != NULL && (fs_mkdirs(out, &e) < 0 || consist_write(out, &rep, 1, &e) < 0)) {
		fprintf(stderr, "collect: consistency: %s\n", e.msg);
		rc = EXITCODE_PARTIAL;
	}
	consist_report_free(&rep);
	awsconf_clear(&conf);
	return rc;
}

/* collect/run/cmd_consist.c: `collect consistency`: the consistency probes of one endpoint
 * from flags (collect/consist/consist.h); endpoint, region and credentials default as for
 * `collect run`. */
#include <stdio.h>

#include "collect/run/cli.h"
#include "collect/run/probing.h"
#include "core/units.h"

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

/* flag: consistency's own flag ch (value v) into opts, a consist_opts; 0, or
 * EXITCODE_USAGE after saying why. */
static int flag(int ch, char *v, void *opts)
{
	struct consist_opts *o = opts;
	struct err e;
	long n;

	switch (ch) {
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
	}
	return 0;
}

/* done: the flags read (opts, a consist_opts) checked together. */
static int done(const void *opts)
{
	const struct consist_opts *o = opts;

	if (o->max_wait_ns < o->poll_ns)
		return cli_usage_error("consistency: --max-wait is shorter than --poll");
	return 0;
}

int cmd_consist(int argc, char **argv)
{
	static const struct probing_cmd cmd = {
		&probing_consistency,
		{{"probes", required_argument, 0, 'K'},
		 {"repeat", required_argument, 0, 'r'},
		 {"poll", required_argument, 0, 'p'},
		 {"max-wait", required_argument, 0, 'w'}},
		flag,
		done,
	};
	struct consist_opts o = {.repeat = 20, .poll_ns = 10000000, .max_wait_ns = 5000000000};

	return probing_command(argc, argv, &cmd, &o);
}

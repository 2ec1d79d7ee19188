/* collect/run/cmd_probe.c: `collect probe`: the conformance probe of one endpoint from flags
 * (collect/probe/probe.h); endpoint, region and credentials default as for `collect run`. */
#include <stdio.h>

#include "collect/run/cli.h"
#include "collect/run/probing.h"

/* flag: probe's own flag ch (value v) into opts, a probe_opts; 0, or EXITCODE_USAGE after
 * saying why. */
static int flag(int ch, char *v, void *opts)
{
	struct probe_opts *o = opts;
	struct err e;

	if (ch == 'K') {
		o->kms_key = v;
		return 0;
	}
	if (probe_features_parse(v, &o->features, &e) < 0) {
		fprintf(stderr, "collect: probe: --features: %s\n", e.msg);
		return EXITCODE_USAGE;
	}
	return 0;
}

int cmd_probe(int argc, char **argv)
{
	static const struct probing_cmd cmd = {
		&probing_conformance,
		{{"features", required_argument, 0, 'F'}, {"kms-key", required_argument, 0, 'K'}},
		flag,
		NULL,
	};
	struct probe_opts o = {0};

	return probing_command(argc, argv, &cmd, &o);
}

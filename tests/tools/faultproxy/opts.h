/* tests/tools/faultproxy/opts.h: the proxy's command line (modes and options: the header
 * of main.c). */
#ifndef TESTS_TOOLS_FAULTPROXY_OPTS_H
#define TESTS_TOOLS_FAULTPROXY_OPTS_H

#include <stdint.h>
#include <stdio.h>

enum mode {
	M_PASS,
	M_SLOWDOWN,
	M_RESET,
	M_STALL,
	M_BLACKHOLE,
	M_REFUSE,
	M_RST,
	M_PAUSE
};

struct opts {
	const char *listen, *upstream, *port_file;
	enum mode mode;
	double fraction;
	double rate;        /* slowdown: > 0 answers 503 above this many requests per second */
	uint64_t warmup_ms; /* --rate: half the rate for this long after the start */
	uint64_t seed, after_bytes, pause_ms, every_ms;
	int on_request;   /* --direction request */
	int status;       /* slowdown: the HTTP status answered (503 by default) */
	const char *code; /* slowdown: the S3 error code (default: the status's) */
	long max_seconds;
};

/* mode_name: "pass", "slowdown", ... (static). */
const char *mode_name(enum mode m);

/* usage: the synopsis, to f. */
void usage(FILE *f);

/* parse_args: argv into o (defaults: --fraction 1, --seed 1, --max-seconds 600); 0, 1
 * after printing the usage for --help, or -1 after printing why on stderr. */
int parse_args(int argc, char **argv, struct opts *o);

#endif

/* tests/tools/wanem/opts.h: the emulator's command line (the options: main.c's header). */
#ifndef TESTS_TOOLS_WANEM_OPTS_H
#define TESTS_TOOLS_WANEM_OPTS_H

#include <stdint.h>
#include <stdio.h>

/* One direction of the path: up is client to upstream, down upstream to client. */
struct dir_opts {
	double delay_ms;  /* one-way delay */
	double rate_conn; /* bytes/s per connection, 0: none */
	double rate_all;  /* bytes/s of all connections together, 0: none */
};

struct opts {
	const char *listen, *listen_netns, *upstream, *port_file;
	struct dir_opts up, down;
	double jitter_ms;      /* uniform in [-J, +J] on each chunk, order kept */
	uint64_t window;       /* bytes held per connection and direction */
	double throttle;       /* requests/s above which 503 SlowDown, 0: none */
	double throttle_burst; /* the throttle's bucket depth in requests */
	double first_byte_ms;  /* hold each response's first byte */
	double tail_share;     /* --tail: this share of responses (0..1) ... */
	double tail_ms;        /* ... held this much longer (a heavy-tail provider) */
	int http;              /* parse requests (throttle, first byte) */
	uint64_t seed;
	long max_seconds;
};

/* wanem_usage: the synopsis, to f. */
void wanem_usage(FILE *f);

/* parse_rate: "25MiB/s", "200Mbit/s", "1Gbit/s", "1000B/s", "0" into bytes/s; 0, or -1
 * when s is not a rate. */
int parse_rate(const char *s, double *out);

/* wanem_args: argv into o (defaults: no delay, no cap, --window 4MiB, --seed 1,
 * --max-seconds 3600); 0, 1 after printing the usage for --help, or -1 after saying why
 * on stderr. */
int wanem_args(int argc, char **argv, struct opts *o);

#endif

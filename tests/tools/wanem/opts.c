/* tests/tools/wanem/opts.c: the emulator's command line (see opts.h). */
#include "tests/tools/wanem/opts.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

void wanem_usage(FILE *f)
{
	fprintf(f,
		"usage: wanem --listen HOST:PORT [--listen-netns NAME] --upstream HOST:PORT\n"
		"             [--delay MS] [--delay-up MS] [--delay-down MS] [--jitter MS]\n"
		"             [--rate-conn RATE[,DOWN]] [--rate-all RATE[,DOWN]] [--window BYTES]\n"
		"             [--http] [--throttle N] [--throttle-burst B] [--first-byte MS]\n"
		"             [--tail PCT%%:MS]\n"
		"             [--seed N] [--port-file PATH] [--max-seconds N]\n"
		"RATE: 25MiB/s, 200Mbit/s, 1Gbit/s, 500KB/s, 1000B/s (see the source header)\n");
}

static const struct {
	const char *unit;
	double mult;
} units[] = {
	{"B/s", 1},          {"KiB/s", 1024.0},   {"MiB/s", 1048576.0}, {"GiB/s", 1073741824.0},
	{"KB/s", 1e3},       {"MB/s", 1e6},       {"GB/s", 1e9},        {"kbit/s", 1e3 / 8},
	{"Mbit/s", 1e6 / 8}, {"Gbit/s", 1e9 / 8},
};

int parse_rate(const char *s, double *out)
{
	char *end = NULL;
	double v = strtod(s, &end);
	size_t i;

	if (end == s || v < 0)
		return -1;
	if (*end == '\0') {
		*out = v;
		return 0;
	}
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].unit) == 0) {
			*out = v * units[i].mult;
			return 0;
		}
	}
	return -1;
}

/* tail: "PCT%:MS" (a share above 0 and at most 100 %, a hold of MS > 0) into o. */
static int tail(const char *s, struct opts *o)
{
	char *end = NULL;
	double pct = strtod(s, &end), ms;

	if (end == s || end[0] != '%' || end[1] != ':' || !(pct > 0 && pct <= 100))
		return -1;
	s = end + 2;
	ms = strtod(s, &end);
	if (end == s || (*end != '\0' && strcmp(end, "ms") != 0) || !(ms > 0))
		return -1;
	o->tail_share = pct / 100;
	o->tail_ms = ms;
	return 0;
}

/* rate_pair: "RATE" (both directions) or "UP,DOWN". */
static int rate_pair(const char *s, double *up, double *down)
{
	char a[64];
	const char *comma = strchr(s, ',');

	if (comma == NULL)
		return parse_rate(s, up) == 0 && parse_rate(s, down) == 0 ? 0 : -1;
	if ((size_t)(comma - s) >= sizeof(a))
		return -1;
	memcpy(a, s, (size_t)(comma - s));
	a[comma - s] = '\0';
	return parse_rate(a, up) == 0 && parse_rate(comma + 1, down) == 0 ? 0 : -1;
}

static int num(const char *s, double *out)
{
	char *end = NULL;

	*out = strtod(s, &end);
	return end != s && *end == '\0' && *out >= 0 ? 0 : -1;
}

/* one_opt: the option a with its value v; 0, or -1 after saying why. */
static int one_opt(struct opts *o, const char *a, const char *v)
{
	double d = 0;
	int bad = 0;

	if (strcmp(a, "--listen") == 0)
		o->listen = v;
	else if (strcmp(a, "--listen-netns") == 0)
		o->listen_netns = v;
	else if (strcmp(a, "--upstream") == 0)
		o->upstream = v;
	else if (strcmp(a, "--port-file") == 0)
		o->port_file = v;
	else if (strcmp(a, "--delay") == 0)
		bad = num(v, &o->up.delay_ms) || num(v, &o->down.delay_ms);
	else if (strcmp(a, "--delay-up") == 0)
		bad = num(v, &o->up.delay_ms);
	else if (strcmp(a, "--delay-down") == 0)
		bad = num(v, &o->down.delay_ms);
	else if (strcmp(a, "--jitter") == 0)
		bad = num(v, &o->jitter_ms);
	else if (strcmp(a, "--rate-conn") == 0)
		bad = rate_pair(v, &o->up.rate_conn, &o->down.rate_conn);
	else if (strcmp(a, "--rate-all") == 0)
		bad = rate_pair(v, &o->up.rate_all, &o->down.rate_all);
	else if (strcmp(a, "--window") == 0)
		bad = num(v, &d) || d < 65536, o->window = (uint64_t)d;
	else if (strcmp(a, "--throttle") == 0)
		bad = num(v, &o->throttle), o->http = 1;
	else if (strcmp(a, "--throttle-burst") == 0)
		bad = num(v, &o->throttle_burst) || o->throttle_burst < 1;
	else if (strcmp(a, "--first-byte") == 0)
		bad = num(v, &o->first_byte_ms), o->http = 1;
	else if (strcmp(a, "--tail") == 0)
		bad = tail(v, o), o->http = 1;
	else if (strcmp(a, "--seed") == 0)
		bad = num(v, &d), o->seed = (uint64_t)d;
	else if (strcmp(a, "--max-seconds") == 0)
		bad = num(v, &d) || d < 1, o->max_seconds = (long)d;
	else {
		fprintf(stderr, "wanem: unknown option %s\n", a);
		return -1;
	}
	if (bad)
		fprintf(stderr, "wanem: %s: bad value '%s'\n", a, v);
	return bad ? -1 : 0;
}

int wanem_args(int argc, char **argv, struct opts *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	o->window = 4u << 20;
	o->seed = 1;
	o->max_seconds = 3600;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--help") == 0) {
			wanem_usage(stdout);
			return 1;
		}
		if (strcmp(a, "--http") == 0) {
			o->http = 1;
			continue;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "wanem: %s needs a value\n", a);
			return -1;
		}
		if (one_opt(o, a, argv[++i]) != 0)
			return -1;
	}
	if (o->listen == NULL || o->upstream == NULL) {
		wanem_usage(stderr);
		return -1;
	}
	if (o->throttle > 0 && o->throttle_burst == 0)
		o->throttle_burst = o->throttle / 10 > 1 ? o->throttle / 10 : 1;
	return 0;
}

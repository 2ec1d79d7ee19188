/* tests/tools/faultproxy/opts.c: the proxy's command line (see opts.h). */
#include "tests/tools/faultproxy/opts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const mode_names[] = {
	"pass", "slowdown", "reset", "stall", "blackhole", "refuse", "rst", "pause",
};

const char *mode_name(enum mode m)
{
	return (unsigned)m < sizeof(mode_names) / sizeof(mode_names[0]) ? mode_names[m] : "?";
}

void usage(FILE *f)
{
	fprintf(f,
		"usage: faultproxy --listen HOST:PORT --upstream HOST:PORT --mode MODE\n"
		"                  [--fraction F] [--rate N [--warmup-ms N]] [--seed N] [--after-bytes N]\n"
		"                  [--direction request|response] [--max-seconds N] [--port-file PATH]\n"
		"                  [--pause-ms N --every-ms N] [--status N [--code CODE]]\n"
		"modes: pass slowdown reset stall blackhole refuse rst pause (see the source header)\n");
}

int parse_args(int argc, char **argv, struct opts *o)
{
	int i;
	size_t m;

	memset(o, 0, sizeof(*o));
	o->mode = (enum mode) - 1;
	o->fraction = 1.0;
	o->seed = 1;
	o->max_seconds = 600;
	o->status = 503;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		char *end = NULL;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 1;
		}
		if (!v) {
			fprintf(stderr, "faultproxy: %s needs a value\n", a);
			return -1;
		}
		i++;
		errno = 0;
		if (!strcmp(a, "--listen")) {
			o->listen = v;
		} else if (!strcmp(a, "--upstream")) {
			o->upstream = v;
		} else if (!strcmp(a, "--port-file")) {
			o->port_file = v;
		} else if (!strcmp(a, "--mode")) {
			for (m = 0; m < sizeof(mode_names) / sizeof(mode_names[0]); m++)
				if (!strcmp(v, mode_names[m]))
					o->mode = (enum mode)m;
			if ((int)o->mode < 0) {
				fprintf(stderr, "faultproxy: unknown mode '%s'\n", v);
				return -1;
			}
		} else if (!strcmp(a, "--direction")) {
			if (strcmp(v, "request") && strcmp(v, "response")) {
				fprintf(stderr,
					"faultproxy: --direction wants request or response\n");
				return -1;
			}
			o->on_request = v[2] == 'q';
		} else if (!strcmp(a, "--fraction")) {
			o->fraction = strtod(v, &end);
			if (errno || *end || !(o->fraction >= 0.0 && o->fraction <= 1.0)) {
				fprintf(stderr, "faultproxy: --fraction wants 0..1, got '%s'\n", v);
				return -1;
			}
		} else if (!strcmp(a, "--rate")) {
			o->rate = strtod(v, &end);
			if (errno || *end || !(o->rate > 0.0 && o->rate <= 1e6)) {
				fprintf(stderr,
					"faultproxy: --rate wants 0..1000000 requests per "
					"second, got '%s'\n",
					v);
				return -1;
			}
		} else if (!strcmp(a, "--warmup-ms")) {
			o->warmup_ms = strtoull(v, &end, 10);
			if (errno || *end || !*v || *v == '-') {
				fprintf(stderr,
					"faultproxy: --warmup-ms wants a number, got '%s'\n", v);
				return -1;
			}
		} else if (!strcmp(a, "--seed") || !strcmp(a, "--after-bytes") ||
			   !strcmp(a, "--pause-ms") || !strcmp(a, "--every-ms")) {
			uint64_t n = strtoull(v, &end, 10);

			if (errno || *end || !*v || *v == '-') {
				fprintf(stderr, "faultproxy: %s wants a number, got '%s'\n", a, v);
				return -1;
			}
			*(a[2] == 's'   ? &o->seed
			  : a[2] == 'a' ? &o->after_bytes
			  : a[2] == 'p' ? &o->pause_ms
					: &o->every_ms) = n;
		} else if (!strcmp(a, "--status")) {
			o->status = (int)strtol(v, &end, 10);
			if (errno || *end || o->status < 400 || o->status > 599) {
				fprintf(stderr, "faultproxy: --status wants 400..599, got '%s'\n",
					v);
				return -1;
			}
		} else if (!strcmp(a, "--code")) {
			if (strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") !=
				    strlen(v) ||
			    !*v || strlen(v) > 64) {
				fprintf(stderr, "faultproxy: --code wants letters, got '%s'\n", v);
				return -1;
			}
			o->code = v;
		} else if (!strcmp(a, "--max-seconds")) {
			o->max_seconds = strtol(v, &end, 10);
			if (errno || *end || o->max_seconds <= 0 || o->max_seconds > 86400 * 7) {
				fprintf(stderr,
					"faultproxy: --max-seconds wants 1..604800, got '%s'\n", v);
				return -1;
			}
		} else {
			fprintf(stderr, "faultproxy: unknown option '%s'\n", a);
			return -1;
		}
	}
	if (o->listen == NULL || (int)o->mode < 0 ||
	    (!o->upstream && o->mode != M_BLACKHOLE && o->mode != M_REFUSE && o->mode != M_RST)) {
		fprintf(stderr, "faultproxy: --listen, --mode and (except for blackhole, refuse "
				"and rst) --upstream are required\n");
		return -1;
	}
	if (o->mode == M_PAUSE && !(o->pause_ms > 0 && o->pause_ms < o->every_ms)) {
		fprintf(stderr, "faultproxy: pause needs 0 < --pause-ms < --every-ms\n");
		return -1;
	}
	return 0;
}

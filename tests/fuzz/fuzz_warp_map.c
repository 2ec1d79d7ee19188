/* tests/fuzz/fuzz_warp_map.c: libFuzzer target for the host map of a Warp result
 * directory (analyze/warp/warpdir.h: warpdir_map_read, the INI of analyze --warp-map) and
 * the lookups made with it (warpdir_map_find, warpdir_bare_host).
 *
 * The input is the map file's bytes. A map read without error must be complete (every
 * subject has an id without blank, '/' or '"', at least one host, a colour of
 * "#rrggbb" or none) and each subject's first host, looked up as an endpoint, must
 * find a subject no later than itself; a failure must carry a message and leave the
 * map empty. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warpdir.h"
#include "tests/fuzz/fuzz_file.h"

static void check(const struct warpdir_map *m)
{
	char bare[64];

	for (size_t i = 0; i < m->n_subjects; i++) {
		const struct warpdir_subject *s = &m->subjects[i];

		if (s->id == NULL || s->id[0] == '\0' || strpbrk(s->id, " \t/\"") != NULL ||
		    s->n_hosts == 0 || s->hosts == NULL ||
		    (s->color != NULL && strlen(s->color) != 7)) {
			fprintf(stderr, "subject %zu read incompletely\n", i);
			abort();
		}
		for (size_t j = 0; j < s->n_hosts; j++) {
			if (s->hosts[j] == NULL) {
				fprintf(stderr, "subject %zu: host %zu is NULL\n", i, j);
				abort();
			}
			warpdir_bare_host(s->hosts[j], bare, sizeof(bare));
			if (strlen(bare) >= sizeof(bare))
				abort();
		}
		/* a pattern without glob characters matches itself */
		if (strpbrk(s->hosts[0], "*?[\\") == NULL) {
			int k = warpdir_map_find(m, s->hosts[0]);

			if (k < 0 || (size_t)k > i) {
				fprintf(stderr, "host '%s' of subject %zu found as %d\n",
					s->hosts[0], i, k);
				abort();
			}
		}
	}
	(void)warpdir_map_find(m, "https://s3.example.com:9000/bucket?x#y");
	(void)warpdir_map_find(m, "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct warpdir_map m;
	struct err e = {{0}};

	if (warpdir_map_read(fuzz_file(data, size), &m, &e) < 0) {
		if (e.msg[0] == '\0' || m.n_subjects != 0 || m.subjects != NULL || m.name != NULL ||
		    m.title != NULL || m.client != NULL) {
			fprintf(stderr,
				"warpdir_map_read failed without a message or left a map\n");
			abort();
		}
		return 0;
	}
	if (m.n_subjects == 0) {
		fprintf(stderr, "warpdir_map_read: a map without subjects\n");
		abort();
	}
	check(&m);
	warpdir_map_clear(&m);
	return 0;
}

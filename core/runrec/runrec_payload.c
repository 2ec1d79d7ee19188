/* core/runrec/runrec_payload.c: run.json's "payload" record: the certificate of the bodies a
 * run sent (docs/FORMATS.md, "run.json"; docs/METHODOLOGY.md, "Upload data";
 * core/runrec/runrec.h). */
#include <math.h>
#include <string.h>

#include "core/runrec/runrec.h"
#include "core/runrec/runrec_field.h"

#define P struct runrec_payload

static const struct rrf payload_f[] = {
	RRF_T("data", RRF_TEXT, P, data),
	RRF_T("phase", RRF_TEXT, P, phase),
	RRF_R("bodies", RRF_INT, P, bodies, 0, 9.2e18),
	RRF_R("sampled", RRF_INT, P, sampled, 0, 9.2e18),
	RRF_R("bytes", RRF_INT, P, bytes, 0, 9.2e18),
	RRF_R("blocks_512", RRF_INT, P, blocks_512, 0, 9.2e18),
	RRF_R("blocks_4k", RRF_INT, P, blocks_4k, 0, 9.2e18),
	RRF_R("unique_512_share", RRF_REAL_N, P, unique_512_share, 0, 1),
	RRF_R("unique_4k_share", RRF_REAL_N, P, unique_4k_share, 0, 1),
	RRF_R("zstd_ratio", RRF_REAL_N, P, zstd_ratio, 0, 1e9),
};

json_t *runrec_payload_to_json(const struct runrec_payload *p)
{
	return rrf_write(payload_f, RRF_N(payload_f), p, p->absent);
}

int runrec_payload_from_json(const json_t *j, const char *path, struct runrec_payload *p,
			     struct err *e)
{
	memset(p, 0, sizeof(*p));
	p->unique_512_share = p->unique_4k_share = p->zstd_ratio = NAN;
	if (rrf_read(j, path, payload_f, RRF_N(payload_f), p, &p->absent, e) < 0)
		return -1;
	if (!(p->absent & 2) && strcmp(p->phase, "benchmark") != 0 &&
	    strcmp(p->phase, "prepare") != 0)
		return err_set(e, "field %s.phase: '%s' is not benchmark or prepare", path,
			       p->phase);
	return 0;
}

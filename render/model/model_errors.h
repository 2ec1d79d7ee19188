/* render/model/model_errors.h: the failed requests of aggregate.json's cells (cells[] and
 * workload_cells[], each cell's optional "errors": requests, failed, by status or
 * transport class; docs/FORMATS.md) and the rate sweeps' throttling knee, for the
 * report's Errors table and its findings. */
#ifndef RENDER_MODEL_ERRORS_H
#define RENDER_MODEL_ERRORS_H

#include <stddef.h>
#include <stdint.h>

#include "core/errstat.h"
#include "render/model/model.h"
#include "core/strbuf.h"
#include "render/text/text.h"

/* One cell that had failed requests. */
struct rm_err_row {
	int subject;
	char *op;
	uint64_t size;
	char *size_spec; /* workload cells: the size spec ("" when none) */
	int concurrency, clients;
	double rate; /* offered req/s; 0: closed loop */
	uint64_t requests, failed;
	struct errstat by;
};

/* A rate sweep's throttling knee (the lowest offered rate whose 503 + 429 share
 * exceeded 1 %). */
struct rm_err_knee {
	int subject;
	char *op;
	double knee; /* NAN: the sweep was never throttled */
};

/* One cell whose runs retried (its "retries"): the latency of the first attempts and
 * end to end (the cell's latency_ms, from each request's first attempt). */
struct rm_retry_row {
	int subject;
	char *op;
	uint64_t size;
	char *size_spec;
	int concurrency, clients;
	double rate;
	int max;
	uint64_t requests, retried;
	double share, per_request;
	double first_p50, first_p99, e2e_p50, e2e_p99; /* ms; NAN when absent */
};

struct rm_errors {
	struct rm_err_row *rows; /* in the file's order: cells, then workload cells */
	size_t nrows;
	struct rm_retry_row *retries; /* the cells with retries, in the same order */
	size_t nretries;
	struct rm_err_knee *knees;
	size_t nknees;
};

/* model_load_errors: m->errors from root (NULL when no cell has errors and no sweep has
 * a knee). -1 with e naming the file and field at fault. */
int model_load_errors(struct report_model *m, struct json_t *root, const char *name, struct err *e);
void model_free_errors(struct report_model *m);

/* model_errors_findings: the findings sentences: each cell whose 503 share exceeded 1 %
 * (finding.err503) and each sweep's knee (finding.knee), appended to b one sentence
 * at a time through push (which empties b); returns -1 when push fails. */
int model_errors_findings(const struct report_model *m, const struct text_lang *l, struct strbuf *b,
			  int (*push)(void *arg, struct strbuf *b), void *arg);

#endif

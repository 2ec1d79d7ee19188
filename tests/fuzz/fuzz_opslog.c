/* tests/fuzz/fuzz_opslog.c: libFuzzer target for the per-request log reader
 * (core/opslog.h) and what reads through it: reqlog_summary (the run summary of
 * analyze --recompute) and warp_csv_read (Warp's aggregate of a per-op log, and
 * the report `analyze --warp` prints from it).
 *
 * The input is a file's bytes, read as they are (plain text, or zstd when they start
 * with a zstd frame), then, when plain, compressed into two zstd frames split at an
 * input-chosen point: both reads must give the same rows, comments, result and
 * message (the reader must not depend on where its decompressed chunks end). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/reqlog.h"
#include "analyze/read/runlog.h"
#include "analyze/warp/warp_csv.h"
#include "analyze/warp/warp_model.h"
#include "analyze/warp/warp_report.h"
#include "core/opslog.h"
#include "tests/fuzz/fuzz_file.h"

struct digest {
	uint64_t h;
	unsigned long rows, comments;
	int64_t lo, hi; /* earliest and latest time of any row */
};

/* Rows further apart than this are left to opslog alone: summary and warp_csv keep
 * one entry per second of the span (up to 115 days by design), more memory than
 * the fuzzer's limit, and time. Their far-apart refusal is checked by unit tests. */
#define CONSUMER_SPAN_NS (86400LL * 1000000000LL)

static void span(struct digest *d, int64_t t)
{
	if (t == 0)
		return;
	if (d->lo == 0 || t < d->lo)
		d->lo = t;
	if (d->hi == 0 || t > d->hi)
		d->hi = t;
}

static void mix(struct digest *d, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++) {
		d->h ^= s[i];
		d->h *= 1099511628211ULL;
	}
}

static void mix_str(struct digest *d, const char *s)
{
	mix(d, s, strlen(s) + 1);
}

static int on_row(const struct op_row *r, void *arg)
{
	struct digest *d = arg;

	d->rows++;
	mix(d, &r->idx, sizeof(r->idx));
	mix(d, &r->thread, sizeof(r->thread));
	mix(d, &r->n_objects, sizeof(r->n_objects));
	mix(d, &r->bytes, sizeof(r->bytes));
	mix(d, &r->start_ns, sizeof(r->start_ns));
	mix(d, &r->first_byte_ns, sizeof(r->first_byte_ns));
	mix(d, &r->last_byte_ns, sizeof(r->last_byte_ns));
	mix(d, &r->end_ns, sizeof(r->end_ns));
	mix(d, &r->duration_ns, sizeof(r->duration_ns));
	mix_str(d, r->op);
	mix_str(d, r->client_id);
	mix_str(d, r->endpoint);
	mix_str(d, r->file);
	mix_str(d, r->error);
	mix_str(d, r->cat);
	span(d, r->start_ns);
	span(d, r->first_byte_ns);
	span(d, r->last_byte_ns);
	span(d, r->end_ns);
	return 0;
}

static int on_comment(const char *line, void *arg)
{
	struct digest *d = arg;

	d->comments++;
	mix_str(d, line);
	return 0;
}

struct outcome {
	struct digest d;
	int rc;
	struct err e;
	int sum_rc;
	struct run_summary sum;
	struct err sum_e;
	int warp_rc;
	struct err warp_e;
};

static void read_all(const char *path, struct outcome *o)
{
	struct warp_rt *rt = NULL;

	summary_clear(&o->sum); /* o is reused from the previous input */
	memset(o, 0, sizeof(*o));
	o->d.h = 1469598103934665603ULL;
	o->rc = opslog_read_full(path, on_row, on_comment, &o->d, &o->e);
	if (o->rc != 0 && o->e.msg[0] == '\0') {
		fprintf(stderr, "opslog_read_full: %d without a message\n", o->rc);
		abort();
	}
	if (o->d.lo != o->d.hi &&
	    (uint64_t)o->d.hi - (uint64_t)o->d.lo > (uint64_t)CONSUMER_SPAN_NS)
		return;
	o->sum_rc = reqlog_summary(path, 0, 0, &o->sum, &o->sum_e);
	o->warp_rc = warp_csv_read(path, &rt, &o->warp_e);
	if ((o->warp_rc == 0) != (rt != NULL)) {
		fprintf(stderr, "warp_csv_read: rc %d with result %p\n", o->warp_rc, (void *)rt);
		abort();
	}
	if (rt != NULL) {
		char *text = warp_report_text(rt);
		json_t *j = warp_report_json(rt);

		if (text == NULL || j == NULL) {
			fprintf(stderr, "warp_report_text/json: NULL\n");
			abort();
		}
		free(text);
		json_decref(j);
	}
	warp_rt_free(rt);
}

static void same(const struct outcome *a, const struct outcome *b)
{
	char diff[256] = "";

	if (a->rc != b->rc || strcmp(a->e.msg, b->e.msg) != 0 || a->d.rows != b->d.rows ||
	    a->d.comments != b->d.comments || a->d.h != b->d.h) {
		fprintf(stderr,
			"plain and zstd reads differ:\n  plain: rc %d, %lu rows, %lu "
			"comments, %s\n  zstd:  rc %d, %lu rows, %lu comments, %s\n",
			a->rc, a->d.rows, a->d.comments, a->e.msg, b->rc, b->d.rows, b->d.comments,
			b->e.msg);
		abort();
	}
	if (a->sum_rc != b->sum_rc ||
	    (a->sum_rc == 0 && runlog_compare(&a->sum, &b->sum, diff, sizeof(diff)) != 0)) {
		fprintf(stderr, "plain and zstd summaries differ: %d/%d %s\n", a->sum_rc, b->sum_rc,
			diff);
		abort();
	}
	if (a->warp_rc != b->warp_rc) {
		fprintf(stderr, "plain and zstd warp_csv_read differ: %s / %s\n", a->warp_e.msg,
			b->warp_e.msg);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct outcome plain, zst;
	const void *z;
	size_t zn, split;

	read_all(fuzz_file(data, size), &plain);
	if (fuzz_has_zstd_magic(data, size))
		return 0;
	split = size ? (size_t)data[size - 1] * size / 255 : 0;
	z = fuzz_zstd(data, size, split, &zn);
	read_all(fuzz_file(z, zn), &zst);
	same(&plain, &zst);
	return 0;
}

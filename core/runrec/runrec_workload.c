/* core/runrec/runrec_workload.c: run.json's "workload" record (docs/FORMATS.md, "run.json":
 * the workload, its mix, size distribution, range, rate, workers, seed, retries, duration
 * modes, how its requests were sent, where its objects went and its hedge; core/runrec/runrec.h). */
#include <stdio.h>
#include <string.h>

#include "core/runrec/runrec.h"
#include "core/runrec/runrec_field.h"

#define W struct runrec_workload

static const struct rrf send_f[RUNREC_SEND_COUNT + 3] = {
	[RUNREC_SEND_CHECKSUM] = RRF_F("checksum", RRF_STR_OPT, W, send.v[RUNREC_SEND_CHECKSUM]),
	[RUNREC_SEND_PAYLOAD] = RRF_F("payload", RRF_STR_OPT, W, send.v[RUNREC_SEND_PAYLOAD]),
	[RUNREC_SEND_READS] = RRF_F("reads", RRF_STR_OPT, W, send.v[RUNREC_SEND_READS]),
	[RUNREC_SEND_HTTP] = RRF_F("http", RRF_STR_OPT, W, send.v[RUNREC_SEND_HTTP]),
	[RUNREC_SEND_HTTP2_SHARED] = RRF_F("http2_shared", RRF_STR_OPT, W,
					   send.v[RUNREC_SEND_HTTP2_SHARED]),
	[RUNREC_SEND_KEEPALIVE] = RRF_F("keepalive", RRF_STR_OPT, W, send.v[RUNREC_SEND_KEEPALIVE]),
	[RUNREC_SEND_ADDRESSES] = RRF_F("addresses", RRF_STR_OPT, W, send.v[RUNREC_SEND_ADDRESSES]),
	[RUNREC_SEND_TLS_RESUME] = RRF_F("tls_resume", RRF_STR_OPT, W,
					 send.v[RUNREC_SEND_TLS_RESUME]),
	[RUNREC_SEND_DATA] = RRF_F("data", RRF_STR_OPT, W, send.v[RUNREC_SEND_DATA]),
	[RUNREC_SEND_SSE] = RRF_F("sse", RRF_STR_OPT, W, send.v[RUNREC_SEND_SSE]),
	[RUNREC_SEND_TAGS] = RRF_F("tags", RRF_STR_OPT, W, send.v[RUNREC_SEND_TAGS]),
	RRF_R("connect_timeout_ms", RRF_INT_OPT, W, send.connect_timeout_ms, 0, 1e12),
	RRF_R("read_timeout_ms", RRF_INT_OPT, W, send.read_timeout_ms, 0, 1e12),
	RRF_R("request_timeout_ms", RRF_INT_OPT, W, send.request_timeout_ms, 0, 1e12),
};

static const char *const send_defaults[RUNREC_SEND_COUNT] = {
	"none", "unsigned", "random", "1.1", "no", "yes", "first", "yes", "random", "none", "0",
};

static const char *const mix_ops[RUNREC_MIX_OPS] = {"get", "put", "head", "delete"};

static const struct rrf auto_f[] = {
	RRF_F("min_s", RRF_REAL, W, auto_min_s),
	RRF_F("max_s", RRF_REAL, W, auto_max_s),
	RRF_F("window_s", RRF_INT, W, auto_window_s),
	RRF_F("band", RRF_REAL, W, auto_band),
};

const char *runrec_send_key(enum runrec_send_field f)
{
	return (unsigned)f < RUNREC_SEND_COUNT ? send_f[f].key : "";
}

const char *runrec_send_default(enum runrec_send_field f)
{
	return (unsigned)f < RUNREC_SEND_COUNT ? send_defaults[f] : "";
}

const char *runrec_mix_op_name(int k)
{
	return k >= 0 && k < RUNREC_MIX_OPS ? mix_ops[k] : "";
}

static json_t *mix_to(const void *rec)
{
	const W *w = rec;
	json_t *o;

	if (!w->has_mix)
		return json_null();
	o = json_object();
	for (int k = 0; o != NULL && k < RUNREC_MIX_OPS; k++)
		json_object_set_new(o, mix_ops[k], json_integer((json_int_t)w->mix[k]));
	return o;
}

static int mix_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	W *w = rec;
	const char *key;
	json_t *x;
	int64_t sum = 0;

	if (json_is_null(v))
		return 0;
	if (!json_is_object(v))
		return err_set(e, "field %s: expected an object or null", path);
	json_object_foreach((json_t *)v, key, x) {
		int k;

		for (k = 0; k < RUNREC_MIX_OPS && strcmp(key, mix_ops[k]) != 0; k++)
			;
		if (k == RUNREC_MIX_OPS)
			return err_set(e, "field %s.%s: not one of get, put, head, delete", path,
				       key);
		if (!json_is_integer(x) || json_integer_value(x) < 0 ||
		    json_integer_value(x) > RUNREC_WEIGHT_MAX)
			return err_set(e, "field %s.%s: expected a weight 0..%d", path, key,
				       RUNREC_WEIGHT_MAX);
		w->mix[k] = json_integer_value(x);
		sum += w->mix[k];
	}
	if (sum == 0)
		return err_set(e, "field %s: every weight is 0", path);
	w->has_mix = 1;
	return 0;
}

static json_t *auto_to(const void *rec)
{
	const W *w = rec;

	return w->has_auto ? rrf_write(auto_f, RRF_N(auto_f), w, w->auto_absent) : json_null();
}

static int auto_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	W *w = rec;

	if (json_is_null(v))
		return 0;
	w->has_auto = 1;
	return rrf_read(v, path, auto_f, RRF_N(auto_f), w, &w->auto_absent, e);
}

static const struct rrf dataset_f[] = {
	RRF_NE("name", RRF_STR, W, ds_name),
	RRF_F("prefix", RRF_STR, W, ds_prefix),
	RRF_NE("layout", RRF_STR, W, ds_layout),
	RRF_R("objects", RRF_INT, W, ds_objects, 1, 9.2e18),
	RRF_R("bytes", RRF_INT, W, ds_bytes, 0, 9.2e18),
	RRF_F("keys_sha256", RRF_STR, W, ds_keys_sha256),
};

static json_t *dataset_to(const void *rec)
{
	const W *w = rec;

	return w->has_dataset ? rrf_write(dataset_f, RRF_N(dataset_f), w, w->ds_absent)
			      : json_null();
}

static int dataset_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	W *w = rec;

	if (json_is_null(v))
		return 0;
	w->has_dataset = 1;
	return rrf_read(v, path, dataset_f, RRF_N(dataset_f), w, &w->ds_absent, e);
}

static json_t *send_to(const void *rec)
{
	const W *w = rec;

	return w->has_send ? rrf_write(send_f, RRF_N(send_f), w, 0) : json_null();
}

static int send_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	W *w = rec;
	uint64_t absent;

	if (json_is_null(v))
		return 0;
	w->has_send = 1;
	return rrf_read(v, path, send_f, RRF_N(send_f), w, &absent, e);
}

static const struct rrf replay_f[] = {
	RRF_NE("trace", RRF_STR, struct runrec_replay, trace),
	RRF_NE("digest", RRF_STR, struct runrec_replay, digest),
	RRF_R("speed", RRF_REAL, struct runrec_replay, speed, 1e-9, 1e6),
	RRF_NE("remap", RRF_STR, struct runrec_replay, remap),
	RRF_NE("ops", RRF_STR, struct runrec_replay, ops),
	RRF_R("window_from_s", RRF_REAL, struct runrec_replay, window_from_s, 0, 1e12),
	RRF_R("window_to_s", RRF_REAL_Z, struct runrec_replay, window_to_s, 0, 1e12),
	RRF_R("requests", RRF_INT, struct runrec_replay, requests, 0, 9.2e18),
	RRF_R("other_ops", RRF_INT, struct runrec_replay, other_ops, 0, 9.2e18),
	RRF_R("attempts", RRF_INT, struct runrec_replay, attempts, 0, 9.2e18),
	RRF_R("filtered", RRF_INT, struct runrec_replay, filtered, 0, 9.2e18),
	RRF_R("bad_lines", RRF_INT, struct runrec_replay, bad_lines, 0, 9.2e18),
};

static json_t *replay_to(const void *rec)
{
	const W *w = rec;

	return w->has_replay ? rrf_write(replay_f, RRF_N(replay_f), &w->replay, w->replay.absent)
			     : NULL;
}

static int replay_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	W *w = rec;

	w->has_replay = 1;
	return rrf_read(v, path, replay_f, RRF_N(replay_f), &w->replay, &w->replay.absent, e);
}

static const struct rrf workload_f[] = {
	RRF_NE("op", RRF_STR, W, op),
	RRF_R("size", RRF_INT, W, size, 0, 9.2e18),
	RRF_R("concurrency", RRF_INT, W, concurrency, 1, 1000000),
	RRF_F("bound", RRF_STR, W, bound),
	RRF_R("duration_s", RRF_REAL_Z, W, duration_s, 0, 1e300),
	RRF_R("count", RRF_INT_Z, W, count, 0, 9.2e18),
	RRF_R("objects", RRF_INT_Z, W, objects, 0, 9.2e18),
	RRF_R("batch", RRF_INT_Z, W, batch, 0, 1000000),
	RRF_R("part_size", RRF_INT_Z, W, part_size, 0, 9.2e18),
	RRF_F("timeout_s", RRF_REAL, W, timeout_s),
	RRF_F("keep", RRF_BOOL, W, keep),
	RRF_O("mix", mix_to, mix_from),
	RRF_NE("size_spec", RRF_STR, W, size_spec),
	RRF_NE("range", RRF_STR, W, range),
	RRF_R("rate", RRF_REAL_Z, W, rate, 0, 1e300),
	RRF_R("workers", RRF_INT, W, workers, 0, 9.2e18),
	RRF_R("seed", RRF_INT_Z, W, seed, 0, 9.2e18),
	RRF_R("retries", RRF_INT, W, retries, 0, 1000000),
	RRF_O("duration_auto", auto_to, auto_from),
	RRF_F("duration_subject", RRF_BOOL, W, duration_subject),
	RRF_O("send", send_to, send_from),
	RRF_R("buckets", RRF_INT, W, buckets, 1, 1000),
	RRF_R("prefixes", RRF_INT, W, prefixes, 1, 1000),
	RRF_NE("hedge", RRF_STR, W, hedge),
	RRF_NE("delimiter", RRF_STR, W, delimiter),
	RRF_R("page_size", RRF_INT_Z, W, page_size, 0, 1000),
	RRF_O("dataset", dataset_to, dataset_from),
	RRF_O("replay", replay_to, replay_from),
};

json_t *runrec_workload_to_json(const struct runrec_workload *w)
{
	return rrf_write(workload_f, RRF_N(workload_f), w, w->absent);
}

int runrec_workload_from_json(const json_t *j, const char *path, struct runrec_workload *w,
			      struct err *e)
{
	memset(w, 0, sizeof(*w));
	return rrf_read(j, path, workload_f, RRF_N(workload_f), w, &w->absent, e);
}

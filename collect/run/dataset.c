/* collect/run/dataset.c: `collect dataset create` and `delete`, the progress file and the
 * manifest (collect/run/dataset.h; docs/FORMATS.md, "Dataset manifest"). */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/dskeys.h"
#include "collect/engine/engine.h"
#include "collect/run/dataset_int.h"
#include "collect/run/subject.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/sweep.h"
#include "core/fsutil.h"
#include "core/price.h"
#include "core/timefmt.h"

#define MANIFEST_FORMAT "s3bench-dataset"
#define MANIFEST_VERSION 1

/* How far a create got (the progress file), over all its attempts. */
struct progress {
	uint64_t stored; /* objects 0 .. stored - 1 are there */
	double create_s; /* the attempts' time, seconds */
	int attempts;
	struct bill_counts bill; /* their requests */
};

/* A create or delete in hand. */
struct job {
	const struct campaign_dataset *d;
	const struct campaign_subject *s;
	const struct dataset_opts *o;
	char who[200];
	char local[4096], progress[4096]; /* DIR/NAME.SUBJECT.json, .progress.json */
	char spec[600];                   /* what the progress file is for */
	struct creds *cr;
	struct s3_client *cl;
};

static int job_init(struct job *j, const struct campaign_dataset *d,
		    const struct campaign_subject *s, const struct dataset_opts *o, struct err *e)
{
	char lay[32];

	memset(j, 0, sizeof(*j));
	j->d = d, j->s = s, j->o = o;
	snprintf(j->who, sizeof(j->who), "%s on %s", d->name, s->id);
	snprintf(j->local, sizeof(j->local), "%s/%s.%s.json", o->dir, d->name, s->id);
	snprintf(j->progress, sizeof(j->progress), "%s/%s.%s.progress.json", o->dir, d->name,
		 s->id);
	snprintf(j->spec, sizeof(j->spec), "%s/%s objects=%" PRIu64 " size=%" PRIu64 " layout=%s",
		 s->bucket, d->prefix, d->keys.objects, d->size,
		 dskeys_layout_name(&d->keys, lay, sizeof(lay)));
	if (fs_mkdirs(o->dir, e) < 0)
		return -1;
	j->cl = subject_connect(s, &j->cr, e);
	return j->cl == NULL ? -1 : 0;
}

static void job_free(struct job *j)
{
	s3_client_free(j->cl);
	creds_free(j->cr);
}

/* say: a line on o->out. */
static void say(const struct job *j, const char *what)
{
	if (j->o->out != NULL) {
		fprintf(j->o->out, "dataset %s: %s\n", j->who, what);
		fflush(j->o->out);
	}
}

/* write_json: v to path, atomically; 0 or -1 with e. */
static int write_json(const char *path, json_t *v, struct err *e)
{
	char *text = v != NULL ? json_dumps(v, JSON_INDENT(2) | JSON_SORT_KEYS) : NULL;
	int rc;

	if (text == NULL)
		return err_set(e, "%s: out of memory", path);
	rc = fs_write_file(path, text, strlen(text), e);
	free(text);
	return rc;
}

/* progress_read: j's progress file into *p (zeroed when there is none). */
static int progress_read(const struct job *j, struct progress *p, struct err *e)
{
	json_error_t je;
	json_t *v;
	const char *spec;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if (access(j->progress, F_OK) != 0)
		return 0;
	if ((v = json_load_file(j->progress, 0, &je)) == NULL)
		return err_set(e, "%s:%d: %s", j->progress, je.line, je.text);
	spec = json_string_value(json_object_get(v, "spec"));
	if (spec == NULL || strcmp(spec, j->spec) != 0) {
		err_set(e,
			"%s: the progress of another dataset (%s, not %s): delete the dataset "
			"(collect dataset delete) or this file",
			j->progress, spec != NULL ? spec : "?", j->spec);
		goto done;
	}
	p->stored = (uint64_t)json_integer_value(json_object_get(v, "stored"));
	p->create_s = json_number_value(json_object_get(v, "create_s"));
	p->attempts = (int)json_integer_value(json_object_get(v, "attempts"));
	if (p->stored > j->d->keys.objects ||
	    bill_from_json(json_object_get(v, "billing"), &p->bill, e) < 0) {
		err_prefix(e, "%s", j->progress);
		goto done;
	}
	rc = 0;
done:
	json_decref(v);
	return rc;
}

static int progress_write(const struct job *j, const struct progress *p, struct err *e)
{
	json_t *v = json_pack("{s:s, s:I, s:f, s:i, s:o}", "spec", j->spec, "stored",
			      (json_int_t)p->stored, "create_s", p->create_s, "attempts",
			      p->attempts, "billing", bill_to_json(&p->bill));

	int rc = write_json(j->progress, v, e);
	json_decref(v);
	return rc;
}

/* per_day: the storage cost of fp's objects for one day at s's prices. */
static double per_day(const struct campaign_subject *s, const struct dataset_print *fp)
{
	struct bill_counts b;
	struct cost_parts c;

	memset(&b, 0, sizeof(b));
	b.storage_byte_s = (double)fp->bytes * 86400.0;
	b.storage_object_s = (double)fp->count * 86400.0;
	price_cost(&s->prices, &b, &c);
	return c.storage;
}

/* manifest: the manifest of j's dataset (docs/FORMATS.md, "Dataset manifest"); NULL when
 * out of memory. */
static json_t *manifest(const struct job *j, const struct dataset_print *fp,
			const struct progress *p)
{
	struct cost_parts c;
	char lay[32], when[40];

	price_cost(&j->s->prices, &p->bill, &c);
	rfc3339_format(when, sizeof(when), time_now_ns());
	return json_pack(
		"{s:s, s:i, s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:s, "
		"s:{s:I, s:I, s:s}, s:s, s:f, s:i, s:o, s:o, s:f}",
		"format", MANIFEST_FORMAT, "version", MANIFEST_VERSION, "name", j->d->name,
		"subject", j->s->id, "endpoint", j->s->endpoint != NULL ? j->s->endpoint : "",
		"bucket", j->s->bucket, "prefix", j->d->prefix, "objects",
		(json_int_t)j->d->keys.objects, "size", (json_int_t)j->d->size, "layout",
		dskeys_layout_name(&j->d->keys, lay, sizeof(lay)), "fingerprint", "count",
		(json_int_t)fp->count, "bytes", (json_int_t)fp->bytes, "keys_sha256",
		fp->keys_sha256, "created", when, "create_s", p->create_s, "attempts", p->attempts,
		"billing", bill_to_json(&p->bill), "cost", cost_to_json(&c, j->s->prices.currency),
		"storage_cost_per_day", per_day(j->s, fp));
}

/* put_manifest: m as the object PREFIX.s3bench-dataset.json and the local manifest. */
static int put_manifest(struct job *j, json_t *m, struct err *e)
{
	char *text = json_dumps(m, JSON_INDENT(2) | JSON_SORT_KEYS);
	struct s3_req *r = NULL;
	struct s3_result res;
	char key[1200];
	int rc = -1;

	snprintf(key, sizeof(key), "%s%s", j->d->prefix, DSKEYS_MANIFEST);
	if (text == NULL) {
		err_set(e, "dataset %s: out of memory", j->who);
		goto done;
	}
	struct s3_body body = {.mem = text, .len = strlen(text)};
	struct s3_args a = {.op = S3_PUT_OBJECT, .bucket = j->s->bucket, .key = key, .body = &body};
	if ((r = s3_req_new(j->cl, e)) == NULL)
		goto done;
	if (s3_retry(r, &a, &res, e) != 0) {
		err_set(e, "dataset %s: PUT %s/%s: %s", j->who, j->s->bucket, key, res.error);
		goto done;
	}
	rc = fs_write_file(j->local, text, strlen(text), e);
done:
	s3_req_free(r);
	free(text);
	return rc;
}

/* put_chunks: the objects from p->stored on, a chunk at a time, the progress file written
 * after each; 1 when stopped, 0 when all are there, -1 with e. */
static int put_chunks(struct job *j, struct progress *p, struct err *e)
{
	const struct campaign_dataset *d = j->d;
	struct workload wl;
	struct engine_opts eo;
	struct engine_result res;
	struct bill_counts b0, b1, db;
	char line[200];

	workload_defaults(&wl, WL_HEAD);
	wl.size = d->size;
	wl.concurrency = d->concurrency;
	wl.objects = d->keys.objects;
	wl.dataset = &d->keys;
	wl.keep = 1;
	memset(&eo, 0, sizeof(eo));
	eo.client = j->cl;
	eo.bucket = j->s->bucket;
	eo.prefix = d->prefix;
	eo.endpoint = j->s->endpoint;
	eo.wl = &wl;
	eo.stop = j->o->stop;
	eo.allow_retention = j->s->allow_retention;
	while (p->stored < d->keys.objects) {
		uint64_t end = p->stored + j->o->chunk < d->keys.objects ? p->stored + j->o->chunk
									 : d->keys.objects;
		int64_t t0 = time_mono_ns();
		int rc;

		memset(&res, 0, sizeof(res));
		s3_client_bill_read(j->cl, &b0);
		rc = engine_put_range(&eo, p->stored, end, &res, e);
		s3_client_bill_read(j->cl, &b1);
		s3_bill_diff(&b1, &b0, &db);
		bill_add(&p->bill, &db);
		p->create_s += (double)(time_mono_ns() - t0) / 1e9;
		if (rc == 0)
			p->stored = end;
		if (progress_write(j, p, e) < 0)
			return -1;
		if (rc != 0)
			return res.cls == EC_KILLED ? 1 : err_prefix(e, "dataset %s", j->who);
		snprintf(line, sizeof(line), "%" PRIu64 " of %" PRIu64 " objects stored", p->stored,
			 d->keys.objects);
		say(j, line);
	}
	return 0;
}

int dataset_create(const struct campaign_dataset *d, const struct campaign_subject *s,
		   const struct dataset_opts *o, struct err *e)
{
	struct job j;
	struct progress p;
	struct dataset_print want, got;
	json_t *m = NULL;
	char line[300];
	int rc = -1;

	if (job_init(&j, d, s, o, e) < 0)
		goto done;
	if (access(j.local, F_OK) == 0) {
		say(&j, "already created; verifying it");
		rc = dataset_verify(d, s, j.cl, &got, e);
		goto done;
	}
	if (progress_read(&j, &p, e) < 0)
		goto done;
	if (p.stored > 0) {
		snprintf(line, sizeof(line), "going on from %" PRIu64 " of %" PRIu64 " objects",
			 p.stored, d->keys.objects);
		say(&j, line);
	}
	p.attempts++;
	if ((rc = put_chunks(&j, &p, e)) != 0) {
		if (rc == 1)
			say(&j, "stopped; collect dataset create goes on from here");
		goto done;
	}
	rc = -1;
	if (dataset_print_of(d, &want, e) < 0 ||
	    dataset_list_compare(j.cl, s->bucket, d, j.who, &got, e) < 0)
		goto done;
	if (strcmp(want.keys_sha256, got.keys_sha256) != 0 || want.count != got.count ||
	    want.bytes != got.bytes) {
		err_set(e, "dataset %s: the listing's fingerprint is not the population's", j.who);
		goto done;
	}
	if ((m = manifest(&j, &got, &p)) == NULL || put_manifest(&j, m, e) < 0)
		goto done;
	if (unlink(j.progress) != 0 && errno != ENOENT) {
		err_set(e, "%s: %s", j.progress, strerror(errno));
		goto done;
	}
	snprintf(line, sizeof(line),
		 "created: %" PRIu64 " objects, %" PRIu64 " bytes, keys %.16s..., in %.1f s (%d "
		 "attempts); manifest %s",
		 got.count, got.bytes, got.keys_sha256, p.create_s, p.attempts, j.local);
	say(&j, line);
	rc = 0;
done:
	json_decref(m);
	job_free(&j);
	return rc;
}

/* kept_note: the days the local manifest says the dataset was kept, and their storage
 * cost, into buf ("" when there is no local manifest). */
static void kept_note(const struct job *j, char *buf, size_t n)
{
	json_t *m = json_load_file(j->local, 0, NULL);
	const char *created = json_string_value(json_object_get(m, "created"));
	int64_t t;

	buf[0] = '\0';
	if (created != NULL && rfc3339_parse(created, &t) == 0) {
		double days = (double)(time_now_ns() - t) / 86400e9;
		snprintf(buf, n, " (kept %.3f days since %s: storage %.6f %s)", days, created,
			 days * json_number_value(json_object_get(m, "storage_cost_per_day")),
			 j->s->prices.currency);
	}
	json_decref(m);
}

int dataset_delete(const struct campaign_dataset *d, const struct campaign_subject *s,
		   const struct dataset_opts *o, struct err *e)
{
	struct job j;
	struct sweep_bucket st;
	struct sweep_count n;
	struct s3_result failed;
	char note[300], line[500];
	int rc = -1;

	if (job_init(&j, d, s, o, e) < 0)
		goto done;
	if (sweep_bucket_state(j.cl, s->bucket, 0, &st, e) < 0 ||
	    sweep_prefix(j.cl, s->bucket, d->prefix, st.versioning, &n, &failed, e) < 0) {
		err_prefix(e, "dataset %s", j.who);
		goto done;
	}
	kept_note(&j, note, sizeof(note));
	if ((unlink(j.local) != 0 && errno != ENOENT) ||
	    (unlink(j.progress) != 0 && errno != ENOENT)) {
		err_set(e, "%s: %s", j.local, strerror(errno));
		goto done;
	}
	snprintf(line, sizeof(line),
		 "deleted %" PRIu64 " objects, %" PRIu64 " versions and %" PRIu64
		 " delete markers%s",
		 n.objects, n.versions, n.markers, note);
	say(&j, line);
	rc = 0;
done:
	job_free(&j);
	return rc;
}

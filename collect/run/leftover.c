/* collect/run/leftover.c: see leftover.h. */
#include "collect/run/leftover.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/run/subject.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "core/fsutil.h"
#include "core/sweeplog.h"
#include "core/version.h"

static const char *const cred_names[] = {"default", "profile", "env"};

int leftover_write_prefix(const char *dir, const char *prefix, struct err *e)
{
	char path[4096];

	if (snprintf(path, sizeof(path), "%s/%s", dir, LEFTOVER_PREFIX_FILE) >= (int)sizeof(path))
		return err_set(e, "%s: path too long", dir);
	return fs_write_file(path, prefix, strlen(prefix), e);
}

/* where_json: the run's buckets, key prefixes and the buckets it created into j. */
static int where_json(json_t *j, const struct campaign_subject *s, const struct workload *wl,
		      const unsigned char *created, struct err *e)
{
	struct workload_where w;
	json_t *b = json_array(), *p = json_array(), *c = json_array();
	char kp[16];

	if (j == NULL || b == NULL || p == NULL || c == NULL ||
	    workload_where_new(&w, s->bucket, workload_buckets(wl), 1, "", e) < 0) {
		json_decref(b);
		json_decref(p);
		json_decref(c);
		return -1;
	}
	for (int i = 0; i < w.nb; i++) {
		json_array_append_new(b, json_string(w.bucket[i]));
		if (created != NULL && created[i])
			json_array_append_new(c, json_string(w.bucket[i]));
	}
	for (int i = 0; i < workload_prefixes(wl); i++)
		json_array_append_new(p, json_string(workload_key_prefix(i, workload_prefixes(wl),
									 kp, sizeof(kp))));
	workload_where_free(&w);
	json_object_set_new(j, "buckets", b);
	json_object_set_new(j, "key_prefixes", p);
	json_object_set_new(j, "created", c);
	return 0;
}

int leftover_write_subject(const char *dir, const struct campaign_subject *s,
			   const struct workload *wl, const unsigned char *created, struct err *e)
{
	char path[4096];
	char *text;
	size_t len;
	int rc;
	json_t *j = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:s?, s:s, s:s?}", "format",
			      S3BENCH_SUBJECT_FORMAT, "id", s->id, "endpoint", s->endpoint,
			      "region", s->region, "bucket", s->bucket, "addressing",
			      s->path_style ? "path" : "virtual", "insecure", s->insecure,
			      "ca_bundle", s->ca_bundle, "credentials", cred_names[s->cred_kind],
			      "credentials_name", s->cred_name);

	if (snprintf(path, sizeof(path), "%s/%s", dir, LEFTOVER_SUBJECT_FILE) >=
	    (int)sizeof(path)) {
		json_decref(j);
		return err_set(e, "%s: path too long", dir);
	}
	if (subject_check_utf8(s, e) < 0) {
		json_decref(j);
		return err_prefix(e, "%s", path);
	}
	if (where_json(j, s, wl, created, e) < 0) {
		json_decref(j);
		return err_prefix(e, "%s", path);
	}
	text = j ? json_dumps(j, JSON_INDENT(2)) : NULL;
	json_decref(j);
	if (text == NULL)
		return err_set(e, "%s: out of memory", path);
	len = strlen(text);
	text[len] = '\n'; /* over the NUL: the length is passed */
	rc = fs_write_file(path, text, len + 1, e);
	free(text);
	return rc;
}

/* key_prefix_ok: "" or pDDD/ (what workload_key_prefix writes) */
static int key_prefix_ok(const char *k)
{
	return k[0] == '\0' ||
	       (strlen(k) == 5 && k[0] == 'p' && isdigit((unsigned char)k[1]) &&
		isdigit((unsigned char)k[2]) && isdigit((unsigned char)k[3]) && k[4] == '/');
}

/* read_where: the record's buckets, key_prefixes and created into t (t->rec.bucket read
 * first); -1 when they are not what leftover_write_subject writes. */
static int read_where(struct leftover *t)
{
	json_t *b = json_object_get(t->j, "buckets"), *k = json_object_get(t->j, "key_prefixes");
	json_t *c = json_object_get(t->j, "created"), *v;
	size_t i;

	t->nb = t->np = 1;
	t->bucket[0] = t->rec.bucket;
	t->kp[0] = "";
	if (b != NULL) {
		if (!json_is_array(b) || json_array_size(b) < 1 ||
		    json_array_size(b) > LEFTOVER_MAX)
			return -1;
		json_array_foreach(b, i, v) {
			const char *n = json_string_value(v);
			if (n == NULL || n[0] == '\0' || strlen(n) > WL_BUCKET_NAME_MAX)
				return -1;
			t->bucket[i] = n;
		}
		t->nb = (int)json_array_size(b);
		if (strcmp(t->bucket[0], t->rec.bucket) != 0)
			return -1;
	}
	if (k != NULL) {
		if (!json_is_array(k) || json_array_size(k) < 1 ||
		    json_array_size(k) > LEFTOVER_MAX)
			return -1;
		json_array_foreach(k, i, v) {
			if (json_string_value(v) == NULL || !key_prefix_ok(json_string_value(v)))
				return -1;
			t->kp[i] = json_string_value(v);
		}
		t->np = (int)json_array_size(k);
	}
	json_array_foreach(c, i, v) {
		int found = 0;
		for (int x = 0; json_is_string(v) && x < t->nb; x++)
			if (strcmp(json_string_value(v), t->bucket[x]) == 0)
				found = t->created[x] = 1;
		if (!found)
			return -1;
	}
	return 0;
}

/* str: the string member k of o, NULL when missing or not a non-empty string. */
static const char *str(const json_t *o, const char *k)
{
	const char *v = json_string_value(json_object_get(o, k));

	return v && v[0] ? v : NULL;
}

/* read_record: DIR/.subject.json into t->rec and the fields after it (t->j owned by t). 1
 * when the file does not exist, -1 with a message when it is not a record of this format. */
static int read_record(const char *dir, struct leftover *t, struct err *e)
{
	char path[4096];
	json_error_t je;
	const char *cred, *addr;

	snprintf(path, sizeof(path), "%s/%s", dir, LEFTOVER_SUBJECT_FILE);
	if (access(path, F_OK) != 0)
		return 1;
	t->j = json_load_file(path, 0, &je);
	if (t->j == NULL)
		return err_set(e, "%s: %s", path, je.text);
	t->rec.id = (char *)str(t->j, "id");
	t->rec.endpoint = (char *)str(t->j, "endpoint");
	t->rec.region = (char *)str(t->j, "region");
	t->rec.bucket = (char *)str(t->j, "bucket");
	t->rec.cred_name = (char *)str(t->j, "credentials_name");
	t->rec.insecure = json_is_true(json_object_get(t->j, "insecure"));
	t->rec.ca_bundle = (char *)str(t->j, "ca_bundle");
	if (t->rec.ca_bundle == NULL) /* recorded before the key existed, or none given */
		t->rec.ca_bundle = (char *)subject_ca_default(NULL);
	cred = str(t->j, "credentials");
	addr = str(t->j, "addressing");
	for (int i = 0; cred && i < (int)(sizeof(cred_names) / sizeof(cred_names[0])); i++)
		if (strcmp(cred, cred_names[i]) == 0)
			t->rec.cred_kind = (enum campaign_cred_kind)i;
	if (!str(t->j, "format") || strcmp(str(t->j, "format"), S3BENCH_SUBJECT_FORMAT) != 0 ||
	    t->rec.endpoint == NULL || t->rec.region == NULL || t->rec.bucket == NULL ||
	    cred == NULL || !addr ||
	    (t->rec.cred_kind != CAMPAIGN_CRED_DEFAULT && t->rec.cred_name == NULL)) {
		json_decref(t->j);
		t->j = NULL;
		return err_set(e, "%s: not a %s record", path, S3BENCH_SUBJECT_FORMAT);
	}
	t->rec.path_style = strcmp(addr, "path") == 0;
	t->rec.label = t->rec.id;
	if (read_where(t) < 0) {
		json_decref(t->j);
		t->j = NULL;
		return err_set(e, "%s: its buckets, key_prefixes or created are not a %s record",
			       path, S3BENCH_SUBJECT_FORMAT);
	}
	return 0;
}

void leftover_created(const char *dir, const char *base, int nb, unsigned char *created)
{
	struct leftover t;
	char name[WL_BUCKET_NAME_MAX + 16];
	struct err e;

	memset(&t, 0, sizeof(t));
	if (read_record(dir, &t, &e) != 0)
		return;
	for (int i = 0; i < nb; i++)
		for (int x = 0; x < t.nb; x++)
			if (t.created[x] &&
			    workload_bucket_name(base, i, name, sizeof(name)) == 0 &&
			    strcmp(name, t.bucket[x]) == 0)
				created[i] = 1;
	json_decref(t.j);
}

/* read_prefix: DIR/.prefix into buf. 1 when there is none, -1 with a message when it is
 * not a prefix this collector writes (s3bench/.../ on one line). */
static int read_prefix(const char *dir, char *buf, size_t n, struct err *e)
{
	char path[4096];
	size_t got;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, LEFTOVER_PREFIX_FILE);
	f = fopen(path, "r");
	if (f == NULL)
		return errno == ENOENT ? 1 : err_set(e, "%s: %s", path, strerror(errno));
	got = fread(buf, 1, n - 1, f);
	fclose(f);
	buf[got] = '\0';
	if (got < 10 || got == n - 1 || strncmp(buf, "s3bench/", 8) != 0 || buf[got - 1] != '/' ||
	    strpbrk(buf, "\n\r") != NULL)
		return err_set(e, "%s: not a key prefix s3bench/.../", path);
	return 0;
}

int leftover_read(const char *dir, const struct campaign_subject *fallback, struct leftover *l,
		  struct err *e)
{
	int rc;

	memset(l, 0, sizeof(*l));
	rc = read_prefix(dir, l->prefix, sizeof(l->prefix), e);
	if (rc != 0)
		return rc;
	rc = read_record(dir, l, e);
	if (rc < 0)
		return -1;
	l->recorded = rc == 0;
	l->s = l->recorded ? &l->rec : fallback;
	return 0;
}

void leftover_clear(struct leftover *l)
{
	json_decref(l->j);
	l->j = NULL;
}

void leftover_remove(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, LEFTOVER_SUBJECT_FILE);
	unlink(path);
	snprintf(path, sizeof(path), "%s/%s", dir, LEFTOVER_PREFIX_FILE);
	unlink(path);
}

int leftover_sweep(const struct leftover *l, struct sweep_count *n, struct bill_counts *bill,
		   struct err *e)
{
	const struct campaign_subject *s = l->s;
	struct creds *cr = NULL;
	struct s3_client *cl = subject_connect(s, &cr, e);
	struct s3_result failed;
	const char *one[1] = {s->bucket};
	char **full = NULL;
	int np = l->recorded ? l->np : 1, rc = -1;

	memset(n, 0, sizeof(*n));
	if (cl != NULL && (full = calloc((size_t)np, sizeof(*full))) == NULL)
		err_set(e, "out of memory");
	for (int j = 0; full != NULL && j < np; j++)
		if (asprintf(&full[j], "%s%s", l->recorded ? l->kp[j] : "", l->prefix) < 0) {
			full[j] = NULL;
			np = j;
			err_set(e, "out of memory");
			goto done;
		}
	if (full != NULL)
		rc = sweep_spread(cl, l->recorded ? l->bucket : one, l->recorded ? l->nb : 1,
				  (const char *const *)full, np,
				  l->recorded && l->nb > 1 ? l->created : NULL, n, &failed, e);
done:
	s3_client_bill_read(cl, bill);
	for (int j = 0; full != NULL && j < np; j++)
		free(full[j]);
	free(full);
	s3_client_free(cl);
	creds_free(cr);
	return rc;
}

const char *leftover_what(const struct sweep_count *n, char *buf, size_t size)
{
	char up[64], bk[48] = "";

	if (n->uploads_listed > 0)
		snprintf(up, sizeof(up), "%llu multipart upload%s aborted",
			 (unsigned long long)n->uploads, n->uploads == 1 ? "" : "s");
	else if (n->uploads_listed < 0)
		snprintf(up, sizeof(up), "multipart uploads not listed (403: not allowed)");
	else
		snprintf(up, sizeof(up), "no multipart upload listing on this server");
	if (n->buckets > 0)
		snprintf(bk, sizeof(bk), ", %llu bucket%s removed", (unsigned long long)n->buckets,
			 n->buckets == 1 ? "" : "s");
	if (n->versioning >= S3_VER_SUSPENDED)
		snprintf(buf, size,
			 "%llu object version%s and %llu delete marker%s deleted (a versioned "
			 "bucket), %s%s",
			 (unsigned long long)n->versions, n->versions == 1 ? "" : "s",
			 (unsigned long long)n->markers, n->markers == 1 ? "" : "s", up, bk);
	else
		snprintf(buf, size, "%llu object%s deleted, %s%s", (unsigned long long)n->objects,
			 n->objects == 1 ? "" : "s", up, bk);
	return buf;
}

int leftover_sweep_earlier(const char *dir, const struct campaign_subject *fallback,
			   const char *root, const char *run, struct leftover_swept *out,
			   struct err *e)
{
	struct leftover l;
	struct sweep_rec rec;
	struct err le;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = leftover_read(dir, fallback, &l, e);
	if (rc != 0)
		return rc;
	if (l.s == NULL) {
		leftover_clear(&l);
		return err_set(e, "%s/%s: no record of the bucket", dir, LEFTOVER_SUBJECT_FILE);
	}
	snprintf(out->bucket, sizeof(out->bucket), "%s", l.s->bucket);
	snprintf(out->prefix, sizeof(out->prefix), "%s", l.prefix);
	memset(&rec, 0, sizeof(rec));
	rc = leftover_sweep(&l, &out->n, &rec.bill, e);
	if (rc < 0)
		err_prefix(e, "the cleanup of %s/%s failed", out->bucket, out->prefix);
	/* its requests were billed: into ROOT/sweeps.json, for analyze */
	snprintf(rec.run, sizeof(rec.run), "%s", run);
	snprintf(rec.subject, sizeof(rec.subject), "%s", l.s->id ? l.s->id : "");
	snprintf(rec.by, sizeof(rec.by), "resume");
	if (sweeplog_append(root, &rec, 1, &le) < 0)
		snprintf(out->unbilled, sizeof(out->unbilled), "%s", le.msg);
	leftover_clear(&l);
	return rc;
}

/* collect/run/dataset_check.c: a dataset's fingerprint, and its listing compared with the
 * population and the manifest (collect/run/dataset.h: dataset_print_of, dataset_verify). */
#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "collect/dskeys.h"
#include "collect/run/dataset_int.h"
#include "collect/run/subject.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "core/strbuf.h"

int dataset_print_of(const struct campaign_dataset *d, struct dataset_print *fp, struct err *e)
{
	struct digest *dg = digest_new();
	struct dskeys_iter it = {0};
	struct strbuf k = {0};
	uint64_t n;
	int rc = -1;

	memset(fp, 0, sizeof(*fp));
	if (dg == NULL) {
		err_set(e, "dataset %s: out of memory", d->name);
		goto done;
	}
	while (dskeys_next(&d->keys, &it, &n)) {
		if (dskeys_key(&d->keys, d->prefix, n, &k) || strbuf_addc(&k, '\n')) {
			err_set(e, "dataset %s: out of memory", d->name);
			goto done;
		}
		if (digest_update(dg, k.p, k.len, e) < 0)
			goto done;
		fp->count++;
		fp->bytes += d->size;
	}
	rc = digest_final(dg, fp->keys_sha256, NULL, e);
done:
	digest_free(dg);
	strbuf_free(&k);
	return rc;
}

/* The walk of one listing against the population. */
struct walk {
	const struct campaign_dataset *d;
	const char *who; /* "NAME on SUBJECT" */
	struct dskeys_iter it;
	struct strbuf want; /* the next key due */
	int have;           /* 1: want holds one */
	struct digest *dg;
	struct dataset_print *got;
};

/* advance: the next key due into w->want. */
static int advance(struct walk *w, struct err *e)
{
	uint64_t n;

	w->have = dskeys_next(&w->d->keys, &w->it, &n);
	if (w->have && dskeys_key(&w->d->keys, w->d->prefix, n, &w->want))
		return err_set(e, "dataset %s: out of memory", w->who);
	return 0;
}

/* one: listed key k of size sz against the walk. */
static int one(struct walk *w, const char *k, uint64_t sz, struct err *e)
{
	int c;

	w->got->count++;
	w->got->bytes += sz;
	if (digest_update(w->dg, k, strlen(k), e) < 0 || digest_update(w->dg, "\n", 1, e) < 0)
		return -1;
	if (!w->have)
		return err_set(e,
			       "dataset %s: object %s is not part of the dataset (listed after its "
			       "last object)",
			       w->who, k);
	c = strcmp(k, strbuf_cstr(&w->want));
	if (c > 0)
		return err_set(e,
			       "dataset %s: object %s is missing (the listing has %s in its place)",
			       w->who, strbuf_cstr(&w->want), k);
	if (c < 0)
		return err_set(e,
			       "dataset %s: object %s is not part of the dataset (listed before "
			       "%s)",
			       w->who, k, strbuf_cstr(&w->want));
	if (sz != w->d->size)
		return err_set(e, "dataset %s: object %s has %" PRIu64 " bytes, not %" PRIu64,
			       w->who, k, sz, w->d->size);
	return advance(w, e);
}

int dataset_list_compare(struct s3_client *cl, const char *bucket, const struct campaign_dataset *d,
			 const char *who, struct dataset_print *got, struct err *e)
{
	struct walk w = {.d = d, .who = who, .got = got};
	struct s3_req *r = s3_req_new(cl, e);
	struct s3_result res;
	struct strbuf man = {0};
	char *token = NULL;
	int rc = -1;

	memset(got, 0, sizeof(*got));
	w.dg = digest_new();
	if (r == NULL || w.dg == NULL || strbuf_adds(&man, d->prefix) ||
	    strbuf_adds(&man, DSKEYS_MANIFEST) || advance(&w, e) < 0)
		goto done;
	do {
		struct s3_args a = {.op = S3_LIST_OBJECTS,
				    .bucket = bucket,
				    .prefix = d->prefix,
				    .max_keys = 1000,
				    .token = token};
		if (s3_retry(r, &a, &res, e) != 0) {
			err_set(e, "dataset %s: listing %s/%s: %s", who, bucket, d->prefix,
				res.error);
			goto done;
		}
		for (size_t i = 0; i < res.n_keys; i++)
			if (strcmp(res.keys[i], strbuf_cstr(&man)) != 0 &&
			    one(&w, res.keys[i], res.sizes[i], e) < 0)
				goto done;
		free(token);
		token = res.next_token != NULL ? strdup(res.next_token) : NULL;
		if (res.next_token != NULL && token == NULL) {
			err_set(e, "dataset %s: out of memory", who);
			goto done;
		}
	} while (token != NULL);
	if (w.have) {
		err_set(e,
			"dataset %s: object %s is missing (the listing ended after %" PRIu64
			" objects of %" PRIu64 ")",
			who, strbuf_cstr(&w.want), got->count, d->keys.objects);
		goto done;
	}
	rc = digest_final(w.dg, got->keys_sha256, NULL, e);
done:
	free(token);
	digest_free(w.dg);
	strbuf_free(&w.want);
	strbuf_free(&man);
	s3_req_free(r);
	return rc;
}

/* sink_add: a GET body into a strbuf (at most 1 MiB). */
static size_t sink_add(void *arg, const char *data, size_t n)
{
	struct strbuf *b = arg;

	return b->len + n > (1u << 20) || strbuf_add(b, data, n) ? 0 : n;
}

/* manifest_get: the manifest object of d in bucket, parsed; NULL with e. */
static json_t *manifest_get(struct s3_client *cl, const char *bucket,
			    const struct campaign_dataset *d, const char *who, struct err *e)
{
	struct s3_req *r = s3_req_new(cl, e);
	struct strbuf key = {0}, body = {0};
	struct s3_result res;
	json_t *j = NULL;
	json_error_t je;

	if (r == NULL || strbuf_adds(&key, d->prefix) || strbuf_adds(&key, DSKEYS_MANIFEST))
		goto done;
	struct s3_args a = {.op = S3_GET_OBJECT,
			    .bucket = bucket,
			    .key = strbuf_cstr(&key),
			    .sink = sink_add,
			    .sink_arg = &body};
	if (s3_retry(r, &a, &res, e) != 0) {
		err_set(e,
			"dataset %s: no manifest %s/%s (%s): not created, or its create did not "
			"finish (collect dataset create)",
			who, bucket, strbuf_cstr(&key), res.error);
		goto done;
	}
	j = json_loadb(body.p != NULL ? body.p : "", body.len, 0, &je);
	if (j == NULL || !json_is_object(j)) {
		err_set(e, "dataset %s: manifest %s/%s: not a JSON object (%s)", who, bucket,
			strbuf_cstr(&key), j == NULL ? je.text : "");
		json_decref(j);
		j = NULL;
	}
done:
	strbuf_free(&key);
	strbuf_free(&body);
	s3_req_free(r);
	return j;
}

/* manifest_match: the manifest m is d's (objects, size, layout, and the fingerprint got). */
static int manifest_match(const json_t *m, const struct campaign_dataset *d, const char *who,
			  const struct dataset_print *got, struct err *e)
{
	const json_t *f = json_object_get(m, "fingerprint");
	const char *lay = json_string_value(json_object_get(m, "layout"));
	char want_lay[32];

	dskeys_layout_name(&d->keys, want_lay, sizeof(want_lay));
	if ((uint64_t)json_integer_value(json_object_get(m, "objects")) != d->keys.objects ||
	    (uint64_t)json_integer_value(json_object_get(m, "size")) != d->size || lay == NULL ||
	    strcmp(lay, want_lay) != 0)
		return err_set(e,
			       "dataset %s: the manifest holds %" JSON_INTEGER_FORMAT
			       " objects of %" JSON_INTEGER_FORMAT
			       " bytes, layout %s; the campaign's [dataset %s] says %" PRIu64
			       " of %" PRIu64 ", layout %s (delete and create it again)",
			       who, json_integer_value(json_object_get(m, "objects")),
			       json_integer_value(json_object_get(m, "size")),
			       lay != NULL ? lay : "(none)", d->name, d->keys.objects, d->size,
			       want_lay);
	if ((uint64_t)json_integer_value(json_object_get(f, "count")) != got->count ||
	    (uint64_t)json_integer_value(json_object_get(f, "bytes")) != got->bytes ||
	    json_string_value(json_object_get(f, "keys_sha256")) == NULL ||
	    strcmp(json_string_value(json_object_get(f, "keys_sha256")), got->keys_sha256) != 0)
		return err_set(e,
			       "dataset %s: the listing's fingerprint (%" PRIu64
			       " objects, %" PRIu64 " bytes, keys %.12s...) is not the manifest's",
			       who, got->count, got->bytes, got->keys_sha256);
	return 0;
}

int dataset_verify(const struct campaign_dataset *d, const struct campaign_subject *s,
		   struct s3_client *cl, struct dataset_print *fp, struct err *e)
{
	struct creds *cr = NULL;
	struct s3_client *own = NULL;
	json_t *m = NULL;
	char who[200];
	int rc = -1;

	snprintf(who, sizeof(who), "%s on %s", d->name, s->id);
	if (cl == NULL && (cl = own = subject_connect(s, &cr, e)) == NULL)
		goto done;
	if ((m = manifest_get(cl, s->bucket, d, who, e)) == NULL ||
	    dataset_list_compare(cl, s->bucket, d, who, fp, e) < 0 ||
	    manifest_match(m, d, who, fp, e) < 0)
		goto done;
	rc = 0;
done:
	json_decref(m);
	s3_client_free(own);
	creds_free(cr);
	return rc;
}

int dataset_verify_campaign(struct campaign *c, const unsigned char *which, FILE *out,
			    struct err *e)
{
	struct dataset_print fp;

	for (int i = 0; i < c->n_datasets; i++) {
		struct campaign_dataset *d = &c->datasets[i];
		if (!campaign_uses_dataset(c, d))
			continue;
		for (int k = 0; k < c->n_subjects; k++) {
			if (which != NULL && !which[k])
				continue;
			if (dataset_verify(d, &c->subjects[k], NULL, &fp, e) < 0)
				return -1;
			memcpy(d->keys_sha256, fp.keys_sha256, sizeof(d->keys_sha256));
			if (out != NULL)
				fprintf(out,
					"collect: dataset %s on %s: verified (%" PRIu64
					" objects, keys %.16s...)\n",
					d->name, c->subjects[k].id, fp.count, fp.keys_sha256);
		}
	}
	return 0;
}

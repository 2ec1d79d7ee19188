/* collect/s3/s3_bill.c: the client's billable counts (collect/s3/s3_bill.h). */
#include "collect/s3/s3_bill.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "collect/s3/s3_int.h"
#include "core/timefmt.h"

/* One stored key: open addressing, keys owned; size 0 and key NULL: empty slot. */
struct slot {
	char *key;
	uint64_t size;
	int64_t since_ns; /* monotonic time of its first write */
	int live;
};

struct s3_bill {
	pthread_mutex_t lock;
	struct bill_counts n;
	uint64_t stored;   /* bytes stored now */
	uint64_t n_stored; /* objects stored now */
	int64_t last_ns;   /* monotonic time of the last integration step */
	struct slot *tab;  /* cap slots, a power of two */
	size_t cap, used;
	int oom; /* the table could not grow: storage is counted without deletes */
	/* the client's bucket keeps versions (s3_client_set_versioned): a PUT over a key
	 * adds a version, a delete without a version id frees nothing */
	int versioned;
};

struct s3_bill *s3_bill_new(void)
{
	struct s3_bill *b = calloc(1, sizeof(*b));

	if (b == NULL)
		return NULL;
	pthread_mutex_init(&b->lock, NULL);
	b->last_ns = time_mono_ns();
	return b;
}

void s3_bill_free(struct s3_bill *b)
{
	if (b == NULL)
		return;
	for (size_t i = 0; i < b->cap; i++)
		free(b->tab[i].key);
	free(b->tab);
	pthread_mutex_destroy(&b->lock);
	free(b);
}

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* find: the slot of key (existing, or the empty one where it goes); NULL if no table. */
static struct slot *find(struct s3_bill *b, const char *key)
{
	if (b->cap == 0)
		return NULL;
	for (size_t i = hash(key) & (b->cap - 1);; i = (i + 1) & (b->cap - 1))
		if (b->tab[i].key == NULL || strcmp(b->tab[i].key, key) == 0)
			return &b->tab[i];
}

static int grow(struct s3_bill *b)
{
	size_t ncap = b->cap ? b->cap * 2 : 1024;
	struct slot *old = b->tab, *t = calloc(ncap, sizeof(*t));
	size_t ocap = b->cap;

	if (t == NULL)
		return -1;
	b->tab = t;
	b->cap = ncap;
	for (size_t i = 0; i < ocap; i++)
		if (old[i].key)
			*find(b, old[i].key) = old[i];
	free(old);
	return 0;
}

/* advance: the storage integral up to now. */
static void advance(struct s3_bill *b)
{
	int64_t now = time_mono_ns();

	if (now > b->last_ns) {
		b->n.storage_byte_s += (double)b->stored * (double)(now - b->last_ns) / 1e9;
		b->n.storage_object_s += (double)b->n_stored * (double)(now - b->last_ns) / 1e9;
	}
	b->last_ns = now;
}

/* gone: the object in s is deleted or overwritten now: its bytes and age counted. */
static void gone(struct s3_bill *b, struct slot *s)
{
	double age = (double)(b->last_ns - s->since_ns) / 1e9;

	age = age > 0 ? age : 0;
	b->stored -= s->size;
	b->n_stored--;
	b->n.deleted++;
	b->n.deleted_bytes += s->size;
	b->n.deleted_byte_s += (double)s->size * age;
	b->n.deleted_object_s += age;
	s->size = 0;
	s->live = 0;
}

/* store: key now holds `add` more bytes (replace: the key's old object is overwritten). */
static void store(struct s3_bill *b, const char *key, uint64_t add, int replace)
{
	struct slot *s;

	if (b->oom || ((b->used + 1) * 2 > b->cap && grow(b) < 0)) {
		b->oom = 1;
		b->stored += add;
		return;
	}
	s = find(b, key);
	if (s->key == NULL) {
		if ((s->key = strdup(key)) == NULL) {
			b->stored += add;
			return;
		}
		b->used++;
	}
	if (replace && s->live)
		gone(b, s);
	if (!s->live) {
		s->size = 0;
		s->since_ns = b->last_ns;
		s->live = 1;
		b->n_stored++;
	}
	s->size += add;
	b->stored += add;
}

static void drop(struct s3_bill *b, const char *key)
{
	struct slot *s = key ? find(b, key) : NULL;

	if (s == NULL || s->key == NULL || !s->live)
		return;
	gone(b, s);
}

/* bill_op: the billed operation of op. */
static enum bill_op bill_op(enum s3_op op)
{
	static const enum bill_op of[S3_OP_COUNT] = {
		[S3_CREATE_BUCKET] = BOP_CREATE_BUCKET,
		[S3_DELETE_BUCKET] = BOP_DELETE_BUCKET,
		[S3_PUT_OBJECT] = BOP_PUT_OBJECT,
		[S3_GET_OBJECT] = BOP_GET_OBJECT,
		[S3_HEAD_OBJECT] = BOP_HEAD_OBJECT,
		[S3_DELETE_OBJECT] = BOP_DELETE_OBJECT,
		[S3_DELETE_OBJECTS] = BOP_DELETE_OBJECTS,
		[S3_LIST_OBJECTS] = BOP_LIST_OBJECTS_V2,
		[S3_MP_CREATE] = BOP_CREATE_MULTIPART_UPLOAD,
		[S3_MP_UPLOAD_PART] = BOP_UPLOAD_PART,
		[S3_MP_COMPLETE] = BOP_COMPLETE_MULTIPART_UPLOAD,
		[S3_MP_ABORT] = BOP_ABORT_MULTIPART_UPLOAD,
		[S3_HEAD_BUCKET] = BOP_HEAD_BUCKET,
		[S3_MP_LIST] = BOP_LIST_MULTIPART_UPLOADS,
		[S3_GET_VERSIONING] = BOP_GET_BUCKET_VERSIONING,
		[S3_GET_OBJECT_LOCK] = BOP_GET_OBJECT_LOCK_CONFIGURATION,
		[S3_LIST_VERSIONS] = BOP_LIST_OBJECT_VERSIONS,
		[S3_GET_OBJECT_TAGGING] = BOP_GET_OBJECT_TAGGING,
	};
	return (unsigned)op < S3_OP_COUNT ? of[op] : BOP_PUT_OBJECT;
}

void s3_bill_note(struct s3_bill *b, const struct s3_args *a, const struct s3_result *res)
{
	int ok = res->status >= 200 && res->status < 300;

	if (b == NULL)
		return;
	pthread_mutex_lock(&b->lock);
	advance(b);
	if (ok && (a->op == S3_PUT_OBJECT || a->op == S3_MP_UPLOAD_PART))
		b->n.bytes_in += res->bytes_up;
	else
		b->n.xml_in += res->bytes_up;
	if (ok && a->op == S3_GET_OBJECT)
		b->n.bytes_out += res->bytes_down;
	else
		b->n.xml_out += res->bytes_down;
	if (res->status != 0)
		bill_count_op(&b->n, bill_op(a->op), 1, res->status >= 500,
			      res->status < 500 && res->cls == EC_AUTH);
	if (ok && a->key != NULL) {
		if (a->op == S3_PUT_OBJECT) {
			store(b, a->key, res->bytes_up, !b->versioned);
			b->n.objects++;
			b->n.object_bytes += res->bytes_up;
		} else if (a->op == S3_MP_UPLOAD_PART) {
			store(b, a->key, res->bytes_up, 0);
			b->n.object_bytes += res->bytes_up;
		} else if (a->op == S3_MP_COMPLETE) {
			b->n.objects++;
		} else if (a->op == S3_MP_ABORT ||
			   (a->op == S3_DELETE_OBJECT && (!b->versioned || a->version_id))) {
			drop(b, a->key);
		}
	}
	/* on a versioned bucket the versions are dropped when their sweep deletes them (the
	 * first version id of a key drops all its bytes: the sweep deletes every one) */
	if (ok && a->op == S3_DELETE_OBJECTS)
		for (size_t i = 0; i < a->n_keys; i++)
			if (!b->versioned || (a->version_ids != NULL && a->version_ids[i] != NULL))
				drop(b, a->keys[i]);
	pthread_mutex_unlock(&b->lock);
}

void s3_client_set_versioned(struct s3_client *c, int versioned)
{
	struct s3_bill *b = c ? c->bill : NULL;

	if (b == NULL)
		return;
	pthread_mutex_lock(&b->lock);
	b->versioned = versioned;
	pthread_mutex_unlock(&b->lock);
}

void s3_client_bill_read(struct s3_client *c, struct bill_counts *out)
{
	struct s3_bill *b = c ? c->bill : NULL;

	memset(out, 0, sizeof(*out));
	if (b == NULL)
		return;
	pthread_mutex_lock(&b->lock);
	advance(b);
	*out = b->n;
	pthread_mutex_unlock(&b->lock);
}

void s3_bill_diff(const struct bill_counts *later, const struct bill_counts *earlier,
		  struct bill_counts *out)
{
	for (int i = 0; i < BILL_OPS; i++) {
		out->req[i].n = later->req[i].n - earlier->req[i].n;
		out->req[i].n_5xx = later->req[i].n_5xx - earlier->req[i].n_5xx;
		out->req[i].n_auth = later->req[i].n_auth - earlier->req[i].n_auth;
	}
	out->bytes_in = later->bytes_in - earlier->bytes_in;
	out->bytes_out = later->bytes_out - earlier->bytes_out;
	out->xml_in = later->xml_in - earlier->xml_in;
	out->xml_out = later->xml_out - earlier->xml_out;
	out->objects = later->objects - earlier->objects;
	out->object_bytes = later->object_bytes - earlier->object_bytes;
	out->storage_byte_s = later->storage_byte_s - earlier->storage_byte_s;
	out->storage_object_s = later->storage_object_s - earlier->storage_object_s;
	out->deleted = later->deleted - earlier->deleted;
	out->deleted_bytes = later->deleted_bytes - earlier->deleted_bytes;
	out->deleted_byte_s = later->deleted_byte_s - earlier->deleted_byte_s;
	out->deleted_object_s = later->deleted_object_s - earlier->deleted_object_s;
}

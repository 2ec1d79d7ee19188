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
	int live;
};

struct s3_bill {
	pthread_mutex_t lock;
	struct bill_counts n;
	uint64_t stored;  /* bytes stored now */
	int64_t last_ns;  /* monotonic time of the last integration step */
	struct slot *tab; /* cap slots, a power of two */
	size_t cap, used;
	int oom; /* the table could not grow: storage is counted without deletes */
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

	if (now > b->last_ns)
		b->n.storage_byte_s += (double)b->stored * (double)(now - b->last_ns) / 1e9;
	b->last_ns = now;
}

/* store: key now holds `add` more bytes (replace: the key's old bytes are gone first). */
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
	if (replace || !s->live) {
		b->stored -= s->live ? s->size : 0;
		s->size = 0;
	}
	s->size += add;
	s->live = 1;
	b->stored += add;
}

static void drop(struct s3_bill *b, const char *key)
{
	struct slot *s = key ? find(b, key) : NULL;

	if (s == NULL || s->key == NULL || !s->live)
		return;
	b->stored -= s->size;
	s->size = 0;
	s->live = 0;
}

/* op_class: 'a', 'b' or 'd'. */
static char op_class(enum s3_op op)
{
	switch (op) {
	case S3_GET_OBJECT:
	case S3_HEAD_OBJECT:
	case S3_HEAD_BUCKET:
	case S3_GET_BUCKET_VERSIONING:
	case S3_GET_OBJECT_TAGGING:
		return 'b';
	case S3_DELETE_BUCKET:
	case S3_DELETE_OBJECT:
	case S3_DELETE_OBJECTS:
	case S3_MP_ABORT:
		return 'd';
	default:
		return 'a';
	}
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
	if (res->status != 0) {
		char c = op_class(a->op);
		if (c == 'a')
			b->n.class_a++;
		else if (c == 'b')
			b->n.class_b++;
		else
			b->n.deletes++;
	}
	if (ok && a->key != NULL) {
		if (a->op == S3_PUT_OBJECT) {
			store(b, a->key, res->bytes_up, 1);
			b->n.objects++;
			b->n.object_bytes += res->bytes_up;
		} else if (a->op == S3_MP_UPLOAD_PART) {
			store(b, a->key, res->bytes_up, 0);
			b->n.object_bytes += res->bytes_up;
		} else if (a->op == S3_MP_COMPLETE) {
			b->n.objects++;
		} else if (a->op == S3_DELETE_OBJECT || a->op == S3_MP_ABORT) {
			drop(b, a->key);
		}
	}
	if (ok && a->op == S3_DELETE_OBJECTS)
		for (size_t i = 0; i < a->n_keys; i++)
			drop(b, a->keys[i]);
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
	out->class_a = later->class_a - earlier->class_a;
	out->class_b = later->class_b - earlier->class_b;
	out->deletes = later->deletes - earlier->deletes;
	out->bytes_in = later->bytes_in - earlier->bytes_in;
	out->bytes_out = later->bytes_out - earlier->bytes_out;
	out->xml_in = later->xml_in - earlier->xml_in;
	out->xml_out = later->xml_out - earlier->xml_out;
	out->objects = later->objects - earlier->objects;
	out->object_bytes = later->object_bytes - earlier->object_bytes;
	out->storage_byte_s = later->storage_byte_s - earlier->storage_byte_s;
}

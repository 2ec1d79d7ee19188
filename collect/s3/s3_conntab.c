/* collect/s3/s3_conntab.c: which connection each request used (s3.h, struct s3_conntab):
 * the connections of one libcurl multi handle, each known by its local port and remote
 * address and port when libcurl hands it a request (the prereq callback), numbered when a
 * request opens it, with the requests it carried, its opening and its TLS parameters
 * (struct s3_conn_facts). docs/FORMATS.md, ops.tsv.zst `conn_id` and run.json
 * `transport.connections`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/s3/s3_int.h"
#include "core/opslog.h"

struct conn_slot {
	int used;
	int local_port, remote_port;
	char remote_ip[48];
	uint64_t last_use; /* the table's tick at its last request (least recently used) */
	struct s3_conn_info info;
};

struct s3_conntab {
	int first_worker, n_workers, n_slots;
	uint64_t tick;
	uint64_t *opened; /* per worker: the connections its requests opened */
	struct conn_slot *slot;
	void (*gone)(void *, const struct s3_conn_info *);
	void *arg;
};

struct s3_conntab *s3_conntab_new(int first_worker, int n_workers, int slots,
				  void (*gone)(void *arg, const struct s3_conn_info *info),
				  void *arg)
{
	struct s3_conntab *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return NULL;
	t->first_worker = first_worker;
	t->n_workers = n_workers > 0 ? n_workers : 1;
	t->n_slots = slots > 0 ? slots : 1;
	t->opened = calloc((size_t)t->n_workers, sizeof(*t->opened));
	t->slot = calloc((size_t)t->n_slots, sizeof(*t->slot));
	t->gone = gone;
	t->arg = arg;
	if (t->opened == NULL || t->slot == NULL) {
		free(t->opened);
		free(t->slot);
		free(t);
		return NULL;
	}
	return t;
}

static void slot_leave(struct s3_conntab *t, struct conn_slot *s)
{
	if (s->used && t->gone != NULL)
		t->gone(t->arg, &s->info);
	s->used = 0;
}

static int by_id(const void *a, const void *b)
{
	const struct conn_slot *x = a, *y = b;

	if (x->used != y->used)
		return y->used - x->used;
	return (x->info.id > y->info.id) - (x->info.id < y->info.id);
}

void s3_conntab_free(struct s3_conntab *t)
{
	if (t == NULL)
		return;
	qsort(t->slot, (size_t)t->n_slots, sizeof(*t->slot), by_id);
	for (int i = 0; i < t->n_slots; i++)
		slot_leave(t, &t->slot[i]);
	free(t->opened);
	free(t->slot);
	free(t);
}

void s3_req_set_conntab(struct s3_req *r, struct s3_conntab *t, int worker)
{
	r->ctab = t;
	r->ctab_worker = worker;
	memset(&r->cref, 0, sizeof(r->cref));
}

/* conn_enter: a slot for a connection r's transfer opened (or one the table does not
 * know): the same connection's stale slot, a free one, or the least recently used. */
static struct conn_slot *conn_enter(struct s3_conntab *t, struct conn_slot *same, struct s3_req *r,
				    const char *ip, int port, int local_port)
{
	struct conn_slot *s = same;
	int w = r->ctab_worker - t->first_worker;
	struct s3_conn_info *in;

	for (int i = 0; s == NULL && i < t->n_slots; i++)
		if (!t->slot[i].used)
			s = &t->slot[i];
	if (s == NULL) {
		s = &t->slot[0];
		for (int i = 1; i < t->n_slots; i++)
			if (t->slot[i].last_use < s->last_use)
				s = &t->slot[i];
	}
	slot_leave(t, s);
	if (w < 0 || w >= t->n_workers)
		w = 0;
	s->used = 1;
	s->local_port = local_port;
	s->remote_port = port;
	snprintf(s->remote_ip, sizeof(s->remote_ip), "%s", ip);
	in = &s->info;
	memset(in, 0, sizeof(*in));
	in->id = (uint64_t)r->ctab_worker * OPS_CONN_WORKER + ++t->opened[w];
	in->opened_mono = r->start_mono;
	snprintf(in->remote, sizeof(in->remote), strchr(ip, ':') ? "[%s]:%d" : "%s:%d", ip, port);
	memcpy(in->tls_version, r->facts.tls_version, sizeof(in->tls_version));
	memcpy(in->tls_cipher, r->facts.tls_cipher, sizeof(in->tls_cipher));
	memcpy(in->tls_group, r->facts.tls_group, sizeof(in->tls_group));
	return s;
}

void s3_conntab_use(struct s3_req *r, const char *remote_ip, int remote_port, int local_port)
{
	struct s3_conntab *t = r->ctab;
	struct conn_slot *s = NULL;
	const char *ip = remote_ip != NULL ? remote_ip : "";

	memset(&r->cref, 0, sizeof(r->cref));
	if (t == NULL)
		return;
	for (int i = 0; i < t->n_slots && s == NULL; i++)
		if (t->slot[i].used && t->slot[i].local_port == local_port &&
		    t->slot[i].remote_port == remote_port && strcmp(t->slot[i].remote_ip, ip) == 0)
			s = &t->slot[i];
	if (s == NULL || r->facts.fresh)
		s = conn_enter(t, s, r, ip, remote_port, local_port);
	s->last_use = ++t->tick;
	s->info.requests++;
	r->cref.id = s->info.id;
	r->cref.req = s->info.requests;
	r->cref.age_ns = r->start_mono - s->info.opened_mono;
	if (r->cref.age_ns < 0)
		r->cref.age_ns = 0;
}

/* analyze/read/consistlog.c: see consistlog.h. */
#include "analyze/read/consistlog.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/subjlog/consistfile.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* count: probe p counted into k, its window appended when a violation. */
static void count(const struct consistfile_probe *p, struct results_stale_kind *k)
{
	if (p->outcome == CONSISTFILE_UNTESTED) {
		k->untested++;
		return;
	}
	k->probes++;
	if (p->outcome == CONSISTFILE_STRONG)
		return;
	k->violations += 1;
	k->timeouts += p->outcome == CONSISTFILE_TIMEOUT;
	k->windows_ms[k->n_windows++] = p->window_ms;
	if (isfinite(p->stale_ms) && !(p->stale_ms <= k->stale_max_ms))
		k->stale_max_ms = p->stale_ms;
}

/* kind: the probes of ck summed into k (its name taken); -1 when out of memory. */
static int kind(struct consistfile_kind *ck, struct results_stale_kind *k)
{
	k->kind = subjlog_take(&ck->name);
	k->max_ms = k->median_ms = k->stale_max_ms = NAN;
	if ((k->windows_ms = calloc(ck->n_probes + 1, sizeof(double))) == NULL)
		return -1;
	for (size_t i = 0; i < ck->n_probes; i++)
		count(&ck->probes[i], k);
	if (k->n_windows == 0)
		return 0;
	qsort(k->windows_ms, k->n_windows, sizeof(double), cmp_double);
	k->max_ms = k->windows_ms[k->n_windows - 1];
	k->median_ms = k->n_windows % 2 ? k->windows_ms[k->n_windows / 2]
					: (k->windows_ms[k->n_windows / 2 - 1] +
					   k->windows_ms[k->n_windows / 2]) /
						  2;
	return 0;
}

/* subject: consistency.json's record rec (a consistfile_subject) into elem (a
 * results_staleness), its strings taken; -1 when out of memory. */
static int subject(void *rec, void *elem)
{
	struct consistfile_subject *cs = rec;
	struct results_staleness *s = elem;

	s->subject = -1;
	s->probed = subjlog_take(&cs->head.started);
	s->error = subjlog_take(&cs->head.error);
	s->cleanup = subjlog_take(&cs->head.cleanup);
	s->poll_ms = cs->poll_ms;
	s->max_wait_ms = cs->max_wait_ms;
	s->repeat = cs->repeat;
	if (cs->n_kinds == 0)
		return 0;
	if ((s->kinds = calloc(cs->n_kinds, sizeof(*s->kinds))) == NULL)
		return -1;
	for (; s->n_kinds < cs->n_kinds; s->n_kinds++)
		if (kind(&cs->kinds[s->n_kinds], &s->kinds[s->n_kinds]) < 0)
			return -1;
	return 0;
}

static const struct subjlog_adopter adopter = {sizeof(struct results_staleness), subject};

int consistlog_read(const char *data_dir, struct consistlog *out, struct err *e)
{
	struct consistfile_subject *cs;
	size_t n;
	void *recs;
	int rc = consistfile_read(data_dir, &cs, &n, e);

	if (subjlog_adopt(&consistfile_kind, cs, n, &adopter, &recs, &out->ids, &out->n, e) < 0)
		rc = -1;
	out->recs = recs;
	consistfile_free(cs, n);
	return rc;
}

static void free_rec(void *rec)
{
	results_staleness_free(rec);
}

void consistlog_drop(struct consistlog *c, size_t i)
{
	subjlog_drop(c->recs, sizeof(*c->recs), free_rec, c->ids, &c->n, i);
}

void consistlog_clear(struct consistlog *c)
{
	subjlog_clear(c->recs, sizeof(*c->recs), free_rec, c->ids, c->n);
	memset(c, 0, sizeof(*c));
}

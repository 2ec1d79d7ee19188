/* analyze/read/probelog.c: see probelog.h. */
#include "analyze/read/probelog.h"

#include <stdlib.h>
#include <string.h>

#include "core/subjlog/probefile.h"

/* decider: the check of feature f that decided its verdict: the first with that verdict,
 * else the first; NULL when it has none. */
static struct probefile_check *decider(const struct probefile_feature *f)
{
	for (size_t i = 0; i < f->n_checks; i++)
		if (f->checks[i].verdict == (int)f->verdict)
			return &f->checks[i];
	return f->n_checks > 0 ? &f->checks[0] : NULL;
}

/* feature: probe.json's feature pf into f, its strings taken. */
static void feature(struct probefile_feature *pf, struct results_feature *f)
{
	struct probefile_check *c = decider(pf);

	f->feature = subjlog_take(&pf->name);
	f->verdict = pf->verdict;
	f->note = subjlog_take(&pf->note);
	if (c == NULL)
		return;
	f->check = subjlog_take(&c->check);
	f->status = c->status;
	f->code = subjlog_take(&c->code);
	f->expected = subjlog_take(&c->expected);
	f->detail = subjlog_take(&c->detail);
}

/* subject: probe.json's record rec (a probefile_subject) into elem (a results_support),
 * its strings taken; -1 when out of memory. */
static int subject(void *rec, void *elem)
{
	struct probefile_subject *ps = rec;
	struct results_support *s = elem;

	s->subject = -1;
	s->probed = subjlog_take(&ps->head.started);
	s->error = subjlog_take(&ps->head.error);
	s->cleanup = subjlog_take(&ps->head.cleanup);
	if (ps->n_features == 0)
		return 0;
	if ((s->features = calloc(ps->n_features, sizeof(*s->features))) == NULL)
		return -1;
	for (; s->n_features < ps->n_features; s->n_features++)
		feature(&ps->features[s->n_features], &s->features[s->n_features]);
	return 0;
}

static const struct subjlog_adopter adopter = {sizeof(struct results_support), subject};

int probelog_read(const char *data_dir, struct probelog *out, struct err *e)
{
	struct probefile_subject *ps;
	size_t n;
	void *recs;
	int rc = probefile_read(data_dir, &ps, &n, e);

	if (subjlog_adopt(&probefile_kind, ps, n, &adopter, &recs, &out->ids, &out->n, e) < 0)
		rc = -1;
	out->recs = recs;
	probefile_free(ps, n);
	return rc;
}

static void free_rec(void *rec)
{
	results_support_free(rec);
}

void probelog_drop(struct probelog *p, size_t i)
{
	subjlog_drop(p->recs, sizeof(*p->recs), free_rec, p->ids, &p->n, i);
}

void probelog_clear(struct probelog *p)
{
	subjlog_clear(p->recs, sizeof(*p->recs), free_rec, p->ids, p->n);
	memset(p, 0, sizeof(*p));
}

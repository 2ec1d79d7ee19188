/* collect/run/budget.c: max_cost before and during a campaign (collect/run/budget.h). */
#include "collect/run/budget.h"

#include <glob.h>
#include <string.h>

#include "collect/run/bound.h"
#include "collect/run/progress.h"
#include "core/exitcode.h"

void budget_init(struct budget *bg, const struct campaign *c)
{
	memset(bg, 0, sizeof(*bg));
	bg->c = c;
	bg->opts.bound = bg->bound;
}

/* budgeted: subject i's max_cost (0: none, or no prices: its spend is 0). */
static double budgeted(const struct budget *bg, int i)
{
	const struct campaign_subject *s = &bg->c->subjects[i];
	return s->prices.given ? campaign_subject_budget(bg->c, s) : 0;
}

int budget_probe(struct budget *bg, int all, int clients, struct err *e)
{
	struct clientres_opts o;
	struct err pe;

	memset(&o, 0, sizeof(o));
	o.nic_mbit = bg->c->client_nic_mbit;
	if (clientres_own_nic(&o, e) < 0)
		return -1;
	for (int i = 0; i < bg->c->n_subjects && i < BUDGET_SUBJECTS; i++) {
		if (!(all ? bg->c->subjects[i].prices.given : budgeted(bg, i) > 0))
			continue;
		bound_probe(&bg->c->subjects[i], &o, &bg->bound[i], &pe);
		bg->bound[i].clients = clients;
	}
	return 0;
}

/* first: whether r is the first run of its subject looked at (it creates the bucket). */
static int first(struct budget *bg, const struct plan_run *r)
{
	int f = r->subject < BUDGET_SUBJECTS && !bg->seen[r->subject];

	if (r->subject < BUDGET_SUBJECTS)
		bg->seen[r->subject] = 1;
	return f;
}

/* spend_of: the spend of the run recorded in dir (0 when it holds no run.json), at the
 * prices its run.json records; *done: it is complete or failed (not interrupted, not left
 * for the budget): a run the plan does not make again. */
static double spend_of(const char *dir, int *done)
{
	struct runjson_status rs;
	struct cost_parts c;

	*done = 0;
	if (runjson_read_status(dir, &rs, NULL) < 0)
		return 0;
	*done = !rs.interrupted && !rs.budget;
	price_cost(&rs.prices, &rs.bill, &c);
	return c.total;
}

/* recorded: every run.json under out/runs/CYCLE/SUBJECT/RUN/ (this plan's, earlier cycles',
 * an interrupted attempt's: all were paid for) into bg->spent by subject. */
static void recorded(struct budget *bg, const char *out)
{
	char pat[4200], dir[4200], subj[256];
	glob_t g;

	snprintf(pat, sizeof(pat), "%s/runs/*/*/*/run.json", out);
	if (glob(pat, 0, NULL, &g) != 0)
		return;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		const char *path = g.gl_pathv[i] + strlen(out) + strlen("/runs/");
		const char *a = strchr(path, '/'), *b = a ? strchr(a + 1, '/') : NULL;
		int k, done;
		if (b == NULL)
			continue;
		snprintf(subj, sizeof(subj), "%.*s", (int)(b - a - 1), a + 1);
		snprintf(dir, sizeof(dir), "%.*s", (int)(strlen(g.gl_pathv[i]) - 9), g.gl_pathv[i]);
		k = campaign_find_subject(bg->c, subj);
		if (k >= 0 && k < BUDGET_SUBJECTS)
			bg->spent[k] += spend_of(dir, &done);
	}
	globfree(&g);
}

/* to_do: the bound of the plan's runs not recorded complete in out, per budgeted subject. */
static void to_do(struct budget *bg, const struct plan *p, const char *out, struct estimate *est)
{
	int seen[BUDGET_SUBJECTS] = {0};

	for (int k = 0; k < p->n; k++) {
		const struct plan_run *r = &p->runs[k];
		struct estimate *e = &est[r->subject];
		struct cost_parts one;
		struct bill_counts b;
		char why[200], dir[4200];
		int fst, done;
		if (r->subject >= BUDGET_SUBJECTS || budgeted(bg, r->subject) <= 0)
			continue;
		fst = !seen[r->subject];
		seen[r->subject] = 1;
		snprintf(dir, sizeof(dir), "%s/%s", out, r->id);
		spend_of(dir, &done);
		if (done)
			continue;
		e->runs++;
		if (!estimate_run(bg->c, r, fst, &bg->opts, &b, why, sizeof(why))) {
			if (e->unbounded++ == 0)
				snprintf(e->why, sizeof(e->why), "%s: %s", r->id, why);
			continue;
		}
		price_cost(&bg->c->subjects[r->subject].prices, &b, &one);
		cost_parts_add(&e->cost, &one);
	}
}

int budget_check(struct budget *bg, const struct plan *p, const char *out, FILE *f)
{
	struct estimate est[BUDGET_SUBJECTS];
	int rc = EXITCODE_OK;

	memset(est, 0, sizeof(est));
	recorded(bg, out);
	to_do(bg, p, out, est);
	for (int i = 0; i < bg->c->n_subjects && i < BUDGET_SUBJECTS; i++) {
		const struct campaign_subject *s = &bg->c->subjects[i];
		const struct estimate *e = &est[i];
		double budget = budgeted(bg, i), spent = bg->spent[i];
		char t[256];
		if (budget <= 0 || e->runs == 0)
			continue;
		if (e->unbounded) {
			fprintf(f,
				"collect: subject %s: the bill of %d of its %d runs cannot be bounded "
				"(%s), so max_cost %g cannot be kept; not started\n",
				s->id, e->unbounded, e->runs, e->why, budget);
			rc = EXITCODE_USAGE;
		} else if (spent + e->cost.total > budget) {
			fprintf(f,
				"collect: subject %s: its bill could reach %.4f %s (spent %.4f, the "
				"%d runs to do at most %.4f: requests %.4f, egress %.4f, ingress %.4f, "
				"storage %.4f, deleted early %.4f, retrieval %.4f; bound at %s), past "
				"its max_cost %g; not started (--dry-run shows the estimate and this "
				"bound)\n",
				s->id, spent + e->cost.total, s->prices.currency, spent, e->runs,
				e->cost.total, e->cost.requests, e->cost.egress, e->cost.ingress,
				e->cost.storage, e->cost.deleted_early, e->cost.retrieval,
				estimate_bound_text(&bg->bound[i], t, sizeof(t)), budget);
			rc = EXITCODE_USAGE;
		}
	}
	return rc;
}

void budget_add(struct budget *bg, int subject, const struct prices *p, const struct bill_counts *b)
{
	struct cost_parts c;

	if (subject < 0 || subject >= BUDGET_SUBJECTS)
		return;
	price_cost(p, b, &c);
	bg->spent[subject] += c.total;
}

int budget_stops(struct budget *bg, const struct plan_run *r, struct progress *pg)
{
	const struct campaign_subject *s = &bg->c->subjects[r->subject];
	double budget = r->subject < BUDGET_SUBJECTS ? budgeted(bg, r->subject) : 0, spent;
	struct cost_parts next = {0};
	struct bill_counts b;
	char why[200] = "";
	int fst = first(bg, r), bounded;

	if (budget <= 0)
		return 0;
	spent = bg->spent[r->subject];
	bounded = estimate_run(bg->c, r, fst, &bg->opts, &b, why, sizeof(why));
	if (bounded)
		price_cost(&s->prices, &b, &next);
	if (spent < budget && bounded && spent + next.total <= budget)
		return 0;
	if (bg->stopped[r->subject]++)
		return 1;
	if (spent >= budget)
		progress_note(
			pg,
			"collect: subject %s: spent %.4f %s, its max_cost %g reached: its "
			"remaining runs are recorded as not run (class budget); raise max_cost "
			"and run again with --resume to run them",
			s->id, spent, s->prices.currency, budget);
	else if (bounded)
		progress_note(
			pg,
			"collect: subject %s: spent %.4f %s; its next run %s could cost up to "
			"%.4f more, past its max_cost %g: its remaining runs are recorded as "
			"not run (class budget); raise max_cost and run again with --resume "
			"to run them",
			s->id, spent, s->prices.currency, r->id, next.total, budget);
	else
		progress_note(
			pg,
			"collect: subject %s: its next run's bill cannot be bounded (%s): its "
			"remaining runs are recorded as not run (class budget)",
			s->id, why);
	return 1;
}

/* collect/campaign/plan.c: see plan.h. */
#include "collect/campaign/plan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_runs.h"
#include "collect/workload.h"
#include "core/rng.h"
#include "core/units.h"
#include "core/version.h"

struct builder {
	const struct campaign *c;
	struct plan *p;
	int cap;
	struct err *e;
};

/* run_id_size: the SIZE part of a run id: "4KiB"; "random-4KiB-1MiB" for random:4KiB..1MiB;
 * "dist-4KiB.50-64KiB.30" for dist:4KiB:50,64KiB:30 (or "distN-HASH" when that is longer
 * than 64 characters: N entries, the FNV-1a hash of the spec); "lognormal-64KiB-1.5" for
 * lognormal:64KiB,1.5 ("lognormal-64KiB-1.5-max16MiB" with max=16MiB) */
static void run_id_size(const struct workload *wl, char *buf, size_t n)
{
	const struct wl_sizes *sz = &wl->sizes;
	char a[UNITS_SIZE_MAX], b[UNITS_SIZE_MAX];
	size_t k;
	uint32_t h = 2166136261u;

	if (sz->kind == WL_SIZE_RANDOM) {
		snprintf(buf, n, "random-%s-%s", units_format_size(sz->min, a, sizeof(a)),
			 units_format_size(sz->max, b, sizeof(b)));
		return;
	}
	if (sz->kind == WL_SIZE_LOGNORMAL) {
		k = (size_t)snprintf(buf, n, "lognormal-%s-%g",
				     units_format_size(sz->median, a, sizeof(a)), sz->sigma);
		if (strcasestr(sz->spec, "max=") != NULL && k < n)
			snprintf(buf + k, n - k, "-max%s",
				 units_format_size(sz->max, b, sizeof(b)));
		return;
	}
	if (sz->kind != WL_SIZE_DIST) {
		units_format_size(wl->size, buf, n);
		return;
	}
	k = (size_t)snprintf(buf, n, "dist");
	for (int i = 0; i < sz->n && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, "-%s.%u",
				      units_format_size(sz->size[i], a, sizeof(a)), sz->weight[i]);
	if (k <= 64)
		return;
	for (const char *q = sz->spec; *q; q++)
		h = (h ^ (unsigned char)*q) * 16777619u;
	snprintf(buf, n, "dist%d-%08x", sz->n, h);
}

/* add_run: `run` (campaign_run_at: the subject's keys applied) of subject `subject` */
static int add_run(struct builder *b, int cycle, int subject, const struct campaign_run *run)
{
	const struct workload *wl = &run->wl;
	struct plan_run *r;
	char size[160], cyc[32], tail[128] = ""; /* the id's -rRATE, -dDATASET, -hHEDGE */
	int n;

	if (b->p->n == b->cap) {
		int cap = b->cap ? b->cap * 2 : 64;
		struct plan_run *runs = realloc(b->p->runs, (size_t)cap * sizeof(*runs));
		if (runs == NULL)
			return err_set(b->e, "plan: out of memory");
		b->p->runs = runs;
		b->cap = cap;
	}
	r = &b->p->runs[b->p->n];
	memset(r, 0, sizeof(*r));
	if (cycle > 0)
		snprintf(cyc, sizeof(cyc), "cycle-%02d", cycle);
	else
		snprintf(cyc, sizeof(cyc), "once");
	run_id_size(wl, size, sizeof(size));
	if (wl->rate > 0)
		snprintf(tail, sizeof(tail), "-r%g", wl->rate);
	if (wl->dataset_name != NULL) /* one run per dataset of a [list] or [head] */
		snprintf(tail + strlen(tail), sizeof(tail) - strlen(tail), "-d%s",
			 wl->dataset_name);
	if (wl->hedge.kind != WL_HEDGE_NONE)
		snprintf(tail + strlen(tail), sizeof(tail) - strlen(tail), "-h%s", wl->hedge.spec);
	n = snprintf(r->id, sizeof(r->id), "runs/%s/%s/%s-%s-c%d%s", cyc,
		     b->c->subjects[subject].id, workload_op_name(wl->op), size, wl->concurrency,
		     tail);
	if (n < 0 || (size_t)n >= sizeof(r->id))
		return err_set(b->e, "plan: run id too long for subject '%s'",
			       b->c->subjects[subject].id);
	r->cycle = cycle;
	r->subject = subject;
	r->wl = *wl;
	r->timeout_s = run->timeout_s;
	r->expected_s = r->wl.bound == WL_BOUND_DURATION ? r->wl.duration_s : 0;
	b->p->n++;
	return 0;
}

/* add_item: run k of subject s (campaign_run_at's order) */
static int add_item(struct builder *b, int cycle, int s, int k)
{
	struct campaign_run run;

	if (campaign_run_at(b->c, &b->c->subjects[s], k, &run) < 0)
		return err_set(b->e, "plan: no run %d", k);
	return add_run(b, cycle, s, &run);
}

/* add_oneoffs: the one-off runs that end cycle 1, interleaved by subject (subject by
 * subject for sequential) */
static int add_oneoffs(struct builder *b)
{
	const struct campaign *c = b->c;
	struct plan *p = b->p;
	int seq = c->order == CAMPAIGN_ORDER_SEQUENTIAL;
	int first = campaign_matrix_cells(c), n = campaign_run_count(c) - first;

	for (int i = 0; i < (seq ? p->n_subjects : n); i++)
		for (int j = 0; j < (seq ? n : p->n_subjects); j++)
			if (add_item(b, 0, p->subjects[seq ? i : j], first + (seq ? j : i)) < 0)
				return -1;
	return 0;
}

static int add_cycle(struct builder *b, int cycle)
{
	const struct campaign *c = b->c;
	struct plan *p = b->p;
	int start = p->n, cells = campaign_matrix_cells(c);

	if (c->order == CAMPAIGN_ORDER_SEQUENTIAL) {
		for (int s = 0; s < p->n_subjects; s++)
			for (int k = 0; k < cells; k++)
				if (add_item(b, cycle, p->subjects[s], k) < 0)
					return -1;
	} else {
		for (int k = 0; k < cells; k++)
			for (int s = 0; s < p->n_subjects; s++)
				if (add_item(b, cycle, p->subjects[s], k) < 0)
					return -1;
	}
	if (c->order == CAMPAIGN_ORDER_RANDOM) {
		uint64_t st = p->seed ^ ((uint64_t)cycle * 0xD1B54A32D192ED03ULL);
		for (int i = p->n - 1; i > start; i--) {
			int j = start + (int)(rng_next(&st) % (uint64_t)(i - start + 1));
			struct plan_run t = p->runs[i];
			p->runs[i] = p->runs[j];
			p->runs[j] = t;
		}
	}
	if (cycle != 1)
		return 0;
	/* one-offs end the first cycle */
	return add_oneoffs(b);
}

static int select_subjects(const struct campaign *c, const char *only, struct plan *p,
			   struct err *e)
{
	char *copy, *tok, *next;
	char known[512] = "";
	int rc = 0;

	if (c->n_subjects > (int)(sizeof(p->subjects) / sizeof(p->subjects[0])))
		return err_set(e, "%s: more than 64 subjects", c->file);
	if (only == NULL) {
		for (int i = 0; i < c->n_subjects; i++)
			p->subjects[i] = i;
		p->n_subjects = c->n_subjects;
		return 0;
	}
	int want[64] = {0};
	copy = strdup(only);
	if (copy == NULL)
		return err_set(e, "plan: out of memory");
	for (tok = copy; tok; tok = next) {
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		int i = campaign_find_subject(c, tok);
		if (i < 0) {
			for (int k = 0; k < c->n_subjects; k++) {
				size_t l = strlen(known);
				snprintf(known + l, sizeof(known) - l, "%s%s", k ? ", " : "",
					 c->subjects[k].id);
			}
			rc = err_set(e, "--only: '%s' is not a subject of %s (%s)", tok, c->file,
				     known);
			goto out;
		}
		want[i] = 1;
	}
	for (int i = 0; i < c->n_subjects; i++)
		if (want[i])
			p->subjects[p->n_subjects++] = i;
out:
	free(copy);
	return rc;
}

struct plan *plan_build(const struct campaign *c, const struct plan_filter *f, struct err *e)
{
	struct plan_filter none = {0};
	struct builder b = {c, NULL, 0, e};

	if (f == NULL)
		f = &none;
	b.p = calloc(1, sizeof(*b.p));
	if (b.p == NULL) {
		err_set(e, "plan: out of memory");
		goto fail;
	}
	if (f->cycles < 0 || f->cycles > CAMPAIGN_CYCLES_MAX || f->cycle < 0 ||
	    f->cycle > CAMPAIGN_CYCLES_MAX) {
		err_set(e, "--cycle%s: %d is not a cycle number from 1 to %d", f->cycle ? "" : "s",
			f->cycle ? f->cycle : f->cycles, CAMPAIGN_CYCLES_MAX);
		goto fail;
	}
	b.p->order = c->order;
	b.p->seed = c->has_seed ? c->seed : f->seed;
	b.p->first_cycle = 1;
	b.p->last_cycle = f->cycles ? f->cycles : c->cycles;
	if (f->cycle)
		b.p->first_cycle = b.p->last_cycle = f->cycle;
	b.p->auto_cycles = c->auto_cycles && f->cycles == 0 && f->cycle == 0;
	b.p->max_cycle = b.p->last_cycle;
	if (select_subjects(c, f->only, b.p, e) < 0)
		goto fail;
	for (int cy = b.p->first_cycle; cy <= b.p->last_cycle; cy++)
		if (add_cycle(&b, cy) < 0)
			goto fail;
	return b.p;
fail:
	plan_free(b.p);
	return NULL;
}

int plan_cycle_end(const struct plan *p, int cycle)
{
	for (int k = 0; k < p->n; k++)
		if (p->runs[k].cycle > cycle)
			return k;
	return p->n;
}

void plan_free(struct plan *p)
{
	if (p == NULL)
		return;
	free(p->runs);
	free(p);
}

int plan_write_tsv(const struct plan *p, const struct campaign *c, const char *const *kept_as,
		   FILE *f, struct err *e)
{
	char dur[UNITS_DURATION_MAX];
	int unb;
	double total = plan_total_expected(p, 0, &unb);

	fprintf(f, "# format: " S3BENCH_PLAN_FORMAT "\n");
	fprintf(f, "# campaign: %s (%s)\n", c->name, c->file);
	fprintf(f, "# order: %s\n", campaign_order_name(p->order));
	if (p->order == CAMPAIGN_ORDER_RANDOM)
		fprintf(f, "# seed: %llu\n", (unsigned long long)p->seed);
	fprintf(f, "# cycles: %d-%d\n", p->first_cycle, p->last_cycle);
	if (p->auto_cycles)
		fprintf(f, "# sequential: target_ci %g%%, min_cycles %d, max_cycles %d\n",
			c->target_ci * 100, c->min_cycles, p->max_cycle);
	if (p->auto_cycles && p->stopped[0] != '\0')
		fprintf(f, "# stopped: %s\n", p->stopped);
	fprintf(f, "# subjects:");
	for (int i = 0; i < p->n_subjects; i++)
		fprintf(f, "%s%s", i ? "," : " ", c->subjects[p->subjects[i]].id);
	fprintf(f, "\n# runs: %d\n", p->n);
	fprintf(f, "# expected: %s measured", units_format_duration(total, dur, sizeof(dur)));
	if (unb)
		fprintf(f, ", plus %d count/until-done runs", unb);
	for (int i = 0; i < p->n; i++)
		if (p->runs[i].wl.auto_stop) {
			/* duration = auto: the bound column says auto, duration_s is max_duration */
			fprintf(f,
				"\n# auto: stops when steady (10 1-s segments within 5 %%, no "
				"slope), after min_duration %gs, at the latest at duration_s",
				p->runs[i].wl.min_duration_s);
			break;
		}
	if (kept_as != NULL) {
		int n = 0;
		for (int i = 0; i < p->n; i++)
			n += kept_as[i][0] != '\0';
		fprintf(f,
			"\n# changed: %d runs kept from an earlier collector were measured otherwise "
			"than this plan says (collect --resume --allow-changed); their kept_as column "
			"gives the recorded values",
			n);
	}
	fprintf(f,
		"\nn\tid\tcycle\tsubject\top\tsize\tconcurrency\tbound\tduration_s\tcount\t"
		"objects\tbatch\tpart_size\ttimeout_s\tsize_spec\trange\tmix\trate%s\n",
		kept_as != NULL ? "\tkept_as" : "");
	for (int i = 0; i < p->n; i++) {
		const struct plan_run *r = &p->runs[i];
		char mix[WL_MIX_TEXT_MAX], rate[32] = "";
		if (r->wl.rate > 0)
			snprintf(rate, sizeof(rate), "%g", r->wl.rate);
		fprintf(f,
			"%d\t%s\t%d\t%s\t%s\t%llu\t%d\t%s\t%g\t%llu\t%llu\t%d\t%llu\t%g\t"
			"%s\t%s\t%s\t%s%s%s\n",
			i + 1, r->id, r->cycle, c->subjects[r->subject].id,
			workload_op_name(r->wl.op), (unsigned long long)r->wl.size,
			r->wl.concurrency,
			r->wl.auto_stop ? "auto" : workload_bound_name(r->wl.bound),
			r->wl.duration_s, (unsigned long long)r->wl.count,
			(unsigned long long)r->wl.objects, r->wl.batch,
			(unsigned long long)r->wl.part_size, r->timeout_s, r->wl.sizes.spec,
			r->wl.range.spec, workload_format_mix(&r->wl.mix, mix, sizeof(mix)), rate,
			kept_as != NULL ? "\t" : "", kept_as != NULL ? kept_as[i] : "");
	}
	if (fflush(f) != 0 || ferror(f))
		return err_set(e, "plan.tsv: write error: %s", strerror(errno));
	return 0;
}

int plan_read_seed(const char *path, uint64_t *seed, struct err *e)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int rc = -1;

	if (f == NULL)
		return err_set(e, "%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f) && line[0] == '#') {
		unsigned long long v;
		if (sscanf(line, "# seed: %llu", &v) == 1) {
			*seed = v;
			rc = 0;
			break;
		}
	}
	fclose(f);
	if (rc < 0)
		err_set(e, "%s: no seed recorded", path);
	return rc;
}

double plan_total_expected(const struct plan *p, int from, int *n_unbounded)
{
	double t = 0;
	int unb = 0;

	for (int i = from < 0 ? 0 : from; i < p->n; i++) {
		t += p->runs[i].expected_s;
		unb += p->runs[i].expected_s == 0;
	}
	if (n_unbounded)
		*n_unbounded = unb;
	return t;
}

void plan_print(const struct plan *p, const struct campaign *c, FILE *f)
{
	char a[UNITS_DURATION_MAX], b[UNITS_DURATION_MAX];
	double limit = 0;
	int unb;
	double total = plan_total_expected(p, 0, &unb);

	fprintf(f, "campaign %s (%s): %d runs, cycles %d-%d, order %s", c->name, c->file, p->n,
		p->first_cycle, p->last_cycle, campaign_order_name(p->order));
	if (p->order == CAMPAIGN_ORDER_RANDOM)
		fprintf(f, ", seed %llu", (unsigned long long)p->seed);
	fprintf(f, "\n");
	if (p->auto_cycles)
		fprintf(f,
			"cycles = auto: judged after each cycle from cycle %d on, it stops when every "
			"matrix cell's 95 %% interval is within %g %% of its mean, at the latest after "
			"cycle %d (the runs and times below are those of all %d)\n",
			c->min_cycles, c->target_ci * 100, p->max_cycle, p->max_cycle);
	for (int i = 0; i < p->n; i++) {
		const struct plan_run *r = &p->runs[i];
		char bound[64];
		if (r->wl.bound == WL_BOUND_DURATION && r->wl.auto_stop) {
			char mx[UNITS_DURATION_MAX];
			snprintf(bound, sizeof(bound), "auto<=%s",
				 units_format_duration(r->wl.duration_s, mx, sizeof(mx)));
		} else if (r->wl.bound == WL_BOUND_DURATION)
			units_format_duration(r->wl.duration_s, bound, sizeof(bound));
		else if (r->wl.bound == WL_BOUND_COUNT)
			snprintf(bound, sizeof(bound), "%llu/worker",
				 (unsigned long long)r->wl.count);
		else
			snprintf(bound, sizeof(bound), "until-done");
		fprintf(f, "%5d  %-48s %-12s limit %s\n", i + 1, r->id, bound,
			units_format_duration(r->timeout_s, a, sizeof(a)));
		limit += r->timeout_s;
	}
	fprintf(f, "expected time: %s measured", units_format_duration(total, a, sizeof(a)));
	if (unb)
		fprintf(f, " + %d runs bounded by count or until-done", unb);
	fprintf(f, " (plus prepare and cleanup; at most %s by the time limits)\n",
		units_format_duration(limit, b, sizeof(b)));
}

/* collect/run/clean.c: see clean.h. */
#include "collect/run/clean.h"

#include <dirent.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/run/leftover.h"
#include "collect/run/outdir.h"
#include "collect/run/subject.h"
#include "core/exitcode.h"
#include "core/sweeplog.h"

#define MAX_DEPTH 6 /* DIR/runs/cycle-NN/SUBJECT/RUN is depth 4 */

static const char usage_text[] =
	"usage: collect clean DIR\n"
	"       collect clean CAMPAIGN.ini [-o DIR]\n"
	"\n"
	"Deletes what killed runs left in their buckets: every run directory under DIR that still\n"
	"holds the records of an unfinished run (.prefix: its key prefix; .subject.json: endpoint,\n"
	"bucket, addressing and where the credentials come from) has its incomplete multipart\n"
	"uploads under that prefix aborted and its objects deleted; the records of each prefix\n"
	"emptied are then removed, so running it twice is safe. DIR is a `collect run -o` directory\n"
	"or a campaign's output directory (CAMPAIGN.ini: out/NAME, or -o DIR). Credentials are\n"
	"found as the run found them (the subject's profile or env:PREFIX, else the AWS CLI's\n"
	"order). Prints one line per prefix: objects deleted, multipart uploads aborted. The\n"
	"requests it sends are billed like any other: they are recorded in DIR/sweeps.json,\n"
	"which analyze adds to the bill (docs/FORMATS.md).\n"
	"\n"
	"Exit status: 0 every recorded prefix emptied (or none recorded); 1 some could not be\n"
	"(named on stderr, their records kept for another try); 2 usage error or no such\n"
	"directory; 3 DIR is locked by a collector working in it.\n";

/* spread_text: " (3 buckets from BUCKET, 4 key prefixes before PREFIX)" for a run over
 * many buckets or prefixes; "" for one of each. */
static const char *spread_text(const struct leftover *t, char *buf, size_t n)
{
	buf[0] = '\0';
	if (t != NULL && (t->nb > 1 || t->np > 1))
		snprintf(buf, n, " (%d bucket%s from the first, %d key prefix%s before the prefix)",
			 t->nb, t->nb == 1 ? "" : "s", t->np, t->np == 1 ? "" : "es");
	return buf;
}

/* The state of one `collect clean`. */
struct walk {
	const char *root;
	const struct campaign *c; /* subjects for records without .subject.json, or NULL */
	int cleaned, failed;
	unsigned long long objects, uploads;
	struct sweep_rec *recs; /* the sweeps' bills, for ROOT/sweeps.json */
	size_t n_recs;
	int nomem;
};

/* add_rec: the bill of the sweep of run rel (the root itself: ".") into w->recs. */
static void add_rec(struct walk *w, const char *dir, const char *rel, const char *subject,
		    const struct bill_counts *b)
{
	struct sweep_rec *nv = realloc(w->recs, (w->n_recs + 1) * sizeof(*nv));

	if (nv == NULL) {
		w->nomem = 1;
		return;
	}
	w->recs = nv;
	nv += w->n_recs++;
	memset(nv, 0, sizeof(*nv));
	snprintf(nv->run, sizeof(nv->run), "%s", strcmp(dir, w->root) == 0 ? "." : rel);
	snprintf(nv->subject, sizeof(nv->subject), "%s", subject ? subject : "");
	snprintf(nv->by, sizeof(nv->by), "clean");
	nv->bill = *b;
}

/* subject_at: the subject of the campaign run at rel ("runs/cycle-NN/ID/RUN" or
 * "runs/once/ID/RUN"), NULL when none. */
static const struct campaign_subject *subject_at(const struct campaign *c, const char *rel)
{
	const char *a, *b;

	if (c == NULL || strncmp(rel, "runs/", 5) != 0 || (a = strchr(rel + 5, '/')) == NULL ||
	    (b = strchr(a + 1, '/')) == NULL || strchr(b + 1, '/') != NULL)
		return NULL;
	for (int i = 0; i < c->n_subjects; i++)
		if (strlen(c->subjects[i].id) == (size_t)(b - a - 1) &&
		    strncmp(c->subjects[i].id, a + 1, (size_t)(b - a - 1)) == 0)
			return &c->subjects[i];
	return NULL;
}

/* clean_one: the records of run directory dir (rel: its path under the root; the root
 * itself is named as given): sweep, print, remove the records when done. */
static void clean_one(struct walk *w, const char *dir, const char *rel)
{
	char text[224], sp[128];
	const struct campaign_subject *s = NULL;
	struct leftover l;
	struct sweep_count n;
	struct bill_counts bill;
	struct err e = {{0}};
	int rc = leftover_read(dir, subject_at(w->c, rel), &l, &e);

	if (rc == 1)
		return;
	if (rc == 0 && (s = l.s) == NULL)
		rc = err_set(&e, "%s: no %s and no campaign subject for it", rel,
			     LEFTOVER_SUBJECT_FILE);
	if (rc == 0)
		rc = leftover_sweep(&l, &n, &bill, &e), add_rec(w, dir, rel, s->id, &bill);
	if (rc == 0) {
		printf("%s: %s/%s at %s%s: %s\n", rel, s->bucket, l.prefix, s->endpoint,
		       spread_text(l.recorded ? &l : NULL, sp, sizeof(sp)),
		       leftover_what(&n, text, sizeof(text)));
		w->cleaned++;
		w->objects += n.objects + n.versions;
		w->uploads += n.uploads;
		leftover_remove(dir);
	} else {
		fprintf(stderr,
			"collect clean: %s: %s%s%s: %s; its record is kept, run collect "
			"clean again\n",
			rel, s ? s->bucket : "", s ? "/" : "", l.prefix, e.msg);
		w->failed++;
	}
	leftover_clear(&l);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* visit: clean_one for dir, then every sub-directory (not '.'-named, no symlink), in name
 * order, down to MAX_DEPTH. */
static void visit(struct walk *w, const char *dir, const char *rel, int depth)
{
	struct dirent **list = NULL;
	int k;

	clean_one(w, dir, rel);
	if (depth >= MAX_DEPTH || (k = scandir(dir, &list, NULL, by_name)) < 0)
		return;
	for (int i = 0; i < k; i++) {
		char sub[4096], subrel[4096];
		struct stat st;

		if (list[i]->d_name[0] != '.' &&
		    snprintf(sub, sizeof(sub), "%s/%s", dir, list[i]->d_name) < (int)sizeof(sub) &&
		    snprintf(subrel, sizeof(subrel), "%s%s%s", depth ? rel : "", depth ? "/" : "",
			     list[i]->d_name) < (int)sizeof(subrel) &&
		    lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
			visit(w, sub, subrel, depth + 1);
		free(list[i]);
	}
	free(list);
}

/* clean_dir: the whole of `collect clean` once the directory is known; c may be NULL. */
static int clean_dir(const char *dir, const struct campaign *c)
{
	struct outdir *od = NULL;
	struct walk w = {dir, c, 0, 0, 0, 0, NULL, 0, 0};
	struct stat st;
	struct err e;
	int orc;

	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "collect clean: %s: no such directory\n", dir);
		return EXITCODE_USAGE;
	}
	/* the lock keeps a collector from starting there meanwhile, and refuses to touch
	 * the prefixes of runs under way */
	orc = outdir_open(dir, &od, &e);
	if (orc != 0) {
		fprintf(stderr, "collect clean: %s\n", e.msg);
		return orc == OUTDIR_LOCKED ? EXITCODE_LOCKED : EXITCODE_USAGE;
	}
	visit(&w, dir, dir, 0);
	if (w.n_recs > 0 && (w.nomem || sweeplog_append(dir, w.recs, w.n_recs, &e) < 0))
		fprintf(stderr, "collect clean: %s: the sweeps' requests are not billed: %s\n", dir,
			w.nomem ? "out of memory" : e.msg);
	free(w.recs);
	outdir_free(od);
	if (w.cleaned + w.failed == 0)
		printf("collect clean: %s: nothing to clean (no run there left a prefix)\n", dir);
	else
		printf("collect clean: %s: %d prefix%s emptied (%llu objects deleted, %llu "
		       "multipart uploads aborted), %d failed\n",
		       dir, w.cleaned, w.cleaned == 1 ? "" : "es", w.objects, w.uploads, w.failed);
	return w.failed ? EXITCODE_PARTIAL : EXITCODE_OK;
}

int clean_main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"output", required_argument, 0, 'o'},
		{"help", no_argument, 0, 'h'},
		{0, 0, 0, 0},
	};
	struct campaign *c = NULL;
	const char *out = NULL, *arg;
	char dir[4096], ini[4096];
	struct stat st;
	struct err e;
	int ch, rc;

	/* deleting is idempotent and records go only once a prefix is empty: Ctrl-C may
	 * simply end it */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			out = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return EXITCODE_OK;
		default:
			fprintf(stderr, "collect clean: unknown option\n(collect clean --help)\n");
			return EXITCODE_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "collect clean: give one DIR or CAMPAIGN.ini\n");
		return EXITCODE_USAGE;
	}
	arg = argv[optind];
	if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (out != NULL) {
			fprintf(stderr, "collect clean: -o goes with a CAMPAIGN.ini, not a DIR\n");
			return EXITCODE_USAGE;
		}
		snprintf(dir, sizeof(dir), "%s", arg);
		/* a campaign's output directory: its copy of the campaign names the subjects
		 * of runs recorded without .subject.json */
		if (snprintf(ini, sizeof(ini), "%s/campaign.ini", arg) < (int)sizeof(ini) &&
		    access(ini, F_OK) == 0 &&
		    ((c = campaign_load(ini, &e)) == NULL || subject_profile_defaults(c, &e) < 0)) {
			fprintf(stderr, "collect clean: %s (its subjects are not used)\n", e.msg);
			campaign_free(c);
			c = NULL;
		}
	} else {
		c = campaign_load(arg, &e);
		if (c == NULL || subject_profile_defaults(c, &e) < 0) {
			campaign_free(c);
			fprintf(stderr, "collect clean: %s\n", e.msg);
			return EXITCODE_USAGE;
		}
		snprintf(dir, sizeof(dir), out ? "%s" : "out/%s", out ? out : c->name);
	}
	rc = clean_dir(dir, c);
	campaign_free(c);
	return rc;
}

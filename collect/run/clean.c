/* collect/run/clean.c: see clean.h. */
#include "collect/run/clean.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/s3/creds.h"
#include "collect/run/outdir.h"
#include "collect/run/subject.h"
#include "collect/s3/s3.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/sweep.h"
#include "collect/workload.h"
#include "core/exitcode.h"
#include "core/fsutil.h"
#include "core/sweeplog.h"
#include "core/version.h"

#define MAX_DEPTH 6 /* DIR/runs/cycle-NN/SUBJECT/RUN is depth 4 */

static const char *const cred_names[] = {"default", "profile", "env"};

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

int clean_record_subject(const char *dir, const struct campaign_subject *s,
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

	if (snprintf(path, sizeof(path), "%s/%s", dir, CLEAN_SUBJECT_FILE) >= (int)sizeof(path)) {
		json_decref(j);
		return err_set(e, "%s: path too long", dir);
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

/* A subject read back from .subject.json: its strings live in j. A run's buckets
 * (bucket[0] the subject's) and key prefixes ("" for one), and which buckets it created:
 * from the record, or the subject's one bucket and "" (an older record, or none). */
#define TARGET_MAX WL_SPREAD_MAX
struct target {
	json_t *j;
	struct campaign_subject s;
	int nb, np;
	const char *bucket[TARGET_MAX];
	const char *kp[TARGET_MAX];
	unsigned char created[TARGET_MAX];
};

/* key_prefix_ok: "" or pDDD/ (what workload_key_prefix writes) */
static int key_prefix_ok(const char *k)
{
	return k[0] == '\0' ||
	       (strlen(k) == 5 && k[0] == 'p' && isdigit((unsigned char)k[1]) &&
		isdigit((unsigned char)k[2]) && isdigit((unsigned char)k[3]) && k[4] == '/');
}

/* read_where: the record's buckets, key_prefixes and created into t (t->s.bucket read
 * first); -1 when they are not what clean_record_subject writes. */
static int read_where(struct target *t)
{
	json_t *b = json_object_get(t->j, "buckets"), *k = json_object_get(t->j, "key_prefixes");
	json_t *c = json_object_get(t->j, "created"), *v;
	size_t i;

	t->nb = t->np = 1;
	t->bucket[0] = t->s.bucket;
	t->kp[0] = "";
	if (b != NULL) {
		if (!json_is_array(b) || json_array_size(b) < 1 || json_array_size(b) > TARGET_MAX)
			return -1;
		json_array_foreach(b, i, v) {
			const char *n = json_string_value(v);
			if (n == NULL || n[0] == '\0' || strlen(n) > WL_BUCKET_NAME_MAX)
				return -1;
			t->bucket[i] = n;
		}
		t->nb = (int)json_array_size(b);
		if (strcmp(t->bucket[0], t->s.bucket) != 0)
			return -1;
	}
	if (k != NULL) {
		if (!json_is_array(k) || json_array_size(k) < 1 || json_array_size(k) > TARGET_MAX)
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

/* read_target: DIR/.subject.json into t (t->j owned by the caller: json_decref). 1 when
 * the file does not exist, -1 with a message when it is not a record of this format. */
static int read_target(const char *dir, struct target *t, struct err *e)
{
	char path[4096];
	json_error_t je;
	const char *cred, *addr;

	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/%s", dir, CLEAN_SUBJECT_FILE);
	if (access(path, F_OK) != 0)
		return 1;
	t->j = json_load_file(path, 0, &je);
	if (t->j == NULL)
		return err_set(e, "%s: %s", path, je.text);
	t->s.id = (char *)str(t->j, "id");
	t->s.endpoint = (char *)str(t->j, "endpoint");
	t->s.region = (char *)str(t->j, "region");
	t->s.bucket = (char *)str(t->j, "bucket");
	t->s.cred_name = (char *)str(t->j, "credentials_name");
	t->s.insecure = json_is_true(json_object_get(t->j, "insecure"));
	t->s.ca_bundle = (char *)str(t->j, "ca_bundle");
	if (t->s.ca_bundle == NULL) /* recorded before the key existed, or none given */
		t->s.ca_bundle = (char *)subject_ca_default(NULL);
	cred = str(t->j, "credentials");
	addr = str(t->j, "addressing");
	for (int i = 0; cred && i < (int)(sizeof(cred_names) / sizeof(cred_names[0])); i++)
		if (strcmp(cred, cred_names[i]) == 0)
			t->s.cred_kind = (enum campaign_cred_kind)i;
	if (!str(t->j, "format") || strcmp(str(t->j, "format"), S3BENCH_SUBJECT_FORMAT) != 0 ||
	    t->s.endpoint == NULL || t->s.region == NULL || t->s.bucket == NULL || cred == NULL ||
	    !addr || (t->s.cred_kind != CAMPAIGN_CRED_DEFAULT && t->s.cred_name == NULL)) {
		json_decref(t->j);
		t->j = NULL;
		return err_set(e, "%s: not a %s record", path, S3BENCH_SUBJECT_FORMAT);
	}
	t->s.path_style = strcmp(addr, "path") == 0;
	t->s.label = t->s.id;
	if (read_where(t) < 0) {
		json_decref(t->j);
		t->j = NULL;
		return err_set(e, "%s: its buckets, key_prefixes or created are not a %s record",
			       path, S3BENCH_SUBJECT_FORMAT);
	}
	return 0;
}

void clean_recorded_created(const char *dir, const char *base, int nb, unsigned char *created)
{
	struct target t;
	char name[WL_BUCKET_NAME_MAX + 16];
	struct err e;

	if (read_target(dir, &t, &e) != 0)
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

	snprintf(path, sizeof(path), "%s/%s", dir, CLEAN_PREFIX_FILE);
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

/* sweep: delete what is under prefix for subject s: in every bucket and key prefix of t
 * (NULL: s's bucket and prefix alone), then remove the buckets the run created when it
 * had more than one; the counts into *n, the requests it sent into *bill (billed, failed
 * or not). */
static int sweep(const struct campaign_subject *s, const struct target *t, const char *prefix,
		 struct sweep_count *n, struct bill_counts *bill, struct err *e)
{
	struct creds *cr = NULL;
	struct s3_client *cl = subject_connect(s, &cr, e);
	struct s3_result failed;
	const char *one[1] = {s->bucket};
	char **full = NULL;
	int np = t ? t->np : 1, rc = -1;

	memset(n, 0, sizeof(*n));
	if (cl != NULL && (full = calloc((size_t)np, sizeof(*full))) == NULL)
		err_set(e, "out of memory");
	for (int j = 0; full != NULL && j < np; j++)
		if (asprintf(&full[j], "%s%s", t ? t->kp[j] : "", prefix) < 0) {
			full[j] = NULL;
			np = j;
			err_set(e, "out of memory");
			goto done;
		}
	if (full != NULL)
		rc = sweep_spread(cl, t ? t->bucket : one, t ? t->nb : 1, (const char *const *)full,
				  np, t && t->nb > 1 ? t->created : NULL, n, &failed, e);
done:
	s3_client_bill_read(cl, bill);
	for (int j = 0; full != NULL && j < np; j++)
		free(full[j]);
	free(full);
	s3_client_free(cl);
	creds_free(cr);
	return rc;
}

/* what: "N objects deleted, M multipart uploads aborted" for n into buf. */
static const char *what(const struct sweep_count *n, char *buf, size_t size)
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
	snprintf(buf, size, "%llu object%s deleted, %s%s", (unsigned long long)n->objects,
		 n->objects == 1 ? "" : "s", up, bk);
	return buf;
}

void clean_earlier_run(const char *dir, FILE *msgs)
{
	char prefix[512], text[160];
	struct target t;
	struct sweep_count n;
	struct err e = {{0}};
	int rc = read_prefix(dir, prefix, sizeof(prefix), &e);

	if (rc == 1)
		return;
	if (rc == 0)
		rc = read_target(dir, &t, &e);
	if (rc == 1)
		err_set(&e, "%s/%s: no record of the bucket", dir, CLEAN_SUBJECT_FILE);
	if (rc == 0) {
		struct sweep_rec rec;
		struct err le;

		rc = sweep(&t.s, &t, prefix, &n, &rec.bill, &e);
		/* billed: into DIR/sweeps.json (core/sweeplog.h) */
		snprintf(rec.run, sizeof(rec.run), ".");
		snprintf(rec.subject, sizeof(rec.subject), "%s", t.s.id ? t.s.id : "");
		snprintf(rec.by, sizeof(rec.by), "resume");
		rec.time[0] = '\0';
		if (sweeplog_append(dir, &rec, 1, &le) < 0)
			fprintf(msgs, "collect: %s: the cleanup's requests are not billed: %s\n",
				dir, le.msg);
		if (rc == 0)
			fprintf(msgs,
				"collect: %s: an earlier run killed before its cleanup left "
				"%s/%s: %s\n",
				dir, t.s.bucket, prefix, what(&n, text, sizeof(text)));
		else
			err_prefix(&e, "the cleanup of %s/%s failed", t.s.bucket, prefix);
		json_decref(t.j);
	}
	if (rc != 0)
		fprintf(msgs, "collect: %s: what an earlier killed run left may remain: %s\n", dir,
			e.msg);
}

/* spread_text: " (3 buckets from BUCKET, 4 key prefixes before PREFIX)" for a run over
 * many buckets or prefixes; "" for one of each. */
static const char *spread_text(const struct target *t, char *buf, size_t n)
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
	char prefix[512], text[160], path[4096], sp[128];
	const struct campaign_subject *s = NULL;
	struct target t = {0}, *tp = NULL;
	struct sweep_count n;
	struct bill_counts bill;
	struct err e = {{0}};
	int rc = read_prefix(dir, prefix, sizeof(prefix), &e);

	if (rc == 1)
		return;
	if (rc == 0 && (rc = read_target(dir, &t, &e)) == 0)
		s = &t.s, tp = &t;
	else if (rc == 1 && (s = subject_at(w->c, rel)) != NULL)
		rc = 0;
	else if (rc == 1)
		err_set(&e, "%s: no %s and no campaign subject for it", rel, CLEAN_SUBJECT_FILE);
	if (rc == 0)
		rc = sweep(s, tp, prefix, &n, &bill, &e), add_rec(w, dir, rel, s->id, &bill);
	if (rc == 0) {
		printf("%s: %s/%s at %s%s: %s\n", rel, s->bucket, prefix, s->endpoint,
		       spread_text(tp, sp, sizeof(sp)), what(&n, text, sizeof(text)));
		w->cleaned++;
		w->objects += n.objects;
		w->uploads += n.uploads;
		snprintf(path, sizeof(path), "%s/%s", dir, CLEAN_SUBJECT_FILE);
		unlink(path);
		snprintf(path, sizeof(path), "%s/%s", dir, CLEAN_PREFIX_FILE);
		unlink(path);
	} else {
		fprintf(stderr,
			"collect clean: %s: %s%s%s: %s; its record is kept, run collect "
			"clean again\n",
			rel, s ? s->bucket : "", s ? "/" : "", prefix, e.msg);
		w->failed++;
	}
	json_decref(t.j);
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

/* collect/campaign/campaign_check.c: the runs of a campaign file within workload_check's
 * limits (campaign_int.h): each section's runs as written, once the section is read, and
 * every run with a subject's keys over it, once the subject is read; both walk the
 * expansion of collect/campaign/campaign_runs.h. A fault is named by the key that spells
 * the field at fault: "FILE:LINE: [SECTION] KEY: what". */
#include <stdio.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "collect/campaign/campaign_runs.h"
#include "collect/workload.h"

/* bench_fault: workload_check's complaint `what` about field f of a run of section sec,
 * as "FILE:LINE: [SEC] KEY: what" for the key the section spells f with (matrix
 * ops/sizes, rate rates; a [campaign] timeout when the section has none; the section's
 * header line when the key is absent). Returns -1. */
static int bench_fault(struct cini *p, const char *sec, const struct campaign_bench *b,
		       enum wl_field f, const char *what)
{
	const char *key = workload_field_key(f);
	struct cini_kv *kv;

	if (strcmp(sec, "matrix") == 0 && f == WLF_OP)
		key = "ops";
	if (strcmp(sec, "matrix") == 0 && f == WLF_SIZE)
		key = cini_get(p, sec, "size") ? "size" : "sizes";
	if (strcmp(sec, "rate") == 0 && f == WLF_RATE)
		key = "rates";
	if ((kv = cini_get(p, sec, key)) != NULL)
		return cini_bad(p, kv, what);
	if (f == WLF_TIMEOUT && (kv = cini_get(p, "campaign", "timeout")) != NULL)
		return cini_bad(p, kv,
				"is not longer than the duration of every section; give a "
				"longer timeout");
	return err_set(p->e, "%s:%d: [%s] %s: %s", p->name, b->line, sec, key, what);
}

int campaign_check_section(struct cini *p, const struct campaign *c, const struct campaign_bench *b)
{
	struct campaign_run r;
	enum wl_field f;
	struct err we;

	/* the matrix cells come first: a one-off section's runs follow them */
	for (int k = b == &c->matrix ? 0 : campaign_matrix_cells(c);
	     campaign_run_at(c, NULL, k, &r) == 0; k++) {
		if (r.bench != b)
			continue;
		if (workload_check(&r.wl, r.timeout_s, &f, &we) < 0)
			return bench_fault(p, r.sec, b, f, we.msg);
	}
	return 0;
}

/* subject_key: the key of subject sub that set field f, or NULL when sub sets no key
 * of f (the section's value is at fault). */
static const char *subject_key(struct cini *p, const struct campaign_subject *sub, const char *sec,
			       enum wl_field f)
{
	unsigned ck = 1u << (WLF_CHECKSUM - WLF_CHECKSUM);

	if (workload_is_send_field(f) && sub->send_set & 1u << (f - WLF_CHECKSUM))
		return workload_field_key(f);
	if (f == WLF_PAYLOAD && sub->send_set & ck) /* the payload needs another checksum */
		return "checksum";
	if (workload_is_send_field(f))
		return NULL;
	if (f == WLF_RETRIES)
		return sub->retries_set ? "retries" : NULL;
	if ((f == WLF_DURATION || f == WLF_TIMEOUT) && sub->dur_set == 2)
		return cini_get(p, sec, "max_duration") != NULL ? "max_duration" : "duration";
	if (f == WLF_DURATION || f == WLF_TIMEOUT)
		return sub->dur_set == 1 ? "duration" : NULL;
	return NULL;
}

int campaign_check_subject(struct cini *p, const struct campaign *c,
			   const struct campaign_subject *sub, const char *sec)
{
	struct campaign_run r;
	const char *key;
	enum wl_field f;
	struct err we;
	char what[sizeof(we.msg) + 96];

	/* without keys of its own a subject's runs are its sections', checked already */
	if (sub->send_set == 0 && !sub->retries_set && sub->dur_set == 0)
		return 0;
	for (int k = 0; campaign_run_at(c, sub, k, &r) == 0; k++) {
		if (workload_check(&r.wl, r.timeout_s, &f, &we) == 0)
			continue;
		if ((key = subject_key(p, sub, sec, f)) == NULL)
			return bench_fault(p, r.sec, r.bench, f, we.msg);
		if (f == WLF_TIMEOUT)
			snprintf(what, sizeof(what),
				 "[%s]'s timeout %s; give a longer timeout there or in "
				 "[campaign]",
				 r.sec, we.msg);
		else
			snprintf(what, sizeof(what), "%s (a run of [%s])", we.msg, r.sec);
		return cini_bad(p, cini_get(p, sec, key), what);
	}
	return 0;
}

/* most_buckets: the most buckets a run of subject s spreads over: its own buckets key,
 * else the largest of the sections'. */
static int most_buckets(const struct campaign *c, const struct campaign_subject *s)
{
	const struct campaign_bench *b[] = {&c->matrix, &c->list,      &c->head,
					    &c->del,    &c->multipart, &c->sweep.bench};
	int most = 1;

	if (s->send_set & 1u << (WLF_BUCKETS - WLF_CHECKSUM))
		return s->send.buckets;
	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++)
		if (b[i]->enabled && b[i]->send.buckets > most)
			most = b[i]->send.buckets;
	return most;
}

int campaign_check_buckets(struct cini *p, const struct campaign *c,
			   const struct campaign_subject *sub, const char *sec)
{
	struct err we;

	if (workload_check_bucket_names(sub->bucket, most_buckets(c, sub), &we) < 0)
		return cini_bad(p, cini_get(p, sec, "bucket"), we.msg);
	return 0;
}

/* collect/s3/s3_keys.c: the S3 client's temporary keys kept fresh (s3_int.h, struct
 * s3_refresher; docs/METHODOLOGY.md, "Credentials"): a thread of the client, with its own
 * lock, fetches them again from creds_refresh_at (before they expire, never inside a
 * request's set-up) and swaps in a new signer; requests sign with whichever signer is
 * current. A failed fetch is tried again after an eighth of the keys' time left (1 to 30
 * s), the old keys signing meanwhile; once they expire s3_client_creds_expired says so and
 * why. Every fetch is logged (s3_client_refreshes). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collect/s3/creds.h"
#include "collect/s3/s3_int.h"
#include "collect/s3/sigv4.h"
#include "core/err.h"
#include "core/timefmt.h"

#define RETRY_MIN_S 1
#define RETRY_MAX_S 30

/* retry_at: when to try again after a failed fetch at now: an eighth of the keys' time
 * left, RETRY_MIN_S to RETRY_MAX_S. */
static int64_t retry_at(int64_t now, int64_t expires)
{
	int64_t d = expires > now ? (expires - now) / 8 : RETRY_MAX_S;

	return now + (d < RETRY_MIN_S ? RETRY_MIN_S : d > RETRY_MAX_S ? RETRY_MAX_S : d);
}

/* fetch: one refresh of c's keys (the refresher's thread, k->lock not held): the new
 * signer swapped in on success; the outcome into *rec. */
static void fetch(struct s3_client *c, struct s3_refresh *rec)
{
	struct s3_old_signer *o = calloc(1, sizeof(*o));
	struct sigv4_signer *sg = NULL;
	int64_t t0 = time_mono_ns();
	struct err e = {{0}};

	memset(rec, 0, sizeof(*rec));
	rec->at_ns = time_now_ns();
	snprintf(rec->source, sizeof(rec->source), "%s", c->creds->source);
	if (o == NULL)
		err_set(&e, "out of memory");
	else if (creds_refresh(c->creds, &e) == 0)
		sg = sigv4_signer_new(c->creds->access_key, c->creds->secret_key, c->creds->token,
				      c->region, "s3", &e);
	rec->took_ns = time_mono_ns() - t0;
	if (sg == NULL) {
		snprintf(rec->error, sizeof(rec->error), "%s", e.msg);
		free(o);
		return;
	}
	/* the replaced signer lives on until the client is freed: a request of another
	 * thread may be signing with it */
	o->signer = atomic_exchange(&c->signer, sg);
	o->next = c->old;
	c->old = o;
	rec->ok = 1;
	rec->expires_s = c->creds->expires_s;
}

/* note: rec into c's log and schedule (k->lock held). */
static void note(struct s3_client *c, const struct s3_refresh *rec)
{
	struct s3_refresher *k = c->keys;
	int64_t now = rec->at_ns / 1000000000;

	k->log[k->n % S3_REFRESH_LOG] = *rec;
	k->n++;
	if (rec->ok) {
		k->why[0] = '\0';
		atomic_store(&k->expires_s, c->creds->expires_s);
		k->next_s = creds_refresh_at(c->creds);
		return;
	}
	k->failed++;
	snprintf(k->why, sizeof(k->why), "%s", rec->error);
	k->next_s = retry_at(now, atomic_load(&k->expires_s));
}

static void *refresher(void *arg)
{
	struct s3_client *c = arg;
	struct s3_refresher *k = c->keys;

	pthread_mutex_lock(&k->lock);
	while (!k->stop) {
		struct s3_refresh rec;
		struct timespec until = {(time_t)k->next_s, 0};

		if (k->next_s == 0 || time(NULL) < k->next_s) {
			if (k->next_s == 0)
				pthread_cond_wait(&k->wake, &k->lock);
			else
				pthread_cond_timedwait(&k->wake, &k->lock, &until);
			continue;
		}
		pthread_mutex_unlock(&k->lock);
		fetch(c, &rec);
		pthread_mutex_lock(&k->lock);
		note(c, &rec);
	}
	pthread_mutex_unlock(&k->lock);
	return NULL;
}

int s3_keys_start(struct s3_client *c, struct err *e)
{
	struct s3_refresher *k;

	if (creds_refresh_at(c->creds) == 0)
		return 0;
	k = calloc(1, sizeof(*k));
	if (k == NULL)
		return err_set(e, "out of memory");
	pthread_mutex_init(&k->lock, NULL);
	pthread_cond_init(&k->wake, NULL);
	k->next_s = creds_refresh_at(c->creds);
	atomic_store(&k->expires_s, c->creds->expires_s);
	c->keys = k;
	if (pthread_create(&k->th, NULL, refresher, c) != 0) {
		s3_keys_stop(c);
		return err_set(e, "cannot start the credentials' refresher thread");
	}
	k->started = 1;
	return 0;
}

void s3_keys_stop(struct s3_client *c)
{
	struct s3_refresher *k = c->keys;

	if (k == NULL)
		return;
	if (k->started) {
		pthread_mutex_lock(&k->lock);
		k->stop = 1;
		pthread_cond_signal(&k->wake);
		pthread_mutex_unlock(&k->lock);
		pthread_join(k->th, NULL);
	}
	pthread_cond_destroy(&k->wake);
	pthread_mutex_destroy(&k->lock);
	free(k);
	c->keys = NULL;
}

size_t s3_client_refreshes(struct s3_client *c, struct s3_refresh *out, size_t max, uint64_t *total,
			   uint64_t *failed)
{
	struct s3_refresher *k = c ? c->keys : NULL;
	size_t n = 0;

	if (total != NULL)
		*total = 0;
	if (failed != NULL)
		*failed = 0;
	if (k == NULL)
		return 0;
	pthread_mutex_lock(&k->lock);
	for (uint64_t i = k->n > S3_REFRESH_LOG ? k->n - S3_REFRESH_LOG : 0; i < k->n && n < max;
	     i++)
		out[n++] = k->log[i % S3_REFRESH_LOG];
	if (total != NULL)
		*total = k->n;
	if (failed != NULL)
		*failed = k->failed;
	pthread_mutex_unlock(&k->lock);
	return n;
}

int s3_client_creds_expired(struct s3_client *c, char *buf, size_t n)
{
	struct s3_refresher *k = c ? c->keys : NULL;
	int64_t exp = k ? atomic_load(&k->expires_s) : 0;
	char when[RFC3339_MAX];

	if (exp == 0 || time(NULL) < exp)
		return 0;
	rfc3339_format(when, sizeof(when), exp * 1000000000);
	pthread_mutex_lock(&k->lock);
	snprintf(buf, n, "credentials (%s) expired at %s; %s%s", c->creds->source, when,
		 k->why[0] ? "the last refresh failed: " : "no refresh replaced them in time",
		 k->why);
	pthread_mutex_unlock(&k->lock);
	return 1;
}

/* collect/s3/s3_keys.c: the S3 client's keys kept fresh (s3_int.h): temporary
 * credentials fetched again before they expire, the signer replaced. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "collect/s3/creds.h"
#include "collect/s3/s3_int.h"
#include "collect/s3/sigv4.h"
#include "core/err.h"

/* s3_keep_fresh (s3_int.h): temporary credentials close to their expiry are fetched again (by one
 * thread; the others go on with the current signer meanwhile) and a new signer takes
 * their place. A failed fetch is tried again a second later; the old keys serve until
 * the server refuses them. */
void s3_keep_fresh(struct s3_client *c)
{
	int64_t at = atomic_load(&c->refresh_at), now = time(NULL);
	struct s3_old_signer *o;
	struct sigv4_signer *sg;
	struct err e;

	if (at == 0 || now < at || pthread_mutex_trylock(&c->refresh_lock) != 0)
		return;
	if (time(NULL) >= atomic_load(&c->refresh_at)) {
		o = calloc(1, sizeof(*o));
		sg = NULL;
		if (o != NULL && creds_refresh(c->creds, &e) == 0)
			sg = sigv4_signer_new(c->creds->access_key, c->creds->secret_key,
					      c->creds->token, c->region, "s3", &e);
		if (sg != NULL) {
			o->signer = atomic_exchange(&c->signer, sg);
			o->next = c->old;
			c->old = o;
			atomic_store(&c->refresh_at, creds_refresh_at(c->creds));
		} else {
			/* at most once a second; never a key in e */
			fprintf(stderr,
				"collect: credentials (%s): %s; the current keys serve "
				"until they expire\n",
				c->creds->source, o == NULL ? "out of memory" : e.msg);
			free(o);
			atomic_store(&c->refresh_at, (int64_t)time(NULL) + 1);
		}
	}
	pthread_mutex_unlock(&c->refresh_lock);
}

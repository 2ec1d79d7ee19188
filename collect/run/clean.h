/* collect/run/clean.h: delete what killed runs left in their buckets, found from the records
 * in their run directories.
 *
 * While a run is unfinished its directory holds two records: `.prefix` (the run's S3 key
 * prefix, one line, written before the run starts) and `.subject.json` (where that prefix
 * lives: endpoint, region, bucket, addressing, TLS checking, and how the credentials are
 * found: never a key; clean_record_subject, called by runner_exec). Both are removed with
 * the run's temporary files once its run.json is written (outdir_remove_temps), so a
 * directory that still holds them after its collector is gone belongs to a run killed
 * before it could clean up; its objects and incomplete multipart uploads may remain.
 *
 *   collect clean DIR | CAMPAIGN.ini [-o DIR]   clean_main: every record under DIR
 *   collect run ... -o DIR                      clean_earlier_run: DIR's own record,
 *                                               before the new run starts there
 * Deleting is collect/s3/sweep.h (uploads aborted, then objects deleted). */
#ifndef COLLECT_CLEAN_H
#define COLLECT_CLEAN_H

#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "core/err.h"

#define CLEAN_SUBJECT_FILE ".subject.json"
#define CLEAN_PREFIX_FILE ".prefix"

/* clean_record_subject: write DIR/.subject.json for subject s and the run's workload wl
 * (atomically): beside the subject, every bucket of the run ("buckets": the names,
 * workload_bucket_name), its key prefixes ("key_prefixes": "p000/" ..., [""] for one:
 * each goes before the run's prefix of .prefix) and the buckets its prepare created
 * ("created": names; created NULL: none yet; created[i] for bucket i). -1 with a message
 * when it cannot be written. */
int clean_record_subject(const char *dir, const struct campaign_subject *s,
			 const struct workload *wl, const unsigned char *created, struct err *e);

/* clean_recorded_created: the buckets DIR/.subject.json says the run created, as flags
 * over the nb buckets over base (created[i] for workload_bucket_name(base, i)); none set
 * when there is no record or it names none. */
void clean_recorded_created(const char *dir, const char *base, int nb, unsigned char *created);

/* clean_earlier_run: before a `collect run` starts in dir (whose lock the caller holds),
 * delete what an earlier, killed `collect run` in dir left under the prefix it recorded
 * there. Says what it deleted, or why it could not, on msgs (one line); does nothing when
 * dir holds no record. The records themselves are left to the caller, which clears the
 * directory's temporary files next. */
void clean_earlier_run(const char *dir, FILE *msgs);

/* clean_main: `collect clean` with its arguments (argv[0] is "clean"). Prints one line per
 * recorded prefix to stdout (objects deleted, uploads aborted) and removes the records of
 * the prefixes it emptied, so a second call finds nothing to do. Returns the exit code:
 * 0 every recorded prefix emptied (or none recorded), 1 some could not be (named on
 * stderr; their records are kept for another try), 2 usage error or no such directory,
 * 3 the directory is locked by a collector working in it. */
int clean_main(int argc, char **argv);

#endif

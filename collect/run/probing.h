/* collect/run/probing.h: the conformance probe (collect/probe/probe.h) and the
 * consistency probes (collect/consist/consist.h) of a subject with the subject's
 * credentials and client configuration, for `collect probe`, `collect consistency` and a
 * campaign's [probe] and [consistency] (docs/CAMPAIGN.md), each kind as a probing_kind,
 * the doors of the campaign's walk over its subjects and of its command; and the two
 * commands, their flags read by one parser (the subject's by collect/run/subjflag.h, as
 * `collect run`'s) and run by one function. */
#ifndef COLLECT_RUN_PROBING_H
#define COLLECT_RUN_PROBING_H

#include <getopt.h>
#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "collect/s3/awsconf.h"
#include "collect/consist/consist.h"
#include "collect/probe/probe.h"

/* probing_subject: probe subject s with o into *out (its id, endpoint and bucket always);
 * 0, or -1 with a message naming the subject (no credentials, no client, the bucket
 * unreachable), also in out->error. */
int probing_subject(const struct campaign_subject *s, const struct probe_opts *o,
		    struct probe_report *out, struct err *e);

/* consisting_subject: the consistency probes of subject s with o into *out (as
 * probing_subject; free out with consist_report_free). */
int consisting_subject(const struct campaign_subject *s, const struct consist_opts *o,
		       struct consist_report *out, struct err *e);

/* A kind of probe ([probe]: the conformance probe, collect/probe/probe.h; [consistency]:
 * the consistency probes, collect/consist/consist.h): its word (in messages, a command's
 * name and its key prefix "s3bench-WORD/CAMPAIGN/SUBJECT/"), its file, a report's bytes,
 * and its doors: whether campaign c asks for it, subject s probed into report rep (zeroed
 * here) with the campaign's options and the key prefix (run) or with the kind's own
 * options (one, as probing_subject), the report's bill, the report printed (as
 * probe_print), the file of n reports written in dir (0, or -1 with a message), a
 * report's memory freed (NULL: none). */
struct probing_kind {
	const char *word, *file;
	size_t size;
	int (*asked)(const struct campaign *c);
	int (*run)(const struct campaign *c, const struct campaign_subject *s, const char *prefix,
		   void *rep, struct err *e);
	int (*one)(const struct campaign_subject *s, const void *opts, void *rep, struct err *e);
	const struct bill_counts *(*bill)(const void *rep);
	void (*print)(FILE *f, const void *rep);
	int (*write)(const char *dir, const void *reps, size_t n, struct err *e);
	void (*free_rep)(void *rep);
};

/* probing_conformance: [probe] (probe.json); probing_consistency: [consistency]
 * (consistency.json). */
extern const struct probing_kind probing_conformance, probing_consistency;

#define PROBING_OWN_MAX 8 /* a probe command's own flags, at the most */

/* A probe command's doors: its kind (its word: the messages' and the subject's default
 * id), its own flags (getopt_long rows, the unused ones zero) beside those of every probe command
 * (the subject's --endpoint, --bucket, --region, --path-style, --insecure, --ca-bundle,
 * --id, and -o/--output, --help), the reading of one of its own flags ch with value v into
 * opts, and the check of its flags together once all are read (NULL: none). Each door
 * returns 0, or EXITCODE_USAGE after saying why. */
struct probing_cmd {
	const struct probing_kind *kind;
	struct option own[PROBING_OWN_MAX];
	int (*flag)(int ch, char *v, void *opts);
	int (*done)(const void *opts);
};

/* probing_command: `collect probe` or `collect consistency`: argv of command c into opts
 * (through c's doors; opts holds the command's defaults), the subject completed as for
 * `collect run` (endpoint, region and credentials from the environment and the AWS files),
 * its addressing and CA bundle defaulted; then the subject probed with opts, the report
 * printed on stdout and, with -o DIR, written as DIR/FILE. The exit status: EXITCODE_OK
 * (also after printing the usage for --help), EXITCODE_USAGE after saying why the flags
 * will not do (an unknown option, an argument left over, no bucket, no endpoint, a door's
 * refusal; a bad endpoint named by its source, --endpoint or the variable or file:
 * subjflag_complete), EXITCODE_PARTIAL after saying why the probe or the file failed. */
int probing_command(int argc, char **argv, const struct probing_cmd *c, void *opts);

#endif

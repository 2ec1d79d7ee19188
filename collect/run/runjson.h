/* collect/run/runjson.h: a run's record: the child's state file and the parent's run.json.
 *
 * The run's child process writes RUNDIR/.state.json (atomically, after every phase
 * change and once more with its final result) so the parent knows how far the child got
 * even when it dies. After the child ends, the parent writes RUNDIR/run.json
 * (docs/FORMATS.md, "s3bench-run/1") with a temporary name and a rename, then removes
 * the state file. Both are records of core/runrec/runrec.h, the codec analyze reads
 * run.json with. No credential is ever part of either file. */
#ifndef COLLECT_RUNJSON_H
#define COLLECT_RUNJSON_H

#include <jansson.h>
#include <stdint.h>

#include "collect/campaign/campaign.h"
#include "collect/engine/engine.h"
#include "collect/run/clientres.h"
#include "core/err.h"
#include "core/errclass.h"
#include "core/price.h"
#include "core/runrec/runrec.h"
#include "core/version.h"

#define RUNJSON_STATE_FILE ".state.json"

/* What the child reports. The phases (enum run_phase, enum phase_state) and the records
 * are run.json's (core/runrec/runrec.h). */
struct run_state {
	enum phase_state phase[PHASE_COUNT];
	int finished; /* the child wrote its final result */
	enum err_class cls;
	uint64_t errors;
	int n_first;
	char first[ENGINE_FIRST_ERRORS][256];
	json_t *summary;      /* owned; NULL when the benchmark gave none */
	double cpu_s;         /* client CPU of the benchmark phase (0: unknown) */
	double cpu_us_per_op; /* cpu_s per request, microseconds */
	/* billable counts and retries per phase (collect/run/billing.h) */
	struct runrec_billing billing;
	int has_client; /* the "client" record (collect/run/clientres.h) was measured */
	struct runrec_clientres client;
	int auto_stop;       /* duration = auto: how the benchmark stopped */
	int steady;          /* 1: steady; 0: at max_duration */
	double stopped_s;    /* seconds from the benchmark's start */
	int reads_exhausted; /* reads = once: the objects ran out before the bound */
	int has_transport;   /* the benchmark ran: run.json's "transport" */
	struct runrec_transport transport;
	int has_payload; /* bodies were sent: run.json's "payload" (the certificate) */
	struct runrec_payload payload;
	int has_calibration; /* a reads = once get calibrated: run.json's "calibration" */
	struct runrec_calibration calibration;
	int has_versioning; /* the prepare asked the buckets: run.json's "versioning"
			       (collect/run/versions.h) */
	struct runrec_versioning versioning;
	int has_credentials; /* keys were loaded: run.json's "credentials"
				(collect/run/subject.h, subject_creds_record) */
	struct runrec_credentials credentials;
};

/* run_state_init: all phases not reached, no result. */
void run_state_init(struct run_state *st);
/* run_state_clear: release st->summary. */
void run_state_clear(struct run_state *st);
/* run_state_add_error: keep the text among the first ENGINE_FIRST_ERRORS (cut at 255
 * bytes; what is not UTF-8 in it replaced with '?': core/utf8.h). */
void run_state_add_error(struct run_state *st, const char *text);
/* run_state_add_transport: a distributed run's client's "transport" (when it has one)
 * added to st's: counts summed, its addresses and TLS pairs merged into st's (new ones
 * while there is room), its connections appended while there is room (their numbers
 * plus rank * OPS_CONN_RANK, as the merged ops log has them), the rest counted. */
void run_state_add_transport(struct run_state *st, const struct run_state *client, int rank);

/* run_state_write: write st to DIR/.state.json atomically: a run.json record of what the
 * child knows (its status only once it finished). */
int run_state_write(const char *dir, const struct run_state *st, struct err *e);
/* run_state_read: read DIR/.state.json into st (initialised first); -1 with a message
 * when it is absent or unreadable (st then stays initialised). */
int run_state_read(const char *dir, struct run_state *st, struct err *e);

/* run_state_record: the members of r the child's state says (phases, errors, cpu, stop,
 * reads_exhausted, calibration, versioning, credentials, transport, billing, phase_retries, client, summary; status complete
 * with a summary, else failed); r's other members are left as they are. The strings
 * point into st. run_state_from_record: those members of r back into st (initialised
 * first; the summary referenced; finished when r has a status). */
void run_state_record(const struct run_state *st, struct runrec *r);
void run_state_from_record(const struct runrec *r, struct run_state *st);

/* The wrapper's view of the run's child process. */
struct run_wrapper {
	int64_t started_ns, ended_ns; /* Unix ns */
	double elapsed_s;
	int exited; /* 1: exit_code is valid; 0: killed by `signal` */
	int exit_code;
	int signal;
	int timed_out;
	int interrupted; /* SIGINT/SIGTERM stopped the collector in this run */
};

/* run_wrapper_record / run_wrapper_from_record: w as run.json's "wrapper" record and back. */
void run_wrapper_record(const struct run_wrapper *w, struct runrec_wrapper *out);
void run_wrapper_from_record(const struct runrec_wrapper *r, struct run_wrapper *w);

/* Everything run.json is made of. Pointers are borrowed. */
struct runjson_input {
	const struct campaign *campaign; /* NULL for a single `collect run` */
	int cycle;                       /* 0: a one-off or single run (null) */
	const struct campaign_subject *subject;
	const struct workload *wl;
	double timeout_s;
	const struct run_state *st;
	const struct run_wrapper *wrapper;
	enum err_class cls;                   /* the run's final class */
	int complete;                         /* status complete (summary written) */
	const struct runrec_clients *clients; /* "clients" (collect/run/clients.h); NULL: none */
	/* the client machine as the campaign or the flags describe it (the run's client record
	 * uses it) */
	struct clientres_opts client;
};

/* runjson_build: the run.json object (new reference), every field there, or NULL with
 * a message naming the field that could not be built: "subject.label: not UTF-8 (byte
 * 0xE9 at position 4)", "campaign.client: not UTF-8 (...)", "KEY: cannot be built (...)"
 * (no field is ever left out). The error texts are UTF-8 already (run_state_add_error). */
json_t *runjson_build(const struct runjson_input *in, struct err *e);

/* runjson_write: write obj to DIR/run.json atomically (indented, in the order built). */
int runjson_write(const char *dir, const json_t *obj, struct err *e);

/* What DIR/run.json says of a recorded run (the one place run.json is read back). */
struct runjson_status {
	int complete;    /* status "complete" */
	int interrupted; /* wrapper.interrupted: the collector was stopped in this run */
	int budget;      /* errors.class "budget": not run for max_cost (--resume runs it) */
	struct bill_counts bill;      /* "billing", all phases summed (zero when absent) */
	char cls[32];                 /* errors.class ("" when none) */
	char first[256];              /* errors.first[0] ("" when none) */
	double elapsed_s;             /* wrapper.elapsed_s */
	int64_t started_ns, ended_ns; /* wrapper.started, wrapper.ended (0 when unreadable) */
	struct prices prices;         /* "prices" that applied (price_init when none) */
};

/* runjson_read_status: read DIR/run.json into *out. 0, or -1 when it is absent or not
 * JSON (message in e, which may be NULL; *out then says failed, not interrupted). */
int runjson_read_status(const char *dir, struct runjson_status *out, struct err *e);

/* runjson_read_record: runjson_read_status, and in *conditions (when not NULL; a new
 * reference, NULL when the file is unreadable) what the run was measured with:
 * {"workload": run.json's workload, "subject": its subject} (null members when absent). */
int runjson_read_record(const char *dir, struct runjson_status *out, json_t **conditions,
			struct err *e);

#endif

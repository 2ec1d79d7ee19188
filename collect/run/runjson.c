/* collect/run/runjson.c: see runjson.h. The records are filled here and written by
 * core/runrec/runrec.h. */
#include "collect/run/runjson.h"

#include <curl/curl.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <zstd.h>

#include "collect/campaign/plan.h"
#include "collect/run/subject.h"
#include "collect/workload.h"
#include "core/climit.h"
#include "core/opslog.h"
#include "core/utf8.h"
#include "core/tzone.h"

void run_state_init(struct run_state *st)
{
	memset(st, 0, sizeof(*st));
}

void run_state_clear(struct run_state *st)
{
	json_decref(st->summary);
	st->summary = NULL;
}

void run_state_add_error(struct run_state *st, const char *text)
{
	if (st->n_first >= ENGINE_FIRST_ERRORS || text == NULL || text[0] == '\0')
		return;
	/* a server's text, or one cut at the buffer's size inside a character: scrubbed, so
	 * that run.json can always hold it */
	snprintf(st->first[st->n_first], sizeof(st->first[0]), "%s", text);
	utf8_scrub(st->first[st->n_first++]);
}

/* add_address: one address's figures added to t's (a new entry while there is room). */
static void add_address(struct runrec_transport *t, const struct runrec_address *a)
{
	int i;

	for (i = 0; i < t->n_addr && strcmp(t->addr[i].address, a->address) != 0; i++)
		;
	if (i == t->n_addr && i < RUNREC_ADDRS_MAX)
		t->addr[t->n_addr++] = (struct runrec_address){.requests = 0};
	if (i < t->n_addr) {
		memcpy(t->addr[i].address, a->address, sizeof(a->address));
		t->addr[i].requests += a->requests;
		t->addr[i].bytes += a->bytes;
	}
}

static void add_tls(struct runrec_transport *t, const struct runrec_tls *x)
{
	int i;

	for (i = 0; i < t->n_tls && (strcmp(t->tls[i].version, x->version) != 0 ||
				     strcmp(t->tls[i].cipher, x->cipher) != 0);
	     i++)
		;
	if (i == t->n_tls && i < RUNREC_TLS_MAX)
		t->tls[t->n_tls++] = (struct runrec_tls){.connections = 0};
	if (i < t->n_tls) {
		memcpy(t->tls[i].version, x->version, sizeof(x->version));
		memcpy(t->tls[i].cipher, x->cipher, sizeof(x->cipher));
		t->tls[i].connections += x->connections;
	}
}

/* add_conns: client c's connections (of rank `rank`) after t's while there is room. */
static void add_conns(struct runrec_transport *t, const struct runrec_transport *c, int rank)
{
	for (int i = 0; i < c->n_conn; i++) {
		if (t->n_conn == RUNREC_CONNS_MAX) {
			t->conns_more++;
			continue;
		}
		t->conn[t->n_conn] = c->conn[i];
		t->conn[t->n_conn++].id += (int64_t)((uint64_t)rank * OPS_CONN_RANK);
	}
	t->conns_more += c->conns_more;
}

void run_state_add_transport(struct run_state *st, const struct run_state *client, int rank)
{
	struct runrec_transport *t = &st->transport;
	const struct runrec_transport *c = &client->transport;

	if (!client->has_transport)
		return;
	st->has_transport = 1;
	t->http11 += c->http11;
	t->http2 += c->http2;
	t->http_other += c->http_other;
	for (int i = 0; i < c->n_addr; i++)
		add_address(t, &c->addr[i]);
	for (int i = 0; i < c->n_tls; i++)
		add_tls(t, &c->tls[i]);
	t->nodelay_on += c->nodelay_on;
	t->nodelay_off += c->nodelay_off;
	add_conns(t, c, rank);
}

void run_state_record(const struct run_state *st, struct runrec *r)
{
	memcpy(r->phase, st->phase, sizeof(r->phase));
	r->errors.count = (int64_t)st->errors;
	r->errors.cls = st->cls != EC_NONE ? err_class_name(st->cls) : NULL;
	r->errors.n_first = st->n_first;
	for (int i = 0; i < st->n_first && i < RUNREC_FIRST_MAX; i++)
		r->errors.first[i] = st->first[i];
	r->has_cpu = st->cpu_s > 0;
	r->cpu_benchmark_s = st->cpu_s;
	r->cpu_us_per_request = st->cpu_us_per_op;
	r->has_stop = st->auto_stop;
	r->steady = st->steady;
	r->stop_at_s = st->stopped_s;
	r->reads_exhausted = st->reads_exhausted;
	r->has_payload = st->has_payload;
	r->payload = st->payload;
	r->has_calibration = st->has_calibration;
	r->calibration = st->calibration;
	r->has_versioning = st->has_versioning;
	r->versioning = st->versioning;
	r->has_credentials = st->has_credentials;
	r->credentials = st->credentials;
	r->has_transport = st->has_transport;
	r->transport = st->transport;
	r->billing = st->billing;
	r->has_client = st->has_client;
	r->client = st->client;
	r->summary = st->summary;
	r->status = st->summary != NULL ? RUNREC_COMPLETE : RUNREC_FAILED;
}

void run_state_from_record(const struct runrec *r, struct run_state *st)
{
	int c;

	run_state_init(st);
	memcpy(st->phase, r->phase, sizeof(st->phase));
	st->finished = !(r->absent & RUNREC_BIT(RUNREC_STATUS));
	c = r->errors.cls != NULL ? err_class_parse(r->errors.cls) : EC_NONE;
	st->cls = c < 0 ? EC_CRASHED : (enum err_class)c;
	st->errors = (uint64_t)r->errors.count;
	for (int i = 0; i < r->errors.n_first; i++)
		run_state_add_error(st, r->errors.first[i]);
	st->cpu_s = r->has_cpu ? r->cpu_benchmark_s : 0;
	st->cpu_us_per_op = r->has_cpu ? r->cpu_us_per_request : 0;
	st->auto_stop = r->has_stop;
	st->steady = r->steady;
	st->stopped_s = r->stop_at_s;
	st->reads_exhausted = r->reads_exhausted;
	st->has_payload = r->has_payload;
	st->payload = r->payload;
	st->has_calibration = r->has_calibration;
	st->calibration = r->calibration;
	st->has_versioning = r->has_versioning;
	st->versioning = r->versioning;
	st->has_credentials = r->has_credentials;
	st->credentials = r->credentials;
	st->has_transport = r->has_transport;
	st->transport = r->transport;
	st->billing = r->billing;
	st->has_client = r->has_client;
	st->client = r->client;
	st->summary = r->summary != NULL ? json_incref((json_t *)r->summary) : NULL;
}

/* The members of the state file: the child's own (run_state_record), and format. */
static const uint64_t state_members = RUNREC_BIT(RUNREC_FORMAT) | RUNREC_BIT(RUNREC_PHASES) |
				      RUNREC_BIT(RUNREC_ERRORS) | RUNREC_BIT(RUNREC_CPU) |
				      RUNREC_BIT(RUNREC_STOP) | RUNREC_BIT(RUNREC_READS_EXHAUSTED) |
				      RUNREC_BIT(RUNREC_CALIBRATION) |
				      RUNREC_BIT(RUNREC_VERSIONING) |
				      RUNREC_BIT(RUNREC_CREDENTIALS) |
				      RUNREC_BIT(RUNREC_TRANSPORT) | RUNREC_BIT(RUNREC_PAYLOAD) |
				      RUNREC_BIT(RUNREC_BILLING) |
				      RUNREC_BIT(RUNREC_PHASE_RETRIES) | RUNREC_BIT(RUNREC_CLIENT) |
				      RUNREC_BIT(RUNREC_STATUS) | RUNREC_BIT(RUNREC_SUMMARY);

int run_state_write(const char *dir, const struct run_state *st, struct err *e)
{
	/* on the stack: the state is saved at every phase, also when memory is short */
	struct runrec r;

	runrec_init(&r);
	r.absent = ~state_members;
	if (!st->finished) /* a status once the child finished */
		r.absent |= RUNREC_BIT(RUNREC_STATUS);
	run_state_record(st, &r);
	return runrec_write(&r, dir, RUNJSON_STATE_FILE, 1, e);
}

int run_state_read(const char *dir, struct run_state *st, struct err *e)
{
	char path[4096];
	struct runrec r; /* on the stack: the parent reads the child's result also when
			    memory is short */

	run_state_init(st);
	snprintf(path, sizeof(path), "%s/%s", dir, RUNJSON_STATE_FILE);
	if (runrec_load(path, &r, e) < 0)
		return -1;
	run_state_from_record(&r, st);
	runrec_clear(&r);
	return 0;
}

void run_wrapper_record(const struct run_wrapper *w, struct runrec_wrapper *out)
{
	memset(out, 0, sizeof(*out));
	out->started_ns = w->started_ns;
	runrec_local_of(w->started_ns, &out->local);
	out->ended_ns = w->ended_ns;
	out->elapsed_s = w->elapsed_s;
	out->exit_code = w->exited ? w->exit_code : RUNREC_NULL_INT;
	out->signal = w->signal;
	out->timed_out = w->timed_out;
	out->interrupted = w->interrupted;
}

void run_wrapper_from_record(const struct runrec_wrapper *r, struct run_wrapper *w)
{
	memset(w, 0, sizeof(*w));
	w->started_ns = r->started_ns;
	w->ended_ns = r->ended_ns;
	w->elapsed_s = r->elapsed_s;
	w->exited = r->exit_code != RUNREC_NULL_INT;
	w->exit_code = w->exited ? (int)r->exit_code : 0;
	w->signal = (int)r->signal;
	w->timed_out = r->timed_out;
	w->interrupted = r->interrupted;
}

/* tool_record: this program and the libraries it runs with. */
static void tool_record(struct runrec_tool *t)
{
	const curl_version_info_data *cv = curl_version_info(CURLVERSION_NOW);

	*t = (struct runrec_tool){.name = "s3bench",
				  .version = S3BENCH_VERSION,
				  .libcurl = cv && cv->version ? cv->version : "unknown",
				  .openssl = OpenSSL_version(OPENSSL_VERSION),
				  .libzstd = ZSTD_versionString(),
				  .jansson = JANSSON_VERSION};
}

#define MODEL_MAX 256

/* cpu_model: the first "model name" of /proc/cpuinfo into buf (MODEL_MAX bytes); NULL when
 * there is none (some architectures name their CPUs otherwise). */
static const char *cpu_model(char *buf)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	const char *found = NULL;

	if (f == NULL)
		return NULL;
	while (found == NULL && fgets(line, sizeof(line), f) != NULL) {
		char *colon = strchr(line, ':');
		size_t n;

		if (strncmp(line, "model name", 10) != 0 || colon == NULL)
			continue;
		colon += strspn(colon + 1, " \t") + 1;
		n = strcspn(colon, "\n");
		if (n > 0) {
			snprintf(buf, MODEL_MAX, "%.*s", (int)n, colon);
			found = buf;
		}
	}
	fclose(f);
	return found;
}

/* host_record: this machine (u: its uname, filled here; hostname and os null and
 * machine left out when uname fails; model: MODEL_MAX bytes for its CPU model). */
static void host_record(struct utsname *u, char *os, size_t n, char *model, struct runrec_host *h)
{
	memset(h, 0, sizeof(*h));
	h->cpus = sysconf(_SC_NPROCESSORS_ONLN);
	h->cpu_model = cpu_model(model);
	if (uname(u) < 0)
		return;
	snprintf(os, n, "%s %s", u->sysname, u->release);
	h->hostname = u->nodename;
	h->os = os;
	h->machine = u->machine;
}

static void campaign_record(const struct campaign *c, struct runrec_campaign *out)
{
	*out = (struct runrec_campaign){.name = c->name,
					.title = c->title,
					.client = c->client,
					.file = "campaign.ini",
					.order = campaign_order_name(c->order),
					.cycles = c->cycles,
					.p99_limit_ms = c->p99_limit_ms > 0 ? c->p99_limit_ms : 0,
					.cost_example = c->cost_example,
					.vantage = c->vantage};
}

static void subject_record(const struct campaign_subject *s, char *note, size_t n,
			   struct runrec_subject *out)
{
	static const char *cred[] = {"default", "profile", "env"};
	/* a dotted bucket over HTTPS goes path-style (collect/s3/s3.h, s3_bucket_path_style) */
	int dotted = subject_addressing_note(s, note, n) != NULL;

	*out = (struct runrec_subject){.id = s->id,
				       .label = s->label,
				       .endpoint = s->endpoint,
				       .region = s->region,
				       .bucket = s->bucket,
				       .addressing = s->path_style ? "path" : "virtual",
				       .color = s->color,
				       .insecure = s->insecure,
				       .credentials = cred[s->cred_kind],
				       .ca_bundle = s->ca_bundle,
				       .addressing_used = s->path_style || dotted ? "path"
										  : "virtual"};
}

/* client_limit: the verdict of the run's client record with collect's thresholds; a
 * distributed run's is that of all its clients' verdicts (r->clients: limited when any
 * client was, climit_combine). */
static void client_limit(const struct runjson_input *in, struct runrec *r)
{
	const struct run_state *st = in->st;
	struct run_summary s;
	int has_rate;

	for (size_t i = 0; r->has_clients && i < r->clients.n_list; i++)
		if (r->clients.list[i].has_limit) {
			climit_combine(&r->client_limit, &r->clients.list[i].limit,
				       !r->has_client_limit);
			r->has_client_limit = 1;
		}
	if (r->has_client_limit)
		return;
	has_rate = st->summary != NULL && summary_from_json(st->summary, &s, NULL) == 0;
	r->has_client_limit = climit_judge(&st->client, has_rate && s.has_rate ? &s.rate : NULL,
					   workload_workers(in->wl), NULL, &r->client_limit,
					   NULL) > 0;
	if (has_rate)
		summary_clear(&s);
}

/* provider_local: the run's start in its subject's tz (wrapper.provider_local), when the
 * subject names one. */
static void provider_local(const struct campaign_subject *sub, struct runrec_wrapper *w)
{
	struct runrec_local *l = &w->provider_local;
	int h, d, off;

	if (sub == NULL || sub->tz == NULL || w->started_ns <= 0 ||
	    tzone_local(sub->tz, w->started_ns / 1000000000LL, &h, &d, &off) < 0)
		return;
	*l = (struct runrec_local){1, h, d, off, sub->tz};
}

/* build: the record of in into *r (its strings point into in and into u, os, note, model). */
static int build(const struct runjson_input *in, struct runrec *r, struct utsname *u, char *os,
		 char *note, char *model)
{
	const struct run_state *st = in->st;

	runrec_init(r);
	run_state_record(st, r);
	tool_record(&r->tool);
	host_record(u, os, 600, model, &r->host);
	r->has_campaign = in->campaign != NULL;
	if (in->campaign != NULL)
		campaign_record(in->campaign, &r->campaign);
	r->cycle = in->cycle > 0 ? in->cycle : 0;
	subject_record(in->subject, note, 512, &r->subject);
	workload_record(in->wl, in->timeout_s, &r->workload);
	run_wrapper_record(in->wrapper, &r->wrapper);
	provider_local(in->subject, &r->wrapper);
	r->errors.cls = in->cls != EC_NONE ? err_class_name(in->cls) : NULL;
	r->has_clients = in->clients != NULL;
	if (in->clients != NULL && runrec_clients_copy(&r->clients, in->clients, NULL) < 0)
		return -1;
	r->has_prices = in->subject->prices.given;
	r->prices = in->subject->prices;
	if (st->has_client)
		client_limit(in, r);
	r->status = in->complete ? RUNREC_COMPLETE : RUNREC_FAILED;
	r->summary = in->complete ? st->summary : NULL;
	return 0;
}

/* campaign_check_utf8: the campaign's texts that run.json carries are UTF-8; -1 naming the
 * first that is not. */
static int campaign_check_utf8(const struct campaign *c, struct err *e)
{
	const char *name[] = {"name", "title", "client", "cost_example", "vantage"};
	const char *val[] = {c->name, c->title, c->client, c->cost_example, c->vantage};
	char at[64];

	for (int i = 0; i < 5; i++)
		if (val[i] != NULL && !utf8_valid(val[i], strlen(val[i]), NULL))
			return err_set(e, "campaign.%s: not UTF-8 (%s)", name[i],
				       utf8_describe(val[i], at, sizeof(at)));
	return 0;
}

/* The members every run.json has (the others are left out when they do not apply). */
static const char *const always[] = {"format",  "tool",    "host",     "campaign",
				     "cycle",   "subject", "workload", "phases",
				     "wrapper", "errors",  "status"};

json_t *runjson_build(const struct runjson_input *in, struct err *e)
{
	struct runrec *r;
	struct utsname u;
	char os[600], note[512], model[MODEL_MAX];
	json_t *o = NULL;

	if ((in->campaign != NULL && campaign_check_utf8(in->campaign, e) < 0) ||
	    subject_check_utf8(in->subject, e) < 0)
		return NULL;
	if ((r = malloc(sizeof(*r))) == NULL) {
		err_set(e, "out of memory");
		return NULL;
	}
	if (build(in, r, &u, os, note, model) == 0)
		o = runrec_to_json(r);
	runrec_clear(r);
	free(r);
	if (o == NULL) {
		err_set(e, "cannot be built (out of memory)");
		return NULL;
	}
	for (size_t i = 0; i < sizeof(always) / sizeof(always[0]); i++)
		if (json_object_get(o, always[i]) == NULL) {
			err_set(e,
				"%s: cannot be built (out of memory, or a text that is not UTF-8)",
				always[i]);
			json_decref(o);
			return NULL;
		}
	return o;
}

int runjson_write(const char *dir, const json_t *obj, struct err *e)
{
	return runrec_write_json(obj, dir, "run.json", 0, e);
}

int runjson_read_status(const char *dir, struct runjson_status *out, struct err *e)
{
	return runjson_read_record(dir, out, NULL, e);
}

int runjson_read_record(const char *dir, struct runjson_status *out, json_t **conditions,
			struct err *e)
{
	char path[4096];
	struct runrec *r = malloc(sizeof(*r));
	json_t *j;

	memset(out, 0, sizeof(*out));
	price_init(&out->prices);
	if (conditions != NULL)
		*conditions = NULL;
	if (r == NULL)
		return err_set(e, "%s: out of memory", dir);
	if ((snprintf(path, sizeof(path), "%s/run.json", dir) >= (int)sizeof(path) &&
	     err_set(e, "%s/run.json: path too long", dir)) ||
	    runrec_load(path, r, e) < 0) {
		free(r);
		return -1;
	}
	out->complete = r->status != NULL && strcmp(r->status, RUNREC_COMPLETE) == 0;
	out->interrupted = r->wrapper.interrupted;
	out->budget = r->errors.cls != NULL && err_class_parse(r->errors.cls) == EC_BUDGET;
	snprintf(out->cls, sizeof(out->cls), "%s", r->errors.cls != NULL ? r->errors.cls : "");
	snprintf(out->first, sizeof(out->first), "%s",
		 r->errors.n_first > 0 && r->errors.first[0] != NULL ? r->errors.first[0] : "");
	out->elapsed_s = r->wrapper.elapsed_s;
	out->started_ns = r->wrapper.started_ns;
	out->ended_ns = r->wrapper.ended_ns;
	if (r->has_prices)
		out->prices = r->prices;
	for (int k = 0; k < PHASE_COUNT; k++)
		if (r->billing.phases & (1u << k))
			bill_add(&out->bill, &r->billing.bill[k]);
	runrec_clear(r);
	free(r);
	/* the conditions as the file spells them: keys an older run.json lacks stay absent */
	if (conditions != NULL && (j = json_load_file(path, 0, NULL)) != NULL) {
		*conditions = json_pack("{s:O?, s:O?}", "workload", json_object_get(j, "workload"),
					"subject", json_object_get(j, "subject"));
		json_decref(j);
	}
	return 0;
}

/* tests/unit/test_climit.c: core/climit.c, the client-limit rule, table-driven: each
 * reason at its threshold and just below, the kept window before the benchmark's, the
 * shared CPU, the busiest thread at its core's limit (remote and local endpoint, absent
 * from older records), unknown NIC speeds, the rate's late slots, network as degraded only, a
 * run without a record (not measured), settable thresholds, the JSON record written and
 * read back. The client records are JSON read by core/runrec/runrec.h. Also
 * core/units.c's units_parse_bitrate. */
#include "core/climit.h"
#include "core/runrec/runrec.h"
#include "core/units.h"
#include "tests/unit/check.h"

#include <stdlib.h>

/* client: a client record; kept_cpu < 0: the kept window is null; thread < 0: no
 * busiest_thread_pct in its windows (a record written before it). */
static json_t *client_t(double bench_cpu, double kept_cpu, double tx, double rx, double speed,
			double retrans, int shares, double thread)
{
	json_t *w = json_pack("{s:f,s:f,s:f,s:f}", "cpu_busy_pct", bench_cpu, "nic_tx_mbit_s", tx,
			      "nic_rx_mbit_s", rx, "tcp_retrans_pct", retrans);
	json_t *k = kept_cpu < 0 ? json_null()
				 : json_pack("{s:f,s:f,s:f,s:f}", "cpu_busy_pct", kept_cpu,
					     "nic_tx_mbit_s", tx, "nic_rx_mbit_s", rx,
					     "tcp_retrans_pct", retrans);
	if (thread >= 0) {
		json_object_set_new(w, "busiest_thread_pct", json_real(thread));
		if (json_is_object(k))
			json_object_set_new(k, "busiest_thread_pct", json_real(thread));
	}
	return json_pack("{s:{s:o,s:o},s:{s:s,s:o},s:b,s:i}", "window", "benchmark", w, "kept", k,
			 "nic", "name", "eth0", "speed_mbit",
			 speed > 0 ? json_real(speed) : json_null(), "shares_cpu", shares, "cores",
			 2);
}

static json_t *client(double bench_cpu, double kept_cpu, double tx, double rx, double speed,
		      double retrans, int shares)
{
	return client_t(bench_cpu, kept_cpu, tx, rx, speed, retrans, shares, -1);
}

/* judge: climit_judge of the record cl as the codec reads it (core/runrec/runrec.h; NULL:
 * none), with a rate block of late slots and peak workers when late >= 0; -1 with the
 * codec's message when it refuses cl. */
static int judge(const json_t *cl, long late, long peak, int cap, const struct climit_thresholds *t,
		 struct climit_verdict *v, struct err *e)
{
	struct runrec_clientres rec;
	struct rate_summary rate = {.late_no_worker = late, .peak_workers = (int)peak};

	if (cl != NULL && runrec_clientres_from_json(cl, "client", &rec, e) < 0)
		return -1;
	return climit_judge(cl != NULL ? &rec : NULL, late >= 0 ? &rate : NULL, cap, t, v, e);
}

struct tcase {
	const char *what;
	double bench_cpu, kept_cpu, tx, rx, speed, retrans;
	int shares;
	long late, peak, cap; /* late < 0: no rate block */
	unsigned want;
	int degraded;
	double thread; /* busiest_thread_pct of both windows; 0 in a row that omits it */
};

static const struct tcase cases[] = {
	{"idle remote client", 20, 20, 10, 10, 1000, 0, 0, -1, 0, 0, 0, 0, 0},
	{"cpu at 90 %", 50, 90, 0, 0, 0, 0, 0, -1, 0, 0, CLIMIT_R_CPU, 0, 0},
	{"cpu at 89.9 %", 99, 89.9, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0},
	{"kept null: the benchmark's window", 95, -1, 0, 0, 0, 0, 0, -1, 0, 0, CLIMIT_R_CPU, 0, 0},
	{"shared cpu", 97, 97, 0, 0, 0, 0, 1, -1, 0, 0, CLIMIT_R_SHARED_CPU, 0, 0},
	{"nic tx at 90 %", 10, 10, 900, 1, 1000, 0, 0, -1, 0, 0, CLIMIT_R_NIC, 0, 0},
	{"nic rx at 95 %", 10, 10, 1, 950, 1000, 0, 0, -1, 0, 0, CLIMIT_R_NIC, 0, 0},
	{"nic at 89 %", 10, 10, 890, 890, 1000, 0, 0, -1, 0, 0, 0, 0, 0},
	{"nic speed unknown", 10, 10, 5000, 5000, 0, 0, 0, -1, 0, 0, 0, 0, 0},
	{"late slots, cap reached", 10, 10, 0, 0, 0, 0, 0, 12, 8, 8, CLIMIT_R_WORKERS, 0, 0},
	{"late slots, cap not reached", 10, 10, 0, 0, 0, 0, 0, 12, 4, 8, 0, 0, 0},
	{"late slots, no peak recorded", 10, 10, 0, 0, 0, 0, 0, 3, 0, 8, CLIMIT_R_WORKERS, 0, 0},
	{"no late slot", 10, 10, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 0},
	{"retransmits: degraded, not limited", 10, 10, 0, 0, 0, 2.5, 0, -1, 0, 0, 0, 1, 0},
	{"retransmits at 1 %: not degraded", 10, 10, 0, 0, 0, 1.0, 0, -1, 0, 0, 0, 0, 0},
	{"cpu and nic", 99, 99, 990, 0, 1000, 0, 0, -1, 0, 0, CLIMIT_R_CPU | CLIMIT_R_NIC, 0, 0},
	{"one thread at 90 % of a core, 16 % of the machine", 16, 16, 0, 0, 0, 0, 0, -1, 0, 0,
	 CLIMIT_R_CPU, 0, 90},
	{"one thread at 89.9 %", 16, 16, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 89.9},
	{"one thread at 100 %, endpoint local: cpu, never only shared", 40, 40, 0, 0, 0, 0, 1, -1,
	 0, 0, CLIMIT_R_CPU, 0, 100},
	{"thread and machine, endpoint local", 95, 95, 0, 0, 0, 0, 1, -1, 0, 0,
	 CLIMIT_R_CPU | CLIMIT_R_SHARED_CPU, 0, 99},
	{"no thread figure (an older record)", 16, 16, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1},
};

static void table(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct tcase *c = &cases[i];
		json_t *cl = client_t(c->bench_cpu, c->kept_cpu, c->tx, c->rx, c->speed, c->retrans,
				      c->shares, c->thread);
		struct climit_verdict v;
		struct err e;
		int rc = judge(cl, c->late, c->peak, (int)c->cap, NULL, &v, &e);

		CHECK(rc == 1, "%s: judged (rc %d: %s)", c->what, rc, rc < 0 ? e.msg : "");
		CHECK(v.reasons == c->want, "%s: reasons %#x, want %#x", c->what, v.reasons,
		      c->want);
		CHECK(v.limited == (c->want != 0), "%s: limited %d", c->what, v.limited);
		CHECK(v.degraded_network == c->degraded, "%s: degraded %d", c->what,
		      v.degraded_network);
		CHECK_NUM(v.busiest_thread_pct, c->thread, 1e-12, "%s: the thread's figure",
			  c->what);
		json_decref(cl);
	}
}

static void others(void)
{
	struct climit_verdict v;
	struct climit_thresholds t = {80, 50, 0.5};
	struct err e;
	json_t *cl = client(85, 85, 600, 0, 1000, 0.7, 0), *j, *bad;
	char *text;

	CHECK(judge(NULL, -1, 0, 0, NULL, &v, &e) == 0, "no record: not measured");
	CHECK(v.limited == 0 && v.reasons == 0, "not measured: no verdict");
	CHECK(judge(cl, -1, 0, 0, NULL, &v, &e) == 1 && v.reasons == 0,
	      "defaults: 85 %% CPU and 60 %% NIC are not limits");
	CHECK(judge(cl, -1, 0, 0, &t, &v, &e) == 1 && v.reasons == (CLIMIT_R_CPU | CLIMIT_R_NIC) &&
		      v.degraded_network,
	      "thresholds 80/50/0.5: cpu, nic, degraded (reasons %#x)", v.reasons);
	CHECK_NUM(v.nic_pct, 60.0, 1e-9, "nic_pct = max(tx, rx) / speed");
	j = climit_to_json(&v);
	{
		struct climit_verdict back;
		json_t *j2;
		char *t2;

		CHECK(climit_from_json(j, "client_limit", &back, &e) == 0, "record read back: %s",
		      e.msg);
		j2 = climit_to_json(&back);
		text = json_dumps(j, JSON_COMPACT);
		t2 = json_dumps(j2, JSON_COMPACT);
		CHECK_STR(t2, text, "client_limit: record -> text -> record -> text");
		free(text);
		free(t2);
		json_decref(j2);
	}
	text = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT | JSON_REAL_PRECISION(6));
	CHECK_STR(text,
		  "{\"degraded\":[\"network\"],\"figures\":{\"busiest_thread_pct\":null,"
		  "\"cpu_busy_pct\":85.0,\"late_slots\":null,\"nic_pct\":60.0,"
		  "\"tcp_retrans_pct\":0.7},\"limited\":true,\"reasons\":[\"cpu\",\"nic\"],"
		  "\"thresholds\":{\"cpu_pct\":80.0,\"nic_pct\":50.0,\"retrans_pct\":0.5}}",
		  "the client_limit record");
	free(text);
	{
		/* a record written before busiest_thread_pct: read and written back without it */
		json_t *old = json_deep_copy(j), *back_j;
		struct climit_verdict back;
		char *t1, *t2;

		json_object_del(json_object_get(old, "figures"), "busiest_thread_pct");
		CHECK(climit_from_json(old, "client_limit", &back, &e) == 0 &&
			      back.busiest_thread_pct < 0,
		      "an older record without busiest_thread_pct reads (not recorded)");
		back_j = climit_to_json(&back);
		t1 = json_dumps(old, JSON_COMPACT);
		t2 = json_dumps(back_j, JSON_COMPACT);
		CHECK_STR(t2, t1, "an older record is written back as it was");
		free(t1);
		free(t2);
		json_decref(back_j);
		json_decref(old);
	}
	json_decref(j);
	bad = json_pack("{s:{s:n,s:s}}", "window", "kept", "benchmark", "x");
	CHECK(judge(bad, -1, 0, 0, NULL, &v, &e) == -1 && strstr(e.msg, "client.window") != NULL,
	      "a malformed record names the field (%s)", e.msg);
	json_decref(bad);
	bad = json_pack("{s:{s:n,s:{s:f}}}", "window", "kept", "benchmark", "seconds", 1.0);
	CHECK(judge(bad, -1, 0, 0, NULL, &v, &e) == -1 && strstr(e.msg, "cpu_busy_pct") != NULL,
	      "a window without cpu_busy_pct: no verdict (%s)", e.msg);
	json_decref(bad);
	j = climit_to_json(&v);
	bad = json_pack("{s:b,s:[s]}", "limited", 1, "reasons", "moon");
	CHECK(climit_from_json(bad, "client_limit", &v, &e) == -1 &&
		      strstr(e.msg, "client_limit.reasons[0]") != NULL,
	      "an unknown reason names the field (%s)", e.msg);
	json_decref(bad);
	json_decref(j);
	json_decref(cl);
	CHECK_STR(climit_reason_name(CLIMIT_R_SHARED_CPU), "shared-cpu", "reason name");
	CHECK(climit_reason_name(3) == NULL, "two bits are no one reason");
}

/* combine: a distributed run limited when any client is; rejudge: a client's record judged
 * with other thresholds keeps its recorded workers reason. */
static void combine(void)
{
	json_t *busy = client(95, 95, 10, 10, 1000, 0, 1),
	       *nic = client(20, 20, 950, 0, 1000, 2, 0);
	struct climit_verdict a, b, run,
		rec = {.limited = 1, .reasons = CLIMIT_R_WORKERS, .late_slots = 4};
	struct err e;

	CHECK(judge(busy, -1, 0, 0, NULL, &a, &e) == 1 && judge(nic, 3, 0, 0, NULL, &b, &e) == 1,
	      "two clients judged");
	climit_combine(&run, &a, 1);
	climit_combine(&run, &b, 0);
	CHECK(run.limited &&
		      run.reasons == (CLIMIT_R_SHARED_CPU | CLIMIT_R_NIC | CLIMIT_R_WORKERS) &&
		      run.degraded_network,
	      "the run: every client's reasons (%#x), degraded by one", run.reasons);
	CHECK(run.cpu_busy_pct == 95 && run.nic_pct == 95 && run.late_slots == 3,
	      "the run's figures: the highest, late slots summed (%g %g %lld)", run.cpu_busy_pct,
	      run.nic_pct, (long long)run.late_slots);
	{
		struct runrec_clientres r;
		struct climit_thresholds t = {99, 99, 5};

		runrec_clientres_from_json(nic, "client", &r, &e);
		CHECK(climit_rejudge(&r, &rec, &t, &b, &e) == 1 && b.reasons == CLIMIT_R_WORKERS &&
			      b.limited && b.late_slots == 4,
		      "rejudged at 99 %%: the NIC is no limit, the recorded workers reason stays "
		      "(%#x)",
		      b.reasons);
		CHECK(climit_rejudge(&r, NULL, NULL, &b, &e) == 1 && b.reasons == CLIMIT_R_NIC &&
			      b.late_slots == -1,
		      "rejudged without a recorded verdict: nic (%#x)", b.reasons);
	}
	json_decref(busy);
	json_decref(nic);
}

static void bitrate(void)
{
	static const struct {
		const char *s;
		double mbit; /* < 0: refused */
	} b[] = {{"10Gbit", 10000}, {"2.5Gbit/s", 2500}, {"100Mbit", 100},
		 {"800kbit", 0.8},  {"1Tbit", 1e6},      {"10GB", -1},
		 {"Gbit", -1},      {"0Mbit", -1},       {"10 Gbit", -1},
		 {"", -1}};
	struct err e;

	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++) {
		double v = 0;
		int rc = units_parse_bitrate(b[i].s, &v, &e);
		if (b[i].mbit < 0)
			CHECK(rc < 0, "bit rate '%s' refused", b[i].s);
		else
			CHECK(rc == 0 && fabs(v - b[i].mbit) < 1e-9, "bit rate '%s' = %g", b[i].s,
			      v);
	}
}

int main(void)
{
	table();
	others();
	combine();
	bitrate();
	return check_done();
}

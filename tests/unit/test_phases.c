/* tests/unit/test_phases.c: the request phases through the ops log's phase columns
 * (core/opslog.c writes them, core/opslog_read.c reads them back, a bad value is named by
 * its column) and into the summary (core/summary_phases.c: statistics over the requests
 * that opened a connection for dns/connect/tls, mean_all over all, connections, the round
 * trip from TCP_INFO or else connect, the run.json form read back). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/opslog.h"
#include "core/summary.h"
#include "tests/unit/check.h"

#define MS 1000000LL

static struct op_row rows[4];
static int nread;
static struct op_row got[4];

static int keep(const struct op_row *r, void *arg)
{
	(void)arg;
	if (nread < 4)
		got[nread] = *r;
	nread++;
	return 0;
}

static void make_rows(void)
{
	int64_t t0 = 1700000000LL * 1000000000LL;

	for (int i = 0; i < 4; i++) {
		struct op_row *r = &rows[i];
		memset(r, 0, sizeof(*r));
		r->op = "GET";
		r->client_id = "";
		r->endpoint = "";
		r->file = "k";
		r->error = "";
		r->cat = "";
		r->n_objects = 1;
		r->bytes = 4096;
		r->start_ns = t0 + i * 100 * MS;
		r->has_phases = i < 3;
		/* row 0 opens a TLS connection (full), rows 1, 2 reuse it, row 3 has none */
		r->conn = i == 0 ? OPS_CONN_TLS_FULL : OPS_CONN_REUSED;
		r->dns_ns = i == 0 ? 1 * MS : 0;
		r->connect_ns = i == 0 ? 20 * MS : 0;
		r->tls_ns = i == 0 ? 20 * MS : 0;
		r->send_ns = 1 * MS;
		r->wait_ns = 23 * MS;
		r->transfer_ns = 2 * MS;
		r->rtt_ns = i == 0 ? 20 * MS : 0;
		int64_t d = r->dns_ns + r->connect_ns + r->tls_ns + r->send_ns + r->wait_ns +
			    r->transfer_ns;
		r->first_byte_ns = r->start_ns + d - r->transfer_ns;
		r->end_ns = r->start_ns + d;
		r->duration_ns = d;
	}
}

static void roundtrip(const char *dir)
{
	char path[512];
	struct err e;
	struct opslog_writer *w;

	snprintf(path, sizeof(path), "%s/ops.tsv.zst", dir);
	w = opslog_writer_open_opts(path, &(struct opslog_writer_opts){.phases = 1}, &e);
	CHECK(w != NULL, "writer opens: %s", w ? "" : e.msg);
	for (int i = 0; w && i < 4; i++)
		CHECK(opslog_writer_add(w, &rows[i], &e) == 0, "row %d added", i);
	CHECK(w && opslog_writer_close(w, &e) == 0, "writer closes");
	CHECK(opslog_read(path, keep, NULL, &e) == 0 && nread == 4, "4 rows read back (%d)", nread);
	CHECK(got[0].has_phases && got[0].conn == OPS_CONN_TLS_FULL && got[0].tls_ns == 20 * MS &&
		      got[0].rtt_ns == 20 * MS && got[0].wait_ns == 23 * MS,
	      "row 0's phases read back");
	CHECK(got[1].has_phases && got[1].conn == OPS_CONN_REUSED && got[1].rtt_ns == 0,
	      "row 1: reused, no round trip sample");
	CHECK(!got[3].has_phases, "row 3: empty columns, no phases");
}

static void bad_value(const char *dir)
{
	char path[512];
	FILE *f;
	struct err e;

	snprintf(path, sizeof(path), "%s/bad.tsv", dir);
	f = fopen(path, "w");
	fputs("idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\tconn"
	      "\n0\t0\tGET\t1\t1\tk\t\t2023-11-14T22:13:20Z\t\t2023-11-14T22:13:20.1Z\t100000000\t7\n",
	      f);
	fclose(f);
	nread = 0;
	CHECK(opslog_read(path, keep, NULL, &e) == -1 && strstr(e.msg, "'conn'") != NULL,
	      "conn 7 is refused, the column named (%s)", e.msg);
}

static void summary(void)
{
	struct summary_acc *a = summary_acc_new();
	struct run_summary s, back;
	struct err e;
	json_t *j;

	for (int i = 0; i < 4; i++)
		summary_acc_add(a, &rows[i], &e);
	CHECK(summary_acc_finish(a, &s, &e) == 0 && s.has_phases, "a summary with phases");
	CHECK(s.phases.requests == 3 && s.phases.ph[RPH_DNS].n == 1 &&
		      s.phases.ph[RPH_TLS].n == 1 && s.phases.ph[RPH_WAIT].n == 3,
	      "dns/tls over the request that opened a connection, wait over all three");
	CHECK_NUM(s.phases.ph[RPH_CONNECT].mean_all_ms, 20.0 / 3, 1e-9, "connect spread over 3");
	CHECK_NUM(s.phases.ph[RPH_WAIT].lat.p50, 23.0, 0.1, "wait's median");
	CHECK(s.phases.rtt_source == RTT_TCP_INFO && s.phases.rtt_ms == 20.0, "rtt from TCP_INFO");
	CHECK(s.conn.opened == 1 && s.conn.tls_full == 1 && s.conn.requests == 3 &&
		      fabs(s.conn.reused_share - 2.0 / 3) < 1e-12,
	      "connections: 1 of 3 opened, reused_share 2/3");
	j = summary_to_json(&s);
	CHECK(j != NULL && summary_from_json(j, &back, &e) == 0, "the run.json form reads back");
	CHECK(back.has_phases && back.phases.ph[RPH_TLS].hist != NULL && back.conn.opened == 1 &&
		      back.phases.rtt_ms == 20.0,
	      "request_phases and connections survive the round trip");
	json_object_set_new(json_object_get(j, "connections"), "opened", json_integer(9));
	summary_clear(&back);
	CHECK(summary_from_json(j, &back, &e) == -1 && strstr(e.msg, "summary.connections"),
	      "opened > requests is refused (%s)", e.msg);
	json_decref(j);
	summary_clear(&s);
	summary_acc_free(a);
}

int main(void)
{
	char dir[] = "/tmp/test_phases.XXXXXX";
	char cmd[64];

	if (mkdtemp(dir) == NULL)
		return 1;
	make_rows();
	roundtrip(dir);
	bad_value(dir);
	summary();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return check_done();
}

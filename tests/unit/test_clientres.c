/* tests/unit/test_clientres.c: the NIC speed of a client record (collect/run/clientres.h):
 * a client's own S3BENCH_CLIENT_NIC (read by clientres_own_nic: unset, empty, a bit rate,
 * not a bit rate) wins over the campaign's client_nic and says so in speed_source; the
 * campaign's applies without it; neither: /sys/class/net or unknown. */
#include <stdlib.h>
#include <string.h>

#include "collect/run/clientres.h"
#include "tests/unit/check.h"

/* own_nic: clientres_own_nic with S3BENCH_CLIENT_NIC = v (NULL: unset) over o. */
static int own_nic(const char *v, struct clientres_opts *o, struct err *e)
{
	if (v == NULL)
		unsetenv(CLIENTRES_NIC_ENV);
	else
		setenv(CLIENTRES_NIC_ENV, v, 1);
	return clientres_own_nic(o, e);
}

static void test_own_nic(void)
{
	struct clientres_opts o = {1000, 0, 1};
	struct err e = {{0}};

	CHECK(own_nic(NULL, &o, &e) == 0 && o.nic_mbit == 1000 && !o.nic_own && o.shares_cpu,
	      "unset: the campaign's 1000 Mbit/s stays");
	CHECK(own_nic("", &o, &e) == 0 && o.nic_mbit == 1000 && !o.nic_own, "empty: unset");
	CHECK(own_nic("2.5Gbit", &o, &e) == 0 && o.nic_mbit == 2500 && o.nic_own && o.shares_cpu,
	      "2.5Gbit: 2500 Mbit/s, its own (%g)", o.nic_mbit);
	o = (struct clientres_opts){1000, 0, 0};
	CHECK(own_nic("10GB", &o, &e) == -1 && o.nic_mbit == 1000 && !o.nic_own,
	      "10GB: refused, o unchanged");
	CHECK(strstr(e.msg, "S3BENCH_CLIENT_NIC=10GB: '10GB' is not a bit rate") != NULL,
	      "the message names the variable and the value: %s", e.msg);
	unsetenv(CLIENTRES_NIC_ENV);
}

/* nic_of: the record's nic.speed_mbit and speed_source for opts o; 0, or -1 without a
 * record. */
static int nic_of(const struct clientres *c, const struct clientres_opts *o, double *mbit,
		  const char **src, struct runrec_clientres *rec)
{
	int rc = clientres_record(c, o, "127.0.0.1", "127.0.0.1", 0, 0, rec);

	*mbit = rec->nic.speed_mbit;
	*src = rec->nic.speed_source;
	return rc;
}

static void test_record(void)
{
	struct clientres *c = clientres_start();
	struct clientres_opts own = {250, 1, 0}, camp = {1000, 0, 0}, none = {0, 0, 0};
	struct runrec_clientres rec;
	const char *src;
	double mbit;

	CHECK(c != NULL, "the sampler starts (/proc/stat)");
	if (c == NULL)
		return;
	clientres_stop(c);
	CHECK(nic_of(c, &own, &mbit, &src, &rec) == 0 && mbit == 250 &&
		      strcmp(src, "environment") == 0,
	      "a client's own speed: 250, environment (%g, %s)", mbit, src);
	CHECK(nic_of(c, &camp, &mbit, &src, &rec) == 0 && mbit == 1000 &&
		      strcmp(src, "campaign") == 0,
	      "the campaign's: 1000, campaign (%g, %s)", mbit, src);
	CHECK(nic_of(c, &none, &mbit, &src, &rec) == 0 &&
		      (strcmp(src, "sysfs") == 0 || strcmp(src, "unknown") == 0),
	      "neither: sysfs or unknown (loopback: %s)", src);
	clientres_free(c);
}

int main(void)
{
	test_own_nic();
	test_record();
	return check_done();
}

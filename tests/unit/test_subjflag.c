/* tests/unit/test_subjflag.c: the subject flags (collect/run/subjflag.h): each command's
 * set gives its getopt rows in order, each row's code is read into its field and no other
 * code is; a one-endpoint subject completed: the addressing by the endpoint, the region
 * and CA bundle defaulted, and an endpoint refused naming its source (--endpoint or the
 * variable), the password never in the message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/check.h"
#include "collect/run/cli.h"
#include "collect/run/subjflag.h"
#include "collect/s3/awsconf.h"

/* The rows of a set, as their names joined by spaces. */
static void names(unsigned set, char *out, size_t n)
{
	struct option rows[SUBJFLAG_COUNT];
	size_t k = subjflag_options(set, rows);

	out[0] = '\0';
	for (size_t i = 0; i < k; i++)
		snprintf(out + strlen(out), n - strlen(out), "%s%s", i ? " " : "", rows[i].name);
}

static void check_rows(void)
{
	static const struct {
		unsigned set;
		const char *want;
	} cases[] = {
		{SUBJFLAG_ENDPOINT_SET | SUBJFLAG_ALLOW_RETENTION,
		 "endpoint bucket region path-style insecure allow-retention ca-bundle"},
		{SUBJFLAG_ENDPOINT_SET | SUBJFLAG_ID,
		 "endpoint bucket region path-style insecure ca-bundle id"},
		{SUBJFLAG_INSECURE | SUBJFLAG_CA_BUNDLE, "insecure ca-bundle"},
		{0, ""},
	};
	char got[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		names(cases[i].set, got, sizeof(got));
		CHECK_STR(got, cases[i].want, "rows of set %#x", cases[i].set);
	}
}

static void check_read(void)
{
	struct option rows[SUBJFLAG_COUNT];
	size_t k = subjflag_options(~0u, rows);
	struct campaign_subject s;
	char v[] = "V";

	CHECK(k == SUBJFLAG_COUNT, "every flag has a row: %zu", k);
	memset(&s, 0, sizeof(s));
	for (size_t i = 0; i < k; i++)
		CHECK(subjflag_read(rows[i].val, v, &s) == 1, "--%s read", rows[i].name);
	CHECK(s.endpoint == v && s.bucket == v && s.region == v && s.ca_bundle == v && s.id == v,
	      "the valued flags point at their values");
	CHECK(s.path_style == 1 && s.insecure == 1 && s.allow_retention == 1, "the switches set");
	memset(&s, 0, sizeof(s));
	CHECK(subjflag_read('E', v, &s) == 0 && subjflag_read(SUBJFLAG_CODE - 1, v, &s) == 0 &&
		      subjflag_read(SUBJFLAG_CODE + SUBJFLAG_COUNT, v, &s) == 0 &&
		      s.endpoint == NULL && s.id == NULL,
	      "a command's own codes are not read");
}

/* complete: subjflag_complete of a subject with endpoint ep and ca_bundle ca; its exit
 * code, stderr in err (n bytes). */
static int complete(const char *ep, const char *ca, struct campaign_subject *s, char *err, size_t n)
{
	struct awsconf conf;
	FILE *f = tmpfile();
	int saved = dup(2), rc;
	size_t got;

	memset(s, 0, sizeof(*s));
	s->id = "t";
	s->bucket = "b";
	s->path_style = -1;
	s->endpoint = (char *)ep;
	s->ca_bundle = (char *)ca;
	fflush(stderr);
	dup2(fileno(f), 2);
	rc = subjflag_complete(s, &conf, "t needs --endpoint");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	got = fread(err, 1, n - 1, f);
	err[got] = '\0';
	fclose(f);
	awsconf_clear(&conf);
	return rc;
}

static void check_complete(void)
{
	struct campaign_subject s;
	char err[2048];

	CHECK(complete("http://u:pw0rd@h:9000", NULL, &s, err, sizeof(err)) == EXITCODE_USAGE &&
		      strncmp(err, "collect: --endpoint: 'http://***@h:9000' holds user info",
			      56) == 0 &&
		      strstr(err, "pw0rd") == NULL,
	      "--endpoint with user info: named, the password nowhere: %s", err);
	CHECK(complete("ftp://h", NULL, &s, err, sizeof(err)) == EXITCODE_USAGE &&
		      strncmp(err, "collect: --endpoint: 'ftp://h'", 30) == 0,
	      "--endpoint not http(s): named: %s", err);
	CHECK(complete(NULL, NULL, &s, err, sizeof(err)) == EXITCODE_USAGE &&
		      strncmp(err, "collect: t needs --endpoint\n", 28) == 0,
	      "no endpoint: the command's need said: %s", err);
	setenv("AWS_ENDPOINT_URL", "http://u:pw0rd@h", 1);
	CHECK(complete(NULL, NULL, &s, err, sizeof(err)) == EXITCODE_USAGE &&
		      strncmp(err, "collect: AWS_ENDPOINT_URL: 'http://***@h'", 41) == 0 &&
		      strstr(err, "pw0rd") == NULL,
	      "AWS_ENDPOINT_URL with user info: the variable named: %s", err);
	unsetenv("AWS_ENDPOINT_URL");
	CHECK(complete("http://h:9000", NULL, &s, err, sizeof(err)) == 0 && err[0] == '\0' &&
		      s.path_style == 1 && strcmp(s.region, "us-east-1") == 0 &&
		      s.cred_kind == CAMPAIGN_CRED_DEFAULT && s.ca_bundle == NULL,
	      "a local endpoint: path-style, us-east-1, the default keys, the system's CAs");
	setenv("AWS_CA_BUNDLE", "/env.pem", 1);
	CHECK(complete("https://s3.amazonaws.com", NULL, &s, err, sizeof(err)) == 0 &&
		      s.path_style == 0 && strcmp(s.ca_bundle, "/env.pem") == 0,
	      "AWS: virtual-hosted; AWS_CA_BUNDLE without --ca-bundle");
	CHECK(complete("http://h", "/flag.pem", &s, err, sizeof(err)) == 0 &&
		      strcmp(s.ca_bundle, "/flag.pem") == 0,
	      "--ca-bundle over AWS_CA_BUNDLE");
}

int main(void)
{
	static const char *const unset[] = {
		"AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL", "AWS_REGION",     "AWS_DEFAULT_REGION",
		"AWS_CA_BUNDLE",       "AWS_PROFILE",      "AWS_CONFIG_FILE"};

	for (size_t i = 0; i < sizeof(unset) / sizeof(unset[0]); i++)
		unsetenv(unset[i]);
	setenv("AWS_CONFIG_FILE", "/nonexistent/s3bench-test-config", 1);
	check_rows();
	check_read();
	check_complete();
	return check_done();
}

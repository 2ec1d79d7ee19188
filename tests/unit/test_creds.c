/* tests/unit/test_creds.c: credentials from the environment and shared files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/s3/awsconf.h"
#include "collect/s3/creds.h"
#include "collect/s3/creds_int.h"
#include "tests/unit/check.h"

static char dir[256], cred_file[300], conf_file[300], bad[320];

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

static void clear_env(void)
{
	static const char *vars[] = {"AWS_ACCESS_KEY_ID",
				     "AWS_SECRET_ACCESS_KEY",
				     "AWS_SESSION_TOKEN",
				     "AWS_PROFILE",
				     "AWS_REGION",
				     "AWS_DEFAULT_REGION",
				     "AWS_ENDPOINT_URL",
				     "AWS_SHARED_CREDENTIALS_FILE",
				     "AWS_CONFIG_FILE",
				     "AWS_ENDPOINT_URL_S3",
				     "AWS_ENDPOINT_URL_STS",
				     "AWS_EC2_METADATA_SERVICE_ENDPOINT",
				     "AWS_WEB_IDENTITY_TOKEN_FILE",
				     "AWS_ROLE_ARN",
				     "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
				     "AWS_CONTAINER_CREDENTIALS_FULL_URI"};
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		unsetenv(vars[i]);
	setenv("HOME", dir, 1); /* no ~/.aws there unless a case writes one */
	setenv("AWS_EC2_METADATA_DISABLED", "true", 1); /* never 169.254.169.254 */
}

static const char *CREDS = "[default]\n"
			   "aws_access_key_id = DEFAULTKEY\n"
			   "aws_secret_access_key = defaultsecret\n"
			   "\n"
			   "[bench]\n"
			   "aws_access_key_id = BENCHKEY\n"
			   "aws_secret_access_key = bench/secret+x\n"
			   "aws_session_token = benchtoken\n"
			   "region = eu-west-3\n"
			   "\n"
			   "[nosecret]\n"
			   "aws_access_key_id = NOSECRETKEY\n";

static const char *CONFIG = "[default]\n"
			    "region = us-west-2\n"
			    "[profile bench]\n"
			    "region = ap-south-1\n"
			    "endpoint_url = http://127.0.0.1:9000\n";

struct ccase {
	const char *name;
	const char *env[8][2]; /* variables to set; value "@cred"/"@conf" = the temp file */
	const char *profile;
	int ok;
	const char *ak, *token, *region, *endpoint, *source_has;
	const char *err_has[3]; /* substrings the error must contain */
};

static const struct ccase cases[] = {
	{"env keys, AWS_REGION wins",
	 {{"AWS_ACCESS_KEY_ID", "ENVKEY"},
	  {"AWS_SECRET_ACCESS_KEY", "envsecret"},
	  {"AWS_SESSION_TOKEN", "envtok"},
	  {"AWS_REGION", "eu-central-1"},
	  {"AWS_DEFAULT_REGION", "us-east-2"}},
	 NULL,
	 1,
	 "ENVKEY",
	 "envtok",
	 "eu-central-1",
	 NULL,
	 "environment",
	 {NULL}},
	{"env keys, AWS_DEFAULT_REGION, endpoint",
	 {{"AWS_ACCESS_KEY_ID", "ENVKEY"},
	  {"AWS_SECRET_ACCESS_KEY", "envsecret"},
	  {"AWS_DEFAULT_REGION", "us-east-2"},
	  {"AWS_ENDPOINT_URL", "https://s3.example.com"}},
	 NULL,
	 1,
	 "ENVKEY",
	 NULL,
	 "us-east-2",
	 "https://s3.example.com",
	 "environment",
	 {NULL}},
	{"explicit profile beats env keys",
	 {{"AWS_ACCESS_KEY_ID", "ENVKEY"},
	  {"AWS_SECRET_ACCESS_KEY", "envsecret"},
	  {"AWS_SHARED_CREDENTIALS_FILE", "@cred"}},
	 "bench",
	 1,
	 "BENCHKEY",
	 "benchtoken",
	 "eu-west-3",
	 NULL,
	 "profile bench in",
	 {NULL}},
	{"AWS_PROFILE, region and endpoint from config",
	 {{"AWS_PROFILE", "bench"},
	  {"AWS_SHARED_CREDENTIALS_FILE", "@cred"},
	  {"AWS_CONFIG_FILE", "@conf"}},
	 NULL,
	 1,
	 "BENCHKEY",
	 "benchtoken",
	 "ap-south-1",
	 "http://127.0.0.1:9000",
	 "profile bench",
	 {NULL}},
	{"default profile, default config region",
	 {{"AWS_SHARED_CREDENTIALS_FILE", "@cred"}, {"AWS_CONFIG_FILE", "@conf"}},
	 NULL,
	 1,
	 "DEFAULTKEY",
	 NULL,
	 "us-west-2",
	 NULL,
	 "profile default",
	 {NULL}},
	{"env region beats config",
	 {{"AWS_SHARED_CREDENTIALS_FILE", "@cred"},
	  {"AWS_CONFIG_FILE", "@conf"},
	  {"AWS_REGION", "sa-east-1"}},
	 NULL,
	 1,
	 "DEFAULTKEY",
	 NULL,
	 "sa-east-1",
	 NULL,
	 "default",
	 {NULL}},
	{"missing profile",
	 {{"AWS_SHARED_CREDENTIALS_FILE", "@cred"}},
	 "nope",
	 0,
	 NULL,
	 NULL,
	 NULL,
	 NULL,
	 NULL,
	 {"no profile [nope]", "@cred"}},
	{"profile without secret",
	 {{"AWS_SHARED_CREDENTIALS_FILE", "@cred"}},
	 "nosecret",
	 0,
	 NULL,
	 NULL,
	 NULL,
	 NULL,
	 NULL,
	 {"[nosecret]", "aws_secret_access_key", "@cred"}},
	{"missing file",
	 {{"AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/creds"}},
	 NULL,
	 0,
	 NULL,
	 NULL,
	 NULL,
	 NULL,
	 NULL,
	 {"/nonexistent/creds", "default"}},
	{"env key without secret",
	 {{"AWS_ACCESS_KEY_ID", "ENVKEY"}},
	 NULL,
	 0,
	 NULL,
	 NULL,
	 NULL,
	 NULL,
	 NULL,
	 {"AWS_SECRET_ACCESS_KEY"}},
};


static const char *subst(const char *v)
{
	if (v != NULL && strcmp(v, "@cred") == 0)
		return cred_file;
	if (v != NULL && strcmp(v, "@conf") == 0)
		return conf_file;
	return v;
}

/* The config file as the AWS CLI v2 reads it: [services] nested keys, [profile default],
 * SSO keys, what a profile may carry. */
static const char *CONFIG2 =
	"[profile default]\n"
	"region = eu-south-1\n"
	"ca_bundle = /etc/ssl/bench.pem\n"
	"[profile svc]\n"
	"region = eu-west-1\n"
	"endpoint_url = http://global.example\n"
	"services = mine\n"
	"[services mine]\n"
	"s3 =\n"
	"  endpoint_url = http://s3.example:9000\n"
	"sts =\n"
	"  endpoint_url = http://sts.example:9001\n"
	"[services other]\n"
	"s3 =\n"
	"  endpoint_url = http://wrong.example\n"
	"[profile sso]\n"
	"sso_session = corp\n"
	"sso_account_id = 123\n"
	"[profile proc]\n"
	"credential_process = printf '{\"Version\": 1, \"AccessKeyId\": \"PROCKEY\", "
	"\"SecretAccessKey\": \"procsecret\", \"SessionToken\": \"proctok\", "
	"\"Expiration\": \"2200-01-01T00:00:00Z\"}'\n"
	"[profile procfail]\n"
	"credential_process = sh -c 'echo procsecret; exit 7'\n"
	"[profile procbad]\n"
	"credential_process = echo '{\"Version\": 2}'\n"
	"[profile loop1]\n"
	"role_arn = arn:aws:iam::1:role/a\n"
	"source_profile = loop2\n"
	"[profile loop2]\n"
	"role_arn = arn:aws:iam::1:role/b\n"
	"source_profile = loop1\n"
	"[profile nosource]\n"
	"role_arn = arn:aws:iam::1:role/c\n"
	"[profile confkeys]\n"
	"aws_access_key_id = CONFKEY\n"
	"aws_secret_access_key = confsecret\n"
	"[profile empty]\n"
	"region = us-west-1\n";

static void test_awsconf(void)
{
	struct awsconf c;
	struct err e = {{0}};
	char *ca = NULL;

	clear_env();
	setenv("AWS_CONFIG_FILE", conf_file, 1);
	write_file(conf_file, CONFIG2);
	CHECK(awsconf_load("svc", &c, &e) == 0 && c.found, "awsconf svc: %s", e.msg);
	CHECK_STR(c.region, "eu-west-1", "svc region");
	CHECK_STR(c.endpoint_url, "http://global.example", "svc endpoint_url");
	CHECK_STR(c.s3_endpoint_url, "http://s3.example:9000", "svc services s3 (nested key)");
	CHECK_STR(c.sts_endpoint_url, "http://sts.example:9001", "svc services sts");
	awsconf_clear(&c);
	CHECK(awsconf_load(NULL, &c, &e) == 0 && c.found, "default as [profile default]");
	CHECK_STR(c.region, "eu-south-1", "default region");
	CHECK(c.s3_endpoint_url == NULL, "default: no services");
	awsconf_clear(&c);
	setenv("AWS_PROFILE", "sso", 1);
	CHECK(awsconf_load(NULL, &c, &e) == 0 && c.sso, "AWS_PROFILE=sso: sso keys seen");
	awsconf_clear(&c);
	CHECK(awsconf_load("nope", &c, &e) == 0 && !c.found, "a missing profile is no error");
	awsconf_clear(&c);
	unsetenv("AWS_PROFILE");
	CHECK(awsconf_ca_bundle(NULL, &ca, &e) == 0, "ca_bundle: %s", e.msg);
	CHECK_STR(ca, "/etc/ssl/bench.pem", "the profile's ca_bundle");
	free(ca);
	CHECK(awsconf_ca_bundle("svc", &ca, &e) == 0 && ca == NULL, "no ca_bundle: NULL");
	setenv("AWS_CONFIG_FILE", bad, 1);
	CHECK(awsconf_load("x", &c, &e) < 0 && strstr(e.msg, ":3: not an INI line") != NULL,
	      "a malformed config names its line: %s", e.msg);
}

static void test_process_json(void)
{
	static const struct {
		const char *json;
		int ok;
		int64_t expires;
		const char *err;
	} t[] = {
		{"{\"Version\": 1, \"AccessKeyId\": \"A\", \"SecretAccessKey\": \"S\"}", 1, 0,
		 NULL},
		{"{\"Version\": 1, \"AccessKeyId\": \"A\", \"SecretAccessKey\": \"S\", "
		 "\"SessionToken\": \"T\", \"Expiration\": \"2026-12-03T14:00:00Z\"}",
		 1, 1796306400, NULL},
		{"{\"Version\": 1, \"AccessKeyId\": \"A\", \"SecretAccessKey\": \"S\", "
		 "\"Expiration\": \"2026-12-03T14:00:00+01:00\"}",
		 1, 1796302800, NULL},
		{"{\"Version\": 2, \"AccessKeyId\": \"A\", \"SecretAccessKey\": \"S\"}", 0, 0,
		 "no \"Version\": 1"},
		{"{\"Version\": 1, \"AccessKeyId\": \"A\"}", 0, 0, "no SecretAccessKey"},
		{"{\"Version\": 1, \"AccessKeyId\": \"A\", \"SecretAccessKey\": \"S\", "
		 "\"Expiration\": \"tomorrow\"}",
		 0, 0, "Expiration is not an RFC 3339 time"},
		{"secret-output-not-json", 0, 0, "not a JSON object"},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct creds_keys k;
		struct err e = {{0}};
		int rc = creds_parse_process_json(t[i].json, strlen(t[i].json), "proc X", &k, &e);
		CHECK((rc == 0) == t[i].ok, "process json %zu: rc %d (%s)", i, rc, e.msg);
		if (rc == 0) {
			CHECK_STR(k.access_key, "A", "process json %zu: key", i);
			CHECK(k.expires_s == t[i].expires, "process json %zu: expiry %lld", i,
			      (long long)k.expires_s);
		} else {
			CHECK(strstr(e.msg, t[i].err) != NULL && strstr(e.msg, "proc X") != NULL,
			      "process json %zu: '%s'", i, e.msg);
			CHECK(strstr(e.msg, "secret-output") == NULL, "no output in the message");
		}
		creds_keys_clear(&k);
	}
}

static void test_sts_xml(void)
{
	static const char ok[] =
		"<AssumeRoleResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\">"
		"<AssumeRoleResult><Credentials><AccessKeyId>ASIAX</AccessKeyId>"
		"<SecretAccessKey>stssecret</SecretAccessKey><SessionToken>ststok</SessionToken>"
		"<Expiration>2026-12-03T15:00:00Z</Expiration></Credentials>"
		"</AssumeRoleResult></AssumeRoleResponse>";
	static const char nokey[] = "<AssumeRoleResponse><Credentials><SecretAccessKey>x"
				    "</SecretAccessKey></Credentials></AssumeRoleResponse>";
	struct creds_keys k;
	struct err e = {{0}};

	CHECK(creds_parse_sts_xml(ok, sizeof(ok) - 1, "sts", &k, &e) == 0, "sts xml: %s", e.msg);
	CHECK_STR(k.access_key, "ASIAX", "sts key");
	CHECK_STR(k.token, "ststok", "sts token");
	CHECK(k.expires_s == 1796310000, "sts expiry %lld", (long long)k.expires_s);
	creds_keys_clear(&k);
	CHECK(creds_parse_sts_xml(nokey, sizeof(nokey) - 1, "sts", &k, &e) < 0 &&
		      strstr(e.msg, "no AccessKeyId") != NULL,
	      "sts xml without a key: %s", e.msg);
	CHECK(creds_parse_sts_xml("<<", 2, "sts", &k, &e) < 0, "sts: not XML");
}

static void test_refresh_at(void)
{
	struct creds c;

	memset(&c, 0, sizeof(c));
	CHECK(creds_refresh_at(&c) == 0, "fixed keys: never");
	c.src = (struct creds_src *)&c; /* only compared with NULL */
	c.fetched_s = 1000;
	c.expires_s = 1005;
	CHECK(creds_refresh_at(&c) == 1003, "5-second keys: half their life (%lld)",
	      (long long)creds_refresh_at(&c));
	c.expires_s = 1000 + 6 * 3600;
	CHECK(creds_refresh_at(&c) == c.expires_s - 900,
	      "6-hour keys: 15 minutes before (botocore's advisory refresh)");
	c.expires_s = 1000 + 1200;
	CHECK(creds_refresh_at(&c) == 1600, "20-minute keys: half their life, 10 minutes before");
	c.expires_s = 0;
	CHECK(creds_refresh_at(&c) == 0, "no expiry: never");
}

/* test_process_timeout: S3BENCH_CREDENTIAL_PROCESS_TIMEOUT: unset or empty 60 s, whole
 * seconds from 1 to 3600, anything else refused naming the variable and the value. */
static void test_process_timeout(void)
{
	static const struct {
		const char *v;
		int want; /* -1: refused */
	} vals[] = {
		{NULL, 60}, {"", 60},
		{"1", 1},   {"3600", 3600},
		{"0", -1},  {"3601", -1},
		{"2s", -1}, {"soon", -1},
		{"-5", -1}, {"99999999999999999999", -1},
	};

	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		struct err e = {{0}};
		int got;

		if (vals[i].v == NULL)
			unsetenv("S3BENCH_CREDENTIAL_PROCESS_TIMEOUT");
		else
			setenv("S3BENCH_CREDENTIAL_PROCESS_TIMEOUT", vals[i].v, 1);
		got = creds_process_timeout_s(&e);
		CHECK(got == vals[i].want &&
			      (got >= 0 ||
			       strstr(e.msg, "S3BENCH_CREDENTIAL_PROCESS_TIMEOUT: '") == e.msg),
		      "S3BENCH_CREDENTIAL_PROCESS_TIMEOUT=%s: %d (%s)",
		      vals[i].v ? vals[i].v : "(unset)", got, e.msg);
	}
	unsetenv("S3BENCH_CREDENTIAL_PROCESS_TIMEOUT");
}

/* test_container_url: the container credentials endpoint from the environment's values:
 * a relative URI on ECS's link-local address, a full one over https anywhere and over http
 * only to the loopback and the ECS / EKS Pod Identity addresses. */
static void test_container_url(void)
{
	static const struct {
		const char *rel, *full, *url;
		int rc;
	} t[] = {
		{"/v2/credentials/abc", NULL, "http://169.254.170.2/v2/credentials/abc", 0},
		{"/v2/x", "http://127.0.0.1:9/y", "http://169.254.170.2/v2/x",
		 0}, /* relative first */
		{NULL, "http://169.254.170.23/v1/credentials",
		 "http://169.254.170.23/v1/credentials", 0},
		{NULL, "http://[fd00:ec2::23]/v1/credentials",
		 "http://[fd00:ec2::23]/v1/credentials", 0},
		{NULL, "http://127.0.0.1:8080/creds", "http://127.0.0.1:8080/creds", 0},
		{NULL, "http://localhost/creds", "http://localhost/creds", 0},
		{NULL, "https://creds.example.com/x", "https://creds.example.com/x", 0},
		{NULL, NULL, NULL, 1},
		{"", "", NULL, 1},
		{NULL, "http://10.0.0.1/creds", NULL, -1},
		{NULL, "http://127.0.0.1.example.com/creds", NULL, -1},
		{NULL, "ftp://127.0.0.1/creds", NULL, -1},
		{"v2/x", NULL, NULL, -1},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char url[256] = "";
		struct err e = {{0}};
		int rc = creds_container_url(t[i].rel, t[i].full, url, sizeof(url), &e);

		CHECK(rc == t[i].rc && (t[i].url == NULL || strcmp(url, t[i].url) == 0) &&
			      (rc >= 0 || strstr(e.msg, "AWS_CONTAINER_CREDENTIALS_") != NULL),
		      "container URL %s / %s: rc %d url %s (%s)", t[i].rel ? t[i].rel : "-",
		      t[i].full ? t[i].full : "-", rc, url, e.msg);
	}
}

/* chain: creds_load with the config file's sources. */
static void test_chain(void)
{
	static const struct {
		const char *profile, *env, *env_val;
		const char *ak, *region, *endpoint, *source, *err;
	} t[] = {
		{"proc", NULL, NULL, "PROCKEY", NULL, NULL, "credential_process of profile proc",
		 NULL},
		{"procfail", NULL, NULL, NULL, NULL, NULL, NULL,
		 "credential_process of profile procfail: the command failed (exit status 7)"},
		{"procbad", NULL, NULL, NULL, NULL, NULL, NULL, "no \"Version\": 1"},
		{"sso", NULL, NULL, NULL, NULL, NULL, NULL,
		 "profile sso is an SSO (IAM Identity Center) profile, which s3bench does not "
		 "support"},
		{"loop1", NULL, NULL, NULL, NULL, NULL, NULL, "deeper than 4 (a loop?)"},
		{"nosource", NULL, NULL, NULL, NULL, NULL, NULL, "role_arn needs source_profile"},
		{"confkeys", NULL, NULL, "CONFKEY", NULL, NULL, "profile confkeys in", NULL},
		{"empty", NULL, NULL, NULL, NULL, NULL, NULL,
		 "/nonexistent/credentials: no such file"},
		{"svc", "AWS_SHARED_CREDENTIALS_FILE", "@cred", NULL, NULL, NULL, NULL,
		 "no profile [svc]"},
		{"bench", "AWS_SHARED_CREDENTIALS_FILE", "@cred", "BENCHKEY", "eu-west-3", NULL,
		 "profile bench in", NULL},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct err e = {{0}};
		struct creds *c;

		clear_env();
		setenv("AWS_CONFIG_FILE", conf_file, 1);
		setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/credentials", 1);
		if (t[i].env)
			setenv(t[i].env, subst(t[i].env_val), 1);
		c = creds_load(t[i].profile, &e);
		CHECK((c != NULL) == (t[i].err == NULL), "chain %s: %s", t[i].profile, e.msg);
		if (c != NULL) {
			CHECK_STR(c->access_key, t[i].ak, "chain %s: key", t[i].profile);
			CHECK(strstr(c->source, t[i].source) != NULL, "chain %s: source '%s'",
			      t[i].profile, c->source);
			if (t[i].region)
				CHECK_STR(c->region, t[i].region, "chain %s: region", t[i].profile);
		} else {
			CHECK(strstr(e.msg, t[i].err) != NULL, "chain %s: '%s' has '%s'",
			      t[i].profile, e.msg, t[i].err);
			CHECK(strstr(e.msg, "procsecret") == NULL, "chain %s: no output in '%s'",
			      t[i].profile, e.msg);
		}
		creds_free(c);
	}
	/* credential_process keys carry their expiry; fixed keys none */
	{
		struct err e = {{0}};
		struct creds *c;
		clear_env();
		setenv("AWS_CONFIG_FILE", conf_file, 1);
		c = creds_load("proc", &e);
		CHECK(c != NULL && c->expires_s == 7258118400LL && c->src != NULL,
		      "process keys: Expiration kept for refresh");
		CHECK(c != NULL && creds_refresh(c, &e) == 0 && strcmp(c->token, "proctok") == 0,
		      "process keys: refreshed by running it again: %s", e.msg);
		creds_free(c);
	}
	/* endpoint: AWS_ENDPOINT_URL_S3 > AWS_ENDPOINT_URL > services s3 > endpoint_url */
	{
		static const char *env[][2] = {{"AWS_ENDPOINT_URL_S3", "http://envs3"},
					       {"AWS_ENDPOINT_URL", "http://envall"},
					       {NULL, NULL}};
		static const char *want[] = {"http://envs3", "http://envall",
					     "http://s3.example:9000"};
		for (int skip = 0; skip < 3; skip++) {
			struct err e = {{0}};
			struct creds *c;
			clear_env();
			setenv("AWS_CONFIG_FILE", conf_file, 1);
			setenv("AWS_ACCESS_KEY_ID", "ENVKEY", 1);
			setenv("AWS_SECRET_ACCESS_KEY", "envsecret", 1);
			setenv("AWS_PROFILE", "svc", 1);
			for (int j = skip; env[j][0]; j++)
				setenv(env[j][0], env[j][1], 1);
			c = creds_load(NULL, &e);
			CHECK(c != NULL && c->endpoint && strcmp(c->endpoint, want[skip]) == 0,
			      "endpoint order %d: %s", skip,
			      c && c->endpoint ? c->endpoint : e.msg);
			CHECK(c != NULL && c->region && strcmp(c->region, "eu-west-1") == 0,
			      "region from AWS_PROFILE's config with env keys");
			creds_free(c);
		}
	}
}

int main(void)
{
	snprintf(dir, sizeof(dir), "/tmp/test_creds.XXXXXX");
	if (mkdtemp(dir) == NULL) {
		CHECK(0, "mkdtemp");
		return check_done();
	}
	snprintf(cred_file, sizeof(cred_file), "%s/credentials", dir);
	snprintf(conf_file, sizeof(conf_file), "%s/config", dir);
	snprintf(bad, sizeof(bad), "%s/bad", dir);
	write_file(cred_file, CREDS);
	write_file(conf_file, CONFIG);
	write_file(bad, "[default]\naws_access_key_id = K\nthis line is not ini\n");

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct ccase *t = &cases[i];
		struct err e = {{0}};
		struct creds *c;

		clear_env();
		for (int j = 0; j < 8 && t->env[j][0]; j++)
			setenv(t->env[j][0], subst(t->env[j][1]), 1);
		c = creds_load(t->profile, &e);
		CHECK((c != NULL) == t->ok, "%s: loaded=%d (%s)", t->name, c != NULL, e.msg);
		if (c != NULL && t->ok) {
			CHECK_STR(c->access_key, t->ak, "%s: access key", t->name);
			CHECK_STR(c->token, t->token, "%s: token", t->name);
			CHECK_STR(c->region, t->region, "%s: region", t->name);
			CHECK_STR(c->endpoint, t->endpoint, "%s: endpoint", t->name);
			CHECK(strstr(c->source, t->source_has) != NULL, "%s: source '%s'", t->name,
			      c->source);
			CHECK(strstr(c->source, "secret") == NULL, "%s: no secret in source",
			      t->name);
		}
		if (!t->ok) {
			for (int j = 0; j < 3 && t->err_has[j]; j++)
				CHECK(strstr(e.msg, subst(t->err_has[j])) != NULL,
				      "%s: error '%s' names '%s'", t->name, e.msg,
				      subst(t->err_has[j]));
			CHECK(strstr(e.msg, "secret+x") == NULL &&
				      strstr(e.msg, "defaultsecret") == NULL,
			      "%s: no secret in the error", t->name);
		}
		creds_free(c);
	}

	/* a malformed file: the error names the file and line */
	{
		struct err e = {{0}};
		char want[400];
		clear_env();
		setenv("AWS_SHARED_CREDENTIALS_FILE", bad, 1);
		CHECK(creds_load(NULL, &e) == NULL, "malformed file fails");
		snprintf(want, sizeof(want), "%s:3", bad);
		CHECK(strstr(e.msg, want) != NULL, "malformed: '%s' names %s", e.msg, want);
	}
	/* ~/.aws/credentials under HOME */
	{
		struct err e = {{0}};
		char awsdir[300], path[320];
		struct creds *c;
		clear_env();
		snprintf(awsdir, sizeof(awsdir), "%s/.aws", dir);
		mkdir(awsdir, 0700);
		snprintf(path, sizeof(path), "%s/credentials", awsdir);
		write_file(path, CREDS);
		c = creds_load("bench", &e);
		CHECK(c != NULL && strcmp(c->access_key, "BENCHKEY") == 0,
		      "HOME/.aws/credentials: %s", e.msg);
		creds_free(c);
		unlink(path);
		rmdir(awsdir);
	}
	test_awsconf();
	test_process_json();
	test_sts_xml();
	test_refresh_at();
	test_process_timeout();
	test_container_url();
	test_chain();
	unlink(cred_file);
	unlink(conf_file);
	unlink(bad);
	rmdir(dir);
	return check_done();
}

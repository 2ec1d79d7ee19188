/* tests/unit/test_creds.c: credentials from the environment and shared files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/s3/creds.h"
#include "tests/unit/check.h"

static char dir[256], cred_file[300], conf_file[300];

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
	static const char *vars[] = {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
				     "AWS_SESSION_TOKEN", "AWS_PROFILE",
				     "AWS_REGION",        "AWS_DEFAULT_REGION",
				     "AWS_ENDPOINT_URL",  "AWS_SHARED_CREDENTIALS_FILE",
				     "AWS_CONFIG_FILE"};
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		unsetenv(vars[i]);
	setenv("HOME", dir, 1); /* no ~/.aws there unless a case writes one */
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

int main(void)
{
	char bad[320];

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
	unlink(cred_file);
	unlink(conf_file);
	unlink(bad);
	rmdir(dir);
	return check_done();
}

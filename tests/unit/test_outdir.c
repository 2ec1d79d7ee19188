/* tests/unit/test_outdir.c: the output dir's lock, run states, atomic files and temporary
 * files; the child's state file round trip; run.json as built (no credential, summary
 * only for complete runs, null values). */
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "collect/run/outdir.h"
#include "collect/run/runjson.h"
#include "core/fsutil.h"
#include "tests/unit/check.h"

/* readdir as on a filesystem without d_type (some XFS, NFS, FUSE): while hide_dtype is
 * set, every entry says DT_UNKNOWN. Defined here, it takes the place of the C library's
 * for outdir.c too. */
static int hide_dtype;

struct dirent *readdir(DIR *d)
{
	static struct dirent *(*real)(DIR *);
	struct dirent *de;

	if (real == NULL)
		*(void **)&real = dlsym(RTLD_NEXT, "readdir");
	de = real ? real(d) : NULL;
	if (de && hide_dtype)
		de->d_type = DT_UNKNOWN;
	return de;
}

static int exists(const char *dir, const char *name)
{
	char p[4096];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return stat(p, &st) == 0;
}

static void touch(const char *dir, const char *name, const char *text)
{
	char p[4096];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_lock(const char *root)
{
	struct outdir *a = NULL, *b = NULL;
	struct err e;
	char dir[4096];
	int rc;
	pid_t pid;

	snprintf(dir, sizeof(dir), "%s/out/deeper", root);
	CHECK(outdir_open(dir, &a, &e) == 0 && a != NULL, "open creates the dir: %s", e.msg);
	if (a == NULL)
		return;
	CHECK(exists(dir, ".lock"), ".lock exists");
	/* a second collector is another process: flock conflicts across open files */
	pid = fork();
	if (pid == 0) {
		struct err ce;
		int crc = outdir_open(dir, &b, &ce);
		_exit(crc == OUTDIR_LOCKED && strstr(ce.msg, "in use by another collector") &&
				      b == NULL
			      ? 0
			      : 1);
	}
	waitpid(pid, &rc, 0);
	CHECK(WIFEXITED(rc) && WEXITSTATUS(rc) == 0, "a second open gets OUTDIR_LOCKED");
	/* flock is per open file: a second open in this process conflicts as well, and the
	 * message names the owner's pid */
	char want[64];
	snprintf(want, sizeof(want), "(pid %ld)", (long)getpid());
	rc = outdir_open(dir, &b, &e);
	CHECK(rc == OUTDIR_LOCKED && b == NULL && strstr(e.msg, want),
	      "locked, naming the owner: %s", e.msg);
	outdir_free(b);
	b = NULL;

	/* run states */
	char rdir[4096];
	CHECK(outdir_run_state(a, "runs/cycle-01/x/put-4KiB-c1") == RUN_ABSENT, "absent");
	CHECK(outdir_prepare_run(a, "runs/cycle-01/x/put-4KiB-c1", rdir, sizeof(rdir), &e) == 0,
	      "prepare run: %s", e.msg);
	CHECK(outdir_run_state(a, "runs/cycle-01/x/put-4KiB-c1") == RUN_INCOMPLETE,
	      "a dir without run.json is incomplete");
	touch(rdir, "ops.tsv.zst", "partial");
	touch(rdir, ".ops.tsv.zst.tmp.123", "partial");
	touch(rdir, ".state.json", "{}");
	outdir_remove_temps(rdir);
	CHECK(!exists(rdir, ".ops.tsv.zst.tmp.123") && !exists(rdir, ".state.json") &&
		      exists(rdir, "ops.tsv.zst"),
	      "remove_temps removes only temporary files");
	touch(rdir, "run.json",
	      "{\"format\": \"s3bench-run/1\", \"status\": \"failed\", \"wrapper\": "
	      "{\"interrupted\": true}}");
	CHECK(outdir_run_state(a, "runs/cycle-01/x/put-4KiB-c1") == RUN_INTERRUPTED, "interrupted");
	touch(rdir, "run.json",
	      "{\"format\": \"s3bench-run/1\", \"status\": \"failed\", \"wrapper\": "
	      "{\"interrupted\": false}}");
	CHECK(outdir_run_state(a, "runs/cycle-01/x/put-4KiB-c1") == RUN_COMPLETE,
	      "a failed run is recorded, not redone");
	CHECK(outdir_prepare_run(a, "runs/cycle-01/x/put-4KiB-c1", rdir, sizeof(rdir), &e) == 0 &&
		      !exists(rdir, "run.json") && !exists(rdir, "ops.tsv.zst"),
	      "prepare_run empties an earlier attempt");
	/* an earlier attempt's subdirectory, on a filesystem that gives no d_type */
	char sub[4096];
	snprintf(sub, sizeof(sub), "%s/sub", rdir);
	mkdir(sub, 0755);
	touch(sub, "inner", "x");
	touch(rdir, "ops.tsv.zst", "partial");
	hide_dtype = 1;
	CHECK(outdir_prepare_run(a, "runs/cycle-01/x/put-4KiB-c1", rdir, sizeof(rdir), &e) == 0 &&
		      !exists(rdir, "sub") && !exists(rdir, "ops.tsv.zst"),
	      "prepare_run removes a subdirectory when d_type is DT_UNKNOWN: %s", e.msg);
	hide_dtype = 0;

	/* atomic write */
	char path[4096];
	snprintf(path, sizeof(path), "%s/file.txt", dir);
	CHECK(fs_write_file(path, "hello\n", 6, &e) == 0, "write_file: %s", e.msg);
	CHECK(exists(dir, "file.txt"), "file written");
	char tmp[64];
	snprintf(tmp, sizeof(tmp), ".file.txt.tmp.%ld", (long)getpid());
	CHECK(!exists(dir, tmp), "no temporary left");
	snprintf(path, sizeof(path), "%s/nodir/file.txt", dir);
	CHECK(fs_write_file(path, "x", 1, &e) == -1 && strstr(e.msg, "nodir"),
	      "write into a missing dir fails naming it: %s", e.msg);
	outdir_free(a);
	/* released */
	CHECK(outdir_open(dir, &a, &e) == 0, "lock released by outdir_free");
	outdir_free(a);
}

static void test_state_and_runjson(const char *root)
{
	struct run_state st, back;
	struct err e;
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/run", root);
	mkdir(dir, 0755);
	run_state_init(&st);
	st.phase[PHASE_PREPARE] = PH_SKIPPED;
	st.phase[PHASE_BENCHMARK] = PH_DONE;
	st.phase[PHASE_CLEANUP] = PH_STARTED;
	st.cls = EC_HTTP_5XX;
	st.errors = 3;
	for (int i = 0; i < 7; i++)
		run_state_add_error(&st, "HTTP 503 SlowDown: slow");
	st.summary = json_pack("{s:i}", "requests", 12);
	st.cpu_s = 0.5;
	CHECK(st.n_first == ENGINE_FIRST_ERRORS, "at most %d first errors", ENGINE_FIRST_ERRORS);
	CHECK(run_state_write(dir, &st, &e) == 0, "state written: %s", e.msg);
	CHECK(run_state_read(dir, &back, &e) == 0, "state read: %s", e.msg);
	CHECK(back.phase[PHASE_PREPARE] == PH_SKIPPED && back.phase[PHASE_BENCHMARK] == PH_DONE &&
		      back.phase[PHASE_CLEANUP] == PH_STARTED,
	      "phases round-trip");
	CHECK(back.cls == EC_HTTP_5XX && back.errors == 3 && back.n_first == 5 && !back.finished,
	      "class, errors, first, finished round-trip");
	CHECK(back.summary && json_integer_value(json_object_get(back.summary, "requests")) == 12,
	      "summary round-trips");
	CHECK_NUM(back.cpu_s, 0.5, 1e-12, "cpu round-trips");

	struct campaign_subject subj = {.id = "s3",
					.label = "S3 one",
					.endpoint = "http://h:1",
					.region = "us-east-1",
					.bucket = "b",
					.path_style = 1,
					.cred_kind = CAMPAIGN_CRED_ENV,
					.cred_name = "SECRETPREFIX",
					.color = "#123456"};
	struct workload wl = {.op = WL_GET,
			      .size = 4096,
			      .concurrency = 4,
			      .bound = WL_BOUND_COUNT,
			      .count = 10,
			      .objects = 20};
	struct run_wrapper w = {.started_ns = 1764669600000000000LL,
				.ended_ns = 1764669604200000000LL,
				.elapsed_s = 4.2,
				.exited = 1,
				.exit_code = 0};
	struct runjson_input in = {.subject = &subj,
				   .wl = &wl,
				   .timeout_s = 60,
				   .st = &back,
				   .wrapper = &w,
				   .cls = EC_HTTP_5XX,
				   .complete = 1};
	json_t *j = runjson_build(&in, &e);
	CHECK(j != NULL, "run.json built");
	if (j) {
		char *text = json_dumps(j, JSON_COMPACT);
		CHECK(strstr(text, "SECRETPREFIX") == NULL, "the env prefix is not written");
		CHECK_STR(json_string_value(json_object_get(j, "format")), "s3bench-run/1",
			  "format");
		CHECK(json_is_null(json_object_get(j, "campaign")) &&
			      json_is_null(json_object_get(j, "cycle")),
		      "campaign and cycle null");
		json_t *wlj = json_object_get(j, "workload");
		CHECK_STR(json_string_value(json_object_get(wlj, "op")), "get", "op");
		CHECK_STR(json_string_value(json_object_get(wlj, "bound")), "count", "bound");
		CHECK(json_is_null(json_object_get(wlj, "duration_s")) &&
			      json_integer_value(json_object_get(wlj, "count")) == 10 &&
			      json_is_null(json_object_get(wlj, "batch")),
		      "null where it does not apply");
		json_t *wr = json_object_get(j, "wrapper");
		CHECK_STR(json_string_value(json_object_get(wr, "started")), "2025-12-02T10:00:00Z",
			  "started time");
		CHECK_STR(json_string_value(json_object_get(wr, "ended")), "2025-12-02T10:00:04.2Z",
			  "ended time");
		CHECK_STR(json_string_value(json_object_get(json_object_get(j, "errors"), "class")),
			  "http-5xx", "class");
		CHECK_STR(json_string_value(json_object_get(j, "status")), "complete", "status");
		CHECK(json_object_get(j, "summary") != NULL, "summary present when complete");
		CHECK_STR(json_string_value(
				  json_object_get(json_object_get(j, "subject"), "credentials")),
			  "env", "credential kind");
		free(text);
		json_decref(j);
	}
	/* never a run.json without a field: a text that is not UTF-8 is named instead; an
	 * error text from outside (or cut inside a character) is scrubbed */
	subj.label = "Telef\xf3nica";
	j = runjson_build(&in, &e);
	CHECK(j == NULL && strcmp(e.msg, "subject.label: not UTF-8 (byte 0xF3 at position 6)") == 0,
	      "a label that is not UTF-8: no run.json, the field named: %s", e.msg);
	json_decref(j);
	subj.label = "S3 one";
	struct campaign camp = {.name = "c", .title = "t", .client = "caf\xe9", .cycles = 1};
	in.campaign = &camp;
	j = runjson_build(&in, &e);
	CHECK(j == NULL && strstr(e.msg, "campaign.client: not UTF-8") == e.msg,
	      "a campaign client that is not UTF-8 is named: %s", e.msg);
	json_decref(j);
	in.campaign = NULL;
	back.n_first = 0;
	run_state_add_error(&back, "HTTP 500: r\xe9ponse");
	char longtext[300];
	memset(longtext, 'x', sizeof(longtext));
	memcpy(longtext + 253, "\xe6\x9d\xb1", 3); /* cut at 255 bytes inside the character */
	longtext[299] = '\0';
	run_state_add_error(&back, longtext);
	j = runjson_build(&in, &e);
	json_t *first = j ? json_object_get(json_object_get(j, "errors"), "first") : NULL;
	CHECK(json_array_size(first) == 2 &&
		      strcmp(json_string_value(json_array_get(first, 0)), "HTTP 500: r?ponse") ==
			      0 &&
		      strlen(json_string_value(json_array_get(first, 1))) == 255,
	      "error texts scrubbed, never dropped");
	json_decref(j);
	in.complete = 0;
	w.exited = 0;
	w.signal = 9;
	w.timed_out = 1;
	j = runjson_build(&in, &e);
	CHECK(j && json_object_get(j, "summary") == NULL, "no summary when failed");
	CHECK(j && json_is_null(json_object_get(json_object_get(j, "wrapper"), "exit_code")),
	      "exit_code null when killed by a signal");
	CHECK_STR(j ? json_string_value(json_object_get(j, "status")) : NULL, "failed", "failed");
	CHECK(j && runjson_write(dir, j, &e) == 0 && exists(dir, "run.json"), "run.json written");
	json_decref(j);
	run_state_clear(&st);
	run_state_clear(&back);
	CHECK(run_state_read("/nonexistent", &back, &e) == -1, "missing state file is an error");
}

int main(void)
{
	char root[] = "/tmp/s3bench-test-outdir.XXXXXX";
	char cmd[256];

	if (mkdtemp(root) == NULL) {
		CHECK(0, "mkdtemp");
		return check_done();
	}
	test_lock(root);
	test_state_and_runjson(root);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", root);
	return check_done();
}

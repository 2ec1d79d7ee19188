/* tests/unit/test_errstat.c: core/errstat (errors as data) and the local-io class. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errclass.h"
#include "core/errstat.h"
#include "tests/unit/check.h"

static const struct {
	const char *error, *key;
} keys[] = {
	{"HTTP 503 SlowDown: Please reduce your request rate.", "503"},
	{"HTTP 429", "429"},
	{"HTTP 404 NoSuchKey", "404"},
	{"HTTP 5000", "other"}, /* not a 3-digit status */
	{"HTTP 50", "other"},
	{"timeout: Operation timed out after 5000 milliseconds", "timeout"},
	{"connect: Recv failure: Connection reset by peer", "connect"},
	{"dns: Could not resolve host: x.invalid", "dns"},
	{"tls: SSL certificate problem", "tls"},
	{"local-io: ops.tsv.zst: No space left on device", "local-io"},
	{"checksum: x-amz-checksum-crc32 is AAAA, the body's is BBBB", "checksum"},
	{"connection: something", "other"},
	{"short body: 10 of 4096 bytes", "other"},
	{"", "other"},
};

/* errstat_is_conflict: the conditional writes' conflict class */
static const struct {
	const char *error;
	int conflict;
} conflicts[] = {
	{"HTTP 412 PreconditionFailed: At least one of the pre-conditions", 1},
	{"HTTP 412 PreconditionFailed", 1},
	{"HTTP 409 ConditionalRequestConflict: retry", 1},
	{"HTTP 409 BucketAlreadyExists: racing creators", 0},
	{"HTTP 412", 0},
	{"HTTP 412 PreconditionFailedX", 0},
	{"", 0},
	{NULL, 0},
};

int main(void)
{
	char buf[ERRSTAT_KEY_MAX];
	struct errstat s = {0}, t = {0};
	struct err e;

	for (size_t i = 0; i < sizeof(conflicts) / sizeof(conflicts[0]); i++)
		CHECK(errstat_is_conflict(conflicts[i].error) == conflicts[i].conflict,
		      "is_conflict %s", conflicts[i].error ? conflicts[i].error : "NULL");
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		CHECK_STR(errstat_key(keys[i].error, buf, sizeof(buf)), keys[i].key, "%s",
			  keys[i].error);
	CHECK_STR(errstat_key(NULL, buf, sizeof(buf)), "other", "NULL");

	errstat_add(&s, "503", 3);
	errstat_add(&s, "timeout", 1);
	errstat_add(&s, "429", 2);
	errstat_add(&s, "503", 1);
	CHECK(s.n == 3, "three keys");
	CHECK_STR(s.e[0].key, "429", "sorted: 429 first");
	CHECK_STR(s.e[2].key, "timeout", "sorted: timeout last");
	CHECK(errstat_get(&s, "503") == 4 && errstat_get(&s, "500") == 0, "get");
	CHECK(errstat_total(&s) == 7 && errstat_throttled(&s) == 6, "total, throttled");

	json_t *j = errstat_to_json(&s);
	char *txt = json_dumps(j, JSON_COMPACT);
	CHECK_STR(txt, "{\"429\":2,\"503\":4,\"timeout\":1}", "JSON in key order");
	CHECK(errstat_from_json(j, "summary.errors_by", &t, &e) == 0 && t.n == 3 &&
		      errstat_get(&t, "503") == 4,
	      "JSON round trip");
	free(txt);
	json_decref(j);
	j = json_loads("{\"503\": -1}", 0, NULL);
	CHECK(errstat_from_json(j, "summary.errors_by", &t, &e) < 0, "a negative count refused");
	CHECK_STR(e.msg, "summary.errors_by.503: not a whole number", "names the field");
	json_decref(j);

	t = s;
	CHECK(errstat_equal(&t, &s), "equal");
	errstat_merge(&t, &s);
	CHECK(!errstat_equal(&t, &s), "not equal after a merge");
	CHECK(errstat_get(&t, "503") == 8 && errstat_get(&t, "429") == 4, "merge");

	/* more keys than fit: the rest under "other" */
	struct errstat many = {0};
	char k[8];
	for (int i = 0; i < 40; i++) {
		snprintf(k, sizeof(k), "%d", 400 + i);
		errstat_add(&many, k, 1);
	}
	CHECK(many.n == ERRSTAT_KEYS && errstat_total(&many) == 40, "overflow kept every count");
	CHECK(errstat_get(&many, "other") == 40 - (ERRSTAT_KEYS - 1), "overflow under other");

	CHECK_STR(err_class_name(EC_LOCAL_IO), "local-io", "the local-io class");
	CHECK(err_class_parse("local-io") == EC_LOCAL_IO, "local-io parses");
	return check_done();
}

/* tests/unit/test_s3req.c: how the S3 client builds requests (no network: setup only):
 * URL, path-style and virtual-hosted addressing, canonical query, signed headers. */
#include <stdio.h>
#include <string.h>

#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "tests/unit/check.h"

/* line: the n-th line (from 0) of text into out. */
static const char *line(const char *text, int n, char *out, size_t size)
{
	const char *p = text;

	for (int i = 0; i < n && p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	out[0] = '\0';
	if (p) {
		size_t l = strcspn(p, "\n");
		snprintf(out, size, "%.*s", (int)l, p);
	}
	return out;
}

struct rcase {
	const char *name;
	int virtual_hosted, sign_payload;
	struct s3_args a;
	const char *url, *method, *query;
	const char *signed_headers; /* the SignedHeaders line */
	const char *payload;        /* last line of the canonical request */
};

static const char *etags[] = {"\"e1\"", "\"e2\""};
static const char *dkeys[] = {"a", "b&c"};
static const struct s3_body five = {.mem = "hello", .len = 5};

static const struct s3_hdr cond[] = {{"if-none-match", "*"}, {"x-amz-checksum-crc32", "AAAAAA=="}};

static const struct s3_hdr longhdr[] = {{"x-amz-tagging",
					 "a=0123456789012345678901234567890123456789"
					 "0123456789012345678901234567890123456789"}};

static const struct rcase cases[] = {
	/* extra headers (s3_args.hdrs) are signed, sorted with the others */
	{"put with extra headers",
	 0,
	 0,
	 {.op = S3_PUT_OBJECT,
	  .bucket = "bkt",
	  .key = "k",
	  .body = &five,
	  .hdrs = cond,
	  .n_hdrs = 2},
	 "http://127.0.0.1:9000/bkt/k",
	 "PUT",
	 "",
	 "host;if-none-match;x-amz-checksum-crc32;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"get bucket versioning",
	 0,
	 0,
	 {.op = S3_GET_VERSIONING, .bucket = "bkt"},
	 "http://127.0.0.1:9000/bkt?versioning=",
	 "GET",
	 "versioning=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"get object tagging, virtual-hosted",
	 1,
	 0,
	 {.op = S3_GET_OBJECT_TAGGING, .bucket = "bkt", .key = "a b"},
	 "http://bkt.127.0.0.1:9000/a%20b?tagging=",
	 "GET",
	 "tagging=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"head one version",
	 0,
	 0,
	 {.op = S3_HEAD_OBJECT, .bucket = "bkt", .key = "k", .version_id = "3/a+b"},
	 "http://127.0.0.1:9000/bkt/k?versionId=3%2Fa%2Bb",
	 "HEAD",
	 "versionId=3%2Fa%2Bb",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"put, path style, special key",
	 0,
	 0,
	 {.op = S3_PUT_OBJECT, .bucket = "bkt", .key = "dir/a b+*=&?%~.txt", .body = &five},
	 "http://127.0.0.1:9000/bkt/dir/a%20b%2B%2A%3D%26%3F%25~.txt",
	 "PUT",
	 "",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"put, signed payload",
	 0,
	 1,
	 {.op = S3_PUT_OBJECT, .bucket = "bkt", .key = "k", .body = &five},
	 "http://127.0.0.1:9000/bkt/k",
	 "PUT",
	 "",
	 "host;x-amz-content-sha256;x-amz-date",
	 "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"},
	/* a byte range: the Range header is not signed (SigV4 does not require it) */
	{"get, byte range",
	 0,
	 0,
	 {.op = S3_GET_OBJECT, .bucket = "bkt", .key = "k", .range_off = 10, .range_len = 20},
	 "http://127.0.0.1:9000/bkt/k",
	 "GET",
	 "",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"get, virtual hosted, UTF-8 key",
	 1,
	 0,
	 {.op = S3_GET_OBJECT, .bucket = "bkt", .key = "\xc3\xa9/x"},
	 "http://bkt.127.0.0.1:9000/%C3%A9/x",
	 "GET",
	 "",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"head bucket, virtual hosted",
	 1,
	 1,
	 {.op = S3_HEAD_BUCKET, .bucket = "bkt"},
	 "http://bkt.127.0.0.1:9000/",
	 "HEAD",
	 "",
	 "host;x-amz-content-sha256;x-amz-date",
	 "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
	{"create bucket",
	 0,
	 0,
	 {.op = S3_CREATE_BUCKET, .bucket = "bkt"},
	 "http://127.0.0.1:9000/bkt",
	 "PUT",
	 "",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"list with token and prefix",
	 0,
	 0,
	 {.op = S3_LIST_OBJECTS,
	  .bucket = "bkt",
	  .prefix = "p/q r",
	  .max_keys = 2,
	  .token = "a+b/c="},
	 "http://127.0.0.1:9000/bkt?continuation-token=a%2Bb%2Fc%3D&list-type=2&max-keys=2&prefix=p%2Fq%20r",
	 "GET",
	 "continuation-token=a%2Bb%2Fc%3D&list-type=2&max-keys=2&prefix=p%2Fq%20r",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"multi-delete: delete= and Content-MD5 signed",
	 0,
	 0,
	 {.op = S3_DELETE_OBJECTS, .bucket = "bkt", .keys = dkeys, .n_keys = 2},
	 "http://127.0.0.1:9000/bkt?delete=",
	 "POST",
	 "delete=",
	 "content-md5;host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"create multipart upload",
	 0,
	 0,
	 {.op = S3_MP_CREATE, .bucket = "bkt", .key = "m"},
	 "http://127.0.0.1:9000/bkt/m?uploads=",
	 "POST",
	 "uploads=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"list multipart uploads, first page",
	 0,
	 0,
	 {.op = S3_MP_LIST, .bucket = "bkt", .prefix = "s3bench/run-1/"},
	 "http://127.0.0.1:9000/bkt?prefix=s3bench%2Frun-1%2F&uploads=",
	 "GET",
	 "prefix=s3bench%2Frun-1%2F&uploads=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"list multipart uploads, next page: markers in byte order",
	 0,
	 0,
	 {.op = S3_MP_LIST,
	  .bucket = "bkt",
	  .prefix = "p/",
	  .max_keys = 2,
	  .key_marker = "p/a b",
	  .upload_id_marker = "2~x+y"},
	 "http://127.0.0.1:9000/bkt?key-marker=p%2Fa%20b&max-uploads=2&prefix=p%2F&upload-id-marker=2~x%2By&uploads=",
	 "GET",
	 "key-marker=p%2Fa%20b&max-uploads=2&prefix=p%2F&upload-id-marker=2~x%2By&uploads=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"list object versions, next page: markers in byte order, versions last",
	 0,
	 0,
	 {.op = S3_LIST_VERSIONS,
	  .bucket = "bkt",
	  .prefix = "p/",
	  .max_keys = 1000,
	  .key_marker = "p/a b",
	  .version_id_marker = "3/x+y"},
	 "http://127.0.0.1:9000/bkt?key-marker=p%2Fa%20b&max-keys=1000&prefix=p%2F&version-id-marker=3%2Fx%2By&versions=",
	 "GET",
	 "key-marker=p%2Fa%20b&max-keys=1000&prefix=p%2F&version-id-marker=3%2Fx%2By&versions=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"list object versions, first page",
	 0,
	 0,
	 {.op = S3_LIST_VERSIONS, .bucket = "bkt", .prefix = "s3bench/"},
	 "http://127.0.0.1:9000/bkt?prefix=s3bench%2F&versions=",
	 "GET",
	 "prefix=s3bench%2F&versions=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"get bucket versioning",
	 1,
	 0,
	 {.op = S3_GET_VERSIONING, .bucket = "bkt"},
	 "http://bkt.127.0.0.1:9000/?versioning=",
	 "GET",
	 "versioning=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"get object lock configuration",
	 0,
	 0,
	 {.op = S3_GET_OBJECT_LOCK, .bucket = "bkt"},
	 "http://127.0.0.1:9000/bkt?object-lock=",
	 "GET",
	 "object-lock=",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"delete one version",
	 0,
	 0,
	 {.op = S3_DELETE_OBJECT, .bucket = "bkt", .key = "k", .version_id = "v/1+"},
	 "http://127.0.0.1:9000/bkt/k?versionId=v%2F1%2B",
	 "DELETE",
	 "versionId=v%2F1%2B",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"delete the current version: no query",
	 0,
	 0,
	 {.op = S3_DELETE_OBJECT, .bucket = "bkt", .key = "k"},
	 "http://127.0.0.1:9000/bkt/k",
	 "DELETE",
	 "",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"upload part",
	 0,
	 0,
	 {.op = S3_MP_UPLOAD_PART,
	  .bucket = "bkt",
	  .key = "m",
	  .body = &five,
	  .upload_id = "id/+=",
	  .part_number = 3},
	 "http://127.0.0.1:9000/bkt/m?partNumber=3&uploadId=id%2F%2B%3D",
	 "PUT",
	 "partNumber=3&uploadId=id%2F%2B%3D",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"complete",
	 0,
	 0,
	 {.op = S3_MP_COMPLETE,
	  .bucket = "bkt",
	  .key = "m",
	  .upload_id = "u",
	  .etags = etags,
	  .n_parts = 2},
	 "http://127.0.0.1:9000/bkt/m?uploadId=u",
	 "POST",
	 "uploadId=u",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
	{"abort",
	 0,
	 0,
	 {.op = S3_MP_ABORT, .bucket = "bkt", .key = "m", .upload_id = "u"},
	 "http://127.0.0.1:9000/bkt/m?uploadId=u",
	 "DELETE",
	 "uploadId=u",
	 "host;x-amz-content-sha256;x-amz-date",
	 "UNSIGNED-PAYLOAD"},
};

static void bad_args(struct s3_req *r)
{
	static const struct {
		struct s3_args a;
		const char *err;
	} t[] = {
		{{.op = S3_GET_OBJECT, .key = "k"}, "no bucket"},
		{{.op = S3_GET_OBJECT, .bucket = "b"}, "no key"},
		{{.op = S3_MP_UPLOAD_PART, .bucket = "b", .key = "k", .part_number = 1},
		 "upload id"},
		{{.op = S3_MP_UPLOAD_PART, .bucket = "b", .key = "k", .upload_id = "u"},
		 "part number"},
		{{.op = S3_DELETE_OBJECTS, .bucket = "b", .keys = dkeys, .n_keys = 1001},
		 "1..1000"},
		{{.op = S3_MP_COMPLETE, .bucket = "b", .key = "k", .upload_id = "u"}, "no parts"},
		{{.op = S3_PUT_OBJECT, .bucket = "b", .key = "k", .range_len = 1},
		 "only for GetObject"},
		{{.op = S3_GET_OBJECT,
		  .bucket = "b",
		  .key = "k",
		  .range_off = UINT64_MAX,
		  .range_len = 2},
		 "within 2^64"},
		{{.op = S3_PUT_OBJECT, .bucket = "b", .key = "k", .version_id = "v"},
		 "version id only"},
		{{.op = S3_PUT_OBJECT, .bucket = "b", .key = "k", .hdrs = cond, .n_hdrs = 7},
		 "7 extra headers"},
		{{.op = S3_PUT_OBJECT, .bucket = "b", .key = "k", .hdrs = longhdr, .n_hdrs = 1},
		 "header x-amz-tagging"},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct err e = {{0}};
		CHECK(s3_req_setup(r, &t[i].a, &e) == -1 && strstr(e.msg, t[i].err) != NULL,
		      "bad args %zu: '%s' names '%s'", i, e.msg, t[i].err);
	}
}

/* result_header: s3_result_header on a kept header block. */
static void result_header(void)
{
	struct s3_result res;
	char v[64];

	memset(&res, 0, sizeof(res));
	res.headers = "HTTP/1.1 200 OK\r\nETag: \"abc\"\r\nx-amz-version-id:  3/xy \r\n"
		      "X-Amz-Checksum-CRC32: AAAAAA==\r\nx-amz-version-idx: no\r\n\r\n";
	CHECK(s3_result_header(&res, "x-amz-version-id", v, sizeof(v)) == 1 &&
		      strcmp(v, "3/xy") == 0,
	      "header trimmed: '%s'", v);
	CHECK(s3_result_header(&res, "x-amz-checksum-crc32", v, sizeof(v)) == 1 &&
		      strcmp(v, "AAAAAA==") == 0,
	      "header name case-insensitive: '%s'", v);
	CHECK(s3_result_header(&res, "etag", v, sizeof(v)) == 1 && strcmp(v, "\"abc\"") == 0,
	      "quotes kept: '%s'", v);
	CHECK(s3_result_header(&res, "x-amz-tagging-count", v, sizeof(v)) == 0, "absent header");
	res.headers = NULL;
	CHECK(s3_result_header(&res, "etag", v, sizeof(v)) == 0, "headers not kept");
}

int main(void)
{
	result_header();
	struct err e = {{0}};
	struct creds *cr = creds_new("AKIDTEST", "SECRET/KEY+xyz", "TOKEN123", NULL, NULL, &e);
	char buf[1024];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct rcase *t = &cases[i];
		struct s3_config cfg = {.endpoint = "http://127.0.0.1:9000",
					.region = "eu-west-1",
					.virtual_hosted = t->virtual_hosted,
					.sign_payload = t->sign_payload,
					.creds = cr};
		struct s3_client *c = s3_client_new(&cfg, &e);
		struct s3_req *r = c ? s3_req_new(c, &e) : NULL;
		if (r == NULL) {
			CHECK(0, "%s: client: %s", t->name, e.msg);
			s3_client_free(c);
			continue;
		}
		CHECK(s3_req_setup(r, &t->a, &e) == 0, "%s: setup: %s", t->name, e.msg);
		const char *creq = s3_req_canonical_request(r);
		CHECK_STR(s3_req_url(r), t->url, "%s: URL", t->name);
		CHECK_STR(line(creq, 0, buf, sizeof(buf)), t->method, "%s: method", t->name);
		CHECK_STR(line(creq, 2, buf, sizeof(buf)), t->query, "%s: canonical query",
			  t->name);
		/* the signed headers line comes after the blank line that ends the headers */
		const char *blank = NULL;
		for (const char *q = strstr(creq, "\n\n"); q != NULL; q = strstr(q + 1, "\n\n"))
			blank = q; /* the last one ends the headers */
		CHECK(blank != NULL, "%s: blank line", t->name);
		if (blank != NULL) {
			char want[200];
			snprintf(want, sizeof(want), "%s;x-amz-security-token", t->signed_headers);
			CHECK_STR(line(blank + 2, 0, buf, sizeof(buf)), want, "%s: signed headers",
				  t->name);
			CHECK_STR(line(blank + 2, 1, buf, sizeof(buf)), t->payload,
				  "%s: payload hash", t->name);
		}
		CHECK(strstr(creq, "x-amz-security-token:TOKEN123\n") != NULL, "%s: token signed",
		      t->name);
		CHECK(strstr(creq, "SECRET") == NULL && strstr(s3_req_url(r), "SECRET") == NULL,
		      "%s: no secret", t->name);
		char host[128];
		snprintf(host, sizeof(host), "\nhost:%s127.0.0.1:9000\n",
			 t->virtual_hosted ? "bkt." : "");
		CHECK(strstr(creq, host) != NULL, "%s: host with port signed", t->name);
		if (i == 0)
			bad_args(r);
		s3_req_free(r);
		s3_client_free(c);
	}
	/* configuration errors name the field */
	static const struct {
		const char *endpoint, *region, *want;
	} bad[] = {
		{"ftp://x", "r", "http:// or https://"}, {"http://", "r", "no host"},
		{"http://h/base", "r", "path"},          {"http://user@h", "r", "user info"},
		{"http://h", "", "no region"},           {NULL, "r", "endpoint"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct s3_config cfg = {
			.endpoint = bad[i].endpoint, .region = bad[i].region, .creds = cr};
		CHECK(s3_client_new(&cfg, &e) == NULL && strstr(e.msg, bad[i].want) != NULL,
		      "bad config %zu: '%s' names '%s'", i, e.msg, bad[i].want);
	}
	creds_free(cr);
	return check_done();
}

/* tests/unit/test_s3xml.c: S3 XML bodies read and written with libxml2. */
#include <stdio.h>
#include <string.h>

#include "collect/s3/s3xml.h"
#include "tests/unit/check.h"

#define NS "xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\""

static void errors(void)
{
	static const struct {
		const char *xml;
		int rc;
		const char *code, *msg;
	} t[] = {
		{"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SignatureDoesNotMatch</Code>"
		 "<Message>The request signature we calculated does not match</Message>"
		 "<StringToSign>AWS4-HMAC-SHA256...</StringToSign></Error>",
		 0, "SignatureDoesNotMatch", "The request signature we calculated does not match"},
		{"<Error><Code>NoSuchKey</Code></Error>", 0, "NoSuchKey", ""},
		{"<Error><Code>A&amp;B</Code><Message>x &lt; y</Message></Error>", 0, "A&B",
		 "x < y"},
		{"<ListBucketResult/>", -1, "", ""},
		{"not xml at all", -1, "", ""},
		{"", -1, "", ""},
		{"<!DOCTYPE Error [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>"
		 "<Error><Code>&b;</Code></Error>",
		 -1, "", ""},
		{"<!DOCTYPE Error SYSTEM \"http://127.0.0.1:1/x.dtd\"><Error><Code>X</Code></Error>",
		 -1, "", ""},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char code[64], msg[128];
		int rc = s3xml_error(t[i].xml, strlen(t[i].xml), code, sizeof(code), msg,
				     sizeof(msg));
		CHECK(rc == t[i].rc, "error case %zu: rc %d", i, rc);
		CHECK_STR(code, t[i].code, "error case %zu: code", i);
		CHECK_STR(msg, t[i].msg, "error case %zu: message", i);
	}
}

static void list(void)
{
	struct s3xml_list l = {0};
	struct err e = {{0}};
	const char *page1 =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
		"<ListBucketResult " NS "><Name>b</Name><Prefix>p/</Prefix><KeyCount>3</KeyCount>"
		"<MaxKeys>3</MaxKeys><IsTruncated>true</IsTruncated>"
		"<Contents><Key>p/a b</Key><Size>1</Size></Contents>"
		"<Contents><Key>p/&amp;+*=?%~</Key><Size>1</Size></Contents>"
		"<Contents><Key>p/\xc3\xa9t\xc3\xa9</Key><Size>1</Size></Contents>"
		"<NextContinuationToken>tok+/=</NextContinuationToken></ListBucketResult>";
	const char *page2 = "<ListBucketResult " NS "><IsTruncated>false</IsTruncated>"
			    "<Contents><Key>p/z</Key></Contents></ListBucketResult>";
	const char *bad = "<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>";

	CHECK(s3xml_parse_list(page1, strlen(page1), &l, &e) == 0, "page1: %s", e.msg);
	CHECK(l.n_keys == 3, "page1 has 3 keys, got %zu", l.n_keys);
	if (l.n_keys == 3) {
		CHECK_STR(l.keys[0], "p/a b", "key 0");
		CHECK_STR(l.keys[1], "p/&+*=?%~", "key 1 (entities decoded)");
		CHECK_STR(l.keys[2], "p/\xc3\xa9t\xc3\xa9", "key 2 (UTF-8)");
	}
	CHECK(l.truncated == 1, "page1 truncated");
	CHECK_STR(l.next_token, "tok+/=", "page1 token");
	CHECK(s3xml_parse_list(page2, strlen(page2), &l, &e) == 0, "page2: %s", e.msg);
	CHECK(l.n_keys == 1 && l.truncated == 0 && l.next_token == NULL, "page2 (reused struct)");
	CHECK(s3xml_parse_list(bad, strlen(bad), &l, &e) == -1 &&
		      strstr(e.msg, "NextContinuationToken") != NULL,
	      "truncated without token: %s", e.msg);
	CHECK(s3xml_parse_list("<Error/>", 8, &l, &e) == -1 && strstr(e.msg, "Error") != NULL,
	      "wrong root named: %s", e.msg);
	CHECK(s3xml_parse_list("<a", 2, &l, &e) == -1 && strstr(e.msg, "malformed") != NULL,
	      "malformed: %s", e.msg);
	/* many keys: the arrays grow */
	{
		char buf[200000];
		size_t n = 0;
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "<ListBucketResult>");
		for (int i = 0; i < 1000; i++)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
					      "<Contents><Key>k%04d</Key></Contents>", i);
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "</ListBucketResult>");
		CHECK(s3xml_parse_list(buf, n, &l, &e) == 0 && l.n_keys == 1000, "1000 keys");
		CHECK(l.n_keys == 1000 && strcmp(l.keys[999], "k0999") == 0, "last key");
	}
	s3xml_list_free(&l);
}

static void multipart(void)
{
	struct err e = {{0}};
	char id[256], etag[128];
	const char *init = "<InitiateMultipartUploadResult " NS "><Bucket>b</Bucket><Key>k</Key>"
			   "<UploadId>abc-123</UploadId></InitiateMultipartUploadResult>";
	const char *ok = "<CompleteMultipartUploadResult><ETag>\"e-3\"</ETag>"
			 "</CompleteMultipartUploadResult>";
	const char *err200 =
		"<Error><Code>InternalError</Code><Message>try again</Message></Error>";

	CHECK(s3xml_parse_upload_id(init, strlen(init), id, sizeof(id), &e) == 0, "init: %s",
	      e.msg);
	CHECK_STR(id, "abc-123", "upload id");
	CHECK(s3xml_parse_upload_id(ok, strlen(ok), id, sizeof(id), &e) == -1, "no upload id");
	CHECK(s3xml_parse_complete(ok, strlen(ok), etag, sizeof(etag), &e) == 0, "complete");
	CHECK_STR(etag, "\"e-3\"", "complete etag");
	CHECK(s3xml_parse_complete(err200, strlen(err200), etag, sizeof(etag), &e) == -1 &&
		      strstr(e.msg, "InternalError") != NULL,
	      "200 with <Error>: %s", e.msg);

	struct strbuf b = {0};
	const char *etags[] = {"\"a\"", "\"b\"", "\"c\""};
	CHECK(s3xml_build_complete(&b, etags, NULL, NULL, 3, &e) == 0, "build complete");
	CHECK(strstr(strbuf_cstr(&b),
		     "<Part><PartNumber>3</PartNumber><ETag>\"c\"</ETag></Part>") != NULL ||
		      strstr(strbuf_cstr(&b),
			     "<Part><PartNumber>3</PartNumber><ETag>&quot;c&quot;</ETag></Part>") !=
			      NULL,
	      "part 3 in %s", strbuf_cstr(&b));
	strbuf_free(&b);
}

/* uploads: ListMultipartUploads pages (page1 as RGW 16.2 answers, trimmed). */
static void uploads(void)
{
	struct s3xml_uploads u = {0};
	struct err e = {{0}};
	const char *page1 =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?><ListMultipartUploadsResult " NS ">"
		"<Bucket>mpt</Bucket><Prefix>s3bench/</Prefix><NextKeyMarker>s3bench/x/b</NextKeyMarker>"
		"<NextUploadIdMarker>2~qKMv</NextUploadIdMarker><MaxUploads>2</MaxUploads>"
		"<IsTruncated>true</IsTruncated>"
		"<Upload><Key>s3bench/x/a</Key><UploadId>2~GQmf</UploadId><Initiator><ID>s3bench</ID>"
		"</Initiator><StorageClass>STANDARD</StorageClass></Upload>"
		"<Upload><Key>s3bench/x/&amp;b \xc3\xa9</Key><UploadId>2~qKMv</UploadId></Upload>"
		"</ListMultipartUploadsResult>";
	const char *last = "<ListMultipartUploadsResult><NextKeyMarker>s3bench/x/z</NextKeyMarker>"
			   "<IsTruncated>false</IsTruncated><Upload><Key>s3bench/x/z</Key>"
			   "<UploadId>9</UploadId></Upload></ListMultipartUploadsResult>";
	const char *empty = "<ListMultipartUploadsResult " NS "><Bucket>b</Bucket>"
			    "<IsTruncated>false</IsTruncated></ListMultipartUploadsResult>";
	static const struct {
		const char *xml, *what;
	} bad[] = {
		{"<ListMultipartUploadsResult><IsTruncated>true</IsTruncated>"
		 "</ListMultipartUploadsResult>",
		 "without NextKeyMarker"},
		{"<ListMultipartUploadsResult><Upload><Key>k</Key></Upload>"
		 "</ListMultipartUploadsResult>",
		 "without <Key> and <UploadId>"},
		{"<ListMultipartUploadsResult><Upload><Key>k</Key><UploadId></UploadId></Upload>"
		 "</ListMultipartUploadsResult>",
		 "empty <UploadId>"},
		{"<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>",
		 "not <ListMultipartUploadsResult>"},
		{"<!DOCTYPE x [<!ENTITY a \"b\">]><ListMultipartUploadsResult/>", "DTD"},
	};

	CHECK(s3xml_parse_uploads(page1, strlen(page1), &u, &e) == 0, "page1: %s", e.msg);
	CHECK(u.n == 2 && u.truncated, "page1: 2 uploads, truncated (got %zu, %d)", u.n,
	      u.truncated);
	if (u.n == 2) {
		CHECK_STR(u.keys[0], "s3bench/x/a", "page1 key 0");
		CHECK_STR(u.upload_ids[0], "2~GQmf", "page1 upload id 0");
		CHECK_STR(u.keys[1], "s3bench/x/&b \xc3\xa9", "page1 key 1 (entity, UTF-8)");
		CHECK_STR(u.upload_ids[1], "2~qKMv", "page1 upload id 1");
	}
	CHECK(u.next_key_marker && strcmp(u.next_key_marker, "s3bench/x/b") == 0, "key marker");
	CHECK(u.next_upload_id_marker && strcmp(u.next_upload_id_marker, "2~qKMv") == 0,
	      "upload id marker");
	CHECK(s3xml_parse_uploads(last, strlen(last), &u, &e) == 0, "last page: %s", e.msg);
	CHECK(u.n == 1 && !u.truncated && u.next_upload_id_marker == NULL,
	      "last page: 1 upload, not truncated, no upload id marker");
	if (u.n == 1)
		CHECK_STR(u.upload_ids[0], "9", "last page upload id (parse replaced page 1)");
	CHECK(s3xml_parse_uploads(empty, strlen(empty), &u, &e) == 0 && u.n == 0 &&
		      u.next_key_marker == NULL,
	      "empty listing: %s", e.msg);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err_clear(&e);
		CHECK(s3xml_parse_uploads(bad[i].xml, strlen(bad[i].xml), &u, &e) == -1 &&
			      e.msg[0] != '\0',
		      "refused: %s (%s)", bad[i].what, e.msg);
	}
	s3xml_uploads_free(&u);
}

static void delete (void)
{
	struct err e = {{0}};
	struct strbuf b = {0};
	const char *keys[] = {"a&b", "<c>", "d/e f"};
	uint64_t del, errs;
	char first[256];
	const char *res =
		"<DeleteResult " NS "><Deleted><Key>a</Key></Deleted>"
		"<Deleted><Key>b</Key></Deleted><Error><Key>c</Key><Code>AccessDenied</Code>"
		"<Message>no</Message></Error></DeleteResult>";

	const char *vids[] = {"v1", NULL, "null"};

	CHECK(s3xml_build_delete(&b, keys, vids, 3, 1, &e) == 0 &&
		      strstr(strbuf_cstr(&b), "<Key>a&amp;b</Key><VersionId>v1</VersionId>") &&
		      strstr(strbuf_cstr(&b), "<Key>&lt;c&gt;</Key></Object>") &&
		      strstr(strbuf_cstr(&b), "<Key>d/e f</Key><VersionId>null</VersionId>"),
	      "build delete with version ids (none for the second key)");
	CHECK(s3xml_build_delete(&b, keys, NULL, 3, 1, &e) == 0 &&
		      strstr(strbuf_cstr(&b), "VersionId") == NULL,
	      "build delete");
	CHECK(strstr(strbuf_cstr(&b), "<Quiet>true</Quiet>") != NULL, "quiet");
	CHECK(strstr(strbuf_cstr(&b), "<Key>a&amp;b</Key>") != NULL, "escaped &");
	CHECK(strstr(strbuf_cstr(&b), "<Key>&lt;c&gt;</Key>") != NULL, "escaped <>");
	CHECK(strstr(strbuf_cstr(&b),
		     "<Delete xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">") != NULL,
	      "namespace");
	CHECK(s3xml_parse_delete(res, strlen(res), &del, &errs, first, sizeof(first), &e) == 0,
	      "parse delete");
	CHECK(del == 2 && errs == 1, "2 deleted, 1 error");
	CHECK_STR(first, "c: AccessDenied: no", "first error");
	strbuf_free(&b);
}

/* versions: ListObjectVersions pages (versions and delete markers in document order, the
 * markers of a truncated page), GetBucketVersioning's Status, GetObjectLockConfiguration. */
static void versions(void)
{
	struct err e = {{0}};
	struct s3xml_versions v = {0};
	int st, en, days;
	char mode[16];
	const char *page =
		"<ListVersionsResult " NS "><Name>b</Name><Prefix>p/</Prefix>"
		"<KeyMarker></KeyMarker><IsTruncated>true</IsTruncated>"
		"<NextKeyMarker>p/b</NextKeyMarker><NextVersionIdMarker>v9</NextVersionIdMarker>"
		"<Version><Key>p/a</Key><VersionId>v2</VersionId><IsLatest>true</IsLatest>"
		"<Size>3</Size></Version>"
		"<DeleteMarker><Key>p/b</Key><VersionId>m1</VersionId><IsLatest>true</IsLatest>"
		"</DeleteMarker>"
		"<Version><Key>p/b</Key><VersionId>null</VersionId></Version>"
		"</ListVersionsResult>";
	const char *bad = "<ListVersionsResult " NS "><Version><Key>k</Key></Version>"
			  "</ListVersionsResult>";
	const char *lock = "<ObjectLockConfiguration " NS "><ObjectLockEnabled>Enabled"
			   "</ObjectLockEnabled><Rule><DefaultRetention><Mode>GOVERNANCE</Mode>"
			   "<Years>2</Years></DefaultRetention></Rule></ObjectLockConfiguration>";

	CHECK(s3xml_parse_versions(page, strlen(page), &v, &e) == 0 && v.n == 3 &&
		      strcmp(v.keys[0], "p/a") == 0 && strcmp(v.version_ids[0], "v2") == 0 &&
		      !v.is_marker[0] && strcmp(v.keys[1], "p/b") == 0 &&
		      strcmp(v.version_ids[1], "m1") == 0 && v.is_marker[1] &&
		      strcmp(v.version_ids[2], "null") == 0 && !v.is_marker[2] && v.truncated &&
		      strcmp(v.next_key_marker, "p/b") == 0 &&
		      strcmp(v.next_version_id_marker, "v9") == 0,
	      "a page of versions and a delete marker: %s", e.msg);
	CHECK(s3xml_parse_versions(bad, strlen(bad), &v, &e) < 0 &&
		      strstr(e.msg, "entry 1 without <Key> and <VersionId>") != NULL,
	      "a version without its id: %s", e.msg);
	s3xml_versions_free(&v);
	static const struct {
		const char *doc;
		int rc, status;
	} vc[] = {
		{"<VersioningConfiguration " NS "/>", 0, 0},
		{"<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>", 0,
		 1},
		{"<VersioningConfiguration><Status>Suspended</Status></VersioningConfiguration>", 0,
		 2},
		{"<VersioningConfiguration><Status>On</Status></VersioningConfiguration>", -1, 0},
		{"<Error><Code>NotImplemented</Code></Error>", -1, 0},
	};
	for (size_t i = 0; i < sizeof(vc) / sizeof(vc[0]); i++)
		CHECK(s3xml_parse_versioning(vc[i].doc, strlen(vc[i].doc), &st, &e) == vc[i].rc &&
			      (vc[i].rc < 0 || st == vc[i].status),
		      "versioning %s: status %d", vc[i].doc, st);
	CHECK(s3xml_parse_object_lock(lock, strlen(lock), &en, mode, sizeof(mode), &days, &e) ==
			      0 &&
		      en == 1 && strcmp(mode, "GOVERNANCE") == 0 && days == 730,
	      "object lock with a default retention of 2 years: %s", e.msg);
}

/* create_bucket: the CreateBucketConfiguration of a region outside us-east-1 */
static void create_bucket(void)
{
	struct strbuf b = {0};
	struct err e;

	CHECK(s3xml_build_create_bucket(&b, "eu-west-3", &e) == 0, "build CreateBucket");
	CHECK(strstr(strbuf_cstr(&b),
		     "<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
		     "<LocationConstraint>eu-west-3</LocationConstraint>"
		     "</CreateBucketConfiguration>") != NULL,
	      "the region as LocationConstraint, in S3's namespace: %s", strbuf_cstr(&b));
	CHECK(s3xml_build_create_bucket(&b, "a<b", &e) == 0 &&
		      strstr(strbuf_cstr(&b), "<LocationConstraint>a&lt;b</LocationConstraint>"),
	      "escaped");
	strbuf_free(&b);
}

int main(void)
{
	s3xml_init();
	versions();
	create_bucket();
	errors();
	list();
	multipart();
	uploads();
	delete ();
	return check_done();
}

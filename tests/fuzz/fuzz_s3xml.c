/* tests/fuzz/fuzz_s3xml.c: libFuzzer target for the S3 XML readers (collect/s3/s3xml.h):
 * the <Error> body, a ListObjectsV2 page (parsed twice into the same struct, as the
 * client reuses it between pages), CreateMultipartUpload, CompleteMultipartUpload
 * and DeleteObjects answers; every reader sees every input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/s3/s3xml.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	s3xml_init();
	return 0;
}

static void check_cstr(const char *s, size_t cap, const char *what)
{
	if (cap && memchr(s, '\0', cap) == NULL) {
		fprintf(stderr, "%s: not NUL-terminated\n", what);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *xml = (const char *)data;
	char code[64], msg[256], small[4], tiny[1], id[1024], etag[128], first[300];
	struct s3xml_list l = {0};
	uint64_t deleted, errors;
	struct err e;

	s3xml_error(xml, size, code, sizeof(code), msg, sizeof(msg));
	check_cstr(code, sizeof(code), "s3xml_error code");
	check_cstr(msg, sizeof(msg), "s3xml_error message");
	s3xml_error(xml, size, small, sizeof(small), tiny, sizeof(tiny));
	check_cstr(small, sizeof(small), "s3xml_error small buffer");
	check_cstr(tiny, sizeof(tiny), "s3xml_error one-byte buffer");
	s3xml_error(xml, size, NULL, 0, NULL, 0);

	for (int pass = 0; pass < 2; pass++) {
		if (s3xml_parse_list(xml, size, &l, &e) == 0) {
			for (size_t i = 0; i < l.n_keys; i++)
				if (l.keys[i] == NULL || strlen(l.keys[i]) > size)
					abort();
			if (l.truncated && l.next_token == NULL)
				abort();
			if (l.next_token != NULL && strlen(l.next_token) > size)
				abort();
		} else if (e.msg[0] == '\0') {
			abort();
		}
	}
	s3xml_list_free(&l);

	if (s3xml_parse_upload_id(xml, size, id, sizeof(id), &e) == 0) {
		if (id[0] == '\0' || strlen(id) >= sizeof(id) - 1)
			abort();
	}
	s3xml_parse_upload_id(xml, size, small, sizeof(small), &e);
	check_cstr(small, sizeof(small), "s3xml_parse_upload_id small buffer");

	s3xml_parse_complete(xml, size, etag, sizeof(etag), &e);
	check_cstr(etag, sizeof(etag), "s3xml_parse_complete etag");
	s3xml_parse_complete(xml, size, small, 1, &e);

	if (s3xml_parse_delete(xml, size, &deleted, &errors, first, sizeof(first), &e) == 0)
		check_cstr(first, sizeof(first), "s3xml_parse_delete first");
	s3xml_parse_delete(xml, size, &deleted, &errors, NULL, 0, &e);
	return 0;
}

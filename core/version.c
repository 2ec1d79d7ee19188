/* core/version.c: the text of every command's --version (core/version.h). */
#include "core/version.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>
#include <curl/curl.h>
#include <gsl/gsl_version.h>
#include <hpdf.h>
#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/xmlversion.h>
#include <openssl/crypto.h>
#include <sqlite3.h>
#include <zstd.h>

/* S3BENCH_COMMIT: the source commit, given by the Makefile from git at build time. */
#ifndef S3BENCH_COMMIT
#define S3BENCH_COMMIT "unknown"
#endif

#define STR2(x) #x
#define STR(x) STR2(x)

/* lib: one library line: the version it runs with, and the one it was built with when
 * that differs (both as the library spells them). */
static void lib(FILE *f, const char *name, const char *running, const char *built)
{
	if (built != NULL && strcmp(running, built) != 0)
		fprintf(f, "  %-9s %s (built with %s)\n", name, running, built);
	else
		fprintf(f, "  %-9s %s\n", name, running);
}

const char *version_commit(void)
{
	return S3BENCH_COMMIT;
}

int version_print(FILE *f, const char *prog)
{
	const curl_version_info_data *cv = curl_version_info(CURLVERSION_NOW);
	char xml[32], curl[64];
	long xv = strtol(xmlParserVersion, NULL, 10);

	/* libxml2 tells its running version as MMmmpp ("20914") */
	snprintf(xml, sizeof(xml), "%ld.%ld.%ld", xv / 10000, xv / 100 % 100, xv % 100);
	fprintf(f, "%s (s3bench) %s\n", prog, S3BENCH_VERSION);
	fprintf(f, "commit: %s\n", version_commit());
	fputs("libraries (the versions running; \"built with\" where the headers differ):\n", f);
	snprintf(curl, sizeof(curl), "%s", cv != NULL && cv->version ? cv->version : "unknown");
	fprintf(f, "  %-9s %s, TLS by %s", "libcurl", curl,
		cv != NULL && cv->ssl_version ? cv->ssl_version : "none");
	if (strcmp(curl, LIBCURL_VERSION) != 0)
		fprintf(f, " (built with %s)", LIBCURL_VERSION);
	fputc('\n', f);
	lib(f, "OpenSSL", OpenSSL_version(OPENSSL_VERSION_STRING), OPENSSL_VERSION_STR);
	lib(f, "libxml2", xml, LIBXML_DOTTED_VERSION);
	lib(f, "zstd", ZSTD_versionString(), ZSTD_VERSION_STRING);
	lib(f, "jansson", jansson_version_str(), JANSSON_VERSION);
	lib(f, "SQLite", sqlite3_libversion(), SQLITE_VERSION);
	lib(f, "GSL", gsl_version, GSL_VERSION);
	lib(f, "libharu", HPDF_GetVersion(), HPDF_VERSION_TEXT);
	lib(f, "libcsv",
	    STR(CSV_MAJOR) "." STR(CSV_MINOR) "." STR(CSV_RELEASE) " (headers; it "
								   "tells no running version)",
	    NULL);
	lib(f, "inih", "(it has no version number)", NULL);
	return ferror(f) ? 1 : 0;
}

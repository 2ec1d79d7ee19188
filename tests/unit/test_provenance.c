/* tests/unit/test_provenance.c: analyze's provenance modules one by one:
 * manifest_relpath (inside, itself, outside, a link into the folder), manifest_path_from
 * (inside, beside, two folders up, a name sharing a prefix, a folder above, a link to the
 * data folder, a path that does not fit), manifest_inputs on
 * a real folder (what is an input and what is not, sorted, digests), manifest_load
 * (newer major refused, minor accepted), manifest_digest_ok, Ed25519 signing with a key
 * made here (right key, another key, a changed message) and verify_cmp_json /
 * verify_cmp_text (exact, within tolerance, the first difference named). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/pem.h>

#include "analyze/provenance/manifest.h"
#include "analyze/provenance/sign.h"
#include "analyze/provenance/verify.h"
#include "tests/unit/check.h"

static char dir[] = "/tmp/test_provenance.XXXXXX";

static void put(const char *rel, const char *text)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	f = fopen(p, "w");
	fputs(text, f);
	fclose(f);
}

static void relpath(void)
{
	char buf[512], in[512], link[512];

	snprintf(in, sizeof(in), "%s/runs", dir);
	CHECK(manifest_relpath(dir, in, buf, sizeof(buf)) == 1, "inside");
	CHECK_STR(buf, "runs", "inside, relative");
	CHECK(manifest_relpath(dir, dir, buf, sizeof(buf)) == 1, "itself");
	CHECK_STR(buf, ".", "itself is .");
	CHECK(manifest_relpath(dir, "/etc/hostname", buf, sizeof(buf)) == 0, "outside");
	CHECK_STR(buf, "/etc/hostname", "outside: as given");
	snprintf(link, sizeof(link), "%s.link", dir);
	CHECK(symlink(dir, link) == 0, "make a link");
	snprintf(in, sizeof(in), "%s/campaign.ini", link);
	CHECK(manifest_relpath(dir, in, buf, sizeof(buf)) == 1, "through a link: inside");
	CHECK_STR(buf, "campaign.ini", "through a link, relative");
	unlink(link);
}

/* path_from: manifest_path_from from dir/top/data to each file made here. */
static void path_from(void)
{
	static const struct {
		const char *path; /* under dir; NULL: /etc/hostname's folder, "/" */
		int where;
		const char *want;
	} t[] = {
		{"top/data/runs", 1, "runs"},
		{"top/data", 1, "."},
		{"top/map.ini", 2, "../map.ini"},
		{"top/datax/f", 2, "../datax/f"}, /* a name that begins as data's */
		{"lib/p.ini", 2, "../../lib/p.ini"},
		{"top", 2, ".."},
		{"", 2, "../.."},
		{"top/nosuch", 0, NULL}, /* not there: as given */
	};
	static const char *const made[] = {"top", "top/data", "top/data/runs", "top/datax", "lib"};
	char data[512], p[512], buf[512], link[512];

	for (size_t i = 0; i < sizeof(made) / sizeof(made[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, made[i]);
		mkdir(p, 0777);
	}
	put("top/map.ini", "");
	put("top/datax/f", "");
	put("lib/p.ini", "");
	snprintf(data, sizeof(data), "%s/top/data", dir);
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, t[i].path);
		CHECK(manifest_path_from(data, p, buf, sizeof(buf)) == t[i].where, "from data: %s",
		      t[i].path);
		CHECK_STR(buf, t[i].want ? t[i].want : p, "from data: %s", t[i].path);
	}
	/* the data folder through a link: the path climbs from where it really is */
	snprintf(link, sizeof(link), "%s/link", dir);
	CHECK(symlink(data, link) == 0, "make a link to the data folder");
	snprintf(p, sizeof(p), "%s/lib/p.ini", dir);
	CHECK(manifest_path_from(link, p, buf, sizeof(buf)) == 2, "through a link: outside");
	CHECK_STR(buf, "../../lib/p.ini", "through a link: from the real folder");
	CHECK(manifest_path_from(data, p, buf, 10) == 0, "does not fit: 0");
	CHECK_STR(buf, "/tmp/test", "does not fit: as given (cut to the buffer)");
	unlink(link);
}

static void inputs(void)
{
	struct err e = {{0}};
	char p[512];
	struct results_manifest_file *a = NULL;
	size_t n = 0;

	snprintf(p, sizeof(p), "%s/runs/cycle-01/a/put", dir);
	CHECK(mkdir(p, 0777) == 0 || 1, "mkdir");
	put("runs/cycle-01/a/put/run.json", "{}");
	put("runs/cycle-01/a/put/ops.tsv.zst", "abc");
	put("runs/cycle-01/a/put/.hidden", "");
	put("README.md", "not an input");
	put("campaign.ini", "[campaign]\n");
	CHECK(manifest_inputs(dir, 0, &a, &n, &e) == 0, "inputs: %s", e.msg);
	CHECK(n == 4, "4 inputs (%zu)", n);
	CHECK_STR(n > 0 ? a[0].path : NULL, "campaign.ini", "sorted: campaign.ini first");
	CHECK_STR(n > 1 ? a[1].path : NULL, "runs/cycle-01/a/put/.hidden",
		  "hidden files under runs/ too");
	CHECK_STR(n > 2 ? a[2].sha256 : NULL,
		  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		  "ops.tsv.zst's digest");
	CHECK(n > 2 && a[2].size == 3, "its size");
	for (size_t i = 0; i < n; i++)
		results_manifest_file_free(&a[i]);
	free(a);
	CHECK(manifest_inputs(dir, 1, &a, &n, &e) == 0 && n == 0,
	      "a Warp reading: no Warp file here");
	free(a);
}

static void load(void)
{
	char p[512], hex[DIGEST_HEX_MAX];
	struct err e = {{0}};
	json_t *doc = NULL;

	snprintf(p, sizeof(p), "%s/m.json", dir);
	put("m.json", "{\"format\": \"s3bench-manifest/2.0\"}");
	CHECK(manifest_load(p, &doc, &e) == -1 && strstr(e.msg, "newer manifest format"),
	      "a newer major is refused: %s", e.msg);
	put("m.json",
	    "{\"format\": \"s3bench-manifest/1.7\", \"a\": 1,"
	    " \"digest\": \"a3b2d3b7b0b7e2a1c3f84b9ff1dbd8bc0c3d9fbb0b1d1cae4d8e4fda3a5b2e0f\"}");
	CHECK(manifest_load(p, &doc, &e) == 0, "a newer minor reads: %s", e.msg);
	CHECK(manifest_digest_ok(doc, hex, &e) == 0, "a wrong digest is seen");
	json_object_set_new(doc, "digest", json_string(hex));
	CHECK(manifest_digest_ok(doc, hex, &e) == 1, "the recomputed digest is accepted");
	json_decref(doc);
	put("m.json", "{\"format\": \"other/1\"}");
	CHECK(manifest_load(p, &doc, &e) == -1 && strstr(e.msg, "not an s3bench manifest"),
	      "another file is refused: %s", e.msg);
}

/* keypair: an Ed25519 key made with EVP, written as PEM to NAME.pem and NAME.pub. */
static void keypair(const char *name)
{
	EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s.pem", dir, name);
	f = fopen(p, "w");
	PEM_write_PrivateKey(f, k, NULL, NULL, 0, NULL, NULL);
	fclose(f);
	snprintf(p, sizeof(p), "%s/%s.pub", dir, name);
	f = fopen(p, "w");
	PEM_write_PUBKEY(f, k);
	fclose(f);
	EVP_PKEY_free(k);
}

static void sign(void)
{
	char a_pem[512], a_pub[512], b_pub[512], f1[SIGN_FPR_MAX], f2[SIGN_FPR_MAX];
	unsigned char sig[SIGN_LEN];
	struct err e = {{0}};

	keypair("a");
	keypair("b");
	snprintf(a_pem, sizeof(a_pem), "%s/a.pem", dir);
	snprintf(a_pub, sizeof(a_pub), "%s/a.pub", dir);
	snprintf(b_pub, sizeof(b_pub), "%s/b.pub", dir);
	CHECK(sign_message(a_pem, "digest", 6, sig, &e) == 0, "sign: %s", e.msg);
	CHECK(sign_check(a_pub, "digest", 6, sig, SIGN_LEN, &e) == 1, "the right key");
	CHECK(sign_check(b_pub, "digest", 6, sig, SIGN_LEN, &e) == 0, "another key");
	CHECK(sign_check(a_pub, "digesT", 6, sig, SIGN_LEN, &e) == 0, "another message");
	CHECK(sign_check(a_pub, "digest", 6, sig, SIGN_LEN - 1, &e) == 0, "a short signature");
	CHECK(sign_key_fingerprint(a_pem, 1, f1, &e) == 0 &&
		      sign_key_fingerprint(a_pub, 0, f2, &e) == 0,
	      "fingerprints: %s", e.msg);
	CHECK_STR(f1, f2, "a private key and its public key have one fingerprint");
	CHECK(strncmp(f1, "SHA256:", 7) == 0 && strlen(f1) == 71, "fingerprint form %s", f1);
	CHECK(sign_key_fingerprint(a_pub, 1, f1, &e) == -1 && strstr(e.msg, "private"),
	      "a public key is no private key: %s", e.msg);
}

static void cmp(void)
{
	json_t *a = json_loads("{\"x\": [1, {\"y\": 2.0, \"s\": \"t\"}], \"n\": null}", 0, NULL);
	json_t *b = json_loads("{\"x\": [1, {\"y\": 2.0000000001, \"s\": \"t\"}], \"n\": null}", 0,
			       NULL);
	json_t *c = json_loads("{\"x\": [1, {\"y\": 2.0, \"s\": \"t\"}], \"n\": null, \"z\": 1}", 0,
			       NULL);
	char where[256];

	CHECK(verify_cmp_json(a, a, 0, NULL, where, sizeof(where)) == 0, "same");
	CHECK(verify_cmp_json(a, b, 0, NULL, where, sizeof(where)) == 1, "exact: differs");
	CHECK_STR(where, "field x[1].y: 2.0 vs 2.0000000001", "the field is named");
	CHECK(verify_cmp_json(a, b, 1e-9, NULL, where, sizeof(where)) == 0, "within 1e-9");
	CHECK(verify_cmp_json(a, c, 1e-9, NULL, where, sizeof(where)) == 1, "an extra member");
	CHECK_STR(where, "field z: (absent) vs 1", "an extra member named");
	CHECK(verify_cmp_json(a, c, 0, "z", where, sizeof(where)) == 0, "an ignored member");
	CHECK(verify_cmp_text("a,b\n1,x\n", "a,b\n1,y\n", 0, where, sizeof(where)) == 1, "csv");
	CHECK_STR(where, "line 2, column b: x vs y", "csv: line and column named");
	CHECK(verify_cmp_text("a,b\n1.0,\"q,r\"\n", "a,b\n1.0000000000001,\"q,r\"\n", 1e-9, where,
			      sizeof(where)) == 0,
	      "csv within tolerance, quoted comma");
	CHECK(verify_cmp_text("a\n1\n2\n", "a\n1\n", 0, where, sizeof(where)) == 1,
	      "csv: a line less");
	CHECK_STR(where, "line 3: missing in the re-derived file", "csv: the missing line named");
	json_decref(a);
	json_decref(b);
	json_decref(c);
}

int main(void)
{
	char p[512];

	if (mkdtemp(dir) == NULL)
		return 1;
	snprintf(p, sizeof(p), "%s/runs", dir);
	mkdir(p, 0777);
	snprintf(p, sizeof(p), "%s/runs/cycle-01", dir);
	mkdir(p, 0777);
	snprintf(p, sizeof(p), "%s/runs/cycle-01/a", dir);
	mkdir(p, 0777);
	put("campaign.ini", "");
	relpath();
	path_from();
	inputs();
	load();
	sign();
	cmp();
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	if (system(p) != 0)
		return 1;
	return check_done();
}

/* analyze/provenance/sign.c: see sign.h. */
#include "analyze/provenance/sign.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include "core/digest.h"

/* load: the Ed25519 key of path (private or public). NULL with e set. */
static EVP_PKEY *load(const char *path, int private_key, struct err *e)
{
	FILE *f = fopen(path, "r");
	EVP_PKEY *k;

	if (f == NULL)
		return err_set(e, "%s: cannot open: %s", path, strerror(errno)), NULL;
	k = private_key ? PEM_read_PrivateKey(f, NULL, NULL, NULL)
			: PEM_read_PUBKEY(f, NULL, NULL, NULL);
	fclose(f);
	if (k == NULL)
		return err_set(e, "%s: not a PEM %s key", path, private_key ? "private" : "public"),
		       NULL;
	if (EVP_PKEY_get_id(k) != EVP_PKEY_ED25519) {
		EVP_PKEY_free(k);
		return err_set(e,
			       "%s: not an Ed25519 key (make one with openssl genpkey "
			       "-algorithm ed25519)",
			       path),
		       NULL;
	}
	return k;
}

static int fingerprint(EVP_PKEY *k, char fpr[SIGN_FPR_MAX], struct err *e)
{
	unsigned char *der = NULL;
	char hex[DIGEST_HEX_MAX];
	int len = i2d_PUBKEY(k, &der), rc;

	if (len <= 0)
		return err_set(e, "cannot encode the public key");
	rc = digest_buf(der, (size_t)len, hex, NULL, e);
	OPENSSL_free(der);
	if (rc == 0)
		snprintf(fpr, SIGN_FPR_MAX, "SHA256:%s", hex);
	return rc;
}

int sign_key_fingerprint(const char *path, int private_key, char fpr[SIGN_FPR_MAX], struct err *e)
{
	EVP_PKEY *k = load(path, private_key, e);
	int rc;

	if (k == NULL)
		return -1;
	rc = fingerprint(k, fpr, e);
	EVP_PKEY_free(k);
	return rc;
}

int sign_message(const char *key_pem, const void *msg, size_t n, unsigned char sig[SIGN_LEN],
		 struct err *e)
{
	EVP_PKEY *k = load(key_pem, 1, e);
	EVP_MD_CTX *ctx = NULL;
	size_t len = SIGN_LEN;
	int rc = -1;

	if (k == NULL)
		return -1;
	if ((ctx = EVP_MD_CTX_new()) == NULL || EVP_DigestSignInit(ctx, NULL, NULL, NULL, k) != 1 ||
	    EVP_DigestSign(ctx, sig, &len, msg, n) != 1 || len != SIGN_LEN)
		err_set(e, "%s: signing failed", key_pem);
	else
		rc = 0;
	EVP_MD_CTX_free(ctx);
	EVP_PKEY_free(k);
	return rc;
}

int sign_check(const char *pub_pem, const void *msg, size_t n, const unsigned char *sig,
	       size_t siglen, struct err *e)
{
	EVP_PKEY *k = load(pub_pem, 0, e);
	EVP_MD_CTX *ctx = NULL;
	int rc = -1;

	if (k == NULL)
		return -1;
	if ((ctx = EVP_MD_CTX_new()) == NULL || EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, k) != 1)
		err_set(e, "%s: cannot verify with this key", pub_pem);
	else
		rc = EVP_DigestVerify(ctx, sig, siglen, msg, n) == 1;
	EVP_MD_CTX_free(ctx);
	EVP_PKEY_free(k);
	return rc;
}

/* analyze/provenance/sign.h: the publisher's Ed25519 signature of a manifest (OpenSSL EVP).
 * The message signed is the manifest's digest as its 64 lower-case hex digits (ASCII,
 * no newline); results/manifest.sig holds the 64-byte raw signature, so a reader can
 * also check it with `openssl pkeyutl -verify -rawin` (docs/FORMATS.md). A key's
 * fingerprint is "SHA256:" and the hex SHA-256 of its public key in DER
 * (SubjectPublicKeyInfo), as `openssl pkey -pubout -outform DER | sha256sum` gives. */
#ifndef ANALYZE_SIGN_H
#define ANALYZE_SIGN_H

#include <stddef.h>

#include "core/err.h"

#define SIGN_LEN 64
#define SIGN_FPR_MAX (7 + 64 + 1)

/* sign_key_fingerprint: the fingerprint of the key in the PEM file path (a private
 * key when private_key is set, else a public key) into fpr. -1 with e set: unreadable,
 * not PEM, not an Ed25519 key. */
int sign_key_fingerprint(const char *path, int private_key, char fpr[SIGN_FPR_MAX], struct err *e);

/* sign_message: sign n bytes of msg with the Ed25519 private key in key_pem into sig
 * (SIGN_LEN bytes). 0, or -1 with e set. */
int sign_message(const char *key_pem, const void *msg, size_t n, unsigned char sig[SIGN_LEN],
		 struct err *e);

/* sign_check: 1 when sig (siglen bytes) is a valid signature of msg by the public key
 * in pub_pem, 0 when it is not, -1 with e set when the key cannot be read. */
int sign_check(const char *pub_pem, const void *msg, size_t n, const unsigned char *sig,
	       size_t siglen, struct err *e);

#endif

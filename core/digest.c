/* core/digest.c: see digest.h. */
#include "core/digest.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

struct digest {
	EVP_MD_CTX *ctx;
	uint64_t bytes;
};

struct digest *digest_new(void)
{
	struct digest *d = calloc(1, sizeof(*d));

	if (d == NULL)
		return NULL;
	d->ctx = EVP_MD_CTX_new();
	if (d->ctx == NULL || EVP_DigestInit_ex(d->ctx, EVP_sha256(), NULL) != 1) {
		digest_free(d);
		return NULL;
	}
	return d;
}

int digest_update(struct digest *d, const void *buf, size_t n, struct err *e)
{
	if (n > 0 && EVP_DigestUpdate(d->ctx, buf, n) != 1)
		return err_set(e, "SHA-256: update failed");
	d->bytes += n;
	return 0;
}

int digest_final(struct digest *d, char hex[DIGEST_HEX_MAX], unsigned char *raw, struct err *e)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int len = 0;

	if (EVP_DigestFinal_ex(d->ctx, md, &len) != 1 || len != DIGEST_RAW_LEN)
		return err_set(e, "SHA-256: final failed");
	for (unsigned int i = 0; i < len; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[DIGEST_HEX_LEN] = '\0';
	if (raw != NULL)
		memcpy(raw, md, DIGEST_RAW_LEN);
	return 0;
}

uint64_t digest_bytes(const struct digest *d)
{
	return d->bytes;
}

void digest_free(struct digest *d)
{
	if (d == NULL)
		return;
	EVP_MD_CTX_free(d->ctx);
	free(d);
}

int digest_buf(const void *buf, size_t n, char hex[DIGEST_HEX_MAX], unsigned char *raw,
	       struct err *e)
{
	struct digest *d = digest_new();
	int rc;

	if (d == NULL)
		return err_set(e, "SHA-256: out of memory");
	rc = digest_update(d, buf, n, e) < 0 ? -1 : digest_final(d, hex, raw, e);
	digest_free(d);
	return rc;
}

int digest_file(const char *path, char hex[DIGEST_HEX_MAX], uint64_t *size, struct err *e)
{
	unsigned char buf[65536];
	struct digest *d = NULL;
	int fd, rc = -1;
	ssize_t k;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return err_set(e, "%s: cannot open: %s", path, strerror(errno));
	if ((d = digest_new()) == NULL) {
		err_set(e, "%s: SHA-256: out of memory", path);
		goto done;
	}
	for (;;) {
		k = read(fd, buf, sizeof(buf));
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			err_set(e, "%s: read error: %s", path, strerror(errno));
			goto done;
		}
		if (k == 0)
			break;
		if (digest_update(d, buf, (size_t)k, e) < 0)
			goto done;
	}
	if (digest_final(d, hex, NULL, e) < 0)
		goto done;
	*size = digest_bytes(d);
	rc = 0;
done:
	digest_free(d);
	close(fd);
	return rc;
}

/*
 * SHA-256 (FIPS 180-4): the key and the seal of the replay's compiled
 * form, which a cache must not let one script pass for another's.
 * Written from the standard; t/unit checks it against its test vectors.
 *
 * Ownership: struct iol_sha256 is caller storage, nothing allocated.
 */
#ifndef IOLENS_BASE_SHA256_H
#define IOLENS_BASE_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct iol_sha256 {
	uint32_t h[8];
	uint64_t len; /* bytes so far */
	unsigned char buf[64];
	size_t nbuf;
};

void iol_sha256_init(struct iol_sha256 *c);
void iol_sha256_update(struct iol_sha256 *c, const void *data, size_t n);
void iol_sha256_final(struct iol_sha256 *c, unsigned char out[32]);
/* The digest of one buffer. */
void iol_sha256(const void *data, size_t n, unsigned char out[32]);
/* out (65 bytes): the digest in lower-case hex. */
void iol_sha256_hex(const unsigned char d[32], char out[65]);

#endif

/*
 * A whole zlib region inflated in one call by libdeflate, which decodes
 * two to three times faster than zlib's inflate (its adler32 alone was 7 %
 * of ingest).  libdeflate is loaded with dlopen on first use; without it,
 * or for any stream it refuses, the caller keeps zlib, which then decides
 * what the bytes mean (errors and all), so results never depend on
 * whether libdeflate is installed.
 *
 * Ownership: buffers are malloc()ed; iol_zfast_take() hands out one this
 * thread kept (or a new one), iol_zfast_give() takes one back to keep
 * for the next region (or frees it).
 */
#ifndef IOLENS_ZFAST_H
#define IOLENS_ZFAST_H

#include <stddef.h>
#include <stdint.h>

/* Regions up to this many compressed bytes are inflated whole; larger
 * ones stream through zlib, so that memory stays flat. */
#define IOL_ZFAST_MAX_IN (1u << 20)

/*
 * src[0..len) as one or more concatenated zlib streams, inflated whole into
 * *buf (*cap bytes, grown with realloc up to max bytes): 0 with *outlen
 * set, or -1 when libdeflate is missing, a stream is bad or ends early,
 * the output would pass max, or memory runs out (*buf and *cap stay valid
 * either way; what *buf held is lost).
 */
int iol_zfast_inflate(const uint8_t *src, size_t len, size_t max, uint8_t **buf,
		      size_t *cap, size_t *outlen);

/* A buffer of at least want bytes (*cap its size), one this thread kept
 * when it has one; NULL without memory. */
uint8_t *iol_zfast_take(size_t want, size_t *cap);
/* buf (cap bytes, may be NULL) kept for this thread's next take, or freed */
void iol_zfast_give(uint8_t *buf, size_t cap);

/*
 * One zlib stream from src (len bytes, maybe more streams after it) into
 * out (cap bytes): 0 with *in and *outn (bytes used and made), 1 when out
 * is too small, -1 when libdeflate is missing, the stream is bad or ends
 * early, or memory runs out.
 */
int iol_zfast_stream(const uint8_t *src, size_t len, uint8_t *out, size_t cap,
		     size_t *in, size_t *outn);

#endif

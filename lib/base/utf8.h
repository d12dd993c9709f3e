/*
 * UTF-8: the length of a well-formed sequence, for writers of JSON,
 * which must be UTF-8 (RFC 8259) while paths are any bytes.  Nothing is
 * allocated.
 */
#ifndef IOLENS_BASE_UTF8_H
#define IOLENS_BASE_UTF8_H

#include <stddef.h>

/* The bytes of the well-formed UTF-8 sequence the NUL-terminated s
 * starts with: 1 to 4 (RFC 3629: no overlong form, no surrogate,
 * nothing past U+10FFFF), or 0 when it starts none. */
size_t iol_utf8_len(const char *s);

#endif

/*
 * The shortest of "%.15g", "%.16g" and "%.17g" that reads back as the
 * same double (fmt_double() of render/output.h), computed with 128-bit
 * integers instead of printing each precision and reading it back with
 * strtod: `jobs --format csv` of a million rows spent 47 % of its 83 s
 * CPU there (issue 38).
 */
#ifndef IOLENS_RENDER_FMTSHORT_H
#define IOLENS_RENDER_FMTSHORT_H

#include <stddef.h>

/* fmt_double()'s bytes for v into buf (n bytes, NUL-terminated) and
 * their length, for the doubles whose digits 128 bits hold exactly
 * (1e-6 <= |v| < 2^53, and zero); 0 for the rest, which the caller
 * prints with the C library. */
size_t fmt_short(char *buf, size_t n, double v);

#endif

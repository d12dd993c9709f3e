/*
 * Values a person types on a command line: a positive count, a size with a
 * unit, a duration with a unit, one of a list of words; and the date an
 * output is stamped with when none is given (SOURCE_DATE_EPOCH).  The
 * commands parse options with these and word the message themselves.
 *
 * Ownership: no state; nothing allocated.
 */
#ifndef IOLENS_BASE_VALUES_H
#define IOLENS_BASE_VALUES_H

#include <stddef.h>
#include <stdint.h>

/* A positive decimal count: 0, or IOL_EINVAL when s is not one. */
int iol_parse_count(const char *s, int64_t *v);
/* A size with an optional unit: 512, 64K, 10M, 8G, 1T (powers of 2, "B"
 * or "iB" after it allowed); 0, or IOL_EINVAL when not a positive size
 * (or one over 9e18 bytes). */
int iol_parse_size(const char *s, int64_t *v);
/* A duration ("60", "60s", "5m", "5min", "1h", "500ms") in seconds: 0,
 * or IOL_EINVAL when s is none or negative. */
int iol_parse_duration(const char *s, double *v);
/*
 * The date an output file is stamped with when the user gave none, so
 * that the same input gives the same bytes: SOURCE_DATE_EPOCH when it is
 * a number of seconds (reproducible-builds.org), else fallback.
 */
int64_t iol_source_date(int64_t fallback);
/*
 * A word among the words of w, "a|b|c" (",x" after a word: x is another
 * spelling of it), as an option's value names one: the index of arg's
 * word, or -1 when arg is none of them.
 */
int iol_parse_word(const char *w, const char *arg);
/* The words of w as a person reads them, "a, b or c" (each word's first
 * spelling), written to b of size bytes; returns b. */
const char *iol_words_text(const char *w, char *b, size_t size);

#endif

/*
 * UTF-8: the length of a well-formed sequence, for writers of JSON,
 * which must be UTF-8 (RFC 8259) while paths are any bytes; names
 * escaped for a terminal.  Only iol_esc_dup() allocates.
 */
#ifndef IOLENS_BASE_UTF8_H
#define IOLENS_BASE_UTF8_H

#include <stddef.h>

/* The bytes of the well-formed UTF-8 sequence the NUL-terminated s
 * starts with: 1 to 4 (RFC 3629: no overlong form, no surrogate,
 * nothing past U+10FFFF), or 0 when it starts none. */
size_t iol_utf8_len(const char *s);

/* The value of the hex digit c (0-9, a-f, A-F), or -1. */
int iol_hexval(int c);

/*
 * A name from a log, a trace or a script, made safe to print on a
 * terminal: a control byte (C0, DEL) as \n, \r, \t or \xHH, a C1
 * control or a bidirectional-text control (U+061C, U+200E, U+200F,
 * U+202A to U+202E, U+2066 to U+2069) as \uHHHH, a byte that starts no
 * well-formed UTF-8 sequence as \xHH; printable UTF-8 as it is, and backslashes
 * too (the text is for people, not to be read back).  Without it a
 * script's path could clear the screen and print a report of its own.
 * iol_esc_char() writes the form of the character s starts with into out
 * (NUL-terminated) and returns the bytes of s it stands for, 0 at the
 * end of s.  iol_esc_dup() returns all of s escaped, NULL when out of
 * memory; the caller frees it with free().
 */
#define IOL_ESC_MAX 16
size_t iol_esc_char(const char *s, char out[IOL_ESC_MAX]);
char *iol_esc_dup(const char *s);

#endif

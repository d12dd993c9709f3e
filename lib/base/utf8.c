/*
 * UTF-8 sequences checked as RFC 3629 (table 3-7 of the Unicode
 * standard) defines them, and names escaped for a terminal.
 */
#include "base/utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/banned.h"

int iol_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int cont(unsigned char c)
{
	return c >= 0x80 && c <= 0xbf;
}

size_t iol_utf8_len(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (u[0] < 0x80)
		return u[0] ? 1 : 0;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		n = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		n = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		n = 4;
	else
		return 0; /* a continuation byte, an overlong C0/C1, F5-FF */
	/* the second byte's range narrows where the first allows
	 * overlong forms, surrogates or code points past U+10FFFF */
	if (u[0] == 0xe0)
		lo = 0xa0;
	else if (u[0] == 0xed)
		hi = 0x9f;
	else if (u[0] == 0xf0)
		lo = 0x90;
	else if (u[0] == 0xf4)
		hi = 0x8f;
	if (u[1] < lo || u[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (!cont(u[i]))
			return 0;
	return n;
}

/* the code point of a well-formed sequence of n bytes */
static unsigned long code_point(const unsigned char *u, size_t n)
{
	unsigned long c = n == 2   ? u[0] & 0x1fu
			  : n == 3 ? u[0] & 0x0fu
				   : u[0] & 0x07u;
	size_t i;

	for (i = 1; i < n; i++)
		c = c << 6 | (u[i] & 0x3fu);
	return c;
}

/* controls a terminal acts on, or that reorder the text around them
 * (Unicode's Bidi_Control: U+061C, the Arabic letter mark, too) */
static int hidden(unsigned long c)
{
	return (c >= 0x80 && c <= 0x9f) || c == 0x061c || c == 0x200e ||
	       c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
	       (c >= 0x2066 && c <= 0x2069);
}

size_t iol_esc_char(const char *s, char out[IOL_ESC_MAX])
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = iol_utf8_len(s);

	out[0] = 0;
	if (!u[0])
		return 0;
	if (u[0] == '\n' || u[0] == '\r' || u[0] == '\t') {
		out[0] = '\\';
		out[1] = u[0] == '\n' ? 'n' : u[0] == '\r' ? 'r' : 't';
		out[2] = 0;
	} else if (!n || u[0] < 0x20 || u[0] == 0x7f) {
		snprintf(out, IOL_ESC_MAX, "\\x%02x", u[0]);
		return 1;
	} else if (n > 1 && hidden(code_point(u, n))) {
		snprintf(out, IOL_ESC_MAX, "\\u%04lx", code_point(u, n));
	} else {
		memcpy(out, s, n);
		out[n] = 0;
	}
	return n;
}

/* The length of s when every byte of it is printable ASCII (what
 * iol_esc_char() copies as it is), else (size_t)-1. */
static size_t plain_len(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i;

	for (i = 0; u[i]; i++)
		if (u[i] < 0x20 || u[i] >= 0x7f)
			return (size_t)-1;
	return i;
}

char *iol_esc_dup(const char *s)
{
	char c[IOL_ESC_MAX], *d;
	size_t n = plain_len(s), k, at = 0;
	const char *p;

	/* the cells of a text table are nearly all plain: one pass and a
	 * copy, not three strlen() a character (every row of `jobs` of ten
	 * million jobs) */
	if (n != (size_t)-1) {
		if ((d = malloc(n + 1)))
			memcpy(d, s, n + 1);
		return d;
	}
	n = 0;
	for (p = s; (k = iol_esc_char(p, c)) != 0; p += k)
		n += strlen(c);
	d = malloc(n + 1);
	if (!d)
		return NULL;
	for (p = s; (k = iol_esc_char(p, c)) != 0; p += k) {
		memcpy(d + at, c, strlen(c));
		at += strlen(c);
	}
	d[at] = 0;
	return d;
}

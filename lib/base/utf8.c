/*
 * UTF-8 sequences checked as RFC 3629 (table 3-7 of the Unicode
 * standard) defines them.
 */
#include "base/utf8.h"

#include "base/banned.h"

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

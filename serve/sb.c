/* The string buffer and its escapes (serve/internal.h). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/internal.h"
#include "base/utf8.h"
#include "base/banned.h"

static int sb_room(struct sb *b, size_t n)
{
	size_t cap;
	char *s;

	if (b->nomem)
		return -1;
	if (b->cap - b->len > n)
		return 0;
	cap = b->cap ? b->cap : 4096;
	while (cap - b->len <= n)
		cap *= 2;
	s = realloc(b->s, cap);
	if (!s) {
		b->nomem = 1;
		return -1;
	}
	b->s = s;
	b->cap = cap;
	return 0;
}

void sb_put(struct sb *b, const void *p, size_t n)
{
	if (sb_room(b, n) < 0)
		return;
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void sb_puts(struct sb *b, const char *s)
{
	sb_put(b, s, strlen(s));
}

void sb_printf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* formatted once into the room there is (a page's cells are
	 * thousands of numbers: printing each twice was a tenth of a job
	 * list's time); again only when it did not fit */
	if (sb_room(b, 256) < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->s[b->len] = '\0';
		return;
	}
	if ((size_t)n >= b->cap - b->len) {
		if (sb_room(b, (size_t)n + 1) < 0)
			return;
		va_start(ap, fmt);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

/* U+061C, U+200E/F, U+202A-E, U+2066-9: they reorder the text around */
static int is_bidi(const unsigned char *u, size_t k)
{
	if (k == 2)
		return u[0] == 0xd8 && u[1] == 0x9c;
	if (k != 3 || u[0] != 0xe2)
		return 0;
	return (u[1] == 0x80 && (u[2] == 0x8e || u[2] == 0x8f ||
				 (u[2] >= 0xaa && u[2] <= 0xae))) ||
	       (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9) ||
	       (u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9));
}

void sb_html(struct sb *b, const char *s)
{
	static const char bad[] = "\xef\xbf\xbd"; /* U+FFFD */
	const unsigned char *u;
	size_t k;

	if (!s)
		return;
	while (*s) {
		const char *run = s;
		/* a run of printable ASCII that needs no escape, at once */
		while (*s >= 0x20 && *s < 0x7f && *s != '&' && *s != '<' &&
		       *s != '>' && *s != '"' && *s != '\'')
			s++;
		if (s > run) {
			sb_put(b, run, (size_t)(s - run));
			continue;
		}
		u = (const unsigned char *)s;
		switch (*s) {
		case '&':
			sb_puts(b, "&amp;");
			s++;
			continue;
		case '<':
			sb_puts(b, "&lt;");
			s++;
			continue;
		case '>':
			sb_puts(b, "&gt;");
			s++;
			continue;
		case '"':
			sb_puts(b, "&quot;");
			s++;
			continue;
		case '\'':
			sb_puts(b, "&#39;");
			s++;
			continue;
		default: break;
		}
		k = iol_utf8_len(s);
		if (k == 0 || (k == 1 && (*u < 0x20 || *u == 0x7f)) ||
		    (k == 2 && u[0] == 0xc2 && u[1] < 0xa0) || is_bidi(u, k)) {
			sb_put(b, bad, 3);
			s += k ? k : 1;
			continue;
		}
		sb_put(b, s, k);
		s += k;
	}
}

void sb_url(struct sb *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	char e[3] = {'%', 0, 0};

	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-_.~", c)) {
			sb_put(b, s, 1);
			continue;
		}
		e[1] = hex[c >> 4];
		e[2] = hex[c & 15];
		sb_put(b, e, 3);
	}
}

void sb_free(struct sb *b)
{
	free(b->s);
	memset(b, 0, sizeof(*b));
}

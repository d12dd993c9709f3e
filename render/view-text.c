/*
 * The report lines of the views fitted to the terminal: wrapped under
 * their value, long words shortened in the middle (view-text.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/view-text.h"
#include "base/banned.h"

/* characters of the n bytes of s (UTF-8 continuation bytes count none) */
static int chars(const char *s, size_t n)
{
	int c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

/* the byte offset of the w-th character of s (n bytes), or n */
static size_t at_char(const char *s, size_t n, int w)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80 && w-- == 0)
			break;
	return i;
}

const char *view_middle(char *b, size_t n, const char *s, int w)
{
	size_t l = strlen(s), head, tail;
	int c = chars(s, l);

	if (c <= w || w < 12 || n < l + 4)
		return s;
	head = at_char(s, l, (w - 1) / 3);
	tail = at_char(s, l, c - (w - 1 - (w - 1) / 3));
	snprintf(b, n, "%.*s…%s", (int)head, s, s + tail);
	return b;
}

/* where a line's value starts: after its label's run of two or more
 * spaces, else after its indent */
static size_t hang_of(const char *s, size_t n, int width)
{
	size_t i = 0, lead;

	while (i < n && s[i] == ' ')
		i++;
	lead = i;
	for (; i + 1 < n; i++)
		if (s[i] == ' ' && s[i + 1] == ' ') {
			while (i < n && s[i] == ' ')
				i++;
			return chars(s, i) < width / 2 ? i : lead + 2;
		}
	return lead + 2;
}

/* one line of n bytes, wrapped */
static void put_line(struct out *o, const char *s, size_t n)
{
	size_t hang, i, j;
	int col, room;
	char word[1024], b[1024];

	if (o->width <= 0 || chars(s, n) <= o->width) {
		out_text(o, "%.*s\n", (int)n, s);
		return;
	}
	hang = hang_of(s, n, o->width);
	out_text(o, "%.*s", (int)hang, s);
	col = chars(s, hang);
	room = o->width - (int)hang;
	for (i = hang; i < n; i = j) {
		for (j = i; j < n && s[j] != ' '; j++)
			;
		snprintf(word, sizeof word, "%.*s", (int)(j - i), s + i);
		const char *w = view_middle(b, sizeof b, word, room);
		int wl = chars(w, strlen(w));

		if (col > (int)hang && col + 1 + wl > o->width) {
			out_text(o, "\n%*s", (int)hang, "");
			col = (int)hang;
		} else if (col > (int)hang) {
			out_text(o, " ");
			col++;
		}
		out_text(o, "%s", w);
		col += wl;
		while (j < n && s[j] == ' ')
			j++;
	}
	out_text(o, "\n");
}

void view_lines(struct out *o, const char *fmt, ...)
{
	char buf[8192];
	const char *s, *nl;
	va_list ap;

	if (o->fmt != FMT_TEXT)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (s = buf; *s; s = nl + 1) {
		nl = strchr(s, '\n');
		if (!nl) { /* a line's start: the caller ends it */
			out_text(o, "%s", s);
			return;
		}
		put_line(o, s, (size_t)(nl - s));
	}
}

/*
 * Names shortened in the middle for lines of text (shorten.h): the one
 * place it is done, for the views' path cells (view.c), triage's long
 * words (view-triage.c) and names in notes.
 */
#include <string.h>

#include "render/shorten.h"
#include "base/banned.h"

/* the byte offset of column k of s (UTF-8 continuation bytes take none) */
static size_t byte_at(const char *s, size_t k)
{
	size_t i = 0;

	for (; s[i]; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && k-- == 0)
			break;
	return i;
}

const char *text_shorten(char *buf, size_t n, const char *s, size_t cols)
{
	size_t have = 0, i, head, tail, hb, tb;

	for (i = 0; s[i]; i++)
		have += ((unsigned char)s[i] & 0xc0) != 0x80;
	if (cols < 2 || have <= cols)
		return s;
	/* the tail (the file's name) gets the larger half */
	head = (cols - 1) / 3;
	tail = cols - 1 - head;
	hb = byte_at(s, head);
	tb = strlen(s) - byte_at(s, have - tail);
	if (hb + 3 + tb + 1 > n)
		return s;
	memcpy(buf, s, hb);
	memcpy(buf + hb, "\xe2\x80\xa6", 3);
	memcpy(buf + hb + 3, s + strlen(s) - tb, tb + 1);
	return buf;
}

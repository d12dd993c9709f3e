/*
 * Line reading for trace decoders: plain text, gzip (zlib's gz* reader)
 * or xz (liblzma), chosen by the first bytes, so compressed traces are
 * read as they are stored.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lzma.h>
#include <zlib.h>

#include "base/lines.h"
#include "base/banned.h"

#define MAX_LINE (1 << 22)

enum { SRC_PLAIN, SRC_GZ, SRC_XZ };

struct iol_lines_priv {
	int fd, kind, eof;
	gzFile gz;
	lzma_stream xz;
	uint8_t *in; /* xz input staging */
	char *buf;
	size_t cap, head, tail;
};

static ssize_t raw_read(struct iol_lines_priv *p, void *dst, size_t n,
			struct iol_error *err)
{
	for (;;) {
		ssize_t r = read(p->fd, dst, n);

		if (r >= 0)
			return r;
		if (errno != EINTR) {
			if (err)
				err->sys = errno;
			return iol_error_set(err, IOL_EIO, "%s",
					     strerror(errno));
		}
	}
}

int iol_lines_open(struct iol_lines *l, const char *path, struct iol_error *err)
{
	struct iol_lines_priv *p;
	uint8_t magic[6] = {0};
	ssize_t n;

	memset(l, 0, sizeof(*l));
	p = calloc(1, sizeof(*p));
	if (!p)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	l->priv = p;
	p->fd = strcmp(path, "-") == 0 ? dup(STDIN_FILENO)
				       : open(path, O_RDONLY);
	if (p->fd < 0) {
		if (err)
			err->sys = errno;
		free(p);
		l->priv = NULL;
		return iol_error_set(err, IOL_EIO, "%s", strerror(errno));
	}
	p->cap = 1 << 16;
	p->buf = malloc(p->cap);
	if (!p->buf) {
		iol_lines_close(l);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	/* sniff without seeking: the bytes read stay in the buffer */
	n = raw_read(p, p->buf, sizeof(magic), err);
	if (n < 0) {
		iol_lines_close(l);
		return (int)n;
	}
	memcpy(magic, p->buf, (size_t)n);
	p->tail = (size_t)n;
	if (n >= 2 && magic[0] == 0x1f && magic[1] == 0x8b)
		p->kind = SRC_GZ;
	else if (n >= 6 && !memcmp(magic,
				   "\xfd"
				   "7zXZ\0",
				   6))
		p->kind = SRC_XZ;
	if (p->kind == SRC_GZ) {
		/* gzdopen needs the stream from its start: reopen the file,
		 * or give up on compressed standard input */
		if (strcmp(path, "-") == 0 || lseek(p->fd, 0, SEEK_SET) != 0) {
			iol_lines_close(l);
			return iol_error_set(
				err, IOL_EUNSUPP,
				"gzip input must be a file, not a pipe");
		}
		p->gz = gzdopen(p->fd, "rb");
		p->fd = -1;
		p->tail = 0;
		if (!p->gz) {
			iol_lines_close(l);
			return iol_error_set(err, IOL_ENOMEM,
					     "cannot start gzip");
		}
		gzbuffer(p->gz, 1 << 17);
	} else if (p->kind == SRC_XZ) {
		lzma_stream init = LZMA_STREAM_INIT;

		p->xz = init;
		if (lzma_stream_decoder(&p->xz, UINT64_MAX,
					LZMA_CONCATENATED) != LZMA_OK) {
			iol_lines_close(l);
			return iol_error_set(err, IOL_ENOMEM,
					     "cannot start xz");
		}
		p->in = malloc(1 << 16);
		if (!p->in) {
			iol_lines_close(l);
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		}
		/* the sniffed bytes are compressed input */
		memcpy(p->in, p->buf, p->tail);
		p->xz.next_in = p->in;
		p->xz.avail_in = p->tail;
		p->tail = 0;
	}
	return 0;
}

/* append decoded bytes at buf+tail; 0 at end of input */
static ssize_t fill(struct iol_lines_priv *p, struct iol_error *err)
{
	size_t room = p->cap - p->tail;

	if (p->kind == SRC_PLAIN)
		return raw_read(p, p->buf + p->tail, room, err);
	if (p->kind == SRC_GZ) {
		int n = gzread(
			p->gz, p->buf + p->tail,
			(unsigned)(room > (1u << 30) ? (1u << 30) : room));

		if (n < 0) {
			int e;

			return iol_error_set(err, IOL_ECOMPRESS,
					     "bad gzip data: %s",
					     gzerror(p->gz, &e));
		}
		return n;
	}
	for (;;) {
		lzma_ret r;
		lzma_action act = LZMA_RUN;

		if (p->xz.avail_in == 0 && !p->eof) {
			ssize_t n = raw_read(p, p->in, 1 << 16, err);

			if (n < 0)
				return n;
			if (n == 0)
				p->eof = 1;
			p->xz.next_in = p->in;
			p->xz.avail_in = (size_t)n;
		}
		if (p->eof)
			act = LZMA_FINISH;
		p->xz.next_out = (uint8_t *)p->buf + p->tail;
		p->xz.avail_out = room;
		r = lzma_code(&p->xz, act);
		if (r != LZMA_OK && r != LZMA_STREAM_END)
			return iol_error_set(err, IOL_ECOMPRESS,
					     "bad xz data (error %d)", (int)r);
		if (room - p->xz.avail_out > 0)
			return (ssize_t)(room - p->xz.avail_out);
		if (r == LZMA_STREAM_END)
			return 0;
		if (p->eof)
			return iol_error_set(err, IOL_ECOMPRESS,
					     "xz data ends early");
	}
}

int iol_lines_next(struct iol_lines *l, char **line, size_t *len,
		   struct iol_error *err)
{
	struct iol_lines_priv *p = l->priv;
	char *nl;

	l->unterminated = 0;
	for (;;) {
		nl = memchr(p->buf + p->head, '\n', p->tail - p->head);
		if (nl)
			break;
		if (p->head > 0) {
			memmove(p->buf, p->buf + p->head, p->tail - p->head);
			p->tail -= p->head;
			p->head = 0;
		}
		if (p->tail == p->cap) {
			char *nb;

			if (p->cap >= MAX_LINE)
				return iol_error_set(
					err, IOL_ESYNTAX,
					"line %llu is longer than %d bytes",
					(unsigned long long)l->lineno + 1,
					MAX_LINE);
			nb = realloc(p->buf, p->cap * 2);
			if (!nb)
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			p->buf = nb;
			p->cap *= 2;
		}
		{
			ssize_t n = fill(p, err);

			if (n < 0)
				return (int)n;
			if (n == 0) {
				if (p->tail == p->head)
					return 0;
				/* a last line without newline */
				if (p->tail == p->cap) {
					char *nb = realloc(p->buf, p->cap + 1);

					if (!nb)
						return iol_error_set(
							err, IOL_ENOMEM,
							"out of memory");
					p->buf = nb;
					p->cap++;
				}
				nl = p->buf + p->tail;
				p->tail++;
				l->unterminated = 1;
				break;
			}
			p->tail += (size_t)n;
		}
	}
	*nl = '\0';
	*line = p->buf + p->head;
	*len = (size_t)(nl - *line);
	if (*len && (*line)[*len - 1] == '\r')
		(*line)[--*len] = '\0';
	p->head = (size_t)(nl - p->buf) + 1;
	l->lineno++;
	return 1;
}

void iol_lines_close(struct iol_lines *l)
{
	struct iol_lines_priv *p = l->priv;

	if (!p)
		return;
	if (p->gz)
		gzclose(p->gz);
	if (p->kind == SRC_XZ)
		lzma_end(&p->xz);
	if (p->fd >= 0)
		close(p->fd);
	free(p->in);
	free(p->buf);
	free(p);
	l->priv = NULL;
}

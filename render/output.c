/*
 * Tabular output in text, CSV, TSV and JSON (see output.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/fmtshort.h"
#include "render/output.h"
#include "render/view.h"
#include "base/utf8.h"
#include "base/banned.h"

int fmt_parse(const char *s)
{
	if (!strcmp(s, "text"))
		return FMT_TEXT;
	if (!strcmp(s, "csv"))
		return FMT_CSV;
	if (!strcmp(s, "tsv"))
		return FMT_TSV;
	if (!strcmp(s, "json"))
		return FMT_JSON;
	return -1;
}

/* The file a symbolic link at path names, in real (n bytes), when it is
 * one to a regular file: 1, else 0 (no link, or a link to anything else,
 * which out_tmp() writes through in place). */
static int link_target(const char *path, char *real, size_t n)
{
	char buf[PATH_MAX];
	struct stat st;

	if (lstat(path, &st) < 0 || !S_ISLNK(st.st_mode) ||
	    stat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
	    !realpath(path, buf) || strlen(buf) >= n)
		return 0;
	memcpy(real, buf, strlen(buf) + 1);
	return 1;
}

/* The standard output or error when path names the same file (as
 * /dev/stdout, /dev/fd/1 or /proc/self/fd/2 do): that descriptor, else
 * -1.  Identity by device and inode, as the kernel resolves the name. */
static int std_fd(const char *path)
{
	struct stat p, f;
	int fd;

	if (stat(path, &p) < 0)
		return -1;
	for (fd = 1; fd <= 2; fd++)
		if (fstat(fd, &f) == 0 && f.st_dev == p.st_dev &&
		    f.st_ino == p.st_ino)
			return fd;
	return -1;
}

int out_tmp(const char *path, char *tmp, size_t n)
{
	char real[PATH_MAX];
	struct stat st;
	int fd;

	/* the file stdout or stderr already writes: written through that
	 * descriptor, where it stands (a shell's >> or the lines before
	 * kept; a rename would drop them and leave the descriptor on a
	 * removed file) */
	if ((fd = std_fd(path)) >= 0) {
		if (snprintf(tmp, n, "%s", path) >= (int)n) {
			errno = ENAMETOOLONG;
			return -1;
		}
		return fcntl(fd, F_DUPFD_CLOEXEC, 3);
	}
	/* a link to any other regular file (a user's link to a results
	 * file): the temporary goes beside the file it names and replaces
	 * that, not the link */
	if (link_target(path, real, sizeof(real)))
		path = real;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode)) {
		if (snprintf(tmp, n, "%s", path) >= (int)n) {
			errno = ENAMETOOLONG;
			return -1;
		}
		return open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	}
	if (snprintf(tmp, n, "%s.tmpXXXXXX", path) >= (int)n) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((fd = mkstemp(tmp)) >= 0)
		fchmod(fd, 0644);
	return fd;
}

int out_commit(const char *tmp, const char *path)
{
	char target[PATH_MAX];
	size_t l = strlen(tmp);

	if (strcmp(tmp, path) == 0)
		return 0;
	/* the target is the temporary's name less ".tmpXXXXXX": path, or the
	 * file a link at path names (out_tmp()) */
	if (l < 10 || l - 10 >= sizeof(target)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(target, tmp, l - 10);
	target[l - 10] = '\0';
	return rename(tmp, target);
}

void out_discard(const char *tmp, const char *path)
{
	if (strcmp(tmp, path) != 0)
		unlink(tmp);
}

int out_write_file(const char *path, const void *buf, size_t len)
{
	char tmp[OUT_TMP_MAX];
	size_t off = 0;
	ssize_t k;
	int fd = out_tmp(path, tmp, sizeof(tmp)), e;

	if (fd < 0)
		return -1;
	while (off < len &&
	       (k = write(fd, (const char *)buf + off, len - off)) > 0)
		off += (size_t)k;
	if (close(fd) < 0 || off < len || out_commit(tmp, path) < 0) {
		e = errno;
		out_discard(tmp, path);
		errno = e;
		return -1;
	}
	return 0;
}

int out_write_stream(const char *path, int (*fill)(FILE *f, const void *arg),
		     const void *arg)
{
	char tmp[OUT_TMP_MAX];
	int fd = out_tmp(path, tmp, sizeof(tmp)), bad, e;
	FILE *f;

	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		e = errno;
		if (fd >= 0) {
			close(fd);
			out_discard(tmp, path);
		}
		errno = e;
		return -1;
	}
	bad = fill(f, arg) != 0;
	bad |= fclose(f) != 0;
	if (bad || out_commit(tmp, path) < 0) {
		e = errno;
		out_discard(tmp, path);
		errno = e;
		return -1;
	}
	return 0;
}

int out_open(struct out *o, const char *path, int fmt)
{
	int fd = STDOUT_FILENO;

	memset(o, 0, sizeof(*o));
	o->fmt = fmt;
	if (path && strcmp(path, "-") != 0) {
		size_t n = OUT_TMP_MAX;
		struct stat st;

		/* never clobber an input or a directory: write beside the
		 * target and rename once everything is written */
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			iol_error_set(&o->err, IOL_EIO,
				      "cannot write '%s': Is a directory",
				      path);
			return -1;
		}
		o->path = strdup(path);
		o->tmp = malloc(n);
		if (!o->path || !o->tmp) {
			free(o->path);
			free(o->tmp);
			o->path = o->tmp = NULL;
			iol_error_set(&o->err, IOL_ENOMEM, "out of memory");
			return -1;
		}
		fd = out_tmp(path, o->tmp, n);
		if (fd < 0) {
			iol_error_set(&o->err, IOL_EIO, "cannot write '%s': %s",
				      path, strerror(errno));
			free(o->path);
			free(o->tmp);
			o->path = o->tmp = NULL;
			return -1;
		}
	}
	obuf_init(&o->ob, fd, 1 << 16);
	o->width = out_term_width(fd);
	o->color = isatty(fd) && !(getenv("NO_COLOR") && *getenv("NO_COLOR")) &&
		   !(getenv("TERM") && !strcmp(getenv("TERM"), "dumb"));
	return 0;
}

/* A copy of s as the next text cell, its control characters escaped
 * (a path from a log is any bytes: one could move the cursor or start
 * a line of its own).  Out of memory drops it and marks the output
 * failed: out_close() then reports it. */
static int cell_grow(struct out *o)
{
	size_t cap = o->cellcap ? o->cellcap * 2 : 256;
	char **c = realloc(o->cells, cap * sizeof(*o->cells));
	unsigned char *k;

	if (!c)
		return -1;
	o->cells = c;
	k = realloc(o->ccolor, cap);
	if (!k)
		return -1;
	o->ccolor = k;
	o->cellcap = cap;
	return 0;
}

void out_cell_push(struct out *o, const char *s, int color)
{
	char *d;

	if (o->vpass == 1 && !o->nomem) {
		view_text_measure(o, s ? s : "");
		return;
	}
	d = iol_esc_dup(s);

	if (d && o->ncells == o->cellcap && cell_grow(o) < 0) {
		free(d);
		d = NULL;
	}
	if (!d) {
		o->nomem = 1;
		return;
	}
	o->ccolor[o->ncells] = (unsigned char)color;
	o->cells[o->ncells++] = d;
}

static void cell_push(struct out *o, const char *s)
{
	out_cell_push(o, s, 0);
}

void out_table(struct out *o, const char *const *cols, int ncols)
{
	int i;

	o->cols = cols;
	o->vcols = NULL;
	o->ncols = ncols;
	o->col = 0;
	o->nrows = 0;
	free(o->right);
	o->right = calloc(ncols > 0 ? (size_t)ncols : 1, sizeof(int));
	if (!o->right)
		o->nomem = 1;
	switch (o->fmt) {
	case FMT_CSV:
	case FMT_TSV:
		for (i = 0; i < ncols; i++) {
			if (i)
				obuf_putc(&o->ob,
					  o->fmt == FMT_CSV ? ',' : '\t');
			obuf_puts(&o->ob, cols[i]);
		}
		obuf_putc(&o->ob, '\n');
		break;
	case FMT_JSON: obuf_putc(&o->ob, '['); break;
	default:
		for (i = 0; i < ncols; i++)
			cell_push(o, cols[i]);
		break;
	}
}

/* The plain ASCII at s (no quote, backslash or control): its length. */
static size_t json_plain(const char *s)
{
	size_t n = 0;

	for (unsigned char c; (c = (unsigned char)s[n]) >= 0x20 && c < 0x80 &&
			      c != '"' && c != '\\';
	     n++)
		;
	return n;
}

/* A JSON string is UTF-8 (RFC 8259), a path any bytes: a byte that
 * starts no well-formed sequence is written as U+FFFD, the replacement
 * character (a strict reader refused the whole document) */
/* Runs of plain ASCII are written whole (a printf a character made a
 * 50-row page of `jobs` JSON 9 ms of CPU). */
void out_json_str(struct obuf *ob, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	size_t n;

	obuf_putc(ob, '"');
	for (; s && *s; s += n ? n : 1) {
		unsigned char c = (unsigned char)*s;

		if ((n = json_plain(s)) > 0) {
			obuf_write(ob, s, n);
			continue;
		}
		n = iol_utf8_len(s);
		if (c == '"' || c == '\\') {
			obuf_putc(ob, '\\');
			obuf_putc(ob, (char)c);
		} else if (c < 0x20) {
			char u[6] = {'\\', 'u',		'0',
				     '0',  hex[c >> 4], hex[c & 15]};
			obuf_write(ob, u, sizeof u);
		} else if (!n) {
			obuf_write(ob, "\\ufffd", 6);
		} else {
			obuf_write(ob, s, n);
		}
	}
	obuf_putc(ob, '"');
}

static void sep(struct out *o)
{
	if (o->fmt == FMT_CSV && o->col)
		obuf_putc(&o->ob, ',');
	else if (o->fmt == FMT_TSV && o->col)
		obuf_putc(&o->ob, '\t');
	else if (o->fmt == FMT_JSON) {
		if (o->col == 0)
			obuf_puts(&o->ob, o->nrows ? ",\n{" : "\n{");
		else
			obuf_putc(&o->ob, ',');
		out_json_str(&o->ob, o->col < o->ncols ? o->cols[o->col] : "?");
		obuf_putc(&o->ob, ':');
	}
}

/* a value: quoted is 1 for strings (JSON quotes, CSV quotes if needed) */
static void put(struct out *o, const char *s, int quoted, int numeric)
{
	if (o->fmt == FMT_TEXT) {
		cell_push(o, s);
		if (numeric && o->right && o->col < o->ncols)
			o->right[o->col] = 1;
		o->col++;
		return;
	}
	sep(o);
	if (o->fmt == FMT_CSV && quoted && strpbrk(s, ",\"\r\n")) {
		obuf_putc(&o->ob, '"');
		for (; *s; s++) {
			if (*s == '"')
				obuf_putc(&o->ob, '"');
			obuf_putc(&o->ob, *s);
		}
		obuf_putc(&o->ob, '"');
	} else if (o->fmt == FMT_TSV) {
		/* TSV cannot hold tabs or newlines in a field */
		for (; *s; s++)
			obuf_putc(&o->ob,
				  (*s == '\t' || *s == '\n' || *s == '\r')
					  ? ' '
					  : *s);
	} else if (o->fmt == FMT_JSON && quoted) {
		out_json_str(&o->ob, s);
	} else {
		obuf_puts(&o->ob, s);
	}
	o->col++;
}

/* A number of n bytes: put()'s bytes, its length known (a million rows
 * of CSV measured 250 million numbers with strlen, 7 % of the run) */
static void put_num(struct out *o, const char *s, size_t n)
{
	if (o->fmt == FMT_TEXT) {
		put(o, s, 0, 1);
		return;
	}
	/* no comma, quote, tab or newline in a number: nothing to escape */
	sep(o);
	obuf_write(&o->ob, s, n);
	o->col++;
}

void out_str(struct out *o, const char *s)
{
	put(o, s ? s : "", 1, 0);
}

void out_numstr(struct out *o, const char *s)
{
	put(o, s ? s : "", 1, 1);
}

/* "%lld" without printf: a million rows of CSV print 150 million */
void out_int(struct out *o, int64_t v)
{
	char b[24], *p = b + sizeof(b) - 1;
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;

	*p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	put_num(o, p, (size_t)(b + sizeof(b) - 1 - p));
}

size_t fmt_double(char *buf, size_t n, double v)
{
	int p, len = 0;
	size_t fast = fmt_short(buf, n, v);

	/* the same bytes without printf and strtod where 128 bits hold
	 * the digits (render/fmtshort.c) */
	if (fast)
		return fast;
	for (p = 15; p <= 17; p++) {
		len = snprintf(buf, n, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return (size_t)len;
}

void out_num(struct out *o, double v, int prec)
{
	char b[64];

	if (isnan(v) || isinf(v)) {
		out_null(o);
		return;
	}
	if (o->fmt == FMT_TEXT) {
		size_t n = fmt_fixed(b, sizeof(b) - 1, v, prec);

		b[n] = '\0';
		put(o, b, 0, 1);
		return;
	}
	put_num(o, b, fmt_double(b, sizeof(b), v));
}

void out_bytes(struct out *o, int64_t v)
{
	char b[32];

	if (o->fmt == FMT_TEXT) {
		put(o, fmt_bytes(b, sizeof(b), (double)v, BYTES_TEXT), 0, 1);
		return;
	}
	out_int(o, v);
}

void out_null(struct out *o)
{
	if (o->fmt == FMT_JSON) {
		sep(o);
		obuf_puts(&o->ob, "null");
		o->col++;
		return;
	}
	put(o, o->fmt == FMT_TEXT ? "-" : "", 0, 0);
}

void out_endrow(struct out *o)
{
	if (o->fmt == FMT_TEXT && o->vpass)
		view_text_row(o);
	if (o->fmt == FMT_CSV || o->fmt == FMT_TSV)
		obuf_putc(&o->ob, '\n');
	else if (o->fmt == FMT_JSON)
		obuf_putc(&o->ob, '}');
	o->col = 0;
	o->nrows++;
}

/* Columns in characters, not bytes: UTF-8 continuation bytes ("µs")
 * take no column. */
static size_t text_width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

void out_endtable(struct out *o)
{
	size_t *w, i;
	int c, nc = o->ncols;

	if (o->fmt == FMT_JSON) {
		obuf_puts(&o->ob, o->nrows ? "\n]\n" : "]\n");
		return;
	}
	if (o->fmt != FMT_TEXT || !nc)
		return;
	if (o->vcols) {
		view_text_table(o);
		return;
	}
	w = calloc((size_t)nc, sizeof(*w));
	if (!w || !o->right)
		o->nomem = 1;
	/* out of memory: the table is lost, out_close() says so */
	for (i = 0; o->nomem && i < o->ncells; i++)
		free(o->cells[i]);
	if (o->nomem) {
		o->ncells = 0;
		free(w);
		return;
	}
	for (i = 0; i < o->ncells; i++) {
		size_t l = text_width(o->cells[i]);

		if (l > w[i % (size_t)nc])
			w[i % (size_t)nc] = l;
	}
	for (i = 0; i < o->ncells; i++) {
		size_t l = text_width(o->cells[i]);

		c = (int)(i % (size_t)nc);
		if (o->right[c] && i >= (size_t)nc)
			while (l++ < w[c])
				obuf_putc(&o->ob, ' ');
		obuf_puts(&o->ob, o->cells[i]);
		if (c == nc - 1) {
			obuf_putc(&o->ob, '\n');
		} else {
			if (!o->right[c] || i < (size_t)nc)
				while (l++ < w[c])
					obuf_putc(&o->ob, ' ');
			obuf_puts(&o->ob, "  ");
		}
		free(o->cells[i]);
	}
	o->ncells = 0;
	free(w);
}

/* The text of fmt with its control characters escaped but newlines and
 * tabs (iol_esc_char()): its names come from logs and traces, and one
 * could clear the screen or overwrite a line (a name's newline stays: a
 * report's text cannot tell it from its own). */
void out_text(struct out *o, const char *fmt, ...)
{
	char small[1024], *t = small, c[IOL_ESC_MAX];
	const char *p;
	va_list ap;
	size_t k;
	int n;

	if (o->fmt != FMT_TEXT)
		return;
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(small)) {
		t = malloc((size_t)n + 1);
		if (!t) {
			o->nomem = 1;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(t, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	for (p = n < 0 ? "" : t; (k = iol_esc_char(p, c)) != 0; p += k)
		if (*p == '\n' || *p == '\t')
			obuf_putc(&o->ob, *p);
		else
			obuf_puts(&o->ob, c);
	if (t != small)
		free(t);
}

int out_close(struct out *o, int commit)
{
	int err, ret = 0;
	size_t i;

	for (i = 0; i < o->ncells; i++)
		free(o->cells[i]);
	free(o->cells);
	free(o->ccolor);
	free(o->vkeys);
	free(o->right);
	free(o->vnat);
	free(o->vw);
	free(o->vhide);
	err = obuf_release(&o->ob);
	if (o->tmp) {
		if (close(o->ob.fd) < 0 && !err)
			err = errno;
		if (err || !commit) {
			out_discard(o->tmp, o->path);
		} else if (out_commit(o->tmp, o->path) < 0) {
			err = errno;
			out_discard(o->tmp, o->path);
		}
	}
	if (!err && o->nomem)
		err = ENOMEM;
	if (err) {
		iol_error_set(&o->err, IOL_EIO, "cannot write '%s': %s",
			      o->path ? o->path : "standard output",
			      strerror(err));
		ret = -1;
	}
	free(o->path);
	free(o->tmp);
	return ret;
}

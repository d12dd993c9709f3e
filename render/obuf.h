/*
 * obuf: a large output buffer over a file descriptor.  The printers of
 * darshan-parser-compatible text write hundreds of megabytes; going through
 * one big buffer and our own number formatting keeps that path cheap.
 * The caller owns the struct; obuf_release() flushes and frees the buffer.
 */
#ifndef IOLENS_OBUF_H
#define IOLENS_OBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct obuf {
	char *buf;
	size_t len, cap;
	int fd;
	int err; /* errno of the first failed write, 0 if none */
};

int obuf_init(struct obuf *ob, int fd, size_t cap);
/* A buffer that only grows (fd -1): text formatted in a thread of its
 * own, written elsewhere.  Out of memory drops the text and sets err. */
int obuf_init_mem(struct obuf *ob, size_t cap);
/* Write n bytes straight to ob's descriptor (ob emptied by the caller
 * first); a failure is kept in ob->err as a flush's.  0 or -1. */
int obuf_write_fd(struct obuf *ob, const void *p, size_t n);
int obuf_flush(struct obuf *ob);
int obuf_release(struct obuf *ob); /* flushes; returns ob->err or 0 */
void obuf_grow_write(struct obuf *ob, const void *p, size_t n);

static inline void obuf_write(struct obuf *ob, const void *p, size_t n)
{
	if (ob->cap - ob->len >= n) {
		memcpy(ob->buf + ob->len, p, n);
		ob->len += n;
	} else {
		obuf_grow_write(ob, p, n);
	}
}

static inline void obuf_puts(struct obuf *ob, const char *s)
{
	obuf_write(ob, s, strlen(s));
}

static inline void obuf_putc(struct obuf *ob, char c)
{
	if (ob->len == ob->cap)
		obuf_flush(ob);
	ob->buf[ob->len++] = c;
}

/* Ensure n contiguous bytes are free and return a pointer to them. */
char *obuf_reserve(struct obuf *ob, size_t n);
static inline void obuf_commit(struct obuf *ob, size_t n)
{
	ob->len += n;
}

void obuf_printf(struct obuf *ob, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void obuf_vprintf(struct obuf *ob, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void obuf_i64(struct obuf *ob, int64_t v);
void obuf_u64(struct obuf *ob, uint64_t v);
/* printf("%.*f", prec, v) byte for byte, prec <= 9 */
void obuf_fixed(struct obuf *ob, double v, int prec);
/* The same into out (NUL not added); returns the length. */
size_t fmt_fixed(char *out, size_t outsz, double v, int prec);

/* How fmt_bytes rounds: the text tables always show one decimal above
 * bytes ("256.0 MiB"); the report and its charts drop it from 100 up
 * ("256 MiB"), where it is noise at their size. */
enum { BYTES_TEXT, BYTES_SHORT };
/* A byte count in binary units into buf ("1.5 GiB", "512 B"); returns
 * buf. */
const char *fmt_bytes(char *buf, size_t n, double v, int style);
/* A duration in seconds for people, in the unit that shows it ("0 s",
 * "95.3 µs", "391.76 ms", "2.7200 s"; "n/a" for NAN); returns buf.  The
 * machine formats keep raw seconds. */
const char *fmt_dur(char *buf, size_t n, double v);
/* A ratio for people: as many decimals as show a small value ("0.002",
 * "0.25", "123.7"; "n/a" for NAN); returns buf. */
const char *fmt_ratio(char *buf, size_t n, double v);
/* "2026-11-21 06:36:29 UTC" for an epoch second, in UTC; returns buf. */
const char *fmt_time(char *buf, size_t n, int64_t secs);

#endif

/*
 * Views: tables described once, text fitted to the terminal (view.h).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "render/view.h"
#include "render/shorten.h"
#include "base/utf8.h"
#include "base/banned.h"

/* A path column is first shortened to this many columns before any
 * column is hidden, and to the second never. */
#define PATH_ROOMY 32
#define PATH_MIN 12
#define PROSE_ROOMY 40
#define PROSE_MIN 16

static int fixed_width = -1;

void out_set_width(int width)
{
	fixed_width = width;
}

int out_term_width(int fd)
{
	const char *c = getenv("COLUMNS");
	struct winsize ws;
	char *end;
	long v;

	if (fixed_width >= 0)
		return fixed_width;
	if (c && *c) {
		v = strtol(c, &end, 10);
		if (!*end && v >= 20 && v <= 10000)
			return (int)v;
	}
	if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 100;
}

void out_view(struct out *o, const struct iol_view *v)
{
	const char **keys = calloc((size_t)v->ncols + 1, sizeof(*keys));
	int i;

	free(o->vkeys);
	o->vkeys = keys;
	if (!keys) {
		o->nomem = 1;
		return;
	}
	for (i = 0; i < v->ncols; i++)
		keys[i] = v->cols[i].key;
	/* text: out_table() pushes the keys as the header; the view's
	 * headers replace them */
	if (o->fmt == FMT_TEXT) {
		size_t at = o->ncells;

		out_table(o, keys, v->ncols);
		for (i = 0; i < v->ncols && at + (size_t)i < o->ncells; i++) {
			char *h = strdup(v->cols[i].head);

			if (!h) {
				o->nomem = 1;
				continue;
			}
			free(o->cells[at + (size_t)i]);
			o->cells[at + (size_t)i] = h;
		}
	} else {
		out_table(o, keys, v->ncols);
	}
	o->vcols = v->cols;
	for (i = 0; o->right && i < v->ncols; i++)
		o->right[i] = v->cols[i].kind == COL_NUM;
}

void out_str_color(struct out *o, const char *s, int color)
{
	if (o->fmt != FMT_TEXT) {
		out_str(o, s);
		return;
	}
	out_cell_push(o, s ? s : "", o->color ? color : 0);
	o->col++;
}

/* columns of the n bytes of s (UTF-8 continuation bytes take none) */
static size_t cols_of_n(const char *s, size_t n)
{
	size_t k = 0, i;

	for (i = 0; i < n && s[i]; i++)
		k += ((unsigned char)s[i] & 0xc0) != 0x80;
	return k;
}

static size_t cols_of(const char *s)
{
	return cols_of_n(s, strlen(s));
}

static size_t span(const size_t *w, const int *hide, int nc)
{
	size_t t = 0;
	int c, shown = 0;

	for (c = 0; c < nc; c++)
		if (!hide[c]) {
			t += w[c];
			shown++;
		}
	return t + (shown > 1 ? 2 * (size_t)(shown - 1) : 0);
}

/* The last visible column when it is prose, else -1. */
static int prose_col(const struct out *o, const int *hide)
{
	int c, last = -1;

	for (c = 0; c < o->ncols; c++)
		if (!hide[c])
			last = c;
	return last >= 0 && o->vcols[last].kind == COL_PROSE ? last : -1;
}

/* Shorten path columns (widest first) toward pfloor, then wrap prose
 * toward qfloor, until the table spans width. */
static void squeeze(const struct out *o, size_t *w, const int *hide,
		    size_t width, size_t pfloor, size_t qfloor)
{
	int c, widest, q = prose_col(o, hide);
	size_t sp;

	while ((sp = span(w, hide, o->ncols)) > width) {
		widest = -1;
		for (c = 0; c < o->ncols; c++)
			if (!hide[c] && o->vcols[c].kind == COL_PATH &&
			    w[c] > pfloor && (widest < 0 || w[c] > w[widest]))
				widest = c;
		if (widest >= 0) {
			w[widest]--;
			continue;
		}
		if (q < 0 || w[q] <= qfloor)
			return;
		w[q] = w[q] - qfloor > sp - width ? w[q] - (sp - width)
						  : qfloor;
	}
}

/* the visible column to hide next: highest priority, rightmost */
static int next_hidden(const struct out *o, const int *hide)
{
	int c, best = -1;

	for (c = 0; c < o->ncols; c++)
		if (!hide[c] && o->vcols[c].prio > 0 &&
		    (best < 0 || o->vcols[c].prio >= o->vcols[best].prio))
			best = c;
	return best;
}

/* Widths and hidden columns for o->width; natural widths in nat.  Paths
 * and prose give room first, down to roomy widths; then columns are
 * hidden; then paths and prose go down to their least. */
static void fit(const struct out *o, const size_t *nat, size_t *w, int *hide)
{
	size_t width = (size_t)o->width;
	int c;

	memcpy(w, nat, (size_t)o->ncols * sizeof(*w));
	squeeze(o, w, hide, width, PATH_ROOMY, PROSE_ROOMY);
	while (span(w, hide, o->ncols) > width &&
	       (c = next_hidden(o, hide)) >= 0) {
		hide[c] = 1;
		/* a column hidden may leave prose last */
		memcpy(w, nat, (size_t)o->ncols * sizeof(*w));
		squeeze(o, w, hide, width, PATH_ROOMY, PROSE_ROOMY);
	}
	squeeze(o, w, hide, width, PATH_MIN, PROSE_MIN);
}

static void pad(struct out *o, size_t n)
{
	while (n--)
		obuf_putc(&o->ob, ' ');
}

static void put_colored(struct out *o, const char *s, size_t len, int color)
{
	static const char *const sgr[] = {"", "31", "33", "32", "1"};

	if (color > 0 && color < 5)
		obuf_printf(&o->ob, "\033[%sm", sgr[color]);
	/* every cell of every row: no printf */
	obuf_write(&o->ob, s, len);
	if (color > 0 && color < 5)
		obuf_puts(&o->ob, "\033[0m");
}

/*
 * A pair "A -> B" (diff's paired blocks and files) shortened side by
 * side to w columns into buf (n bytes, strlen(s) + 8 enough): each side
 * keeps its head and tail (a block's line), the shorter side whole when
 * it fits in half; shortened whole, the middle took A's tail and B's
 * head ("main() > loop f…in() > loop fix.c:13"; issue 33 D9).  NULL
 * when s is no pair or w too narrow.
 */
static const char *pair_shorten(char *buf, size_t n, const char *s, size_t w)
{
	const char *arrow = strstr(s, " -> ");
	size_t la, ca, cb, avail, wa;
	char a[512], ta[520];
	const char *sa, *sb;

	if (!arrow || w < 16 || (la = (size_t)(arrow - s)) >= sizeof(a))
		return NULL;
	memcpy(a, s, la);
	a[la] = '\0';
	ca = cols_of(a);
	cb = cols_of(arrow + 4);
	avail = w - 4;
	wa = ca < avail / 2 ? ca : cb < avail / 2 ? avail - cb : avail / 2;
	sa = text_shorten(ta, sizeof(ta), a, wa);
	sb = text_shorten(buf, n, arrow + 4, avail - wa);
	if (strlen(sa) + 4 + strlen(sb) + 1 > sizeof(a))
		return NULL;
	snprintf(a, sizeof(a), "%s -> %s", sa, sb);
	snprintf(buf, n, "%s", a);
	return buf;
}

/* s shortened in the middle to w columns (shorten.h) */
static void put_middle(struct out *o, const char *s, size_t w, int color)
{
	size_t n = strlen(s) + 8;
	char stack[512], *buf = n <= sizeof(stack) ? stack : malloc(n);
	const char *t;

	if (!buf) {
		o->nomem = 1;
		return;
	}
	if (!(t = pair_shorten(buf, n, s, w)))
		t = text_shorten(buf, n, s, w);
	put_colored(o, t, strlen(t), color);
	if (buf != stack)
		free(buf);
}

/* Prose wrapped at w columns, continuation lines indented to col. */
static void put_prose(struct out *o, const char *s, size_t w, size_t col)
{
	size_t used = 0, n;
	const char *e;

	for (;;) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		e = strchr(s, ' ');
		n = e ? (size_t)(e - s) : strlen(s);
		if (used && used + 1 + cols_of_n(s, n) > w) {
			obuf_putc(&o->ob, '\n');
			pad(o, col);
			used = 0;
		} else if (used) {
			obuf_putc(&o->ob, ' ');
			used++;
		}
		obuf_printf(&o->ob, "%.*s", (int)n, s);
		used += cols_of_n(s, n);
		s += n;
	}
}

/* One row (cells r[0..nc)) of the fitted table. */
static void put_row(struct out *o, char **r, const unsigned char *color,
		    const size_t *w, const int *hide, int header, int *cut)
{
	size_t at = 0, l;
	int c, last = -1, first = 1;

	for (c = 0; c < o->ncols; c++)
		if (!hide[c])
			last = c;
	for (c = 0; c < o->ncols; c++) {
		const struct iol_col *k = &o->vcols[c];

		if (hide[c])
			continue;
		if (!first) {
			obuf_puts(&o->ob, "  ");
			at += 2;
		}
		first = 0;
		l = cols_of(r[c]);
		if (k->kind == COL_NUM && l < w[c])
			pad(o, w[c] - l);
		if (k->kind == COL_PROSE && c == last && !header)
			put_prose(o, r[c], w[c], at);
		else if (l > w[c])
			put_middle(o, r[c], w[c], color[c]), *cut = 1;
		else
			put_colored(o, r[c], strlen(r[c]), color[c]);
		if (c != last && k->kind != COL_NUM && l < w[c])
			pad(o, w[c] - l);
		at += w[c];
	}
	obuf_putc(&o->ob, '\n');
}

/* "2 columns hidden (time_sd, bytes_sd): --wide or --format=csv for
 * all", wrapped as prose */
static void hidden_note(struct out *o, const int *hide)
{
	char m[2048];
	size_t at;
	int c, n = 0, k = 0;

	for (c = 0; c < o->ncols; c++)
		n += hide[c];
	if (!n)
		return;
	at = (size_t)snprintf(m, sizeof(m), "%d column%s hidden (", n,
			      n > 1 ? "s" : "");
	for (c = 0; c < o->ncols && at < sizeof(m); c++)
		if (hide[c])
			at += (size_t)snprintf(m + at, sizeof(m) - at, "%s%s",
					       k++ ? ", " : "",
					       o->vcols[c].key);
	if (at < sizeof(m))
		snprintf(m + at, sizeof(m) - at,
			 "): --wide or --format=csv for all");
	put_prose(o, m, (size_t)o->width, 0);
	obuf_putc(&o->ob, '\n');
}

/* The notes after a fitted table: the columns hidden, and how to see a
 * path shortened whole. */
static void table_notes(struct out *o, const int *hide, int cut)
{
	hidden_note(o, hide);
	/* a shortened path cannot be opened: say how to see it whole */
	if (cut) {
		put_prose(o,
			  "paths shortened in the middle: --wide or "
			  "--format=csv for whole paths",
			  (size_t)o->width, 0);
		obuf_putc(&o->ob, '\n');
	}
}

/* The widest cell of each column among the whole rows buffered, into
 * nat (grown, never shrunk), the cells freed. */
static void measure_cells(struct out *o, size_t *nat)
{
	size_t nc = (size_t)o->ncols, i;

	for (i = 0; i < o->ncells; i++) {
		size_t l = cols_of(o->cells[i]);

		if (l > nat[i % nc])
			nat[i % nc] = l;
		free(o->cells[i]);
	}
	o->ncells = 0;
}

/* The columns of s as its cell shows it (iol_esc_dup()), counted
 * without a copy: a first pass over ten million rows allocates nothing. */
static size_t esc_cols(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	char c[IOL_ESC_MAX];
	size_t n = 0, k;

	while (*u >= 0x20 && *u < 0x7f)
		u++;
	if (!*u)
		return (size_t)(u - (const unsigned char *)s);
	for (; (k = iol_esc_char(s, c)) != 0; s += k)
		n += cols_of(c);
	return n;
}

void view_text_measure(struct out *o, const char *s)
{
	size_t l = esc_cols(s), c = o->vcell++ % (size_t)o->ncols;

	if (l > o->vnat[c])
		o->vnat[c] = l;
}

static void stream_free(struct out *o)
{
	free(o->vnat);
	free(o->vw);
	free(o->vhide);
	o->vnat = o->vw = NULL;
	o->vhide = NULL;
	o->vpass = 0;
}

void out_view_measure(struct out *o, const struct iol_view *v)
{
	/* the machine formats start their table in the second pass */
	if (o->fmt != FMT_TEXT)
		return;
	out_view(o, v);
	stream_free(o);
	o->vnat = calloc((size_t)v->ncols + 1, sizeof(*o->vnat));
	if (!o->vnat) {
		o->nomem = 1;
		return;
	}
	/* the header's cells, then each row's as it is made */
	measure_cells(o, o->vnat);
	o->vcell = 0;
	o->vpass = 1;
}

/* The rows buffered written with the widths of the stream, freed. */
static void stream_rows(struct out *o)
{
	size_t nc = (size_t)o->ncols, i;

	for (i = 0; i + nc <= o->ncells; i += nc) {
		put_row(o, o->cells + i, o->ccolor + i, o->vw, o->vhide,
			o->vhead, &o->vcut);
		o->vhead = 0;
	}
	for (i = 0; i < o->ncells; i++)
		free(o->cells[i]);
	o->ncells = 0;
}

void out_view_stream(struct out *o, const struct iol_view *v)
{
	size_t nc = (size_t)v->ncols;

	if (o->fmt != FMT_TEXT || o->vpass != 1) {
		out_view(o, v);
		return;
	}
	measure_cells(o, o->vnat);
	o->vw = calloc(nc + 1, sizeof(*o->vw));
	o->vhide = calloc(nc + 1, sizeof(*o->vhide));
	if (!o->vw || !o->vhide || o->nomem) {
		stream_free(o);
		o->nomem = 1;
		out_view(o, v);
		return;
	}
	o->vpass = 0; /* the header's cells kept */
	out_view(o, v);
	memcpy(o->vw, o->vnat, nc * sizeof(*o->vw));
	if (o->width > 0)
		fit(o, o->vnat, o->vw, o->vhide);
	o->vpass = 2;
	o->vhead = 1;
	o->vcut = 0;
	stream_rows(o);
}

void view_text_row(struct out *o)
{
	size_t i;

	if (o->nomem) {
		/* the table is lost (out_close() says so): hold no rows */
		for (i = 0; i < o->ncells; i++)
			free(o->cells[i]);
		o->ncells = 0;
	} else if (o->vpass == 1)
		measure_cells(o, o->vnat);
	else
		stream_rows(o);
}

void view_text_table(struct out *o)
{
	size_t nc = (size_t)o->ncols, i, *nat, *w;
	int *hide, cut = 0;

	if (o->vpass == 1 && !o->nomem) {
		/* the first pass ends: its widths kept for the second */
		measure_cells(o, o->vnat);
		return;
	}
	if (o->vpass) {
		if (!o->nomem) {
			stream_rows(o);
			table_notes(o, o->vhide, o->vcut);
		}
		stream_free(o);
		goto out;
	}
	nat = calloc(nc, sizeof(*nat));
	w = calloc(nc, sizeof(*w));
	hide = calloc(nc, sizeof(*hide));
	if (!nat || !w || !hide || o->nomem) {
		o->nomem = 1;
		goto done;
	}
	for (i = 0; i < o->ncells; i++) {
		size_t l = cols_of(o->cells[i]);

		if (l > nat[i % nc])
			nat[i % nc] = l;
	}
	memcpy(w, nat, nc * sizeof(*w));
	if (o->width > 0)
		fit(o, nat, w, hide);
	for (i = 0; i + nc <= o->ncells; i += nc)
		put_row(o, o->cells + i, o->ccolor + i, w, hide, i == 0, &cut);
	table_notes(o, hide, cut);
done:
	free(nat);
	free(w);
	free(hide);
out:
	for (i = 0; i < o->ncells; i++)
		free(o->cells[i]);
	o->ncells = 0;
}

void out_wrap(struct out *o, int indent, const char *text)
{
	size_t w = o->width > indent + 10 ? (size_t)(o->width - indent)
					  : (size_t)-1 / 2;
	const char *nl;

	if (o->fmt != FMT_TEXT || !text)
		return;
	for (; text && *text; text = nl ? nl + 1 : NULL) {
		char *line, *shown;

		nl = strchr(text, '\n');
		line = nl ? strndup(text, (size_t)(nl - text)) : strdup(text);
		/* a name from a log is any bytes: its control characters
		 * are shown escaped, as in a table's cells */
		shown = line ? iol_esc_dup(line) : NULL;
		free(line);
		if (!shown) {
			o->nomem = 1;
			return;
		}
		pad(o, (size_t)indent);
		put_prose(o, shown, w, (size_t)indent);
		obuf_putc(&o->ob, '\n');
		free(shown);
	}
}

int iol_views_of(const char *cmd, const struct iol_view **v, int max)
{
	int i, n = 0;

	for (i = 0; iol_views[i]; i++)
		if (!strcmp(iol_views[i]->cmd, cmd) && n < max)
			v[n++] = iol_views[i];
	return n;
}

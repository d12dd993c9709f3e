/*
 * Views: a command's tables described once (column key, header with its
 * unit, kind, priority, one line of documentation), from which the same
 * rows make text fitted to the terminal, CSV, TSV and JSON, and from
 * which `iolens help --columns` and the man pages' column lists are made.
 *
 * Text is fitted to o->width (out_open() takes $COLUMNS, else the tty's
 * width, else 100; 0 turns fitting off, as --wide does): columns of the
 * highest priority number are hidden first, rightmost first, and a note
 * after the table names them; then path columns are shortened in the
 * middle ("/scratch/…/out.h5"); a prose column (the last) is wrapped.
 * The machine formats carry every column under its key, unchanged.
 *
 * Ownership: views are static descriptions; out_view() borrows one for
 * the life of the table.
 */
#ifndef IOLENS_VIEW_H
#define IOLENS_VIEW_H

#include "render/output.h"

enum { COL_STR, COL_NUM, COL_PATH, COL_PROSE };
enum { IOL_PLAIN, IOL_RED, IOL_YELLOW, IOL_GREEN, IOL_BOLD };

struct iol_col {
	const char *key;  /* CSV header, JSON key: stable */
	const char *head; /* text header for people, with the unit */
	int kind;	  /* COL_*: how text fits it */
	int prio;	  /* 0 always shown; 1..9 hidden highest first */
	const char *doc;  /* what it holds, in one line */
};

struct iol_view {
	const char *cmd;  /* the command: "files" */
	const char *name; /* a table within it, NULL for its main one */
	const struct iol_col *cols;
	int ncols;
};

#define IOL_VIEW(cmd, name, cols)                                        \
	{                                                                \
		cmd, name, cols, (int)(sizeof(cols) / sizeof((cols)[0])) \
	}

/* Start a table described by v instead of out_table(). */
void out_view(struct out *o, const struct iol_view *v);
/* A cell in colour on a terminal (out_open() decides: a tty, NO_COLOR
 * unset or empty, TERM not "dumb"); plain text elsewhere. */
void out_str_color(struct out *o, const char *s, int color);
/* Prose for people, text format only: wrapped at o->width with indent
 * spaces before each line; a word longer than the line is not cut. */
void out_wrap(struct out *o, int indent, const char *text);
/* The width text is fitted to for an output on fd: $COLUMNS when a
 * number from 20 to 10000, else a terminal's width, else 100. */
int out_term_width(int fd);
/* The width out_open() gives text outputs from now on: 0 for no fitting
 * (--wide), -1 (the default) for out_term_width()'s. */
void out_set_width(int width);

/* A view's text in bounded memory, whatever its rows: the rows are made
 * twice, in the same order, first after out_view_measure() (only their
 * widths kept, nothing written), then after out_view_stream() (each row
 * written fitted as it ends), each pass ended by out_endtable().  The
 * text is the same as out_view()'s with one pass: the widths are those
 * of every row.  The machine formats write only the second pass: after
 * out_view_measure() make no rows for them. */
void out_view_measure(struct out *o, const struct iol_view *v);
void out_view_stream(struct out *o, const struct iol_view *v);

/* Print the fitted table (out_endtable() calls it for a view), and a
 * row of a table in two passes (out_endrow() calls it). */
void view_text_table(struct out *o);
void view_text_row(struct out *o);
/* A cell of the first pass: its width kept (out_cell_push() calls it). */
void view_text_measure(struct out *o, const char *s);

/* The registry (render/views.c): every view of every command, in order
 * of command; NULL-terminated. */
extern const struct iol_view *const iol_views[];
/* The views of cmd into v (at most max); returns how many. */
int iol_views_of(const char *cmd, const struct iol_view **v, int max);

#endif

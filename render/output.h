/*
 * Tabular output shared by the analysis commands: one set of row calls,
 * four formats.  Text is an aligned table for people (rows are buffered to
 * find column widths, or measured in a first pass of a view: view.h); CSV (RFC
 * 4180, header row), TSV and JSON (an array of objects, keys in column order)
 * stream and carry unrounded numbers. With a path the output goes to a
 * temporary file renamed on success.
 *
 * Ownership: struct out is caller storage; out_close() releases it.
 */
#ifndef IOLENS_OUTPUT_H
#define IOLENS_OUTPUT_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "render/obuf.h"

struct iol_col;

enum { FMT_TEXT, FMT_CSV, FMT_TSV, FMT_JSON };

struct out {
	struct obuf ob;
	int fmt;
	char *path, *tmp; /* -o target and its temporary */
	const char *const *cols;
	int ncols, col, nrows;
	/* text: buffered cells */
	char **cells;
	size_t ncells, cellcap;
	int *right;		     /* right-align numeric columns */
	unsigned char *ccolor;	     /* text: each cell's colour (view.h) */
	const struct iol_col *vcols; /* the view's columns, NULL: none */
	const char **vkeys;	     /* their keys (owned) */
	int width; /* text: fit tables to this many columns, 0: never */
	int color; /* text: colour cells (a terminal that takes it) */
	int nomem; /* a cell was lost to out of memory: out_close fails */
	/* text of a view in two passes (view.h): 1 while its rows are only
	 * measured, 2 while each row is written as it ends */
	int vpass, vcut, vhead;
	size_t vcell;	      /* the cells measured */
	size_t *vnat, *vw;    /* natural and fitted widths */
	int *vhide;	      /* the columns hidden */
	struct iol_error err; /* why out_open or out_close failed */
};

/* Parse "text", "csv", "tsv" or "json"; -1 if none. */
int fmt_parse(const char *s);

/* Append s (NULL: "") to ob as a JSON string, quoted and escaped. */
void out_json_str(struct obuf *ob, const char *s);

/* Open stdout (path NULL or "-") or a file; returns 0, or -1 with the
 * message in o->err (the command prints it). */
int out_open(struct out *o, const char *path, int fmt);

/* Output files go through a temporary beside them, renamed over the
 * target once complete; but a target that exists and is no regular file
 * (/dev/null, a FIFO, a terminal) is written in place, since a rename
 * would put a regular file where the device was; the file standard
 * output or error writes (/dev/stdout, /dev/fd/2) is written through
 * that descriptor where it stands; and a symbolic link to another
 * regular file has its temporary beside the file it names, renamed over
 * that file, the link kept.  out_tmp() puts the
 * name to write in tmp (n bytes: the path's length + 16) and returns
 * its descriptor (a temporary's mode 0644), or -1 with errno;
 * out_commit() renames it (0, or -1 with errno) and out_discard()
 * removes it, both doing nothing when tmp is the target itself. */
int out_tmp(const char *path, char *tmp, size_t n);
/* The size a temporary's name may need (a link's target can be longer
 * than the path given) */
#define OUT_TMP_MAX (PATH_MAX + 16)
int out_commit(const char *tmp, const char *path);
void out_discard(const char *tmp, const char *path);
/* len bytes of buf as the file path, through out_tmp() and
 * out_commit(): 0, or -1 with errno and no temporary left. */
int out_write_file(const char *path, const void *buf, size_t len);
/* The file path written by fill (0, or < 0 with errno) on a stream,
 * the same way: 0, or -1 with errno and no temporary left. */
int out_write_stream(const char *path, int (*fill)(FILE *f, const void *arg),
		     const void *arg);
/* Start a table with these columns (borrowed; must outlive the table). */
void out_table(struct out *o, const char *const *cols, int ncols);
void out_str(struct out *o, const char *s);
void out_int(struct out *o, int64_t v);
/* v with prec decimals in text, unrounded in machine formats; NAN: empty */
void out_num(struct out *o, double v, int prec);
/* a byte count: human units in text, the integer elsewhere */
void out_bytes(struct out *o, int64_t v);
void out_null(struct out *o);
/* A text cell with a colour (view.h); the views' building block. */
void out_cell_push(struct out *o, const char *s, int color);
/* text already formatted as a number ("+1.5 MiB"): right-aligned for
 * people like out_int's, a string (quoted as needed) in the machine
 * formats */
void out_numstr(struct out *o, const char *s);
void out_endrow(struct out *o);
/* End the table: text prints the buffered rows, JSON closes the array. */
void out_endtable(struct out *o);
/* Free text straight to the output (text format only). */
void out_text(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Flush and close.  With a file: commit renames it into place, else the
 * temporary is removed and any previous file is left as it was.
 * Returns 0, or -1 with the message in o->err (the command prints it). */
int out_close(struct out *o, int commit);

/* shortest %g that reads back as the same double */
size_t fmt_double(char *buf, size_t n, double v);

#endif

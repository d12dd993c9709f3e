/*
 * The choice of an output's format, for every command with -o: the
 * formats (OUTF_*), the formats each command writes, and the one rule
 * that weighs --format against the extension of the output's name.
 * Presentation's job, so it lives beside the writers; cmd/common.c
 * prints the usage error it returns.
 *
 * Ownership: no state; the text of a refusal is the caller's to free.
 */
#ifndef IOLENS_OUTFMT_H
#define IOLENS_OUTFMT_H

#include "render/output.h"

/* Output formats, as --format or the extension of -o names them; the
 * first four are render/output.h's FMT_*. */
enum {
	OUTF_TEXT = FMT_TEXT,
	OUTF_CSV = FMT_CSV,
	OUTF_TSV = FMT_TSV,
	OUTF_JSON = FMT_JSON,
	OUTF_PDF,
	OUTF_SVG,
	OUTF_PNG,
	OUTF_FOLDED, /* blocks: folded stacks for flame graph tools */
	OUTF_HTML,
	OUTF_N
};
#define OUTF_BIT(f) (1u << (f))
#define OUTF_TABLES                                                      \
	(OUTF_BIT(OUTF_TEXT) | OUTF_BIT(OUTF_CSV) | OUTF_BIT(OUTF_TSV) | \
	 OUTF_BIT(OUTF_JSON))

/*
 * The one rule of output choice, for the command cmd ("summary"): the
 * format option (fmtarg, NULL when not given) wins, and an output path
 * whose extension names another format (.txt .csv .tsv .json .pdf .svg
 * .png, any case) is refused; without it the extension chooses among the
 * formats the command writes (the mask of OUTF_BITs; one it does not
 * write is refused), and any other name gets dflt.  mask 0: the command
 * writes a format of its own, own ("an .xlsx workbook"), which no such
 * extension may contradict.  An extension only another command writes
 * (.xlsx, .darshan, .html) is refused too.  Returns an OUTF_*, or -1
 * with *why the refusal as one line for a usage error (malloc'd; NULL
 * when memory ran out).
 */
int out_format_choose(const char *cmd, const char *fmtarg, const char *path,
		      unsigned mask, int dflt, const char *own, char **why);
/* The formats (mask) and default of a command's output by its name. */
void out_formats_of(const char *cmd, unsigned *mask, int *dflt,
		    const char **own);
/* The names --format takes for the command cmd, space-separated
 * ("text csv tsv json"), into b of size bytes; returns b. */
const char *out_format_words(const char *cmd, char *b, size_t size);

#endif

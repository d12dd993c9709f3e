/*
 * The output of a command as the command line chooses and opens it: the
 * one rule of --format and -o (render/outfmt.h) with its refusal said as
 * a usage error, and render/output.h's opening and closing with their
 * failures said in the house style.
 */
#ifndef IOLENS_CLI_OUTPUT_H
#define IOLENS_CLI_OUTPUT_H

#include "render/output.h"

/*
 * The one rule of output choice (render/outfmt.h, out_format_choose())
 * for the command iol_progname names, its refusal printed as a usage
 * error.  Returns an OUTF_*, or -1 with the usage error printed.
 */
int cmd_outfmt(const char *fmtarg, const char *path, unsigned mask, int dflt,
	       const char *own);
/* out_open() and out_close() that print their failure in the house style;
 * 0 or -1. */
int cmd_out_open(struct out *o, const char *path, int fmt);
int cmd_out_close(struct out *o, int commit);

#endif

/*
 * The view of iolens parse (render/view-parse.c).
 */
#ifndef IOLENS_VIEW_PARSE_H
#define IOLENS_VIEW_PARSE_H

#include <stdio.h>

#include "render/obuf.h"
#include "sources/darshan.h"

/* What parse prints: darshan-parser's options */
enum {
	OPT_BASE = 1,
	OPT_TOTAL = 2,
	OPT_FILE = 4,
	OPT_PERF = 8,
	OPT_INCOMPLETE = 16,
	OPT_DXT = 32,
	OPT_ALL = OPT_BASE | OPT_TOTAL | OPT_FILE | OPT_PERF | OPT_INCOMPLETE
};

/* view_parse_modules() stopped at an incomplete module (without
 * --show-incomplete), as darshan-parser does */
#define VIEW_PARSE_INCOMPLETE 1

/* The modules of d as darshan-parser prints them for mask (OPT_*), its
 * warnings on warn: 0, VIEW_PARSE_INCOMPLETE, or a negative IOL_E* code
 * with err set (the text before it written).  With nthreads > 1 the
 * counter lines are formatted by that many threads (render/parse-pipe.h)
 * once more than 64 records have been printed (a small log starts no
 * thread); the text is the same for every count. */
int view_parse_modules(struct obuf *ob, struct iol_dlog *d, int mask,
		       int nthreads, FILE *warn, struct iol_error *err);

#endif

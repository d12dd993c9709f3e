/*
 * parse-dxt: the darshan-dxt-parser 3.5.0 text of a Darshan log, byte
 * for byte (iolens parse --dxt; cmd/parse.c prints the job header with
 * parse_text_job() first).  The lines go to the descriptor of the
 * caller's obuf, partly through the threads of render/dxt-pipe.h; the
 * warnings on skipped modules to the caller's FILE; the incomplete-module
 * error to stderr, as parse_text_incomplete() does.
 *
 * Ownership: nothing returned is allocated; everything the function
 * allocates (threads, buffers, Lustre stripe copies) is freed before it
 * returns, on errors too.  ob, warn, d and err stay the caller's.
 */
#ifndef IOLENS_PARSE_DXT_H
#define IOLENS_PARSE_DXT_H

#include <stdio.h>

#include "base/error.h"
#include "sources/darshan.h"
#include "render/dxt-pipe.h"
#include "render/obuf.h"

/* parse_dxt_text() stopped at an incomplete module (its error printed) */
enum { PARSE_DXT_INCOMPLETE = 1, PARSE_DXT_CUT = 2 };

/* The formatting threads of parse --dxt without --threads:
 * IOLENS_THREADS when it is a count it takes, else 2. */
int parse_dxt_default_threads(void);
/* The DXT text of log d after its job header: each DXT_POSIX and
 * DXT_MPIIO record, with OSTs from the log's LUSTRE records.  Incomplete
 * modules are printed with a warning when show_incomplete, else the text
 * stops there with PARSE_DXT_INCOMPLETE.  nthreads formatting threads
 * (1: none, at most DXP_MAXTHREADS); the text is the same for every
 * count.  Everything is written (ob flushed) on return.  Returns 0,
 * PARSE_DXT_INCOMPLETE, or a negative IOL_E* code with err set (a
 * damaged log, or IOL_ENOMEM: the text stops where memory ran out).  A
 * failed write is ob->err, as obuf's own writes. */
int parse_dxt_text(struct obuf *ob, FILE *warn, const struct iol_dlog *d,
		   int show_incomplete, int nthreads, struct iol_error *err);

#endif

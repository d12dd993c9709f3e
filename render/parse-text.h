/*
 * parse-text: the darshan-parser 3.5.0 text of a Darshan log, byte for
 * byte (iolens parse without --dxt; cmd/parse.c walks the log and picks
 * the blocks).  Everything is written to the caller's obuf, except the
 * incomplete-module error, which goes to stderr as the reference's.
 */
#ifndef IOLENS_PARSE_TEXT_H
#define IOLENS_PARSE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/accum.h"
#include "sources/darshan.h"
#include "render/obuf.h"

/* The "# darshan log version" header up to the mount table. */
void parse_text_job(struct obuf *ob, const struct iol_dlog *d);

/* Module mod's incomplete-data warning (dxt: darshan-dxt-parser's
 * words); to_stderr: the error, on stderr after flushing ob. */
void parse_text_incomplete(struct obuf *ob, int mod, int dxt, int to_stderr);

/* The fixed parts of a record's counter lines, reused from record to
 * record.  The caller owns it: start it zeroed, free(suf) at the end. */
struct parse_line {
	char pre[96]; /* "MOD\trank\tid\t" */
	size_t plen;
	char *suf; /* "\tname\tmnt\tfs\n" */
	size_t slen, scap;
	size_t nhint; /* iol_dlog_name_near()'s: 0 or the last one */
};

/* The counter lines of record r of log d (--base).  Returns 0 or
 * IOL_ENOMEM (nothing printed). */
int parse_text_record(struct obuf *ob, struct parse_line *l,
		      const struct iol_dlog *d, const struct iol_rec *r);

/* A module's --total block from its accumulated records (record version
 * ver), its --file counts, its --perf figures. */
void parse_text_total(struct obuf *ob, const struct iol_accum *a, int ver);
void parse_text_files(struct obuf *ob, const struct iol_accum *a);
void parse_text_perf(struct obuf *ob, const struct iol_accum *a);

#endif

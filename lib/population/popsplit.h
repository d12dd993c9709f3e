/*
 * Reading one query's rows on two connections (issue 38: ten million
 * rows decoded by one core were most of triage --db, trend, jobs and the
 * population report).  The caller's statement selects the rows whose id
 * is between ?1 and ?2, in id order; the id range is cut into chunks,
 * taken in order by whichever side is free: a helper thread with its own
 * connection decodes a chunk's rows into a buffer ahead of the reader,
 * and the reader steps a chunk no one has taken on its own statement.
 * The reader gets every row in id order either way, so what it computes
 * from them is what one connection gives, byte for byte.
 *
 * Ownership: iol_popsplit_open() takes the helper's connection and its
 * statement (closed by iol_popsplit_close()), not the reader's statement.
 */
#ifndef IOLENS_POPSPLIT_H
#define IOLENS_POPSPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "population/sql.h"

/* One value of a row decoded by the helper (24 bytes: four chunks of
 * rows are held at once): its IOL_SQL_* type, an integer's value or a
 * real's (NULL's reads 0), a text's bytes at off of the chunk's text
 * (NUL-terminated). */
struct iol_popsv {
	union {
		int64_t i;
		double d;
	};
	uint32_t off, len;
	int type;
};

struct iol_popsplit;

/* Rows lo..hi (ids) of st (the reader's, with ?1 ?2 the id range of a
 * chunk) and st2 (the same query on db2, the helper's), chunks of step
 * ids; pin2 (NULL: none), a statement of db2 left on a row to hold its
 * read transaction, is finalized at the end.  0, or IOL_ENOMEM (st2,
 * pin2 and db2 freed). */
int iol_popsplit_open(struct iol_sqlst *st, struct iol_sql *db2,
		      struct iol_sqlst *st2, struct iol_sqlst *pin2, int64_t lo,
		      int64_t hi, int64_t step, struct iol_popsplit **out);
/* The next row: 1 a row (*row NULL: read it on st; else ncols values,
 * their texts in *txt), 0 done, < 0 an error (*msg its text). */
int iol_popsplit_next(struct iol_popsplit *sp, const struct iol_popsv **row,
		      const char **txt, const char **msg);
/* The rows each side has read so far: [0] the reader's, [1] the helper's. */
void iol_popsplit_rows(const struct iol_popsplit *sp, int64_t rows[2]);
/* Stop the helper and free its connection. */
void iol_popsplit_close(struct iol_popsplit *sp);

#endif

#!/bin/sh
# A read split over two connections reads one state of the store: when a
# write commits between the reader's start and the helper's (an ingest
# running beside triage --db or serve: the store in WAL mode until the
# ingest closes it, readers holding no writer off), the rows are read on the
# reader's connection alone, all of the state it began with; the
# helper's chunks were of the newer state (every job's nprocs + 1000 in
# the chunks it read, the old values in the reader's).  The write is
# made by t/data/popsplit/write-between.c (LD_PRELOAD) at the helper's
# open, so that it falls between the two starts whatever the schedule.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
command -v cc >/dev/null || skip_all "no C compiler for the preloaded library"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "a preloaded library under the sanitizer or valgrind"
cc -O2 -shared -fPIC -o "$TMP/wb.so" "$TOP/t/data/popsplit/write-between.c" -ldl -lsqlite3 2>"$TMP/err" ||
	skip_all "cannot build the preloaded library: $(head -1 "$TMP/err")"
. "$TOP/t/pop/store.sh"
DB=$TMP/s.db
popstore_build "$DB" "$SAMPLES"/ior/ior_posix_*/*.darshan "$SAMPLES"/ior/ior_mpiio_*/*.darshan
n=$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')
[ "$n" -ge 4 ] || skip_all "no store of 4 jobs or more ($n)"
g=$(sqlite3 "$DB" "SELECT count(*) FROM meta WHERE key = 'generation'")
is "$g" 1 "the store has a generation"
# in WAL mode, as while an ingest writes it
is "$(sqlite3 "$DB" 'PRAGMA journal_mode = WAL')" wal "the store in WAL mode"

# every job's nprocs + 1000, as a write of the store: its generation moved
BUMP="BEGIN; UPDATE jobs SET nprocs = nprocs + 1000;
UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS TEXT) WHERE key = 'generation'; COMMIT;"
for c in jobs trend; do
	cp "$DB" "$TMP/w.db"
	# chunks by turns: the helper reads every other id
	WRITE_BETWEEN_DB=$TMP/w.db WRITE_BETWEEN_SQL=$BUMP LD_PRELOAD=$TMP/wb.so \
		IOLENS_POP_SPLIT=1 IOLENS_TEST_POP_TURNS=1 \
		"$IOLENS" $c --db "$TMP/w.db" --format csv >"$TMP/out" 2>"$TMP/err"
	is "$?:$(cat "$TMP/err")" "0:" "$c: runs"
	is "$(sqlite3 "$TMP/w.db" 'SELECT min(nprocs) >= 1000 FROM jobs')" 1 "$c: the write was made"
	# the output of the state before the write, as one connection reads it
	cp "$DB" "$TMP/o.db"
	IOLENS_POP_SPLIT=0 "$IOLENS" $c --db "$TMP/o.db" --format csv 2>&1 |
		sed "s|$TMP/o.db|$TMP/w.db|g" >"$TMP/old"
	diff -u "$TMP/old" "$TMP/out" >"$TMP/d"
	ok $? "$c: every row of the state the read began with, none of the write's"
	[ -s "$TMP/d" ] && grep "^[-+][^-+]" "$TMP/d" | cut -c1-160 | sed "s/^/# /"
done
done_testing

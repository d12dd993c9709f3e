#!/bin/sh
# libpq is loaded only when a PostgreSQL store is opened: on a host
# without it every other command runs, and a postgresql:// store is
# refused with a message that names the library and its Debian package.
# A host without libpq is made by binding an empty file over it in a
# mount namespace of the test's own (root, or unprivileged user
# namespaces).
. "$(dirname "$0")/lib.sh"

L=$(ldconfig -p 2> /dev/null | awk '/libpq\.so\.5 / { print $NF; exit }')
[ -n "$L" ] || skip_all "libpq.so.5 is not installed (Debian libpq5)"
# shellcheck disable=SC2016
unshare -rm sh -c 'mount --bind /dev/null "$1"' sh "$L" 2> /dev/null ||
	skip_all "no mount namespace can be made here (unshare -rm)"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)

# shellcheck disable=SC2016
OUT=$TMP LOG=$LOG unshare -rm sh -c 'mount --bind /dev/null "$1" || exit 9; shift
	"$@" summary --format csv "$LOG" > "$OUT/summary.csv" 2> "$OUT/summary.err"; echo $? > "$OUT/summary.rc"
	"$@" ingest --db "$OUT/pop.db" "$LOG" > /dev/null 2> "$OUT/ingest.err"; echo $? > "$OUT/ingest.rc"
	"$@" ingest --db postgresql://localhost/iolens "$LOG" > /dev/null 2> "$OUT/pg.err"; echo $? > "$OUT/pg.rc"' \
	sh "$L" $RUN
ok $? "the commands ran with libpq.so.5 made unloadable"
$RUN summary --format csv "$LOG" > "$TMP/summary.ref"
is "$(cat "$TMP/summary.rc") $(cmp -s "$TMP/summary.csv" "$TMP/summary.ref" && echo same)" "0 same" \
	"summary runs without libpq, its output unchanged ($(head -c 100 "$TMP/summary.err"))"
is "$(cat "$TMP/ingest.rc")" 0 "ingest into a SQLite store runs without libpq ($(head -c 100 "$TMP/ingest.err"))"
is "$(cat "$TMP/pg.rc")" 1 "a postgresql:// store without libpq exits 1"
grep -q "^iolens ingest: cannot open 'postgresql://localhost/iolens': cannot load libpq.so.5 for a PostgreSQL store (Debian libpq5): " "$TMP/pg.err"
ok $? "... saying which library and package it needs ($(head -c 200 "$TMP/pg.err"))"

done_testing

#!/bin/sh
# A job page's outputs and the page made of them are kept on disk too
# (--cache DIR), named by the binary, the log's identity and the
# command: a restart, or a memory too small for a store's pages (a
# 406-job store's pages were 118 MB, the memory kept 64 MiB, and the
# load test's clients asking them in turn found none kept: 1,154
# children for 406 pages), reads them back instead of starting a child.
# The pages read back are those made; the store is not written; a
# store changed replaces the files of its state.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 2
C=$TMP/cache
cp "$DB" "$TMP/before.db"
stat_of() { get "$1/api/stats" | sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p"; }
nfiles() { ls "$1"/*.out 2>/dev/null | wc -l | tr -d ' '; }

serve_start A --db "$DB" --logs "$TMP/logs" --cache "$C"
get "$A_URL/job/1" >"$TMP/a1"
get "$A_URL/api/job/1" >"$TMP/a2"
is "$(stat_of "$A_URL" children)" 2 "a job page and its twin: a child each"
n1=$(nfiles "$C")
ok $((!(n1 > 2))) "their outputs and pages written to the cache directory ($n1 files)"
kill "$A_PID"
wait "$A_PID" 2>/dev/null

serve_start B --db "$DB" --logs "$TMP/logs" --cache "$C"
get "$B_URL/job/1" >"$TMP/b1"
get "$B_URL/api/job/1" >"$TMP/b2"
is "$(stat_of "$B_URL" children)" 0 "started again: the job page and its twin start no child"
d=$(stat_of "$B_URL" disk_hits)
ok $((!(${d:-0} >= 2))) "... read back from disk (${d:-none})"
cmp -s "$TMP/a1" "$TMP/b1"
ok $? "... the same page"
cmp -s "$TMP/a2" "$TMP/b2"
ok $? "... the same twin"
kill "$B_PID"
wait "$B_PID" 2>/dev/null

# a memory that keeps nothing (1 KiB): the second visit from disk
IOLENS_TEST_PAGE_CACHE=1024 serve_start M --db "$DB" --logs "$TMP/logs" --cache "$TMP/c2"
get "$M_URL/job/2" >"$TMP/m1"
get "$M_URL/job/2" >"$TMP/m2"
is "$(stat_of "$M_URL" children)" 1 "a page memory let go: read back, no second child"
cmp -s "$TMP/m1" "$TMP/m2"
ok $? "... the same page"
kill "$M_PID"
wait "$M_PID" 2>/dev/null
cmp -s "$DB" "$TMP/before.db"
ok $? "the store is not written"
is "$(ls -A "$C" | grep -vc '\.out$')" 0 "no temporary file left"

# the store changed: its pages made again, in place of the older ones
touch -m -d '2001-01-01 00:00:00' "$DB"
serve_start W --db "$DB" --logs "$TMP/logs" --cache "$C"
get "$W_URL/job/1" >/dev/null
get "$W_URL/api/job/1" >/dev/null
is "$(stat_of "$W_URL" children)" 2 "the store changed: the job page made again"
is "$(nfiles "$C")" "$n1" "... replacing the older files"
done_testing

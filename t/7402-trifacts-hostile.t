#!/bin/sh
# Counts of a damaged or hostile log (INT64_MAX) added by the record
# extraction (a record's sequential, consecutive and sync counts, its
# reads and writes) and the triage facts (shared records' small and all
# operations, the per-rank bytes of a collective file, MPI-IO's per-rank
# bytes) saturate at INT64_MAX; they overflowed (undefined: a SANITIZE=1
# build stopped in recx.c and trifacts.c; wrapped to negatives
# otherwise).  Found by random hostile counters through triage.
# t/unit/trifacts-hostile: an in-memory job.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/trifacts-hostile
[ -x "$U" ] || skip_all "t/unit/trifacts-hostile is not built"
"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(grep -c 'runtime error' "$TMP/err")" "0:0" "the facts and triage are computed"
for k in seq consec syncs shared_small shared_ops rank_bytes_coll; do
	is "$(sed -n "s/^$k //p" "$TMP/out")" 9223372036854775807 "$k: INT64_MAX"
done
is "$(grep -c '^triage [0-9]* findings' "$TMP/out")" 1 "triage ran"
done_testing

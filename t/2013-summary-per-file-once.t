#!/bin/sh
# The job summary's per-file passes as ingest runs them for every log
# (lib/analysis/summary.c): each file's name looked up once (the
# strategy's passes and the one rank's share read whether it is a
# standard stream from there), a full list of top files refusing a file
# by its last entry alone, and each module's sums from the job's records
# without their copy into a struct iol_rec (iol_accum_add_perf).
# t/unit/summary-once: 40 files of an in-memory job, their bytes and
# seconds in ties, <STDOUT> the largest, one file excluded.  (The
# stores of the corpus before and after: docs/bench-issue38.md.)
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/summary-once
[ -x "$U" ] || skip_all "t/unit/summary-once is not built"

"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "top files, strategy and module sums as computed by hand"
v() { sed -n "s/^$1\t//p" "$TMP/out"; }
is "$(v top_bytes_0) $(v top_bytes_1) $(v top_bytes_2) $(v top_bytes_4)" "4 3 13 23" \
	"top by bytes: <STDOUT> first, then the ties of 5,000 B by id"
is "$(v top_time_0) $(v top_time_1) $(v top_time_4)" "2 6 18" \
	"top by time: the ties of 0.75 s by id, the excluded file's left out"
is "$(v top_excluded)" 1 "one file left out of the top files"
is "$(v strategy)" "rank 0 I/O" \
	"the strategy leaves the standard stream (rank 1's 1 MB) out"
is "$(v accum_bad_rank) $(v accum_not_perf_only)" "-6 -8" \
	"a rank beyond the job's is corrupt; a full accumulator is refused"

done_testing

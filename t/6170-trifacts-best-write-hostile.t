#!/bin/sh
# best_write_mibs, the storage's pace RANK0-IO stakes by (issue 34's
# review of rounds 39-46), on a damaged log's records (t/unit/pace-absurd):
# a file id of 0 was taken for "no file seen yet", so two files whose
# ids are 0 and 1 showed no pace and rank 0's funnel kept (1 - 1/N) of
# its 8 s (warn, 6 s) where its twin of ids 1 and 2 (t/7480's paced) is
# judged by its time; a write time of 1e-320 s made the pace inf, a job
# row's value that is no figure.  Such a record shows no pace now.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/pace-absurd
[ -x "$U" ] || skip_all "t/unit/pace-absurd is not built"
"$U" id0 >"$TMP/out" 2>"$TMP/err"
is "$?:$(head -c 200 "$TMP/err")" "0:" "id0 runs, nothing reported"
is "$(awk -F'\t' '$1 == "IOL-RANK0-IO" { print $2, $3 }' "$TMP/out")" "info 0.002" \
	"id0: two files of ids 0 and 1 show 128 MiB/s: RANK0-IO judged by its time"
awk -F'\t' '$1 == "IOL-RANK0-IO" { print $4 }' "$TMP/out" |
	grep -q "storage's pace (128 MiB/s, its best file's)"
ok $? "id0: the detail names the pace"
is "$("$U" denorm 2>&1)" 2 "denorm: 1 MiB in 1e-320 s is no pace; the best of the others, 2 MiB/s"
done_testing

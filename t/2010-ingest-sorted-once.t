#!/bin/sh
# Ingest sorts a log's records by file id once (jm->byid, made with the
# extraction cache: analysis/recx.c) for the summary's count of files,
# the files written (POSIX's and STDIO's records merged), and the triage
# facts' per-file pass and small files' spans, which each sorted the ids
# again; every other command sorts as it goes.  Both must give the same
# values to the last bit: t/unit/sorted-once, an in-memory job whose
# records come in no order of their ids (a file's records of several
# ranks apart, files both POSIX's and STDIO's, small files), with and
# without --cached; then t/unit/jobrow-dump on every Darshan log of the
# test data and the samples (t/7144 does the shared corpus).
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/sorted-once
D=$TOP/t/unit/jobrow-dump
[ -x "$U" ] && [ -x "$D" ] || skip_all "t/unit/sorted-once or jobrow-dump is not built"

"$U" >"$TMP/each" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the job's values, each analysis sorting"
"$U" --cached >"$TMP/once" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "... and with the records sorted once"
is "$(sed -n 's/^sorted\t//p' "$TMP/once")" once "the cache made the order by id"
v() { sed -n "s/^$1\t//p" "$TMP/once"; }
is "$(v posix_files) $(v stdio_files) $(v written_files)" "5 5 6" \
	"files counted once each: 5 POSIX, 5 STDIO, 6 written (one of them both)"
sed 1d "$TMP/each" >"$TMP/a"
sed 1d "$TMP/once" >"$TMP/b"
cmp -s "$TMP/a" "$TMP/b"
ok $? "every value the same, to the last bit ($(wc -l <"$TMP/a") lines)"
diff "$TMP/a" "$TMP/b" | head -5 | while read -r l; do diag "$l"; done

find "$TOP/t/data" "$SAMPLES" -name '*.darshan' | sort >"$TMP/logs"
total=0 same=0 rows=0 diffs=
while read -r f; do
	total=$((total + 1))
	"$D" "$f" >"$TMP/a" 2>"$TMP/ea"
	ra=$?
	"$D" --cached "$f" >"$TMP/b" 2>"$TMP/eb"
	rb=$?
	[ $ra -eq 0 ] && rows=$((rows + 1))
	if [ $ra -eq $rb ] && cmp -s "$TMP/a" "$TMP/b" && cmp -s "$TMP/ea" "$TMP/eb"; then
		same=$((same + 1))
	else
		diffs="$diffs $(basename "$f")"
	fi
done <"$TMP/logs"
ok "$([ "$rows" -ge 1000 ]; echo $?)" "$rows of $total logs have a job row"
is "$same" "$total" "every job-row field of each the same, sorted once"
[ -n "$diffs" ] && diag "differ:$diffs"
done_testing

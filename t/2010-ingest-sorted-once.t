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
# each way, one jobrow-dump --each for them all (two a log and three
# cmp were 25,000 processes, 28 CPU s): a log's section is its "#log"
# line and its fields, or its "#error" line
tr '\n' '\0' <"$TMP/logs" | xargs -0 "$D" --each >"$TMP/a" 2>"$TMP/ea"
tr '\n' '\0' <"$TMP/logs" | xargs -0 "$D" --cached --each >"$TMP/b" 2>"$TMP/eb"
is "$(cat "$TMP/ea" "$TMP/eb")" "" "jobrow-dump --each ran clean both ways"
awk -F'\t' '$1 == "#log" { f = $2; if (FILENAME == ARGV[1]) ord[++n] = f; next }
	{ sec[FILENAME, f] = sec[FILENAME, f] $0 "\n"; if ($1 == "#error") err[FILENAME, f] = 1 }
	END { for (i = 1; i <= n; i++) { f = ord[i]
		if (!err[ARGV[1], f]) rows++
		if (sec[ARGV[1], f] == sec[ARGV[2], f]) same++
		else { k = f; sub(/.*\//, "", k); diffs = diffs " " k } }
	      printf "%d %d %d%s\n", n, rows, same, diffs }' "$TMP/a" "$TMP/b" >"$TMP/cmp"
read -r total rows same diffs <"$TMP/cmp"
is "$total" "$(wc -l <"$TMP/logs")" "every log read both ways"
ok "$([ "$rows" -ge 1000 ]; echo $?)" "$rows of $total logs have a job row"
is "$same" "$total" "every job-row field of each the same, sorted once"
[ -n "$diffs" ] && diag "differ: $diffs"
done_testing

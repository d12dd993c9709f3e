#!/bin/sh
# Replay scripts from the other sources.
# A Darshan log with DXT as a replay script: opens and closes inferred
# (and said so), one process per rank, transfers at their offsets; the
# replay moves the bytes the DXT segments list (summed here with awk from
# `iolens parse --dxt`, darshan-dxt-parser's text), in the same calls.
. "$(dirname "$0")/lib.sh"

L=$(ls "$SAMPLES"/nonmpi/darshan/sqlite3_inserts/*.darshan 2>/dev/null | head -1)
[ -n "$L" ] || skip_all "no sqlite3_inserts sample log"
$RUN replay-script -o "$TMP/dxt.script" "$L" > "$TMP/out" 2> "$TMP/err"
ok $? "replay-script of a DXT log"
grep -q "^inferred yes$" "$TMP/dxt.script"
ok $? "the script says its opens and closes are inferred"
grep -q "opens and closes are inferred" "$TMP/out"
ok $? "... and so does the report"
$IOLENS parse --dxt "$L" | awk '$1 == "X_POSIX" && $3 == "read" { r += $6; n++ }
	$1 == "X_POSIX" && $3 == "write" { w += $6; n++ } END { print r + 0, w + 0, n + 0 }' > "$TMP/want"
read -r wr ww wn < "$TMP/want"
awk '$1 ~ /^p(read|write)$/ { n++ } END { print n + 0 }' "$TMP/dxt.script" > "$TMP/n"
is "$(cat "$TMP/n")" "$wn" "one pread/pwrite per DXT segment ($wn)"
$RUN replay --allow-root --as-fast-as-possible --format=json --dir "$TMP/sb" "$TMP/dxt.script" > "$TMP/j" 2> "$TMP/err"
ok $? "replay exits 0"
got=$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); my $r = $j->{replay};
	print "$r->{bytes_read} $r->{bytes_written}"' < "$TMP/j")
is "$got" "$wr $ww" "replay reads and writes the DXT segments' bytes"

# Iota: the sample sqlite3 strace trace made an Iota trace by
# t/strace2iota; both scripts must move the same bytes in their replays
T=$SAMPLES/nonmpi/strace/sqlite3_inserts/trace.txt.xz
xz -dc "$T" | sh "$TOP/t/strace2iota" 0 > "$TMP/sq.iota"
$RUN replay-script -o "$TMP/iota.script" "$TMP/sq.iota" > /dev/null
ok $? "replay-script of an Iota trace"
grep -q '^source "iota"$' "$TMP/iota.script"
ok $? "the script names its source"
$RUN replay-script --overhead 0 -o "$TMP/strace.script" "$T" > /dev/null
bytes() {
	$RUN replay --allow-root --as-fast-as-possible --format=json --dir "$TMP/sb" "$1" |
		perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); my $r = $j->{replay};
		print "$r->{bytes_read} $r->{bytes_written}"'
}
a=$(bytes "$TMP/iota.script")
b=$(bytes "$TMP/strace.script")
is "$a" "$b" "Iota and strace scripts of one run replay the same bytes ($b)"
done_testing

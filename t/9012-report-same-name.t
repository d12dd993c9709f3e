#!/bin/sh
# report: several logs into a directory, two of them of one file name
# (in different directories) would make the same report file: the first
# is written, the second refused by name, exit 1, and the run goes on to
# the logs after them (render/view-report.c claims each file once).
. "$(dirname "$0")/lib.sh"
command -v pdfinfo > /dev/null || skip_all "pdfinfo (poppler-utils) is not installed"
L1=$(ls "$SAMPLES"/nonmpi/darshan/dd_bigfile/*.darshan | head -1)
L2=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan | head -1)
mkdir "$TMP/a" "$TMP/rep"
cp "$L2" "$TMP/a/$(basename "$L1")"
b1=$(basename "$L1" .darshan)
b2=$(basename "$L2" .darshan)

$RUN report -o "$TMP/rep" "$L1" "$TMP/a/$(basename "$L1")" "$L2" 2> "$TMP/err"
is $? 1 "two logs of one name: exit 1"
is "$(cat "$TMP/err")" \
	"iolens report: '$TMP/a/$b1.darshan' and an earlier log both make '$TMP/rep/$b1.pdf': not overwritten" \
	"the second named in one line"
is "$(ls "$TMP/rep" | tr '\n' ' ')" "$(printf '%s\n' "$b1.pdf" "$b2.pdf" | sort | tr '\n' ' ')" \
	"the first's report and the next log's written"
$RUN report -o "$TMP/one.pdf" "$L1"
cmp -s "$TMP/one.pdf" "$TMP/rep/$b1.pdf"
ok $? "the file of that name is the first log's report, not overwritten"
done_testing

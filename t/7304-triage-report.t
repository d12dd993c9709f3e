#!/bin/sh
# The report's triage page (template panel "triage") shows the findings
# `iolens triage` gives: the 4 KiB IOR run (sample-logs, IOR -t 4k) has
# small requests flagged, with value, threshold and recommendation.
. "$(dirname "$0")/lib.sh"
command -v pdftotext >/dev/null 2>&1 || skip_all "no pdftotext (poppler-utils)"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan)
$RUN report -o "$TMP/r.pdf" "$LOG"
ok $? "report of the 4 KiB IOR run"
pdftotext "$TMP/r.pdf" "$TMP/r.txt"
grep -q "Triage: what to look at first" "$TMP/r.txt"
ok $? "the report has the triage page"
$RUN triage --format tsv "$LOG" >"$TMP/t.tsv"
n=0
for code in $(awk -F'\t' 'NR > 1 && $3 != "ok" && $3 != "not evaluated" { print $2 }' "$TMP/t.tsv"); do
	grep -q "$code" "$TMP/r.txt" || n=$((n + 1))
done
is "$n" 0 "every flagged finding of iolens triage is on the page"
grep -q "IOL-SMALL-REQ" "$TMP/t.tsv" && grep -q "100 % (threshold 10): 32768 of 32768 POSIX operations under 1 MiB" "$TMP/r.txt"
ok $? "small requests: value, threshold and detail printed"
grep -q "Buffer them into larger requests" "$TMP/r.txt"
ok $? "with the recommendation"
nrules=$(($(wc -l <"$TMP/t.tsv") - 1))
got=0
for code in $(awk -F'\t' 'NR > 1 { print $2 }' "$TMP/t.tsv"); do
	grep -q -- "$code\($\|[^A-Z-]\)" "$TMP/r.txt" && got=$((got + 1))
done
is "$got" "$nrules" "every rule is listed ($nrules)"
done_testing

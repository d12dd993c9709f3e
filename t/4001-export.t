#!/bin/sh
# iolens export: the workbook unzipped and its sheet XML read for the
# values summary computes; sheets, autofilter, frozen header, charts,
# reproducible bytes, several logs.
. "$(dirname "$0")/lib.sh"
command -v unzip > /dev/null || skip_all "unzip is not installed"
tsvcol() {
	awk -F'\t' -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next } { print $c }'
}
N1=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
X=$TMP/j.xlsx

$RUN export -o "$X" "$N1"
is $? 0 "export the IOR N-1 log"
unzip -p "$X" xl/workbook.xml | grep -o 'sheet name="[A-Za-z]*"' | tr '\n' ' ' > "$TMP/sheets"
is "$(cat "$TMP/sheets")" 'sheet name="Job" sheet name="Files" sheet name="Ranks" sheet name="Histograms" sheet name="Timeline" ' \
	"sheets Job, Files, Ranks, Histograms, Timeline"
# the Job sheet's numbers are summary's, unrounded
$RUN summary --format tsv "$N1" > "$TMP/s"
unzip -p "$X" xl/worksheets/sheet1.xml > "$TMP/job.xml"
for col in bytes_read bytes_written; do
	v=$(tsvcol $col < "$TMP/s")
	grep -q "<v>$v</v>" "$TMP/job.xml"
	ok $? "Job sheet: $col = $v"
done
v=$(tsvcol mib_s < "$TMP/s" | cut -c1-9)
grep -q "<v>$v" "$TMP/job.xml"
ok $? "Job sheet: MiB/s = $v..."
unzip -p "$X" xl/worksheets/sheet2.xml > "$TMP/files.xml"
grep -q '<autoFilter ref=' "$TMP/files.xml"
ok $? "Files sheet has an autofilter"
grep -q 'state="frozen"' "$TMP/files.xml"
ok $? "and a frozen header"
grep -q '<t>/tmp/gen/data/ior_posix_n1_t4m/testfile</t>' "$TMP/files.xml"
ok $? "and lists the test file"
grep -q '<v>268435456</v>' "$TMP/files.xml"
ok $? "with its 268435456 bytes"
n=$(unzip -l "$X" | grep -c 'xl/charts/chart[0-9]*.xml')
[ "$n" -ge 2 ]
ok $? "native charts ($n)"
unzip -p "$X" xl/worksheets/sheet4.xml | grep -q '<v>64</v>'
ok $? "Histograms: 64 reads and writes in the 1M-4M bin"

# reproducible
$RUN export -o "$TMP/j2.xlsx" "$N1"
cmp -s "$X" "$TMP/j2.xlsx"
ok $? "the same log gives the same bytes"
SOURCE_DATE_EPOCH=86400 $RUN export -o "$TMP/j3.xlsx" "$N1"
unzip -p "$TMP/j3.xlsx" docProps/core.xml | grep -q '1970-01-02T00:00:00Z'
ok $? "SOURCE_DATE_EPOCH pins the created date"
SOURCE_DATE_EPOCH=soon $RUN export -o "$TMP/j4.xlsx" "$N1"
cmp -s "$X" "$TMP/j4.xlsx"
ok $? "one that is not a number is ignored: the job's start, as without it"

# several logs: a Jobs sheet with a row each
$RUN export -o "$TMP/m.xlsx" "$SAMPLES"/nonmpi/darshan/*/*.darshan "$SAMPLES"/nonmpi/strace/dd_bigfile/trace.txt.xz 2> /dev/null
is $? 0 "export of 10 logs and a trace"
unzip -p "$TMP/m.xlsx" xl/workbook.xml | grep -q 'sheet name="Jobs"'
ok $? "a Jobs sheet"
rows=$(unzip -p "$TMP/m.xlsx" xl/worksheets/sheet1.xml | grep -o '<row r="[0-9]*"' | wc -l)
is "$rows" 11 "a header and one row per job"
is "$(unzip -p "$TMP/m.xlsx" xl/workbook.xml | grep -o 'sheet name="[A-Za-z]*"' | tr '\n' ' ')" \
	'sheet name="Jobs" sheet name="Files" sheet name="Ranks" sheet name="Histograms" sheet name="Timeline" ' \
	"several logs: Jobs, Files, Ranks, Histograms, Timeline"
DD=$SAMPLES/nonmpi/strace/dd_bigfile/trace.txt.xz
$RUN export -o "$TMP/dd.xlsx" "$DD"
# each log's histogram rows are its own workbook's, after a log column
sheet "$TMP/dd.xlsx" 4 | awk -F'\t' 'NF == 4 && NR > 1' > "$TMP/h1"
sheet "$TMP/m.xlsx" 4 | awk -F'\t' -v l="$DD" '$1 == l { sub(/^[^\t]*\t/, ""); print }' | awk -F'\t' 'NF == 4' > "$TMP/h2"
is "$(sheet "$TMP/m.xlsx" 4 | head -1)" "$(printf 'log\tmodule\tsize bin\treads\twrites')" "Histograms of several logs: a log column first"
ok $([ -s "$TMP/h1" ] && cmp -s "$TMP/h1" "$TMP/h2"; echo $?) "... the trace's $(wc -l < "$TMP/h1") size-bin rows as in its own workbook"
# a timeline row per log: the bytes of its ranks' rows in its own
# workbook, summed, and as many bins
is "$(sheet "$TMP/m.xlsx" 5 | awk 'NR > 2' | wc -l | tr -d ' ')" 10 "Timeline of several logs: a row per log"
t1=$(sheet "$TMP/dd.xlsx" 5 | awk -F'\t' 'NR > 2 && $1 ~ /^[0-9]+$/ { for (i = 2; i <= NF; i++) s += $i } END { printf "%.0f", s }')
t2=$(sheet "$TMP/m.xlsx" 5 | awk -F'\t' -v l="$DD" '$1 == l { for (i = 5; i <= NF; i++) s += $i } END { printf "%.0f", s }')
is "$t2" "$t1" "... the trace's row holds the bytes of its own Timeline ($t1)"

# safety
$RUN export "$N1" 2> /dev/null
is $? 2 "--output is required"
printf 'keep' > "$TMP/keep.xlsx"
printf 'x' > "$TMP/bad"
$RUN export -o "$TMP/keep.xlsx" "$TMP/bad" 2> /dev/null
is $? 1 "a bad log: exit 1"
is "$(cat "$TMP/keep.xlsx")" keep "and the existing file is left alone"
$RUN export -o "$TMP/no/such/dir/j.xlsx" "$N1" 2> "$TMP/err"
is $? 1 "an output directory that does not exist: exit 1"
is "$(cat "$TMP/err")" "iolens export: cannot write '$TMP/no/such/dir/j.xlsx': No such file or directory" \
	"with one line saying why"
done_testing

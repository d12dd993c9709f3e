#!/bin/sh
# iolens report: the PDF read back (text, fonts, pages, pixels), its
# numbers equal summary's, reproducible bytes, templates, SVG and PNG,
# traces and incomplete logs, every corpus log.
. "$(dirname "$0")/lib.sh"
for tool in pdftotext pdffonts pdfinfo pdftoppm; do
	command -v $tool > /dev/null || skip_all "$tool (poppler-utils) is not installed"
done
tsvcol() {
	awk -F'\t' -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next } { print $c }'
}
cd "$TOP" || exit 1
N1=sample-logs/ior/ior_posix_n1_t4m/root_ior_id12611-12611_11-21-79789-814826986434855799_1.darshan

$RUN report -o "$TMP/r.pdf" "$N1"
is $? 0 "report of the IOR N-1 log"
pages=$(pdfinfo "$TMP/r.pdf" | awk '/^Pages:/ { print $2 }')
[ "$pages" -ge 4 ]
ok $? "$pages pages"
pdfinfo "$TMP/r.pdf" | grep -q 'Page size: *595.28 x 841.89'
ok $? "A4 by default"
pdffonts "$TMP/r.pdf" | awk 'NR > 2 && $1 ~ /DejaVuSans/ { d++; if ($(NF-4) != "yes") bad++ } END { exit !(d > 0 && !bad) }'
ok $? "DejaVu fonts, all embedded"

# the numbers on page 1 are summary's
pdftotext -layout "$TMP/r.pdf" "$TMP/r.txt"
$RUN summary --format tsv "$N1" > "$TMP/s.tsv"
for col in mib_s mib_s_per_node files_per_proc mib_per_proc; do
	v=$(tsvcol $col < "$TMP/s.tsv" | xargs printf '%.2f')
	grep -qE "(^|[[:space:]])$v([[:space:]]|$)" "$TMP/r.txt"
	ok $? "the report shows $col = $v as summary computes it"
done
v=$(tsvcol pct_io_time_slowest < "$TMP/s.tsv" | xargs printf '%.1f')
grep -q "$v %" "$TMP/r.txt"
ok $? "and the slowest rank's time in I/O, $v %"
v=$(tsvcol posix_time_by_slowest < "$TMP/s.tsv" | xargs printf '%.6f')
grep -q "$v s" "$TMP/r.txt"
ok $? "and POSIX time by slowest, $v s (darshan-parser --perf)"
grep -q "N:1" "$TMP/r.txt"
ok $? "and the I/O strategy"
grep -q "How the numbers are defined" "$TMP/r.txt"
ok $? "with a glossary"

# the same log gives the same bytes; the date can be pinned
$RUN report -o "$TMP/r2.pdf" "$N1"
cmp -s "$TMP/r.pdf" "$TMP/r2.pdf"
ok $? "the same log gives the same bytes"
SOURCE_DATE_EPOCH=0 $RUN report -o "$TMP/r3.pdf" "$N1"
pdfinfo "$TMP/r3.pdf" | grep -q 'CreationDate:.*1970'
ok $? "SOURCE_DATE_EPOCH sets the creation date"
SOURCE_DATE_EPOCH=soon $RUN report -o "$TMP/r5.pdf" "$N1"
cmp -s "$TMP/r.pdf" "$TMP/r5.pdf"
ok $? "one that is not a number is ignored: the job's start, as without it"
$RUN report --date 2030-01-02 -o "$TMP/r4.pdf" "$N1"
pdfinfo "$TMP/r4.pdf" | grep -q 'CreationDate:.*2030'
ok $? "--date sets it too"

# pixels of page 1 against the reference, with a tolerance
pdftoppm -r 24 -gray -f 1 -l 1 "$TMP/r.pdf" "$TMP/p"
"$TOP/t/unit/pgmdiff" "$TOP/t/data/report-ior-page1.pgm" "$TMP/p-1.pgm" 0.02 > "$TMP/d"
ok $? "page 1 looks like the reference ($(cat "$TMP/d"))"

# paper, formats, templates
$RUN report --paper letter -o "$TMP/l.pdf" "$N1"
pdfinfo "$TMP/l.pdf" | grep -q 'Page size: *612 x 792'
ok $? "--paper letter"
$RUN report --format svg -o "$TMP/fig" "$N1"
[ -s "$TMP/fig-1.svg" ] && [ -s "$TMP/fig-$pages.svg" ] && head -c 200 "$TMP/fig-1.svg" | grep -q '<svg\|<?xml'
ok $? "--format svg: one SVG per page"
$RUN report --format png -o "$TMP/fig" "$N1"
[ -s "$TMP/fig-1.png" ] && head -c 4 "$TMP/fig-1.png" | grep -q PNG
ok $? "--format png: one PNG per page"
rm -f "$TMP"/fig-*.png
$RUN report --format png -o "$TMP/fig.png" "$N1"
[ -s "$TMP/fig-1.png" ] && [ ! -e "$TMP/fig.png-1.png" ]
ok $? "-o fig.png gives fig-1.png, not fig.png-1.png"
$RUN report --format png -o "$TMP/no/such/fig.png" "$N1" 2> "$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens report: cannot write '$TMP/no/such/fig-1.png': No such file or directory" \
	"a page that cannot be written: exit 1, one line naming the page"
printf 'page Just the numbers\npanel table6 | Table VI\n' > "$TMP/t.tmpl"
$RUN report --template "$TMP/t.tmpl" -o "$TMP/t.pdf" "$N1"
is "$(pdfinfo "$TMP/t.pdf" | awk '/^Pages:/ { print $2 }')" 1 "a one-panel template gives one page"
pdftotext "$TMP/t.pdf" - | grep -q "Just the numbers"
ok $? "with its own title"
printf 'page X\npanel nosuchpanel\n' > "$TMP/bad.tmpl"
$RUN report --template "$TMP/bad.tmpl" -o "$TMP/b.pdf" "$N1" 2> "$TMP/err"
is $? 1 "an unknown panel: exit 1"
grep -q "line 2.*nosuchpanel" "$TMP/err"
ok $? "naming the line and the panel"
[ ! -e "$TMP/b.pdf" ]
ok $? "and no half-written PDF"
$RUN report "$N1" 2> /dev/null
is $? 2 "--output is required"

# traces and incomplete logs
$RUN report -o "$TMP/tr.pdf" sample-logs/ior/strace_ior_posix_n1_t4m
is $? 0 "report of a 4-rank strace trace"
pdftotext "$TMP/tr.pdf" - | grep -q "strace"
ok $? "naming its source"
$RUN report -o "$TMP/z.pdf" sample-logs/nonmpi/darshan/zip_r_manyfiles/*.darshan 2> /dev/null
pdftotext -f 1 -l 1 "$TMP/z.pdf" - | grep -q "Incomplete log"
ok $? "an incomplete log says so on page 1"

# every corpus log
if [ -d "$SHARED/corpus/darshan-logs" ]; then
	bad=0
	for log in "$SHARED"/corpus/darshan-logs/*/*.darshan; do
		$RUN report -o "$TMP/c.pdf" "$log" 2> "$TMP/err" > /dev/null
		rc=$?
		if [ $rc -ne 0 ] || ! pdfinfo "$TMP/c.pdf" > /dev/null 2>&1; then
			bad=$((bad + 1))
			diag "$(basename "$log"): exit $rc $(head -c 200 "$TMP/err")"
		fi
	done
	is $bad 0 "a report for every corpus log"
fi
done_testing

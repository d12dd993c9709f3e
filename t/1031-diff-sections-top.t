#!/bin/sh
# diff's summary metrics and access sizes: the text leaves out the rows
# unchanged between A and B and says how many (--all shows them), and
# --top applies to them as to files and code blocks (issue 33: "unchanged
# rows hidden by default", "--top applies to every section").  The
# machine formats keep every row, to join on, unless --top cuts the list.
. "$(dirname "$0")/lib.sh"
A=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan)
B=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)

# section TITLE: the text's rows of that section, notes included
section() { sed -n "/^$1/,/^\$/p" "$TMP/out" | sed '1,2d;$d'; }
# rows of the CSV's section S (the first column)
csvrows() { awk -F, -v s="$1" '$1 == s' "$TMP/csv" | wc -l | tr -d ' '; }

$RUN diff --all --format csv "$A" "$B" >"$TMP/csv"
all=$(csvrows summary)
same=$(awk -F, '$1 == "summary"' "$TMP/csv" | awk -F, '{ print $(NF-1) }' | grep -c '^0$')
[ "$all" -gt 40 ] && [ "$same" -gt 10 ]
ok $? "--all: $all summary metrics in the CSV, $same of them unchanged"
$RUN diff --format csv "$A" "$B" >"$TMP/csv"
is "$(csvrows summary)" "$all" "the CSV keeps every metric by default"

$RUN diff "$A" "$B" >"$TMP/out"
section Summary >"$TMP/sum"
grep -q "^  [0-9][0-9]* unchanged metrics not shown: --all shows them\$" "$TMP/sum"
ok $? "the text says how many unchanged metrics it left out"
n=$(sed -n 's/^  \([0-9]*\) unchanged metrics not shown.*/\1/p' "$TMP/sum")
m=$(sed -n 's/^  \([0-9]*\) more metrics past --top$/\1/p' "$TMP/sum")
is "$n" "$same" "... as many as the CSV's unchanged rows"
is "$(grep -c '^[A-Za-z]' "$TMP/sum")" 20 "the text lists 20 metrics by default"
is "$((20 + n + m))" "$all" "... and the rest are counted: $n unchanged, $m past --top"
grep -q "unchanged sizes not shown" "$TMP/out"
ok $? "access sizes: the unchanged ones counted, not listed"

$RUN diff --all --top 0 "$A" "$B" >"$TMP/out"
section Summary >"$TMP/sum"
is "$(grep -c '^[A-Za-z]' "$TMP/sum")" "$all" "--all --top 0: every metric in the text"
grep -q "not shown\|past --top" "$TMP/sum"
ok $((!$?)) "... and nothing said left out"

$RUN diff --top 2 "$A" "$B" >"$TMP/out"
section Summary >"$TMP/sum"
is "$(grep -c '^[A-Za-z]' "$TMP/sum")" 2 "--top 2: two metrics"
grep -q "^  $((all - same - 2)) more metrics past --top\$" "$TMP/sum"
ok $? "... and the $((all - same - 2)) more changed ones counted"
$RUN diff --top 2 --format csv "$A" "$B" >"$TMP/csv"
is "$(csvrows summary)" 2 "--top 2 in CSV: two summary rows"
is "$(csvrows hist)" 2 "... and two access sizes"
done_testing

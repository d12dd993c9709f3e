#!/bin/sh
# The report's phases panel on a multi-iteration run (IOR -i 4 reads,
# readmostly): each read iteration's row against IOR's own figure for
# that iteration (within 2 %, t/1010's tolerance) and against iolens
# timeline --phases on the same log; a log with a heatmap but no DXT
# has no panel.  (t/3004 covers the -e and dd fsync cases.)
. "$(dirname "$0")/lib.sh"
command -v pdftotext > /dev/null || skip_all "pdftotext is not installed (apt-get install poppler-utils)"
need_shared
POP=$SHARED/corpus/population

# rows of the phases table in a report
report_phases() {
	SOURCE_DATE_EPOCH=1700000000 LC_ALL=C TZ=UTC $RUN report "$1" -o "$TMP/r.pdf" || return 1
	pdftotext -layout "$TMP/r.pdf" - |
		awk '/^phase +op +start/ { on = 1; next } on && NF == 0 { on = 0 } on'
}

log=$POP/logs/dave_readmostly_id8672-8672_11-21-82599-12228403003238851110_1.darshan
report_phases "$log" > "$TMP/rows"
# a read row: id op start unit duration unit bytes unit ops MiB/s - -
awk '$2 == "read" { print $(NF - 2) }' "$TMP/rows" > "$TMP/got"
is "$(wc -l < "$TMP/got")" 4 "IOR -i 4: four read phase rows"
$RUN timeline --phases --format=csv "$log" |
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["scope"] == "job" && $h["op"] == "read" { printf "%.1f\n", $h["mib_s"] }' > "$TMP/tl"
is "$(cat "$TMP/got")" "$(cat "$TMP/tl")" "IOR -i 4: read rows equal timeline --phases"
awk '$1 == "read" && NF == 11 { print $2 }' "$POP/jobs/0449_dave_readmostly_c23.stdout.txt" > "$TMP/ior"
paste -d ' ' "$TMP/got" "$TMP/ior" | while read -r g i; do
	diag "IOR -i 4: read phase $g MiB/s, IOR iteration $i MiB/s" >&2
	awk -v a="$g" -v b="$i" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(a != "" && d <= 0.02) }' || echo bad
done > "$TMP/cmp"
[ -s "$TMP/got" ] && ! grep -q bad "$TMP/cmp"
ok $? "IOR -i 4: every read phase row within 2 % of IOR's iteration"

report_phases "$SHARED"/corpus/darshan-logs/e3sm_io_heatmap_only/*.darshan > "$TMP/none"
is "$(cat "$TMP/none")" "" "a heatmap without DXT: no phases panel"
done_testing

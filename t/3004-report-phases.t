#!/bin/sh
# The report's phases panel (page "Time"): the job's write and read
# phases with both bandwidths, the same analysis as timeline --phases.
# Ground truth: IOR's own write bandwidth (its -e fsync inside), which
# the "incl. sync" figure must match within 6 % as t/1010 requires of
# timeline --phases, and IOR's iteration count on a readmostly run of
# the population (one write, four read passes: five phases).
. "$(dirname "$0")/lib.sh"

command -v pdftotext > /dev/null || skip_all "pdftotext is not installed (apt-get install poppler-utils)"

# rows of the phases table in a report: "id op ... MiB/s [sync MiB/s]"
report_phases() {
	SOURCE_DATE_EPOCH=1700000000 $RUN report "$1" -o "$TMP/r.pdf" 2> "$TMP/err" || return 1
	pdftotext -layout "$TMP/r.pdf" - |
		awk '/^phase +op +start/ { on = 1; next } on && NF == 0 { on = 0 } on'
}

run=$SAMPLES/ior/ior_posix_n1_t4m
ior=$(sed -n 's/^Max Write: *\([0-9.]*\) MiB.*/\1/p' "$run/ior.stdout.txt")
report_phases "$run"/*.darshan > "$TMP/rows"
ok $? "report of an IOR run with DXT"
is "$(awk '{ print $1, $2 }' "$TMP/rows" | tr '\n' ' ')" "1 write 2 read " "one write and one read phase"
# the write row ends "... MiB/s <sync after> ms <MiB/s incl. sync>"
got=$(awk '$2 == "write" { print $NF }' "$TMP/rows")
xfer=$(awk '$2 == "write" { print $(NF - 3) }' "$TMP/rows")
awk -v a="$got" -v b="$ior" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(d <= 0.06) }'
ok $? "write MiB/s incl. sync $got within 6 % of IOR's $ior"
awk -v a="$xfer" -v b="$got" 'BEGIN { exit !(a > b * 1.2) }'
ok $? "the data transfer alone ($xfer MiB/s) is shown apart, faster"
# the same numbers as timeline --phases (one decimal in the report)
$RUN timeline --phases --format tsv "$run"/*.darshan |
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["scope"] == "job" { printf "%s %.1f %s\n", $h["op"], $h["mib_s"], ($h["mib_s_sync"] == "" ? "-" : sprintf("%.1f", $h["mib_s_sync"])) }' > "$TMP/tl"
# (a phase without sync after it shows "-" for both sync columns; the
# tsv repeats the data transfer figure)
awk '$NF == "-" { print $2, $(NF - 2), $(NF - 2); next } { print $2, $(NF - 3), $NF }' "$TMP/rows" > "$TMP/rp"
is "$(cat "$TMP/rp")" "$(cat "$TMP/tl")" "bandwidths equal timeline --phases"

# dd conv=fsync under Darshan (ours): dd's own rate includes its fsync
dd=$SAMPLES/nonmpi/darshan/dd_bigfile
ref=$(sed -n 's/^\([0-9]*\) bytes .* copied, \([0-9.]*\) s,.*/\1 \2/p' "$dd/stderr.txt" | awk '{ print $1 / 1048576 / $2 }')
got=$(report_phases "$dd"/*.darshan | awk '$2 == "write" { print $NF }')
awk -v a="$got" -v b="$ref" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(a != "" && d <= 0.05) }'
ok $? "dd: write MiB/s incl. sync $got within 5 % of dd's own $ref"

# no segments, no panel
report_phases "$SAMPLES"/nonmpi/darshan/sort_external/*.darshan > "$TMP/none"
is "$(cat "$TMP/none")" "" "a log without DXT has no phases panel"

# a readmostly IOR run of the population: as many phases as iterations
if [ -d "$SHARED/corpus/population" ]; then
	POP=$SHARED/corpus/population
	# shellcheck disable=SC2046
	set -- $(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["dxt"] == 1 && $h["gt_read_reps"] + 0 > 1 { print $h["log_file"], $h["gt_write_reps"], $h["gt_read_reps"]; exit }' "$POP/manifest.tsv")
	report_phases "$POP/logs/$1" > "$TMP/pop"
	is "$(awk '$2 == "write" { w++ } $2 == "read" { r++ } END { print w + 0, r + 0 }' "$TMP/pop")" "$2 $3" \
		"$1: $2 write and $3 read phases, as IOR's iterations"
else
	skip "no ../shared: the population's multi-iteration runs" 1
fi
done_testing

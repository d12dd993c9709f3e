#!/bin/sh
# iolens iostat on the population campaign's storage recording
# (../shared/corpus/population/iostat): the deliberate idle gaps of
# idle-gaps.tsv are found in each of the three recordings, the totals
# equal ground truth computed here with awk from the raw files, and the
# recordings agree interval by interval within stated tolerances.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
REC=$POP/iostat
[ -f "$REC/diskstats-5s.txt" ] || skip_all "no iostat recording in $REC"

epoch() { date -u -d "$1" +%s.%N; }

# the gaps of idle-gaps.tsv as "label start end early" in epoch seconds;
# early is how much sooner than the driver's gap the device may go quiet:
# one sampling interval (5 s), or two when the last job before the gap is
# mdtest (esm-meta) or python3, whose unsynced small files are deleted
# before writeback and so never reach the device (README.md)
awk -F'\t' 'NR > 1 { print $13, $7 }' "$POP/manifest.tsv" | sort > "$TMP/ends"
tail -n +2 "$POP/idle-gaps.tsv" | while IFS='	' read -r label s e secs; do
	app=$(awk -v s="$s" '$1 <= s { a = $2 } END { print a }' "$TMP/ends")
	case $app in esm-meta | python3) early=10 ;; *) early=5 ;; esac
	echo "$(echo "$label" | tr ' ' _) $(epoch "$s") $(epoch "$e") $early"
done > "$TMP/gaps"
is "$(wc -l < "$TMP/gaps")" 5 "idle-gaps.tsv lists 5 gaps"

for f in iostat-x-5s.txt iostat-x-5s.json diskstats-5s.txt; do
	$RUN iostat --idle --format=csv --min-idle 30 "$REC/$f" > "$TMP/idle.csv"
	ok $? "$f: iostat --idle --format=csv exits 0"
	is "$(head -1 "$TMP/idle.csv" | cut -d, -f1-4)" "device,start,end,seconds" \
		"$f: idle columns start with device,start,end,seconds"
	$RUN iostat --summary --format=csv "$REC/$f" > "$TMP/sum.csv"
	last=$(epoch "$(grep '^vda,' "$TMP/sum.csv" | cut -d, -f3)")
	grep '^vda,' "$TMP/idle.csv" | while IFS=, read -r d s e rest; do
		echo "$(epoch "$s") $(epoch "$e")"
	done > "$TMP/found"
	# a gap is found when an idle period starts within one sampling
	# interval (5 s) of it and ends within 5 s of it, or, for the last
	# gap (idle until the samplers stopped), runs on to the recording's end
	while read -r label gs ge early; do
		hit=$(awk -v gs="$gs" -v ge="$ge" -v last="$last" -v early="$early" '
			function abs(x) { return x < 0 ? -x : x }
			$1 - gs <= 5 && gs - $1 <= early && (abs($2 - ge) <= 5 ||
			    ($2 >= ge - 5 && abs($2 - last) <= 5)) { n++ }
			END { print n + 0 }' "$TMP/found")
		is "$hit" 1 "$f: gap $label found (start within 5 s, or $early s early; end within 5 s)"
	done < "$TMP/gaps"
done

# ground truth from the raw files: diskstats counters (sectors x 512) of
# vda, last snapshot minus first; iostat text rates x 5 s x 1024
awk '$3 == "vda" { if (!n++) { r0 = $6; w0 = $10 } r = $6; w = $10 }
	END { printf "%.0f %.0f\n", (r - r0) * 512, (w - w0) * 512 }' \
	"$REC/diskstats-5s.txt" > "$TMP/gt-disk"
$RUN iostat --summary --format=csv "$REC/diskstats-5s.txt" |
	awk -F, '$1 == "vda" { print $6, $7 }' > "$TMP/got-disk"
is "$(cat "$TMP/got-disk")" "$(cat "$TMP/gt-disk")" \
	"diskstats: bytes read and written equal the counters' difference exactly"
awk '/^Device/ { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$1 == "vda" { r += $c["rkB/s"] * 5 * 1024; w += $c["wkB/s"] * 5 * 1024 }
	END { printf "%.0f %.0f\n", r, w }' "$REC/iostat-x-5s.txt" > "$TMP/gt-text"
$RUN iostat --summary --format=csv "$REC/iostat-x-5s.txt" |
	awk -F, '$1 == "vda" { print $6, $7 }' > "$TMP/got-text"
d=$(paste -d' ' "$TMP/gt-text" "$TMP/got-text" | awk '{ d = $1 - $3; e = $2 - $4
	if (d < 0) d = -d; if (e < 0) e = -e; print (d <= 192 && e <= 192) }')
is "$d" 1 "iostat text: bytes = sum of kB/s x 5 s x 1024 (within 1 B per sample)"
# iostat-sanity.txt (made from the JSON): read 11520.2 MiB, written 31026.6
is "$($RUN iostat --summary --format=csv "$REC/iostat-x-5s.json" |
	awk -F, '$1 == "vda" { printf "%.1f %.1f", $6 / 1048576, $7 / 1048576 }')" \
	"11520.2 31026.6" "iostat JSON: totals as iostat-sanity.txt states"

# text and JSON are two iostat processes sampling the same 5 s: each
# divides by its own measured elapsed time, iolens multiplies by the
# nominal 5 s between timestamps, so an interval's bytes differ by up to
# ~1 % (the timer tick over 5 s, and the processes' start offsets); 16 KiB
# covers the two-decimal rounding of near-idle rates
for f in iostat-x-5s.txt iostat-x-5s.json diskstats-5s.txt; do
	$RUN iostat --interval 5s --intervals --format=csv "$REC/$f" |
		awk -F, '$1 == "vda" { print $2 "," $4 + $5 }' > "$TMP/$f.b"
done
bad=$(join -t, "$TMP/iostat-x-5s.txt.b" "$TMP/iostat-x-5s.json.b" | awk -F, '
	{ d = $2 - $3; if (d < 0) d = -d; m = $2 > $3 ? $2 : $3
	  if (d > 0.01 * m + 16384) n++ }
	END { print n + 0 }')
is "$bad" 0 "text and JSON: each 5 s interval's bytes agree within 1 % + 16 KiB"
# text and diskstats sample with a phase offset (diskstats at whole 5 s,
# iostat 1.7 s later, its timestamps truncated to the second), and a
# sample's bytes are spread uniformly over it: at every bin edge of a
# common 5 s grid the cumulative bytes agree within the bytes the two
# recordings show in the bins around the edge, plus 1 MiB (background
# writes in the 4 s only one recording covers at the start)
bad=$(join -t, "$TMP/iostat-x-5s.txt.b" "$TMP/diskstats-5s.txt.b" | awk -F, '
	{ ct += $2; cd += $3; w[NR] = $2 + $3; c[NR] = ct - cd }
	END { for (i = 1; i <= NR; i++) { m = w[i] + w[i - 1] + w[i + 1]
		x = c[i] < 0 ? -c[i] : c[i]; if (x > m + 1048576) n++ }
	      print n + 0 }')
is "$bad" 0 "text and diskstats: cumulative bytes agree at every 5 s edge"
tot=$(join -t, "$TMP/iostat-x-5s.txt.b" "$TMP/diskstats-5s.txt.b" | awk -F, '
	{ a += $2; b += $3 } END { d = a - b; if (d < 0) d = -d; print (d <= 1048576) }')
is "$tot" 1 "text and diskstats: whole-run bytes agree within 1 MiB"

# resampling keeps every byte: 60 s and 7 s grids, all three files
for f in iostat-x-5s.txt iostat-x-5s.json diskstats-5s.txt; do
	want=$(awk -F, '{ s += $2 } END { print s }' "$TMP/$f.b")
	for iv in 60s 7s 1h; do
		got=$($RUN iostat --interval $iv --intervals --format=csv "$REC/$f" |
			awk -F, '$1 == "vda" { s += $4 + $5 } END { print s }')
		is "$got" "$want" "$f: --interval $iv conserves the bytes"
	done
done

# Table III of the 60 s view: idle minutes + busy minutes = all
$RUN iostat --interval 60s --table --format=csv "$REC/diskstats-5s.txt" > "$TMP/t3"
is "$(head -1 "$TMP/t3")" "device,class,count,minutes,pct_time" "Table III columns"
is "$(grep -c '^vda,' "$TMP/t3")" 9 "Table III has the 9 duration classes"

# the report page: deterministic bytes, the three panels' titles
$RUN iostat -o "$TMP/a.pdf" "$REC/iostat-x-5s.txt"
ok $? "iostat -o a.pdf exits 0"
$RUN iostat -o "$TMP/b.pdf" "$REC/iostat-x-5s.txt"
cmp -s "$TMP/a.pdf" "$TMP/b.pdf"
ok $? "the same recording draws the same PDF bytes"
if command -v pdftotext > /dev/null; then
	pdftotext -layout "$TMP/a.pdf" - > "$TMP/a.txt"
	grep -q "Table III" "$TMP/a.txt" && grep -q "CDF" "$TMP/a.txt" &&
		grep -q "throughput, all devices" "$TMP/a.txt"
	ok $? "the page has the time plot, the CDF and Table III"
fi

done_testing

#!/bin/sh
# iostat and fsstats on the views (render/view-iostat.c,
# render/view-fsstats.c): their text fits COLUMNS=80 and 100 (columns of
# least use hidden and named, the CDF line wrapped), headers say units,
# --wide shows every column, and the machine formats do not depend on
# the width.
. "$(dirname "$0")/lib.sh"

# the widest line of a file, in characters (UTF-8)
widest() { perl -CSD -ne 'chomp; $m = length if length > ($m // 0); END { print $m // 0 }' "$1"; }

R=$TMP/iostat.txt
xz -dc "$SAMPLES/iostat/iostat-x-5s.txt.xz" > "$R"
DB=$SAMPLES/population/pop.db
T=$TMP/tree
mkdir -p "$T/a/b"
for i in 1 2 3 4 5; do head -c $((i * 3000)) /dev/zero > "$T/a/b/file-with-a-long-name-$i"; done
for w in 80 100; do
	for v in "" --intervals --idle --bursts --table --cdf --summary; do
		COLUMNS=$w $RUN iostat $v --db "$DB" "$R" > "$TMP/o" 2> "$TMP/e"
		ok $? "iostat ${v:-(text)} --db at COLUMNS=$w exits 0"
		m=$(widest "$TMP/o")
		ok $(test "$m" -le $w; echo $?) "... within $w columns (widest $m)"
	done
	COLUMNS=$w $RUN iostat --jobs --db "$DB" "$R" > "$TMP/o"
	m=$(widest "$TMP/o")
	ok $(test "$m" -le $w; echo $?) "iostat --jobs at COLUMNS=$w within it (widest $m)"
	for v in "" "--hist size" "--hist names"; do
		COLUMNS=$w $RUN fsstats --now 2026-11-01 --threads 1 $v "$T" > "$TMP/o"
		m=$(widest "$TMP/o")
		ok $(test "$m" -le $w; echo $?) "fsstats ${v:-(text)} at COLUMNS=$w within it (widest $m)"
	done
done
COLUMNS=80 $RUN iostat --summary "$R" > "$TMP/s80"
tr '\n' ' ' < "$TMP/s80" | grep -q 'columns hidden (.*): --wide or --format=csv for *all'

ok $? "iostat --summary at 80 names the columns it hides"
head -1 "$TMP/s80" | grep -q 'peak B/s'
ok $? "... and its headers carry units (peak B/s)"
COLUMNS=80 $RUN iostat --summary --wide "$R" > "$TMP/sw"
ok $? "iostat --wide is an option"
head -1 "$TMP/sw" | grep -q 'p99 B/s'
ok $? "... which shows every column"
grep -q 'hidden' "$TMP/sw"
ok $((! $?)) "... and hides none"
COLUMNS=80 $RUN fsstats --wide --now 2026-11-01 "$T" > /dev/null
ok $? "fsstats --wide is an option"
for f in csv json; do
	COLUMNS=40 $RUN iostat --summary --format $f "$R" > "$TMP/a.$f"
	$RUN iostat --summary --format $f "$R" > "$TMP/b.$f"
	cmp -s "$TMP/a.$f" "$TMP/b.$f"
	ok $? "iostat --summary $f is the same at any width"
done
is "$(head -1 "$TMP/a.csv")" "device,start,end,intervals,interval_s,read_bytes,write_bytes,peak_bps,peak_start,mean_bps,p50_bps,p90_bps,p99_bps,idle_threshold_bps,idle_periods,idle_seconds,idle_pct,bursts" \
	"iostat --summary CSV keeps its keys"
done_testing

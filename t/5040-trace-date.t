#!/bin/sh
# An iolens trace's lines have times of day only (strace -tt's shape); its
# header's "# started" line gives the date.  summary, convert and ingest
# date the job by it, not 1 January 1970; a plain strace -tt trace, with
# no such header, keeps "the trace has no date".
. "$(dirname "$0")/lib.sh"

col() {	# col <name>: that column of a one-row TSV on stdin
	awk -F'\t' -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
		{ print $k }'
}

cat > "$TMP/a.trace" << 'END'
# iolens-trace 1 (iolens 0.1.0, times UTC) of cat f
# started 2026-11-28 17:36:11 UTC
# tracer cost: 3 calls, 900 ns
100 17:36:11.250000000 openat(AT_FDCWD, "f", O_RDONLY) = 3 <0.000010000>
100 17:36:11.500000000 read(3, "ab", 2) = 2 <0.000010000>
100 17:36:12.750000000 close(3) = 0 <0.000010000>
END
# 2026-11-28 17:36:11 UTC is 1795887371
$RUN summary "$TMP/a.trace" > "$TMP/sum" 2>&1
is $? 0 "summary reads the trace"
grep -q '^  start         2026-11-28 17:36:11 UTC    run time' "$TMP/sum"
ok $? "summary gives the header's date and the first call's time"
grep -q 'no date' "$TMP/sum"
ok $((!$?)) "and says no 'no date'"
is "$($RUN summary --format tsv "$TMP/a.trace" | col start_time)" 1795887371.25 \
	"start_time is seconds since the epoch"

$RUN convert -o "$TMP/a.darshan" "$TMP/a.trace"
is $? 0 "convert the trace"
$RUN parse "$TMP/a.darshan" > "$TMP/p"
grep -q '^# start_time: 1795887371$' "$TMP/p"
ok $? "the Darshan log's start_time is the trace's"
grep -q '^# end_time: 1795887372$' "$TMP/p"
ok $? "and its end_time"

$RUN ingest --db "$TMP/s.db" "$TMP/a.trace" "$TMP/a.darshan" > /dev/null 2>&1
is $? 0 "ingest the trace and the converted log"
$RUN jobs --db "$TMP/s.db" --format csv > "$TMP/jobs"
n=$(grep -c ',1795887371\.25,' "$TMP/jobs")
is "$n" 2 "both land on 2026-11-28 in the store, not in 1970"

# a trace across midnight: the end is the next day
cat > "$TMP/b.trace" << 'END'
# iolens-trace 1 (iolens 0.1.0, times UTC) of cat f
# started 2026-12-31 23:59:59 UTC
100 23:59:59.500000000 openat(AT_FDCWD, "f", O_RDONLY) = 3 <0.000010000>
100 00:00:01.000000000 close(3) = 0 <0.000010000>
END
$RUN convert -o "$TMP/b.darshan" "$TMP/b.trace"
$RUN parse "$TMP/b.darshan" > "$TMP/p"
grep -q '^# start_time: 1798761599$' "$TMP/p"
ok $? "across midnight: started on 31 December"
grep -q '^# end_time: 1798761601$' "$TMP/p"
ok $? "and ended on 1 January"

# strace -tt with no header: times of day, no date, as before
sed '1,3d' "$TMP/a.trace" > "$TMP/c.trace"
$RUN summary "$TMP/c.trace" > "$TMP/sum" 2>&1
grep -q '17:36:11 (time of day: the trace has no date)' "$TMP/sum"
ok $? "a trace with no header still has no date"
done_testing

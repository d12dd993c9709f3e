#!/bin/sh
# IOL-STDIO-SHARE stakes the time of flushes that wait for the storage
# (issue 34, round 31): r31-partlog's 2400 flushes of a 75-byte line
# into one shared log took 5.89 s a rank of a 6.62 s run, its twin
# without the flush 0.064 s; the stake was the flushes' share of the
# calls, 2.89 s, and IO-TIME fell under iotime_cause_pct (both labelled
# material at 5.83 s).  Flushes on the page cache, 4 us a call, cost as
# much as the writes and keep the share of the calls (r7-applog-line);
# so does a stream that also reads.  The job is built in memory
# (t/unit/stdio-flush).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
within() { # within <x> <lo> <hi>: lo <= x <= hi
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x >= lo && x <= hi) }'
}
"$TOP/t/unit/stdio-flush" >"$TMP/t.tsv"
ok $? "stdio-flush: 2400 flushes of a line, 5.89 s a rank"
is "$(col IOL-STDIO-SHARE 2)" warn "STDIO-SHARE is a finding"
within "$(col IOL-STDIO-SHARE 3)" 5.5 5.891
ok $? "its stake is the flushes' time: $(col IOL-STDIO-SHARE 3) s (main: 2.89 s)"
is "$(col IOL-IO-TIME 2)" warn "IO-TIME restating it is one too (main: info)"
"$TOP/t/unit/stdio-flush" fast >"$TMP/t.tsv"
ok $? "stdio-flush fast: the same calls at 4 us each"
within "$(col IOL-STDIO-SHARE 3)" 0 0.003
ok $? "flushes that do not wait keep the calls' share: $(col IOL-STDIO-SHARE 3) s of 0.005 s"
"$TOP/t/unit/stdio-flush" read >"$TMP/t.tsv"
ok $? "stdio-flush read: the stream reads too"
within "$(col IOL-STDIO-SHARE 3)" 2.5 3.2
ok $? "a stream that reads keeps the calls' share: $(col IOL-STDIO-SHARE 3) s"
done_testing

#!/bin/sh
# blocks --source: a stream whose buffer setvbuf() sets in one function
# and that is written in another (issue 33) has that buffer in the
# write(2) prediction: a FILE * parameter the buffer its callers' streams
# have (set before the call; all callers alike, else not known), a global
# FILE * its setvbuf's wherever that is.  1000 fwrite of 100 B: 3 write(2)
# through 32 KiB, 1 through 64 KiB (full buffers, rounded down), where
# glibc's 4 KiB made 24; each stream's last buffer goes out at its fclose,
# one write(2) there, in the function that wrote it or another (a stream
# passed to a function of the files, or a global, is taken as written
# there).  Joined to the program's trace, the predicted write(2) equal the
# measured writes on every block.  The predicted time costs those system
# calls, and a fflush as a write(2), not an fsync.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/setvbuf-across.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv put sys_writes)" 3 "put(FILE *f), f set to 32 KiB by its caller: 3 write(2)"
is "$(col s.csv main:43 sys_writes)" 3 "... and at the line that calls it"
is "$(col s.csv log_all sys_writes)" 1 "a global FILE * set to 64 KiB in setup(): 1 write(2) in log_all()"
is "$(col s.csv main:46 sys_writes),$(col s.csv main:47 sys_writes),$(col s.csv main:50 sys_writes)" 1,1,1 \
	"fclose of each written stream: what is left, one write(2)"
is "$(col s.csv main:39 sys_writes)" 0 "fopen: no write(2)"
is "$(col s.csv main sys_writes)" "" "main: not known (both()'s stream has one of two buffers)"
is "$(col s.csv both sys_writes)" "" "a parameter given streams of 32 KiB and 4 KiB: not known"
$RUN blocks --source "$SRC" > s.txt
grep -q '^      fwrite (stdio, 100 B, buffer 32.0 KiB)$' s.txt &&
	grep -q '^      fwrite (stdio, 100 B, buffer 64.0 KiB)$' s.txt &&
	grep -q '^    fwrite (stdio, 100 B, buffer unknown)$' s.txt
ok $? "text: each call with its stream's buffer"
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o across setvbuf-across.c 2> /dev/null; then
	$RUN trace --stacks -o across.it ./across 2> /dev/null
	$RUN blocks --source --format=csv setvbuf-across.c across.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	is "$(col j.csv main:46 writes),$(col j.csv main:50 writes)" 1,1 "the trace: a write(2) at each fclose"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["predicted_sys_writes"] != "" && $c["predicted_sys_writes"] != $c["writes"] { print $1 }' j.csv)" "" \
		"predicted write(2) equal the measured writes on every block known"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["predicted_sys_writes"] == "" { print $1 }' j.csv | sort | tr '\n' ' ')" "both both:28 main main:44 main:45 " \
		"... all but both() and the lines that call it"
	# their write(2) unknown, the library's count is not compared with
	# the trace's system calls: unknown, not differs
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["predicted_sys_writes"] == "" { print $1 ":" $c["predicted_calls"] ":" $c["status"] }' j.csv | sort | tr '\n' ' ')" \
		"both:28::unknown both::unknown main:44::unknown main:45::unknown main::unknown " \
		"... whose status is unknown, no calls predicted"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["status"] == "differs" { print $1 }' j.csv)" "" \
		"no block differs"
else
	skip "no iolens-trace.so or no C compiler" 6
fi
# the cost model of t/6025 (hand-made): an fsync 10 ms, a write of 512 B 3 us
iocost_handmade
$RUN blocks --source --format=csv "$SRC" > m.csv 2> err
is "$(col m.csv log_all predicted_io_time_s | awk '{ print ($1 > 0 && $1 < 0.001) }')" 1 \
	"predicted time: the 2 write(2) of 1000 fwrite, not 1000 writes of 100 B ($(col m.csv log_all predicted_io_time_s) s)"
$RUN blocks --source --format=csv "$TOP/t/data/blocks/stdio-buf.c" > f.csv 2> err
is "$(col f.csv main:21:23 predicted_io_time_s | awk '{ print ($1 > 0 && $1 < 0.001) }')" 1 \
	"predicted time: fflush costs a write(2), not an fsync ($(col f.csv main:21:23 predicted_io_time_s) s)"
done_testing

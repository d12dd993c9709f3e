#!/bin/sh
# blocks --source on hostile sources.  A helper that gives its struct
# parameter to a function of the files as an argument past the 32nd
# (sink()'s 35th; t/data/blocks/many-args.c): whether the callee only
# reads it was asked of bit 34 of an unsigned, a shift past its width
# (undefined: UBSan stopped the SANITIZE=1 build; the plain build shifted
# by 34 mod 32, then found the argument past the 16 followed).  Such an
# argument is not followed, as before; the size stays unknown, never 0.
# Reads in nested loops of 2^64 iterations beside a loop of unknown trips
# (t/data/blocks/nested-huge.c): their count, saturated at INT64_MAX,
# plus the loop's per iteration overflowed in the text ("+
# -9223372036854775808 of unknown size") and, joined to a trace, in
# join.c's lib_sys_only().  Found with SANITIZE=1.
. "$(dirname "$0")/lib.sh"
source_csv many-args.c
is "$(block_col s.csv main:59 calls)" 1 "helper(&c): one write"
is "$(block_col s.csv main:59 bytes_written)" "" "its size unknown, not 0"
cp "$TOP/t/data/blocks/nested-huge.c" . || exit 1
$RUN blocks --source nested-huge.c > n.txt 2> err
is "$?:$(grep -c 'runtime error' err)" "0:0" "nested loops of 2^64 reads: blocks --source runs"
is "$(grep -c '^function main.* + 9223372036854775807 of unknown size' n.txt)" 1 \
	"their count of unknown size saturates"
# with a cost model their predicted time: the counts' sums in
# view-blocks-source.c's src_time() and iocost.c's share of positioned
# calls overflowed (UBSan stopped SANITIZE=1); join.c's creates,
# flushes and positioned calls, 2^63 as a double to int64_t, overflowed
# on a source with opens, syncs and seeks in such loops too (the join
# here only runs)
iocost_handmade
$RUN blocks --source --format=csv nested-huge.c > c.csv 2> err
is "$?:$(grep -c 'runtime error' err)" "0:0" "with a cost model: blocks --source runs"
is "$(block_col c.csv main predicted_io_time_s | grep -c '^[0-9][0-9.e+]*$')" 1 \
	"main's predicted time a number"
if have_strace_k && command -v cc > /dev/null &&
	cc -g -O0 -o nested nested-huge.c 2> /dev/null &&
	strace -f -k -tt -T -o n.st ./nested 2> /dev/null; then
	$RUN blocks --source nested-huge.c n.st > j.txt 2> err
	is "$?:$(grep -c 'runtime error' err)" "0:0" "joined to its strace -k trace, with the cost model"
else
	skip "no strace -k or C compiler" 1
fi
done_testing

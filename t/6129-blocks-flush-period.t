#!/bin/sh
# Buffered stdio flushed under a branch on the loop's counter taken every
# p-th iteration (`if (i % 50 == 49) fflush(f)`): the writes between two
# flushes are p iterations' bytes, and where they span the buffer the
# write that overflows it sends a full one.  They were taken as one
# iteration's (100 B), so every50() was predicted 2 write(2) where strace
# counts 4, every3() 10 where it counts 20 (issue 33: "stdio writes
# spanning a buffer between two conditional flushes";
# t/data/blocks/flush-period.c).
. "$(dirname "$0")/lib.sh"
col() { block_col "$@"; }
source_csv flush-period.c
is "$(col s.csv every50:20 sys_writes):$(col s.csv every50 sys_writes)" "4:4" \
	"every50(): 2 full buffers and 2 flushes of 904 B"
is "$(col s.csv every3:35 sys_writes):$(col s.csv every3 sys_writes)" "20:20" \
	"every3(): 10 flushes of 6000 B, a full buffer and the rest each"
is "$(col s.csv odd:50 sys_writes):$(col s.csv odd sys_writes)" "4:4" \
	"odd(): 4 flushes of 600 B, no buffer filled (as before)"
is "$(col s.csv main sys_writes)" 28 "main: 28 write(2)"
blocks_traced "$TOP/t/data/blocks/flush-period.c" every50 every3 odd every50:20 every3:35
if [ -f j.csv ]; then
	is "$(grep -c ',differs,' j.csv)" 0 "no row differs"
else
	skip "not joined" 1
fi
done_testing

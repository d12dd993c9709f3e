#!/bin/sh
# A stream flushed under a branch on the loop's counter that the last
# iteration does not take (`if (i % 2) fflush(g)`, 7 iterations): what
# the last iteration wrote is still in the buffer after the loop, and
# the fclose sends it, one write(2) (it was predicted 0, the branch read
# as taken every time, and the fclose's line "differs"); where the last
# iteration takes it (8 iterations), the fclose sends nothing (issue 33
# gap 3; t/data/blocks/flush-last.c).
. "$(dirname "$0")/lib.sh"
col() { block_col "$@"; }
source_csv flush-last.c
is "$(col s.csv odd:17 sys_writes):$(col s.csv odd:22 sys_writes):$(col s.csv odd sys_writes)" "3:1:4" \
	"odd(): 3 flushes in the loop, the last iteration's 300 B at the fclose"
is "$(col s.csv even:32 sys_writes):$(col s.csv even:37 sys_writes):$(col s.csv even sys_writes)" "4:0:4" \
	"even(): 4 flushes in the loop, nothing left for the fclose"
blocks_traced "$TOP/t/data/blocks/flush-last.c" odd:22 even:37 odd even
if [ -f j.csv ]; then
	is "$(grep -c ',differs,' j.csv)" 0 "no row differs"
else
	skip "not joined" 1
fi
done_testing

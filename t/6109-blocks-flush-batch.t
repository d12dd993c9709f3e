#!/bin/sh
# Buffered stdio through a helper whose caller flushes after each call:
# each call starts with an empty buffer, so the helper's rows count the
# write(2) of each call's bytes, not of all its calls' bytes as if one
# buffer ran on across the flushes (batch() of 5 x 1000 B then fflush,
# 10 times: 10 write(2) in batch(), 12 predicted; with two calls of
# 3 x 1000 B a flush, 14).  The caller's line already said 10 (issue 33
# gap 3; t/data/blocks/flush-batch.c).
. "$(dirname "$0")/lib.sh"
col() { block_col "$@"; }
source_csv flush-batch.c
is "$(col s.csv main:26 sys_writes):$(col s.csv main:26:27 sys_writes):$(col s.csv main:26:28 sys_writes)" \
	"20:1:1" "f's loop: one write(2) in each batch, one at each flush (per iteration)"
is "$(col s.csv main:30 sys_writes)" 20 "g's loop: the same"
is "$(col s.csv main sys_writes)" 40 "main: 40 write(2)"
# joined: batch()'s rows over the run; strace's count of the run
blocks_traced "$TOP/t/data/blocks/flush-batch.c" batch batch:14 batch:14:15 main:26:27 main:30
if [ -f j.csv ]; then
	is "$(col j.csv batch predicted_sys_writes)" 20 "batch(): 10 write(2) for f, 10 for g"
	# glibc's fstat at each stream's first fwrite, in batch()'s loop of
	# its parameter's count, given from main's loop: the one call the
	# prediction does not place there (issue 33 D1, t/6152); no other
	# difference
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] == "differs" { print $1 ":" $c["calls"] - $c["predicted_calls"] }' j.csv | sort | tr '\n' ' ')" \
		"batch:14:15:2 batch:14:2 batch:2 main:2 main:26:1 main:26:27:1 main:30:1 main:30:31:1 " \
		"no row differs but by the fstat of f's and g's first fwrite in batch()"
else
	skip "not joined" 2
fi
done_testing

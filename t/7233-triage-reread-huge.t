#!/bin/sh
# Redundant bytes of a log whose counters are near INT64_MAX (a damaged
# or hostile log): the records of a file are summed saturating, not
# wrapping (two ranks reading 5e18 B of a 1 MiB file each: INT64_MAX less
# 1 MiB re-read, where the sum wrapped to 0 B re-read; STDIO's the
# same), and a highest byte read of INT64_MAX re-reads nothing (its + 1
# overflowed: -1 B); an MPI-IO record's 5e18 small reads and 5e18 small
# writes are INT64_MAX small calls (were -8446744073709551616).
# t/unit/reread-huge: an in-memory job, since iolens
# writes no STDIO module.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/reread-huge
[ -x "$U" ] || skip_all "t/unit/reread-huge is not built"
"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the facts are computed"
is "$(sed -n 's/^redundant_bytes //p' "$TMP/out")" 9223372036853727231 \
	"POSIX: two ranks' 5e18 B of a 1 MiB file: INT64_MAX less 1 MiB"
is "$(sed -n 's/^redundant_stdio //p' "$TMP/out")" 9223372036853727231 \
	"STDIO: two records' 5e18 B: INT64_MAX less 1 MiB"
is "$(sed -n 's/^redundant_file //p' "$TMP/out")" /d/big.dat \
	"the file with the most is the first to reach it"
is "$(sed -n 's/^mpiio_ops //p' "$TMP/out")" 9223372036854775807 \
	"MPI-IO: 5e18 reads and 5e18 writes are INT64_MAX calls"
is "$(sed -n 's/^mpiio_small //p' "$TMP/out")" 9223372036854775807 \
	"... INT64_MAX small ones"
is "$(sed -n 's/^mpiio_tiny //p' "$TMP/out")" 9223372036854775807 \
	"... INT64_MAX tiny ones"
done_testing

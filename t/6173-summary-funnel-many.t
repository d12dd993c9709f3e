#!/bin/sh
# funnel_rank (issue 34, round 49) on a job of many shared files
# (t/unit/shared-many): each shared POSIX record of 1 MiB that rank 0
# alone read asks whether MPI-IO drove its file.  triage48's summary
# passed over every MPI-IO record for each (300,000 shared files and
# 300,000 MPI-IO records: 9e10 comparisons, about a minute of CPU); now
# MPI-IO's records are sorted by id once and looked up.  A CPU-seconds
# limit (ulimit -t, not a clock: the load slows the clock, not this
# count) 100 times what the lookup takes; and the answers as before:
# MPI-IO records of other files leave the files rank 0's, MPI-IO records
# of the same files that rank 1 moved take them away.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/shared-many
[ -x "$U" ] || skip_all "t/unit/shared-many is not built"

# an ASan build runs slower, and valgrind far slower: fewer records
N=300000
[ -n "${VALGRIND:-}" ] && N=20000
(ulimit -t 30 && "$U" $N other funnel) >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "$N shared files and $N MPI-IO records: within 30 s of CPU"
is "$(grep -c 'shared records it alone moved' "$TMP/out")" 1 \
	"RANK0-IO found through the shared records"
"$U" 1000 same funnel >"$TMP/out2" 2>&1
is "$(grep -c '^IOL-RANK0-IO' "$TMP/out2"):$(grep -c 'alone moved' "$TMP/out2")" "1:0" \
	"MPI-IO records of the same files, rank 1's: not rank 0's"
done_testing

#!/bin/sh
# A shared POSIX record MPI-IO drove asks for its file's MPI-IO bytes,
# its collective aggregation (posix_beyond_mpiio, posix_aggregated) and
# its slowest rank's MPI-IO time (mpiio_slowest): each was a scan of
# every MPI-IO record, quadratic in the files (t/unit/shared-many 90000
# same coll: 12.3 s of CPU, 300000 well over a minute); now the MPI-IO
# records are summed by file once and looked up.  A CPU-seconds limit
# (ulimit -t, not a clock: the load slows the clock, not this count)
# about 100 times what the lookup takes.  The answers of those three:
# t/7533, t/7534, t/7306.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/shared-many
[ -x "$U" ] || skip_all "t/unit/shared-many is not built"

# an ASan build runs slower, and valgrind far slower: fewer records
N=300000
[ -n "${VALGRIND:-}" ] && N=20000
(ulimit -t 30 && "$U" $N same coll) >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "$N shared files MPI-IO drove: within 30 s of CPU"
is "$(head -1 "$TMP/out")" "27 findings" "every rule answers"
"$U" 1000 same collmib >"$TMP/out2" 2>&1
is "$(head -1 "$TMP/out2")" "27 findings" "1 MiB calls: every rule answers"
done_testing

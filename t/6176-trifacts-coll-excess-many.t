#!/bin/sh
# tricoll.c's collective-call excess (issue 34, round 40) on a job of
# many collective shared files of 1 MiB (t/unit/shared-many ... collmib): each
# shared MPI-IO record of collective calls asks for its file's POSIX
# time.  posix_secs passed over every POSIX record a record (300,000
# files: 9e10 comparisons, killed at 20 s of CPU); now the POSIX records
# are sorted by id once, when the first collective file asks, and
# looked up.  A CPU-seconds limit (ulimit -t, not a clock: the load
# slows the clock, not this count) 100 times what the lookup takes.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/shared-many
[ -x "$U" ] || skip_all "t/unit/shared-many is not built"

# an ASan build runs slower, and valgrind far slower: fewer records
N=300000
[ -n "${VALGRIND:-}" ] && N=20000
(ulimit -t 30 && "$U" $N other collmib) >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "$N collective shared files of 1 MiB: within 30 s of CPU"
is "$(head -1 "$TMP/out")" "27 findings" "every rule answers"
"$U" 1000 same collmib >"$TMP/out2" 2>&1
is "$(head -1 "$TMP/out2")" "27 findings" "the same files: every rule answers"
done_testing

#!/bin/sh
# net_aggregation (trifacts.c, issue 34, round 52) on a job of many
# collective shared files (t/unit/shared-many): each shared MPI-IO record
# of collective calls asks for its file's shared POSIX record.
# triage51's pass over every POSIX record a record cost 9e10
# comparisons at 300,000 files (killed at 30 s of CPU); now the shared
# POSIX records are sorted by id once and looked up.  A CPU-seconds
# limit (ulimit -t, not a clock: the load slows the clock, not this
# count) 100 times what the lookup takes.  net_aggregation's answers:
# t/7513, t/7514.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/shared-many
[ -x "$U" ] || skip_all "t/unit/shared-many is not built"

# an ASan build runs slower, and valgrind far slower: fewer records
N=300000
[ -n "${VALGRIND:-}" ] && N=20000
(ulimit -t 30 && "$U" $N other coll) >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "$N collective shared files: within 30 s of CPU"
is "$(head -1 "$TMP/out")" "27 findings" "every rule answers"
"$U" 1000 same coll >"$TMP/out2" 2>&1
is "$(head -1 "$TMP/out2")" "27 findings" "the same files: every rule answers"
done_testing

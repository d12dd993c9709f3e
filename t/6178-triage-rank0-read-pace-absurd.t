#!/bin/sh
# IOL-RANK0-IO's device wait (rank0_flush_secs(), issue 34, round 39)
# names the job's large reads' pace, large_read_mibs, which a damaged
# log's float counters make absurd as t/6168's best_write_mibs: a read
# of 4 EiB in 1 ns is some 4.4e21 MiB/s.  Printed whole it was 22 digits
# ("4398046511104000000000 MiB/s"), a run t/8004 counts as no figure;
# like the other paces, from 1e12 MiB/s on it is given in three digits.
# r39-n1-32m's row (t/unit/jobrow-dump) with that pace set
# (t/unit/triage-row); as logged, its 18759 MiB/s stays whole.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/unit/jobrow-dump U=$TOP/t/unit/triage-row
LOG=$TOP/t/data/triage-round39/r39-n1-32m.darshan
[ -x "$D" ] && [ -x "$U" ] || skip_all "t/unit/jobrow-dump or triage-row is not built"
"$D" "$LOG" >"$TMP/row"
is "$?" 0 "jobrow-dump reads the log"
"$U" <"$TMP/row" | grep -A1 '^IOL-RANK0-IO' >"$TMP/as"
grep -q "the job's large reads 18759 MiB/s" "$TMP/as"
ok $? "as logged: the reads' pace whole"
"$U" large_read_mibs=4398046511104000000000 <"$TMP/row" >"$TMP/out"
grep -A1 '^IOL-RANK0-IO' "$TMP/out" >"$TMP/d"
grep -q "the job's large reads 4.4e+21 MiB/s" "$TMP/d"
ok $? "an absurd pace in three digits"
grep -E '[0-9]{21}' "$TMP/out" | sed 's/^/# /' | cut -c1-160
ok "$(grep -cE '[0-9]{21}' "$TMP/out")" "no finding's text holds a run of 21 digits"
done_testing

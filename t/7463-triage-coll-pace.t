#!/bin/sh
# IOL-SMALL-REQ at the MPI-IO layer keeps the bytes at the pace the log
# shows, not an assumed one (issue 34, round 39).  r39-mpiio-coll-64k:
# 2048 collective calls of 64 KiB on storage of 32 MiB/s, 4.52 s a rank
# in MPI-IO over 2.5 s of POSIX on the one aggregator.  The rule kept
# "the bytes at 256 MiB/s" (0.5 s) and staked 4.02 s; 16 MiB calls and
# independent ones saved 2.03-2.45 s (the labelled stake, measured by a
# twin).  Under collective buffering the aggregators' POSIX time is the
# bytes' transfer any call size pays: the stake is MPI-IO's time beyond
# it, the exchange rounds, and IO-TIME, whose causes then hold under two
# thirds of the I/O time, is no finding (labelled trivial).  The truth is
# computed by awk from `iolens parse`: the shared record's MPI-IO read +
# write time over the ranks less its POSIX slowest rank's time.
# Independent calls (r39-mpiio-indep-64k) pass through as POSIX
# requests of their size: that POSIX pace is kept too, not the assumed
# one (t/7477).  Collective 4 KiB calls whose aggregators write at the page
# cache's pace (r4-mpiio-coll-small, 7.3 s a rank) still warn.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round39
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
truth() { # log: the shared record's MPI-IO time a rank less its POSIX slowest rank's
	$RUN parse "$1" | awk '
	/^# nprocs:/ { np = $3 }
	$2 == -1 && $4 ~ /^MPIIO_F_(READ|WRITE)_TIME$/ { m[$6] += $5 }
	$2 == -1 && $4 == "POSIX_F_SLOWEST_RANK_TIME" { p[$6] = $5 }
	END { for (f in m) if (f in p) printf "%.3f\n", m[f] / np - p[f] }'
}
C=$D/r39-mpiio-coll-64k.darshan
want=$(truth "$C")
diag "r39-mpiio-coll-64k: MPI-IO beyond the aggregator's POSIX time, by awk: $want s"
ok "$(awk -v w="$want" 'BEGIN { exit !(w > 1.5 && w < 2.5) }'; echo $?)" \
	"the awk truth is the ~2 s of exchange rounds"
$RUN triage --all --format tsv "$C" >"$TMP/c.tsv" 2>/dev/null
is "$(col "$TMP/c.tsv" IOL-SMALL-REQ 3)" warn "SMALL-REQ warns (a true, material cause)"
s=$(col "$TMP/c.tsv" IOL-SMALL-REQ 10)
ok "$(awk -v s="$s" -v w="$want" 'BEGIN { exit !(s >= w - 0.1 && s <= w + 0.1) }'; echo $?)" \
	"SMALL-REQ's stake ($s s) is MPI-IO's time beyond the aggregator's ($want s), not 4.02 s"
lab=$(awk -F'\t' '$1 ~ /r39-mpiio-coll-64k/ && $2 == "IOL-SMALL-REQ" { print $4 }' \
	"$TOP/t/data/triage-expert39.tsv")
ok "$(awk -v s="$s" -v l="$lab" 'BEGIN { exit !(l > 0 && s >= l * 0.75 && s <= l * 1.25) }'; echo $?)" \
	"within a quarter of the labelled, twin-measured $lab s"
col "$TMP/c.tsv" IOL-SMALL-REQ 8 | grep -q "the bytes at [0-9]* MiB/s, the job's, not saved"
ok $? "the detail says the pace kept is the job's own"
is "$(col "$TMP/c.tsv" IOL-IO-TIME 3)" info "IO-TIME is info: its causes hold under two thirds of 4.76 s"
col "$TMP/c.tsv" IOL-IO-TIME 8 | grep -q "under iotime_cause_pct"
ok $? "IO-TIME says why"
io=$(col "$TMP/c.tsv" IOL-IO-TIME 10)
ok "$(awk -v i="$io" 'BEGIN { exit !(i < 3) }'; echo $?)" \
	"IO-TIME counts the calls' seconds and the layer's once ($io s, not 4.23 s)"
# independent calls: their POSIX pace under MPI-IO, not 256 MiB/s
$RUN triage --all --format tsv "$D/r39-mpiio-indep-64k.darshan" >"$TMP/i.tsv" 2>/dev/null
col "$TMP/i.tsv" IOL-SMALL-REQ 8 | grep -q "the bytes at [0-9]* MiB/s, the job's, not saved"
ok $? "independent calls: the job's POSIX pace is kept, not an assumed one"
# fast storage: collective 4 KiB rounds still cost their time
$RUN triage --all --format tsv "$TOP/t/data/triage-round4/r4-mpiio-coll-small.darshan" \
	>"$TMP/r4.tsv" 2>/dev/null
is "$(col "$TMP/r4.tsv" IOL-SMALL-REQ 3)" warn "r4-mpiio-coll-small: SMALL-REQ still warns"
ok "$(awk -v s="$(col "$TMP/r4.tsv" IOL-SMALL-REQ 10)" 'BEGIN { exit !(s > 7) }'; echo $?)" \
	"its stake is still the 7 s of rounds"
done_testing

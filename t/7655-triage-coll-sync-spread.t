#!/bin/sh
# IOL-SHARED-TIME-IMBALANCE on a collective file whose spread sits in
# the collective reads and writes, over tiny POSIX work (issue 34, round
# 104; lib/analysis/trifacts.c sposix_work(), spread_coll_wait()):
# r104-scf8's 8 ranks on an overloaded 2-core node write a 2 MiB
# checkpoint with MPI_File_write_at_all every iteration; MPI-IO time per
# rank 0.52-3.38 s, while the one aggregator's POSIX writes took 0.0066 s.
# The labelled run warned (1.32 s at stake, labelled false: ranks wait in
# the collective for descheduled ranks), its reruns were info.  The
# slowest rank lost more to the mean rank than all the file's POSIX work
# took, so the spread is no rank's: every run is not evaluated.  Spreads
# a rank owns stay: r47-ftn-reread (rank 0's own POSIX re-reads) warns,
# and r55-cb-off (collective calls, every rank its own POSIX I/O:
# romio_cb_write=disable, POSIX 12 s summed) keeps its spread judged.
. "$(dirname "$0")/lib.sh"

D=$TOP/t/data
# shtimb LOG: the rule's severity and detail
shtimb() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-SHARED-TIME-IMBALANCE" { print $3 "\t" $8 }'
}

for f in "$D"/triage-round104/r104-scf8.darshan \
	"$D"/triage-round104/reruns/r104-labels104-ab1-scf8.darshan \
	"$D"/triage-round104/reruns/r104-labels104-ab2-scf8.darshan; do
	b=$(basename "$f" .darshan)
	s=$(shtimb "$f")
	diag "$b: $s"
	is "$(echo "$s" | cut -f1)" "not evaluated" "$b: the wait is no rank's spread"
	echo "$s" | grep -q "beyond its POSIX work: a wait in collective calls"
	ok $? "$b: the detail names the wait in collective calls"
done

s=$(shtimb "$D/triage-round47/r47-ftn-reread.darshan")
is "$(echo "$s" | cut -f1)" warn "r47-ftn-reread: a rank's own re-reads still warn"

s=$(shtimb "$D/triage-round55/r55-cb-off.darshan")
diag "r55-cb-off: $s"
echo "$s" | grep -q "cbw.dat: rank 2 took 9.030 s, the mean rank 8.252 s"
ok $? "r55-cb-off: ranks' own POSIX under collective calls keep the spread"

# The same log with the checkpoint's POSIX work made to hold the lag
# (t/darshan-raw.py: the shared POSIX record of orbitals.chk, at 2816 of
# the POSIX region; its POSIX_F_WRITE_TIME 0.0065 s -> 2.0 s, beyond the
# slowest rank's 1.66 s over the mean), or with POSIX moving fewer
# bytes than MPI-IO (POSIX_BYTES_WRITTEN 24 MiB -> 1 MiB: the POSIX
# module did not see the I/O): the spread is judged as before, a warning.
if command -v python3 >/dev/null; then
	L=$D/triage-round104/r104-scf8.darshan
	python3 "$TOP/t/darshan-raw.py" "$L" "$TMP/slow.darshan" 1 3456 0000000000000040
	s=$(shtimb "$TMP/slow.darshan")
	diag "POSIX 2 s: $s"
	is "$(echo "$s" | cut -f1)" warn "POSIX work that holds the lag: still a rank's spread"
	python3 "$TOP/t/darshan-raw.py" "$L" "$TMP/few.darshan" 1 2952 0000100000000000
	s=$(shtimb "$TMP/few.darshan")
	diag "POSIX 1 MiB: $s"
	is "$(echo "$s" | cut -f1)" warn "POSIX bytes short of MPI-IO's: no bound, still judged"
else
	skip "python3 is not installed" 2
fi
done_testing

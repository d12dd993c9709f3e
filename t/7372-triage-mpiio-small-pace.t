#!/bin/sh
# IOL-SMALL-REQ at the MPI-IO layer staked the small calls' whole time
# (issue 34, round 13): r13-indep-il4k's 16384 independent 4 KiB writes
# of 64 MiB took 0.16 s on the slowest rank, 400 MiB/s over the job (page
# cache), and the same bytes as 1 MiB pieces were not faster (labelled
# trivial in all three identical runs; main warned, 0.112 s at stake).
# What larger calls save is the small calls' time, on the slowest rank,
# less their bytes at a large call's pace: write_rate_mibs (256), or the
# pace the storage showed under MPI-IO (the job's bytes over the slowest
# rank's POSIX time) when faster.  The truth is awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { $RUN triage --all --format tsv "$@" >"$TMP/t.tsv" 2>/dev/null; }
# the job's POSIX bytes over its slowest rank's shared-record time, MiB/s
pace() {
	$RUN parse "$1" 2>/dev/null | awk '
	$1 == "POSIX" { if ($4 == "POSIX_BYTES_WRITTEN" || $4 == "POSIX_BYTES_READ") b += $5
		if ($4 == "POSIX_F_SLOWEST_RANK_TIME" && $5 > t) t = $5 }
	END { printf "%.0f", (t > 0 ? b / 1048576 / t : 0) }'
}

D=$TOP/t/data/triage-round13
for k in il4k il4k-2 il4k-3; do
	L=$D/r13-indep-$k.darshan
	p=$(pace "$L")
	tri "$L"
	[ "$p" -ge 256 ] && [ "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" != warn ]
	ok $? "r13-indep-$k: 64 MiB of 4 KiB writes at $p MiB/s (awk), over a large write's 256: SMALL-REQ not warned (main: warn)"
done
# the whole time is at stake again when no pace is known
echo "write_rate_mibs = 0" >"$TMP/zero.conf"
tri --config "$TMP/zero.conf" "$D/r13-indep-il4k.darshan"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "r13-indep-il4k, write_rate_mibs = 0: SMALL-REQ warn"

# collective rounds of 4 KiB: 7.4 s of rounds, the POSIX time is 0.03 s
tri "$D/r13-coll-il4k.darshan"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "r13-coll-il4k: SMALL-REQ still warn"
s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)
awk -v s="$s" 'BEGIN { exit !(s > 7 && s < 7.37) }'
ok $? "... its stake $s s: the rounds' 7.38 s less the bytes' 0.03 s"

# the slowest rank's own time: r6-h5-indep's 8 KiB writes, 128 MiB in
# 0.59 s on the slowest rank (217 MiB/s); its collective twin wrote them
# in 0.45 s (labelled material, 0.14 s)
L=$TOP/t/data/triage-round6/r6-h5-indep.darshan
p=$(pace "$L")
tri "$L"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "r6-h5-indep: 8 KiB writes at $p MiB/s (awk): SMALL-REQ warn"

# collective buffering's aggregators on a fast file system: their POSIX
# time is the storage's pace, the rest of MPI-IO's the rounds' (the
# labeller's 21.1 s: 30.25 s in MPI-IO, 9.12 s the aggregator's)
L=$SHARED/bench/mpiio-collective-big/root_ior_id23507-23507_11-21-81006-16955977952739867309_2.darshan
if [ -f "$L" ]; then
	tri "$L"
	s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)
	awk -v s="$s" 'BEGIN { exit !(s > 20 && s < 22) }'
	ok $? "mpiio-collective-big: SMALL-REQ's stake $s s, the rounds beyond the aggregators' 9.12 s"
else
	skip "no ../shared: mpiio-collective-big is there"
fi
done_testing

#!/bin/sh
# Small MPI-IO calls with a sync each: the syncs are their own cause
# (issue 34, round 14).  Darshan adds each MPI_File_sync's time to
# MPIIO_F_WRITE_TIME and each fsync's to POSIX_F_WRITE_TIME, so the
# MPI-IO branch of IOL-SMALL-REQ counted IOL-FSYNC's seconds again and
# advised buffering: main at 68f5098 warned r14-msync-each (2048
# MPI_File_write_at of 64 KiB, an MPI_File_sync after each; "1.57 s at
# stake", labelled trivial: the same writes with one sync at the end
# took 0.34-0.39 s).  Now the time IOL-FSYNC holds (its stake: the
# extra syncs' share of the write time, when syncs repeat through the
# run) is not SMALL-REQ's, and IOL-FSYNC still warns.  The truth is awk's
# over `iolens parse`: MPIIO_SYNCS, POSIX_FSYNCS, MPI-IO writes and
# their sizes.  Small MPI-IO calls without syncs keep their time
# (r14-cread-1k-16: 500 collective reads of 1 KiB on 16 ranks, warn).
. "$(dirname "$0")/lib.sh"
# log: MPI-IO writes, of them 10K-100K, MPI-IO syncs, POSIX fsyncs
cnt() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$4 == "MPIIO_INDEP_WRITES" || $4 == "MPIIO_COLL_WRITES" { w += $5 }
		$4 == "MPIIO_SIZE_WRITE_AGG_10K_100K" { m += $5 }
		$4 == "MPIIO_SYNCS" { s += $5 }
		$4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS" { f += $5 }
		END { printf "%d %d %d %d\n", w, m, s, f }'
}
sev() { # code: its severity in $TMP/t.tsv
	awk -F'\t' -v c="$1" '$2 == c { print $3 }' "$TMP/t.tsv"
}
D=$TOP/t/data/triage-round14
for L in "$D/r14-msync-each.darshan" "$D"/reruns/r14-msync-each-ab*.darshan; do
	b=$(basename "$L" .darshan)
	set -- $(cnt "$L")
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	each=$([ "$3" -ge "$1" ] && [ "$4" -ge "$1" ] && [ "$1" -gt 0 ] && echo 1 || echo 0)
	sr=$(sev IOL-SMALL-REQ)
	case $sr in warn | high) sr=finding ;; *) sr=none ;; esac
	is "$each $sr $(sev IOL-FSYNC)" "1 none warn" \
		"$b: a sync a write (awk: $1 MPI-IO writes, $2 of 10-100 KiB, $3 MPI-IO syncs, $4 fsyncs): SMALL-REQ no finding, FSYNC warn"
done
L=$D/r14-msync-each.darshan
$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
awk -F'\t' '$2 == "IOL-SMALL-REQ" { print $8 }' "$TMP/t.tsv" | grep -q "of it syncs (IOL-FSYNC's), not at stake"
ok $? "r14-msync-each: SMALL-REQ's detail says the syncs are IOL-FSYNC's"
L=$D/r14-cread-1k-16.darshan
set -- $(cnt "$L")
$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
is "$(sev IOL-SMALL-REQ)" warn "r14-cread-1k-16: small MPI-IO calls, $3 syncs: SMALL-REQ still warn"
done_testing

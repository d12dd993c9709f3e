#!/bin/sh
# IOL-SHARED-SMALL and IOL-SMALL-REQ on collective MPI-IO calls (issue
# 34, round 90): a collective call's size a rank is not the request the
# file system sees (the aggregators' POSIX requests are), and ranks
# waiting in collective open and close are no small request's cost.
# r90-diagflush (8 ranks, throttled sync mount) writes its history and
# restart with 80 collective calls of 64 KiB a rank, which OMPIO's
# aggregator wrote as 10 POSIX writes of 512 KiB, and flushes 700 lines
# of 75 B a rank to its own diagnostics file.  SHARED-SMALL warned 2.74
# s: the slowest rank's MPI-IO time, mostly collective open/close waits,
# taken for the calls' because every POSIX request was small; its twin
# without the flushes (same calls, same MPI-IO time) warned as well.
# The calls' own time is their records' (a shared record: its write time
# over the ranks, no more than its slowest rank's), computed here by awk
# from `iolens parse`.  SMALL-REQ stays found, without the collective
# buffering advice (cb_buffer_size): its small writes are each rank's
# own file's, outside MPI-IO.  Independent and tiny collective calls
# stay found (colwrite, r89 climate, r13 coll-il4k, r47 coll-tiny) and
# r6-h5-indep keeps its slowest rank's POSIX time (0.590 s).
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round90
R=$D/reruns
row() { # log code: "severity<TAB>detail<TAB>recommendation"
	$RUN triage --all --format tsv "$1" |
		awk -F'\t' -v c="$2" '$2 == c { print $3 "\t" $8 "\t" $9 }'
}
sev() { row "$1" "$2" | cut -f1; }
# the shared MPI-IO records' write time a rank, all their calls small
truth() {
	$RUN parse "$1" | awk '
	/^# nprocs:/ { np = $3 }
	$1 == "MPI-IO" && $2 == -1 { v[$3, $4] = $5; id[$3] = 1 }
	END {
		for (k in id) {
			t = v[k, "MPIIO_F_WRITE_TIME"] / np
			if (t > v[k, "MPIIO_F_SLOWEST_RANK_TIME"]) t = v[k, "MPIIO_F_SLOWEST_RANK_TIME"]
			s += t
		}
		printf "%.3f\n", s
	}'
}

for f in $D/r90-diagflush.darshan $R/r90-labels90-tw-diagflush-buf.darshan \
	$R/r90-labels90-ab1-tw-diagflush-buf.darshan \
	$R/r90-labels90-ab2-tw-diagflush-buf.darshan; do
	s=$(sev "$f" IOL-SHARED-SMALL)
	case $s in warn | high) r=1 ;; *) r=0 ;; esac
	ok $r "$(basename "$f"): collective 64 KiB calls are no SHARED-SMALL finding ($s)"
done

got=$(row $D/r90-diagflush.darshan IOL-SHARED-SMALL | cut -f2 |
	sed -n 's/.*about \([0-9.]*\) s a rank in MPI-IO.*/\1/p')
is "$got" "$(truth $D/r90-diagflush.darshan)" \
	"diagflush: the collective calls' time is their records' write time"

r=$(row $D/r90-diagflush.darshan IOL-SMALL-REQ)
is "$(echo "$r" | cut -f1)" warn "diagflush: SMALL-REQ stays found"
case $(echo "$r" | cut -f3) in *cb_buffer_size*) c=1 ;; *) c=0 ;; esac
ok $c "diagflush: no cb_buffer_size advice for small writes outside MPI-IO"

for f in round90/r90-colwrite round89/r89-climate round13/r13-coll-il4k \
	round47/r47-coll-tiny; do
	is "$(sev "$TOP/t/data/triage-$f.darshan" IOL-SMALL-REQ)" warn \
		"$f: small MPI-IO calls stay found"
done
got=$(row $TOP/t/data/triage-round6/r6-h5-indep.darshan IOL-SMALL-REQ | cut -f2 |
	sed -n 's/.*about \([0-9.]*\) s a rank in MPI-IO.*/\1/p')
is "$got" 0.590 "r6-h5-indep: independent calls keep the slowest rank's POSIX time"
done_testing

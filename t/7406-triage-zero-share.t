#!/bin/sh
# IOL-SMALL-REQ does not count a rank's share of a large collective
# round as a small request (issue 34, round 20): in jeanbez_8 888 of 1024
# ranks join 20 collective writes of ~32 MiB pieces with zero-byte calls
# (Darshan's 0-100 B bin, 19160 of them), which SMALL-REQ counted with
# their 2 s a rank in MPI-IO (stake 2.77 s; labelled 0.98 s, the small
# metadata reads).  t/unit/triage-r20 mpiio: 8 ranks of one file, ranks
# 0-1 write 4 rounds of 8 MiB, ranks 2-7 join them with zero-byte calls;
# every rank makes 200 independent reads of 500 B (0.2 s), rank 0 50 more
# of another file (0.05 s).  The small calls are the 1650 reads, their
# time the reads' 0.25 s on rank 0, not the 2 s of writes split by
# counts (main: 1674 small, 2.207 s).  Rounds of 4 KiB a rank over 8
# ranks (32 KiB) stay small.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/triage-r20
fact() { # mode name
	"$U" "$1" | awk -v k="$2" '$1 == k { print $2 }'
}
if [ ! -x "$U" ]; then
	skip "t/unit/triage-r20 is not built" 4
	done_testing
	exit 0
fi
is "$(fact mpiio mpiio_small)" 1650 "zero-byte shares of 8 MiB rounds: not small (1650 reads, not 1674)"
is "$(fact mpiio mpiio_ops)" 1682 "every call is still counted among the calls"
is "$(fact mpiio mpiio_small_time)" 0.250 "the small calls' time is the reads' 0.25 s, not the writes' (main: 2.207 s)"
is "$(fact rounds mpiio_small)" 80 "4 KiB rounds over 8 ranks (32 KiB) stay small"
done_testing

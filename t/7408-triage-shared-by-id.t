#!/bin/sh
# IOL-SHARED-SMALL judges a file shared when records of two ranks or more
# hold it, not only by a rank -1 record (issue 34, round 20): jeanbez_8's
# benchmark.h5 is 1024 per-rank records of one id, read by every rank,
# and SHARED-SMALL said "not evaluated: no operations on shared records".
# t/unit/triage-r20 mpiio: 8 per-rank MPI-IO records of one file (1600
# small reads of 500 B, 0.2 s a rank) and one file of rank 0 alone (50
# reads, not shared); posix: the same at the POSIX layer, 4 per-rank
# records of one file (2000 reads of 470 B a rank in 0.3 s) and one of
# rank 0 alone (100 reads).
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/triage-r20
fact() { # mode name
	"$U" "$1" | awk -v k="$2" '$1 == k { print $2 }'
}
if [ ! -x "$U" ]; then
	skip "t/unit/triage-r20 is not built" 6
	done_testing
	exit 0
fi
is "$(fact mpiio mpiio_shared_small)" 1600 "the 8 ranks' records of one file are a shared file's (main: 0)"
is "$(fact mpiio mpiio_shared_ops)" 1632 "its 1632 calls; rank 0's own file is not shared"
is "$(fact mpiio mpiio_shared_small_time)" 0.200 "the slowest rank's 0.2 s of small reads on it"
is "$(fact posix shared_small)" 8000 "POSIX: the 4 ranks' records of one file are a shared file's (main: 0)"
is "$(fact posix shared_ops)" 8000 "POSIX: its 8000 reads; rank 0's own file is not shared"
is "$(fact posix shared_small_time)" 0.300 "POSIX: the slowest rank's 0.3 s of small reads on it"
done_testing

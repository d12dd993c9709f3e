#!/bin/sh
# IOL-IO-TIME leaves out MPI-IO metadata time beyond POSIX's that is
# ranks waiting in collective opens and closes (mpiio_wait_secs()) under
# 1 s a rank too when it is longer than POSIX's and STDIO's whole time
# on the slowest rank (issue 34, round 136): an open or close longer
# than every byte the rank moved is no open's cost.  r136-embed (4
# ranks): 3.946 s of MPI-IO F_META_TIME summed over ranks, 0.037 s of
# POSIX's and STDIO's, so 0.977 s a rank waiting for peers still
# computing, over 0.388 s of POSIX and of 1.490 s in MPI-IO beyond it;
# main (1 s floor) warned IO-TIME with 1.49 s at stake, labelled false,
# and so its rerun ab1.  The truth is computed by awk from `iolens
# parse`.  Collective jobs labelled IO-TIME material (r90-colwrite,
# r104-chkcol) stay warnings; an open's ms beside longer I/O stay
# counted (t/7390's r4-mpiio-large).
. "$(dirname "$0")/lib.sh"
metawait() { # log: MPI-IO metadata beyond POSIX's and STDIO's a rank
	$RUN parse "$1" 2>/dev/null | awk '
	/^# nprocs: / { np = $3 }
	$4 ~ /_F_META_TIME$/ { if ($1 == "MPI-IO") m += $5; else if ($1 == "POSIX" || $1 == "STDIO") p += $5 }
	END { printf "%.3f\n", (np > 0 ? (m - p) / np : 0) }'
}
iotime() { # log column: IOL-IO-TIME's field
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == "IOL-IO-TIME" { print $k }'
}
D=$TOP/t/data/triage-round136
E=$D/r136-embed.darshan
w=$(metawait "$E")
is "$w" 0.977 "r136-embed: awk: 0.977 s a rank of MPI-IO metadata beyond POSIX's"
iotime "$E" 8 | grep -q "; $w s a rank of MPI-IO metadata beyond POSIX's not counted: waiting in collective opens and closes"
ok $? "r136-embed: IO-TIME's detail leaves the $w s out"
iotime "$E" 8 | grep -q "^slowest rank: 0.901 s in MPI-IO of a 2.253 s run"
ok $? "r136-embed: MPI-IO's 1.878 s less the wait, 0.901 s of the run's 2.253 s"
is "$(iotime "$E" 3)" ok "r136-embed: IO-TIME ok (labelled false)"
is "$(iotime "$D/reruns/r136-labels136-ab1-embed.darshan" 3)" ok \
	"r136-embed's rerun ab1: IO-TIME ok"
for p in round90/r90-colwrite round104/r104-chkcol; do
	is "$(iotime "$TOP/t/data/triage-$p.darshan" 3)" warn \
		"${p#*/}: collective, labelled IO-TIME material: still a warning"
done
done_testing

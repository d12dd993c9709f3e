#!/bin/sh
# IOL-NO-MPIIO's detail names the bounds of what it counts (issue 34,
# review92): shared_written_files_nompi leaves out shared files with
# under 1 MiB written or fewer writes than ranks, so a job that uses
# MPI-IO for its data while every rank writes a line to a small shared
# file through POSIX does not use MPI-IO "for every file all ranks
# write", as the detail said.  The log is r106-propsite stored raw by
# t/darshan-raw.py with the POSIX_WRITES of one 40-B shared file
# (record 11, id 17263236371453540969) made 4, a write for each of its
# 4 ranks, no MPI-IO record for it.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"
LOG=$TOP/t/data/triage-round106/r106-propsite.darshan

detail() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-NO-MPIIO" { printf "%s %g|%s", $3, $5, $8 }'
}

# record 11 of the POSIX region (704 B each), after its id, its rank
# and POSIX_OPENS, FILENOS, DUPS, READS: POSIX_WRITES
python3 "$TOP/t/darshan-raw.py" "$LOG" "$TMP/w.darshan" 1 $((11 * 704 + 16 + 8 * 4)) 0400000000000000
got=$($RUN parse "$TMP/w.darshan" | awk -F'\t' '$3 == "17263236371453540969" && $4 == "POSIX_WRITES" { print $2, $5 }')
is "$got" "-1 4" "the crafted log: the shared 40-B file has 4 writes"

r=$(detail "$TMP/w.darshan")
diag "crafted: $r"
is "${r%%|*}" "ok 0" "the small shared file is not counted: ok, 0 files"
case $r in
*"for every file all ranks write"*) w=1 ;;
*"for every file all ranks opened and wrote 1 MiB or more to (a write a rank or more)"*) w=0 ;;
*) w=1 ;;
esac
ok $w "the detail bounds its claim: 1 MiB or more, a write a rank"

r=$(detail "$TOP/t/data/triage-round107/r107-seismic.darshan")
case $r in
"info 1|1 files all ranks opened and wrote 1 MiB or more to through POSIX (a write a rank or more) with no MPI-IO record"*) w=0 ;;
*) w=1 ;;
esac
ok $w "r107-seismic: its file told with the same bounds"
done_testing

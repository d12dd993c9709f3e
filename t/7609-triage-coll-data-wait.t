#!/bin/sh
# A rank's wait in collective reads and writes for late ranks is not I/O
# (issue 34, round 88; lib/analysis/triwait.c): r88's shared (8 ranks on
# 2 cores at load 28, one ROMIO aggregator) has its identical rerun ab1
# warn "4.892 s in MPI-IO of a 8.048 s run (POSIX+STDIO 0.862 s)",
# labelled false: ens.ana's slowest rank 3.980 s, its fastest 1.864 s,
# over 0.411 s of POSIX.  Now the slowest rank's time beyond each file's
# fastest rank's is left out where aggregators (fewer ranks than made
# the calls) did the POSIX work: 2.318 s, ok.  Where every rank did its
# own POSIX I/O (r55-cb-off, romio_cb_write=disable: lock queueing,
# labelled material) the reruns still warn, and a file of mostly
# independent calls (r36-h5-chunk-indep: 16 collective fill writes of
# 1074) counts only its collective share: its rerun still warns.
. "$(dirname "$0")/lib.sh"

iot() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-IO-TIME" { printf "%s %.3f|%s", $3, $10, $8 }'
}

D=$TOP/t/data
r=$(iot "$D/triage-round88/reruns/r88-labels88-ab1-shared.darshan")
diag "r88 ab1-shared: $r"
is "${r%%|*}" "ok 2.574" "r88 ab1-shared: IO-TIME ok at 2.574 s (main: warn, 4.03 s)"
case $r in
*"2.318 s a rank of MPI-IO beyond POSIX's not counted: waiting in collective calls for late ranks"*) w=0 ;;
*) w=1 ;;
esac
ok $w "r88 ab1-shared: the 2.318 s wait told as not counted"
r=$(iot "$D/triage-round52/r52-h5p-flush.darshan")
is "${r%%|*}" "ok 6.358" "r52-h5p-flush (IO-TIME labelled trivial): ok (main: warn 7.888)"
for f in r55-cb-off reruns/r55-labels55-ab1-cb-off reruns/r55-labels55-ab2-cb-off; do
	r=$(iot "$D/triage-round55/$f.darshan")
	diag "$f: ${r%%|*}"
	case ${r%%|*} in
	warn* | high*) ok 0 "$f (every rank its own POSIX I/O, material) warns" ;;
	*) ok 1 "$f (every rank its own POSIX I/O, material) warns" ;;
	esac
done
r=$(iot "$D/triage-round36/reruns/r36-labels36-ab1-h5-chunk-indep.darshan")
is "${r%%|*}" "warn 7.606" "r36 ab1-h5-chunk-indep: independent calls' imbalance stays I/O"
r=$(iot "$D/triage-round11/r11-app-ok.darshan")
is "${r%%|*}" "warn 15.943" "r11-app-ok: a collective job's own I/O time still warns"
done_testing

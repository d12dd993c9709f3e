#!/bin/sh
# Collective MPI-IO through file views whose time is not its file
# system's (issue 34, round 40): r40-e3sm wrote 320 collective calls of
# 512 KiB a rank through an indexed view of 128-byte pieces; its fastest
# rank spent 10.446 s in MPI-IO, its one aggregator 1.061 s in POSIX on
# the file.  Darshan's bins see 512 KiB calls and 4 MiB writes, nothing
# small; IOL-SHARED-SMALL judges the collective calls' time beyond the
# file system's (labelled material, 11.9 s).  Its reruns and its twin of
# the same 16-column blocks warn too; the twin of 2048-column blocks
# (16 KiB pieces, 0.61-0.74 s of MPI-IO) and BT-IO's one collective
# write a dump through a view (0.13 s) stay quiet.  Every log is ours.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round40
sev() { # severity of IOL-SHARED-SMALL on log $1
	"$IOLENS" triage --all --format tsv "$1" |
		awk -F'\t' '$2 == "IOL-SHARED-SMALL" { print $3 }'
}
"$IOLENS" triage --all --format tsv "$D/r40-e3sm.darshan" >"$TMP/e3.tsv"
ok $? "triage r40-e3sm"
row() { awk -F'\t' -v k="$1" '$2 == "IOL-SHARED-SMALL" { print $k }' "$TMP/e3.tsv"; }
is "$(row 3)" warn "r40-e3sm: IOL-SHARED-SMALL warns (main: below the impact floor)"
stake=$(row 10)
ok "$(awk -v s="$stake" 'BEGIN { print !(s > 8.4 && s < 8.5) }')" \
	"stake $stake s: fastest rank 10.287 s (less metadata) - POSIX 1.061 s - longest call 0.762 s"
case "$(row 8)" in
*"320 collective calls through 352 views"*"size is not logged"*) r=0 ;;
*) r=1 ;;
esac
ok $r "the detail counts the calls and views and says the piece size is not logged"
case "$(row 9)" in
*"larger contiguous blocks"*"derived datatype"*cb_buffer_size*romio_cb_write*) r=0 ;;
*) r=1 ;;
esac
ok $r "the advice: larger blocks, a merging datatype, the collective hints"
for f in "$D"/reruns/r40-labels40-ab1-e3sm.darshan "$D"/reruns/r40-labels40-ab2-e3sm.darshan \
	"$D"/twins/r40-labels40-e3sm-b16-tw1.darshan "$D"/twins/r40-labels40-e3sm-b16-tw2.darshan; do
	is "$(sev "$f")" warn "$(basename "$f"): the same 128-byte pieces warn"
done
for f in "$D"/twins/r40-labels40-e3sm-b2048-tw1.darshan "$D"/twins/r40-labels40-e3sm-b2048-tw2.darshan \
	"$D"/r40-btio-full.darshan; do
	s=$(sev "$f")
	case "$s" in warn | high) r=1 ;; *) r=0 ;; esac
	ok $r "$(basename "$f"): quiet ($s)"
done
done_testing

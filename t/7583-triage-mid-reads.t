#!/bin/sh
# IOL-SMALL-REQ's stake of 100 KiB-1 MiB reads is what larger reads
# would save, not their whole time less a nominal pace (issue 34, round
# 77): r77-multi-each's 1602 of 1604 reads are whole 480000-B frames on
# a device throttled to 64 MiB/s, and SMALL-REQ staked 2.36 s of them
# at 256 MiB/s (labelled false: no larger request beats the device's
# rate).  Its reruns tell the same; the 12-B and 8-B reads of sel-atom
# and xseek-scan (labelled material) stay findings.  Every log is ours.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round77
row() { # code's severity and stake in log $2
	"$IOLENS" triage --all --format tsv "$2" |
		awk -F'\t' -v c="$1" '$2 == c { print $3, $10 }'
}
for f in r77-multi-each reruns/r77-labels77-ab1-multi-each \
	reruns/r77-labels77-ab2-multi-each; do
	set -- $(row IOL-SMALL-REQ "$D/$f.darshan")
	ok "$(case $1 in warn | high) echo 1 ;; *) echo 0 ;; esac)" \
		"$f: 480000-B frame reads are no finding ($1; main: warn)"
	ok "$(awk -v s="$2" 'BEGIN { print !(s >= 0 && s < 0.5) }')" \
		"$f: stake $2 s, the frames' transfer not saved (main: 2.36 s)"
done
for f in r77-sel-atom r77-xseek-scan; do
	set -- $(row IOL-SMALL-REQ "$D/$f.darshan")
	ok "$(case $1 in warn | high) echo 0 ;; *) echo 1 ;; esac)" \
		"$f: tiny reads stay a finding ($1, $2 s)"
done
done_testing

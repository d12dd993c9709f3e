#!/bin/sh
# Small reads in no order keep their span at a large read's pace out of
# IOL-SMALL-REQ's stake (issue 34, reruns; t/7496), and only that: the
# time beyond it stays at stake.  Labelled material random reads stay
# findings of at least 1 s (round 39's rand-4k, round 44's lookup-pread,
# round 45's graph-rand), and our own traces (t/data/triage-trace-gen.awk,
# `iolens convert`) of 4000 random 4 KiB reads covering a 16 MiB file:
# at a device's 0.5 ms a read (2 s) the time beyond the span's 0.0625 s
# at 256 MiB/s is at stake (warn, 1.938 s); at the page cache's 10 us a
# read (0.04 s, inside the span's time) nothing is (info, 0 s; main:
# warn, the whole 0.04 s by the 4 KiB clause).
# HDF5 datasets' tiny requests stake the dataset layer's time (t/7496):
# round 4's h5-small-chunks (labelled material, 2.5 s: 2.57 s in H5D
# for 0.24 s of POSIX) stakes at least 2 s (main: 0.239 s), and a job
# of small requests with no HDF5 keeps its POSIX stake (r39-rand-4k
# above, and round 13's odirect-4k, 0.375 s).
. "$(dirname "$0")/lib.sh"

small() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-SMALL-REQ" { printf "%s %.3f", $3, $10 }'
}

for f in triage-round39/r39-rand-4k triage-round44/r44-lookup-pread \
	triage-round45/r45-graph-rand; do
	set -- $(small "$TOP/t/data/$f.darshan")
	diag "$f: $1 $2"
	[ "$1" = warn ] && awk -v s="$2" 'BEGIN { exit !(s >= 1) }'
	ok $? "$(basename "$f"): SMALL-REQ (labelled material) warns, stake >= 1 s"
done

set -- $(small "$TOP/t/data/triage-round4/r4-h5-small-chunks.darshan")
diag "r4-h5-small-chunks: $1 $2"
[ "$1" = warn ] && awk -v s="$2" 'BEGIN { exit !(s >= 2) }'
ok $? "r4-h5-small-chunks: SMALL-REQ warns, stake >= 2 s (H5D's; main: 0.239 s)"
is "$(small "$TOP/t/data/triage-round13/r13-odirect-4k.darshan")" "warn 0.375" \
	"r13-odirect-4k: no HDF5, SMALL-REQ's POSIX stake kept"

G=$TOP/t/data/triage-trace-gen.awk
for c in slow:0.0005:warn:1.938 fast:0.00001:info:0.000; do
	IFS=: read -r k s sev st <<-E
	$c
	E
	awk -f "$G" "d.dat:rand:4000:4096:16777216:$s" >"$TMP/$k.trace"
	$RUN convert -o "$TMP/$k.darshan" "$TMP/$k.trace" 2>/dev/null
	is "$(small "$TMP/$k.darshan")" "$sev $st" "own $k dense random reads ($s s a read): SMALL-REQ $sev, stake $st s"
done
done_testing

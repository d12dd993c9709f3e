#!/bin/sh
# IOL-REDUNDANT's re-reads staked at a large read's pace when small
# requests serve them (issue 34, round 69).  r69-cc-strided: 4 ranks
# read a 4 MiB tensor each 3 times in 8 KiB tiles at a 184 KiB stride,
# read-ahead off: 4.73 s of DXT re-reads, which are the 8 KiB requests'
# time (IOL-SMALL-REQ, labelled material); the same passes in 1 MiB
# blocks took 0.58-0.81 s.  REDUNDANT (labelled trivial; main warned)
# keeps its 31981568 B at 256 MiB/s, 0.03 s: below the impact floor, in
# the first run and both reruns, while SMALL-REQ still warns.  Re-reads
# the rule leaves alone: a stream buffer's refills (r66-cxx-getline,
# REDUNDANT material), the program's own records under a page
# (r44-lookup-pread's 100 B, r58-ref-pread's 16 B), whole small files
# read cold again (r41-files-cold): REDUNDANT warns, labelled material.
# Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX reads, their bytes, reads of 1 MiB or more
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "POSIX_READS" { r += $5 } $4 == "POSIX_BYTES_READ" { b += $5 }
		$4 ~ /^POSIX_SIZE_READ_(1M|4M|10M|100M|1G)/ { l += $5 }
		END { printf "%d %d %d\n", r, b, l }'
}
row() { # log code: the code's state and detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 }'
}
state() { row "$1" "$2" | cut -f1; }

# 4 ranks x 3 passes x 496 tiles of 8 KiB, none of 1 MiB or more
is "$(truth "$D/triage-round69/r69-cc-strided.darshan")" "5952 48758784 0" \
	"cc-strided: awk: 5952 reads, 48758784 B (3 x 4 x 496 x 8 KiB), none of 1 MiB or more"
for r in "$D/triage-round69/r69-cc-strided.darshan" \
	"$D"/triage-round69/reruns/r69-labels69-ab[12]-cc-strided.darshan; do
	b=$(basename "$r")
	is "$(state "$r" IOL-REDUNDANT)" info "$b: REDUNDANT below the floor (labelled trivial; main: warn)"
	row "$r" IOL-REDUNDANT | grep -q "at a large read's pace (256 MiB/s) the re-reads take 0\.0[0-9]* s: the rest of their [0-9.]* s is their small requests' time, IOL-SMALL-REQ's"
	ok $? "$b: REDUNDANT's detail gives the re-reads' pace and whose the rest is"
	is "$(state "$r" IOL-SMALL-REQ)" warn "$b: SMALL-REQ warns (labelled material)"
done
for f in "$D/triage-round66/r66-cxx-getline.darshan" \
	"$D/triage-round44/r44-lookup-pread.darshan" \
	"$D/triage-round58/r58-ref-pread.darshan" \
	"$D/triage-round41/r41-files-cold.darshan"; do
	b=$(basename "$f")
	is "$(state "$f" IOL-REDUNDANT)" warn "$b: REDUNDANT warns (labelled material)"
	row "$f" IOL-REDUNDANT | grep -q "at a large read's pace"
	ok "$([ $? -ne 0 ]; echo $?)" "$b: its re-reads keep their own time"
done
done_testing

#!/bin/sh
# IOL-SMALL-REQ is told by IOL-REDUNDANT when its requests are a stream
# buffer's refills over a file the job reads again and again (issue 34,
# round 66).  r66-cxx-getline: 4 ranks getline a 7.36 MB deck every step,
# 160 passes: 144000 POSIX reads of 8191 B (libstdc++ filebuf's buffer),
# one a pass short and one at the end of the file.  Labelled: REDUNDANT
# material, SMALL-REQ trivial (main warned): info, "told by
# IOL-REDUNDANT", in the first run and both reruns.  Small requests that
# are the program's own records keep SMALL-REQ (r44-lookup-pread's 100 B,
# r58-ref-pread's 16 B, r45-part-rmw's 64 B: labelled material, beside a
# material REDUNDANT).  Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX reads, writes, reads in the 1-10 KiB bin, deck's STDIO opens, bytes read
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "POSIX_READS" { r += $5 } $4 == "POSIX_WRITES" { w += $5 }
		$4 == "POSIX_SIZE_READ_1K_10K" { k += $5 }
		$4 == "STDIO_OPENS" && $6 ~ /deck/ { o += $5 }
		$4 == "POSIX_BYTES_READ" { b += $5 }
		END { printf "%d %d %d %d %d\n", r, w, k, o, b }'
}
row() { # log code: the code's state and detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 }'
}
state() { row "$1" "$2" | cut -f1; }

# 160 passes of 7355915 B; 2 reads a pass outside the 8191-B bin
is "$(truth "$D/triage-round66/r66-cxx-getline.darshan")" \
	"144000 0 143680 160 $((160 * 7355915))" \
	"cxx-getline: awk: 144000 reads, no writes, 143680 of 1-10 KiB, 160 passes"
for r in "$D/triage-round66/r66-cxx-getline.darshan" \
	"$D"/triage-round66/reruns/r66-labels66-ab*-cxx-getline.darshan; do
	b=$(basename "$r")
	is "$(state "$r" IOL-REDUNDANT)" warn "$b: REDUNDANT warns (labelled material)"
	is "$(state "$r" IOL-SMALL-REQ)" info "$b: SMALL-REQ info (main: warn)"
	row "$r" IOL-SMALL-REQ | grep -q "stream buffer's refills.*told by IOL-REDUNDANT; not two problems)"
	ok $? "$b: SMALL-REQ's detail says it is told by IOL-REDUNDANT, whole"
done
for f in "$D/triage-round44/r44-lookup-pread.darshan" \
	"$D/triage-round58/r58-ref-pread.darshan" \
	"$D/triage-round45/r45-part-rmw.darshan"; do
	b=$(basename "$f")
	is "$(state "$f" IOL-SMALL-REQ)" warn "$b: SMALL-REQ warns (labelled material)"
	is "$(state "$f" IOL-REDUNDANT)" warn "$b: REDUNDANT warns (labelled material)"
done
done_testing

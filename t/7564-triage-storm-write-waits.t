#!/bin/sh
# A file storm whose small files' writes each wait on the device has two
# causes (issue 34, rounds 64, 148, 173, 175): the files' metadata,
# IOL-SMALL-FILES', and the writes, IOL-SMALL-REQ's, which fewer files
# with the same writes keep and only fewer, larger writes save.
# r64-storm32 creates 768 files of 4 KiB (24 a rank, one write each) on
# a device of 400 IOPS; the slowest rank's writes take 1.380 s (57.5 ms
# each) beside 0.501 s of metadata; its twin of 64 files with the same
# writes was no faster, the twin with one 48 KiB write a file took
# 0.17-0.25 s.  SMALL-REQ is judged by time on those writes and says
# why; SMALL-FILES says they are SMALL-REQ's, not its stake.  Truths by
# awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX writes, bytes written, ranks writing, max writes a rank
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "POSIX_WRITES" { w += $5; r[$2] += $5 }
		$4 == "POSIX_BYTES_WRITTEN" { b += $5 }
		END { n = 0; m = 0
			for (k in r) if (r[k] > 0) { n++; if (r[k] > m) m = r[k] }
			printf "%d %d %d %d\n", w, b, n, m }'
}
detail() { # log code: the code's detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $8 }'
}
S=$D/triage-round64/r64-storm32.darshan
is "$(truth "$S")" "768 3145728 32 24" \
	"storm32: awk: 768 writes of 4 KiB by 32 ranks, 24 a rank"
for f in "$S" "$D"/triage-round64/reruns/r64-labels64-ab*-storm32.darshan \
	"$D/triage-round37/r37-git-checkout.darshan" \
	"$D/triage-round37/r37-pickle-many.darshan"; do
	b=$(basename "$f")
	r=$(detail "$f" IOL-SMALL-REQ)
	case $r in
	*"whole-file writes waiting ("*" ms each): only larger writes save them, by time"*) ok 0 "$b: SMALL-REQ tells writes waiting on the device" ;;
	*) ok 1 "$b: SMALL-REQ tells writes waiting on the device ($r)" ;;
	esac
	case $r in
	*"files' number is what costs"*) ok 1 "$b: SMALL-REQ no longer blames the files' number" ;;
	*) ok 0 "$b: SMALL-REQ no longer blames the files' number" ;;
	esac
	detail "$f" IOL-SMALL-FILES | grep -q "s of it whole-file writes waiting on the device: IOL-SMALL-REQ's, not at stake"
	ok $? "$b: SMALL-FILES leaves the writes' waits to SMALL-REQ"
	$RUN triage --format tsv "$f" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-SMALL-REQ" { print $3 }' | grep -q warn
	ok $? "$b: SMALL-REQ a finding"
done
# the slowest rank's writes and their pace, as the detail gives them
r=$(detail "$S" IOL-SMALL-REQ)
case $r in
*"about 1.380 s a rank"*"(57.5 ms each)"*) ok 0 "storm32: 1.380 s a rank, 57.5 ms a write (1.380 / 24)" ;;
*) ok 1 "storm32: 1.380 s a rank, 57.5 ms a write ($r)" ;;
esac
done_testing

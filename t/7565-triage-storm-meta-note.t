#!/bin/sh
# File storms whose writes do not wait on the device keep IOL-SMALL-REQ's
# whole-file note "the files' number is what costs" (issue 34, round 64;
# t/7564 has the storms whose writes wait): r13-tmp-unlink and
# r12-tar-3000 (metadata-bound: 0.08 and 0.03 s of writes beside 1.99
# and 0.94 s, all ranks, tens of microseconds a write), labelled
# SMALL-FILES material: SMALL-REQ info with that note, SMALL-FILES warns
# and tells no writes' waits.  r46-split-lines (8.59 s of writes beside
# 6.01 s of metadata, 4.1 ms a write of 1-10 KiB) and r58-s-tok-perdoc
# (2.95 s beside 2.18 s, 1.9 ms a write), whose writes wait on the
# device, are SMALL-REQ's warn since rounds 148, 173 and 175 measured
# such writes with twins (fewer files, the same writes: no faster); their
# labellers called the writes the files' cost (trivial), a split told in
# docs/metrics.md.  The writes' and metadata's seconds, summed over
# ranks, by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX write and metadata seconds over all ranks, 2 decimals
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "POSIX_F_WRITE_TIME" { w += $5 }
		$4 == "POSIX_F_META_TIME" { m += $5 }
		END { printf "%.2f %.2f\n", w, m }'
}
row() { # log code: the code's state and detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 }'
}
for x in "round46/r46-split-lines 8.59 6.01 warn" "round58/r58-s-tok-perdoc 2.95 2.18 warn" \
	"round13/r13-tmp-unlink 0.08 1.99 info" "round12/r12-tar-3000 0.03 0.94 info"; do
	set -- $x
	f=$D/triage-$1.darshan
	b=$(basename "$f")
	want=$4
	set -- $(truth "$f") "$2" "$3"
	is "$1 $2" "$3 $4" "$b: awk: writes $3 s, metadata $4 s, all ranks"
	r=$(row "$f" IOL-SMALL-REQ)
	is "$(echo "$r" | cut -f1)" "$want" "$b: SMALL-REQ $want"
	note="the files' number is what costs (IOL-SMALL-FILES)"
	[ "$want" = warn ] && note="only larger writes save them, by time"
	case $r in
	*"$note"*) ok 0 "$b: SMALL-REQ: $note" ;;
	*) ok 1 "$b: SMALL-REQ: $note ($r)" ;;
	esac
	r=$(row "$f" IOL-SMALL-FILES)
	is "$(echo "$r" | cut -f1)" warn "$b: SMALL-FILES warns (labelled material)"
	case $want:$r in
	info:*"waiting on the device"*) ok 1 "$b: SMALL-FILES: no writes' waits told ($r)" ;;
	warn:*"whole-file writes waiting on the device: IOL-SMALL-REQ's"*) ok 0 "$b: SMALL-FILES: the writes are SMALL-REQ's" ;;
	warn:*) ok 1 "$b: SMALL-FILES: the writes are SMALL-REQ's ($r)" ;;
	*) ok 0 "$b: SMALL-FILES: no writes' waits told" ;;
	esac
done
done_testing

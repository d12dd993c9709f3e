#!/bin/sh
# STDIO seeks that wait for the device are the requests' time, not the
# files' (issue 34, round 49).  r49-hash-probe: 2 ranks each fopen a
# 64 MiB hash table once and probe it 3000 times by fseek + fread of
# 64 B on throttled storage; Darshan times fseek in STDIO_F_META_TIME
# (15.95 s), where each seek's 4 KiB buffer refill from a cold place
# lands.  main said IOL-META-BOUND [high] "7.975 s metadata a rank ...
# open files once" (labelled false: the cause is a small random request
# a probe, labelled under SMALL-REQ, STDIO-SHARE, IO-TIME).  Now
# META-BOUND leaves the seeks' estimated time out (2.65 ms a seek, over
# stdio_wait_us) and is quiet, and STDIO-SHARE names the pattern: small
# requests at random offsets, a seek each.  The labelled first run and
# both reruns.  Every log is ours: nothing needs ../shared.
. "$(dirname "$0")/lib.sh"
R=$TOP/t/data/triage-round49
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }
# awk from `iolens parse`: "opens seeks reads" of STDIO
sio() {
	$RUN parse "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_OPENS" || $4 == "STDIO_FDOPENS") o += $5
		if ($4 == "STDIO_SEEKS") s += $5
		if ($4 == "STDIO_READS") r += $5 }
		END { print o + 0, s + 0, r + 0 }'
}

is "$(sio "$R/r49-hash-probe.darshan")" "4 6004 6000" \
	"hash-probe: awk: 4 fopens, 6004 seeks, 6000 freads"
for f in "$R/r49-hash-probe.darshan" "$R"/reruns/r49-labels49-ab?-hash-probe.darshan; do
	b=$(basename "$f" .darshan)
	tri "$f"
	case $(col IOL-META-BOUND 3) in
	high | warn) r=1 ;;
	*) r=0 ;;
	esac
	ok $r "$b: META-BOUND quiet ($(col IOL-META-BOUND 3); main: high, labelled false)"
	col IOL-META-BOUND 8 | grep -q "seeks' .*waiting for the device's refill.*left out"
	ok $? "$b: META-BOUND says the seeks' time is left out"
	is "$(col IOL-STDIO-SHARE 3)" warn "$b: STDIO-SHARE warns (labelled material)"
	col IOL-STDIO-SHARE 8 | grep -q "small requests at random offsets, a seek each"
	ok $? "$b: STDIO-SHARE names the cause: small requests at random offsets, a seek each"
	is "$(col IOL-IO-TIME 3)" warn "$b: IO-TIME still warns (labelled material)"
done
done_testing

#!/bin/sh
# Rewrites by small requests are told once (issue 34, round 6): when
# IOL-SMALL-REQ is a finding and most writes are under 1 MiB, the
# rewrites' time is the small requests' time, which SMALL-REQ stakes;
# IOL-REDUNDANT keeps its re-reads' and code's time and drops the
# rewrites'.  main counted those seconds twice: r6-direct-4k-60 (484 MB
# rewritten in 4 KiB O_DIRECT writes, labelled trivial) got REDUNDANT
# warn at 7.65 s beside SMALL-REQ's 11.9 s.  The truth is computed by awk
# over `iolens parse --show-incomplete`: bytes written beyond the
# highest offset, their share of the write time, the small writes.
. "$(dirname "$0")/lib.sh"
R6=$TOP/t/data/triage-round6
OWN=$TOP/t/data/triage10
# rw: "rewritten_bytes rewrite_time small_writes writes" of a 1-process log
rw() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk -F'\t' '
	$1 != "POSIX" { next }
	$4 == "POSIX_BYTES_WRITTEN" { bw[$3] += $5 }
	$4 == "POSIX_MAX_BYTE_WRITTEN" { mx[$3] = $5 }
	$4 == "POSIX_F_WRITE_TIME" { wt += $5 }
	$4 == "POSIX_WRITES" { w += $5 }
	$4 ~ /^POSIX_SIZE_WRITE_(0_100|100_1K|1K_10K|10K_100K|100K_1M)$/ { sw += $5 }
	END {
		for (k in bw) { b += bw[k]; if (bw[k] > mx[k] + 1) re += bw[k] - mx[k] - 1 }
		printf "%d %.3f %d %d\n", re, b ? wt * re / b : 0, sw, w
	}'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }
finding() { case $(col "$1" 3) in high | warn) return 0 ;; esac; return 1; }

check() { # name log
	set -- "$1" "$2" $(rw "$2")
	[ "$3" -gt 0 ] && [ $(($5 * 2)) -ge "$6" ]
	ok $? "$1: awk: $3 B rewritten ($4 s), $5 of $6 writes under 1 MiB"
	tri "$2"
	finding IOL-SMALL-REQ
	ok $? "$1: SMALL-REQ is a finding and stakes the small writes"
	! finding IOL-REDUNDANT
	ok $? "$1: REDUNDANT is no finding (main: warn, the same seconds again)"
	col IOL-REDUNDANT 8 | grep -q "the rewrites' $4 s is their small requests' time"
	ok $? "$1: REDUNDANT names the rewrites' $4 s as SMALL-REQ's"
}

check r6-direct-4k-60 "$R6/r6-direct-4k-60.darshan"
check rewrite-4k-direct "$OWN/rewrite-4k-direct.darshan"

# true re-reads keep their stake (no rewrite): r6-epochs3, labelled material
tri "$R6/r6-epochs3.darshan"
finding IOL-REDUNDANT
ok $? "r6-epochs3: re-reads stay a REDUNDANT finding"
done_testing

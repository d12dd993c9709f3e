#!/bin/sh
# STDIO metadata that is the files' stays IOL-META-BOUND's (issue 34,
# round 49; t/7507 leaves out seeks that wait for the device).  An
# fopen per line (r14-reopen-log: 20001 fopens, no seek; r44-hist-reopen:
# 1204 fopens, no seek) is an open storm, labelled META-BOUND material:
# still high.  Seeks of microseconds (r45-stdio-seek: 2000002 fseeko from
# the page cache, 9 us each, under stdio_wait_us) are system calls,
# labelled META-BOUND material as the same cause as STDIO-SHARE: still
# high, its detail naming the seeks, and STDIO-SHARE names the pattern.
# Every log is ours: nothing needs ../shared.
. "$(dirname "$0")/lib.sh"
R=$TOP/t/data
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }
# awk from `iolens parse`: "opens seeks" of STDIO
sio() {
	$RUN parse "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_OPENS" || $4 == "STDIO_FDOPENS") o += $5
		if ($4 == "STDIO_SEEKS") s += $5 }
		END { print o + 0, s + 0 }'
}

for f in "$R/triage-round14/r14-reopen-log.darshan" "$R/triage-round44/r44-hist-reopen.darshan"; do
	b=$(basename "$f" .darshan)
	sio "$f" | awk '{ exit !($1 >= 1000 && $2 == 0) }'
	ok $? "$b: awk: many fopens, no seek ($(sio "$f"))"
	tri "$f"
	is "$(col IOL-META-BOUND 3)" high "$b: META-BOUND high (labelled material)"
done
for f in "$R/triage-round45/r45-stdio-seek.darshan" "$R"/triage-round45/reruns/r45-labels45-ab?-stdio-seek.darshan; do
	b=$(basename "$f" .darshan)
	tri "$f"
	is "$(col IOL-META-BOUND 3)" high "$b: META-BOUND high (labelled material, seeks from the cache)"
	col IOL-META-BOUND 8 | grep -q "seeks, [0-9]* us each: system calls"
	ok $? "$b: META-BOUND's detail names the seeks as system calls"
	col IOL-STDIO-SHARE 8 | grep -q "small requests at random offsets, a seek each"
	ok $? "$b: STDIO-SHARE names the pattern"
done
done_testing

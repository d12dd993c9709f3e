#!/bin/sh
# IOL-RANDOM: an open's first request is no jump (issue 34, round 7).
# Darshan counts a request sequential when it starts past the last byte
# its record's previous request touched, and each open starts that
# anew, so the first request of an open is never sequential: main said
# "1000 of 1000 non-sequential" of r7-config-rewrite, whose every write
# is at offset 0 of a just-truncated file.  Up to one request an open is
# not counted.  The truth is computed by awk from `iolens parse`: POSIX
# reads, writes, sequential reads and writes, opens.  Our own cases:
# r4-stat-storm (20 passes over 1024 files, one 64-B read an open, a
# metadata storm: RANDOM ok) and r4-rand-read (random 4 KiB reads in one
# open, labelled material: RANDOM stays info, its cause).
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
jumps() { # log: requests, non-sequential ones, opens, jumps by awk
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "POSIX" {
		if ($4 == "POSIX_READS" || $4 == "POSIX_WRITES") ops += $5
		if ($4 == "POSIX_SEQ_READS" || $4 == "POSIX_SEQ_WRITES") seq += $5
		if ($4 == "POSIX_OPENS") o += $5 }
		END { ns = ops - seq; j = ns - o; if (j < 0) j = 0
		      printf "%d %d %d %d\n", ops, ns, o, j }'
}
D=$TOP/t/data
for c in round7/r7-config-rewrite:ok round4/r4-stat-storm:ok round4/r4-rand-read:info; do
	L=$D/triage-${c%%:*}.darshan
	b=$(basename "$L" .darshan)
	set -- $(jumps "$L")
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	is "$(col "$TMP/t.tsv" IOL-RANDOM 3)" "${c##*:}" "$b: RANDOM ${c##*:} (awk: $2 of $1 non-sequential, $3 opens, $4 jumps)"
	col "$TMP/t.tsv" IOL-RANDOM 8 | grep -q "^about $4 of $1 POSIX reads and writes ($(($2 - $4)) more are the first of their open)"
	ok $? "$b: the detail counts awk's $4 jumps"
done
done_testing

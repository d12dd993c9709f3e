#!/bin/sh
# IOL-STDIO-SHARE's small read calls that are library calls (issue 34,
# round 89): r89-fastq streams a 42 MB FASTQ with 800000 fgets from the
# page cache, 0.54 us a call, 82 calls a buffer's worth of bytes (over
# stdio_stream_calls): 0.312 s at stake, 26.3 % of a 1.19 s run, warn;
# the labeller called it trivial (fgets is how FASTQ is read).  Labels
# split on the pattern: r4-stdio-fgets (42-B lines, 0.28 us, 96 a
# buffer) is material.  Exempting such readers lost r4's true finding
# (rounds: tp 718 -> 717), so the verdict stays; the detail now says the
# calls are library calls copying lines that large reads would still
# find and copy, and that the stake is at most what larger calls save.
# Writers (r44-dump-text's fprintf of 24 B), parsing calls
# (r11-fscanf-50m, 5.5 us a call) and a lower stdio_libcall_us get no
# such note.  Main at 10caec2b said nothing of it.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv in $TMP/t.tsv
	l=$1
	shift
	$RUN triage "$@" --all --format tsv "$l" >"$TMP/t.tsv" 2>/dev/null
}
none() { # a pattern the STDIO-SHARE detail must not hold
	col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -qF "$1"
	[ $? -ne 0 ] && echo 0 || echo 1
}
NOTE="large reads would still find and copy each line, the stake is at most what larger calls save"
D=$TOP/t/data/triage-round89
F=$D/r89-fastq.darshan
tri "$F"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r89-fastq: STDIO-SHARE's verdict unchanged (warn)"
col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -qF "0.473 s STDIO a rank; lines read by library calls (0.54 us each, 82 a buffer): $NOTE; 0.312 s at stake, 26.3 % of the run"
ok $? "r89-fastq: the detail says its calls are library calls and the stake a bound"
tri "$TOP/t/data/triage-round4/r4-stdio-fgets.darshan"
col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -qF "(0.28 us each, 96 a buffer): $NOTE"
ok $? "r4-stdio-fgets: the same note (labelled material, stays warn)"
is "$(col "$TMP/t.tsv" IOL-STDIO-SHARE 3)" warn "r4-stdio-fgets: warn"
tri "$TOP/t/data/triage-round44/r44-dump-text.darshan"
ok "$(none "$NOTE")" "r44-dump-text: a writer's fprintf gets no note"
tri "$TOP/t/data/triage-round11/r11-fscanf-50m.darshan"
ok "$(none "$NOTE")" "r11-fscanf-50m: 5.5 us a call, a parse each: no note"
printf 'stdio_libcall_us = 0.5\n' >"$TMP/half.conf"
tri "$F" --config "$TMP/half.conf"
ok "$(none "$NOTE")" "stdio_libcall_us 0.5: r89-fastq's 0.54 us calls get no note"
done_testing

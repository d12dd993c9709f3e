#!/bin/sh
# Whole-file freads are not the STDIO layer's cost (issue 34, round 46).
# r46-mods-all: every rank fopens, freads whole and fcloses each of 1500
# module files of 1-4 KB (12008 fopens, 12000 freads, one 21-B write):
# main's STDIO-SHARE said "100 % through STDIO ... 2.7 s at stake"
# (labelled trivial); the packed twin freads the same bytes in one call
# in 0.013-0.077 s.  When every STDIO open is one read (no more calls
# than opens, no flush, at most a buffer's worth written) no call can
# grow without fewer opens: info, 0 s at stake.  Its true findings stay:
# SMALL-FILES and REDUNDANT (labelled material).  A writer reopening a
# log a line (r44-hist-reopen, STDIO-SHARE labelled material) and a
# reader of many small calls (r4-stdio-fgets) still warn.  Every log is
# ours: nothing needs ../shared.
. "$(dirname "$0")/lib.sh"
R=$TOP/t/data
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }
# awk from `iolens parse`: "opens reads writes flushes" of STDIO
sio() {
	$RUN parse "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_OPENS" || $4 == "STDIO_FDOPENS") o += $5
		if ($4 == "STDIO_READS") r += $5
		if ($4 == "STDIO_WRITES") w += $5
		if ($4 == "STDIO_FLUSHES") f += $5 }
		END { print o + 0, r + 0, w + 0, f + 0 }'
}

F=$R/triage-round46/r46-mods-all.darshan
is "$(sio "$F")" "12008 12000 1 0" "mods-all: awk: 12008 fopens, 12000 freads, 1 write, no flush"
for f in "$F" "$R"/triage-round46/reruns/r46-labels46-ab?-mods-all.darshan; do
	b=$(basename "$f" .darshan)
	tri "$f"
	is "$(col IOL-STDIO-SHARE 3)" info "$b: STDIO-SHARE info (main: warn, 2.7 s in the first run)"
	is "$(col IOL-STDIO-SHARE 10)" 0 "$b: STDIO-SHARE 0 s at stake"
	col IOL-STDIO-SHARE 8 | grep -q "each open one read"
	ok $? "$b: the detail says each open is one read"
	is "$(col IOL-SMALL-FILES 3)" warn "$b: SMALL-FILES still warns (labelled material)"
	is "$(col IOL-REDUNDANT 3)" warn "$b: REDUNDANT still warns (labelled material)"
done
F=$R/triage-round44/r44-hist-reopen.darshan
sio "$F" | awk '{ exit !($3 > 0 && $1 > 0) }'
ok $? "r44-hist-reopen: awk: a writer ($(sio "$F"))"
tri "$F"
is "$(col IOL-STDIO-SHARE 3)" warn "r44-hist-reopen: a log reopened a line, STDIO-SHARE warns (labelled material)"
F=$R/triage-round4/r4-stdio-fgets.darshan
sio "$F" | awk '{ exit !($2 > $1) }'
ok $? "r4-stdio-fgets: awk: more reads than opens ($(sio "$F"))"
tri "$F"
is "$(col IOL-STDIO-SHARE 3)" warn "r4-stdio-fgets: a line a call, STDIO-SHARE warns (labelled material)"
done_testing

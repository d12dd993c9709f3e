#!/bin/sh
# A file renamed away after a write pass leaves its name to a new file:
# its writes are successive files, not rewrites (issue 34, round 46).
# r46-status-fsync replaces status.R atomically every step (open
# status.R.tmp, a 62-B write, fsync, close, rename): POSIX_OPENS 1000 =
# RENAME_SOURCES 1000, and main counted 247320 B "rewritten", 9.7 s at
# stake (unlabelled: false; its cause is FSYNC, which stays).  The same
# reading made ckpt-rotate's ab2 rerun warn REDUNDANT (ckpt.tmp renamed
# to ckpt.STEP, 4 renames) and rename-rotate, the copy's twin, too.
# A crafted trace that rewrites one file 200 times in 4 MiB writes stays
# REDUNDANT; the same trace with a rename after each close does not;
# copy-rotate's second write of every checkpoint (labelled material)
# stays.  Every log is ours: nothing needs ../shared.
. "$(dirname "$0")/lib.sh"
R=$TOP/t/data/triage-round46
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }
# awk from `iolens parse`: "opens renames" of a file name's records
cnt() {
	$RUN parse "$1" 2>/dev/null | awk -v f="$2" '$1 == "POSIX" && $6 ~ f {
		if ($4 == "POSIX_OPENS") o += $5
		if ($4 == "POSIX_RENAME_SOURCES") r += $5 }
		END { print o + 0, r + 0 }'
}

is "$(cnt "$R/r46-status-fsync.darshan" 'status[.]0[.]tmp$')" "1000 1000" \
	"status-fsync: awk: status.0.tmp opened 1000 times, renamed away 1000 times"
for f in "$R/r46-status-fsync.darshan" "$R"/reruns/r46-labels46-ab?-status-fsync.darshan; do
	b=$(basename "$f" .darshan)
	tri "$f"
	is "$(col IOL-REDUNDANT 3)" ok "$b: REDUNDANT ok (main: warn, 9.7 s in the first run)"
	col IOL-REDUNDANT 8 | grep -q " 0 B rewritten"
	ok $? "$b: 0 B rewritten"
	is "$(col IOL-FSYNC 3)" warn "$b: FSYNC still warns (labelled material)"
done
is "$(cnt "$R/reruns/r46-labels46-ab2-ckpt-rotate.darshan" 'rot/ckpt[.]tmp$')" "16 4" \
	"ckpt-rotate ab2: awk: ckpt.tmp 16 opens of 4 ranks, 4 renames"
for f in "$R/r46-ckpt-rotate.darshan" "$R"/reruns/r46-labels46-ab?-ckpt-rotate.darshan \
	"$R"/reruns/r46-labels46-ab?-rename-rotate.darshan; do
	tri "$f"
	is "$(col IOL-REDUNDANT 3)" ok "$(basename "$f" .darshan): REDUNDANT ok (main: info or warn)"
done
for f in "$R/r46-copy-rotate.darshan" "$R"/reruns/r46-labels46-ab?-copy-rotate.darshan; do
	tri "$f"
	is "$(col IOL-REDUNDANT 3)" warn "$(basename "$f" .darshan): REDUNDANT warns (the copy, labelled material)"
done

# a crafted trace: 200 passes of open(O_TRUNC), one 4 MiB write of 20 ms,
# close; with a rename to out/state after each close, or without
trace() { # rename|rewrite
	awk -v mode="$1" 'function ts(x,  s, h, m) { s = 43200 + x; h = int(s / 3600)
		m = int((s - h * 3600) / 60); return sprintf("%02d:%02d:%09.6f", h, m, s - h * 3600 - m * 60) }
	BEGIN { for (i = 0; i < 200; i++) {
		printf "100 %s openat(AT_FDCWD, \"out/state.tmp\", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3 <0.000100>\n", ts(t); t += 0.0002
		printf "100 %s write(3, \"x\"..., 4194304) = 4194304 <0.020000>\n", ts(t); t += 0.0202
		printf "100 %s close(3) = 0 <0.000050>\n", ts(t); t += 0.0001
		if (mode == "rename")
			printf "100 %s rename(\"out/state.tmp\", \"out/state\") = 0 <0.000050>\n", ts(t)
		t += 0.005 }
		printf "100 %s +++ exited with 0 +++\n", ts(t) }' >"$TMP/$1.txt"
	$RUN convert -o "$TMP/$1.darshan" "$TMP/$1.txt" >/dev/null 2>&1
}
for m in rewrite rename; do
	trace $m
	ok $? "convert: the $m trace"
done
is "$(cnt "$TMP/rename.darshan" 'state[.]tmp$')" "200 200" "rename trace: awk: 200 opens, 200 renames"
tri "$TMP/rewrite.darshan"
is "$(col IOL-REDUNDANT 3)" warn "a file rewritten 200 times: REDUNDANT warns"
col IOL-REDUNDANT 8 | grep -q " 834666496 B rewritten"
ok $? "rewrite trace: 199 x 4 MiB rewritten"
tri "$TMP/rename.darshan"
is "$(col IOL-REDUNDANT 3)" ok "the same renamed away after each write: REDUNDANT ok (main: warn, 4.02 s)"
done_testing

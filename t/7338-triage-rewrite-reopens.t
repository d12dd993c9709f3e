#!/bin/sh
# IOL-REDUNDANT: a file rewritten pass after pass, each pass its own open,
# pays its reopens as well as its writes (issue 34, round 7): the
# reopens up to the passes rewritten (rewritten bytes over the file's
# size) take their share of the file's metadata time, where a truncated
# file's new data is written out at close.  main priced
# r7-config-rewrite's 1000 rewrites of a 2 KiB file at their 0.011 s of
# write time (labelled material, 5.39 s: "same root cause as
# META-BOUND").  The truth is computed by awk from `iolens parse`: each
# file's opens, metadata time, bytes written and highest byte written.
# Our own cases: r5-sqlite-many and its reruns (a journal rewritten
# each transaction): the store's redundant_reopen_time is awk's.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
reopens() { # log: the reopens' seconds over files, the write time, rewritten and written bytes
	$RUN parse "$1" 2>/dev/null | awk '$1 == "POSIX" && $6 !~ /\.(py|pyc|so)$/ {
		if ($4 == "POSIX_OPENS") o[$3] += $5
		if ($4 == "POSIX_F_META_TIME") m[$3] += $5
		if ($4 == "POSIX_F_WRITE_TIME") wt += $5
		if ($4 == "POSIX_BYTES_WRITTEN") { w[$3] += $5; bw += $5 }
		if ($4 == "POSIX_MAX_BYTE_WRITTEN" && (!($3 in x) || $5 > x[$3])) x[$3] = $5 }
		END { for (f in o) { rw = w[f] - 1 - x[f]
			if (o[f] < 2 || rw <= 0 || x[f] < 0 || m[f] <= 0) continue
			p = rw / (x[f] + 1); if (p > o[f] - 1) p = o[f] - 1
			s += m[f] * p / o[f]; rws += rw }
		      printf "%.6f %.6f %d %d\n", s, wt, rws, bw }'
}
L=$TOP/t/data/triage-round7/r7-config-rewrite.darshan
set -- $(reopens "$L")
want=$(awk -v r="$1" -v t="$2" -v rw="$3" -v bw="$4" 'BEGIN { printf "%.3f", t * rw / bw + r }')
ok "$(awk -v r="$1" 'BEGIN { exit !(r >= 1) }'; echo $?)" "r7-config-rewrite: awk: the reopens of $3 B rewritten take $1 s"
$RUN triage --all --format tsv "$L" >"$TMP/c.tsv" 2>/dev/null
is "$(col "$TMP/c.tsv" IOL-REDUNDANT 3)" warn "r7-config-rewrite: REDUNDANT warns (main: info)"
is "$(col "$TMP/c.tsv" IOL-REDUNDANT 10 | xargs printf '%.3f')" "$want" "r7-config-rewrite: the stake is awk's writes' share and reopens, $want s"
col "$TMP/c.tsv" IOL-REDUNDANT 8 | grep -q "$3 B rewritten ([0-9.]* s, with the reopens of the passes rewriting a file)"
ok $? "r7-config-rewrite: the detail says so"
if command -v sqlite3 >/dev/null; then
	R=$TOP/t/data/triage-round5
	for f in "$R/r5-sqlite-many.darshan" "$R"/reruns/r5-sqlite-many-*.darshan; do
		b=$(basename "$f" .darshan)
		set -- $(reopens "$f")
		rm -f "$TMP/p.db"
		$RUN ingest --db "$TMP/p.db" "$f" >/dev/null 2>&1
		got=$(sqlite3 "$TMP/p.db" "SELECT printf('%.4f', redundant_reopen_time) FROM jobs" 2>/dev/null)
		is "$got" "$(printf '%.4f' "$1")" "$b: the store's redundant_reopen_time is awk's $1 s"
	done
else
	skip "sqlite3 is not installed" 4
fi
done_testing

#!/bin/sh
# IOL-REDUNDANT and IOL-META-BOUND: a file read whole again and again,
# each pass its own open, pays its reopens (issue 34, round 126): the
# re-read bytes' share of the file's bytes read takes that share of its
# metadata time, at most the opens beyond each rank's first, POSIX's and
# STDIO's each (numpy's np.load: an open(2) and an fdopen a pass), as the
# store's redundant_reread_reopen_time.  They are told, not moved: staked
# as REDUNDANT's re-reads, they lost 5 true positives over the rounds
# (open storms labelled META-BOUND material: r4-stat-storm, r6-open-storm,
# r46-rescan-every, r79-storm-A; epochs re-reading a data set labelled
# REDUNDANT trivial: r29-dl-npy-many, r85-imgfiles).  So REDUNDANT's detail
# gives the passes' reopens as META-BOUND's, and META-BOUND's how much of
# its metadata they are (r126-mcrecheck: main said neither).  The truth
# is computed by awk from `iolens parse`.  An input each rank opens once
# (r26-deck-all) pays no reopen.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
rereopens() { # log: the re-read passes' reopen seconds over files
	$RUN parse "$1" 2>/dev/null | awk '
	/^# nprocs: / { np = $3 }
	($1 == "POSIX" || $1 == "STDIO") && $6 !~ /\.(py|pyc|so)$/ {
		k = $1 " " $3; m_ = $1 "_"
		if ($4 == m_ "OPENS") { o[k] += $5; r[k] += $2 < 0 ? np : 1 }
		if ($4 == m_ "F_META_TIME") t[k] += $5
		if ($4 == m_ "BYTES_READ") b[k] += $5
		if ($4 == m_ "MAX_BYTE_READ" && (!(k in x) || $5 > x[k])) x[k] = $5 }
	END { for (k in o) { rr = b[k] - 1 - x[k]
		if (o[k] <= r[k] || rr <= 0 || b[k] <= 0 || t[k] <= 0) continue
		sh = (o[k] - r[k]) / o[k]; if (rr / b[k] < sh) sh = rr / b[k]
		s += t[k] * sh }
	      printf "%.4f\n", s }'
}
L=$TOP/t/data/triage-round126/r126-mcrecheck.darshan
want=$(rereopens "$L")
w3=$(printf '%.3f' "$want")
ok "$(awk -v r="$want" 'BEGIN { exit !(r >= 0.3) }'; echo $?)" "r126-mcrecheck: awk: the re-read passes' reopens take $want s"
$RUN triage --all --format tsv "$L" >"$TMP/m.tsv" 2>/dev/null
col "$TMP/m.tsv" IOL-REDUNDANT 8 | grep -q "data re-read ([0-9.]* s; its passes' reopens $w3 s: META-BOUND's;"
ok $? "r126-mcrecheck: REDUNDANT's detail gives the passes' reopens, $w3 s, as META-BOUND's"
is "$(col "$TMP/m.tsv" IOL-REDUNDANT 10 | xargs printf '%.3f')" 0.049 "r126-mcrecheck: REDUNDANT's stake stays the re-read bytes' 0.049 s"
col "$TMP/m.tsv" IOL-META-BOUND 8 | grep -q "; $w3 s of it the opens of passes re-reading whole files (IOL-REDUNDANT's re-reads); [0-9.]* s at stake"
ok $? "r126-mcrecheck: META-BOUND's detail says $w3 s of it are the re-reading passes' opens"
is "$(col "$TMP/m.tsv" IOL-META-BOUND 3)" high "r126-mcrecheck: META-BOUND keeps its verdict"
# each rank's one open of a shared input is no reopen: nothing told
D=$TOP/t/data/triage-round26/r26-deck-all.darshan
is "$(rereopens "$D")" "0.0000" "r26-deck-all: awk: no re-read pass reopens a file"
$RUN triage --all --format tsv "$D" >"$TMP/d.tsv" 2>/dev/null
col "$TMP/d.tsv" IOL-REDUNDANT 8 | grep -q "passes' reopens"
is $? 1 "r26-deck-all: REDUNDANT's detail tells no reopens"
if command -v sqlite3 >/dev/null; then
	rm -f "$TMP/p.db"
	$RUN ingest --db "$TMP/p.db" "$L" >/dev/null 2>&1
	got=$(sqlite3 "$TMP/p.db" "SELECT printf('%.4f', redundant_reread_reopen_time) FROM jobs" 2>/dev/null)
	is "$got" "$want" "r126-mcrecheck: the store's redundant_reread_reopen_time is awk's $want s"
else
	skip "sqlite3 is not installed" 1
fi
done_testing

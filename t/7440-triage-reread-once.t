#!/bin/sh
# IOL-REDUNDANT: each rank reading a shared input once through STDIO is
# judged by the impact floors, not as a true re-read (issue 34, round
# 26).  r26-reread-once's 4 ranks each fopen and fread a 32 MiB file
# once (one shared STDIO record: 4 opens, BYTES_READ 4 x the file):
# main warned "100663296 B moved again ... 0.354 s at stake, 33.5 % of
# the run" as the structural pattern; round 26's expert labelled the
# same pattern trivial in r26-deck-all ("read once and broadcast" is the
# question).  Now it must pass min_stake_s too: info at 0.35 s, a warn
# when the absolute floor is lowered under its stake.  A rank reading
# its bytes again (r26-reread-each: 60 fopens a rank) stays structural.
# The store's redundant_once_bytes is awk's, over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round26
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
once() { # log: awk's bytes of one pass a rank beyond the file's one pass
	$RUN parse "$1" 2>/dev/null | awk '
	/^# nprocs:/ { np = $3 }
	$1 == "STDIO" && $3 != "" {
		if ($4 == "STDIO_OPENS") o[$3] = $5
		if ($4 == "STDIO_BYTES_READ") br[$3] = $5
		if ($4 == "STDIO_MAX_BYTE_READ") mr[$3] = $5
		if ($4 == "STDIO_OPENS") rk[$3] = $2 }
	END {
		for (k in br) {
			if (br[k] <= 0) continue
			ranks = rk[k] < 0 && np > 1 ? np : 1
			if (o[k] > ranks) ranks = 1
			pass = (mr[k] + 1) * ranks
			pass = br[k] < pass ? br[k] : pass
			if (pass > mr[k] + 1) n += pass - mr[k] - 1
		}
		printf "%d\n", n
	}'
}
printf 'min_stake_s = 0.1\n' >"$TMP/low.conf"
for f in "$D"/reruns/r26-ab1-reread-once.darshan "$D"/reruns/r26-ab2-reread-once.darshan; do
	b=$(basename "$f" .darshan)
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col "$TMP/t.tsv" IOL-REDUNDANT 3)" info "$b: REDUNDANT info (main: warn, structural)"
	col "$TMP/t.tsv" IOL-REDUNDANT 8 | grep -q '^100663296 B moved again.*(below the impact floor: under min_stake_s)'
	ok $? "$b: the 3 extra passes are still counted, under min_stake_s"
	s=$(col "$TMP/t.tsv" IOL-REDUNDANT 11)
	ok "$(awk -v s="$s" 'BEGIN { exit !(s >= 5) }'; echo $?)" "$b: over min_stake_pct ($s %): only the absolute floor holds it"
	$RUN triage --all --format tsv --config "$TMP/low.conf" "$f" >"$TMP/l.tsv" 2>/dev/null
	is "$(col "$TMP/l.tsv" IOL-REDUNDANT 3)" warn "$b: min_stake_s = 0.1: warn (judged by the floors, not dropped)"
done
for f in "$D"/r26-reread-each.darshan "$D"/reruns/r26-ab1-reread-each.darshan "$D"/reruns/r26-ab2-reread-each.darshan; do
	b=$(basename "$f" .darshan)
	is "$(once "$f")" 0 "$b: awk: no one-pass-a-rank bytes (60 fopens a rank)"
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col "$TMP/t.tsv" IOL-REDUNDANT 3)" warn "$b: true re-reads: REDUNDANT warns"
done
if command -v sqlite3 >/dev/null; then
	for f in "$D"/reruns/r26-ab1-reread-once.darshan "$D"/r26-reread-each.darshan "$D"/r26-deck-all.darshan; do
		b=$(basename "$f" .darshan)
		want=$(once "$f")
		rm -f "$TMP/p.db"
		$RUN ingest --db "$TMP/p.db" "$f" >/dev/null 2>&1
		got=$(sqlite3 "$TMP/p.db" "SELECT redundant_once_bytes FROM jobs" 2>/dev/null)
		is "$got" "$want" "$b: the store's redundant_once_bytes is awk's $want"
	done
	is "$(once "$D"/reruns/r26-ab1-reread-once.darshan)" 100663296 "r26-ab1-reread-once: awk: 3 passes of 32 MiB"
else
	skip "sqlite3 is not installed" 4
fi
done_testing

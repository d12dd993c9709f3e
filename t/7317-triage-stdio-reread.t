#!/bin/sh
# IOL-REDUNDANT counts re-reads through STDIO as it counts POSIX's (issue
# 34, round 4): r4-stdio-bulk fwrites 256 MiB and freads it twice, STDIO
# BYTES_READ = 2 x (MAX_BYTE_READ + 1), and the rule said "not evaluated:
# no POSIX bytes", the one root cause main missed in round 4.  The truth
# is computed by awk from `iolens parse`: per file, STDIO's bytes read
# beyond its highest byte read + 1, less what the file's POSIX records
# re-read already (a byte both layers saw counts once), programs' code
# (.py, .so) left out.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round4
truth() { # log: re-read bytes through STDIO beyond POSIX's
	$RUN parse "$1" | awk '
	($1 == "STDIO" || $1 == "POSIX") && $6 !~ /\.(py|pyc|pyo|so)$|\.so\.[0-9.]+$/ {
		k = $1 " " $3; f[$3] = 1
		if ($4 == $1 "_BYTES_READ") br[k] += $5
		if ($4 == $1 "_MAX_BYTE_READ" && (!(k in mr) || $5 > mr[k])) mr[k] = $5
	}
	function rr(k) { return (k in mr) && mr[k] >= 0 && br[k] > mr[k] + 1 ? br[k] - mr[k] - 1 : 0 }
	END {
		for (id in f) { x = rr("STDIO " id) - rr("POSIX " id); if (x > 0) s += x }
		printf "%d\n", s
	}'
}
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
B=$D/r4-stdio-bulk.darshan
want=$(truth "$B")
is "$want" 268435456 "r4-stdio-bulk: the awk truth is the 256 MiB read a second time"
rt=$($RUN parse "$B" | awk '$4 == "STDIO_F_READ_TIME" || $4 == "POSIX_F_READ_TIME" { t += $5 } END { printf "%.3f\n", t * 268435456 / 536870912 }')
$RUN triage --all --format tsv "$B" >"$TMP/b.tsv" 2>/dev/null
is "$(col "$TMP/b.tsv" IOL-REDUNDANT 3)" warn "REDUNDANT warns (was not evaluated: no POSIX bytes)"
col "$TMP/b.tsv" IOL-REDUNDANT 8 | grep -q "of data re-read (0.130 s; $want B through STDIO)"
ok $? "the detail counts the STDIO re-reads"
is "$(col "$TMP/b.tsv" IOL-REDUNDANT 10 | xargs printf '%.3f')" "$rt" "the stake: the read time's re-read share ($rt s)"
if command -v sqlite3 >/dev/null; then
	$RUN ingest --db "$TMP/p.db" "$B" >/dev/null 2>&1
	is "$(sqlite3 "$TMP/p.db" 'SELECT redundant_stdio_bytes FROM jobs')" "$want" "the store: redundant_stdio_bytes"
	$RUN triage --db "$TMP/p.db" --top all --format tsv >"$TMP/d.tsv" 2>/dev/null
	awk -F'\t' 'NR > 1 { print $12 }' "$TMP/d.tsv" | grep -q "IOL-REDUNDANT"
	ok $? "triage --db: the job is flagged for REDUNDANT"
	cp "$TMP/p.db" "$TMP/old.db"
	if sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN redundant_stdio_bytes' 2>/dev/null; then
		$RUN triage --db "$TMP/old.db" 2>&1 | tr '\n' ' ' | grep -q "the store lacks redundant_stdio_bytes: rules reading them judge without them, or are not evaluated where they need them (iolens ingest --refresh)"
		ok $? "a store without redundant_stdio_bytes says so, and the command"
	else
		skip "sqlite3 cannot drop a column"
	fi
else
	skip "sqlite3 is not installed" 3
fi
# reading once through STDIO is no re-read (3M fgets of a CSV)
is "$(truth "$D/r4-stdio-fgets.darshan")" 0 "r4-stdio-fgets: awk finds no re-read"
$RUN triage --all --format tsv "$D/r4-stdio-fgets.darshan" >"$TMP/f.tsv" 2>/dev/null
is "$(col "$TMP/f.tsv" IOL-REDUNDANT 3)" ok "r4-stdio-fgets: REDUNDANT ok"

# a byte both layers saw counts once (t/unit/reread-layers: an in-memory
# job, since iolens writes no STDIO module): both.dat read twice through
# POSIX and twice through STDIO is 1 MiB re-read, not 2; stdio.dat read
# three times through STDIO alone 2 MiB; more.dat once through POSIX and
# twice through STDIO 1 MiB
U=$TOP/t/unit/reread-layers
if [ -x "$U" ]; then
	is "$("$U" | tr '\n' ' ')" "redundant_bytes 1048576 redundant_stdio 3145728 redundant_file /d/stdio.dat " \
		"both layers: each re-read byte once, STDIO's beyond POSIX's, STDIO alone"
else
	skip "t/unit/reread-layers is not built"
fi

# a case of our own: a population job whose 2 ranks each fread the same
# 285-byte configuration beside 192 MiB of POSIX re-reads
if [ -d "$SHARED/corpus" ]; then
	P=$(ls "$SHARED"/corpus/population/logs/dave_readmostly_id3138-*.darshan)
	want=$(truth "$P")
	is "$want" 285 "dave_readmostly: the awk truth is 285 B"
	$RUN triage --all --format tsv "$P" >"$TMP/p.tsv" 2>/dev/null
	col "$TMP/p.tsv" IOL-REDUNDANT 8 | grep -q "; $want B through STDIO)"
	ok $? "dave_readmostly: the detail counts them"
	posix=$($RUN parse "$P" | awk '$1 == "POSIX" { k = $3; if ($4 == "POSIX_BYTES_READ") br[k] += $5; if ($4 == "POSIX_MAX_BYTE_READ" && $5 > mr[k]) mr[k] = $5;
		if ($4 == "POSIX_BYTES_WRITTEN") bw[k] += $5; if ($4 == "POSIX_MAX_BYTE_WRITTEN" && $5 > mw[k]) mw[k] = $5 }
		END { for (k in br) if (br[k] > mr[k] + 1) s += br[k] - mr[k] - 1; for (k in bw) if (bw[k] > mw[k] + 1) s += bw[k] - mw[k] - 1; printf "%d\n", s }')
	col "$TMP/p.tsv" IOL-REDUNDANT 8 | grep -q "^$((posix + want)) B moved again"
	ok $? "dave_readmostly: POSIX's $posix B and STDIO's, each once"
else
	skip "../shared is not present" 3
fi
done_testing

#!/bin/sh
# jobs in the machine formats writes each number with its length known,
# not measured (issue 38: strlen of 250 million numbers was 7 % of a
# million rows of CSV): every integer of the store is the bytes sqlite3
# prints, every real reads back as the stored double (awk's strtod
# against sqlite3's ieee754()), and CSV, TSV and JSON hold the same numbers
# in the same order.  The stored double is sqlite3's ieee754(m, e), m x 2^e
# exactly (its printf rounds %.17g to 16 digits).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
DB=$TMP/s.db
"$IOLENS" ingest --db "$DB" "$TOP"/sample-logs >/dev/null 2>&1
n=$(sqlite3 "$DB" "SELECT count(*) FROM jobs")
[ "${n:-0}" -gt 10 ]
ok $? "a store of the sample logs ($n jobs)"

$RUN jobs --db "$DB" --format csv >"$TMP/j.csv" 2>"$TMP/err"
ok $? "jobs --format csv exits 0"
# column positions by name, from the header
col() { awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) print i }' "$TMP/j.csv"; }
for c in id nprocs bytes_read bytes_written; do
	k=$(col "$c")
	awk -F, -v k="$k" 'NR > 1 { print $k }' "$TMP/j.csv" >"$TMP/got"
	sqlite3 "$DB" "SELECT ifnull($c, '') FROM jobs ORDER BY id" >"$TMP/want"
	cmp -s "$TMP/got" "$TMP/want"
	ok $? "integer column $c: sqlite3's bytes"
done
for c in run_time mib_s start_time md_cost_pct; do
	k=$(col "$c")
	awk -F, -v k="$k" 'NR > 1 { print $k }' "$TMP/j.csv" >"$TMP/got"
	sqlite3 "$DB" "SELECT CASE WHEN $c IS NULL THEN '' ELSE ieee754($c) END FROM jobs ORDER BY id" |
		tr '(),' '   ' >"$TMP/want"
	bad=$(paste -d' ' "$TMP/got" "$TMP/want" |
		awk '{ if (NF == 4 ? $1 + 0 != $3 * 2 ^ $4 || $1 !~ /^-?[0-9]/ : NF != 0) n++ }
			END { print n + 0 }')
	is "$bad" "0" "real column $c: each reads back as the stored double"
done

# the same numbers in TSV and JSON (no field of these holds a comma)
$RUN jobs --db "$DB" --format tsv >"$TMP/j.tsv"
k1=$(col id)
k2=$(col mib_s)
is "$(awk -F'\t' -v a="$k1" -v b="$k2" '{ print $a, $b }' "$TMP/j.tsv")" \
	"$(awk -F, -v a="$k1" -v b="$k2" '{ print $a, $b }' "$TMP/j.csv")" "TSV: the CSV's id and mib_s"
$RUN jobs --db "$DB" --format json >"$TMP/j.json"
is "$(grep -o '"mib_s":[^,}]*' "$TMP/j.json" | cut -d: -f2 | sed 's/^null$//')" \
	"$(awk -F, -v b="$k2" 'NR > 1 { print $b }' "$TMP/j.csv")" "JSON: the CSV's mib_s"
done_testing

#!/bin/sh
# iolens context on the population corpus: the scope (earlier jobs of the
# same app, user and nprocs) has as many jobs as manifest.tsv runs of that
# configuration before it; percentiles and p10/median/p90 equal what awk
# computes from the stored values of those jobs; the verdict follows the
# stated rule (a job made 1000x faster is "unusually high"); a first job
# has too few earlier jobs; a log outside the store is decoded.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan
M=$POP/manifest.tsv

# the 30th run of c01 (alice ckpt-n1, 4 processes) in the manifest's order
f=$(awk -F'\t' '$8 == "c01" { if (++n == 30) print $2 }' "$M")
before=$(awk -F'\t' -v f="$f" '$2 == f { exit } $8 == "c01" { n++ } END { print n }' "$M")
is "$before" 29 "manifest: 29 c01 runs before it"
$RUN context --db "$DB" --format=csv "$POP/logs/$f" >"$TMP/c.csv" 2>"$TMP/err"
ok $? "context exits 0"
is "$(awk -F, 'NR == 2 { print $2 "|" $3 }' "$TMP/c.csv")" \
	"app=ckpt-n1 user=alice nprocs=4|$before" "scope: same app, user, nprocs; $before earlier jobs"
for m in mib_s pct_io_time_slowest md_cost_pct; do
	start=$(sqlite3 "$DB" "SELECT start_time FROM jobs WHERE path = '$POP/logs/$f'")
	v=$(sqlite3 "$DB" "SELECT $m FROM jobs WHERE path = '$POP/logs/$f'")
	want=$(sqlite3 "$DB" "SELECT $m FROM jobs WHERE app = 'ckpt-n1' AND user = 'alice' AND nprocs = 4
		AND partial = 0 AND start_time < $start ORDER BY 1" | awk -v x="$v" '
		function q(p) { h = (n - 1) * p; i = int(h); return i + 1 >= n ? s[n - 1] : s[i] + (h - i) * (s[i + 1] - s[i]) }
		{ s[NR - 1] = $1; if ($1 < x) b++; if ($1 == x) e++ }
		END { n = NR; printf "%d %.6f %.6f %.6f %.6f", n, 100 * (b + e / 2) / n, q(0.1), q(0.5), q(0.9) }')
	got=$(awk -F, -v m="$m" '$4 == m { printf "%d %.6f %.6f %.6f %.6f", $6, $7, $10, $11, $12 }' "$TMP/c.csv")
	is "$got" "$want" "$m: n, percentile, p10, median, p90 = awk over the earlier jobs"
done

# the rule: outside p5-p95 of >= 10 earlier jobs
sqlite3 "$DB" "UPDATE jobs SET mib_s = mib_s * 1000, md_cost_pct = 0 WHERE path = '$POP/logs/$f'"
$RUN context --db "$DB" --format=csv "$POP/logs/$f" >"$TMP/c2.csv"
is "$(awk -F, '$4 == "mib_s" { print $15 }' "$TMP/c2.csv")" "unusually high" "1000x MiB/s: unusually high"
md=$(awk -F, '$4 == "md_cost_pct" { print $11 }' "$TMP/c2.csv")
is "$(awk -F, '$4 == "md_cost_pct" { print $15 }' "$TMP/c2.csv")" "normal" \
	"no metadata cost, $md points under the median: normal (a difference under 1 point is no news)"
sqlite3 "$DB" "UPDATE jobs SET mib_s = mib_s / 1000000 WHERE path = '$POP/logs/$f'"
$RUN context --db "$DB" --format=csv "$POP/logs/$f" >"$TMP/c4.csv"
is "$(awk -F, '$4 == "mib_s" { print $15 }' "$TMP/c4.csv")" "unusually low" "1/1000 of the MiB/s: unusually low"
is "$(awk -F, '$4 == "files" { print $15 }' "$TMP/c2.csv")" "normal" "same files: normal"
$RUN context --db "$DB" "$POP/logs/$f" >"$TMP/c.txt"
tr '\n' ' ' < "$TMP/c.txt" | grep -q "rule: unusual when outside p5-p95 of at least 10 earlier jobs"
ok $? "text states the rule"

# the first dd job has no earlier jobs
f1=$(awk -F'\t' '$8 == "c07" { print $2; exit }' "$M")
$RUN context --db "$DB" --format=csv "$POP/logs/$f1" >"$TMP/c3.csv"
is "$(awk -F, 'NR > 1 { print $3 "," $15 }' "$TMP/c3.csv" | sort -u)" "0,too few earlier jobs" \
	"first dd job: too few earlier jobs"

# a log outside the store is decoded like summary
log=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan | head -1)
want=$($IOLENS summary --format=csv "$log" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } { print $h["mib_s"] }')
got=$($RUN context --db "$DB" --format=csv "$log" | awk -F, '$4 == "mib_s" { print $5 }')
is "$got" "$want" "log outside the store: its MiB/s as summary computes it"
$RUN context --db "$DB" "$TMP/nope.darshan" 2>"$TMP/err"
is $? 1 "missing log: exit 1"
$RUN context --db "$DB" >/dev/null 2>&1
is $? 2 "no log: usage error"
done_testing

#!/bin/sh
# iolens compare (issue 35, 4): on the store of t/pop/trendstore.sh,
# before and after 2026-04-01, ckpt's MiB/s/CN is half (lower, beyond its
# run-to-run noise) and ior's and wrf's are within their noise; keys of
# one side only are counted; too few jobs give no verdict.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/trendstore.sh"
DB=$TMP/t.db
trendstore_build "$DB"
B='start_time < 1775001600'
A='start_time >= 1775001600'

$RUN compare --db "$DB" --before "$B" --after "$A" --format csv >"$TMP/c.csv" 2>"$TMP/err"
ok $? "compare --format csv exits 0"
is "$(head -1 "$TMP/c.csv")" \
	"group,jobs_before,jobs_after,median_before,median_after,mean_before,mean_after,change_pct,noise_pct,cohen_d,verdict" \
	"CSV columns"
is "$(awk -F, 'NR > 1 { printf "%s:%s ", $1, $11 }' "$TMP/c.csv")" \
	"ckpt:lower ior:within noise wrf:within noise " \
	"ckpt lower beyond the noise; ior and wrf within it"
is "$(awk -F, '$1 == "ckpt" { printf "%d %d %.1f %.1f %.1f", $2, $3, $6, $7, $8 }' "$TMP/c.csv")" \
	"24 24 400.0 200.0 -50.0" "ckpt: 24 jobs a side, mean 400 then 200 MiB/s/CN, -50 %"
is "$(awk -F, '$1 == "ckpt" { print ($10 < -2) }' "$TMP/c.csv")" "1" "ckpt: Cohen's d beyond -2"
is "$(awk -F, '$1 == "ior" { printf "%.1f", $8 }' "$TMP/c.csv")" "0.0" "ior: no change of the mean"
is "$(awk -F, '$1 == "ior" { print ($9 > 3 && $9 < 10) }' "$TMP/c.csv")" "1" \
	"ior: noise (pooled sd / mean) between 3 and 10 % (+-10 % spread, +-3 % drift)"

$RUN compare --db "$DB" --before "$B" --after "$A" --by user --format csv >"$TMP/u.csv"
is "$(awk -F, '$11 == "lower" { print $1 }' "$TMP/u.csv")" "u2" "--by user: ckpt's user"

# the same split with a month only after: 8 jobs a side are enough
$RUN compare --db "$DB" --before "$B" --after 'start_time >= 1780272000' --format csv >"$TMP/m.csv"
is "$(awk -F, '$1 == "ckpt" { print $3, $11 }' "$TMP/m.csv")" "8 lower" "8 jobs after: still lower"
# one job after: too few for a verdict
$RUN compare --db "$DB" --before "$B" --after "$A AND id % 8 = 1 AND start_time < 1777593600" \
	--format csv >"$TMP/f.csv"
is "$(awk -F, '$1 == "ckpt" { print $3, $11 }' "$TMP/f.csv")" "1 too few jobs" "1 job after: too few jobs"

sqlite3 "$DB" "INSERT INTO jobs (id, path, app, start_time, mib_s_per_node) VALUES (1001, '/l/n1', 'newapp', 1780272000, 5)"
$RUN compare --db "$DB" --before "$B" --after "$A" >"$TMP/c.txt"
grep -q "^ckpt .* lower *$" "$TMP/c.txt"
ok $? "text: ckpt lower"
grep -q "0 apps with jobs only before, 1 only after" "$TMP/c.txt"
ok $? "text: an app with jobs after only is counted, not compared"
! grep -q "^newapp" "$TMP/c.txt"
ok $? "and not listed"

$RUN compare --db "$DB" --before "$B" >/dev/null 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" "2 iolens compare: no --after given" "no --after: usage error"
$RUN compare --db "$DB" --before "nosuch > 1" --after "$A" >/dev/null 2>"$TMP/err"
is "$?" "2" "bad --before: usage error"
grep -q "bad --before" "$TMP/err"
ok $? "and says which"
$RUN compare --db "$DB" --before "1; DROP TABLE jobs" --after "$A" >/dev/null 2>&1
is "$? $(sqlite3 "$DB" 'SELECT count(*) > 0 FROM jobs')" "2 1" "--before with ';' is refused, the store untouched"

done_testing

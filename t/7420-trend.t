#!/bin/sh
# iolens trend (issue 35, 4): on a store whose truth is known
# (t/pop/trendstore.sh: ckpt's MiB/s/CN halves from 2026-04-01, ior and
# wrf only drift within their noise), the one period marked is ckpt's
# April, lower; counts, core-hours, bytes and the flagged share are
# those the store was built with; weeks start on Monday.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/trendstore.sh"
DB=$TMP/t.db
trendstore_build "$DB"

$RUN trend --db "$DB" --format csv >"$TMP/t.csv" 2>"$TMP/err"
ok $? "trend --format csv exits 0"
is "$(head -1 "$TMP/t.csv")" \
	"group,period,jobs,core_hours,bytes,mib_s_per_node_p25,mib_s_per_node_median,mib_s_per_node_p75,change_pct,md_cost_pct_median,flagged_pct,mark" \
	"CSV columns"
is "$(awk -F, 'NR > 1 && $12 != "" { print $1, $2, $12 }' "$TMP/t.csv")" "ckpt 2026-04 lower" \
	"the one period marked: ckpt's April, lower (not the others' drift of up to 6 %)"
is "$(awk -F, 'NR > 1 { n++; j += $3 } END { print n, j }' "$TMP/t.csv")" "18 144" \
	"3 apps x 6 months, 144 jobs"
is "$(awk -F, '$1 == "ior" && $2 == "2026-01" { print $3, $4, $5 }' "$TMP/t.csv")" "8 512 25165824" \
	"8 jobs of 64 processes for an hour: 512 core-hours; 3 MiB each"
is "$(awk -F, '$1 == "ckpt" && $2 == "2026-04" { printf "%.1f %.1f", $7, $9 }' "$TMP/t.csv")" "194.0 -51.5" \
	"ckpt's April: median 194 MiB/s/CN, 51.5 % under March's 400"
is "$(awk -F, '$1 == "wrf" { printf "%s ", $11 }' "$TMP/t.csv")" "0 0 0 100 100 100 " \
	"flagged share: wrf's small-file storms from April (IOL-SMALL-FILES)"
is "$(awk -F, '$1 == "wrf" && $2 == "2026-01" { print $10 }' "$TMP/t.csv")" "43.5" \
	"metadata share: the median md_cost_pct"

# one fast outlier in a month does not move the quartiles: no mark
sqlite3 "$DB" "UPDATE jobs SET mib_s_per_node = 5000 WHERE id = 35"
$RUN trend --db "$DB" --format csv >"$TMP/o.csv"
is "$(awk -F, 'NR > 1 && $12 != "" { print $1, $2, $12 }' "$TMP/o.csv")" "ckpt 2026-04 lower" \
	"an outlier job (5000 MiB/s/CN in ior's May) marks nothing"

# the population report's page "What changed": ckpt month by month, April
# marked; the apps without a mark not listed
if command -v pdftotext >/dev/null; then
	$RUN population-report --db "$DB" -o "$TMP/p.pdf" 2>/dev/null
	pdftotext -layout "$TMP/p.pdf" - | sed -n '/What changed/,$p' >"$TMP/p.txt"
	is "$(awk '$1 == "ckpt" || $1 == "ior" || $1 == "wrf" { printf "%s %s %s,", $1, $2, $NF }' "$TMP/p.txt")" \
		"ckpt 2026-01 -,ckpt 2026-02 6.2,ckpt 2026-03 -2.9,ckpt 2026-04 lower,ckpt 2026-05 6.2,ckpt 2026-06 -2.9," \
		"population-report, What changed: ckpt's months, April marked lower, no other app"
else
	skip "pdftotext is not installed"
fi

$RUN trend --db "$DB" >"$TMP/t.txt"
grep -q "^ckpt  *2026-04 .* lower *$" "$TMP/t.txt"
ok $? "text: ckpt's April marked lower"
grep -q "p25-p75 ranges" "$TMP/t.txt"
ok $? "text: states the test"

$RUN trend --db "$DB" --every week --by user --format csv >"$TMP/w.csv"
is "$(awk -F, 'NR == 2 { print $1, $2 }' "$TMP/w.csv")" "u1 2025-12-29" \
	"--every week: named by their Monday (2026-01-02 is in the week of 2025-12-29)"
is "$(awk -F, 'NR > 1 { j += $3 } END { print j }' "$TMP/w.csv")" "144" "every job in a week"
is "$(awk -F, 'NR > 1 && $12 != ""' "$TMP/w.csv" | wc -l | tr -d ' ')" "0" \
	"weeks of 2 or 3 jobs: too few to mark"

$RUN trend --db "$DB" --by project --format json >"$TMP/t.json"
ok $? "--format json exits 0"
is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
	print join ",", map { "$_->{group} $_->{period}" } grep { $_->{mark} ne "" } @$j' <"$TMP/t.json" 2>&1)" \
	"p2 2026-04" "JSON: --by project marks ckpt's project"

sqlite3 "$DB" "INSERT INTO jobs (id, path, app, start_time) VALUES (999, '/l/x', 'ior', NULL)"
$RUN trend --db "$DB" >"$TMP/u.txt"
grep -q "1 job without a start time left out" "$TMP/u.txt"
ok $? "a job without a start time is counted, not placed"

# periods at their edges, in UTC: the last second of 2025 and the first
# of 2026, a leap day, a second before the epoch
Y=$TMP/y.db
sqlite3 "$Y" "CREATE TABLE jobs (id INTEGER PRIMARY KEY, path TEXT, app TEXT, start_time REAL);
INSERT INTO jobs VALUES (1, 'a', 'x', 1767225599), (2, 'b', 'x', 1767225600), (3, 'c', 'x', 951782400), (4, 'd', 'x', -1)"
is "$($RUN trend --db "$Y" --format csv | awk -F, 'NR > 1 { printf "%s:%s ", $2, $3 }')" \
	"1969-12:1 2000-02:1 2025-12:1 2026-01:1 " "months: 2025-12-31 23:59:59 and 2026-01-01 00:00:00 apart"
is "$($RUN trend --db "$Y" --every week --format csv | awk -F, 'NR > 1 { printf "%s:%s ", $2, $3 }')" \
	"1969-12-29:1 2000-02-28:1 2025-12-29:2 " "weeks: from Monday, across a year's end, before the epoch"

$RUN trend --db "$DB" --by nprocs >/dev/null 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" "2 iolens trend: --by wants app, user or project, not 'nprocs'" "--by nprocs: usage error"
$RUN trend --db "$DB" --every day >/dev/null 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" "2 iolens trend: --every wants month or week, not 'day'" "--every day: usage error"

done_testing

#!/bin/sh
# trend sums the rows as they load, none kept (issue 38: ten million
# rows held 2.4 GB): on 8,120 jobs spread over months, every app's and
# month's jobs, bytes, core-hours and count of MiB/s/CN values are
# those sqlite3 counts from the store; a job without an app and one
# whose app is '' share the group "" (one row, not two); periods come
# sorted by app then month; the jobs without a start time are counted,
# not placed; and trend over --where equals the rows of the store cut
# to them.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
eval "$(sed -n '/^grow_jobs()/,/^}/p' "$TOP/bench/env.sh")"
DB=$TMP/g.db
popstore_build "$DB" "$POP"/logs/*.darshan
grow_jobs "$DB" 8120
# hours apart: 8120 jobs over about 20 days; spread them over months
sqlite3 "$DB" "UPDATE jobs SET start_time = start_time + (id % 7) * 2678400;
	UPDATE jobs SET app = NULL WHERE id % 97 = 1;
	UPDATE jobs SET app = '' WHERE id % 89 = 2;
	UPDATE jobs SET start_time = NULL WHERE id % 101 = 3"

$RUN trend --db "$DB" --format csv >"$TMP/t.csv" 2>"$TMP/err"
ok $? "trend --format csv exits 0"
# group,period,jobs,core_hours,bytes: from the CSV and from SQL
awk -F, 'NR > 1 { printf "%s|%s|%d|%.3f|%d\n", $1, $2, $3, $4, $5 }' \
	"$TMP/t.csv" >"$TMP/got"
sqlite3 "$DB" "SELECT ifnull(app, ''), strftime('%Y-%m', start_time, 'unixepoch'),
	count(*), printf('%.3f', total(CASE WHEN nprocs IS NOT NULL AND run_time IS NOT NULL
		THEN nprocs * run_time / 3600.0 END)),
	total(ifnull(bytes_read, 0) + ifnull(bytes_written, 0))
	FROM jobs WHERE start_time IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2" |
	awk -F'|' '{ printf "%s|%s|%d|%s|%d\n", $1, $2, $3, $4, $5 }' >"$TMP/want"
[ "$(grep -c . "$TMP/want")" -gt 30 ]
ok $? "the store holds more than 30 app-months ($(grep -c . "$TMP/want"))"
cmp -s "$TMP/got" "$TMP/want"
ok $? "each app-month: jobs, core-hours, bytes as SQL counts them, sorted"
[ $? -eq 0 ] || diff "$TMP/want" "$TMP/got" | head -5 | sed 's/^/# /'
is "$(awk -F, 'NR > 1 && $1 == "" && $2 == "2026-11"' "$TMP/t.csv" | wc -l | tr -d ' ')" "1" \
	"no app and app '' are one group: one row for a month"

# MiB/s/CN: the median of one app-month, as SQL orders the values
app=$(awk -F, 'NR > 1 && $1 != "" && $6 != "" { print $1; exit }' "$TMP/t.csv")
per=$(awk -F, 'NR > 1 && $1 != "" && $6 != "" { print $2; exit }' "$TMP/t.csv")
med=$(sqlite3 "$DB" "WITH v AS (SELECT mib_s_per_node x FROM jobs WHERE ifnull(app, '') = '$app'
	AND strftime('%Y-%m', start_time, 'unixepoch') = '$per' AND mib_s_per_node IS NOT NULL),
	o AS (SELECT x, row_number() OVER (ORDER BY x) r, count(*) OVER () n FROM v)
	SELECT printf('%.4f', CASE WHEN n % 2 THEN (SELECT x FROM o WHERE r = (n + 1) / 2)
		ELSE ((SELECT x FROM o WHERE r = n / 2) + (SELECT x FROM o WHERE r = n / 2 + 1)) / 2 END)
	FROM o LIMIT 1")
[ -n "$med" ]
ok $? "SQL's median of $app in $per: $med"
is "$(awk -F, -v a="$app" -v p="$per" '$1 == a && $2 == p { printf "%.4f", $7 }' "$TMP/t.csv")" \
	"$med" "the median MiB/s/CN of $app in $per is SQL's"

$RUN trend --db "$DB" >"$TMP/t.txt" 2>&1
undated=$(sqlite3 "$DB" "SELECT count(*) FROM jobs WHERE start_time IS NULL")
grep -q "$undated jobs* without a start time" "$TMP/t.txt"
ok $? "text: the $undated undated jobs counted"
[ $? -eq 0 ] || grep -i 'start time' "$TMP/t.txt" | sed 's/^/# /'

# --where: the same rows as a store of those jobs alone
cp "$DB" "$TMP/cut.db"
sqlite3 "$TMP/cut.db" "DELETE FROM jobs WHERE NOT (nprocs > 4)"
$RUN trend --db "$DB" --where "nprocs > 4" --by user --every week --format csv >"$TMP/w1" 2>&1
$RUN trend --db "$TMP/cut.db" --by user --every week --format csv >"$TMP/w2" 2>&1
cmp -s "$TMP/w1" "$TMP/w2"
ok $? "--where nprocs > 4 --by user --every week: the rows of the cut store"
done_testing

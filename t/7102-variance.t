#!/bin/sh
# iolens variance (Table IV) on the population corpus: the groups are the
# README's configurations (each repeated with identical parameters is one
# group, read from manifest.tsv), the 4 partial logs are left out, and
# each group's mean/min/max/stddev/cv of the I/O time by slowest rank
# equal what awk computes here from the darshan-parser text of every log
# (METRICS.md 2: per rank, the sum of POSIX and STDIO F_META/READ/WRITE
# times; shared records add F_SLOWEST_RANK_TIME; the max over ranks).
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan
is "$(sqlite3 "$DB" 'SELECT count(*), sum(partial) FROM jobs')" "406|4" \
	"store: 406 jobs, 4 partial"

$RUN variance --db "$DB" --format=csv >"$TMP/v.csv" 2>"$TMP/err"
ok $? "variance --format=csv exits 0"
is "$(head -1 "$TMP/v.csv")" "user,app,nprocs,files,jobs,mean_s,min_s,max_s,stddev_s,cv" \
	"CSV columns in Table IV order, user and app named as jobs and groups name them"

# expected groups: complete logs per configuration
awk -F'\t' 'NR > 1 && $3 == "complete" { n[$5 "," $7 "," $10]++ }
	END { for (k in n) if (n[k] >= 2) print k "," n[k] }' "$POP/manifest.tsv" |
	sort >"$TMP/want-groups"
awk -F, 'NR > 1 { print $1 "," $2 "," $3 "," $5 }' "$TMP/v.csv" | sort >"$TMP/got-groups"
cmp -s "$TMP/want-groups" "$TMP/got-groups"
st=$?
[ $st -eq 0 ] || diff "$TMP/want-groups" "$TMP/got-groups" | sed 's/^/# /'
ok $st "groups = configurations of manifest.tsv ($(wc -l <"$TMP/want-groups") groups)"

$RUN variance --db "$DB" >"$TMP/v.txt"
grep -q "4 partial jobs left out" "$TMP/v.txt"
ok $? "text says the 4 partial jobs are left out"

# independent time per complete log, from the darshan-parser text
awk -F'\t' 'NR > 1 && $3 == "complete" { print $2 "\t" $5 "," $7 "," $10 }' \
	"$POP/manifest.tsv" >"$TMP/logs"
while IFS="$(printf '\t')" read -r f key; do
	$IOLENS parse "$POP/logs/$f" | awk -F'\t' -v key="$key" '
		$1 != "POSIX" && $1 != "STDIO" { next }
		$4 ~ /_F_(META|READ|WRITE)_TIME$/ && $2 >= 0 { t[$2] += $5 }
		$4 ~ /_F_SLOWEST_RANK_TIME$/ && $2 == -1 { sh += $5 }
		END { m = 0; for (r in t) if (t[r] > m) m = t[r]
		      printf "%s %.9f\n", key, m + sh }'
done <"$TMP/logs" >"$TMP/times"
awk '{ k = $1; t = $2; n[k]++; s[k] += t; ss[k] += t * t
       if (!(k in mn) || t < mn[k]) mn[k] = t
       if (!(k in mx) || t > mx[k]) mx[k] = t
       v[k, n[k]] = t }
     END { for (k in n) { m = s[k] / n[k]; d = 0
           for (i = 1; i <= n[k]; i++) d += (v[k, i] - m) ^ 2
           sd = sqrt(d / (n[k] - 1))
           printf "%s %.9f %.9f %.9f %.9f %.9f\n", k, m, mn[k], mx[k], sd, sd / m } }' \
	"$TMP/times" | sort >"$TMP/want-stats"
awk -F, 'NR > 1 { printf "%s,%s,%s %s %s %s %s %s\n", $1, $2, $3, $6, $7, $8, $9, $10 }' \
	"$TMP/v.csv" | sort >"$TMP/got-stats"
# the parser text rounds each counter to 1e-6 s: allow 2e-5 s (and 1e-3
# relative for cv)
bad=$(join "$TMP/want-stats" "$TMP/got-stats" | awk '
	function off(a, b, tol) { d = a - b; if (d < 0) d = -d; return d > tol }
	{ if (off($2, $7, 2e-5) || off($3, $8, 2e-5) || off($4, $9, 2e-5) ||
	      off($5, $10, 2e-5) || off($6, $11, 1e-3 * $6 + 1e-6)) print }')
njoin=$(join "$TMP/want-stats" "$TMP/got-stats" | wc -l)
is "$njoin" "$(wc -l <"$TMP/want-groups" | tr -d ' ')" "every group has independent stats"
is "$bad" "" "mean/min/max/stddev/cv equal the darshan-parser computation"
join "$TMP/want-stats" "$TMP/got-stats" | head -3 | sed 's/^/# want|got: /'

# order-independent: the same jobs inserted in reverse order group alike
sqlite3 "$DB" "CREATE TABLE j2 AS SELECT * FROM jobs ORDER BY id DESC;
	DROP TABLE jobs; ALTER TABLE j2 RENAME TO jobs;
	UPDATE jobs SET id = -id"
$RUN variance --db "$DB" --format=csv >"$TMP/v2.csv"
cmp -s "$TMP/v.csv" "$TMP/v2.csv"
ok $? "grouping does not depend on row order"

# guarded --where
$RUN variance --db "$DB" --where "1; DROP TABLE jobs" >/dev/null 2>"$TMP/err"
is "$?" 2 "--where with ';' is a usage error"
$RUN variance --db "$DB" --where "app = 'dd'" --format=csv | awk -F, 'NR > 1 { print $2, $5 }' >"$TMP/dd"
is "$(cat "$TMP/dd")" "dd 12" "--where narrows the jobs"
$RUN variance --db "$TMP/nope.db" 2>"$TMP/err"
is "$?" 1 "missing store: exit 1"
is "$(cat "$TMP/err")" "iolens variance: cannot open '$TMP/nope.db': No such file or directory" \
	"missing store: one line"
done_testing

#!/bin/sh
# iolens groups and iolens jobs on the population corpus, checked against
# manifest.tsv: jobs per app, user, nprocs and job-size class; bytes per
# app (the manifest's darshan-parser POSIX total plus the store's STDIO
# bytes); shares summing to 100; MiB/s/CN percentiles recomputed by awk
# (type 7) from the stored values; strategy counts per class; jobs rows,
# --where, --sort, --top.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan
M=$POP/manifest.tsv

count_by() {	# manifest column -> "key,count" lines
	awk -F'\t' -v c="$1" 'NR > 1 { n[$c]++ } END { for (k in n) print k "," n[k] }' "$M" | sort
}
for by in app:7 user:5 nprocs:10; do
	name=${by%:*}
	$RUN groups --db "$DB" --by "$name" --format=csv >"$TMP/g.csv"
	got=$(awk -F, 'NR > 1 { print $1 "," $2 }' "$TMP/g.csv" | sort)
	is "$got" "$(count_by "${by#*:}")" "groups --by $name: jobs per group = manifest"
done

# job-size classes [2^k, 2^(k+1))
want=$(awk -F'\t' 'NR > 1 { n = $10; c = n == 1 ? "1" : n < 4 ? "2-3" : n < 8 ? "4-7" : n < 16 ? "8-15" : "16-31"; k[c]++ }
	END { for (c in k) print c "," k[c] }' "$M" | sort)
$RUN groups --db "$DB" --by size --format=csv >"$TMP/s.csv"
is "$(awk -F, 'NR > 1 { print $1 "," $2 }' "$TMP/s.csv" | sort)" "$want" \
	"groups --by size: classes 1, 2-3, 4-7, 8-15, 16-31 = manifest nprocs"
# Fig. 3: strategies of a class add up to its jobs
bad=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^strategy_/) s[i] = 1; next }
	{ t = 0; for (i in s) t += $i; if (t != $2) print $1 }' "$TMP/s.csv")
is "$bad" "" "strategy counts per size class add up to its jobs"
is "$(awk -F, 'NR > 1 && $1 == "1" { print $0 }' "$TMP/s.csv" | awk -F, '{ print $2 }')" 43 "43 one-process jobs"

# bytes per app of complete jobs: manifest POSIX + stored STDIO
awk -F'\t' 'NR > 1 && $3 == "complete" { b[$7] += $34 } END { for (k in b) printf "%s %.0f\n", k, b[k] }' "$M" |
	sort >"$TMP/posix"
sqlite3 -separator ' ' "$DB" "SELECT app, SUM(COALESCE(stdio_bytes_read, 0) + COALESCE(stdio_bytes_written, 0))
	FROM jobs WHERE partial = 0 GROUP BY app" | sort >"$TMP/stdio"
join "$TMP/posix" "$TMP/stdio" | awk '{ printf "%s %.0f\n", $1, $2 + $3 }' >"$TMP/want-bytes"
$RUN groups --db "$DB" --by app --where "partial = 0" --format=csv |
	awk -F, 'NR > 1 { printf "%s %.0f\n", $1, $3 + $4 }' | sort >"$TMP/got-bytes"
cmp -s "$TMP/want-bytes" "$TMP/got-bytes"
st=$?
[ $st -eq 0 ] || diff "$TMP/want-bytes" "$TMP/got-bytes" | sed 's/^/# /'
ok $st "bytes per app = manifest POSIX total + STDIO ($(wc -l <"$TMP/want-bytes") apps)"
$RUN groups --db "$DB" --by app --format=csv >"$TMP/a.csv"
is "$(awk -F, 'NR > 1 { s += $5 } END { printf "%.6f", s }' "$TMP/a.csv")" "100.000000" \
	"shares of all bytes add up to 100%"

# Fig. 11 numbers: type 7 percentiles of the stored MiB/s/CN, by awk
for app in ckpt-n1 esm-meta dd; do
	want=$(sqlite3 "$DB" "SELECT mib_s_per_node FROM jobs WHERE app = '$app' AND mib_s_per_node IS NOT NULL ORDER BY 1" |
		awk 'function q(p) { h = (n - 1) * p; i = int(h); return i + 1 >= n ? v[n - 1] : v[i] + (h - i) * (v[i + 1] - v[i]) }
		{ v[NR - 1] = $1 } END { n = NR
		printf "%.6f %.6f %.6f %.6f %.6f", v[0], q(0.1), q(0.5), q(0.9), v[n - 1] }')
	got=$(awk -F, -v a="$app" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$1 == a { printf "%.6f %.6f %.6f %.6f %.6f", $h["mib_s_per_node_min"], $h["mib_s_per_node_p10"],
			$h["mib_s_per_node_median"], $h["mib_s_per_node_p90"], $h["mib_s_per_node_max"] }' "$TMP/a.csv")
	is "$got" "$want" "$app: MiB/s/CN min/p10/median/p90/max (type 7)"
done
$RUN groups --db "$DB" --by app >"$TMP/a.txt"
ok $? "groups text"
grep -q "Jobs per I/O strategy (Fig. 3)" "$TMP/a.txt"
ok $? "text has the strategy table"

# jobs
is "$($RUN jobs --db "$DB" --format=csv | awk 'END { print NR - 1 }')" 406 "jobs: 406 rows"
is "$($RUN jobs --db "$DB" --where "user = 'bob'" --format=tsv | awk 'END { print NR - 1 }')" \
	"$(awk -F'\t' '$5 == "bob"' "$M" | wc -l | tr -d ' ')" "jobs --where user = 'bob' = manifest"
$RUN jobs --db "$DB" --sort -bytes_read --top 3 --format=csv >"$TMP/top.csv"
want=$(sqlite3 "$DB" 'SELECT max(bytes_read) FROM jobs')
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	{ if (NR > 2 && $h["bytes_read"] > last) bad = 1; last = $h["bytes_read"]; if (NR == 2) first = last }
	END { print bad ? "not descending" : first }' "$TMP/top.csv")
is "$(awk 'END { print NR - 1 }' "$TMP/top.csv")" 3 "--top 3: three rows"
is "$got" "$want" "--sort -bytes_read: descending, the largest first"
$RUN jobs --db "$DB" >"$TMP/j.txt"
ok $? "jobs text"
$RUN jobs --db "$DB" --sort nosuchcolumn >/dev/null 2>&1
is $? 2 "--sort with an unknown column: usage error"
$RUN jobs --db "$DB" --where "user = 'bob'); DELETE FROM jobs; --" >/dev/null 2>&1
is $? 2 "--where with ';' refused"
$RUN jobs --db "$DB" --where "nosuch = 1" >/dev/null 2>"$TMP/err"
is $? 2 "--where with an unknown column: usage error"
$RUN jobs --db "$DB" --where "1) UNION SELECT 1 FROM sqlite_master WHERE (1" >/dev/null 2>&1
is $? 2 "--where reading another table: refused"
is "$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')" 406 "the store is untouched"
$RUN groups --db "$DB" --by colour >/dev/null 2>&1
is $? 2 "--by colour: usage error"
done_testing

#!/bin/sh
# population-report's outliers page (every job's context in one pass,
# popan.c context_all()) against `iolens context` job by job (its earlier
# jobs read from the store, iol_pop_context_in()): the page's count of
# unusual metrics and jobs, and each row shown (earlier jobs, pctile,
# verdict), are those of the job-by-job answer, on the population corpus.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
command -v pdftotext >/dev/null || skip_all "pdftotext is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan

$RUN population-report --db "$DB" -o "$TMP/a.pdf" 2>"$TMP/err"
ok $? "population-report exits 0"
pdftotext -layout "$TMP/a.pdf" "$TMP/a.txt"
awk '/^Outliers: jobs unusual/ { f = 1 } f' "$TMP/a.txt" >"$TMP/page"
head=$(tr '\n' ' ' <"$TMP/page" |
	sed -n 's/.*jobs checked: \([0-9]*\) unusual metrics in \([0-9]*\) jobs.*/\1 \2/p')
ok $([ -n "$head" ]; echo $?) "the page counts its unusual metrics and jobs ($head)"

# every job's context, one `iolens context` each, as csv rows
# id,metric,n,percentile,verdict
sqlite3 "$DB" "SELECT id, path FROM jobs ORDER BY id" >"$TMP/jobs"
: >"$TMP/ctx"
while IFS='|' read -r id path; do
	"$IOLENS" context --db "$DB" --format csv "$path" 2>/dev/null |
		awk -F, -v id="$id" 'NR > 1 { print id "," $4 "," $6 "," $7 "," $NF }' >>"$TMP/ctx"
done <"$TMP/jobs"
want=$(awk -F, '$5 ~ /^unusually/ { m++; j[$1] = 1 }
	END { n = 0; for (k in j) n++; print m + 0, n }' "$TMP/ctx")
is "$head" "$want" "unusual metrics and jobs: the page = context job by job"

# each row shown: id ... metric value unit pctile earlier verdict
awk '$1 ~ /^[0-9]+$/ && ($NF == "low" || $NF == "high") {
	for (i = 2; i <= NF; i++)
		if ($i ~ /^(mib_s|mib_s_per_node|pct_io_time_slowest|md_cost_pct|bytes|files)$/)
			m = $i
	print $1 "," m "," $(NF - 1) "," $(NF - 2) ",unusually " $NF
}' "$TMP/page" >"$TMP/shown"
rows=$(wc -l <"$TMP/shown")
ok $([ "$rows" -ge 20 ]; echo $?) "the page shows rows ($rows)"
bad=0
while IFS=, read -r id m n pct v; do
	got=$(awk -F, -v id="$id" -v m="$m" '$1 == id && $2 == m {
		printf "%s,%.1f,%s\n", $3, $4, $5 }' "$TMP/ctx")
	if [ "$got" != "$n,$pct,$v" ]; then
		bad=$((bad + 1))
		diag "job $id $m: page $n,$pct,$v, context $got"
	fi
done <"$TMP/shown"
is "$bad" 0 "each row shown: earlier jobs, pctile and verdict as context's"
done_testing

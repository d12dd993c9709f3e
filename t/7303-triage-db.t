#!/bin/sh
# iolens triage --db: the rules over a population store give every job
# the findings `iolens triage LOG` gives it (the store holds the fields
# the rules read), flagged jobs are grouped by app and user and ranked
# by I/O time at stake, and a store lacking fields says so.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -d "$POP/logs" ] || skip_all "no population logs"
DB=$TMP/pop.db
$RUN ingest --db "$DB" "$POP/logs" >/dev/null 2>&1
ok $? "ingest of the population"
NJOBS=$(ls "$POP"/logs/*.darshan | wc -l)

$RUN triage --db "$DB" >"$TMP/text" 2>"$TMP/err"
ok $? "triage --db exits 0"
is "$(cat "$TMP/err")" "" "nothing on stderr"
head -1 "$TMP/text" | grep -q "^$NJOBS jobs, " 
ok $? "the text counts all $NJOBS jobs"

# flagged codes per job: from the store and from each log
$RUN triage --db "$DB" --top 100 --format tsv >"$TMP/db.tsv"
ok $? "triage --db --format tsv exits 0"
awk -F'\t' 'NR > 1 { print $7 "\t" $12 }' "$TMP/db.tsv" | sort >"$TMP/db.codes"
# IOL-STRAGGLER reads the log's DXT phases, which a store does not keep
$RUN triage --format tsv "$POP"/logs/*.darshan 2>/dev/null |
	awk -F'\t' 'NR > 1 && ($3 == "high" || $3 == "warn") && $2 != "IOL-STRAGGLER" {
		if ($1 != last && last != "") { print last "\t" c; c = "" }
		last = $1; c = c == "" ? $2 : c " " $2 }
	END { if (last != "") print last "\t" c }' | sort >"$TMP/log.codes"
n=$(wc -l <"$TMP/log.codes")
ok "$([ "$n" -gt 300 ] && echo 0 || echo 1)" "per-log triage flags $n jobs"
cmp -s "$TMP/db.codes" "$TMP/log.codes"
ok $? "every job's flagged codes from the store equal those from its log"

# groups from the configurations (README.md there): every esm-meta job
# (mdtest) is metadata-bound; every esm-rank0 job (IOR -N 1) is rank-0 I/O
grp() { # app: jobs in the manifest
	awk -F'\t' -v a="$1" 'NR > 1 && $7 == a' "$POP/manifest.tsv" | wc -l
}
for app in esm-meta esm-rank0; do
	want=$(grp $app)
	got=$(awk -F'\t' -v a=$app '$2 == a { print $5; exit }' "$TMP/db.tsv")
	is "$got" "$want" "$app: all $want jobs flagged"
done
grep -A1 "app esm-meta, user carol" "$TMP/text" | grep -q "IOL-META-BOUND $(grp esm-meta)"
ok $? "esm-meta: IOL-META-BOUND on every job"
grep -A1 "app esm-rank0, user carol" "$TMP/text" | grep -q "IOL-RANK0-IO $(grp esm-rank0)"
ok $? "esm-rank0: IOL-RANK0-IO on every job"
# groups ranked by stake, descending
awk -F'\t' 'NR > 1 { print $1 "\t" $6 }' "$TMP/db.tsv" | uniq |
	awk -F'\t' 'NR > 1 && $2 > prev + 1e-9 { bad = 1 } { prev = $2 } END { exit bad }'
ok $? "groups are ranked by I/O time at stake"
$RUN triage --db "$DB" --severity high --format csv >"$TMP/high.csv"
grep -q "IOL-FSYNC\|IOL-SMALL-REQ" "$TMP/high.csv"
ok "$([ $? -ne 0 ] && echo 0 || echo 1)" "--severity high lists only high findings"

# an older store without a field: the rule is not evaluated, and said so
cp "$DB" "$TMP/old.db"
sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN posix_syncs' 2>/dev/null ||
	skip_all "sqlite3 cannot drop a column"
$RUN triage --db "$TMP/old.db" >"$TMP/old" 2>&1
ok $? "a store lacking a field: exit 0"
grep -q "the store lacks posix_syncs" "$TMP/old"
ok $? "the missing field is named"
grep "IOL-FSYNC" "$TMP/old" | grep -q " $NJOBS not evaluated"
ok $? "IOL-FSYNC is not evaluated on any job"

# the population report's page
if command -v pdftotext >/dev/null 2>&1; then
	$RUN population-report --db "$DB" -o "$TMP/pr.pdf"
	ok $? "population-report with the triage page"
	pdftotext "$TMP/pr.pdf" "$TMP/pr.txt"
	grep -q "Who to call first" "$TMP/pr.txt"
	ok $? "the report has 'Who to call first'"
	want=$(grp esm-meta)
	grep -q "$want of $want" "$TMP/pr.txt" && grep -q "META-BOUND $want" "$TMP/pr.txt"
	ok $? "esm-meta: $want of $want flagged, META-BOUND $want"
else
	skip "no pdftotext" 3
fi

# bad input
$RUN triage --db "$TMP/nope.db" >/dev/null 2>"$TMP/err"
is $? 1 "a missing store: exit 1"
grep -q "^iolens triage: cannot open '$TMP/nope.db'" "$TMP/err"
ok $? "and says so"
$RUN triage --db "$DB" --severity bogus >/dev/null 2>&1
is $? 2 "a bad --severity is a usage error"
$RUN triage --db "$DB" --top 1000 >/dev/null 2>&1
is $? 2 "--top over 100 is a usage error"
$RUN triage --db "$DB" --where "nprocs > 1000000" >"$TMP/none" 2>"$TMP/err"
is $? 1 "--where matching nothing: exit 1, as every population report (issue 24)"
grep -q "^iolens triage: no jobs match --where" "$TMP/err" && [ ! -s "$TMP/none" ]
ok $? "and says no jobs match, writing nothing"
done_testing

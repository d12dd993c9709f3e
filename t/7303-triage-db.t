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
printf 'min_group_stake_s = 0\n' >"$TMP/allgroups"
$RUN triage --db "$DB" --top all --config "$TMP/allgroups" --format tsv >"$TMP/db.tsv"
ok $? "triage --db --format tsv exits 0"
awk -F'\t' 'NR > 1 { print $7 "\t" $12 }' "$TMP/db.tsv" | sort >"$TMP/db.codes"
# IOL-STRAGGLER reads the log's DXT phases, which a store does not keep
$RUN triage --format tsv "$POP"/logs/*.darshan 2>/dev/null |
	awk -F'\t' 'NR > 1 && ($3 == "high" || $3 == "warn") && $2 != "IOL-STRAGGLER" {
		if ($1 != last && last != "") { print last "\t" c; c = "" }
		last = $1; c = c == "" ? $2 : c " " $2 }
	END { if (last != "") print last "\t" c }' | sort >"$TMP/log.codes"
n=$(wc -l <"$TMP/log.codes")
ok "$([ "$n" -gt 100 ] && echo 0 || echo 1)" "per-log triage flags $n jobs"
cmp -s "$TMP/db.codes" "$TMP/log.codes"
ok $? "every job's flagged codes from the store equal those from its log"

# groups from the configurations (README.md there): every esm-meta job
# (mdtest) is a small-file storm; every esm-rank0 job (IOR -N 1) is
# rank-0 I/O
grp() { # app: jobs in the manifest
	awk -F'\t' -v a="$1" 'NR > 1 && $7 == a' "$POP/manifest.tsv" | wc -l
}
# esm-meta jobs: the c16 jobs' 2200 files are a storm on every run; the
# 400 files of c13-c15 are under storm_files and cost under 1 s, never
# flagged.  Those flagged are the ones their logs flag
nmeta=$($RUN triage --format tsv "$POP"/logs/carol_esm-meta*.darshan 2>/dev/null |
	awk -F'\t' '$2 == "IOL-SMALL-FILES" && $3 == "warn"' | wc -l)
n16=$(awk -F'\t' '$8 == "c16"' "$POP/manifest.tsv" | wc -l)
is "$nmeta" "$n16" "esm-meta: $nmeta jobs a small-file storm at warn, the $n16 of c16"
want=$(grp esm-rank0)
got=$(awk -F'\t' '$2 == "esm-rank0" { print $5; exit }' "$TMP/db.tsv")
is "$got" "$want" "esm-rank0: all $want jobs flagged"
got=$(awk -F'\t' '$2 == "esm-meta" { print $5; exit }' "$TMP/db.tsv")
is "$got" "$nmeta" "esm-meta: the $nmeta jobs flagged"
grep -A1 "app esm-meta, user carol" "$TMP/text" | grep -q "IOL-SMALL-FILES $nmeta"
ok $? "esm-meta: IOL-SMALL-FILES on each of them"
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
awk -v n="$NJOBS" '$1 == "IOL-FSYNC" && $3 == n { f = 1 } END { exit !f }' "$TMP/old"
ok $? "IOL-FSYNC is not evaluated on any job"

# the population report's page
if command -v pdftotext >/dev/null 2>&1; then
	$RUN population-report --db "$DB" -o "$TMP/pr.pdf"
	ok $? "population-report with the triage page"
	pdftotext "$TMP/pr.pdf" "$TMP/pr.txt"
	grep -q "Who to call first" "$TMP/pr.txt"
	ok $? "the report has 'Who to call first'"
	want=$(grp esm-meta)
	grep -q "$nmeta of $want" "$TMP/pr.txt" && grep -q "SMALL-FILES $nmeta" "$TMP/pr.txt"
	ok $? "esm-meta: $nmeta of $want flagged, SMALL-FILES $nmeta"
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
$RUN triage --db "$DB" --top -1 >/dev/null 2>&1
is $? 2 "a negative --top is a usage error"

# --top 0 (or all) lists every flagged job of the listed groups; groups
# under min_group_stake_s are counted, not listed
$RUN triage --db "$DB" --top 0 --format tsv >"$TMP/all.tsv"
listed=$(awk -F'\t' 'NR > 1' "$TMP/all.tsv" | wc -l)
flagged=$(awk -F'\t' 'NR > 1 { f[$1] = $5 } END { for (g in f) s += f[g]; print s + 0 }' "$TMP/all.tsv")
ok "$([ "$listed" -gt 100 ] && [ "$listed" -eq "$flagged" ] && echo 0 || echo 1)" \
	"--top 0: all $flagged flagged jobs of the listed groups ($listed rows)"
awk -F'\t' 'NR > 1 && $6 < 1 { bad = 1 } END { exit bad }' "$TMP/all.tsv"
ok $? "no listed group puts under 1 process-second at stake"
grep -q "groups with flagged jobs put under 1 process-seconds at stake: not listed" "$TMP/text"
ok $? "the text says how many groups are not listed"
grep -q "^   - jobid [0-9]*, nprocs [0-9]*: " "$TMP/text"
ok $? "the text names each listed job's jobid and processes"
if command -v python3 >/dev/null; then
	$RUN triage --db "$DB" --top all --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
r = {x["code"]: x for x in d["rules"]}
assert r["IOL-SMALL-FILES"]["threshold"] == 10 and r["IOL-SMALL-FILES"]["flagged"] > 0
n = 0
for g in d["groups"]:
    assert len(g["listed"]) == g["flagged"] and sum(g["rules"].values()) >= g["flagged"]
    for j in g["listed"]:
        assert j["jobid"] > 0 and j["uid"] >= 0 and j["nprocs"] >= 1, j
        for f in j["findings"]:
            assert f["severity"] in ("high", "warn") and f["threshold"] == r[f["code"]]["threshold"], f
            n += 1
assert n > 100
' 2>"$TMP/py"
	ok $? "json: the rule table, every flagged job with jobid, uid, nprocs, values and thresholds"
else
	skip "no python3 to read json"
fi
$RUN triage --db "$DB" --where "nprocs > 1000000" >"$TMP/none" 2>"$TMP/err"
is $? 1 "--where matching nothing: exit 1, as every population report (issue 24)"
grep -q "^iolens triage: no jobs match --where" "$TMP/err" && [ ! -s "$TMP/none" ]
ok $? "and says no jobs match, writing nothing"
done_testing

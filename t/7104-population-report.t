#!/bin/sh
# iolens population-report on the population corpus: the PDF has the
# expected pages (pdftotext finds each title and known numbers: 406 jobs,
# 4 partial, the 25 Table IV groups), is the same bytes twice, and embeds
# its fonts.
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
is "$(cat "$TMP/err")" "" "nothing on stderr"
pdftotext -layout "$TMP/a.pdf" "$TMP/a.txt"
for t in "The population at a glance" "I/O strategy by job size (Fig. 3)" \
	"Share of all bytes per application (Fig. 4)" \
	"Files written per job by size (Fig. 5)" \
	"Access sizes across jobs (Fig. 10)" \
	"MiB/s per compute node by application (Fig. 11)" \
	"Table VI per application" "Variance of similar jobs (Table IV)" \
	"Jobs over time" "Outliers: jobs unusual for their application"; do
	grep -qF "$t" "$TMP/a.txt"
	ok $? "page section: $t"
done
grep -q "406 (4 partial)" "$TMP/a.txt"
ok $? "at a glance: 406 jobs, 4 partial"
grep -q "25 groups; 4 partial jobs left out" "$TMP/a.txt"
ok $? "Table IV: 25 groups, 4 partial left out"
# the Table IV rows of the PDF are those of `iolens variance`
$RUN variance --db "$DB" --format=csv | awk -F, 'NR > 1 { printf "%s %s %s %s %s %.4f\n", $1, $2, $3, $4, $5, $6 }' >"$TMP/want"
awk '$1 ~ /^(alice|bob|carol|dave)$/ && $3 ~ /^[0-9]+$/ && NF == 10 { print $1, $2, $3, $4, $5, $6 }' "$TMP/a.txt" >"$TMP/got"
cmp -s "$TMP/want" "$TMP/got"
ok $? "Table IV rows in the PDF = variance ($(wc -l <"$TMP/got") rows)"
users=$(awk -F'\t' 'NR > 1 { print $5 }' "$POP/manifest.tsv" | sort -u | wc -l)
grep -Eq "^ *users +$users\$" "$TMP/a.txt"
ok $? "at a glance: $users users"

$RUN population-report --db "$DB" -o "$TMP/b.pdf"
cmp -s "$TMP/a.pdf" "$TMP/b.pdf"
ok $? "two runs give the same bytes"
if command -v pdffonts >/dev/null; then
	n=$(pdffonts "$TMP/a.pdf" | awk 'NR > 2 && $(NF - 4) != "yes"' | wc -l)
	is "$n" 0 "every font embedded"
fi
pages=$(pdfinfo "$TMP/a.pdf" | awk '/^Pages:/ { print $2 }')
ok $([ "$pages" -ge 6 ]; echo $?) "at least 6 pages ($pages)"
$RUN population-report --db "$DB" 2>/dev/null
is $? 2 "no --output: usage error"
$RUN population-report --db "$DB" --where "app = 'dd'" -o "$TMP/dd.pdf"
pdftotext -layout "$TMP/dd.pdf" - | grep -q "12 (0 partial)"
ok $? "--where app = 'dd': 12 jobs"

# iolens report --db: the job report ends with the context page
f=$(sqlite3 "$DB" "SELECT path FROM jobs WHERE app = 'ckpt-n1' ORDER BY start_time DESC LIMIT 1")
$RUN report -o "$TMP/r0.pdf" "$f" 2>/dev/null
$RUN report --db "$DB" -o "$TMP/r.pdf" "$f" 2>"$TMP/err"
ok $? "report --db exits 0"
n0=$(pdfinfo "$TMP/r0.pdf" | awk '/^Pages:/ { print $2 }')
n1=$(pdfinfo "$TMP/r.pdf" | awk '/^Pages:/ { print $2 }')
is "$n1" "$((n0 + 1))" "report --db adds one page"
pdftotext -f "$n1" -l "$n1" -layout "$TMP/r.pdf" "$TMP/r.txt"
grep -q "Context: is this job normal?" "$TMP/r.txt"
ok $? "the last page is the context page"
want=$($RUN context --db "$DB" --format=csv "$f" | awk -F, 'NR == 2 { print $3 }')
grep -q "The job among $want earlier complete jobs of app=ckpt-n1" "$TMP/r.txt"
ok $? "context page: $want earlier jobs, as iolens context"
$RUN report --db "$DB" -o "$TMP/r2.pdf" "$f" 2>/dev/null
cmp -s "$TMP/r.pdf" "$TMP/r2.pdf"
ok $? "report --db: same bytes twice"
done_testing

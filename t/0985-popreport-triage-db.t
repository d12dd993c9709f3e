#!/bin/sh
# population-report's "Who to call first" (the triage pass fed by the
# report's one read of the store, numbers decoded once a row and shared
# with the load) against `iolens triage --db` (a cursor of its own): the
# same groups in the same order, flagged and total jobs and stake, read
# on one connection and on two (IOLENS_POP_SPLIT=1: a helper decodes
# some chunks), on the population corpus.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v pdftotext >/dev/null || skip_all "pdftotext is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan

# rank app user flagged jobs stake, as the page rounds the stake
"$IOLENS" triage --db "$DB" --format csv >"$TMP/tri.csv"
ok $? "triage --db exits 0"
awk -F, 'NR > 1 && !seen[$1]++ {
	printf "%s %s %s %s %s %.1f\n", $1, $2, $3, $5, $4, $6 }' \
	"$TMP/tri.csv" >"$TMP/want"
n=$(wc -l <"$TMP/want")
ok $([ "$n" -ge 3 ]; echo $?) "triage --db ranks groups ($n)"

for split in 0 1; do
	IOLENS_POP_SPLIT=$split $RUN population-report --db "$DB" \
		-o "$TMP/s$split.pdf" 2>"$TMP/err"
	ok $? "population-report exits 0 (IOLENS_POP_SPLIT=$split)"
	pdftotext -layout "$TMP/s$split.pdf" "$TMP/s$split.txt"
	awk '/^Who to call first$/ { w++ } w == 1 && /^ *[0-9]+ / && $5 == "of" {
		print $1, $2, $3, $4, $6, $7 }' "$TMP/s$split.txt" >"$TMP/got"
	if cmp -s "$TMP/want" "$TMP/got"; then
		ok 0 "who to call first = triage --db (split $split, $n groups)"
	else
		diff "$TMP/want" "$TMP/got" | sed 's/^/# /'
		ok 1 "who to call first = triage --db (split $split)"
	fi
done
cmp -s "$TMP/s0.pdf" "$TMP/s1.pdf"
ok $? "one connection and two give the same bytes"
done_testing

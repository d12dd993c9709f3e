#!/bin/sh
# A load's rows read a hundred values a call (population/sql.h
# iol_sql_prepare_cols(): SQLite hands a row's values to iol_row() as one
# array): every accessor against the same query read column by column
# on hostile values (t/unit/test-sqlpack.c); and, on the population
# corpus (when ../shared is here), population-report and trend the same
# on one connection and on two (the helper's statement packed too), and
# iol_row() in a --where refused in one line.
. "$(dirname "$0")/lib.sh"
"$TOP/t/unit/test-sqlpack" >"$TMP/tap" 2>&1
ok $? "test-sqlpack exits 0"
sed 's/^/# /' "$TMP/tap"

POP=$SHARED/corpus/population
if [ ! -f "$POP/manifest.tsv" ]; then
	echo "# skip the corpus: ../shared is not present"
	done_testing
	exit 0
fi
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan

for split in 0 1; do
	IOLENS_POP_SPLIT=$split $RUN population-report --db "$DB" \
		-o "$TMP/s$split.pdf" 2>"$TMP/err"
	ok $? "population-report exits 0 (IOLENS_POP_SPLIT=$split)"
	IOLENS_POP_SPLIT=$split $RUN trend --db "$DB" >"$TMP/t$split.txt" 2>&1
	ok $? "trend exits 0 (IOLENS_POP_SPLIT=$split)"
done
cmp -s "$TMP/s0.pdf" "$TMP/s1.pdf"
ok $? "population-report: one connection and two give the same bytes"
cmp -s "$TMP/t0.txt" "$TMP/t1.txt"
ok $? "trend: one connection and two give the same text"

$RUN population-report --db "$DB" --where "iol_row(1, 2) IS NULL" \
	-o "$TMP/x.pdf" 2>"$TMP/err"
rc=$?
ok $([ $rc -ne 0 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	grep -q "iol_row() is iolens' own" "$TMP/err"; echo $?) \
	"iol_row() in --where: one line and exit $rc"
done_testing

#!/bin/sh
# The triage inputs only a finding's detail shows (file names, ranks,
# counts beside a value: iol_triage_in_detail_only()) are left out of the
# store's pass (triage --db, population-report, trend's share), which
# keeps no detail.  On the population corpus: every job judged the same
# with and without their values (t/unit/test-detailonly.c), and such a
# column that the store gained after some rows still read, so that the
# rows stored before it are counted by their values.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan

"$TOP/t/unit/test-detailonly" "$DB" >"$TMP/tap" 2>&1
ok $? "test-detailonly exits 0"
sed 's/^/# /' "$TMP/tap"
grep -q ' judged otherwise without the ' "$TMP/tap"
ok $? "every job of the corpus judged"

# top_file gained after the first 200 rows; 100 of them without it
sqlite3 "$DB" "INSERT INTO meta(key, value) VALUES ('added:top_file',
	'200 1e12'); UPDATE jobs SET top_file = NULL WHERE id <= 100;"
ok $? "top_file marked as gained after row 200"
want=$(sqlite3 "$DB" "SELECT count(*) FROM jobs WHERE id <= 200 AND
	coalesce(top_file, '') = ''")
jobs=$(sqlite3 "$DB" "SELECT count(*) FROM jobs")
"$IOLENS" triage --db "$DB" >"$TMP/tri.txt" 2>&1
ok $? "triage --db exits 0"
if grep -q "^$want of $jobs jobs were stored before the store had top_file" \
	"$TMP/tri.txt"; then
	ok 0 "the $want rows stored before top_file without it counted"
else
	grep 'stored before' "$TMP/tri.txt" | sed 's/^/# /'
	ok 1 "the $want rows stored before top_file without it counted"
fi
done_testing

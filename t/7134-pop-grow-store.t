#!/bin/sh
# bench/env.sh's grow_store (issue 38: ten million jobs in minutes, not
# hours) makes the store grow_jobs makes: the 406 population logs copied
# to 4,060 jobs both ways, under sh as the benches may run it.  The
# same rows in the same order, the same indexes (names and SQL), an
# index that answers queries (integrity_check reads every index against
# its table), and the same `jobs` pages sorted through an index.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
# the two functions of the benches, not the rest of their environment
eval "$(sed -n '/^grow_jobs()/,/^}/p' "$TOP/bench/env.sh")"
eval "$(sed -n '/^grow_store()/,/^}/p' "$TOP/bench/env.sh")"
OLD=$TMP/old.db
NEW=$TMP/new.db
popstore_build "$OLD" "$POP"/logs/*.darshan
cp "$OLD" "$NEW"
grow_jobs "$OLD" 4060
command -v grow_store >/dev/null 2>&1
ok $? "bench/env.sh has grow_store"
grow_store "$NEW" 4060 2>"$TMP/err"
st=$?
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/err"
ok $st "grow_store: 4060 jobs made"
is "$(sqlite3 "$NEW" 'SELECT count(*) FROM jobs')" 4060 "4060 rows"

# rows DB: every row of jobs in id order, with a digest per row's text
rows() {
	sqlite3 -separator '|' "$1" 'SELECT * FROM jobs ORDER BY id' | cksum
}
is "$(rows "$NEW")" "$(rows "$OLD")" "the same rows in the same order"

# indexes DB: the jobs table's indexes by name, with their SQL
indexes() {
	sqlite3 "$1" "SELECT name, sql FROM sqlite_master WHERE type = 'index'
		AND tbl_name = 'jobs' ORDER BY name"
}
indexes "$OLD" >"$TMP/old.idx"
indexes "$NEW" >"$TMP/new.idx"
cmp -s "$TMP/old.idx" "$TMP/new.idx"
ok $? "the same indexes"
[ "$(wc -l <"$TMP/new.idx")" -gt 20 ]
ok $? "the list indexes are there ($(wc -l <"$TMP/new.idx"))"
is "$(sqlite3 "$NEW" 'PRAGMA integrity_check')" ok "every index matches the table"

for s in -mib_s user start_time; do
	"$IOLENS" jobs --db "$OLD" --sort "$s" --top 50 --offset 2000 \
		--format csv >"$TMP/o.csv" 2>&1
	"$IOLENS" jobs --db "$NEW" --sort "$s" --top 50 --offset 2000 \
		--format csv >"$TMP/n.csv" 2>&1
	cmp -s "$TMP/o.csv" "$TMP/n.csv"
	ok $? "jobs --sort $s: the same page"
done
done_testing

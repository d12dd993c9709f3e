#!/bin/sh
# ingest --fsload into a PostgreSQL store (a private server this test
# starts, t/pg/server.sh): the fs_* tables made there, fsload --db gives
# the recordings' CSV, a window too; the same recording again is left
# alone, a changed one replaced, never kept twice.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP
. "$TOP/t/fs/lmtgen.sh"
PG=$(pg_newdb s) || { ok 1 "createdb"; done_testing; exit; }
F=$SAMPLES/fsload
REC=$TMP/gen.sqlite3
lmt_gen | sqlite3 "$REC"
csv() { $RUN fsload --format=csv "$@"; }

$RUN ingest --db "$PG" --fsload "$REC" --fsload "$F/lfs-df.txt" >"$TMP/out" 2>"$TMP/err"
ok $? "ingest --fsload into PostgreSQL ($(cat "$TMP/err"))"
is "$(grep -c ' stored$' "$TMP/out")" 2 "both recordings stored"
for v in "" --ops --intervals \
	"--from 2018-01-28T00:00:12Z --to 2018-01-28T00:00:33Z"; do
	csv $v "$REC" "$F/lfs-df.txt" >"$TMP/a.csv" 2>&1
	csv $v --db "$PG" >"$TMP/b.csv" 2>&1
	cmp -s "$TMP/a.csv" "$TMP/b.csv" && [ -s "$TMP/a.csv" ]
	ok $? "fsload --db ${v:+$v }gives the recordings' CSV"
done
$RUN ingest --db "$PG" --fsload "$REC" >"$TMP/out"
grep -q unchanged "$TMP/out"
ok $? "the same recording again: unchanged"
rm "$REC"
lmt_gen 2 | sqlite3 "$REC"
$RUN ingest --db "$PG" --fsload "$REC" >"$TMP/out"
grep -q "stored again (replaced)" "$TMP/out"
ok $? "a changed recording: replaced"
is "$(pg_q s 'SELECT count(*) FROM fs_recordings')" 2 "two recordings, not three"
csv "$REC" "$F/lfs-df.txt" >"$TMP/a.csv"
csv --db "$PG" >"$TMP/b.csv"
cmp -s "$TMP/a.csv" "$TMP/b.csv"
ok $? "fsload --db gives the changed recording's CSV"
done_testing

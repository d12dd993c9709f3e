#!/bin/sh
# A store ingested before the job rows had two fields triage reads
# (rank_imbalance_stake, redundant_code_bytes: issue 34) is not judged
# silently without them: triage --db and trend say in one line which
# fields and the command that fills them, while the store lacks the
# columns and, once a newer ingest added them, while its older rows lack
# the values; ingest --refresh reads those rows' logs again (before, it
# found them "unchanged": same files, same iolens version).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
cd "$TOP" || exit 1
L=sample-logs/population/logs
set -- $(ls "$L"/*.darshan | head -3)
OLD1=$1 OLD2=$2 NEW=$3
DB=$TMP/old.db
$RUN ingest --db "$DB" "$OLD1" "$OLD2" >/dev/null 2>&1
sqlite3 "$DB" 'ALTER TABLE jobs DROP COLUMN rank_imbalance_stake; ALTER TABLE jobs DROP COLUMN redundant_code_bytes' 2>/dev/null ||
	skip_all "sqlite3 cannot drop a column"
F="rank_imbalance_stake redundant_code_bytes"

# the store made before the fields: no column
$RUN triage --db "$DB" >"$TMP/t" 2>&1
tr '\n' ' ' <"$TMP/t" | grep -q "the store lacks $F: rules reading them judge without them, or are not evaluated where they need them (iolens ingest --refresh)"
ok $? "triage --db: the store lacks $F, and the command"
$RUN trend --db "$DB" --format csv >/dev/null 2>"$TMP/e"
is "$(cat "$TMP/e")" "iolens trend: '$DB': flagged share: the store lacks $F: rules reading them judge without them, or are not evaluated where they need them (iolens ingest --refresh)" \
	"trend: the same, in one line"

# a newer ingest adds the columns: the older rows still lack the values
$RUN ingest --db "$DB" "$NEW" >/dev/null 2>&1
$RUN triage --db "$DB" >"$TMP/t" 2>&1
tr '\n' ' ' <"$TMP/t" | grep -q "2 of 3 jobs were stored before the store had $F: rules reading them judge those jobs without them (iolens ingest --refresh reads their logs again)"
ok $? "triage --db: 2 of 3 rows stored before the fields, named, and the command"
$RUN triage --db "$DB" --format json | grep -q "\"stale\": \"$F\", \"stale_jobs\": 2"
ok $? "triage --db --format json: stale fields and rows"
$RUN trend --db "$DB" --format csv >/dev/null 2>"$TMP/e"
is "$(cat "$TMP/e")" "iolens trend: '$DB': flagged share: 2 of 3 jobs were stored before the store had $F: rules reading them judge those jobs without them (iolens ingest --refresh reads their logs again)" \
	"trend: the same, in one line"

# ingest --refresh reads the older rows' logs again and fills them
$RUN ingest --db "$DB" --refresh "$OLD1" "$OLD2" "$NEW" >"$TMP/i" 2>&1
is "$(tail -1 "$TMP/i")" "3 logs: 0 added, 2 refreshed, 1 unchanged, 0 failed" \
	"ingest --refresh reads the 2 older rows' logs again"
is "$(sqlite3 "$DB" 'SELECT count(*) FROM jobs WHERE redundant_code_bytes IS NULL')" 0 \
	"their redundant_code_bytes filled"
$RUN triage --db "$DB" >"$TMP/t" 2>&1
grep -q "stored before\|store lacks" "$TMP/t"
ok "$([ $? -ne 0 ] && echo 0 || echo 1)" "triage --db: nothing is said after the refresh"
$RUN trend --db "$DB" --format csv >/dev/null 2>"$TMP/e"
is "$(cat "$TMP/e")" "" "trend: nothing on standard error"
$RUN ingest --db "$DB" --refresh "$OLD1" >"$TMP/i" 2>&1
is "$(tail -1 "$TMP/i")" "1 logs: 0 added, 0 refreshed, 1 unchanged, 0 failed" \
	"a refreshed row is not read again"
done_testing

#!/bin/sh
# Two ingests at once on PostgreSQL could both pass the check that
# refuses a copy of a GPFS report (t/7228): each looked for the other's
# columns before the other committed, and both were stored.  Now the
# store refuses the second itself: fs_seen has an exclusion constraint
# (one column's periods may not overlap), the ingest that meets it waits
# for the other's transaction and, once that commits, is refused with
# the message t/7228 gives, naming the other.  No timing: another
# transaction holds the copy's columns uncommitted while the ingest
# checks (it is made to check then by a lock psql holds on its own row),
# and commits only once the ingest is past the check: waiting on it, or
# done.  Also: a store without the constraint (an older iolens) gets it
# when opened for writing; one already holding copies goes on without;
# merge-db into PostgreSQL leaves out a copy as t/7234 shows on SQLite.
. "$(dirname "$0")/lib.sh"
. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'exec 5>&- 6>&- 2>/dev/null; pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP
PG=$(pg_newdb s) || { ok 1 "createdb"; done_testing; exit; }

mm() { # disk "hh:mm value"...: srv1's read report
	_d=$1
	shift
	gpfs_nsd srv1 "$_d" read "$@"
}
mm d0 "10:00 100" "10:01 200" >"$TMP/r1.txt"
mm d9 "10:00 1" >"$TMP/other.txt"
R=$(cd "$TMP" && pwd -P)
T0=$(date -u -d 2020-01-01T10:00:00Z +%s)
T1=$(date -u -d 2020-01-01T10:01:00Z +%s)
KEY='srv1|d0|gpfs_nsdds_bytes_read'
q() { pg_q s "$1"; }
# a psql session held open, given SQL on fd $1, its application_name $2
hold() {
	mkfifo "$TMP/$2"
	PGAPPNAME=$2 "$PSQL" -w -X -q -h "$PGD" -p "$PGPORT_T" -U iolens -d s <"$TMP/$2" >"$TMP/$2.out" 2>&1 &
	eval "exec $1>\"\$TMP/\$2\""
}
# until session $1 has run what it was given (idle in its transaction)
idle() {
	n=0
	while [ "$(q "SELECT state FROM pg_stat_activity WHERE application_name = '$1'")" != "idle in transaction" ] && [ $n -lt 6000 ]; do
		n=$((n + 1))
		sleep 0.1
	done
}
# until the ingest (pid $1) has ended or waits on session $2's locks
waits_on() {
	n=0
	while kill -0 "$1" 2>/dev/null && [ $n -lt 6000 ] &&
		[ "$(q "SELECT count(*) FROM pg_stat_activity a, pg_stat_activity h WHERE h.application_name = '$2' AND h.pid = ANY (pg_blocking_pids(a.pid))")" = 0 ]; do
		n=$((n + 1))
		sleep 0.1
	done
}

$RUN ingest --db "$PG" --fsload "$TMP/other.txt" >/dev/null 2>"$TMP/err"
ok $? "a first recording: the tables made ($(cat "$TMP/err"))"
is "$(q "SELECT count(*) FROM pg_constraint WHERE conname = 'fs_seen_once'")" 1 \
	"fs_seen has its exclusion constraint"

# h1 holds the row of the ingest's own recording: the ingest, past its
# check of the tables, waits there, in its transaction, before its check
hold 5 h1
echo "BEGIN; INSERT INTO fs_recordings (source) VALUES ('$R/r1.txt');" >&5
idle h1
$RUN ingest --db "$PG" --fsload "$TMP/r1.txt" >"$TMP/out" 2>"$TMP/err" &
B=$!
waits_on $B h1
# h2: another writer's copy of the same columns, not committed yet
hold 6 h2
echo "BEGIN; INSERT INTO fs_recordings (source) VALUES ('held'); INSERT INTO fs_seen (rec, key, t0, t1) SELECT id, '$KEY', $T0, $T1 FROM fs_recordings WHERE source = 'held';" >&6
idle h2
echo "ROLLBACK;" >&5
exec 5>&-
waits_on $B h2
echo "COMMIT;" >&6
exec 6>&-
wait $B
is "$? $(cat "$TMP/err")" \
	"1 iolens ingest: cannot store '$TMP/r1.txt': $KEY at 2020-01-01T10:00:00Z: stored before from 'held' (a copy of a report stored already?)" \
	"the ingest that met the other's uncommitted copy: refused once it committed, naming it"
is "$(q "SELECT count(*) FROM fs_recordings WHERE source LIKE '%r1.txt'")" 0 \
	"and nothing of it stored"
is "$(q "SELECT count(*) FROM fs_seen WHERE key = '$KEY'")" 1 "the column held once"

# an older store: no constraint; opened for writing it gets it
q "ALTER TABLE fs_seen DROP CONSTRAINT fs_seen_once; DELETE FROM fs_seen WHERE rec IN (SELECT id FROM fs_recordings WHERE source = 'held'); DELETE FROM fs_recordings WHERE source = 'held'"
$RUN ingest --db "$PG" --fsload "$TMP/r1.txt" >/dev/null 2>"$TMP/err"
ok $? "an older store: the report stored ($(cat "$TMP/err"))"
is "$(q "SELECT count(*) FROM pg_constraint WHERE conname = 'fs_seen_once'")" 1 \
	"and the constraint added"
# one already holding a copy (an older merge-db): goes on without it,
# the check at ingest still refusing a new copy
q "ALTER TABLE fs_seen DROP CONSTRAINT fs_seen_once; INSERT INTO fs_recordings (source) VALUES ('old copy'); INSERT INTO fs_seen (rec, key, t0, t1) SELECT id, '$KEY', $T0, $T1 FROM fs_recordings WHERE source = 'old copy'"
mm d1 "10:00 5" >"$TMP/d1.txt"
$RUN ingest --db "$PG" --fsload "$TMP/d1.txt" >/dev/null 2>"$TMP/err"
ok $? "a store holding a copy already: still written to ($(cat "$TMP/err"))"
is "$(q "SELECT count(*) FROM pg_constraint WHERE conname = 'fs_seen_once'")" 0 \
	"without the constraint"
cp "$TMP/r1.txt" "$TMP/copy.txt"
$RUN ingest --db "$PG" --fsload "$TMP/copy.txt" >/dev/null 2>"$TMP/err"
is "$?" 1 "and a new copy still refused ($(cat "$TMP/err"))"

# merge-db into PostgreSQL: the copy in a shard left out
M=$(pg_newdb m) || { ok 1 "createdb m"; done_testing; exit; }
$RUN ingest --db "$TMP/a.db" --fsload "$TMP/r1.txt" >/dev/null 2>&1
$RUN ingest --db "$TMP/b.db" --fsload "$TMP/copy.txt" --fsload "$TMP/other.txt" >/dev/null 2>&1
$RUN merge-db "$M" "$TMP/a.db" "$TMP/b.db" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens merge-db: '$TMP/b.db': recording '$R/copy.txt': $KEY at 2020-01-01T10:00:00Z: stored before from '$R/r1.txt' (a copy of a report stored already?)" \
	"merge-db into PostgreSQL: the copy left out, exit 1"
is "$(pg_q m "SELECT source FROM fs_recordings ORDER BY id" | sed "s|$R/||" | tr '\n' ' ')" \
	"r1.txt other.txt " "the report and the other recording merged"

done_testing

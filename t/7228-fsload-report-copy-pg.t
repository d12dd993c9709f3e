#!/bin/sh
# t/7226's store part on PostgreSQL (a private server, t/pg/server.sh):
# a copy of a GPFS report ingested beside the report is refused, naming
# the recording that holds its columns (fs_seen there too); the report
# itself again is a replacement, and fsload --db counts each bucket once.
. "$(dirname "$0")/lib.sh"
. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP
PG=$(pg_newdb s) || { ok 1 "createdb"; done_testing; exit; }

printf 'Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n\nRow           Timestamp gpfs_nsdds_bytes_read\n  1 2020-01-01-10:00:00 100\n  2 2020-01-01-10:01:00 200\n' >"$TMP/r1.txt"
cp "$TMP/r1.txt" "$TMP/copy.txt"
rows() { awk -F, '$2 == "nsd" || $2 == "fs" { printf "%s %s %s;", $1, $3, $4 }'; }

$RUN ingest --db "$PG" --fsload "$TMP/r1.txt" >/dev/null 2>"$TMP/err"
ok $? "the report stored ($(cat "$TMP/err"))"
$RUN ingest --db "$PG" --fsload "$TMP/copy.txt" >/dev/null 2>"$TMP/err"
is "$? $(sed 's/ from .*(/ from R (/' "$TMP/err")" \
	"1 iolens ingest: cannot store '$TMP/copy.txt': srv1|d0|gpfs_nsdds_bytes_read at 2020-01-01T10:00:00Z: stored before from R (a copy of a report stored already?)" \
	"its copy: refused"
touch "$TMP/r1.txt"
$RUN ingest --db "$PG" --fsload "$TMP/r1.txt" >/dev/null 2>"$TMP/err"
ok $? "the report changed: stored again ($(cat "$TMP/err"))"
is "$($RUN fsload --format=csv --db "$PG" | rows)" "d0 300 0;all 300 0;" "fsload --db: each bucket once"

done_testing

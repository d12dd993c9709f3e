#!/bin/sh
# ingest --fsload: a GPFS report of file systems' bytes (GPFSFilesystem)
# into a store holding NSDs' bytes (GPFSNSDDisk), or the other way, is
# refused naming the recording of the other side, exit 1, and the store
# keeps what it had; a report of both sides is refused too.  fsload
# refuses the two sides given together (t/7227), so before, such a
# store took the second report (exit 0) and then fsload --db refused
# every window of it, with no way to give only one side.  SQLite, then
# PostgreSQL (a private server, t/pg/server.sh) when there is one.
. "$(dirname "$0")/lib.sh"
. "$TOP/t/pg/server.sh"

printf 'Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n\nRow           Timestamp gpfs_nsdds_bytes_read\n  1 2020-01-01-10:00:00 100\n  2 2020-01-01-10:01:00 200\n' >"$TMP/nsd.txt"
printf 'Legend:\n 1:\tn1|GPFSFilesystem|cl.example|fs1|gpfs_fs_bytes_read\n\nRow           Timestamp gpfs_fs_bytes_read\n  1 2020-01-01-10:00:00 100\n  2 2020-01-01-10:01:00 200\n' >"$TMP/fs.txt"
cat "$TMP/nsd.txt" "$TMP/fs.txt" >"$TMP/both.txt"
rows() { awk -F, '$2 == "nsd" || $2 == "gpfsfs" || $2 == "fs" { printf "%s %s;", $1, $3 }'; }
msg() { # msg <file> <its side> <stored file> <its side>
	echo "iolens ingest: cannot store '$TMP/$1.txt': $2 beside $4 stored from '$(cd "$TMP" && pwd -P)/$3.txt': the same traffic seen from both sides would count twice"
}
NSD="NSDs' bytes (GPFSNSDDisk)"
FS="GPFS file systems' bytes (GPFSFilesystem)"

# sides <store> <label>: the checks on one store
sides() {
	$RUN ingest --db "$1" --fsload "$TMP/nsd.txt" >/dev/null 2>"$TMP/err"
	ok $? "$2: NSDs' bytes stored ($(cat "$TMP/err"))"
	$RUN ingest --db "$1" --fsload "$TMP/fs.txt" >/dev/null 2>"$TMP/err"
	is "$? $(cat "$TMP/err")" "1 $(msg fs "$FS" nsd "$NSD")" \
		"$2: file systems' bytes beside them refused, naming the NSDs' recording"
	$RUN fsload --format=csv --db "$1" >"$TMP/d.csv" 2>"$TMP/err"
	is "$? $(rows <"$TMP/d.csv")" "0 d0 300;all 300;" \
		"$2: fsload --db still reads the store ($(cat "$TMP/err"))"
	$RUN ingest --db "$1" --fsload "$TMP/both.txt" >/dev/null 2>"$TMP/err"
	is "$? $(cat "$TMP/err")" \
		"1 iolens ingest: cannot store '$TMP/both.txt': $FS and $NSD together: the same traffic seen from both sides would count twice" \
		"$2: a report of both sides refused"
	touch "$TMP/nsd.txt"
	$RUN ingest --db "$1" --fsload "$TMP/nsd.txt" >/dev/null 2>"$TMP/err"
	ok $? "$2: the NSDs' report changed: stored again ($(cat "$TMP/err"))"
}
sides "$TMP/s.db" SQLite
$RUN ingest --db "$TMP/t.db" --fsload "$TMP/fs.txt" >/dev/null 2>&1
$RUN ingest --db "$TMP/t.db" --fsload "$TMP/nsd.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "1 $(msg nsd "$NSD" fs "$FS")" \
	"NSDs' bytes beside file systems' refused, naming theirs"
$RUN fsload --format=csv --db "$TMP/t.db" >"$TMP/d.csv" 2>"$TMP/err"
is "$? $(rows <"$TMP/d.csv")" "0 fs1 300;all 300;" "that store reads too ($(cat "$TMP/err"))"

if pg_start "$TMP/pg"; then
	trap 'pg_stop; rm -rf "$TMP"' EXIT
	trap 'exit 130' INT TERM HUP
	PG=$(pg_newdb s) && sides "$PG" PostgreSQL
else
	pg_stop
	skip "$PG_WHY" 5
fi
done_testing

#!/bin/sh
# fsload reads an LMT database on its MySQL/MariaDB server (mysql://
# URLs, libmariadb loaded when one is read), against a private server
# this test starts in its temporary directory (unix socket only) and
# stops at the end: the same tables in SQLite form and on the server
# give the same CSV, byte for byte: generated tables with a known reset
# and a gap (their bytes computed here), and with ../shared the snx11025
# window and the LMT database whose counters reset.  The password comes
# from MYSQL_PWD or password-file=, never from the URL; a refused
# password, an unknown database, a database without LMT's tables: one
# line, exit 1.
. "$(dirname "$0")/lib.sh"

command -v sqlite3 >/dev/null || skip_all "no sqlite3"
. "$TOP/t/my/server.sh"
# no option file of the user's (~/.my.cnf) in the way
HOME=$TMP
export HOME
t0=$(date +%s)
my_start "$TMP/my" || { my_stop; skip_all "$MY_WHY"; }
trap 'my_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP
diag "the server started in $(($(date +%s) - t0)) s"
url() { echo "mysql://root@localhost/$1?socket=$MYSOCK"; }
if $RUN fsload "$(url nodb)" 2>&1 | grep -q 'cannot load libmariadb'; then
	skip_all "libmariadb is not installed (Debian libmariadb3)"
fi

# LMT's tables in types both SQLite and MySQL take
cat >"$TMP/ddl.sql" <<'SQL'
CREATE TABLE FILESYSTEM_INFO (FILESYSTEM_ID INT PRIMARY KEY,
  FILESYSTEM_NAME VARCHAR(128), FILESYSTEM_MOUNT_NAME VARCHAR(128),
  SCHEMA_VERSION VARCHAR(32));
CREATE TABLE TIMESTAMP_INFO (TS_ID BIGINT PRIMARY KEY, TIMESTAMP DATETIME);
CREATE TABLE OST_INFO (OST_ID INT PRIMARY KEY, OSS_ID INT,
  OST_NAME VARCHAR(128), HOSTNAME VARCHAR(128), OFFLINE INT,
  DEVICE_NAME VARCHAR(128));
CREATE TABLE OST_DATA (OST_ID INT, TS_ID BIGINT, READ_BYTES BIGINT,
  WRITE_BYTES BIGINT, PCT_CPU DOUBLE, KBYTES_FREE BIGINT, KBYTES_USED BIGINT,
  INODES_FREE BIGINT, INODES_USED BIGINT, PRIMARY KEY (OST_ID, TS_ID));
CREATE TABLE OSS_INFO (OSS_ID INT, FILESYSTEM_ID INT, HOSTNAME VARCHAR(128),
  FAILOVERHOST VARCHAR(128), PRIMARY KEY (OSS_ID, HOSTNAME));
CREATE TABLE OSS_DATA (OSS_ID INT, TS_ID BIGINT, PCT_CPU DOUBLE,
  PCT_MEMORY DOUBLE, PRIMARY KEY (OSS_ID, TS_ID));
CREATE TABLE MDS_INFO (MDS_ID INT PRIMARY KEY, FILESYSTEM_ID INT,
  MDS_NAME VARCHAR(128), HOSTNAME VARCHAR(128), DEVICE_NAME VARCHAR(128));
CREATE TABLE MDS_DATA (MDS_ID INT, TS_ID BIGINT, PCT_CPU DOUBLE,
  KBYTES_FREE BIGINT, KBYTES_USED BIGINT, INODES_FREE BIGINT,
  INODES_USED BIGINT, PRIMARY KEY (MDS_ID, TS_ID));
CREATE TABLE OPERATION_INFO (OPERATION_ID INT PRIMARY KEY,
  OPERATION_NAME VARCHAR(128), UNITS VARCHAR(32));
CREATE TABLE MDS_OPS_DATA (MDS_ID INT, TS_ID BIGINT, OPERATION_ID INT,
  SAMPLES BIGINT, SUM DOUBLE, SUMSQUARES DOUBLE,
  PRIMARY KEY (MDS_ID, TS_ID, OPERATION_ID));
SQL

# generated: two OSTs every 5 s from 00:00:00; OST0000's counters reset
# after 00:00:25 (the server restarted) and 00:00:35 is missing (a gap).
# read: 1000 a step to 4000 at :20, 5500 at :25, 200 at :30 (a reset:
# 200 new), 900 at :40 across the gap = 1000 + 1000 + 1000 + 1000 + 1500
# + 200 + 700 = 6400.  written: 10 x read.  OST0001 reads 7 a step.
{
	cat "$TMP/ddl.sql"
	echo "INSERT INTO FILESYSTEM_INFO VALUES (1, 'gen', '/gen', '1.1');"
	echo "INSERT INTO OST_INFO VALUES (1, 1, 'gen-OST0000', 'oss0', 0, 'md0');"
	echo "INSERT INTO OST_INFO VALUES (2, 2, 'gen-OST0001', 'oss1', 0, 'md1');"
	echo "INSERT INTO OSS_INFO VALUES (1, 1, 'oss0', ''), (2, 1, 'oss1', '');"
	echo "INSERT INTO MDS_INFO VALUES (1, 1, 'gen-MDT0000', 'mds0', 'md9');"
	echo "INSERT INTO OPERATION_INFO VALUES (1, 'open', 'reqs'), (2, 'close', 'reqs');"
	i=0
	for r in 0 1000 2000 3000 4000 5500 200 - 900; do
		i=$((i + 1))
		ts=$(printf '2018-01-28 00:00:%02d' $(((i - 1) * 5)))
		echo "INSERT INTO TIMESTAMP_INFO VALUES ($i, '$ts');"
		[ "$r" = - ] && continue
		echo "INSERT INTO OST_DATA VALUES (1, $i, $r, $((r * 10)), 0.0, 900, 100, 5, 5);"
		echo "INSERT INTO OST_DATA VALUES (2, $i, $((i * 7)), 0, 0.0, 800, 200, 5, 5);"
		echo "INSERT INTO OSS_DATA VALUES (1, $i, $((i * 10)).5, 1.0), (2, $i, 3.25, 1.0);"
		echo "INSERT INTO MDS_DATA VALUES (1, $i, 12.5, 1000, $((i * 3)), 10, 10);"
		echo "INSERT INTO MDS_OPS_DATA VALUES (1, $i, 1, $((i * 4)), 0, 0), (1, $i, 2, $((i * 2)), 0, 0);"
	done
} >"$TMP/gen.sql"
sqlite3 "$TMP/gen.sqlite3" <"$TMP/gen.sql"
ok $? "the generated tables in SQLite form"
echo "CREATE DATABASE gen; CREATE DATABASE empty;" | my_q
my_q gen <"$TMP/gen.sql"
ok $? "the generated tables on the server"

csv() { $RUN fsload --format=csv "$@"; }
csv "$TMP/gen.sqlite3" >"$TMP/gen.lite.csv"
ok $? "fsload reads the SQLite form"
csv "$(url gen)" >"$TMP/gen.my.csv" 2>"$TMP/err"
ok $? "fsload reads mysql://root@localhost/gen ($(head -c 200 "$TMP/err"))"
cmp -s "$TMP/gen.lite.csv" "$TMP/gen.my.csv"
ok $? "generated: the server's CSV is the SQLite form's, byte for byte"
is "$(awk -F, '$1 == "gen-OST0000" { print $3, $4, $16, $18 }' "$TMP/gen.my.csv")" \
	"6400 64000 1 1" "generated: OST0000's bytes across the reset and the gap, 1 gap, 1 reset"
is "$(awk -F, '$1 == "gen-OST0001" { print $3 }' "$TMP/gen.my.csv")" 56 \
	"generated: OST0001 read 8 steps of 7 bytes"
is "$(awk -F, '$2 == "fs" { print $1, $3 }' "$TMP/gen.my.csv")" "gen 6456" \
	"generated: the file system's name and bytes from the server"
$RUN fsload --ops --format=csv "$(url gen)" >"$TMP/ops.my" &&
	$RUN fsload --ops --format=csv "$TMP/gen.sqlite3" >"$TMP/ops.lite" &&
	cmp -s "$TMP/ops.my" "$TMP/ops.lite"
ok $? "generated: metadata operations the same from both"
$RUN fsload "$(url gen)" | head -1 | grep -q '^gen (LMT (MySQL)):'
ok $? "the text names the server's form"

# the password: from a file when MYSQL_PWD is not set
echo "$MYSQL_PWD" >"$TMP/pw"
(unset MYSQL_PWD; csv "$(url gen)&password-file=$TMP/pw") >"$TMP/pwf.csv" 2>&1
cmp -s "$TMP/pwf.csv" "$TMP/gen.lite.csv"
ok $? "password-file= gives the password"
(unset MYSQL_PWD; $RUN fsload "$(url gen)") >/dev/null 2>"$TMP/err"
st=$?
is "$st $(wc -l <"$TMP/err" | tr -d ' ')" "1 1" "no password: exit 1, one line"
grep -q "Access denied" "$TMP/err"
ok $? "no password: the server's refusal said ($(cat "$TMP/err"))"
$RUN fsload "mysql://root:secret@localhost/gen?socket=$MYSOCK" >/dev/null 2>"$TMP/err"
st=$?
is "$st $(wc -l <"$TMP/err" | tr -d ' ')" "1 1" "a password in the URL: exit 1, one line"
grep -q "MYSQL_PWD or password-file" "$TMP/err"
ok $? "a password in the URL is refused, saying where it goes ($(cat "$TMP/err"))"
$RUN fsload "$(url nosuchdb)" >/dev/null 2>"$TMP/err"
st=$?
is "$st $(wc -l <"$TMP/err" | tr -d ' ')" "1 1" "an unknown database: exit 1, one line"
$RUN fsload "$(url empty)" >/dev/null 2>"$TMP/err"
st=$?
is "$st $(grep -c 'not an LMT database' "$TMP/err")" "1 1" \
	"a database without LMT's tables: not an LMT database"

# the shared corpus: the real tables, loaded as sqlite3 dumps them
T=$SHARED/corpus/tokio
if [ -f "$T/snx11025_2018-01-28.sqlite3" ] && [ -f "$T/lmtdb-reset.sqlite3" ]; then
	LA=America/Los_Angeles
	for f in snx11025_2018-01-28 lmtdb-reset; do
		db=$(echo "$f" | tr -c 'a-z0-9\n' _)
		{
			cat "$TMP/ddl.sql"
			for t in FILESYSTEM_INFO TIMESTAMP_INFO OST_INFO OST_DATA \
				OSS_INFO OSS_DATA MDS_INFO MDS_DATA OPERATION_INFO MDS_OPS_DATA; do
				sqlite3 -cmd ".mode insert $t" "$T/$f.sqlite3" "SELECT * FROM $t"
			done
		} >"$TMP/$db.sql"
		echo "CREATE DATABASE $db" | my_q && my_q "$db" <"$TMP/$db.sql"
		ok $? "$f: the LMT tables loaded into the server"
		TZ=$LA csv "$T/$f.sqlite3" >"$TMP/a.csv"
		TZ=$LA csv "$(url "$db")" >"$TMP/b.csv"
		cmp -s "$TMP/a.csv" "$TMP/b.csv"
		ok $? "$f: the server's CSV is the SQLite file's, byte for byte"
	done
	is "$(awk -F, '$2 == "fs" { print $1, $3, $4 }' "$TMP/a.csv" | head -1)" \
		"snx11168 69369856 1986386856" "lmtdb-reset: the whole's bytes from the server"
	TZ=$LA csv --from 2018-01-28T08:01:00Z --to 2018-01-28T08:03:30Z \
		"$T/snx11025_2018-01-28.sqlite3" >"$TMP/a.csv"
	TZ=$LA csv --from 2018-01-28T08:01:00Z --to 2018-01-28T08:03:30Z \
		"$(url snx11025_2018_01_28)" >"$TMP/b.csv"
	cmp -s "$TMP/a.csv" "$TMP/b.csv" && [ -s "$TMP/a.csv" ]
	ok $? "snx11025: a --from/--to window the same from both"
else
	skip "no corpus/tokio in ../shared" 6
fi
diag "the test took $(($(date +%s) - t0)) s with the server's start"
done_testing

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
# line, exit 1.  ingest --fsload keeps what the server gave in a store.
# A window (--from/--to) is read only around it: the SQL bounds the time
# stamps, and the output is the whole read then windowed.
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

. "$TOP/t/fs/lmtgen.sh"
lmt_ddl >"$TMP/ddl.sql"
lmt_gen >"$TMP/gen.sql"
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

# a window of a long recording: the SQL's WHERE bounds the time stamps
# (the window and IOL_LMT_PAD, 2 h, either side), and the output is the
# whole recording's read then windowed (the store keeps the whole: ingest
# reads without a window), byte for byte, from the server and the SQLite
# form alike
lmt_long >"$TMP/long.sql"
sqlite3 "$TMP/long.sqlite3" <"$TMP/long.sql" &&
	echo "CREATE DATABASE lng" | my_q && my_q lng <"$TMP/long.sql" &&
	echo "ANALYZE TABLE TIMESTAMP_INFO, OST_DATA, OSS_DATA, MDS_DATA, MDS_OPS_DATA" |
	my_q lng >/dev/null
# (ANALYZE: the statistics a server that has kept LMT for a while has,
# by which it reads a window through the index on TIMESTAMP)
ok $? "a day of LMT on the server and in SQLite form"
$RUN ingest --db "$TMP/long.db" --fsload "$TMP/long.sqlite3" >/dev/null
# rows the server's tables gave: its handlers' reads, every kind
rows() { echo "SHOW GLOBAL STATUS LIKE 'Handler_read%'" | my_q | awk '{ n += $2 } END { print n + 0 }'; }
n0=$(rows)
csv "$(url lng)" >/dev/null
n1=$(rows)
echo "SET GLOBAL general_log_file = '$TMP/my/q.log'; SET GLOBAL general_log = 1" | my_q
for w in "--from 2018-01-28T06:00:00Z --to 2018-01-28T06:30:00Z" \
	"--from 2018-01-28T06:09:30Z --to 2018-01-28T06:15:20Z" \
	"--from 2018-01-28T05:00:00Z" "--to 2018-01-28T07:00:00Z"; do
	for v in "" --ops --intervals "--interval 5m"; do
		csv $v $w --db "$TMP/long.db" >"$TMP/whole.csv"
		csv $v $w "$(url lng)" >"$TMP/my.csv" 2>&1
		csv $v $w "$TMP/long.sqlite3" >"$TMP/lite.csv" 2>&1
		cmp -s "$TMP/whole.csv" "$TMP/my.csv" && cmp -s "$TMP/whole.csv" "$TMP/lite.csv"
		ok $? "long: ${v:+$v }$w: the whole read then windowed, byte for byte"
	done
done
echo "SET GLOBAL general_log = 0" | my_q
# time stamps written "2018-01-28T06:00:00": the bounds as the table
# writes them (a space sorts before the T)
cp "$TMP/long.sqlite3" "$TMP/longT.sqlite3"
sqlite3 "$TMP/longT.sqlite3" "UPDATE TIMESTAMP_INFO SET TIMESTAMP = replace(TIMESTAMP, ' ', 'T')"
w="--from 2018-01-28T06:00:00Z --to 2018-01-28T06:30:00Z"
csv $w "$TMP/longT.sqlite3" >"$TMP/t.csv" 2>&1
csv $w --db "$TMP/long.db" >"$TMP/whole.csv"
cmp -s "$TMP/whole.csv" "$TMP/t.csv"
ok $? "long, time stamps with a T: the same window"
# 06:00 to 06:30: 361000 to 375000 across the gap at 06:10, 500 after
# the restart, 500 to 15500
csv --from 2018-01-28T06:00:00Z --to 2018-01-28T06:30:00Z "$(url lng)" >"$TMP/my.csv"
is "$(awk -F, '$1 == "long-OST0000" { print $3, $4, $16, $18 }' "$TMP/my.csv")" \
	"$((375000 - 361000 + 500 + 15500 - 500)) $((10 * (375000 - 361000 + 500 + 15500 - 500))) 1 1" \
	"long: the window's bytes across the gap and the reset, 1 gap, 1 reset"
grep -q "WHERE t.TIMESTAMP >= '2018-01-28 04:00:00' AND t.TIMESTAMP <= '2018-01-28 08:30:00' ORDER BY i.OST_NAME" "$TMP/my/q.log"
ok $? "the query of the OSTs' bytes bounds the time stamps (06:00-06:30, 2 h either side)"
grep -q "WHERE t.TIMESTAMP <= '2018-01-28 09:00:00' ORDER BY o.OPERATION_NAME" "$TMP/my/q.log"
ok $? "an open start: only the end bounded"
n2=$(rows)
csv --from 2018-01-28T06:00:00Z --to 2018-01-28T06:30:00Z "$(url lng)" >/dev/null
n3=$(rows)
[ $((n3 - n2)) -gt 0 ] && [ $((3 * (n3 - n2))) -lt $((n1 - n0)) ]
ok $? "the server read $((n3 - n2)) rows for the window, $((n1 - n0)) for the whole"

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

# the store keeps what the server gave (ingest --fsload), read again each
# time: a server's URL has no size or mtime to tell it unchanged
$RUN ingest --db "$TMP/s.db" --fsload "$(url gen)" >"$TMP/out" 2>"$TMP/err"
ok $? "ingest --fsload mysql://... ($(cat "$TMP/err"))"
csv --db "$TMP/s.db" >"$TMP/st.csv"
cmp -s "$TMP/st.csv" "$TMP/gen.lite.csv"
ok $? "fsload --db: the stored series give the SQLite form's CSV"
$RUN ingest --db "$TMP/s.db" --fsload "$(url gen)" >"$TMP/out"
grep -q "stored again (replaced)" "$TMP/out" &&
	[ "$(sqlite3 "$TMP/s.db" 'SELECT count(*) FROM fs_recordings')" = 1 ]
ok $? "ingested again: read again and replaced, kept once ($(cat "$TMP/out"))"

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

#!/bin/sh
# Jobs in the file system's weather: fsload --db joins the jobs of a
# population store (written here with sqlite3) to the snx11025 LMT window
# (../shared/corpus/tokio); each job's file-system bytes, other traffic,
# server CPU and metadata operations while it ran are those sqlite3
# computes from the LMT tables.
. "$(dirname "$0")/lib.sh"
need_shared
T=$SHARED/corpus/tokio
DB=$T/snx11025_2018-01-28.sqlite3
[ -f "$DB" ] || skip_all "no corpus/tokio"
command -v sqlite3 > /dev/null || skip_all "no sqlite3"
export TZ=America/Los_Angeles	# LMT's local time: NERSC's

# 1517126460 .. 1517126520 is 08:01:00Z .. 08:02:00Z, 00:01 to 00:02 local
sqlite3 "$TMP/pop.db" "CREATE TABLE jobs (id INTEGER PRIMARY KEY,
	path TEXT NOT NULL UNIQUE, user TEXT, app TEXT, start_time REAL,
	end_time REAL, bytes_read INTEGER, bytes_written INTEGER);
	INSERT INTO jobs VALUES
	(1, '/logs/a.darshan', 'alice', 'vpic', 1517126460, 1517126520, 0, 20000000000),
	(2, '/logs/b.darshan', 'bob', 'ior', 1517126400, 1517126700, 5000000000, 0),
	(3, '/logs/c.darshan', 'carol', 'late', 1517130000, 1517130100, 1, 1);"

q() { sqlite3 "$DB" "$1"; }
at() { echo "(SELECT TS_ID FROM TIMESTAMP_INFO WHERE TIMESTAMP = '2018-01-28 $1')"; }
fs=$(q "SELECT sum(b.READ_BYTES + b.WRITE_BYTES - a.READ_BYTES - a.WRITE_BYTES)
	FROM OST_DATA a JOIN OST_DATA b ON a.OST_ID = b.OST_ID
	WHERE a.TS_ID = $(at 00:01:00) AND b.TS_ID = $(at 00:02:00)")
ops=$(q "SELECT sum(b.SAMPLES - a.SAMPLES) FROM MDS_OPS_DATA a JOIN MDS_OPS_DATA b
	ON a.OPERATION_ID = b.OPERATION_ID AND a.MDS_ID = b.MDS_ID
	WHERE a.TS_ID = $(at 00:01:00) AND b.TS_ID = $(at 00:02:00)")
in_run="TS_ID BETWEEN $(at 00:01:00) AND $(at 00:02:00)"
oss=$(q "SELECT printf('%.4f', avg(PCT_CPU)) FROM OSS_DATA WHERE $in_run")
mds=$(q "SELECT printf('%.4f', avg(PCT_CPU)) FROM MDS_DATA WHERE $in_run")

$RUN fsload --db "$TMP/pop.db" --jobs --format=csv "$DB" > "$TMP/j.csv"
ok $? "fsload --db --jobs"
is "$(head -1 "$TMP/j.csv")" \
	"id,path,app,user,start,end,read_bytes,write_bytes,fs_bytes,other_bytes,share_pct,fs_mean_bps,fs_peak_bps,server_cpu_pct,server_cpu_peak_pct,mds_cpu_pct,md_ops,inside" \
	"the jobs table's columns"
is "$(awk -F, '$1 == 1 { print $9, $10 }' "$TMP/j.csv")" "$fs $((fs - 20000000000))" \
	"job 1: the file system's bytes in its minute (sqlite3: $fs), the other traffic"
is "$(awk -F, '$1 == 1 { printf "%.4f %.4f %s", $14, $16, $17 }' "$TMP/j.csv")" "$oss $mds $ops" \
	"job 1: OSS and MDS CPU means and metadata operations in its run are the tables'"
is "$(awk -F, '$1 == 1 { printf "%.2f", $11 }' "$TMP/j.csv")" \
	"$(echo "$fs" | awk '{ printf "%.2f", 100 * 20000000000 / $1 }')" \
	"job 1: its share of the file system's bytes"
is "$(awk -F, '$1 == 3 { print $9 "|" $10 "|" $11 "|" $18 }' "$TMP/j.csv")" "|||0" \
	"a job outside the recording: no weather, not zeros"
$RUN fsload --db "$TMP/pop.db" "$DB" > "$TMP/t.txt"
ok $? "text with --db"
is "$(sed -n '/^jobs of /,$p' "$TMP/t.txt" | awk 'NR > 2 && $1 ~ /^[0-9]+$/ && $2 != "columns" { print $1 }' | tr '\n' ' ')" "2 1 " \
	"text: the jobs that ran while the file system was recorded"
$RUN fsload --jobs "$DB" > /dev/null 2>&1
is $? 2 "--jobs without --db is a usage error"

# context --fsload: a job of a store made by ingest, moved into the
# window's minute, in the same weather
L=$(ls "$TOP"/sample-logs/ior/ior_posix_n1_t4m/*.darshan | head -1)
$RUN ingest --db "$TMP/ctx.db" "$L" > /dev/null 2>&1
sqlite3 "$TMP/ctx.db" "UPDATE jobs SET start_time = 1517126460, end_time = 1517126520"
jb=$(sqlite3 "$TMP/ctx.db" "SELECT bytes_read + bytes_written FROM jobs")
$RUN context --db "$TMP/ctx.db" --fsload "$DB" --format=csv "$L" > "$TMP/c.csv"
ok $? "context --fsload"
is "$(tail -1 "$TMP/c.csv" | cut -d, -f2-4,8)" "1,$fs,$((fs - jb)),$ops" \
	"context: the file system's bytes in the job's run, the other traffic, metadata operations"
$RUN context --db "$TMP/ctx.db" --fsload "$DB" "$L" > "$TMP/c.txt"
grep -q '^File-system weather' "$TMP/c.txt"
ok $? "context text: the file-system weather"
# a recording that cannot be read: its name and the reason, once (the
# message was once written into the buffer it was read from)
$RUN context --db "$TMP/ctx.db" --fsload "$TMP/nope.sqlite3" "$L" > /dev/null 2> "$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens context: cannot read '$TMP/nope.sqlite3': No such file or directory" \
	"context --fsload of a missing recording: exit 1, its name and the reason"

done_testing

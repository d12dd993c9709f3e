#!/bin/sh
# iolens iostat on small recordings written here: the sysstat 11 column
# set with AM/PM times and several devices, repeated headers; bad input
# gives one line-numbered message and exit 1 (--lenient skips); the
# join with a population store (--db) on numbers worked out by hand.
. "$(dirname "$0")/lib.sh"

# sysstat 11, 60 s, two devices, 12-hour clock
cat > "$TMP/s11.txt" <<'T'
Linux 4.15.0-50-generic (node7) 	01/02/2019 	_x86_64_	(8 CPU)

01/02/2019 10:00:00 AM
Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util
sda               0.00     0.00    1.00    2.00   100.00   200.00     8.00     0.00    0.00    0.00    0.00   0.00   1.00
sdb               0.00     0.00    0.00    0.00     0.00     0.00     0.00     0.00    0.00    0.00    0.00   0.00   0.00

01/02/2019 10:01:00 AM
Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util
sda               0.00     0.00    1.00    2.00   100.00   200.00     8.00     0.00    0.00    0.00    0.00   0.00   1.00
sdb               0.00     0.00    0.00    0.00     0.00    10.00     0.00     0.00    0.00    0.00    0.00   0.00   0.50

01/02/2019 12:02:00 PM
Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util
sda               0.00     0.00    0.00    0.00     0.00     0.00     0.00     0.00    0.00    0.00    0.00   0.00   0.00
sdb               0.00     0.00    0.00    0.00     0.00     0.00     0.00     0.00    0.00    0.00    0.00   0.00   0.00
T
$RUN iostat --intervals --format=csv "$TMP/s11.txt" > "$TMP/i.csv"
ok $? "sysstat 11 text reads"
is "$(awk -F, '$1 == "sda" { print $2, $4, $5 }' "$TMP/i.csv" | head -2 | tr '\n' ' ')" \
	"2019-01-02T09:59:00Z 6144000 12288000 2019-01-02T10:00:00Z 6144000 12288000 " \
	"sda: 100 and 200 kB/s over the first interval (taken as long as the second, 60 s)"
is "$(awk -F, '$1 == "sdb" { s += $5 } END { print s }' "$TMP/i.csv")" 614400 \
	"sdb: 10 kB/s for 60 s"
is "$(awk -F, '$1 == "all" { s += $4 + $5 } END { print s }' "$TMP/i.csv")" \
	$((2 * 6144000 + 2 * 12288000 + 614400)) "all: the sum of the devices"
$RUN iostat --summary --format=csv "$TMP/s11.txt" | awk -F, '$1 == "sda" { print $3 }' > "$TMP/end"
is "$(cat "$TMP/end")" "2019-01-02T12:02:00Z" "12:02 PM is 12:02, and the gap of 2 h stays in the grid"

# bad input: one line naming the line, exit 1; --lenient goes on
sed '10s/100.00/1x0.00/' "$TMP/s11.txt" > "$TMP/bad.txt"
$RUN iostat "$TMP/bad.txt" > /dev/null 2> "$TMP/err"
is "$?" 1 "a corrupt device line exits 1"
is "$(cat "$TMP/err")" "iolens iostat: cannot read '$TMP/bad.txt': line 10: not a device line of 14 numeric columns" \
	"the message names the line"
$RUN iostat --lenient --format=csv "$TMP/bad.txt" > /dev/null 2> "$TMP/err"
is "$?" 0 "--lenient skips it"
is "$(cat "$TMP/err")" "iolens iostat: warning: 1 bad lines skipped" "and says so"
printf 'hello\n' > "$TMP/junk"
$RUN iostat "$TMP/junk" > /dev/null 2> "$TMP/err"
is "$?" 1 "not a recording: exit 1"
is "$(cat "$TMP/err")" "iolens iostat: cannot read '$TMP/junk': line 1: not an iostat -x -t, iostat JSON or diskstats recording" \
	"and says which formats it knows"
printf '{"sysstat": {"hosts": [{"statistics": [{"timestamp": "01/02/19 10:00:00", "disk": [{"disk_device": "sda", "rkB/s": 1.0,}]}]}]}}\n' > "$TMP/bad.json"
$RUN iostat "$TMP/bad.json" > /dev/null 2> "$TMP/err"
is "$?" 1 "bad JSON exits 1"
grep -q "line 1: expected a string" "$TMP/err"
ok $? "bad JSON: the message names the line ($(cat "$TMP/err"))"
printf '=== 2026-11-21T00:00:00Z\n 8 0 sda 1 2 3\n' > "$TMP/bad.ds"
$RUN iostat "$TMP/bad.ds" > /dev/null 2> "$TMP/err"
grep -q "line 2: not a /proc/diskstats line" "$TMP/err"
ok $? "bad diskstats line: line 2 named"
printf '=== 2026-11-21T00:00:10Z\n 8 0 sda 1 0 8 0 1 0 8 0 0 0 0\n=== 2026-11-21T00:00:05Z\n 8 0 sda 1 0 8 0 1 0 8 0 0 0 0\n' > "$TMP/back.ds"
$RUN iostat "$TMP/back.ds" > /dev/null 2> "$TMP/err"
grep -q "line 3: snapshot time goes back" "$TMP/err"
ok $? "snapshots going back in time are refused"
cat "$TMP/s11.txt" "$TMP/s11.txt" > "$TMP/twice.txt"
$RUN iostat "$TMP/s11.txt" "$TMP/s11.txt" > /dev/null 2> "$TMP/err"
is "$?" 1 "the same period given twice is refused"

# the join: sda writes 1000 sectors (512000 B) in each of two 10 s
# intervals; a job runs 5 s..15 s writing 100000 B (half in each
# interval: 50000 B), another from 100 s to 110 s (outside)
cat > "$TMP/j.ds" <<'T'
=== 2026-11-21T00:00:00Z
 8 0 sda 0 0 0 0 0 0 0 0 0 0 0
=== 2026-11-21T00:00:10Z
 8 0 sda 0 0 0 0 10 0 1000 0 0 5000 0
=== 2026-11-21T00:00:20Z
 8 0 sda 0 0 0 0 20 0 2000 0 0 10000 0
T
if command -v sqlite3 > /dev/null; then
	t0=$(date -u -d 2026-11-21T00:00:00Z +%s)
	sqlite3 "$TMP/pop.db" "CREATE TABLE jobs (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, user TEXT, app TEXT, start_time REAL, end_time REAL, bytes_read INTEGER, bytes_written INTEGER);
		INSERT INTO jobs VALUES (1, '/logs/a.darshan', 'alice', 'ior', $t0 + 5, $t0 + 15, 0, 100000);
		INSERT INTO jobs VALUES (2, '/logs/b.darshan', 'bob', 'dd', $t0 + 100, $t0 + 110, 7, 0);
		INSERT INTO jobs VALUES (3, '/logs/c.darshan', 'bob', 'dd', NULL, NULL, 7, 0);"
	$RUN iostat --db "$TMP/pop.db" --format=csv "$TMP/j.ds" > "$TMP/w.csv" 2> "$TMP/err"
	ok $? "iostat --db exits 0"
	is "$(cat "$TMP/err")" "iolens iostat: warning: '$TMP/pop.db': 1 jobs without start or end time left out" \
		"a job without times is counted, not joined"
	is "$(sed 1d "$TMP/w.csv" | cut -d, -f3-6 | tr '\n' ' ')" \
		"512000,50000,9.765625,1 512000,50000,9.765625,1 " \
		"per interval: device bytes, job bytes (spread uniformly), coverage in percent as the text says it, jobs"
	$RUN iostat --db "$TMP/pop.db" --jobs --format=csv "$TMP/j.ds" > "$TMP/j.csv" 2>/dev/null
	is "$(awk -F, '$1 == 1 { print $9, $10, $11, $12, $13 }' "$TMP/j.csv")" \
		"10000 51200 51200 9.765625 1" \
		"job 1: 10 kB/s of its own while the device did 51.2 kB/s; its 100000 B of the 1024000 B of its two intervals"
	is "$(awk -F, '$1 == 2 { print $13 }' "$TMP/j.csv")" 0 "job 2 lies outside the recording"
	$RUN iostat --db "$TMP/pop.db" "$TMP/j.ds" 2>/dev/null | grep -q "jobs explain 9.8% of the device's bytes"
	ok $? "text: the overall coverage, 100000 of 1024000 bytes"
	printf 'not a database' > "$TMP/no.db"
	$RUN iostat --db "$TMP/no.db" "$TMP/j.ds" > /dev/null 2> "$TMP/err"
	is "$?" 1 "--db on a file that is not a store exits 1"
else
	echo "ok 99 # skip sqlite3 is not installed"
fi

# recordings as they end when the recorder is killed (issue 24): a JSON
# document left unfinished and a text recording cut mid-line read up to
# the cut, with one warning naming the line, and exit 0
{ head -10 "$TMP/s11.txt"; sed -n 11p "$TMP/s11.txt" | head -c 40; } > "$TMP/cut.txt"
$RUN iostat --intervals --format=csv "$TMP/cut.txt" > "$TMP/cut.csv" 2> "$TMP/err"
is "$?" 0 "a text recording cut mid-line reads without --lenient"
is "$(cat "$TMP/err")" "iolens iostat: warning: '$TMP/cut.txt': the recording ends early, cut in line 11 (the recorder was stopped while writing); the samples before it are read" \
	"one warning names the line of the cut"
is "$(grep -c '^sda,' "$TMP/cut.csv")" 2 "sda's two whole lines before the cut are read"
j1='{"sysstat": {"hosts": [{"statistics": [
{"timestamp": "01/02/19 10:00:00", "disk": [{"disk_device": "sda", "rkB/s": 1.0, "wkB/s": 2.0}]},
{"timestamp": "01/02/19 10:01:00", "disk": [{"disk_device": "sda", "rkB/s": 1.0, "wkB/s": 2.0}]},
{"timestamp": "01/02/19 10:02:00", "disk": [{"disk_device": "sda", "rkB/s": 1.0, "wkB/s": 2.0}]}'
printf '%s\n' "$j1" > "$TMP/cut.json"
$RUN iostat --intervals --format=csv "$TMP/cut.json" > "$TMP/cut.csv" 2> "$TMP/err"
is "$?" 0 "an unterminated JSON document (iostat killed by SIGTERM) reads"
is "$(cat "$TMP/err")" "iolens iostat: warning: '$TMP/cut.json': the JSON document ends early, cut in line 4 (the recorder was stopped while writing); the samples before it are read" \
	"one warning says where it ends"
is "$(grep -c '^sda,' "$TMP/cut.csv")" 3 "all three samples are read"
printf '%s\n{"timestamp": "01/02/19 10:03:00", "disk": [{"disk_device": "sda", "rkB/s": 1.' "$j1" > "$TMP/cut2.json"
$RUN iostat --lenient --intervals --format=csv "$TMP/cut2.json" > "$TMP/cut.csv" 2> "$TMP/err"
is "$?:$(grep -c '^sda,' "$TMP/cut.csv")" "0:3" "cut inside a sample: the whole samples before it, with or without --lenient"
grep -q "cut in line 5" "$TMP/err"
ok $? "and the line of the cut is named"
printf '%s]}]}}\nx\n' "$j1" > "$TMP/bad2.json"
$RUN iostat "$TMP/bad2.json" > /dev/null 2>&1
is "$?" 1 "text after the document is still an error, not a cut"
printf '%s\n{"timestamp": "01/02/19 10:03:00", "disk": [{"disk_device": "sda", "rkB/s": 1.0,}\n]}]}]}}\n' "$j1" > "$TMP/bad3.json"
$RUN iostat "$TMP/bad3.json" > /dev/null 2>&1
is "$?" 1 "a syntax error before the last line is still an error"

done_testing

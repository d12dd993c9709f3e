#!/bin/sh
# iolens context --iostat: the job's I/O weather.  A hand-made diskstats
# recording of one device around a sample job's run (10 s, 20 MiB read and
# 10 MiB written) gives the device's mean rate and the job's share of the
# device's bytes, computed here with awk from the recording and from the
# job's own bytes; the job report's context page says the same.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
DB=$TMP/s.db
$RUN ingest --db "$DB" "$LOG" >/dev/null 2>&1
ok $? "ingest of one sample log"
set -- $(sqlite3 -separator ' ' "$DB" 'SELECT start_time, bytes_read + bytes_written FROM jobs')
start=$1 jbytes=$2
# a recording from 2 s before the job's start to 8 s after, one interval
t0=$(awk -v s="$start" 'BEGIN { printf "%d", s - 2 }')
t1=$((t0 + 10))
iso() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%S.000000Z; }
{
	echo "=== $(iso $t0) epoch=$t0.000000"
	echo "   8       0 sda 100 0 1000 10 50 0 2000 20 0 30 30 0 0 0 0 0 0"
	echo "=== $(iso $t1) epoch=$t1.000000"
	# + 40960 sectors read (20 MiB), + 20480 written (10 MiB)
	echo "   8       0 sda 200 0 41960 20 150 0 22480 40 0 60 60 0 0 0 0 0 0"
} >"$TMP/disk.txt"
$RUN context --db "$DB" --iostat "$TMP/disk.txt" --format=csv "$LOG" >"$TMP/out" 2>"$TMP/err"
ok $? "context --iostat exits 0"
is "$(cat "$TMP/err")" "" "no message"
row=$(tail -n 1 "$TMP/out")
is "$(echo "$row" | cut -d, -f2)" 1 "the run lies inside the recording"
is "$(echo "$row" | cut -d, -f3 | awk '{ printf "%.0f", $1 }')" \
	"$(awk 'BEGIN { printf "%.0f", 30 * 1048576 / 10 }')" \
	"device mean rate: 30 MiB over 10 s"
is "$(echo "$row" | cut -d, -f6 | awk '{ printf "%.6f", $1 }')" \
	"$(awk -v j="$jbytes" 'BEGIN { printf "%.6f", 100 * j / (30 * 1048576) }')" \
	"the job's share: its bytes over the device's bytes of its interval"
$RUN context --db "$DB" --iostat "$TMP/disk.txt" "$LOG" >"$TMP/text"
grep -q '^  device  3.00 MiB/s mean' "$TMP/text"
ok $? "text: the device's mean in MiB/s"
is "$(sed -n '/I\/O weather/,$p' "$TMP/text" | grep -c 'MiB/s')" 1 "text: one MiB/s line, the device's; the job's MiB/s is the table's mib_s alone"
grep -q '^  the job [0-9.]* % of the device' "$TMP/text"
ok $? "text: the job's share in percent"
$RUN context --db "$DB" --iostat "$TMP/nope" "$LOG" >/dev/null 2>"$TMP/err"
is "$?" 1 "a missing recording is a data error"
is "$(wc -l <"$TMP/err")" 1 "... with one line"
# the job report's context page carries the same weather
$RUN report --db "$DB" --iostat "$TMP/disk.txt" -o "$TMP/r.pdf" "$LOG" 2>"$TMP/err"
ok $? "report --db --iostat exits 0"
if command -v pdftotext >/dev/null; then
	pdftotext "$TMP/r.pdf" - | tr '\n' ' ' | grep -q 'moved 3.00 MiB/s on average'
	ok $? "the report's context page gives the device's mean rate"
fi
$RUN report --iostat "$TMP/disk.txt" -o "$TMP/r2.pdf" "$LOG" 2>"$TMP/err"
is "$?" 2 "--iostat without --db is a usage error"

# a log the store does not hold (decoded as summary does) has the same
# run, so the same weather: its end was left at 0, and the device's mean
# read as unknown
OTHER=$(ls "$SAMPLES"/ior/*/*.darshan | grep -v ior_posix_n1_t4m | head -1)
$RUN ingest --db "$TMP/other.db" "$OTHER" >/dev/null 2>&1
$RUN context --db "$TMP/other.db" --iostat "$TMP/disk.txt" --format=csv "$LOG" >"$TMP/o.csv" 2>"$TMP/err"
ok $? "context --iostat of a log not in the store exits 0"
is "$(tail -n 1 "$TMP/o.csv" | cut -d, -f2-)" "$(echo "$row" | cut -d, -f2-)" \
	"... with the weather of the same job in the store: device mean and peak, the job's rate and share"
done_testing

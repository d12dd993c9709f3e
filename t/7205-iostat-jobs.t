#!/bin/sh
# The population's jobs inside the device's bytes: a store made here with
# sqlite3 from manifest.tsv holds, per job, the bytes that must reach the
# disk (writes of the applications that fsync: IOR -e, dd conv=fsync; the
# O_DIRECT reads of readmostly; IOR's other reads come from the page
# cache and mdtest/python writes may never be written back, README.md),
# and for each burst of the campaign the device moved at least those
# bytes.  Windows run from the start of the idle gap before a burst to
# the end of the gap after it, so writeback lag stays inside.
# When the binary has `iolens ingest` (the population store), the same
# check runs on a store it made from the logs, Darshan's own bytes kept
# for the same applications (STORE_DB names such a store made elsewhere).
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population manifest"
command -v sqlite3 > /dev/null || skip_all "sqlite3 is not installed"

sqlite3 "$TMP/pop.db" ".mode tabs" ".import $POP/manifest.tsv manifest" \
	"CREATE TABLE jobs (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE,
	   user TEXT, app TEXT, start_time REAL, end_time REAL,
	   bytes_read INTEGER, bytes_written INTEGER);
	 INSERT INTO jobs SELECT seq, log_file, user, app,
	   (julianday(start_utc) - 2440587.5) * 86400.0,
	   (julianday(end_utc) - 2440587.5) * 86400.0,
	   CASE WHEN app = 'readmostly' THEN gt_read_bytes ELSE 0 END,
	   CASE WHEN app IN ('ckpt-n1', 'ckpt-fpp', 'dd', 'turb-small',
	     'turb-coll', 'esm-rank0', 'h5-ckpt', 'io-agg')
	     THEN gt_write_bytes ELSE 0 END
	 FROM manifest;"
is "$(sqlite3 "$TMP/pop.db" 'SELECT count(*) FROM jobs')" 406 "a store of the 406 jobs"

stores="$TMP/pop.db"
if [ -n "${STORE_DB:-}" ] || "$IOLENS" --help 2>&1 | grep -q '^ *ingest '; then
	if [ -n "${STORE_DB:-}" ]; then
		cp "$STORE_DB" "$TMP/ingest.db"
	else
		$RUN ingest --db "$TMP/ingest.db" "$POP/logs" > /dev/null 2>&1
	fi
	ok $? "a store made by iolens ingest"
	sqlite3 "$TMP/ingest.db" "UPDATE jobs SET
		bytes_read = CASE WHEN app = 'readmostly' THEN bytes_read ELSE 0 END,
		bytes_written = CASE WHEN app IN ('ckpt-n1', 'ckpt-fpp', 'dd',
		  'turb-small', 'turb-coll', 'esm-rank0', 'h5-ckpt', 'io-agg')
		  THEN bytes_written ELSE 0 END"
	is "$(sqlite3 "$TMP/ingest.db" 'SELECT count(*) FROM jobs')" 406 "ingest: 406 jobs"
	stores="$stores $TMP/ingest.db"
fi
epoch() { date -u -d "$1" +%s; }
tail -n +2 "$POP/idle-gaps.tsv" | cut -f2,3 > "$TMP/gaps"
for db in $stores; do
	name=${db##*/}
	$RUN iostat --db "$db" --format=csv "$POP/iostat/diskstats-5s.txt" > "$TMP/w.csv"
	ok $? "$name: iostat --db on the diskstats recording"
	# windows: gap k start .. gap k+1 end, k = 1..4 (idle-gaps.tsv rows)
	k=0
	prev=
	while IFS='	' read -r s e; do
		k=$((k + 1))
		if [ -n "$prev" ]; then
			ws=$(epoch "$prev") we=$(epoch "$e")
			awk -F, -v ws="$ws" -v we="$we" 'NR > 1 {
				cmd = "date -u -d " $1 " +%s"; cmd | getline t; close(cmd)
				if (t >= ws && t < we) { d += $3; j += $4 } }
				END { printf "%.0f %.0f\n", d, j }' "$TMP/w.csv" > "$TMP/b"
			read -r dev job < "$TMP/b"
			diag "$name: burst $((k - 1)): device $dev B, jobs that must reach it $job B"
			awk -v d="$dev" -v j="$job" 'BEGIN { exit !(j > 0 && d >= j) }'
			ok $? "$name: burst $((k - 1)): the device moved at least the jobs' synced bytes"
		fi
		prev=$s
	done < "$TMP/gaps"
done

done_testing

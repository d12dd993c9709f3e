#!/bin/sh
# A store keeps the rewrites of files written by nonblocking MPI-IO calls
# (job-row fields redundant_nb_bytes, redundant_nb_time; issue 34, round
# 55) and `triage --db` stakes them at MPI-IO's time as triage of the log
# does: r55-iwall's REDUNDANT is under the floor (0.299 s, not POSIX's
# 1.023 s).  A store made before the fields (their columns dropped)
# keeps main's reading: POSIX's time, REDUNDANT warns.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to read the store"
D=$TOP/t/data/triage-round55
mkdir "$TMP/logs"
cp "$D/r55-iwall.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r55-iwall"
is "$(sqlite3 "$TMP/s.db" 'SELECT redundant_nb_bytes, round(redundant_nb_time, 3) FROM jobs')" \
	"234881024.0|0.299" "the store keeps redundant_nb_bytes and redundant_nb_time"
codes_db() { # store: the job's warn and high codes
	db_codes --db "$1"
}
has() { # words word: 0 when word is among them
	case " $1 " in *" $2 "*) echo 0 ;; *) echo 1 ;; esac
}
c=$(codes_db "$TMP/s.db")
is "$(has "$c" IOL-REDUNDANT)" 1 "the store: no REDUNDANT, as the log's triage ($c)"
cp "$TMP/s.db" "$TMP/old.db"
sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN redundant_nb_bytes' 2>/dev/null &&
	sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN redundant_nb_time' 2>/dev/null
if [ $? -ne 0 ]; then
	skip "sqlite3 cannot drop a column"
else
	c=$(codes_db "$TMP/old.db")
	is "$(has "$c" IOL-REDUNDANT)" 0 "a store without the fields: main's reading, REDUNDANT ($c)"
fi
done_testing

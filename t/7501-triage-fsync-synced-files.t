#!/bin/sh
# IOL-FSYNC forgives a first sync only to the written files that sync
# (issue 34, round 51).  r51-ledger: a farm's manager rewrites and
# fsyncs one ledger after each of 300 tasks (FSYNCS 301 on one record)
# while the workers' 300 result files are written and never synced;
# main forgave one sync per written record, so the 300 unsynced files
# cancelled 300 of the ledger's syncs ("0.0 more a record", ok; labelled
# material).  Now the job-row field synced_write_records counts the
# written records with a sync: 1, and FSYNC warns (IO-TIME finds its
# cause).  A checkpoint's one sync a file at close stays forgiven
# (r17-fsync-close: 200 files, one fsync each), the ledger's twin syncing
# once at the end stays ok, and a store from before the field keeps
# main's reading.  The truth is awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
DUMP=$TOP/t/unit/jobrow-dump
D=$TOP/t/data/triage-round51
cnt() { # log: fsyncs, written records, written records with a sync
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" { k = $2 " " $3 }
		$1 == "POSIX" && ($4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS") { f += $5; s[k] += $5 }
		$1 == "POSIX" && $4 == "POSIX_WRITES" && $5 > 0 { w[k] = 1 }
		END { for (k in w) { r++; if (s[k] > 0) y++ }
			printf "%d %d %d\n", f, r, y }'
}
field() { # log name: the job-row field's value
	"$DUMP" "$1" | awk -F'\t' -v k="$2" '$1 == k { print $2 }'
}
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }

f=$D/r51-ledger.darshan
is "$(cnt "$f")" "301 301 1" "r51-ledger: awk: 301 fsyncs, 301 written records, 1 of them synced"
is "$(field "$f" synced_write_records)" 1 "r51-ledger: synced_write_records 1"
is "$(field "$f" posix_write_records)" 301 "r51-ledger: posix_write_records stays 301"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-FSYNC 3)" warn "r51-ledger: FSYNC warn (main: ok)"
col IOL-FSYNC 8 | grep -q "in 301 written records, 1 of them synced .*300.0 more a record (synced again and again)"
ok $? "r51-ledger: the detail counts the one synced record"
is "$(col IOL-IO-TIME 3)" warn "r51-ledger: IO-TIME finds its cause (main: info)"
for r in "$D"/reruns/r51-labels51-ab*-ledger.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-FSYNC 3)" warn "$(basename "$r"): FSYNC warn"
done
for r in "$D"/reruns/r51-labels51-ab*-ledger-end.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-FSYNC 3)" ok "$(basename "$r") (the twin, one sync at the end): FSYNC ok"
done

f=$TOP/t/data/triage-round17/r17-fsync-close.darshan
is "$(cnt "$f")" "200 200 200" "r17-fsync-close: awk: 200 fsyncs, 200 written records, all synced"
is "$(field "$f" synced_write_records)" 200 "r17-fsync-close: synced_write_records 200"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-FSYNC 3)" ok "r17-fsync-close: a checkpoint's one sync a file stays forgiven"
col IOL-FSYNC 8 | grep -q "0.0 more a record"
ok $? "r17-fsync-close: no sync beyond each file's first"

# a store without the field (an older iolens) reads the written records
mkdir "$TMP/logs"
cp "$D/r51-ledger.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r51-ledger"
codes_db() { # store: the job's warn and high codes
	db_codes --db "$1"
}
has() { # words word: 0 when word is among them
	case " $1 " in *" $2 "*) echo 0 ;; *) echo 1 ;; esac
}
c=$(codes_db "$TMP/s.db")
ok "$(has "$c" IOL-FSYNC)" "the store: FSYNC warn ($c)"
ok "$(has "$c" IOL-IO-TIME)" "the store: IO-TIME warn"
cp "$TMP/s.db" "$TMP/old.db"
sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN synced_write_records' 2>/dev/null
if [ $? -ne 0 ]; then
	skip "sqlite3 cannot drop a column"
else
	c=$(codes_db "$TMP/old.db")
	is "$(has "$c" IOL-FSYNC)" 1 "a store without synced_write_records: main's reading, no FSYNC ($c)"
fi
done_testing

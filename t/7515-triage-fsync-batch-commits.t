#!/bin/sh
# IOL-FSYNC: a database's commits of large batches are no sync per
# transaction (issue 34, round 52).  r52-sql-batch: sqlite3, 400,000 rows
# in 20 transactions, 88 fdatasyncs (journal + database a commit) after
# 666 writes and 1.4 MiB each; main staked 1.35 s ("43.0 more a record",
# warn), labelled false: each sync is the batch's durability and its
# time the batch's own flush.  Such syncs (under fsync_per_write_pct
# syncs a write, more bytes each than fsync_call_us flushes at the flush
# pace) are staked at fsync_call_us a sync: below the impact floor.  Its
# reruns get the same verdict.  The truth is awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round52
cnt() { # log: syncs, writes, bytes written
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && ($4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS") { s += $5 }
		$1 == "POSIX" && $4 == "POSIX_WRITES" { w += $5 }
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { b += $5 }
		END { printf "%d %d %d\n", s, w, b }'
}
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }

f=$D/r52-sql-batch.darshan
read -r syncs writes bytes <<EOT
$(cnt "$f")
EOT
is "$syncs" 88 "sql-batch: awk: 88 syncs"
awk -v s="$syncs" -v w="$writes" 'BEGIN { exit !(100 * s / w < 10) }'
ok $? "sql-batch: under 10 syncs per 100 writes ($syncs for $writes)"
awk -v s="$syncs" -v b="$bytes" 'BEGIN { exit !(b / s > 262144) }'
ok $? "sql-batch: over 256 KiB a sync ($bytes B)"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-FSYNC 3)" info "sql-batch: FSYNC below the floor (main: warn, 1.35 s)"
col IOL-FSYNC 8 | grep -q "batches of 666 writes, 1460 KiB, at the job's own"
ok $? "sql-batch: the detail says each sync commits a batch (t/7527: at the job's pace)"
awk -v s="$(col IOL-FSYNC 10)" 'BEGIN { exit !(s < 0.1) }'
ok $? "sql-batch: FSYNC stakes the calls only ($(col IOL-FSYNC 10) s)"
for r in "$D"/reruns/r52-labels52-ab*-sql-batch.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-FSYNC 3)" info "$(basename "$r"): FSYNC below the floor"
done
done_testing

#!/bin/sh
# IOL-FSYNC's batch commits (issue 34, round 52; t/7515) leave every
# round's material sync per write or small transaction found: each of
# those syncs flushes a ledger line, a 4 KiB record or a sqlite
# autocommit's pages, or follows each write.  r6-slow-io is the nearest:
# an fsync every 64 writes (under fsync_per_write_pct), 252 KiB a sync, at
# the job's own 305.6 MiB/s (fsync_call_us flushes 306 KiB): still warn.
# At fsync_call_us = 500 the same syncs flush more than a call's worth:
# they read as batch commits, which shows which keys draw the line.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
for p in round6/r6-slow-io round12/r12-fsync-every round16/r16-fdsync-each \
	round22/r22-sqlite-autocommit round32/r32-ckpt-fsync round39/r39-fsync-each \
	round48/r48-p-fsync-each; do
	f=$TOP/t/data/triage-$p.darshan
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-FSYNC 3)" warn "$(basename "$p"): FSYNC warn (labelled material)"
	col IOL-FSYNC 8 | grep -q "commits a batch"
	is $? 1 "$(basename "$p"): not read as a batch's commits"
done
printf 'fsync_call_us = 500\n' >"$TMP/c.conf"
$RUN triage --all --format tsv --config "$TMP/c.conf" \
	"$TOP/t/data/triage-round6/r6-slow-io.darshan" >"$TMP/t.tsv" 2>/dev/null
col IOL-FSYNC 8 | grep -q "each sync commits a batch (63 writes, 252 KiB a sync"
ok $? "r6-slow-io at fsync_call_us = 500: its syncs read as batch commits"
done_testing

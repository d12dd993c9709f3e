#!/bin/sh
# IOL-FSYNC's own-pace reading of syncs after many writes (issue 34,
# round 52; t/7527) leaves every round's material sync per write or
# small transaction found, and at the pace it had: a sync per write
# flushes one write, its time mostly its own (r39-fsync-each, two syncs a
# 64 KiB write on throttled storage, labelled 1.57 s).  r6-slow-io, an
# fsync every 64 writes like sql-smallcache, keeps the pace of its other
# ranks' records synced once (305.6 MiB/s, "the job's"), which comes
# first.  At fsync_per_write_pct = 300 r39's two syncs a write count as
# syncs after many writes: the job's own pace, fsync_call_us a sync
# (0.51 s, not 2.46), which shows which key draws the line.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
for p in round6/r6-slow-io round16/r16-fdsync-each round22/r22-sqlite-autocommit \
	round39/r39-fsync-each round48/r48-p-fsync-each round51/r51-ledger \
	round54/r54-fsync-each; do
	f=$TOP/t/data/triage-$p.darshan
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-FSYNC 3)" warn "$(basename "$p"): FSYNC warn (labelled material)"
	col IOL-FSYNC 8 | grep -q "at the job's own"
	is $? 1 "$(basename "$p"): not at the job's own write pace"
done
f=$TOP/t/data/triage-round6/r6-slow-io.darshan
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
col IOL-FSYNC 8 | grep -q "flush at 305.6 MiB/s, the job's"
ok $? "r6-slow-io: its once-synced records' pace comes first"
printf 'fsync_per_write_pct = 300\n' >"$TMP/c.conf"
$RUN triage --all --format tsv --config "$TMP/c.conf" \
	"$TOP/t/data/triage-round39/r39-fsync-each.darshan" >"$TMP/t.tsv" 2>/dev/null
col IOL-FSYNC 8 | grep -q "at the job's own"
ok $? "r39-fsync-each at fsync_per_write_pct = 300: the job's own pace"
awk -v s="$(col IOL-FSYNC 10)" 'BEGIN { exit !(s < 0.6) }'
ok $? "r39-fsync-each at fsync_per_write_pct = 300: fsync_call_us a sync ($(col IOL-FSYNC 10) s)"
done_testing

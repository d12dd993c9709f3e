#!/bin/sh
# IOL-FSYNC tells a commit's few syncs from a sync per transaction (issue
# 34, round 5): one commit syncs each file it writes once or twice (a
# rollback journal its body, then its header; the database; the
# directory), so syncs of a written file beyond its first, on average,
# under fsync_commit_syncs (4) are info whatever the syncs per write.
# main warned on r5-sqlite-one (8 fdatasyncs for 23 writes, 3.0 a
# record: one transaction, labelled trivial).  The truth is computed by
# awk from `iolens parse`: the syncs beyond the first of each written
# record, over the written records.
. "$(dirname "$0")/lib.sh"
R5=$TOP/t/data/triage-round5
R4=$TOP/t/data/triage-round4
C=$TOP/t/data/triage-commit
again() { # log: awk's syncs beyond the first a written record
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "POSIX" {
		k = $2 " " $3
		if ($4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS") s += $5
		if ($4 == "POSIX_WRITES" && $5 > 0) w++ }
	END { printf "%.1f\n", w ? (s > w ? s - w : 0) / w : 0 }'
}
sev() { # log [config]: FSYNC's severity
	$RUN triage --all --format tsv ${2:+--config "$2"} "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-FSYNC" { print $3 }'
}
under() { awk -v a="$1" 'BEGIN { exit !(a < 4) }'; }

for f in $R5/r5-sqlite-one.darshan $C/sqlite-one-txn.darshan; do
	a=$(again "$f")
	under "$a"
	ok $? "${f##*/}: awk: $a syncs beyond the first a written record, under 4"
	is "$(sev "$f")" info "${f##*/}: FSYNC info (main: warn)"
done
$RUN triage --all "$R5/r5-sqlite-one.darshan" | tr '\n' ' ' | tr -s ' ' |
	grep -q "3.0 more a record (a commit's few syncs, under fsync_commit_syncs: not a sync per transaction)"
ok $? "r5-sqlite-one: the detail says why"
printf 'fsync_commit_syncs = 0\n' >"$TMP/c"
is "$(sev "$R5/r5-sqlite-one.darshan" "$TMP/c")" warn "fsync_commit_syncs = 0: r5-sqlite-one warns as on main"
printf 'fsync_commit_syncs = -1\n' >"$TMP/bad"
$RUN triage --config "$TMP/bad" "$R5/r5-sqlite-one.darshan" 2>&1 >/dev/null |
	grep -q "fsync_commit_syncs = -1 is out of range"
ok $? "fsync_commit_syncs is range-checked"

# syncs that repeat through the run stay findings
for f in $R5/r5-sqlite-many.darshan $C/sqlite-30-txn.darshan \
	$R4/r4-fsync-journal.darshan $R4/r4-long-journal.darshan; do
	a=$(again "$f")
	under "$a"
	ok $((!$?)) "${f##*/}: awk: $a syncs beyond the first a written record"
	is "$(sev "$f")" warn "${f##*/}: FSYNC warns"
done
is "$(again "$R4/r4-dd-dsync.darshan")" 0.0 "r4-dd-dsync: awk: no sync call"
isnt() { [ "$1" != "$2" ]; ok $? "$3"; }
isnt "$(sev "$R4/r4-dd-dsync.darshan")" warn "r4-dd-dsync: FSYNC does not warn"
if [ -d "$SHARED/corpus" ]; then
	for p in runs/nonmpi/darshan/sqlite3_inserts/root_sqlite3_id16545-16545 \
		population/logs/carol_sqlite3_id723-723 \
		population/logs/carol_sqlite3_id1763-1763; do
		f=$(ls "$SHARED"/corpus/"$p"_*.darshan)
		a=$(again "$f")
		under "$a"
		ok $((!$?)) "${p##*/}: awk: $a syncs beyond the first a written record"
		is "$(sev "$f")" warn "${p##*/}: FSYNC warns (material, rounds 1 and 3)"
	done
else
	skip "../shared is not present" 6
fi
done_testing

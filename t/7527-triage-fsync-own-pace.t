#!/bin/sh
# IOL-FSYNC on a synchronous mount (issue 34, round 52).  r52-sql-smallcache:
# sqlite3 with a 256 KiB page cache on a device mounted -o sync, 32
# fdatasyncs for 4 transactions after 64 writes each; main staked 24.5 s
# of a 26.6 s run (warn) at the assumed 256 MiB/s, labelled false: the
# cost is the cache spill's page writes, each synchronous already (the
# twin with the same syncs spent 11.7 s).  Syncs that each follow many
# writes (under fsync_per_write_pct), where neither the site nor a record
# synced once gives a pace, flush at the job's own write time a byte:
# their time is the bytes' way to the device, not the syncs' own, and
# they are staked at fsync_call_us a sync.  Its reruns and its twin get
# the same.  A site pace (full_rate_mibs) is still the one used.  The
# truth is awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round52
cnt() { # log: syncs, writes, write time
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && ($4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS") { s += $5 }
		$1 == "POSIX" && $4 == "POSIX_WRITES" { w += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_WRITE_TIME" { t += $5 }
		END { printf "%d %d %.3f\n", s, w, t }'
}
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }

f=$D/r52-sql-smallcache.darshan
read -r syncs writes wtime <<EOT
$(cnt "$f")
EOT
is "$syncs" 32 "sql-smallcache: awk: 32 syncs"
awk -v s="$syncs" -v w="$writes" 'BEGIN { exit !(100 * s / w < 10) }'
ok $? "sql-smallcache: under 10 syncs per 100 writes ($syncs for $writes)"
awk -v t="$wtime" 'BEGIN { exit !(t > 20) }'
ok $? "sql-smallcache: $wtime s of write time, syncs included"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-FSYNC 3)" info "sql-smallcache: FSYNC below the floor (main: warn, 24.5 s)"
col IOL-FSYNC 8 | grep -q "batches of 64 writes, 222 KiB, at the job's own 0.2[0-9]* MiB/s"
ok $? "sql-smallcache: the detail gives the job's own pace"
awk -v s="$(col IOL-FSYNC 10)" 'BEGIN { exit !(s < 0.1) }'
ok $? "sql-smallcache: FSYNC stakes the calls only ($(col IOL-FSYNC 10) s)"
for r in "$D"/reruns/r52-labels52-ab*-sql-smallcache.darshan \
	"$D"/reruns/r52-labels52-tw-sql-bigcache.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-FSYNC 3)" info "$(basename "$r"): FSYNC below the floor"
done
# the site's pace comes first: 256 MiB/s flush 256 KiB in fsync_call_us,
# more than a sync's 222 KiB, so the syncs' time is their own again
printf 'full_rate_mibs = 256\n' >"$TMP/c.conf"
$RUN triage --all --format tsv --config "$TMP/c.conf" "$f" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-FSYNC 3)" warn "sql-smallcache at full_rate_mibs = 256: warn"
col IOL-FSYNC 8 | grep -q "at the job's own"
is $? 1 "sql-smallcache at full_rate_mibs = 256: not the job's pace"
done_testing

#!/bin/sh
# The reads of a read-modify-write are no readahead stream (issue 34,
# round 14): a record whose direction switches at least once a read
# (POSIX_RW_SWITCHES >= POSIX_READS, a write after nearly every read)
# waits on each small read, whatever readahead brings, so IOL-SMALL-REQ
# keeps the 4 KiB clause (structural: 5 % of the run) and the reads'
# time at stake.  main at 68f5098 took r14-rmw-4k's reads (32768 reads
# and 32768 writes of 4 KiB, 65535 switches) as read ahead when they
# came slowly from a dropped cache (the labelled run: 0.433 s of reads,
# info "under min_stake_s") and not when they came fast (its 3 reruns:
# warn): the verdict hinged on one run's read speed.  Labelled material
# (the 1 MiB twin saved 0.32-1.19 s in 3 of 3 pairs).  The truth is
# awk's over `iolens parse`: reads, writes, switches.  The twin in
# 1 MiB blocks gets no finding; round 12's sqlite-select (sequential
# page reads, no writes) stays read ahead (t/7366).
. "$(dirname "$0")/lib.sh"
# log: reads writes switches, summed over POSIX records
rw() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "POSIX" {
		if ($4 == "POSIX_READS") r += $5
		if ($4 == "POSIX_WRITES") w += $5
		if ($4 == "POSIX_RW_SWITCHES") s += $5 }
		END { printf "%d %d %d\n", r, w, s }'
}
sev() { # log code: the code's severity
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v c="$2" '$2 == c { print $3 }'
}
D=$TOP/t/data/triage-round14
for L in "$D/r14-rmw-4k.darshan" "$D"/reruns/r14-rmw-4k-ab*.darshan; do
	b=$(basename "$L" .darshan)
	set -- $(rw "$L")
	rmw=$([ "$3" -ge "$1" ] && [ "$1" -gt 0 ] && echo 1 || echo 0)
	is "$rmw $(sev "$L" IOL-SMALL-REQ)" "1 warn" \
		"$b: a read-modify-write (awk: $1 reads, $2 writes, $3 switches): SMALL-REQ warn"
done
$RUN triage --all --format tsv "$D/r14-rmw-4k.darshan" 2>/dev/null |
	awk -F'\t' '$2 == "IOL-SMALL-REQ" { print $8 }' >"$TMP/d"
grep -q "read ahead" "$TMP/d"
ok $((!$?)) "r14-rmw-4k: the detail does not call its reads read ahead"
for L in "$D"/reruns/r14-rmw-1m-ab*.darshan; do
	set -- $(rw "$L")
	is "$(sev "$L" IOL-SMALL-REQ)" ok "$(basename "$L" .darshan): 1 MiB blocks ($1 reads, $3 switches): SMALL-REQ ok"
done
L=$TOP/t/data/triage-round12/r12-sqlite-select.darshan
set -- $(rw "$L")
is "$(sev "$L" IOL-SMALL-REQ)" info "r12-sqlite-select: $1 reads, $2 writes, $3 switches: still read ahead, info"
done_testing

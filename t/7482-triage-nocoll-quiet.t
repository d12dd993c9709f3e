#!/bin/sh
# IOL-NO-COLLECTIVE stays quiet where collective buffering has nothing to
# save (issue 34, round 44): collective jobs, whose small calls are
# already aggregated (r13-coll-il4k's 16384 collective 4 KiB writes,
# r44-restart-coll's read_at_all/write_at_all restart, the collective
# twins of r44-shared-indep), stake nothing; independent contiguous
# 4 MiB blocks (r4-mpiio-large) and HDF5's independent transfers with
# the HDF5 module logged (r6-h5-indep, its collective twin slower) stake
# under the impact floor.  None is a finding, by default or with
# companions = 1.  Every log is in t/data.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
printf 'companions = 1\n' >"$TMP/c.conf"
# log $1: NO-COLLECTIVE's stake at most $2 s, no warn or high either way
quiet() {
	for a in "" "--config $TMP/c.conf"; do
		# shellcheck disable=SC2086
		"$IOLENS" triage --all $a --format tsv "$1" >"$TMP/t.tsv"
		awk -F'\t' -v m="$2" '$2 == "IOL-NO-COLLECTIVE" {
			f = 1; if ($3 == "warn" || $3 == "high" || $10 + 0 > m) bad = 1 }
			END { exit !(f && !bad) }' "$TMP/t.tsv"
		ok $? "$(basename "$1")${a:+ (companions = 1)}: NO-COLLECTIVE no finding, stake <= $2 s ($(awk -F'\t' '$2 == "IOL-NO-COLLECTIVE" { print $3, $10 }' "$TMP/t.tsv"))"
	done
}
quiet "$D/triage-round13/r13-coll-il4k.darshan" 0
quiet "$D/triage-round44/r44-restart-coll.darshan" 0
for f in "$D"/triage-round44/reruns/r44-labels44-ab*-shared-coll.darshan; do
	quiet "$f" 0
done
quiet "$D/triage-round4/r4-mpiio-large.darshan" 0.2
quiet "$D/triage-round6/r6-h5-indep.darshan" 0.1
done_testing

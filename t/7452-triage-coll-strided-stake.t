#!/bin/sh
# IOL-NO-COLLECTIVE stakes the independent small writes collective
# buffering would merge (issue 34, round 31): r31-ckpt-stridi's 4096
# independent 1 KiB writes, interleaved by rank on storage where each
# waits for the device, took 11.2 s a rank in MPI-IO; its collective
# twin 0.25-0.39 s.  The stake was MPI-IO's time beyond POSIX (0.08 s,
# below the floor: the label missed); it is the small writes' time.  On
# a fast disk their bytes' pace keeps it (r26-ckpt-stridi: collective
# saved nothing), and collective writes are no finding.  The job is
# built in memory (t/unit/coll-strided).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
within() { # within <x> <lo> <hi>: lo <= x <= hi
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x >= lo && x <= hi) }'
}
"$TOP/t/unit/coll-strided" >"$TMP/t.tsv"
ok $? "coll-strided: 4096 independent 1 KiB writes, 11 s a rank"
is "$(col IOL-NO-COLLECTIVE 2)" warn "NO-COLLECTIVE is a finding (main: info, 0.28 s)"
within "$(col IOL-NO-COLLECTIVE 3)" 10 11.4
ok $? "its stake is the small writes' time: $(col IOL-NO-COLLECTIVE 3) s of 11.34 s in MPI-IO"
is "$(col IOL-SMALL-REQ 2)" warn "SMALL-REQ still names the cause"
# one cost counted once: IO-TIME's causes are at most its I/O time
within "$(col IOL-IO-TIME 3)" 0 11.34
ok $? "IO-TIME's stake within the I/O time: $(col IOL-IO-TIME 3) s"
"$TOP/t/unit/coll-strided" fast >"$TMP/t.tsv"
ok $? "coll-strided fast: the same writes at 20 us each"
is "$(col IOL-NO-COLLECTIVE 2)" info "on a fast disk: below the impact floor"
within "$(col IOL-NO-COLLECTIVE 3)" 0 0.05
ok $? "its stake is the writes beyond their bytes' pace: $(col IOL-NO-COLLECTIVE 3) s"
"$TOP/t/unit/coll-strided" coll >"$TMP/t.tsv"
ok $? "coll-strided coll: the writes collective"
is "$(col IOL-NO-COLLECTIVE 2)" ok "collective writes: no NO-COLLECTIVE"
done_testing

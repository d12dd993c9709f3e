#!/bin/sh
# IOL-SHARED-SMALL's advice for a job whose MPI-IO calls are all
# collective (issue 34, defect 8: advice that does not fit).  Raising
# cb_buffer_size helps only small requests that lie within the
# collective calls; a job can read another shared file with plain POSIX
# calls, which no MPI-IO hint reaches.  r161-obsrec reads obsall.bin in
# 2097152 reads of 32 B with read(2) and writes obs_qc.bin with
# collective MPI-IO: main told it to raise cb_buffer_size (the
# labeller's note, triage-expert161.md).  r8-coll-cb1's small POSIX
# requests are the aggregators' of its collective calls: the hint fits.
# The facts come from `iolens parse`: which file holds the small reads,
# and which files have MPI-IO records.
. "$(dirname "$0")/lib.sh"
rec() { # log: SHARED-SMALL's recommendation
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-SHARED-SMALL" { print $9 }'
}
L=$TOP/t/data/triage-round161/r161-obsrec.darshan
$RUN parse "$L" >"$TMP/p" 2>/dev/null
small=$(awk -F'\t' '$4 == "POSIX_SIZE_READ_0_100" && $5 > 1000 { print $6 }' "$TMP/p" | sort -u)
mpiio=$(awk -F'\t' '$1 == "MPI-IO" { print $6 }' "$TMP/p" | sort -u)
coll=$(awk -F'\t' '$1 == "MPI-IO" && $4 ~ /^MPIIO_COLL_(READS|WRITES)$/ { s += $5 }
	$1 == "MPI-IO" && $4 ~ /^MPIIO_INDEP_(READS|WRITES)$/ { i += $5 }
	END { print (s > 0 && i == 0) ? "all" : "not" }' "$TMP/p")
is "$small" "/tmp/labels161/run/data/obsall.bin" "r161-obsrec: the small reads are obsall.bin's"
is "$coll" "all" "r161-obsrec: every MPI-IO data call is collective"
ok "$(echo "$mpiio" | grep -qxF "$small" && echo 1 || echo 0)" "r161-obsrec: obsall.bin has no MPI-IO record"
r=$(rec "$L")
ok "$(echo "$r" | grep -q cb_buffer_size && echo 1 || echo 0)" "r161-obsrec: no cb_buffer_size advice for plain POSIX reads ($r)"
ok "$(echo "$r" | grep -q . && echo 0 || echo 1)" "r161-obsrec: SHARED-SMALL still advises"
r=$(rec "$TOP/t/data/triage-round8/r8-coll-cb1.darshan")
ok "$(echo "$r" | grep -q 'raise cb_buffer_size' && echo 0 || echo 1)" "r8-coll-cb1: the aggregators' small requests: cb_buffer_size advised"
done_testing

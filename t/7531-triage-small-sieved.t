#!/bin/sh
# IOL-SMALL-REQ at the MPI-IO layer leaves out the calls data sieving
# served (issue 34, round 55).  r55-dsread: romio_ds_read=enable on a
# sparse read, 32 MPI-IO reads of 512 KiB (64 pieces of 8 KiB each); the
# POSIX layer read 4 MiB at a time, 2.1 GB for 16 MiB of data.  SMALL-REQ
# warned "7.9 s at stake" (labelled false: larger calls would sieve
# more); the cost is the sieving, IOL-REDUNDANT's.  The truth is
# computed by awk from `iolens parse`: the file's POSIX bytes read over
# its MPI-IO bytes, and its POSIX mean read.  Where nothing was sieved
# the rule is unchanged: the twin with romio_ds_read=disable (2048 POSIX
# reads of 8 KiB) and r39-mpiio-coll-64k (collective buffering: POSIX
# moved the calls' bytes) still warn.  IOL-REDUNDANT, which stakes the
# sieving, advises romio_ds_read/_write=disable where calls were sieved.
. "$(dirname "$0")/lib.sh"
col() { tsv_col "$1" "$2" "$3"; }
truth() { # log: the largest POSIX/MPI-IO read-byte ratio of a file, and its POSIX mean read
	$RUN parse "$1" | awk -F'\t' '
	$4 == "MPIIO_BYTES_READ" { m[$3] += $5 }
	$4 == "POSIX_BYTES_READ" { p[$3] += $5 }
	$4 == "POSIX_READS" { r[$3] += $5 }
	END { best = 0; mean = 0
		for (f in m) if (m[f] > 0 && p[f] / m[f] > best) {
			best = p[f] / m[f]; mean = r[f] ? p[f] / r[f] : 0 }
		printf "%.1f %.0f\n", best, mean }'
}
D=$TOP/t/data/triage-round55
L=$D/r55-dsread.darshan
set -- $(truth "$L")
diag "r55-dsread by awk: POSIX read ${1}x the MPI-IO bytes, ${2} B a POSIX read"
ok "$(awk -v r="$1" -v m="$2" 'BEGIN { exit !(r >= 2 && m >= 1048576) }'; echo $?)" \
	"the awk truth: a sieved file (POSIX bytes >= 2x MPI-IO's, reads >= 1 MiB)"
$RUN triage --all --format tsv "$L" >"$TMP/d.tsv" 2>/dev/null
st=$(col "$TMP/d.tsv" IOL-SMALL-REQ 3)
ok "$(case $st in warn | high) echo 1 ;; *) echo 0 ;; esac)" \
	"SMALL-REQ is no finding ($st): the small calls are not the cost"
is "$(col "$TMP/d.tsv" IOL-SMALL-REQ 10)" 0 "its stake is 0"
col "$TMP/d.tsv" IOL-SMALL-REQ 8 | grep -q "data sieving served.*IOL-REDUNDANT's (romio_ds_read/_write=disable, or collective buffering)"
ok $? "its detail names the sieving, the code that tells it and the advice"
is "$(col "$TMP/d.tsv" IOL-REDUNDANT 3)" warn "IOL-REDUNDANT still tells the sieving"
col "$TMP/d.tsv" IOL-REDUNDANT 9 | grep -q "data sieving.*romio_ds_read=disable"
ok $? "and its advice is to disable the sieving, not only to read once"
$RUN triage --format tsv "$L" 2>/dev/null | awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' >"$TMP/codes"
is "$(tr '\n' ' ' <"$TMP/codes")" "IOL-REDUNDANT " "the findings: the sieving alone"
# no sieving: the rule as before
N=$D/reruns/r55-labels55-ab1-dsread-nods.darshan
set -- $(truth "$N")
ok "$(awk -v r="$1" 'BEGIN { exit !(r < 2) }'; echo $?)" \
	"the romio_ds_read=disable twin sieves nothing (${1}x by awk)"
$RUN triage --all --format tsv "$N" >"$TMP/n.tsv" 2>/dev/null
is "$(col "$TMP/n.tsv" IOL-SMALL-REQ 3)" warn "that twin's 2048 reads of 8 KiB: SMALL-REQ warns"
col "$TMP/n.tsv" IOL-SMALL-REQ 8 | grep -q sieving
ok "$((1 - $?))" "and says nothing of sieving"
C=$TOP/t/data/triage-round39/r39-mpiio-coll-64k.darshan
$RUN triage --all --format tsv "$C" >"$TMP/c.tsv" 2>/dev/null
is "$(col "$TMP/c.tsv" IOL-SMALL-REQ 3)" warn "r39-mpiio-coll-64k (collective buffering): SMALL-REQ warns"
col "$TMP/c.tsv" IOL-REDUNDANT 9 | grep -q sieving
ok "$((1 - $?))" "its REDUNDANT advice says nothing of sieving"
done_testing

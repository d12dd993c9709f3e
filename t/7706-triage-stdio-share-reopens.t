#!/bin/sh
# IOL-STDIO-SHARE's "little data, much time" judges STDIO's data calls'
# time, not its fopens' and fcloses' (issue 34, round 128).
# r128-hisreopen: rank 0 reopens the coupler history for each 256-B
# record, 1500 times on a sync mount: STDIO_F_META_TIME 18.98 s of its
# 19.24 s STDIO, 2.2 % of the bytes; labelled STDIO-SHARE false and
# META-BOUND material (moving the data to POSIX opens the file as often).
# Before the fix STDIO-SHARE warned with 18.8 s at stake.  Where STDIO
# carries the bytes the reopens stay its finding: r14-reopen-log and
# r44-hist-reopen (all the bytes, labelled material, same cause as
# META-BOUND).
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
col() {	# col <log> <code> <field>: a field of the rule's tsv row
	$RUN triage --all --format tsv "$1" |
		awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }'
}
f=$D/triage-round128/r128-hisreopen.darshan
s=$(col "$f" IOL-STDIO-SHARE 3)
d=$(col "$f" IOL-STDIO-SHARE 8)
diag "r128-hisreopen STDIO-SHARE: $s: $d"
case $s in warn|high) ok 1 "r128-hisreopen: the reopens are no STDIO finding" ;;
*) ok 0 "r128-hisreopen: the reopens are no STDIO finding" ;; esac
case $d in *"in fopen and fclose, the files' metadata"*)
	ok 0 "r128-hisreopen: the opens' seconds told as metadata" ;;
*) ok 1 "r128-hisreopen: the opens' seconds told as metadata" ;; esac
s=$(col "$f" IOL-META-BOUND 3)
case $s in warn|high) ok 0 "r128-hisreopen: META-BOUND still found" ;;
*) ok 1 "r128-hisreopen: META-BOUND still found" ;; esac
# the whole STDIO time stays at stake where STDIO carries the bytes
# (their data calls alone: 0.033 s and 0.002-0.007 s a rank)
for x in triage-round14/r14-reopen-log:0.2 triage-round44/r44-hist-reopen:1; do
	f=$D/${x%:*}.darshan
	b=$(basename "$f" .darshan)
	k=$(col "$f" IOL-STDIO-SHARE 10)
	diag "$b STDIO-SHARE: $(col "$f" IOL-STDIO-SHARE 3), $k s at stake"
	awk -v k="$k" -v m="${x#*:}" 'BEGIN { exit !(k >= m) }'
	ok $? "$b: STDIO carries the bytes, its opens' time kept (>= ${x#*:} s)"
done
s=$(col "$D/triage-round44/r44-hist-reopen.darshan" IOL-STDIO-SHARE 3)
case $s in warn|high) ok 0 "r44-hist-reopen: still found" ;;
*) ok 1 "r44-hist-reopen: still found" ;; esac
done_testing

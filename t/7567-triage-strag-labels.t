#!/bin/sh
# IOL-STRAGGLER against every label the rounds give it on logs of this
# tree (t/data/triage-expert*.tsv; issue 34, round 68): a log labelled
# false or trivial does not warn, and a material straggler keeps a stake
# (r38-strag-fsync and r5-imbalance warn; r6-slow-io's 0.27 s is under
# the 1 s floor, its cause found by IOL-FSYNC).  Main warned on
# r68-rtm-ooc, a rank late by its computation, in less write time than
# the others: a straggler is staked by its own I/O time (t/7566).
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
cat "$D"/triage-expert*.tsv | awk -F'\t' '$2 == "IOL-STRAGGLER" &&
	$1 ~ /^t\/data\// { print $1 "\t" $3 }' | sort -u >"$TMP/labels"
n=$(wc -l <"$TMP/labels")
test "$n" -ge 20
ok $? "at least 20 STRAGGLER labels on this tree's logs ($n)"
grep -q 'r68-rtm-ooc.darshan	false' "$TMP/labels"
ok $? "r68-rtm-ooc is among them, labelled false"
while IFS='	' read -r f lab; do
	s=$($RUN triage --all --format tsv "$TOP/$f" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-STRAGGLER" { print $3 " " ($10 == "" ? 0 : $10) }')
	set -- $s
	case $lab in
	material)
		awk -v s="${2:-0}" 'BEGIN { exit !(s > 0) }'
		ok $? "$f: material, a stake ($s)" ;;
	*)
		case ${1:-none} in
		warn | high) ok 1 "$f: $lab, not warn ($s)" ;;
		*) ok 0 "$f: $lab, not warn (${1:-none})" ;;
		esac ;;
	esac
done <"$TMP/labels"
done_testing

#!/bin/sh
# The name of a record found from a hint (iol_dlog_name_near, which
# parse --base/--all uses since the hash probe per record was a tenth of
# parse --all) is the name table's, whatever the hint: every id of the
# sample logs' and the many-files bench log's tables (100,005 names in
# the order of its records), and ids they lack (t/unit/name-near).
. "$(dirname "$0")/lib.sh"
skip() { _n=$((_n + 1)); echo "ok $_n # skip $*"; }

logs=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan "$SAMPLES"/nonmpi/darshan/*/*.darshan 2>/dev/null | head -3)
big=$(ls "$SHARED"/bench/many-files/*.darshan 2>/dev/null | head -1)
for log in $logs $big; do
	out=$("$TOP/t/unit/name-near" "$log")
	rc=$?
	case $out in
	*" wrong 0") [ $rc -eq 0 ]; ok $? "$(basename "$log"): ${out%% wrong*} names from any hint" ;;
	*) echo "$out" | sed 's/^/# /'; ok 1 "$(basename "$log"): $out (rc $rc)" ;;
	esac
done
[ -n "$big" ] || skip "no ../shared/bench/many-files (the shared directory beside the repo)"
done_testing

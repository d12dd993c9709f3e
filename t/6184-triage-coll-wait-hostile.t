#!/bin/sh
# The session's new facts on a damaged or hostile log's counters (issue
# 34, review81): mpiio_coll_data_wait (triwait.c, round 88) and the
# re-reads' warm share (trireread.c, round 85) on MPI-IO and POSIX
# records with times NaN, -inf, negative and DBL_MAX, call counts
# INT64_MAX and negative, variances of bytes NaN, inf and negative
# (t/unit/coll-wait-hostile, an in-memory job).  A counter that is no
# time must not make the wait unknown (NaN) nor drop the slowest rank's
# other seconds (its write time NaN: its read and metadata DBL_MAX still
# wait, summed past DBL_MAX to inf; raw, the NaN dropped the record and
# the wait read 0), nor reach a finding's words; under SANITIZE=1
# nothing is undefined.  nprocs 3 and a million.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/coll-wait-hostile
[ -x "$U" ] || skip_all "t/unit/coll-wait-hostile is not built"
for np in 3 1000000; do
	"$U" $np >"$TMP/out" 2>"$TMP/err"
	is "$?:$(grep -c 'runtime error' "$TMP/err")" "0:0" "np $np: facts and triage computed"
	w=$(sed -n 's/^data_wait //p' "$TMP/out")
	case $w in
	*nan* | '' | 0) ok 1 "np $np: the wait is known, not dropped ($w)" ;;
	*) ok 0 "np $np: the wait is known, not dropped ($w)" ;;
	esac
	is "$(tail -n +3 "$TMP/out" | grep -Ewic 'nan|-nan')" 0 "np $np: no NaN in a finding"
	is "$(grep -c '^IOL-IO-TIME	' "$TMP/out")" 1 "np $np: IO-TIME judged"
done
done_testing

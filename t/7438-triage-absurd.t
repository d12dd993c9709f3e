#!/bin/sh
# The triage rules over 300 in-memory jobs whose integer counters are
# absurd (negative, INT64_MAX, INT64_MIN: the loader passes them, real
# 3.1 logs hold POSIX_MMAPS = -4) and whose float counters are finite but
# odd (negative, 0, 9e8 s; a run time of 0 or less): no finding's detail
# says "nan" or "inf" or holds a run of more than 20 digits, and no stake
# is infinite.  It printed 518 such findings: "nan % of the run", "rank
# nan", re-reads of 8.8e21 of 1e9 operations, stakes of 9e22 s from
# small-call shares beyond 1.  t/unit/triage-absurd prints one line a
# finding that does, then "checked N findings".
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/triage-absurd
[ -x "$U" ] || skip_all "t/unit/triage-absurd is not built"
"$U" 300 >"$TMP/out" 2>"$TMP/err"
is "$?" 0 "every finding's detail and stake are figures"
is "$(grep -vc '^checked ' "$TMP/out")" 0 "no finding printed"
sed 3q "$TMP/out" | cut -c1-200 | sed 's/^/# /'
nf=$(sed -n 's/^checked \([0-9]*\) findings$/\1/p' "$TMP/out")
ok "$([ "${nf:-0}" -gt 1000 ] && echo 0 || echo 1)" "the rules found something to check ($nf findings)"
is "$(grep -c 'runtime error' "$TMP/err")" 0 "no undefined behaviour reported"
done_testing

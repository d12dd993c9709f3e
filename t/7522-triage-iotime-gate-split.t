#!/bin/sh
# Issue 34, IOL-IO-TIME's 50 % gate (triage53): the independent labels
# split across it, so moving io_time_pct either way costs more labels
# than it gains.  Over the IO-TIME labels of the round logs in t/data
# (t/data/triage-expert*.tsv), with triage's own reading of each log:
#   raised to 60: the warn/high IO-TIME findings at 50-60 % of the run
#     it would drop hold more material labels than trivial or false ones
#     (at bd6feedf 9 against 5: r38-strag-fsync, r47-awk-fflush ...
#     against r36-openclose-each, r37-pip-install, r52-h5p-ext-big ...);
#   lowered to 40: the logs at 40-50 % whose cause findings (warn or
#     high) hold 2/3 of the I/O time and 1 s would gain findings under
#     0.9 strict precision, lowering the rounds' (3 against 6: r50-ftn-flush,
#     r31-ckpt-stridi, r5-h5-meta against r45-shuffle-tiny,
#     r41-ckpt-fsync-each, r51-py-tiny ...).
# docs/metrics.md ("IO-TIME's rerun flips, one by one").  The checkers
# are shown to fail first: the labels with material and false swapped,
# and every label material.
. "$(dirname "$0")/lib.sh"

cd "$TOP" || exit 1
grep -h '	IOL-IO-TIME	' t/data/triage-expert*.tsv |
	awk -F'\t' '$1 ~ /^t\/data\// && !s[$1]++ { print $1 "\t" $3 }' >"$TMP/labels"
ok $? "IO-TIME labels of the round logs"
# LOG LABEL SEV SHARE IO HELD: HELD the largest cause finding's stake
: >"$TMP/read"
while IFS='	' read -r log label; do
	[ -f "$log" ] || continue
	$RUN triage --all --format tsv "$log" 2>/dev/null | awk -F'\t' -v l="$label" '
		BEGIN { n = split("IOL-SMALL-REQ IOL-SHARED-SMALL IOL-RANDOM " \
			"IOL-META-BOUND IOL-SMALL-FILES IOL-REDUNDANT IOL-FSYNC " \
			"IOL-STDIO-SHARE IOL-RANK0-IO IOL-RANK-IMBALANCE " \
			"IOL-SHARED-IMBALANCE IOL-SHARED-TIME-IMBALANCE " \
			"IOL-STRAGGLER IOL-NO-COLLECTIVE", a, " ")
			for (i = 1; i <= n; i++) cause[a[i]] = 1 }
		$2 == "IOL-IO-TIME" { f = $1; sev = $3; v = $5; io = $10 }
		($2 in cause) && ($3 == "warn" || $3 == "high") && $10 > m { m = $10 }
		END { if (sev != "") printf "%s\t%s\t%s\t%s\t%s\t%s\n", f, l, sev, v, io, m + 0 }' >>"$TMP/read"
done <"$TMP/labels"
diag "$(wc -l <"$TMP/read") labelled logs read"

# gate_split READ: "RAISE-MATERIAL RAISE-OTHER LOWER-MATERIAL LOWER-OTHER"
gate_split() {
	awk -F'\t' '
		{ found = $3 == "warn" || $3 == "high"; m = $2 == "material" }
		found && $4 >= 50 && $4 < 60 { if (m) rm++; else ro++ }
		!found && $4 >= 40 && $4 < 50 && $6 >= $5 * 2 / 3 && $6 >= 1 {
			if (m) lm++; else lo++ }
		END { printf "%d %d %d %d\n", rm, ro, lm, lo }' "$1"
}
set -- $(gate_split "$TMP/read")
diag "gate at 60: drops $1 material, $2 trivial or false; at 40: gains $3 material, $4 trivial or false"
ok $([ "$1" -gt "$2" ] && echo 0 || echo 1) "raised to 60 %, the gate loses more material findings than false ones"
# the gained findings' own strict precision under issue 34's 0.9 lowers
# the rounds' (at acd7b459 3 material against 6; with rounds 63-81, whose
# labellers call IO-TIME at 45-49 % a companion of the cause, 9 against
# 8: still 0.53)
ok $(awk -v m="$3" -v o="$4" 'BEGIN { exit !(m + o > 0 && m / (m + o) < 0.9) }'; echo $?) \
	"lowered to 40 %, the findings it gains are under 0.9 strict precision ($3 of $(($3 + $4)))"

awk -F'\t' 'BEGIN { OFS = "\t" } { $2 = $2 == "material" ? "false" : "material" } 1' \
	"$TMP/read" >"$TMP/swap"
set -- $(gate_split "$TMP/swap")
ok $([ "$1" -gt "$2" ] && echo 1 || echo 0) \
	"the raise's checker fails on the labels swapped"
awk -F'\t' 'BEGIN { OFS = "\t" } { $2 = "material" } 1' "$TMP/read" >"$TMP/allm"
set -- $(gate_split "$TMP/allm")
ok $(awk -v m="$3" -v o="$4" 'BEGIN { exit !(m + o > 0 && m / (m + o) < 0.9) }' && echo 1 || echo 0) \
	"the lowering's checker fails on every label material"

done_testing
